// The keyboard's help (issue 33, item 6): every key of the board screen and what it does, in
// a window opened by the ? key or the board's keyboard button; Escape, ? or Close shut it.
import { t } from '../i18n/index';
import { button, h } from '../screens/dom';

let openHelp: (() => void) | null = null;

/** Opens the help (or closes it when it is open). */
export function toggleKeyHelp(): void {
  if (openHelp) return openHelp();
  const back = document.activeElement instanceof HTMLElement || document.activeElement instanceof SVGElement ? document.activeElement : null;
  const close = (): void => {
    overlay.remove();
    document.removeEventListener('keydown', onKey, true);
    openHelp = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  };
  const onKey = (ev: KeyboardEvent): void => {
    if (ev.key !== 'Escape' && ev.key !== '?') return;
    ev.stopPropagation();
    ev.preventDefault();
    close();
  };
  const closeBtn = button('', { class: 'icon-btn', testid: 'keys-close', attrs: { 'aria-label': t.close, title: t.close }, on: { click: close } }, 'close');
  const rows = t.keysList.map(([keys, what]) =>
    h('tr', { testid: 'keys-row' }, h('th', { attrs: { scope: 'row' } }, ...keys.split(' / ').flatMap((k, i) => [i ? ' / ' : null, h('kbd', {}, k)])), h('td', {}, what)),
  );
  const overlay = h(
    'div',
    { class: 'modal-overlay', on: { click: (ev) => ev.target === overlay && close() } },
    h(
      'div',
      { class: 'modal keys-dialog', testid: 'keys-help', attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'keys-help-title' } },
      h('div', { class: 'bag-head' }, h('h2', { attrs: { id: 'keys-help-title' } }, t.keysTitle), closeBtn),
      h('p', { class: 'note' }, t.keysNote),
      h('table', { class: 'keys-table' }, h('thead', {}, h('tr', {}, h('th', { attrs: { scope: 'col' } }, t.keysKey), h('th', { attrs: { scope: 'col' } }, t.keysAction))), h('tbody', {}, ...rows)),
    ),
  );
  document.body.appendChild(overlay);
  document.addEventListener('keydown', onKey, true);
  openHelp = close;
  closeBtn.focus();
}

/** The board's button that opens the help (beside the zoom buttons). */
export function keyHelpButton(): HTMLButtonElement {
  return button('', { class: 'icon-btn keys-toggle', testid: 'keys-open', attrs: { 'aria-label': t.keysOpen, title: t.keysOpen, 'aria-keyshortcuts': '?' }, on: { click: toggleKeyHelp } }, 'keyboard');
}
