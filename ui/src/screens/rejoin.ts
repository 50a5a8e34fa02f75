// "Rejoin the table": the LAN tables this app joined and has not finished with, kept in its
// store across restarts (crates/api `lan_kept_link`). Rejoining takes the seat back with its
// token; the app still holds what the host showed of the draw then, for the check at the end.
import { call } from '../api';
import type { KeptLink } from '../bindings';
import { t } from '../i18n/index';
import { button, h } from './dom';
import { go } from './nav';
import { confirmDialog, showError } from './toast';

function card(k: KeptLink, refresh: () => void): HTMLElement {
  const rejoin = (): void => go({ name: 'table', room: k.room, admin: null, address: k.address, rejoin: { token: k.token, name: k.name } });
  const forget = async (): Promise<void> => {
    if (!(await confirmDialog(t.rejoinForgetAsk(k.room), t.rejoinForget))) return;
    try {
      await call('lan_forget_link', { address: k.address, room: k.room });
      refresh();
    } catch (e) {
      showError(e);
    }
  };
  return h(
    'section',
    { class: 'card rejoin', testid: 'rejoin-card', data: { room: k.room } },
    h('h2', {}, t.rejoinTitle),
    h('p', { class: 'rejoin-where' }, k.seat !== null ? t.rejoinSeat(k.room, k.address, k.name) : t.rejoinWatch(k.room, k.address)),
    h('p', { class: 'muted' }, t.rejoinHelp),
    h(
      'div',
      { class: 'row-buttons' },
      button(t.rejoin, { class: 'btn primary', testid: 'rejoin', on: { click: rejoin } }, 'play'),
      button(t.rejoinForget, { class: 'btn', testid: 'rejoin-forget', on: { click: () => void forget() } }, 'close'),
    ),
  );
}

/** A place (on Home, on the LAN screen) that fills with a card per kept table. */
export function rejoinCards(): HTMLElement {
  const slot = h('div', { class: 'rejoin-slot', testid: 'rejoin-slot' });
  const load = async (): Promise<void> => {
    try {
      const kept = await call('lan_kept_link');
      slot.replaceChildren(...kept.map((k) => card(k, () => void load())));
      slot.dataset.ready = 'true';
    } catch (e) {
      showError(e);
    }
  };
  void load();
  return slot;
}
