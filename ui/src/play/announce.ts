// A live region that a screen reader reads as things happen (issue 33 item 5): each turn
// another seat plays (where its tile went, what its followers did) and every scoring with its
// points, from the facts of each new view. A view opened fresh (a game loaded, a replay seek)
// says nothing: only what happens after it.
import type { GameView } from '../bindings';
import { t } from '../i18n/index';
import { h } from '../screens/dom';
import { seatName } from './seats';

/** How many messages the region keeps (older ones leave: a screen reader has read them). */
const KEEP = 12;

export interface Announcer {
  readonly el: HTMLElement;
  /** Says what is new in `view` since the last one; `fresh` only takes note. `quiet(seat)`: a seat whose own turns are not told (this device's player). */
  hear(view: GameView, fresh: boolean, quiet?: (seat: number) => boolean): void;
}

/** The words for what happened between two views: turns (from their first new action) and scorings. */
export function newsOf(view: GameView, turnsSeen: number, lastTurnEvents: number, scoresSeen: number, quiet: (seat: number) => boolean): string[] {
  const out: string[] = [];
  const name = (seat: number): string => seatName(view, seat);
  view.turns.forEach((turn, i) => {
    if (i < turnsSeen - 1) return;
    const fromEvent = i === turnsSeen - 1 ? lastTurnEvents : 0;
    if (i >= turnsSeen && !quiet(turn.seat)) out.push(t.turnPlaced(name(turn.seat), turn.at[0], turn.at[1]));
    if (!quiet(turn.seat)) for (const e of turn.events.slice(fromEvent)) out.push(t.turnEvent(e, name));
  });
  for (const line of view.scores.slice(scoresSeen)) out.push(line.entry.winners.length ? t.scoreText(line, line.entry.winners.map(name)) : t.scoreUnclaimed(line));
  return out;
}

export function createAnnouncer(): Announcer {
  const el = h('div', { class: 'sr-only', testid: 'announcer', attrs: { role: 'log', 'aria-live': 'polite', 'aria-label': t.announcements } });
  let turns = 0;
  let events = 0;
  let scores = 0;
  return {
    el,
    hear(view, fresh, quiet = () => false) {
      // a game taken back (undo) or another game: start again from it
      if (!fresh && (view.turns.length < turns || view.scores.length < scores)) fresh = true;
      if (!fresh) {
        for (const text of newsOf(view, turns, events, scores, quiet)) el.appendChild(h('p', { testid: 'announcement' }, text));
        while (el.childElementCount > KEEP) el.firstElementChild?.remove();
      }
      turns = view.turns.length;
      events = view.turns[turns - 1]?.events.length ?? 0;
      scores = view.scores.length;
    },
  };
}
