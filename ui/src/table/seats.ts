// Who plays the seats of a LAN table: each bot's level (the host picks it, as for
// pass-and-play), and reseating — a spectator asks for a free seat or a bot's, the host's
// page accepts or refuses, and the seat's token moves to the asker.
import { BOT_LEVELS, type LanBotLevel, type LanSeatView } from '../bindings';
import { t } from '../i18n/index';
import type { LanClient } from '../lan/client';
import { button, h } from '../screens/dom';
import { tableSeatName } from './undo';

/** A bot's level in words. */
export function levelName(level: LanBotLevel): string {
  return t.botName(level, level);
}

/** A select of the bots' levels; `pick` gets the one chosen. */
export function levelSelect(current: LanBotLevel, label: string, testid: string, pick: (level: LanBotLevel) => void): HTMLElement {
  return h(
    'select',
    { testid, attrs: { 'aria-label': label }, on: { change: (e) => pick((e.target as HTMLSelectElement).value as LanBotLevel) } },
    ...BOT_LEVELS.map((l) => h('option', { value: l, selected: l === current }, levelName(l))),
  );
}

/** Whether this device may ask for `s` now: it watches, asks for nothing yet, and the seat is free or a bot's. */
export function mayAskFor(c: LanClient, s: LanSeatView): boolean {
  return c.you?.role === 'spectator' && c.askedSeat === null && c.phase !== 'over' && s.kind !== 'human';
}

/** The button a spectator asks for a seat with. */
export function askButton(c: LanClient, seat: number, testid: string): HTMLElement {
  return button(t.tableAskSeat(tableSeatName(c, seat)), { class: 'btn small', testid, data: { seat: String(seat) }, on: { click: () => c.askSeat(seat) } });
}

export interface SeatPrompt {
  readonly el: HTMLElement;
  render(): void;
}

/** The requests standing: the host's page answers each; the asker sees that it waits. */
export function createSeatPrompt(client: () => LanClient | null, admin: string | null): SeatPrompt {
  const el = h('div', { class: 'seat-asks', testid: 'seat-asks', hidden: true, attrs: { role: 'status', 'aria-live': 'polite' } });
  return {
    el,
    render() {
      const c = client();
      if (!c) return;
      const rows: HTMLElement[] = [];
      if (admin) {
        for (const ask of c.seatAsks) {
          const answer = (accept: boolean): void => c.admin(admin, { command: 'answer_seat', id: ask.id, accept });
          rows.push(
            h(
              'p',
              { class: 'seat-ask', testid: 'seat-ask', data: { seat: String(ask.seat) } },
              t.tableSeatAsked(ask.name, tableSeatName(c, ask.seat)),
              ' ',
              button(t.tableSeatAccept, { class: 'btn small primary', testid: 'seat-ask-accept', on: { click: () => answer(true) } }),
              button(t.tableSeatRefuse, { class: 'btn small', testid: 'seat-ask-refuse', on: { click: () => answer(false) } }),
            ),
          );
        }
      }
      if (c.askedSeat !== null && c.you?.role === 'spectator') {
        rows.push(h('p', { testid: 'seat-asked-mine' }, t.tableSeatWaiting(tableSeatName(c, c.askedSeat))));
      } else if (c.phase === 'playing' && c.lobby) {
        // mid-game, a spectator may ask for a bot's seat
        const lobby = c.lobby;
        const asks = lobby.seats.map((s, i) => (mayAskFor(c, s) ? askButton(c, i, 'ask-seat-bar') : null)).filter((b): b is HTMLElement => b !== null);
        if (asks.length) rows.push(h('p', { class: 'seat-ask-bar' }, ...asks));
      }
      el.replaceChildren(...rows);
      el.hidden = rows.length === 0;
    },
  };
}
