// English and French say the same things: the same keys (nested objects and functions
// included), the same {placeholders} in a template string, and a function's words carry the
// same facts (its arguments' names and ids, every number) in both languages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ScoreEntry, ScoreLine, TileInfo } from '../../src/bindings';
import { en, type Strings } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';

type Fn = (...args: never[]) => unknown;
type FnKey = { [K in keyof Strings]: Strings[K] extends Fn ? K : never }[keyof Strings];

const line = (entry: Partial<ScoreEntry>, bonus: ScoreLine['bonus'] = null): ScoreLine => ({
  entry: { rule: 'R-BASE-7', kind: 'city', when: 'turn', tiles: [[0, 0], [1, 0], [2, 0]], shields: 2, count: 8, strength: [1, 0], winners: [0], points: 17, ...entry },
  bonus,
});
const tile = (over: Partial<TileInfo>): TileInfo =>
  ({
    id: 'base/x', set: 'base', name: 'n', count: 3, edges: { N: 'city', E: 'road', S: 'field', W: 'road' }, river_role: null, board_position: null,
    features: [
      { id: 'c0', kind: 'city', ports: ['N'], pennants: 1, cathedral: null, besieged: true, inn: null, pig_herd: null, inner: null, borders_cities: null },
      { id: 'r0', kind: 'road', ports: ['E', 'W'], pennants: null, cathedral: null, besieged: null, inn: true, pig_herd: null, inner: null, borders_cities: null },
      { id: 'f0', kind: 'field', ports: ['S'], pennants: null, cathedral: null, besieged: null, inn: null, pig_herd: null, inner: null, borders_cities: ['c0'] },
    ],
    ...over,
  }) as TileInfo;
const seat = (n: number): string => ['Ann', 'Bob', 'Cy'][n] ?? `Seat${n}`;

