// English words for the facts the API sends about play: what a decision asks, what a choice
// does, what a scoring was for. Spread into `en` (en.ts); plurals go through Intl.PluralRules.
import type { ChoiceLabel, Decision, FeatureKind, FollowerKind, Quarter, ScoreLine, TurnEvent } from '../bindings';

const plurals = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en');
/** "1 tile", "3 tiles". */
const count = (n: number, one: string, many: string): string => `${numbers.format(n)} ${plurals.select(n) === 'one' ? one : many}`;

const FOLLOWER: Record<FollowerKind, string> = { meeple: 'Meeple', big_meeple: 'Big meeple', abbot: 'Abbot' };
const QUARTER: Record<Quarter, string> = { castle: 'castle', market: 'market', blacksmith: 'blacksmith', cathedral: 'cathedral' };

/** A feature as a choice names it: "city", "field (farmer)"; "feature" when unknown. */
function featureName(k: FeatureKind | null | undefined): string {
  if (!k) return 'feature';
  return k === 'field' ? 'field (farmer)' : k;
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
function andList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a decision asks, after the seat's name. */
function asked(d: Decision): string {
  switch (d.kind) {
    case 'place_tile':
      return 'place the tile';
    case 'deploy':
      return 'deploy a follower on the tile, or pass';
    case 'redeploy':
      return `move followers from the ${QUARTER[d.quarter]} quarter onto the feature being scored, or pass`;
    case 'city_deploy':
      return 'put a follower into the City of Carcassonne, or pass';
    case 'move_count':
      return 'move the Count, or leave him';
    case 'escape':
      return 'let a knight escape from a besieged city, or pass';
    case 'final_redeploy':
      return 'move a follower out of the city onto a feature, or pass';
  }
}

const PASS: Record<Extract<ChoiceLabel, { kind: 'pass' }>['declined'], string> = {
  place_tile: 'Pass',
  deploy: 'No follower',
  redeploy: 'Done',
  final_redeploy: 'Done',
  city_deploy: 'Stay out of the city',
  move_count: 'Leave the Count',
  escape: 'No escape',
};

/** A choice's label: "Meeple on the city", "No follower", "Count to the market quarter". */
function choice(l: ChoiceLabel, feature: FeatureKind | null | undefined): string {
  const on = featureName(feature);
  switch (l.kind) {
    case 'deploy':
      return `${FOLLOWER[l.follower]} on the ${on}`;
    case 'pass':
      return PASS[l.declined];
    case 'recall_abbot':
      return 'Take the abbot back (scores now)';
    case 'redeploy':
      return l.quarter ? `${FOLLOWER[l.follower]} from the ${QUARTER[l.quarter]} quarter onto the ${on}` : `${FOLLOWER[l.follower]} from the city`;
    case 'city_deploy':
      return `${FOLLOWER[l.follower]} into the ${QUARTER[l.quarter]} quarter`;
    case 'move_count':
      return `Count to the ${QUARTER[l.quarter]} quarter`;
    case 'escape':
      return 'Knight escapes from the besieged city';
    case 'final_redeploy':
      return `${FOLLOWER[l.follower]} from the city onto the ${on}`;
    case 'place':
      return 'Place the tile';
  }
}

/** What a scoring was for: "completed city of 3 tiles and 1 shield", "the King (completed cities)". */
function scored(l: ScoreLine): string {
  if (l.bonus === 'king') return 'King (completed cities)';
  if (l.bonus === 'robber_baron') return 'Robber Baron (completed roads)';
  const e = l.entry;
  const done = e.when === 'turn' ? 'completed' : 'unfinished';
  const tiles = count(e.tiles.length, 'tile', 'tiles');
  switch (e.kind) {
    case 'road':
      return `${done} road of ${tiles}`;
    case 'city':
      return e.shields > 0 ? `${done} city of ${tiles} and ${count(e.shields, 'shield', 'shields')}` : `${done} city of ${tiles}`;
    case 'field':
      return `field supplying ${count(e.count, 'completed city', 'completed cities')}`;
    case 'monastery':
    case 'shrine':
    case 'garden':
      return `${e.kind} with ${count(e.count, 'neighbour', 'neighbours')}`;
    default:
      return e.kind;
  }
}

/** A scoring in a sentence, with the rule applied: "Ann scores 8 for the completed city of 3 tiles and 1 shield (R-BASE-7)". */
function scoreText(l: ScoreLine, winners: string[]): string {
  const e = l.entry;
  const what = `${scored(l)}${e.when === 'recall' ? ' (abbot taken back)' : ''}`;
  if (!winners.length) return `Nobody scores the ${what} (${e.rule})`;
  const verb = winners.length === 1 ? 'scores' : 'score';
  return `${andList(winners)} ${verb} ${e.points} for the ${what} (${e.rule})`;
}

/** A turn's placement: "Ann placed a tile at (2, −1)". */
function turnPlaced(name: string, x: number, y: number): string {
  return `${name} placed a tile at (${x}, ${y})`;
}

/** What else a turn did, after the seat's name where it names one: "Meeple on the city". */
function turnEvent(e: TurnEvent, name: (seat: number) => string): string {
  switch (e.event) {
    case 'deployed':
      return `${FOLLOWER[e.kind]} on the ${featureName(e.feature_kind)}`;
    case 'redeployed':
      return `${name(e.seat)}: ${FOLLOWER[e.kind]} from the ${QUARTER[e.from]} quarter onto the ${featureName(e.feature_kind)}`;
    case 'entered_city':
      return `${name(e.seat)}: ${FOLLOWER[e.kind]} into the ${QUARTER[e.quarter]} quarter`;
    case 'count_moved':
      return `The Count to the ${QUARTER[e.quarter]} quarter`;
    case 'abbot_recalled':
      return `${name(e.seat)} took the abbot back`;
    case 'knight_escaped':
      return `${name(e.seat)}: a knight escaped from the besieged city`;
    case 'king_taken':
      return `${name(e.seat)} takes the King (city of ${count(e.tiles, 'tile', 'tiles')})`;
    case 'robber_taken':
      return `${name(e.seat)} takes the Robber Baron (road of ${count(e.tiles, 'tile', 'tiles')})`;
  }
}

/** A scoring nobody won, folded into its turn: "Completed road of 3 tiles, nobody's (R-BASE-6)". */
function scoreUnclaimed(l: ScoreLine): string {
  const what = scored(l);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}, nobody’s (${l.entry.rule})`;
}

export const words = {
  turnPlaced,
  turnEvent,
  scoreUnclaimed,
  /** Tiles that fit nowhere and left the game before this one. */
  turnDiscarded: (n: number): string => `${count(n, 'tile', 'tiles')} fit nowhere and left the game (R-BASE-4)`,
  turnFinal: 'Final scoring',
  turnNoFollower: 'No follower',
  /** The pending decision in words: "Ann: place the tile". */
  decisionPrompt: (name: string, d: Decision): string => `${name}: ${asked(d)}`,
  choiceLabel: choice,
  scoreText,
};
