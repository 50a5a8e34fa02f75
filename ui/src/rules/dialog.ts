// The rules window (issue 33 item 3): the reference over whatever screen is open (a game, its
// end, the new-game screen), so that nothing there is lost. It opens at a rule's paragraph or an
// expansion's section; Escape or Close shut it and the focus goes back where it was.
import { t } from '../i18n/index';
import { button, h } from '../screens/dom';
import { rulesBody } from './view';

let shown: { land(at: string): void } | null = null;

/** The focusable elements of `box`, in order. */
function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>('button, [href], select, input, [tabindex="0"]')].filter((e) => !e.hasAttribute('disabled') && e.offsetParent !== null);
}

/** Opens the rules at `at` (a rule ID or an expansion id); an open window goes there instead. */
export function openRules(at = 'base'): void {
  if (shown) return shown.land(at);
  const back = document.activeElement instanceof HTMLElement || document.activeElement instanceof SVGElement ? document.activeElement : null;
  const body = rulesBody();
  const close = (): void => {
    overlay.remove();
    document.removeEventListener('keydown', onKey, true);
    shown = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  };
  const onKey = (ev: KeyboardEvent): void => {
    if (ev.key === 'Escape') {
      ev.stopPropagation();
      ev.preventDefault();
      close();
    } else if (ev.key === 'Tab') {
      // the focus stays in the window while it is open
      const all = focusables(dialog);
      const first = all[0];
      const last = all[all.length - 1];
      if (!first || !last) return;
      const inside = dialog.contains(document.activeElement);
      if (ev.shiftKey && (document.activeElement === first || !inside)) {
        ev.preventDefault();
        last.focus();
      } else if (!ev.shiftKey && (document.activeElement === last || !inside)) {
        ev.preventDefault();
        first.focus();
      }
    }
  };
  const closeBtn = button('', { class: 'icon-btn', testid: 'rules-close', attrs: { 'aria-label': t.close, title: t.close }, on: { click: close } }, 'close');
  const dialog = h(
    'div',
    { class: 'modal rules-dialog', testid: 'rules-dialog', attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rules-dialog-title' } },
    h('div', { class: 'bag-head rules-dialog-head' }, h('h2', { attrs: { id: 'rules-dialog-title' } }, t.rulesTitle), closeBtn),
    h('div', { class: 'rules-scroll' }, body.el),
  );
  const overlay = h('div', { class: 'modal-overlay', on: { click: (ev) => ev.target === overlay && close() } }, dialog);
  document.body.appendChild(overlay);
  document.addEventListener('keydown', onKey, true);
  shown = body;
  body.land(at);
}
