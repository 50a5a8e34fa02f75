// When the board screen plays a sound: cuesFor between two views, and the score pitch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameView, PendingView, ScoreLine } from '../../src/bindings';
import { cuesFor } from '../../src/sound/cues';
import { scorePitch } from '../../src/sound/player';

function view(state: number, o: { tiles?: number; scores?: [number, number[]][]; placing?: number; deploying?: number; over?: boolean; id?: number } = {}): GameView {
  const decision = o.placing !== undefined ? { seat: o.placing, kind: 'place_tile', tile: 0 } : o.deploying !== undefined ? { seat: o.deploying, kind: 'deploy', at: [0, 0] } : null;
  return {
    id: o.id ?? 1,
    state,
    seats: [0, 1].map((i) => ({ seat: i, name: `P${i}`, colour: '#000', bot: null, profile: null, score: 0, supply: [] })),
    tiles: Array.from({ length: o.tiles ?? 1 }, (_, i) => ({ tile: 'A', at: [i, 0], rotation: 0 })),
    pending: decision ? ({ decision, tile: 'A', by_bot: false, placements: [], choices: [] } as unknown as PendingView) : null,
    scores: (o.scores ?? []).map(([points, winners]) => ({ entry: { points, winners }, bonus: null }) as unknown as ScoreLine),
    over: o.over ?? false,
  } as unknown as GameView;
}

const everyone = (): boolean => true;
const onlySeat0 = (s: number): boolean => s === 0;

test('opening a game makes no sound; an older or equal state neither', () => {
  assert.deepEqual(cuesFor(null, view(5, { placing: 0 }), everyone), []);
  assert.deepEqual(cuesFor(view(5, { placing: 0 }), view(5, { placing: 0 }), everyone), []);
  assert.deepEqual(cuesFor(view(6, { tiles: 3 }), view(5, { tiles: 4, placing: 0 }), everyone), []);
  assert.deepEqual(cuesFor(view(5, { id: 1 }), view(6, { id: 2, tiles: 4, placing: 0 }), everyone), []);
});

test('a tile placed, then the next person at this device to place: a knock and the turn chime', () => {
  const before = view(10, { tiles: 3, deploying: 1 });
  const after = view(11, { tiles: 3, placing: 0 });
  assert.deepEqual(cuesFor(view(9, { tiles: 2, placing: 1 }), before, onlySeat0), [{ kind: 'placed' }]);
  assert.deepEqual(cuesFor(before, after, onlySeat0), [{ kind: 'turn' }]);
  // another device's seat (a LAN table) or a bot: no chime here
  assert.deepEqual(cuesFor(before, view(11, { tiles: 3, placing: 1 }), onlySeat0), []);
  // the same seat still placing (a new state of its own turn): no second chime
  assert.deepEqual(cuesFor(view(11, { tiles: 3, placing: 0 }), view(12, { tiles: 3, placing: 0 }), onlySeat0), []);
});

test('scorings with points sound, the biggest first and at most three; nobody scoring is silent', () => {
  const before = view(20, { scores: [[4, [0]]] });
  const after = view(21, { scores: [[4, [0]], [0, []], [2, [1]], [9, [0]], [5, [1]], [3, [0, 1]]] });
  assert.deepEqual(cuesFor(before, after, everyone), [
    { kind: 'score', points: 9 },
    { kind: 'score', points: 5 },
    { kind: 'score', points: 3 },
  ]);
  assert.deepEqual(cuesFor(before, view(21, { scores: [[4, [0]], [0, []]] }), everyone), []);
});

test('the end: a fanfare, and no turn chime after it', () => {
  const cues = cuesFor(view(70, { tiles: 71, placing: 1 }), view(72, { tiles: 72, scores: [[6, [1]]], over: true, placing: 0 }), everyone);
  assert.deepEqual(cues, [{ kind: 'placed' }, { kind: 'score', points: 6 }, { kind: 'end' }]);
});

test('the score pitch rises with the points and stays within two octaves', () => {
  assert.equal(scorePitch(0), 440);
  assert.ok(scorePitch(4) > scorePitch(3));
  assert.equal(scorePitch(12), 880);
  assert.equal(scorePitch(90), 1760);
});
