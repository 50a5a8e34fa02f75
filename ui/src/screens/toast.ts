// Dismissible toasts for every refused command and unexpected error, and a confirm dialog.
import { CommandError } from '../api';
import { Offline, Refused, UndoDropped } from '../lan/client';
import { t } from '../i18n/index';
import { ruleLinks } from '../rules/link';
import { h, icon } from './dom';

function host(): HTMLElement {
  let e = document.getElementById('toasts');
  if (!e) {
    e = h('div', { id: 'toasts', attrs: { 'aria-live': 'assertive', role: 'status' } });
    document.body.appendChild(e);
  }
  return e;
}

export function errorText(e: unknown): string {
  if (e instanceof CommandError) return t.apiError(e.error);
  if (e instanceof Refused) return t.refusal(e.reason);
  if (e instanceof Offline) return t.offline(e.why);
  if (e instanceof UndoDropped) return e.by === null ? t.tableUndoLapsed : t.tableUndoDeclined(e.byName);
  if (e instanceof Error) return t.errorUnexpected(e.message);
  return t.errorUnexpected(String(e));
}

/** Shows `message` in a toast until dismissed (or `ms` later; 0 = stays). */
export function toast(message: string, kind: 'error' | 'info' = 'error', ms = kind === 'error' ? 12000 : 4000): HTMLElement {
  const box = host();
  // the same message twice in a row: keep one
  for (const old of box.querySelectorAll<HTMLElement>('[data-testid="toast"]'))
    if (old.dataset.message === message) old.remove();
  const close = (): void => {
    item.classList.add('leaving');
    setTimeout(() => item.remove(), 200);
  };
  const item = h(
    'div',
    { class: `toast toast-${kind}`, testid: 'toast', data: { message }, attrs: { role: kind === 'error' ? 'alert' : 'status' } },
    // a refusal's rule ID opens its paragraph of the rules
    h('span', { class: 'toast-text' }, ...ruleLinks(message)),
    h('button', { type: 'button', class: 'toast-close', testid: 'toast-dismiss', attrs: { 'aria-label': t.dismiss, title: t.dismiss }, on: { click: close } }, icon('close', 18)),
  );
  box.appendChild(item);
  while (box.children.length > 4) box.firstElementChild?.remove();
  if (ms > 0) setTimeout(close, ms);
  return item;
}

export function showError(e: unknown): void {
  console.warn(e);
  toast(errorText(e), 'error');
}

/** An in-app confirm dialog (window.confirm is not reliable inside the app's webview). */
export function confirmDialog(text: string, okLabel: string, danger = true): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (v: boolean): void => {
      overlay.remove();
      document.removeEventListener('keydown', onKey, true);
      resolve(v);
    };
    const onKey = (ev: KeyboardEvent): void => {
      if (ev.key === 'Escape') {
        ev.stopPropagation();
        done(false);
      }
    };
    const ok = h('button', { type: 'button', class: danger ? 'btn danger' : 'btn primary', testid: 'confirm-ok', on: { click: () => done(true) } }, okLabel);
    const overlay = h(
      'div',
      { class: 'modal-overlay', on: { click: (ev) => ev.target === overlay && done(false) } },
      h(
        'div',
        { class: 'modal', attrs: { role: 'dialog', 'aria-modal': 'true' } },
        h('p', {}, text),
        h('div', { class: 'modal-buttons' }, h('button', { type: 'button', class: 'btn', testid: 'confirm-cancel', on: { click: () => done(false) } }, t.cancel), ok),
      ),
    );
    document.body.appendChild(overlay);
    document.addEventListener('keydown', onKey, true);
    ok.focus();
  });
}
