// Which sounds a change of the table calls for: a pure function of the view before and after,
// so that the board screen, a LAN table and the tests agree on when a sound plays.
import type { GameView } from '../bindings';

export type Cue =
  /** A person at this device is to place a tile. */
  | { kind: 'turn' }
  /** A tile went onto the board (anyone's). */
  | { kind: 'placed' }
  /** A scoring that gave points; the pitch rises with them. */
  | { kind: 'score'; points: number }
  /** The game is over. */
  | { kind: 'end' };

/** At most this many score sounds for one change (a final scoring has dozens of lines). */
const MAX_SCORE_CUES = 3;

/**
 * The cues between two views of one game. `prev` is null when a game is opened: nothing
 * sounds then. `local(seat)`: whether that seat is a person at this device.
 */
export function cuesFor(prev: GameView | null, next: GameView, local: (seat: number) => boolean): Cue[] {
  if (!prev || prev.id !== next.id || next.state <= prev.state) return [];
  const cues: Cue[] = [];
  if (next.tiles.length > prev.tiles.length) cues.push({ kind: 'placed' });
  const scored = next.scores
    .slice(prev.scores.length)
    .filter((line) => line.entry.winners.length > 0 && line.entry.points > 0)
    .map((line) => line.entry.points)
    .sort((a, b) => b - a)
    .slice(0, MAX_SCORE_CUES);
  for (const points of scored) cues.push({ kind: 'score', points });
  if (next.over && !prev.over) cues.push({ kind: 'end' });
  const turn = next.pending?.decision;
  const before = prev.pending?.decision;
  const newTurn = turn?.kind === 'place_tile' && !(before?.kind === 'place_tile' && before.seat === turn.seat);
  if (!next.over && turn && newTurn && local(turn.seat)) cues.push({ kind: 'turn' });
  return cues;
}
