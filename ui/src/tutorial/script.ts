// The tutorial's script as the board screen reads it, without the DOM: which turn the game
// is at (the tiles placed), the learner's step, and whether a move is the script's. The
// script itself is the API's (crates/api/src/tutorial.rs); the API refuses any other move
// too, this only says why before anything is sent.
import type { Action, ChoiceOption, GameView, Hint, Pos, TutorialTurn } from '../bindings';
import { sameAction } from '../board/labels';

/** Why a move is not the script's (each has its sentence in i18n). */
export type Refusal = 'cell' | 'rotation' | 'follower' | 'no_follower';

/** The script's turn the game is at: the tiles placed besides the start tile. */
export function turnIndex(view: Pick<GameView, 'tiles'>): number {
  return Math.max(0, view.tiles.length - 1);
}

/** The learner's steps (their turns), in order. */
export function steps(turns: TutorialTurn[]): TutorialTurn[] {
  return turns.filter((t) => t.topic !== null);
}

/** The learner's step at script turn `index` (0-based): the learner's turn now or next. */
export function stepAt(turns: TutorialTurn[], index: number): number {
  return turns.slice(0, index).filter((t) => t.topic !== null).length;
}

const samePos = (a: Pos, b: Pos): boolean => a[0] === b[0] && a[1] === b[1];

/** Whether the learner may put the tile on `at` now. */
export function cellRefusal(turn: TutorialTurn | undefined, at: Pos): Refusal | null {
  return turn && !samePos(turn.at, at) ? 'cell' : null;
}

/** Why the learner's whole turn (a placement, then a follower or none) is not the script's. */
export function turnRefusal(turn: TutorialTurn | undefined, actions: Action[]): Refusal | null {
  if (!turn) return null;
  const [place, follower] = actions;
  if (place?.type === 'place') {
    if (!samePos(place.at, turn.at)) return 'cell';
    if (!turn.rotations.includes(place.rotation)) return 'rotation';
  }
  if (follower && !sameAction(follower, turn.follower)) return turn.follower.type === 'pass' ? 'no_follower' : 'follower';
  return null;
}

/** The script's turn as a hint: the tile's ghost in its cell, turned, and the follower's spot
 * (`choices`: what the board offers after that placement). */
export function scriptHint(turn: TutorialTurn, choices: ChoiceOption[]): Hint {
  const rotation = turn.rotations[0] ?? 0;
  const place: Action = { type: 'place', at: turn.at, rotation };
  return {
    actions: [place, turn.follower],
    placement: { at: turn.at, rotation },
    choice: choices.find((c) => sameAction(c.action, turn.follower)) ?? null,
    reasons: [],
    value: 0,
  };
}
