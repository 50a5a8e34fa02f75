// Where a game screen's table comes from and where its moves go: the app's API for a game on
// this device (pass-and-play, bots run by the UI), or a LAN host (one seat per device).
import { call } from '../api';
import type { Action, ChoiceOption, GameView, Hint, Pos } from '../bindings';
import { go } from './nav';

export interface GameSource {
  /** Whether this device decides for `seat` (every human seat on pass-and-play). */
  mine(seat: number): boolean;
  /** Whether several people share this device (turn banners say "pass the device"). */
  readonly passAndPlay: boolean;
  /** The table as it is now. */
  refresh(): Promise<GameView>;
  /** Plays `action` for `seat`, decided on the view stamped `state`; resolves to the table after it. */
  play(seat: number, state: number, action: Action): Promise<GameView>;
  /** The follower choices after a tentative placement (nothing is played). */
  preview(state: number, at: Pos, rotation: number): Promise<ChoiceOption[]>;
  /** Plays the pending bot's move (absent when the other side runs its bots). */
  botMove?(): Promise<GameView>;
  /** Takes back the last turn a person played, on the view stamped `state` (at a LAN table:
   * asks the table, and resolves once every other person accepted). */
  undo?(state: number): Promise<GameView>;
  /** Whether `view`'s last turn may be taken back from this device (absent: pass-and-play's
   * rule, the device's undo setting and any turn a person played). */
  mayUndo?(view: GameView): boolean;
  /** The greedy bot's suggestions (absent where no bot runs on this device). */
  hint?(): Promise<Hint>;
  /** Tables pushed by the other side (moves of other devices); returns the unsubscribe. */
  subscribe?(onView: (v: GameView) => void): () => void;
  /** A tutorial's script: whether putting the tile on `at` is refused (the source says why). */
  refuseCell?(view: GameView, at: Pos): boolean;
  /** A tutorial's script: whether a whole turn (the placement, then a follower or a pass) is
   * refused before any of it is played (the source says why). */
  refuseTurn?(view: GameView, actions: Action[]): boolean;
  /** The back button. */
  leave(): void;
  /** The game is over: show the results. */
  finished(v: GameView): void;
}

/** A game on this device, through the app's API. */
export function localSource(id: number): GameSource {
  return {
    mine: () => true,
    passAndPlay: true,
    refresh: () => call('game_view', { game: id }),
    play: async (seat, state, action) => (await call('play', { game: id, seat, state, action })).view,
    preview: async (state, at, rotation) => (await call('preview', { game: id, state, at, rotation })).choices,
    botMove: async () => (await call('bot_move', { game: id })).view,
    hint: () => call('hint', { game: id }),
    undo: (state) => call('undo_turn', { game: id, state }),
    leave: () => go({ name: 'home' }),
    finished: (view) => go({ name: 'end', view }),
  };
}
