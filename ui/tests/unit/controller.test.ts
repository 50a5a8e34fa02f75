// The board screen's controller without a DOM: a fake source whose answers the test releases
// one by one, and a fake clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Action, ChoiceOption, GameView, Hint, PendingView, Pos } from '../../src/bindings';
import { BOT_RETRIES, GameController, type Change } from '../../src/play/controller';
import type { GameSource } from '../../src/screens/source';

// ------------------------------------------------------------------ fixtures

function seat(i: number, bot: string | null = null): GameView['seats'][number] {
  return { seat: i, name: `P${i}`, colour: '#000', bot, profile: null, score: 0, supply: [] };
}

/** A table at `state` where `pending` is asked (seat 0 and 1 are people unless `bots`). */
function table(state: number, pending: PendingView | null, opts: { bots?: number[]; over?: boolean; turnsBy?: number[] } = {}): GameView {
  const bots = opts.bots ?? [];
  return {
    id: 1,
    state,
    sets: ['base'],
    seats: [0, 1].map((i) => seat(i, bots.includes(i) ? 'easy' : null)),
    tiles: [],
    last_placed: null,
    last_placed_by: null,
    followers: [],
    city: null,
    king: null,
    robber: null,
    tiles_left: 10,
    pending,
    scores: [],
    turns: (opts.turnsBy ?? []).map((s, i) => ({ seat: s, first_action: i * 2, tile: 'A', at: [i + 1, 0], rotation: 0, discarded: [], events: [], scores: [] })),
    final_scoring: null,
    over: opts.over ?? false,
    report: null,
  } as unknown as GameView;
}

function placing(seatNo: number, cells: [Pos, number[]][], byBot = false): PendingView {
  return {
    decision: { seat: seatNo, kind: 'place_tile', tile: 0 },
    tile: 'A',
    by_bot: byBot,
    placements: cells.map(([at, rotations]) => ({ at, rotations })),
    choices: [],
  } as unknown as PendingView;
}

function choice(action: Action, featureId: string | null = null, at: Pos | null = null): ChoiceOption {
  return { action, at, feature_id: featureId, feature_kind: featureId ? 'city' : null } as unknown as ChoiceOption;
}

const meepleOn = (f: number): Action => ({ type: 'deploy', feature: f, follower: 'meeple' }) as unknown as Action;
const PASS: Action = { type: 'pass' };

function deploying(seatNo: number, at: Pos, choices: ChoiceOption[]): PendingView {
  return { decision: { seat: seatNo, kind: 'deploy', at }, tile: null, by_bot: false, placements: [], choices } as unknown as PendingView;
}

// ------------------------------------------------------------------ fakes

interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** A source whose every answer waits until the test gives it. */
class FakeSource implements GameSource {
  passAndPlay = true;
  plays: { seat: number; state: number; action: Action; answer: Deferred<GameView> }[] = [];
  previews: { state: number; at: Pos; rotation: number; answer: Deferred<ChoiceOption[]> }[] = [];
  botMoves: Deferred<GameView>[] = [];
  refreshes: Deferred<GameView>[] = [];
  hints: Deferred<Hint>[] = [];
  undos: { state: number; answer: Deferred<GameView> }[] = [];
  finishedWith: GameView[] = [];
  pushed: ((v: GameView) => void) | null = null;
  mine = (): boolean => true;
  refresh = (): Promise<GameView> => this.add(this.refreshes);
  play = (seatNo: number, state: number, action: Action): Promise<GameView> => {
    const answer = deferred<GameView>();
    this.plays.push({ seat: seatNo, state, action, answer });
    return answer.promise;
  };
  preview = (state: number, at: Pos, rotation: number): Promise<ChoiceOption[]> => {
    const answer = deferred<ChoiceOption[]>();
    this.previews.push({ state, at, rotation, answer });
    return answer.promise;
  };
  botMove = (): Promise<GameView> => this.add(this.botMoves);
  hint = (): Promise<Hint> => this.add(this.hints);
  undo = (state: number): Promise<GameView> => {
    const answer = deferred<GameView>();
    this.undos.push({ state, answer });
    return answer.promise;
  };
  subscribe = (fn: (v: GameView) => void): (() => void) => {
    this.pushed = fn;
    return () => (this.pushed = null);
  };
  leave = (): void => {};
  finished = (v: GameView): void => void this.finishedWith.push(v);
  private add<T>(list: Deferred<T>[]): Promise<T> {
    const d = deferred<T>();
    list.push(d);
    return d.promise;
  }
}

