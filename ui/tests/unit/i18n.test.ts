// The English words the UI builds from the API's facts: scorings, decisions, choices.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Decision, ScoreEntry, ScoreLine } from '../../src/bindings';
import { en } from '../../src/i18n/en';

function line(entry: Partial<ScoreEntry>, bonus: ScoreLine['bonus'] = null): ScoreLine {
  const base: ScoreEntry = { rule: 'R-BASE-7', kind: 'city', when: 'turn', tiles: [], shields: 0, count: 0, strength: [1, 0], winners: [0], points: 0 };
  return { entry: { ...base, ...entry }, bonus };
}
const tiles = (n: number): [number, number][] => Array.from({ length: n }, (_, i) => [i, 0]);

test('a completed city: tiles and shields, singular and plural', () => {
  assert.equal(en.scoreText(line({ tiles: tiles(3), shields: 1, points: 8 }), ['Ann']), 'Ann scores 8 for the completed city of 3 tiles and 1 shield (R-BASE-7)');
  assert.equal(en.scoreText(line({ tiles: tiles(1), shields: 2, points: 6 }), ['Ann']), 'Ann scores 6 for the completed city of 1 tile and 2 shields (R-BASE-7)');
  assert.equal(en.scoreText(line({ tiles: tiles(2), points: 4 }), ['Ann']), 'Ann scores 4 for the completed city of 2 tiles (R-BASE-7)');
});

test('shared, unclaimed, unfinished and recalled scorings', () => {
  const road = { rule: 'R-BASE-6', kind: 'road' as const, tiles: tiles(4), points: 4 };
  assert.equal(en.scoreText(line(road), ['Ann', 'Bob']), 'Ann and Bob score 4 for the completed road of 4 tiles (R-BASE-6)');
  assert.equal(en.scoreText(line(road), ['Ann', 'Bob', 'Cy']), 'Ann, Bob and Cy score 4 for the completed road of 4 tiles (R-BASE-6)');
  assert.equal(en.scoreText(line({ ...road, winners: [] }), []), 'Nobody scores the completed road of 4 tiles (R-BASE-6)');
  assert.equal(en.scoreText(line({ ...road, when: 'final', rule: 'R-BASE-12' }), ['Ann']), 'Ann scores 4 for the unfinished road of 4 tiles (R-BASE-12)');
  const abbey = { rule: 'R-ABBOT-3', kind: 'garden' as const, when: 'recall' as const, tiles: tiles(1), count: 1, points: 2 };
  assert.equal(en.scoreText(line(abbey), ['Bob']), 'Bob scores 2 for the garden with 1 neighbour (abbot taken back) (R-ABBOT-3)');
});

test('fields, monasteries and the cards', () => {
  const field = { rule: 'R-BASE-13', kind: 'field' as const, when: 'final' as const, count: 1, points: 3 };
  assert.equal(en.scoreText(line(field), ['Ann']), 'Ann scores 3 for the field supplying 1 completed city (R-BASE-13)');
  assert.equal(en.scoreText(line({ ...field, count: 2, points: 6 }), ['Ann']), 'Ann scores 6 for the field supplying 2 completed cities (R-BASE-13)');
  assert.equal(en.scoreText(line({ rule: 'R-BASE-8', kind: 'monastery', tiles: tiles(1), count: 8, points: 9 }), ['Cy']), 'Cy scores 9 for the monastery with 8 neighbours (R-BASE-8)');
  const card = { rule: 'R-CKR-9', when: 'final' as const, count: 5, points: 5 };
  assert.equal(en.scoreText(line({ ...card, kind: 'city' }, 'king'), ['Ann']), 'Ann scores 5 for the King (completed cities) (R-CKR-9)');
  assert.equal(en.scoreText(line({ ...card, kind: 'road' }, 'robber_baron'), ['Bob']), 'Bob scores 5 for the Robber Baron (completed roads) (R-CKR-9)');
});

test('what a decision asks, after the seat’s name', () => {
  const d = (x: object): Decision => ({ seat: 0, ...x }) as Decision;
  assert.equal(en.decisionPrompt('Ann', d({ kind: 'place_tile', tile: 3 })), 'Ann: place the tile');
  assert.equal(en.decisionPrompt('Ann', d({ kind: 'deploy', at: [0, 1] })), 'Ann: deploy a follower on the tile, or pass');
  assert.equal(
    en.decisionPrompt('Bob', d({ kind: 'redeploy', at: [0, 1], feature: 2, quarter: 'market' })),
    'Bob: move followers from the market quarter onto the feature being scored, or pass',
  );
  assert.equal(en.decisionPrompt('Cy', d({ kind: 'move_count', count: 'castle' })), 'Cy: move the Count, or leave him');
});

