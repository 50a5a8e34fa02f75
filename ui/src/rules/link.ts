// Rule IDs in a sentence made into buttons (issue 33 item 3): a score line's "(R-BASE-7)" opens
// the rules at that paragraph, over the screen it is on. The sentence itself stays i18n's.
import { t } from '../i18n/index';
import { h, type Child } from '../screens/dom';
import { openRules } from './dialog';
import { hasRule } from './sections';

/** What a rule link does when pressed: by default, opens the rules window (dialog.ts). */
type Open = (rule: string) => void;

const defaultOpen: Open = (rule) => openRules(rule);

/** A rule ID as a button that opens its paragraph. */
export function ruleLink(rule: string, open: Open = defaultOpen): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'rule-link',
      testid: 'rule-link',
      data: { rule },
      attrs: { 'aria-label': t.ruleLink(rule), title: t.ruleLink(rule) },
      on: {
        click: (ev) => {
          // a turn of the log or a line of the end screen does nothing more
          ev.stopPropagation();
          open(rule);
        },
      },
    },
    rule,
  );
}

/** `text` with every rule ID the reference explains made into a link; the rest as it is. */
export function ruleLinks(text: string, open: Open = defaultOpen): Child[] {
  const out: Child[] = [];
  let last = 0;
  // the ID with the marks that hold it, "(R-BASE-7)", is never split across two lines
  for (const m of text.matchAll(/(\S*?)(R-[A-Z]+-\d+)(\S*)/g)) {
    const [whole, before = '', rule = '', after = ''] = m;
    if (!hasRule(rule)) continue;
    out.push(text.slice(last, m.index), h('span', { class: 'rule-ref' }, before, ruleLink(rule, open), after));
    last = m.index + whole.length;
  }
  out.push(text.slice(last));
  return out.filter((c) => c !== '');
}
