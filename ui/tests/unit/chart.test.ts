// The score chart's series: each seat's points after each turn, from the turn log's score lines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameView } from '../../src/bindings';
import { scoreSeries } from '../../src/play/chart';

const line = (winners: number[], points: number) => ({ entry: { winners, points } });
const turn = (scores: number[]) => ({ scores });

test('each seat gains its score lines in the turn they came, shared lines to every winner, final scoring last', () => {
  const view = {
    seats: [{}, {}],
    scores: [line([0], 4), line([], 3), line([0, 1], 2), line([1], 7)],
    turns: [turn([]), turn([0, 1]), turn([2])],
    final_scoring: { followers: [], scores: [3] },
  } as unknown as GameView;
  assert.deepEqual(scoreSeries(view), [
    [0, 0, 4, 6, 6],
    [0, 0, 0, 2, 9],
  ]);
});

test('before the end there is no final point', () => {
  const view = { seats: [{}], scores: [line([0], 2)], turns: [turn([0])], final_scoring: null } as unknown as GameView;
  assert.deepEqual(scoreSeries(view), [[0, 2]]);
});
