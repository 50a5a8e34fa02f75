// The tutorial's script on the board screen (ui/src/tutorial/script.ts): the turn and the
// learner's step follow from the tiles placed, and a move off the script is refused with why.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Action, TutorialTurn } from '../../src/bindings';
import { cellRefusal, scriptHint, stepAt, steps, turnIndex, turnRefusal } from '../../src/tutorial/script';

const knight: Action = { type: 'deploy', feature: 'N', follower: 'meeple' };
const turns: TutorialTurn[] = [
  { seat: 0, tile: 'base/road_curve', at: [1, 0], rotations: [0], follower: { type: 'pass' }, topic: 'placing' },
  { seat: 1, tile: 'base/road_straight', at: [-1, 0], rotations: [0], follower: { type: 'pass' }, topic: null },
  { seat: 0, tile: 'base/city2_nw', at: [0, -1], rotations: [3], follower: knight, topic: 'knight' },
];
const tiles = (n: number): { tiles: { tile: string; at: [number, number]; rotation: number }[] } => ({ tiles: Array.from({ length: n }, () => ({ tile: 'x', at: [0, 0], rotation: 0 })) });

test('the turn is the tiles placed besides the start tile; the step is the learner turns before it', () => {
  assert.equal(turnIndex(tiles(1)), 0);
  assert.equal(turnIndex(tiles(3)), 2);
  assert.equal(steps(turns).length, 2);
  assert.deepEqual([0, 1, 2, 3].map((i) => stepAt(turns, i)), [0, 1, 1, 2]);
});

test('only the ringed cell takes the tile; a turn off the script says what is wrong', () => {
  assert.equal(cellRefusal(turns[0], [1, 0]), null);
  assert.equal(cellRefusal(turns[0], [0, 1]), 'cell');
  assert.equal(cellRefusal(undefined, [0, 1]), null, 'no refusal outside the learner turns');
  const place = (x: number, y: number, rotation: number): Action => ({ type: 'place', at: [x, y], rotation });
  assert.equal(turnRefusal(turns[2], [place(0, -1, 3), knight]), null);
  assert.equal(turnRefusal(turns[2], [place(0, -2, 3), knight]), 'cell');
  assert.equal(turnRefusal(turns[2], [place(0, -1, 2), knight]), 'rotation');
  assert.equal(turnRefusal(turns[2], [place(0, -1, 3), { type: 'pass' }]), 'follower');
  assert.equal(turnRefusal(turns[0], [place(1, 0, 0), knight]), 'no_follower');
});

test("the script's turn as a hint: the cell turned, and the follower's choice on the board", () => {
  const choice = { action: knight, label: { kind: 'deploy' }, feature_kind: 'city', feature_id: 'c0' } as never;
  const hint = scriptHint(turns[2]!, [choice]);
  assert.deepEqual(hint.placement, { at: [0, -1], rotation: 3 });
  assert.deepEqual(hint.actions, [{ type: 'place', at: [0, -1], rotation: 3 }, knight]);
  assert.equal(hint.choice, choice);
  assert.equal(scriptHint(turns[0]!, [choice]).choice, null);
});