/** Sample arguments for every function: a key without samples fails the type check. */
const samples: { [K in FnKey]: Parameters<Strings[K]>[] } = {
  historyBranchOf: [[14]],
  bagTile: [[1], [3]],
  tileSetName: [['base'], ['ckr_shrines'], ['siege']],
  chartSummary: [[[['Ann', 31], ['Bob', 27]]]],
  chartTurns: [[1], [24]],
  holeDead: [[2, -1]],
  holeSingle: [[0, 3, 'Ville à 3 côtés']],
  projectedScore: [[1], [42]],
  projectionTitle: [['city'], ['shrine']],
  projectionAtEnd: [[4, []], [4, ['Ann']], [8, ['Ann', 'Bob']]],
  projectionIfCompleted: [[1], [12]],
  fieldOwned: [[['Ann'], 0], [['Ann'], 6], [['Ann', 'Bob'], 3]],
  farmCity: [[[]], [['Ann']], [['Ann', 'Bob']]],
  followerProjection: [['Ann']],
  statsTitle: [['Ann']],
  statsFormGame: [[2, 4, 57, new Date(1764770400000)]],
  statsRecentGames: [[1], [20]],
  statsChartSummary: [[[]], [[31, 57, 44]]],
  statsCategory: [['roads'], ['bonuses']],
  statsPlayers: [[2], [6]],
  statsAheadBehindShort: [[3, 1, 0], [2, 2, 1]],
  statsAheadBehindLong: [[3, 1, 0], [2, 2, 1]],
  percent: [[0.67], [1]],
  decimal: [[8], [15]],
  ordinal: [[1], [2], [23]],
  historyDeleteAsk: [['Ann and Bob']],
  gameStatus: [['playing'], ['finished'], ['abandoned']],
  replaySpeedValue: [[1.5], [2]],
  replayPosition: [[3, 24, 7, 61]],
  homeTurns: [[1], [12]],
  homeAbandonAsk: [['Ann and Bob']],
  homeResume: [['Ann and Bob']],
  botSeat: [['easy', 1], ['hard', 2], ['random', 3]],
  lanTurnTimerMinutes: [[1], [5]],
  recoveryKept: [[1, 1, 0], [2, 3, 1]],
  recoveryLost: [[1], [4]],
  recoveryKeptAt: [['/home/ann/carcassonne.sqlite3.damaged-1700000000']],
  tutorialStepOf: [[1, 8], [8, 8]],
  ago: [[5], [300], [7200], [3 * 86400], [30 * 86400]],
  dateTime: [[1764770400]],
  andList: [[[]], [['Ann']], [['Ann', 'Bob', 'Cy']]],
  labelled: [['Expansions']],
  clauses: [['Ann 12', '3 meeples']],
  profileDeleteAsk: [['Ann']],
  profileStats: [[12, 5, 73.5, 98]],
  colourName: [['#1f6fd1'], ['#E8C21C'], ['#123456']],
  seatN: [[3]],
  guestDefault: [[4]],
  saveGuest: [['Ann']],
  guestSaved: [['Ann']],
  botOption: [['Medium']],
  tilesCount: [[0], [1], [18]],
  ms: [[600], [1200]],
  tilesLeft: [[1], [42]],
  featureShort: [['city'], ['field'], ['shrine'], ['volcano']],
  hintMove: [
    [2, -1, 0, null],
    [2, -1, 1, { kind: 'meeple', feature: 'city' }],
    [0, 3, 3, { kind: 'big_meeple', feature: 'road' }],
    [1, 1, 2, { kind: 'meeple', feature: 'field' }],
    [1, 1, 2, { kind: 'abbot', feature: 'garden' }],
  ],
  botWhy: [['Completes-A-City']],
  reason: [
    [{ reason: 'completes', kind: 'city', features: 1, points: 8 }, seat],
    [{ reason: 'completes', kind: 'road', features: 3, points: 17 }, seat],
    [{ reason: 'takes_over', kind: 'city', rivals: [1] }, seat],
    [{ reason: 'shares', kind: 'road', rivals: [1, 2] }, seat],
    [{ reason: 'blocks', kind: 'city', rivals: [1] }, seat],
    [{ reason: 'blocks', kind: 'monastery', rivals: [1, 2] }, seat],
    [{ reason: 'cloister', kind: 'monastery', follower: 'meeple', neighbours: 5, points: 6 }, seat],
    [{ reason: 'cloister', kind: 'garden', follower: 'abbot', neighbours: 2, points: 3 }, seat],
    [{ reason: 'claims', kind: 'city', follower: 'meeple', tiles: 3, points: 10 }, seat],
    [{ reason: 'claims', kind: 'road', follower: 'big_meeple', tiles: 1, points: 1 }, seat],
    [{ reason: 'farms', follower: 'meeple', cities: 2, points: 6 }, seat],
    [{ reason: 'farms', follower: 'meeple', cities: 0, points: 0 }, seat],
    [{ reason: 'grows', kind: 'city', tiles: 5, points: 14 }, seat],
    [{ reason: 'keeps_followers', left: 7 }, seat],
    [{ reason: 'quiet', ways: 12 }, seat],
  ],
  kindLeft: [['big_meeple', 1]],
  placeHere: [[2, -3]],
  turnOf: [['Ann']],
  passDevice: [['Ann']],
  decides: [['Ann']],
  botThinking: [['Ann']],
  quarter: [['castle'], ['blacksmith']],
  holder: [['Ann', 7]],
  follower: [['big_meeple'], ['abbot']],
  supply: [['meeple', 1], ['big_meeple', 0], ['abbot', 2], ['meeple', 7]],
  seatScore: [['Ann', 42]],
  countShort: [[3]],
  winner: [[['Ann']], [['Ann', 'Bob']]],
  rank: [[1], [2], [5]],
  points: [[0], [1], [12]],
  lanNotAdvertised: [['Mdns-Off']],
  lanSaved: [['Friday Table', 'QWER', 'Ann, Bob', 23, true], ['Friday Table', 'QWER', 'Ann', 0, false]],
  rejoinSeat: [['QWER', '192.168.1.20:7878', 'Ann']],
  rejoinWatch: [['QWER', '192.168.1.20:7878']],
  rejoinForgetAsk: [['QWER']],
  lanSavedProblem: [['Disk-Gone']],
  lanSaveError: [['Disk-Gone']],
  waitingFor: [['Ann']],
  tableFairBad: [['Bad-Seed']],
  tableCountdown: [['Ann', 'turn', 'host', 25], ['Bob', 'commit', 'timer', 9]],
  tableHandedOver: [['Ann', 'away'], ['Ann', 'timer'], ['Ann', 'host']],
  galleryTitle: [[114, 230], [3, 0]],
  gallerySet: [['Siege', 'siege', 4, 4]],
  galleryLoadError: [['HTTP 404']],
  tileName: [[tile({})], [tile({ board_position: { col: 2, row: 1 } })], [tile({ river_role: 'fork' })]],
  offline: [['lost'], ['not_connected'], ['no_table']],
  expansionName: [['base'], ['city_of_carcassonne'], ['siege']],
  expansionBlurb: [['base'], ['river2']],
  optionName: [['farmers'], ['unknown_Option']],
  optionBlurb: [['count_moves'], ['tiny_city'], ['king_robber_scoring']],
  optionValue: [
    ['count_moves', 'clockwise'],
    ['farmers', true],
    ['king_robber_scoring', 'flat15_40'],
    ['king_robber_scoring', 'continuous'],
    ['tiny_city', false],
    ['tiny_city', true],
  ],
  botBlurb: [['hard'], ['random']],
  botName: [['medium', 'Catalogue-Name'], ['grandmaster', 'Grandmaster']],
  turnPlaced: [['Ann', 2, -1]],
  turnEvent: [
    [{ event: 'deployed', seat: 0, kind: 'meeple', at: [0, 1], feature_kind: 'field' }, seat],
    [{ event: 'redeployed', seat: 1, kind: 'big_meeple', from: 'market', at: [0, 1], feature_kind: 'road' }, seat],
    [{ event: 'entered_city', seat: 2, kind: 'abbot', quarter: 'cathedral' }, seat],
    [{ event: 'count_moved', quarter: 'castle' }, seat],
    [{ event: 'abbot_recalled', seat: 0, at: [1, 1] }, seat],
    [{ event: 'knight_escaped', seat: 1, at: [1, 1] }, seat],
    [{ event: 'king_taken', seat: 0, tiles: 5 }, seat],
    [{ event: 'robber_taken', seat: 1, tiles: 1 }, seat],
  ],
  scoreUnclaimed: [[line({ kind: 'road', rule: 'R-BASE-6', winners: [] })]],
  turnDiscarded: [[1], [2]],
  decisionPrompt: [
    ['Ann', { seat: 0, kind: 'place_tile', tile: 'base/start' }],
    ['Ann', { seat: 0, kind: 'deploy', at: [0, 1] }],
    ['Ann', { seat: 0, kind: 'redeploy', at: [0, 1], feature: 'c0', quarter: 'market' }],
    ['Ann', { seat: 0, kind: 'city_deploy' }],
    ['Ann', { seat: 0, kind: 'move_count', count: 'castle' }],
    ['Ann', { seat: 0, kind: 'escape' }],
    ['Ann', { seat: 0, kind: 'final_redeploy' }],
  ],
  choiceLabel: [
    [{ kind: 'deploy', follower: 'meeple' }, 'field'],
    [{ kind: 'deploy', follower: 'abbot' }, 'garden'],
    [{ kind: 'pass', declined: 'city_deploy' }, null],
    [{ kind: 'recall_abbot' }, null],
    [{ kind: 'redeploy', follower: 'big_meeple', quarter: 'blacksmith' }, 'road'],
    [{ kind: 'redeploy', follower: 'meeple', quarter: null }, null],
    [{ kind: 'city_deploy', follower: 'meeple', quarter: 'cathedral' }, null],
    [{ kind: 'move_count', quarter: 'market' }, null],
    [{ kind: 'escape' }, null],
    [{ kind: 'final_redeploy', follower: 'meeple' }, 'monastery'],
    [{ kind: 'place' }, null],
  ],
  scoreText: [
    [line({}), ['Ann']],
    [line({ kind: 'road', when: 'final', rule: 'R-BASE-12', points: 4 }), ['Ann', 'Bob']],
    [line({ kind: 'field', when: 'final', count: 2, points: 6 }), ['Cy']],
    [line({ kind: 'shrine', when: 'recall', count: 5, points: 6 }), ['Bob']],
    [line({ kind: 'city', when: 'final', count: 5, points: 5, rule: 'R-CKR-9' }, 'king'), ['Ann']],
    [line({ kind: 'road', when: 'final', count: 3, points: 3, rule: 'R-CKR-9' }, 'robber_baron'), []],
  ],
  apiError: [
    [{ kind: 'illegal_move', error: { error: 'edge_mismatch', side: 'N' }, rule: 'R-BASE-2' }],
    [{ kind: 'invalid_setup', problems: [{ problem: 'seated_twice', name: 'Ann' }, { problem: 'guest_name', seat: 2, reason: 'too_long' }] }],
    [{ kind: 'stale_state', expected: 12, got: 11 }],
    [{ kind: 'not_found', what: 'table_link', id: 7 }],
    [{ kind: 'lan', problem: 'cannot_connect', detail: 'Refused-By-Peer' }],
    [{ kind: 'nothing_to_undo' }],
  ],
  playError: [
    [{ error: 'not_your_turn', seat: 1, expected: 2 }],
    [{ error: 'wrong_action', expected: 'deploy, pass or recall_abbot' }],
    [{ error: 'position_taken', at: [3, -4] }],
    [{ error: 'not_occupiable', feature: 'F7', follower: 'abbot' }],
    [{ error: 'quarter_not_allowed', quarter: 'market', follower: 'abbot' }],
    [{ error: 'not_a_redeploy_target', at: [5, 6], feature: 'C2' }],
    [{ error: 'city_deploy_not_earned' }],
    [{ error: 'scored_from_the_city' }],
    [{ error: 'count_moves_by_itself' }],
  ],
  setupError: [
    [{ error: 'too_few_players', min: 2, got: 1 }],
    [{ error: 'too_many_players', max: 5, got: 6 }],
    [{ error: 'expansion_not_supported', expansion: 'cathars' }],
    [{ error: 'unknown_tile', tile: 'Base/Nope' }],
    [{ error: 'river_with_city' }],
  ],
  setupProblem: [[{ problem: 'unknown_bot', seat: 3, bot: 'Grandmaster' }], [{ problem: 'same_colour', name: 'Ann' }]],
  storeError: [
    [{ kind: 'damaged', path: '/Data/games.db', problems: ['Page-3', 'Index-9'] }],
    [{ kind: 'game_damaged', game: 12, expected: 40, readable: 31 }],
    [{ kind: 'newer_schema', found: 9, supported: 7 }],
    [{ kind: 'invalid_bot', bot: 'Bad Bot' }],
    [{ kind: 'game_not_playing', id: 5, status: 'finished' }],
  ],
  tableUndoAsked: [['Ann']],
  tableAwayBots: [['Medium']],
  tableAskSeat: [['Bot 2']],
  tableSeatAsked: [['Eve', 'Bot 2']],
  tableSeatWaiting: [['Bot 2']],
  tableUndoWaiting: [[['Bob', 'Cy']]],
  tableUndoDeclined: [['Bob']],
  tableUndone: [['Ann']],
  refusal: [
    [{ reason: 'illegal', error: { error: 'no_escape' } }],
    [{ reason: 'too_many_guesses', retry_after: 30 }],
    [{ reason: 'version_mismatch', host: 4, client: 3 }],
    [{ reason: 'stale', current: 18, got: 17 }],
    [{ reason: 'wrong_room' }],
    [{ reason: 'bad_chat' }],
    [{ reason: 'nothing_to_undo' }],
  ],
  fairProblem: [
    [{ check: 'unfair', reason: { problem: 'malformed', what: 'commitment' } }],
    [{ check: 'unfair', reason: { problem: 'draws_differ', index: 9 } }],
    [{ check: 'desync', desync: { desync: 'history_rewritten', actions: 30, seen: 32 } }],
    [{ check: 'desync', desync: { desync: 'unannounced_undo', kept: 20, seen: 32 } }],
    [{ check: 'not_checked' }],
    [{ check: 'draw_differs', draw: 7, reason: { problem: 'replay', error: null } }],
  ],
  fairDrawDiffers: [[5], [41]],
  tableTurnTimer: [[null], [60], [120], [90], [1]],
  errorUnexpected: [['TypeError-X']],
  describeFeature: [['city', ['N', 'E'], 1, ['cathedral']], ['road', ['E', 'W'], 0, ['inn']], ['monastery', [], 0, []], ['city', ['S'], 2, ['besieged']]],
  describeFollower: [['Ann', 'meeple', 'city', ['N']], ['Eve', 'big_meeple', 'field', ['S', 'W']], ['Bob', 'abbot', 'monastery', []]],
  describeTile: [[2, -1, ['city N', 'road E'], ['Ann M']], [0, 0, ['monastery'], []]],
  describeRotation: [[0, [['city', ['N']], ['road', ['E', 'W']], ['field', ['S']]]], [3, [['field', ['N', 'E', 'S', 'W']]]]],
  describeSpot: [[1, 0, ['R0']], [-2, 3, ['R1', 'R2']]],
  describeSpots: [[1], [7]],
  describeDecision: [['Ann: Place', 'City road', 4, []], ['Ann: Deploy', null, 0, ['Meeple City', 'None']], ['Game over!', null, 0, []]],
  describeBoard: [[1, 0], [72, 9]],
  describeTentative: [[3, -1, 'R90']],
  rulesFor: [['Inns & Cathedrals'], ['The River']],
  ruleLink: [['R-BASE-7'], ['R-CKR-13']],
};