test('choice labels: a follower on a feature kind, passes by what they decline, the City', () => {
  assert.equal(en.choiceLabel({ kind: 'deploy', follower: 'meeple' }, 'city'), 'Meeple on the city');
  assert.equal(en.choiceLabel({ kind: 'deploy', follower: 'big_meeple' }, 'field'), 'Big meeple on the field (farmer)');
  assert.equal(en.choiceLabel({ kind: 'pass', declined: 'deploy' }, null), 'No follower');
  assert.equal(en.choiceLabel({ kind: 'pass', declined: 'city_deploy' }, null), 'Stay out of the city');
  assert.equal(en.choiceLabel({ kind: 'pass', declined: 'redeploy' }, null), 'Done');
  assert.equal(en.choiceLabel({ kind: 'city_deploy', follower: 'abbot', quarter: 'cathedral' }, null), 'Abbot into the cathedral quarter');
  assert.equal(en.choiceLabel({ kind: 'redeploy', follower: 'meeple', quarter: 'castle' }, 'city'), 'Meeple from the castle quarter onto the city');
  assert.equal(en.choiceLabel({ kind: 'move_count', quarter: 'blacksmith' }, null), 'Count to the blacksmith quarter');
  assert.equal(en.choiceLabel({ kind: 'recall_abbot' }, null), 'Take the abbot back (scores now)');
});

test('refusals: codes with their arguments in words', () => {
  assert.equal(en.apiError({ kind: 'stale_state', expected: 7, got: 6 }), 'the table changed (state 7 now, the move was for 6)');
  assert.equal(en.apiError({ kind: 'illegal_move', error: { error: 'no_follower_left', follower: 'big_meeple' }, rule: 'R-IC-3' }), 'no big meeple left in supply (R-IC-3)');
  assert.equal(
    en.apiError({ kind: 'invalid_setup', problems: [{ problem: 'same_colour', name: 'Bob' }, { problem: 'setup', error: { error: 'too_few_players', min: 2, got: 1 } }] }),
    'Bob has the same colour as another seat; a game needs at least 2 players, this one has 1',
  );
  assert.equal(en.setupProblem({ problem: 'unknown_bot', seat: 1, bot: 'wizard' }), 'seat 2: unknown bot `wizard`');
  // an option or an expansion by the name the new-game screen shows, never its internal key
  const river = en.setupError({ error: 'river_with_city' });
  assert.match(river, /“River II with the City” to “Allowed”/);
  assert.doesNotMatch(river, /river_with_city_discard/);
  assert.equal(en.setupError({ error: 'expansion_not_supported', expansion: 'shrines' }), 'Heretics & Shrines is not available in this version yet');
  assert.equal(en.apiError({ kind: 'store', error: { kind: 'duplicate_name', name: 'Ann' } }), 'there is already a profile called Ann');
  assert.equal(en.refusal({ reason: 'not_away_long_enough', seat: 1, seconds_left: 12 }), 'That player left only a moment ago: a bot may take the seat in 12 s.');
  assert.equal(en.refusal({ reason: 'wrong_room' }), 'No table has this room code.');
  assert.equal(en.refusal({ reason: 'too_many_guesses', retry_after: 30 }), 'Too many wrong room codes from this device: try again in 30 s.');
  assert.equal(en.refusal({ reason: 'not_saved' }), 'The host could not save the table (is its disk full?), so nothing changed. Try again.');
  assert.equal(en.apiError({ kind: 'lan', problem: 'no_answer', detail: null }), 'the table did not answer in time');
  assert.equal(en.apiError({ kind: 'lan', problem: 'cannot_host', detail: 'Address in use (os error 98)' }), 'the table cannot be hosted: Address in use (os error 98)');
  assert.equal(en.apiError({ kind: 'store', error: { kind: 'game_damaged', game: 3, expected: 60, readable: 11 } }), 'saved game 3 is damaged: only 11 of its 60 moves can be read. It was left as it is');
  assert.equal(en.apiError({ kind: 'forbidden', reason: 'wrong_token' }), 'this page is from an earlier start of the app: reload it');
  assert.equal(en.apiError({ kind: 'settings', problem: 'cannot_write', detail: 'No space left on device (os error 28)' }), 'the settings cannot be saved: No space left on device (os error 28)');
});
