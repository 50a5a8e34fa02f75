// A seat's colour and name as the board screen shows them ('?' and grey for a seat unknown).
import type { GameView } from '../bindings';
import { shownName } from '../i18n/index';

export const NO_SEAT_COLOUR = '#888';

export function seatColour(view: GameView, seat: number | undefined | null): string {
  return seat === undefined || seat === null ? NO_SEAT_COLOUR : (view.seats[seat]?.colour ?? NO_SEAT_COLOUR);
}

export function seatName(view: GameView, seat: number): string {
  const s = view.seats[seat];
  return s ? shownName(s) : '?';
}
