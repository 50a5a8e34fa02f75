// The board described for screen readers (play/describe.ts, play/announce.ts): the sides a
// feature faces once its tile is turned, the ways a tile fits a cell, a placed tile's words, and
// what the live region says between two views (other seats' turns, every scoring with its points).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameView, ScoreLine, TileInfo } from '../../src/bindings';

(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

const tile = {
  id: 'base/x', set: 'base', name: 'n', count: 1, river_role: null, board_position: null,
  edges: { N: 'city', E: 'road', S: 'field', W: 'road' },
  features: [
    { id: 'c0', kind: 'city', ports: ['N'], pennants: 1, cathedral: null, besieged: null, inn: null, pig_herd: null, inner: null, borders_cities: null },
    { id: 'r0', kind: 'road', ports: ['E', 'W'], pennants: null, cathedral: null, besieged: null, inn: null, pig_herd: null, inner: null, borders_cities: null },
    { id: 'f0', kind: 'field', ports: ['E2', 'S', 'W1'], pennants: null, cathedral: null, besieged: null, inn: null, pig_herd: null, inner: null, borders_cities: ['c0'] },
  ],
} as unknown as TileInfo;

const line = (winners: number[], points: number): ScoreLine => ({
  entry: { rule: 'R-BASE-6', kind: 'road', when: 'turn', tiles: [[0, 0], [1, 0]], shields: 0, count: 0, strength: [1, 0], winners, points },
  bonus: null,
});

const view = (turns: number, scores: ScoreLine[]): GameView =>
  ({
    seats: [{ name: 'Anne' }, { name: 'Bot' }],
    tiles: [{ tile: 'base/x', at: [1, 0], rotation: 1 }],
    followers: [{ seat: 1, kind: 'meeple', at: [1, 0], feature: 'x', feature_id: 'c0' }],
    turns: Array.from({ length: turns }, (_, i) => ({ seat: i % 2, first_action: i * 2, tile: 'base/x', at: [i, 0], rotation: 0, discarded: [], events: [], scores: [] })),
    scores,
  }) as unknown as GameView;

test('a tile turned a quarter clockwise: north faces east; each way it fits says what each side shows', async () => {
  const { setLanguage } = await import('../../src/i18n/index');
  const { app } = await import('../../src/state');
  const { turnedSide, rotationDescription, tileDescription } = await import('../../src/play/describe');
  setLanguage('en');
  app.tiles.set('base/x', tile);
  assert.deepEqual(['N', 'E', 'S', 'W'].map((s) => turnedSide(s as 'N', 1)), ['E', 'S', 'W', 'N']);
  assert.equal(turnedSide('W1', 3), 'S');
  assert.equal(rotationDescription(tile, 0), 'turned 0°: city north, road east and west');
  assert.equal(rotationDescription(tile, 1), 'turned 90°: road north and south, city east');
  assert.equal(
    tileDescription(view(0, []), { tile: 'base/x', at: [1, 0], rotation: 1 }),
    'Tile at (1, 0): city east (1 shield); road north and south; field north, south, and west. Bot’s meeple on the city east.',
  );
  setLanguage('fr');
  assert.equal(rotationDescription(tile, 2), 'tournée de 180°\u00a0: route à l’est et à l’ouest, ville au sud');
  setLanguage('en');
});

test('the live region: another seat’s new turn and every new scoring with its points; one’s own turns quiet', async () => {
  const { setLanguage } = await import('../../src/i18n/index');
  const { newsOf } = await import('../../src/play/announce');
  setLanguage('en');
  const before = view(1, []);
  const after = view(3, [line([0], 4), line([], 2)]);
  const mine = (seat: number): boolean => seat === 0;
  assert.deepEqual(newsOf(after, before.turns.length, 0, before.scores.length, mine), [
    'Bot placed a tile at (1, 0)',
    'Anne scores 4 for the completed road of 2 tiles (R-BASE-6)',
    'Completed road of 2 tiles, nobody’s (R-BASE-6)',
  ]);
  assert.deepEqual(newsOf(after, 3, 0, 2, mine), [], 'nothing new, nothing said');
});
