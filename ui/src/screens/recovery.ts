// Home's notice after the store could not be opened as it was: what was kept, what could not
// be read, where the damaged file is (set aside untouched). Shown until the player dismisses it.
import { call } from '../api';
import type { Recovery } from '../bindings';
import { t } from '../i18n/index';
import { button, h } from './dom';
import { showError } from './toast';

function notice(r: Recovery, dismiss: () => void): HTMLElement {
  return h(
    'section',
    { class: 'card recovery', testid: 'recovery', attrs: { role: 'alert' }, data: { profiles: r.profiles, games: r.games, partial: r.partial_games, lost: r.lost_games } },
    h('h2', {}, t.recoveryTitle),
    h('p', {}, t.recoveryKept(r.profiles, r.games, r.partial_games)),
    ...(r.lost_games ? [h('p', {}, t.recoveryLost(r.lost_games))] : []),
    h('p', { class: 'note recovery-path' }, t.recoveryKeptAt(r.kept_at)),
    button(t.recoveryDismiss, { class: 'btn', testid: 'recovery-dismiss', on: { click: dismiss } }, 'confirm'),
  );
}

/** A place on Home that fills with the notice when there is one. */
export function recoveryNotice(): HTMLElement {
  const slot = h('div', { class: 'recovery-slot' });
  void (async () => {
    try {
      const r = await call('store_recovery');
      if (!r) return;
      const dismiss = async (): Promise<void> => {
        try {
          await call('dismiss_recovery');
          slot.replaceChildren();
        } catch (e) {
          showError(e);
        }
      };
      slot.replaceChildren(notice(r, () => void dismiss()));
    } catch (e) {
      showError(e);
    }
  })();
  return slot;
}