class FakeClock {
  private next = 1;
  timers = new Map<number, { fn: () => void; ms: number }>();
  set = (fn: () => void, ms: number): number => {
    const id = this.next++;
    this.timers.set(id, { fn, ms });
    return id;
  };
  clear = (id: number): void => void this.timers.delete(id);
  /** Runs every timer due (all of them: the fake clock jumps ahead). */
  runAll(): void {
    const due = [...this.timers.entries()];
    this.timers.clear();
    for (const [, t] of due) t.fn();
  }
}

/** Whether `v` is null (a call, so TypeScript does not narrow the property for later reads). */
const isNone = (v: unknown): boolean => v === null;

const settle = (): Promise<void> => new Promise((ok) => setImmediate(ok));

function setUp(view: GameView, source = new FakeSource(), undoAllowed = true) {
  const clock = new FakeClock();
  const errors: unknown[] = [];
  const changes: Change[] = [];
  const ctrl = new GameController(view, source, {
    setTimer: clock.set,
    clearTimer: clock.clear,
    botDelayMs: () => 600,
    undoAllowed: () => undoAllowed,
    endDelayMs: () => 2600,
    error: (e) => void errors.push(e),
    resynced: () => {},
  });
  ctrl.onChange((c) => changes.push(c));
  ctrl.start();
  return { ctrl, source, clock, errors, changes };
}

// ------------------------------------------------------------------ the turn

test('a turn: pick a cell, the preview arrives, choose a follower, confirm plays the placement then the follower', async () => {
  const { ctrl, source, errors } = setUp(table(4, placing(0, [[[1, 0], [0, 2]], [[0, 1], [1]]])));
  assert.equal(ctrl.mode(), 'place');
  ctrl.pickCell([1, 0]);
  assert.deepEqual(ctrl.tentative, { at: [1, 0], rotation: 0, rotations: [0, 2] });
  assert.equal(ctrl.mode(), 'tentative');
  assert.equal(source.previews.length, 1);
  assert.deepEqual([source.previews[0]!.state, source.previews[0]!.at, source.previews[0]!.rotation], [4, [1, 0], 0]);
  assert.ok(isNone(ctrl.preview), 'no choices until the preview answers');

  const city = choice(meepleOn(2), 'c1', [1, 0]);
  source.previews[0]!.answer.resolve([city, choice(PASS)]);
  await settle();
  assert.equal(ctrl.preview?.length, 2);
  ctrl.toggleSelected(city);
  assert.ok(ctrl.isSelected(city));

  const done = ctrl.confirm();
  assert.equal(ctrl.busy, true, 'busy while the move is on its way');
  assert.equal(source.plays.length, 1);
  assert.deepEqual(source.plays[0]!.action, { type: 'place', at: [1, 0], rotation: 0 });
  assert.equal(source.plays[0]!.state, 4);
  source.plays[0]!.answer.resolve(table(5, deploying(0, [1, 0], [city, choice(PASS)])));
  await settle();
  assert.equal(source.plays.length, 2, 'the chosen follower is played next');
  assert.deepEqual(source.plays[1]!.action, meepleOn(2));
  assert.equal(source.plays[1]!.state, 5);
  source.plays[1]!.answer.resolve(table(6, placing(1, [[[2, 0], [0]]])));
  await done;
  assert.equal(ctrl.busy, false);
  assert.equal(ctrl.view.state, 6);
  assert.equal(ctrl.tentative, null, 'a new state starts a new turn');
  assert.equal(ctrl.selected, null);
  assert.deepEqual(errors, []);
});

test('confirm with no follower chosen passes the deploy decision', async () => {
  const { ctrl, source } = setUp(table(0, placing(0, [[[1, 0], [0]]])));
  ctrl.pickCell([1, 0]);
  source.previews[0]!.answer.resolve([choice(meepleOn(1), 'c1', [1, 0]), choice(PASS)]);
  await settle();
  const done = ctrl.confirm();
  source.plays[0]!.answer.resolve(table(1, deploying(0, [1, 0], [choice(meepleOn(1), 'c1', [1, 0]), choice(PASS)])));
  await settle();
  assert.deepEqual(source.plays[1]!.action, PASS);
  source.plays[1]!.answer.resolve(table(2, null));
  await done;
  assert.equal(ctrl.view.state, 2);
});