/** Words that are the same in both languages. */
const SAME: ReadonlySet<string> = new Set(['1 point', '12 points', '3 – 1', '100 %']);

/** The facts a text carries: every number in it, and each of the arguments' names and ids (words with a capital or a digit) that it shows. */
function facts(text: string, args: unknown[]): string[] {
  const numbers = text.match(/\d+/g) ?? [];
  const leaves: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') leaves.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  args.forEach(walk);
  const names = leaves.filter((s) => s.length > 1 && /[A-Z0-9]/.test(s) && !/^#/.test(s) && text.includes(s));
  return [...new Set([...numbers.map((n) => `#${n}`), ...names])].sort();
}

/** Every path of `o`, with what lies there: 'string', 'function' or a nested object's keys. */
function shape(o: object, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    const p = path ? `${path}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [q, w] of shape(v, p)) out.set(q, w);
    else out.set(p, typeof v);
  }
  return out;
}

test('English and French have the same keys, nested ones included, and the same kinds of value', () => {
  const a = shape(en);
  const b = shape(fr);
  assert.deepEqual([...a.keys()].filter((k) => !b.has(k)), [], 'in English only');
  assert.deepEqual([...b.keys()].filter((k) => !a.has(k)), [], 'in French only');
  for (const [k, kind] of a) assert.equal(b.get(k), kind, k);
});

test('a template string has the same {placeholders} in both languages', () => {
  const holes = (s: string): string[] => [...new Set(s.match(/\{\w+\}/g) ?? [])].sort();
  for (const [k, kind] of shape(en)) {
    if (kind !== 'string') continue;
    const get = (o: object): string => k.split('.').reduce((x: unknown, p) => (x as Record<string, unknown>)[p], o) as string;
    assert.deepEqual(holes(get(fr)), holes(get(en)), k);
  }
});

test('every function says the same facts in both languages', () => {
  const fns = Object.keys(en).filter((k) => typeof en[k as keyof Strings] === 'function');
  assert.deepEqual(fns.filter((k) => !(k in samples)), [], 'functions without samples');
  for (const k of fns) {
    for (const args of samples[k as FnKey] as unknown[][]) {
      const e = (en[k as FnKey] as (...a: unknown[]) => string)(...args);
      const f = (fr[k as FnKey] as (...a: unknown[]) => string)(...args);
      assert.equal(typeof f, typeof e, k);
      const label = `${k}(${JSON.stringify(args)}): “${e}” / “${f}”`;
      assert.deepEqual(facts(f, args), facts(e, args), label);
      // a word said the same in both is rare: a label with coordinates, or a code shown as it is
      if (e.length > 3 && !args.includes(e) && !SAME.has(e)) assert.notEqual(f, e, `${label}: not translated`);
    }
  }
});

test('the key check sees a nested key missing and a function given as a string', () => {
  assert.notDeepEqual(shape({ a: { b: 'x' } }), shape({ a: { c: 'x' } }));
  assert.notDeepEqual(shape({ a: () => 'x' }), shape({ a: 'x' }));
});

test('the facts check sees a number or a name missing', () => {
  assert.notDeepEqual(facts('Ann marque 8 points', ['Ann']), facts('Ann scores 9', ['Ann']));
  assert.notDeepEqual(facts('marque 8 points', ['Ann']), facts('Ann scores 8', ['Ann']));
  assert.deepEqual(facts('Ann marque 1 200 points', ['Ann']), facts('Ann scores 1,200', ['Ann']));
});

test('French plurals and numbers go through Intl: 0 and 1 are singular, thousands are grouped', () => {
  assert.equal(fr.points(0), '0 point');
  assert.equal(fr.points(1), '1 point');
  assert.equal(fr.points(2), '2 points');
  assert.equal(fr.tilesLeft(1), '1 tuile restante');
  assert.equal(fr.points(1200), `${new Intl.NumberFormat('fr').format(1200)} points`);
  assert.equal(fr.scoreText(line({}), ['Ann', 'Bob']), 'Ann et Bob marquent 17 points pour la ville complétée de 3 tuiles et 2 blasons (R-BASE-7)');
  assert.equal(fr.choiceLabel({ kind: 'city_deploy', follower: 'big_meeple', quarter: 'blacksmith' }, null), 'Grand meeple dans le quartier de la Forge');
});

/** Every French sentence the app can say: the strings, and each function on its samples. */
function frenchSentences(): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, kind] of shape(fr)) {
    if (kind !== 'string') continue;
    out.push([k, k.split('.').reduce((x: unknown, p) => (x as Record<string, unknown>)[p], fr) as string]);
  }
  for (const k of Object.keys(samples) as FnKey[]) {
    for (const args of samples[k] as unknown[][]) out.push([k, String((fr[k] as (...a: unknown[]) => unknown)(...args))]);
  }
  return out;
}

test('French puts a no-break space before “:”, “;”, “?” and “!”, and never a plain one', () => {
  const plain = frenchSentences().filter(([, s]) => / [:;?!]/.test(s));
  assert.deepEqual(plain.map(([k, s]) => `${k}: ${s}`), []);
  assert.ok(/ [:;?!]/.test('Minuteur de tour : aucun'), 'the check sees a plain space');
  assert.ok(!/ [:;?!]/.test('Minuteur de tour\u00a0: aucun'));
});
