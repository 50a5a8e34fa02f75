// The turn's state machine of a board screen, without the DOM: the table shown, the tentative
// placement and its rotations, the follower preview (answers to older requests are ignored),
// the selected choice, hints, bots scheduled on a timer, pass-and-play banners and the end.
// The screen draws from this state and listens to its changes; tests drive it with a fake
// source and clock.
import type { Action, ChoiceOption, FollowerKind, GameView, Hint, PendingView, Pos } from '../bindings';
import { actionKind, sameAction } from '../board/labels';
import type { GameSource } from '../screens/source';

export interface Tentative {
  at: Pos;
  rotation: number;
  rotations: number[];
}

/** What a screen shows of the pending decision. */
export type Mode = 'over' | 'none' | 'bot' | 'wait' | 'tentative' | 'place' | 'choose';

/** What changed, for the views. */
export type Change =
  /** A new table: draw it all. `newState`: the turn's own state was reset with it. */
  | { type: 'view'; fresh: boolean; newState: boolean }
  /** The turn's own state (tentative tile, preview, selection, hints, busy). */
  | { type: 'decision' }
  /** Only whether a move is on its way. */
  | { type: 'busy' }
  /** Pass-and-play: tell the device's holder whose turn it is, or to pass the device on. */
  | { type: 'banner'; seat: number; turn: boolean }
  /** The tentative tile went to `at` (keep it in sight). */
  | { type: 'moved'; at: Pos }
  /** The follower choices of the tentative tile arrived (the tray may have grown). */
  | { type: 'previewed' };

/** What the controller needs from its surroundings (a window's timers, the settings, toasts). */
export interface ControllerEnv {
  setTimer(fn: () => void, ms: number): number;
  clearTimer(id: number): void;
  /** How long a bot waits before it plays (a setting). */
  botDelayMs(): number;
  /** How long the finished board shows before the results. */
  endDelayMs(): number;
  /** Shows an error to the player. */
  error(e: unknown): void;
  /** A refused move was followed by a fresh read of the table. */
  resynced(e: unknown): void;
  /** Whether a confirmed turn may be taken back (a setting). */
  undoAllowed(): boolean;
}

/** After this many failed bot moves in a row the screen offers a retry instead. */
export const BOT_RETRIES = 3;

export class GameController {
  view: GameView;
  tentative: Tentative | null = null;
  /** The rotation the hand shows while no tile is tentative. */
  handRotation = 0;
  preview: ChoiceOption[] | null = null;
  selected: ChoiceOption | null = null;
  kind: FollowerKind = 'meeple';
  busy = false;
  /** The hint asked for this decision (the whole turn), if any. */
  hint: Hint | null = null;
  botErrors = 0;
  /** The seat whose turn it is (the last to draw a tile). */
  turnSeat: number | null = null;

  private lastHumanSeat: number | null = null;
  private previewToken = 0;
  private hintToken = 0;
  /** The follower decision of a hint being put on the board: chosen once its preview arrives. */
  private hintPick: Action | null = null;
  /** A table pushed while a move was on its way. */
  private pushed: GameView | null = null;
  private disposed = false;
  private botTimer = 0;
  private endTimer = 0;
  private listeners: ((c: Change) => void)[] = [];
  private unsubscribe: (() => void) | undefined;

  constructor(
    view: GameView,
    readonly source: GameSource,
    private readonly env: ControllerEnv,
  ) {
    this.view = view;
  }

  /** Shows the first table and listens to the source's pushed tables. */
  start(): void {
    this.applyView(this.view, true);
    this.unsubscribe = this.source.subscribe?.((v) => {
      if (this.disposed) return;
      if (this.busy) this.pushed = v;
      else this.applyView(v);
    });
  }

  onChange(fn: (c: Change) => void): void {
    this.listeners.push(fn);
  }

