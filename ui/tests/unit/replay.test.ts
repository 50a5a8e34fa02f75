// The replay viewer's steps: one action, one turn (to the next or previous placement), the ends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stepTarget, turnAt } from '../../src/screens/replay';

const game = { actions: 10, turn_starts: [0, 2, 3, 7] };

test('a step moves one action, within the game', () => {
  assert.equal(stepTarget(game, 4, 'next'), 5);
  assert.equal(stepTarget(game, 10, 'next'), 10);
  assert.equal(stepTarget(game, 4, 'prev'), 3);
  assert.equal(stepTarget(game, 0, 'prev'), 0);
  assert.deepEqual([stepTarget(game, 4, 'start'), stepTarget(game, 4, 'end')], [0, 10]);
});

test('a turn step goes to the start of the next or the previous turn', () => {
  assert.equal(stepTarget(game, 0, 'next-turn'), 2);
  assert.equal(stepTarget(game, 3, 'next-turn'), 7);
  assert.equal(stepTarget(game, 7, 'next-turn'), 10, 'after the last turn: the end');
  assert.equal(stepTarget(game, 5, 'prev-turn'), 3);
  assert.equal(stepTarget(game, 3, 'prev-turn'), 2);
  assert.equal(stepTarget(game, 0, 'prev-turn'), 0);
});

test('the turn a position is in counts the turns begun before it', () => {
  assert.equal(turnAt(game.turn_starts, 0), 0);
  assert.equal(turnAt(game.turn_starts, 1), 1);
  assert.equal(turnAt(game.turn_starts, 3), 2);
  assert.equal(turnAt(game.turn_starts, 10), 4);
});
