// The new-game screen's expansions (a box each, in app_info's order, with a button to its rules)
// and rule options.
import type { Expansion, JsonValue } from '../bindings';
import { t } from '../i18n/index';
import { openRules } from '../rules/dialog';
import { h, icon } from '../screens/dom';
import { optionChoices } from '../screens/options';
import { app } from '../state';
import type { SetupModel } from './model';

export function expansionToggles(m: SetupModel, changed: () => void): HTMLElement[] {
  return app.info.expansions.map((e) => {
    const cb = h('input', {
      type: 'checkbox',
      testid: `set-${e.id}`,
      checked: m.setup.sets.includes(e.id),
      on: {
        change: () => {
          const on = new Set<Expansion>(m.setup.sets);
          if (cb.checked) on.add(e.id);
          else on.delete(e.id);
          // keep app_info's order
          m.setup.sets = app.info.expansions.map((x) => x.id).filter((id) => on.has(id));
          changed();
        },
      },
    });
    // its rules beside it, in a window over the screen (the setup stays as it is)
    const help = h(
      'button',
      { type: 'button', class: 'icon-btn subtle rules-help', testid: `rules-${e.id}`, attrs: { 'aria-label': t.rulesFor(t.expansionName(e.id)), title: t.rulesFor(t.expansionName(e.id)) }, on: { click: () => openRules(e.id) } },
      icon('book', 20),
    );
    return h(
      'div',
      { class: 'toggle-row' },
      h(
        'label',
        { class: 'toggle', data: { expansion: e.id } },
        cb,
        h('span', { class: 'toggle-text' }, h('strong', {}, t.expansionName(e.id)), h('small', {}, `${t.expansionBlurb(e.id)} · ${t.tilesCount(e.tiles)}`)),
      ),
      help,
    );
  });
}

export function optionControls(m: SetupModel, changed: () => void): HTMLElement[] {
  const opts = m.setup.options as unknown as Record<string, JsonValue>;
  return optionChoices(m.setup.sets, m.setup.options, (key, value) => {
    opts[key] = value;
    changed();
  });
}