  dispose(): void {
    this.disposed = true;
    this.env.clearTimer(this.botTimer);
    this.env.clearTimer(this.endTimer);
    this.unsubscribe?.();
    this.listeners = [];
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  // ------------------------------------------------------------------ reading the state

  get pending(): PendingView | null {
    return this.view.pending;
  }

  /** The pending decision when a person at this device makes it. */
  humanPending(): PendingView | null {
    const p = this.view.pending;
    return p && !p.by_bot && !this.view.over && this.source.mine(p.decision.seat) ? p : null;
  }

  /** People at this device (banners ask to pass it only when several share it). */
  humans(): number {
    return this.source.passAndPlay ? this.view.seats.filter((s) => s.bot === null).length : 1;
  }

  mode(): Mode {
    const p = this.pending;
    if (this.view.over) return 'over';
    if (!p) return 'none';
    if (p.by_bot) return 'bot';
    const hp = this.humanPending();
    if (!hp) return 'wait';
    if (!p.placements.length) return 'choose';
    return this.tentative ? 'tentative' : 'place';
  }

  /** The tile in the player's hand (or the one a bot or another device is placing). */
  tileId(): string | null {
    return this.humanPending()?.tile ?? this.pending?.tile ?? null;
  }

  /** Whether the player can place, turn or take back now. */
  canPlace(): boolean {
    const hp = this.humanPending();
    return !!hp && hp.placements.length > 0 && !this.busy;
  }

  /** Rotations legal somewhere on the board (the hand cycles through these only). */
  handRotations(): number[] {
    const all = new Set<number>();
    for (const p of this.humanPending()?.placements ?? []) for (const r of p.rotations) all.add(r);
    return [...all].sort();
  }

  /** The hand's rotation if legal among `rotations`, else the next legal one. */
  pickRotation(rotations: number[]): number {
    if (rotations.includes(this.handRotation)) return this.handRotation;
    return rotations.find((r) => r > this.handRotation) ?? rotations[0] ?? 0;
  }

  /** The follower kind shown among `kinds` (the last chosen, if still offered). */
  effectiveKind(kinds: FollowerKind[]): FollowerKind {
    if (!kinds.includes(this.kind)) this.kind = kinds[0] ?? 'meeple';
    return this.kind;
  }

  isSelected(c: ChoiceOption): boolean {
    return this.selected !== null && sameAction(this.selected.action, c.action);
  }

  isHinted(c: ChoiceOption): boolean {
    return this.hint?.actions.some((a) => sameAction(a, c.action)) ?? false;
  }

  /** Whether the bot's moves failed often enough that the player is asked to retry. */
  botStuck(): boolean {
    return !!this.pending?.by_bot && this.botErrors >= BOT_RETRIES;
  }

  // ------------------------------------------------------------------ new tables

  /** Takes a table from the source (an answer or a push) and tells the views. */
  applyView(next: GameView, fresh = false): void {
    // a table pushed while a move was on its way may be newer than the move's answer
    const v = this.pushed && this.pushed.state > next.state ? this.pushed : next;
    this.pushed = null;
    const newState = v.state !== this.view.state || fresh;
    this.view = v;
    if (newState) this.resetTurn();
    const p = v.pending;
    if (p?.decision.kind === 'place_tile') this.turnSeat = p.decision.seat;
    else if (fresh && p) this.turnSeat = p.decision.seat;
    const hp = this.humanPending();
    if (hp && hp.placements.length) {
      const rs = this.handRotations();
      if (!rs.includes(this.handRotation)) this.handRotation = rs[0] ?? 0;
    }
    this.emit({ type: 'view', fresh, newState });
    if (hp) {
      if (this.humans() > 1 && hp.decision.seat !== this.lastHumanSeat)
        this.emit({ type: 'banner', seat: hp.decision.seat, turn: hp.decision.kind === 'place_tile' || this.turnSeat === hp.decision.seat });
      this.lastHumanSeat = hp.decision.seat;
    }
    if (v.over) {
      this.env.clearTimer(this.endTimer);
      this.endTimer = this.env.setTimer(() => !this.disposed && this.source.finished(this.view), this.env.endDelayMs());
    } else this.scheduleBot();
  }

  private resetTurn(): void {
    this.tentative = null;
    this.preview = null;
    this.selected = null;
    this.hint = null;
    this.hintPick = null;
    this.previewToken++;
    this.hintToken++;
  }

  /** Reads the table again (after a refused move or a failed request). */
  async resync(): Promise<void> {
    try {
      const v = await this.source.refresh();
      if (this.disposed) return;
      this.applyView(v, false);
    } catch (e) {
      this.env.error(e);
    }
  }

  // ------------------------------------------------------------------ bots

  scheduleBot(): void {
    this.env.clearTimer(this.botTimer);
    if (this.disposed || this.view.over || !this.view.pending?.by_bot || !this.source.botMove || this.botErrors >= BOT_RETRIES) return;
    this.botTimer = this.env.setTimer(() => void this.runBot(), Math.max(0, this.env.botDelayMs()));
  }

  /** After repeated failures: the player asks the bot to try again. */
  retryBot(): void {
    this.botErrors = 0;
    this.emit({ type: 'decision' });
    this.scheduleBot();
  }

  private async runBot(): Promise<void> {
    const botMove = this.source.botMove;
    if (this.disposed || this.busy || !this.view.pending?.by_bot || !botMove) return;
    this.setBusy(true, 'busy');
    try {
      const v = await botMove.call(this.source);
      if (this.disposed) return;
      this.botErrors = 0;
      this.busy = false;
      this.applyView(v);
    } catch (e) {
      this.busy = false;
      if (this.disposed) return;
      this.botErrors++;
      this.env.error(e);
      await this.resync();
    } finally {
      this.busy = false;
      if (!this.disposed) this.emit({ type: 'busy' });
    }
  }

  // ------------------------------------------------------------------ the player's moves

  /** Puts the tile, tentatively, on the legal cell `at` (at `rotation` if legal there). */
  pickCell(at: Pos, rotation?: number): void {
    const hp = this.humanPending();
    if (this.busy || !hp) return;
    const opt = hp.placements.find((p) => p.at[0] === at[0] && p.at[1] === at[1]);
    if (!opt || this.source.refuseCell?.(this.view, at)) return;
    const r = rotation !== undefined && opt.rotations.includes(rotation) ? rotation : this.pickRotation(opt.rotations);
    const t = this.tentative;
    const same = t && t.at[0] === at[0] && t.at[1] === at[1] && t.rotation === r;
    this.tentative = { at, rotation: r, rotations: opt.rotations };
    this.handRotation = r;
    if (!same) this.requestPreview();
    this.emit({ type: 'decision' });
    this.emit({ type: 'moved', at });
  }

  /** Turns the tentative tile (or the hand) to its next legal rotation. */
  rotate(): void {
    const hp = this.humanPending();
    if (this.busy || !hp || !hp.placements.length) return;
    if (this.tentative) {
      const rs = this.tentative.rotations;
      if (rs.length < 2) return;
      const i = rs.indexOf(this.tentative.rotation);
      this.tentative = { ...this.tentative, rotation: rs[(i + 1) % rs.length]! };
      this.handRotation = this.tentative.rotation;
      this.requestPreview();
    } else {
      const rs = this.handRotations();
      if (rs.length < 2) return;
      this.handRotation = rs.find((r) => r > this.handRotation) ?? rs[0]!;
    }
    this.emit({ type: 'decision' });
  }

  takeBack(): void {
    if (this.busy || !this.tentative) return;
    this.tentative = null;
    this.preview = null;
    this.selected = null;
    this.previewToken++;
    this.emit({ type: 'decision' });
  }

  /** Chooses `c` for the tentative tile, or unchooses it if it was chosen. */
  toggleSelected(c: ChoiceOption): void {
    this.selected = this.isSelected(c) ? null : c;
    this.emit({ type: 'decision' });
  }

  /** No follower for the tentative tile. */
  clearSelected(): void {
    this.selected = null;
    this.emit({ type: 'decision' });
  }

  setKind(k: FollowerKind): void {
    this.kind = k;
    if (this.selected && actionKind(this.selected.action) !== k) this.selected = null;
    this.emit({ type: 'decision' });
  }

  private requestPreview(): void {
    if (!this.tentative) return;
    const token = ++this.previewToken;
    const { at, rotation } = this.tentative;
    const keep = this.selected;
    const hinted = this.hintPick;
    this.hintPick = null;
    this.preview = null;
    this.selected = null;
    this.source
      .preview(this.view.state, at, rotation)
      .then((choices) => {
        if (token !== this.previewToken || this.disposed) return;
        this.preview = choices;
        // a hint's follower, or the chosen follower kept on the same feature after a turn of the tile
        if (hinted) this.selected = this.hintedChoice(choices, hinted);
        else if (keep) {
          const k = actionKind(keep.action);
          this.selected = choices.find((c) => c.feature_id === keep.feature_id && actionKind(c.action) === k && c.action.type === keep.action.type) ?? null;
        }
        this.emit({ type: 'decision' });
        this.emit({ type: 'previewed' });
      })
      .catch((e: unknown) => {
        if (token !== this.previewToken) return;
        this.env.error(e);
        void this.resync();
      });
  }

  /** Plays the tentative placement, then the chosen follower (or none). */
  async confirm(): Promise<void> {
    const hp = this.humanPending();
    const tt = this.tentative;
    if (this.busy || !hp || !tt) return;
    const want: Action | null = this.selected?.action ?? null;
    const seat = hp.decision.seat;
    if (this.source.refuseTurn?.(this.view, [{ type: 'place', at: tt.at, rotation: tt.rotation }, want ?? { type: 'pass' }])) return;
    this.setBusy(true, 'decision');
    let v: GameView | null = null;
    try {
      v = await this.source.play(seat, this.view.state, { type: 'place', at: tt.at, rotation: tt.rotation });
      const p = v.pending;
      if (p && !p.by_bot && p.decision.seat === seat && p.decision.kind === 'deploy') {
        const match = (want && p.choices.find((c) => sameAction(c.action, want))) || p.choices.find((c) => c.action.type === 'pass');
        if (match) v = await this.source.play(seat, v.state, match.action);
      }
    } catch (e) {
      this.env.error(e);
      this.busy = false;
      if (this.disposed) return;
      if (v) this.applyView(v);
      else await this.resync();
      return;
    }
    this.busy = false;
    if (!this.disposed) this.applyView(v);
  }

  /** Plays a decision other than a placement (deploy after the fact, the City, escapes...). */
  async playChoice(c: ChoiceOption): Promise<void> {
    const hp = this.humanPending();
    if (this.busy || !hp) return;
    this.setBusy(true, 'decision');
    try {
      const v = await this.source.play(hp.decision.seat, this.view.state, c.action);
      this.busy = false;
      if (!this.disposed) this.applyView(v);
    } catch (e) {
      this.busy = false;
      this.env.error(e);
      this.env.resynced(e);
      await this.resync();
    }
  }

  /** Whether the last turn a person played can be taken back (pass-and-play, the setting on). */
  canUndo(): boolean {
    if (!this.source.undo || this.view.over) return false;
    if (this.source.mayUndo) return this.source.mayUndo(this.view);
    if (!this.env.undoAllowed()) return false;
    return this.view.turns.some((turn) => !this.view.seats[turn.seat]?.bot);
  }

  /** Takes back the last turn a person played; resolves to whether it was. */
  async undo(): Promise<boolean> {
    const undo = this.source.undo;
    if (this.busy || !undo || !this.canUndo()) return false;
    this.env.clearTimer(this.botTimer);
    this.setBusy(true, 'decision');
    try {
      const v = await undo.call(this.source, this.view.state);
      this.busy = false;
      if (this.disposed) return false;
      this.lastHumanSeat = null;
      this.applyView(v);
      return true;
    } catch (e) {
      this.busy = false;
      this.env.error(e);
      await this.resync();
      return false;
    }
  }

  async askHint(): Promise<void> {
    const hint = this.source.hint;
    if (this.busy || !this.humanPending() || !hint) return;
    const token = ++this.hintToken;
    try {
      const r = await hint.call(this.source);
      if (token !== this.hintToken || this.disposed) return;
      this.hint = r;
      this.emit({ type: 'decision' });
      // keep the hinted cell in sight
      if (r.placement) this.emit({ type: 'moved', at: r.placement.at });
    } catch (e) {
      this.env.error(e);
    }
  }

  /** Puts the hint's move on the board: the tile where it says, then its follower chosen (or none). */
  useHint(): void {
    const x = this.hint;
    if (!x) return;
    const p = x.placement;
    if (!p) {
      const a = x.actions[0];
      const c = a && this.humanPending()?.choices.find((c) => sameAction(c.action, a));
      if (c) void this.playChoice(c);
      return;
    }
    const want = x.choice?.action ?? null;
    const k = want ? actionKind(want) : null;
    if (k) this.kind = k;
    const tt = this.tentative;
    if (tt && tt.at[0] === p.at[0] && tt.at[1] === p.at[1] && tt.rotation === p.rotation && this.preview) {
      this.selected = this.hintedChoice(this.preview, want);
      this.emit({ type: 'decision' });
      return;
    }
    this.hintPick = want;
    this.pickCell(p.at, p.rotation);
  }

  /** The choice among `choices` that plays `want` (none for no follower). */
  private hintedChoice(choices: ChoiceOption[], want: Action | null): ChoiceOption | null {
    if (!want || want.type === 'pass') return null;
    return choices.find((c) => sameAction(c.action, want)) ?? null;
  }

  // ------------------------------------------------------------------ internals

  private setBusy(busy: boolean, change: 'busy' | 'decision'): void {
    this.busy = busy;
    this.emit({ type: change });
  }

  private emit(c: Change): void {
    for (const fn of this.listeners) fn(c);
  }
}