test('rotate cycles the legal rotations: of the hand, then of the tentative tile (asking a new preview)', async () => {
  const { ctrl, source } = setUp(table(0, placing(0, [[[1, 0], [1, 3]], [[0, 1], [2]]])));
  assert.equal(ctrl.handRotation, 1, 'the hand starts at a rotation legal somewhere');
  ctrl.rotate();
  assert.equal(ctrl.handRotation, 2);
  ctrl.rotate();
  assert.equal(ctrl.handRotation, 3);
  ctrl.rotate();
  assert.equal(ctrl.handRotation, 1, 'back to the first');
  ctrl.pickCell([1, 0]);
  assert.equal(ctrl.tentative?.rotation, 1);
  ctrl.rotate();
  assert.equal(ctrl.tentative?.rotation, 3);
  assert.equal(source.previews.length, 2);
  assert.equal(source.previews[1]!.rotation, 3);
  ctrl.pickCell([0, 1], 2);
  assert.equal(ctrl.tentative?.rotation, 2, 'a cell with one rotation takes it');
  ctrl.rotate();
  assert.equal(ctrl.tentative?.rotation, 2, 'nothing to turn to');
});

test('take back clears the tentative tile; the preview that answers afterwards is ignored', async () => {
  const { ctrl, source } = setUp(table(0, placing(0, [[[1, 0], [0]]])));
  ctrl.pickCell([1, 0]);
  ctrl.takeBack();
  assert.equal(ctrl.tentative, null);
  assert.equal(ctrl.mode(), 'place');
  source.previews[0]!.answer.resolve([choice(PASS)]);
  await settle();
  assert.equal(ctrl.preview, null, 'a late answer does not come back');
  await ctrl.confirm();
  assert.equal(source.plays.length, 0, 'nothing to confirm after taking back');
});

test('stale preview answers are ignored: only the latest request counts, in any order of arrival', async () => {
  const { ctrl, source } = setUp(table(0, placing(0, [[[1, 0], [0]], [[0, 1], [0]]])));
  ctrl.pickCell([1, 0]);
  ctrl.pickCell([0, 1]);
  const [first, second] = source.previews;
  const a = [choice(meepleOn(1), 'a', [1, 0])];
  const b = [choice(meepleOn(2), 'b', [0, 1])];
  second!.answer.resolve(b);
  await settle();
  first!.answer.resolve(a);
  await settle();
  assert.deepEqual(ctrl.preview, b);
  // and an answer for a table that has moved on is dropped too
  ctrl.pickCell([1, 0]);
  ctrl.applyView(table(1, placing(0, [[[1, 0], [0]]])));
  source.previews[2]!.answer.resolve(a);
  await settle();
  assert.equal(ctrl.preview, null);
  assert.equal(ctrl.tentative, null);
});

test('the chosen follower stays on its feature when the tile turns', async () => {
  const { ctrl, source } = setUp(table(0, placing(0, [[[1, 0], [0, 1]]])));
  ctrl.pickCell([1, 0]);
  source.previews[0]!.answer.resolve([choice(meepleOn(1), 'city', [1, 0]), choice(PASS)]);
  await settle();
  ctrl.toggleSelected(ctrl.preview![0]!);
  ctrl.rotate();
  assert.ok(isNone(ctrl.selected), 'no selection while the new preview is awaited');
  source.previews[1]!.answer.resolve([choice(meepleOn(3), 'road', [1, 0]), choice(meepleOn(4), 'city', [1, 0])]);
  await settle();
  assert.deepEqual(ctrl.selected?.action, meepleOn(4));
});

test('a refused placement shows the error and reads the table again', async () => {
  const { ctrl, source, errors } = setUp(table(0, placing(0, [[[1, 0], [0]]])));
  ctrl.pickCell([1, 0]);
  const done = ctrl.confirm();
  source.plays[0]!.answer.reject(new Error('stale'));
  await settle();
  assert.equal(errors.length, 1);
  assert.equal(source.refreshes.length, 1);
  source.refreshes[0]!.resolve(table(3, placing(0, [[[1, 0], [0]]])));
  await done;
  assert.equal(ctrl.view.state, 3);
  assert.equal(ctrl.busy, false);
});

