// English words of why a move is played (issue 30 item 5): a hint's whole move and the
// reasons the engine read from it (the Rust `Reason` facts), for hints and the bots' turns.
// Spread at the end of `en` (en.ts); fr-why.ts has the same keys.
import type { FeatureKind, FollowerKind, Reason } from '../bindings';

const plurals = new Intl.PluralRules('en');
const plural = (n: number, one: string, many: string): string => `${n} ${plurals.select(n) === 'one' ? one : many}`;

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
function andList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const A: Record<FeatureKind, string> = { road: 'a road', city: 'a city', field: 'a field', monastery: 'a monastery', shrine: 'a shrine', garden: 'a garden', river: 'a river', volcano: 'a volcano' };
/** "in a city", "on a road". */
const IN = (k: FeatureKind | null): string => (k === 'road' || k === 'river' ? 'on' : 'in');
const THE: Record<FeatureKind, string> = { road: 'road', city: 'city', field: 'field', monastery: 'monastery', shrine: 'shrine', garden: 'garden', river: 'river', volcano: 'volcano' };

/** A follower by the role it takes on a feature: a knight in a city, a thief on a road... */
function role(follower: FollowerKind, kind: FeatureKind | null): string {
  if (follower === 'abbot') return 'The abbot';
  if (follower === 'big_meeple') return 'The big meeple';
  switch (kind) {
    case 'city':
      return 'A knight';
    case 'road':
      return 'A thief';
    case 'field':
      return 'A farmer';
    case 'monastery':
    case 'shrine':
      return 'A monk';
    default:
      return 'A meeple';
  }
}

/** One reason of a move, as a sentence; `name` names a seat. */
function reason(r: Reason, name: (seat: number) => string): string {
  switch (r.reason) {
    case 'completes':
      return r.features > 1
        ? `Completes ${A[r.kind]} and ${plural(r.features - 1, 'other feature', 'other features')}: ${plural(r.points, 'point', 'points')}`
        : `Completes ${A[r.kind]}: ${plural(r.points, 'point', 'points')}`;
    case 'takes_over':
      return `Takes over ${andList(r.rivals.map(name))}’s ${THE[r.kind]}: more followers on it`;
    case 'shares':
      return `Shares ${andList(r.rivals.map(name))}’s ${THE[r.kind]}: as many followers, both score it`;
    case 'blocks':
      return r.kind === 'monastery' || r.kind === 'shrine' || r.kind === 'garden'
        ? `Leaves a hole beside ${andList(r.rivals.map(name))}’s ${THE[r.kind]}: it can never be surrounded`
        : `Leaves a hole on ${andList(r.rivals.map(name))}’s ${THE[r.kind]}: it can never be completed`;
    case 'cloister':
      return `${role(r.follower, r.kind)} ${IN(r.kind)} ${A[r.kind]} with ${r.neighbours} of 8 tiles around it: ${plural(r.points, 'point', 'points')} now, 9 when surrounded`;
    case 'claims':
      return `${role(r.follower, r.kind)} ${IN(r.kind)} ${A[r.kind]} of ${plural(r.tiles, 'tile', 'tiles')}: ${plural(r.points, 'point', 'points')} if completed now`;
    case 'farms':
      if (!r.cities) return `${role(r.follower, 'field')} in a field with no completed city yet: it pays when the cities beside it are completed`;
      return `${role(r.follower, 'field')} in a field supplying ${plural(r.cities, 'completed city', 'completed cities')}: ${plural(r.points, 'point', 'points')} at the end as it stands`;
    case 'grows':
      return `Grows its ${THE[r.kind]} to ${plural(r.tiles, 'tile', 'tiles')}: ${plural(r.points, 'point', 'points')} if completed now`;
    case 'keeps_followers':
      return `Keeps its followers back (${r.left} in supply)`;
    case 'quiet':
      return `Nothing to score or claim: one of the ${r.ways} ways the tile fits`;
  }
}

export const whyWords = {
  reason,
  /** A bot's turn in the log: why it played so. */
  botWhy: (sentence: string) => `Why: ${sentence}`,
  /** A hint's whole move: the cell, the turn of the tile, then the follower (null: none). */
  hintMove: (x: number, y: number, rotation: number, follower: { kind: FollowerKind; feature: FeatureKind | null } | null) =>
    `Tile at (${x}, ${y})${rotation ? `, turned ${rotation * 90}°` : ''}, then ${follower ? `${role(follower.kind, follower.feature).replace(/^A /, 'a ').replace(/^The /, 'the ')} ${follower.feature ? `${IN(follower.feature)} the ${THE[follower.feature]}` : 'on the tile'}` : 'no follower'}`,
  /** A hint with no reason to tell. */
  hintNoReason: 'The best move the hint bot found',
};