test('a table pushed while a move is on its way is kept if it is newer than the answer', async () => {
  const { ctrl, source } = setUp(table(0, placing(0, [[[1, 0], [0]]])));
  ctrl.pickCell([1, 0]);
  const done = ctrl.confirm();
  source.pushed!(table(9, null));
  assert.equal(ctrl.view.state, 0, 'not applied while busy');
  source.plays[0]!.answer.resolve(table(1, null));
  await done;
  assert.equal(ctrl.view.state, 9);
});

// ------------------------------------------------------------------ bots, banners, the end

test('a bot plays after the delay; leaving the screen cancels the scheduled move', async () => {
  const { ctrl, source, clock } = setUp(table(0, placing(1, [[[1, 0], [0]]], true), { bots: [1] }));
  assert.equal(ctrl.mode(), 'bot');
  assert.equal(clock.timers.size, 1);
  assert.equal([...clock.timers.values()][0]!.ms, 600);
  clock.runAll();
  assert.equal(source.botMoves.length, 1);
  assert.equal(ctrl.busy, true);
  source.botMoves[0]!.resolve(table(1, placing(1, [[[2, 0], [0]]], true), { bots: [1] }));
  await settle();
  assert.equal(ctrl.view.state, 1);
  assert.equal(clock.timers.size, 1, 'the next bot move is scheduled');
  ctrl.dispose();
  assert.equal(clock.timers.size, 0, 'leaving cancels it');
  assert.equal(source.pushed, null, 'and stops listening to the source');
});

test('a bot answer that arrives after leaving changes nothing', async () => {
  const { ctrl, source, clock, changes } = setUp(table(0, placing(1, [[[1, 0], [0]]], true), { bots: [1] }));
  clock.runAll();
  ctrl.dispose();
  const before = changes.length;
  source.botMoves[0]!.resolve(table(1, null));
  await settle();
  assert.equal(ctrl.view.state, 0);
  assert.equal(changes.length, before);
  assert.equal(clock.timers.size, 0);
});

test(`after ${BOT_RETRIES} failed bot moves the bot waits for a retry`, async () => {
  const view = table(0, placing(1, [[[1, 0], [0]]], true), { bots: [1] });
  const { ctrl, source, clock, errors } = setUp(view);
  for (let i = 0; i < BOT_RETRIES; i++) {
    clock.runAll();
    source.botMoves[i]!.reject(new Error('no'));
    await settle();
    source.refreshes[i]!.resolve(view);
    await settle();
  }
  assert.equal(errors.length, BOT_RETRIES);
  assert.equal(clock.timers.size, 0, 'no more tries on its own');
  assert.ok(ctrl.botStuck());
  ctrl.retryBot();
  assert.equal(ctrl.botStuck(), false);
  assert.equal(clock.timers.size, 1);
});

test('pass and play: a banner when the device changes hands; none for the same seat again', () => {
  const { ctrl, changes } = setUp(table(0, placing(0, [[[1, 0], [0]]])));
  const banners = (): Change[] => changes.filter((c) => c.type === 'banner');
  assert.deepEqual(banners(), [{ type: 'banner', seat: 0, turn: true }]);
  ctrl.applyView(table(1, deploying(0, [1, 0], [choice(PASS)])));
  assert.equal(banners().length, 1);
  ctrl.applyView(table(2, placing(1, [[[2, 0], [0]]])));
  assert.deepEqual(banners()[1], { type: 'banner', seat: 1, turn: true });
  // another seat's decision during seat 1's turn: pass the device to it
  ctrl.applyView(table(3, deploying(0, [2, 0], [choice(PASS)])));
  assert.deepEqual(banners()[2], { type: 'banner', seat: 0, turn: false });
});

test('the end: the results follow after the delay, unless the screen was left', () => {
  const a = setUp(table(0, null, { over: true }));
  assert.equal(a.ctrl.mode(), 'over');
  a.clock.runAll();
  assert.equal(a.source.finishedWith.length, 1);
  const b = setUp(table(0, null, { over: true }));
  b.ctrl.dispose();
  b.clock.runAll();
  assert.equal(b.source.finishedWith.length, 0);
});

test('hints: an answer to an older request is dropped; a hint puts the tile there, then chooses its follower', async () => {
  const { ctrl, source } = setUp(table(0, placing(0, [[[1, 0], [0, 1]]])));
  const deploy: Action = { type: 'deploy', feature: 'c0', follower: 'meeple' } as unknown as Action;
  const hintOf = (state: number): Hint =>
    ({
      actions: [{ type: 'place', at: [1, 0], rotation: 1 }, deploy],
      placement: { at: [1, 0], rotation: 1 },
      choice: { action: deploy, at: [1, 0], feature_id: 'c0', feature_kind: 'city', label: { kind: 'deploy', follower: 'meeple' } },
      reasons: [{ reason: 'claims', kind: 'city', follower: 'meeple', tiles: 1, points: 2 + state }],
      value: 3,
    }) as unknown as Hint;
  void ctrl.askHint();
  ctrl.applyView(table(1, placing(0, [[[1, 0], [0, 1]]])));
  source.hints[0]!.resolve(hintOf(0));
  await settle();
  assert.ok(isNone(ctrl.hint));
  void ctrl.askHint();
  source.hints[1]!.resolve(hintOf(1));
  await settle();
  assert.ok(ctrl.hint);
  ctrl.useHint();
  assert.deepEqual(ctrl.tentative, { at: [1, 0], rotation: 1, rotations: [0, 1] });
  const pass = { action: { type: 'pass' }, at: null, feature_id: null, feature_kind: null, label: { kind: 'pass', declined: 'deploy' } } as unknown as ChoiceOption;
  const city = { action: deploy, at: [1, 0], feature_id: 'c0', feature_kind: 'city', label: { kind: 'deploy', follower: 'meeple' } } as unknown as ChoiceOption;
  source.previews[0]!.answer.resolve([city, pass]);
  await settle();
  assert.deepEqual(ctrl.selected?.action, deploy, 'the hint’s follower is chosen once the spots are known');
});

test('another device decides: nothing to place or confirm here', async () => {
  const source = new FakeSource();
  source.passAndPlay = false;
  source.mine = () => false;
  const { ctrl } = setUp(table(0, placing(1, [[[1, 0], [0]]])), source);
  assert.equal(ctrl.mode(), 'wait');
  ctrl.pickCell([1, 0]);
  assert.equal(ctrl.tentative, null);
  await ctrl.confirm();
  assert.equal(source.plays.length, 0);
});

// ------------------------------------------------------------------ undo

test("undo: a person's turn can be taken back; the bot waiting to play does not, and the older table comes back", async () => {
  const { ctrl, source, clock } = setUp(table(5, placing(1, [[[2, 0], [0]]], true), { bots: [1], turnsBy: [0] }));
  assert.equal(ctrl.canUndo(), true);
  assert.equal(clock.timers.size, 1, 'the bot is about to play');
  const done = ctrl.undo();
  assert.equal(clock.timers.size, 0, "the bot's move is called off");
  void ctrl.undo();
  assert.equal(source.undos.length, 1, 'one request while busy');
  assert.equal(source.undos[0]!.state, 5);
  source.undos[0]!.answer.resolve(table(3, placing(0, [[[1, 0], [0]]]), { bots: [1] }));
  assert.equal(await done, true);
  assert.equal(ctrl.view.state, 3);
  assert.equal(ctrl.mode(), 'place');
  assert.equal(ctrl.canUndo(), false, 'nothing left to take back');
});

test("undo: not offered for bots' turns only, after the end, or when the setting is off", () => {
  assert.equal(setUp(table(5, placing(0, [[[1, 0], [0]]]), { bots: [1], turnsBy: [1] })).ctrl.canUndo(), false);
  assert.equal(setUp(table(5, null, { over: true, turnsBy: [0] })).ctrl.canUndo(), false);
  assert.equal(setUp(table(5, placing(1, [[[1, 0], [0]]]), { turnsBy: [0] }), new FakeSource(), false).ctrl.canUndo(), false);
});

test('undo: a refused undo shows the error and reads the table again', async () => {
  const { ctrl, source, errors } = setUp(table(5, placing(1, [[[1, 0], [0]]]), { turnsBy: [0] }));
  const done = ctrl.undo();
  source.undos[0]!.answer.reject(new Error('refused'));
  await settle();
  assert.equal(errors.length, 1);
  assert.equal(source.refreshes.length, 1);
  source.refreshes[0]!.resolve(table(5, placing(1, [[[1, 0], [0]]]), { turnsBy: [0] }));
  assert.equal(await done, false);
});
