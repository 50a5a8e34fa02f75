// English words of the board's descriptions for screen readers (issue 33 item 5): each placed
// tile (its cell, features, followers and whose), each legal cell with the ways the tile fits
// there, and the decision asked now. Spread at the end of `en` (en.ts); fr-describe.ts follows it.
import type { FeatureKind, FollowerKind, Side, Terrain } from '../bindings';

const plurals = new Intl.PluralRules('en');
const plural = (n: number, one: string, many: string): string => `${n} ${plurals.select(n) === 'one' ? one : many}`;
const andList = (xs: string[]): string => new Intl.ListFormat('en').format(xs);

const SIDE: Record<Side, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };
const FEATURE: Record<FeatureKind, string> = { city: 'city', road: 'road', river: 'river', field: 'field', monastery: 'monastery', shrine: 'shrine', garden: 'garden', volcano: 'volcano' };
const TERRAIN: Record<Terrain, string> = { city: 'city', road: 'road', river: 'river', field: 'field', internal: 'field' };
const FOLLOWER: Record<FollowerKind, string> = { meeple: 'meeple', big_meeple: 'big meeple', abbot: 'abbot' };

/** What marks a feature: its shields, a cathedral, an inn, a siege. */
export type FeatureMark = 'cathedral' | 'inn' | 'besieged';
const MARK: Record<FeatureMark, string> = { cathedral: 'cathedral', inn: 'inn', besieged: 'besieged' };

export const describeWords = {
  /** A feature of a tile as it lies: "city north and east (1 shield, cathedral)". */
  describeFeature: (kind: FeatureKind, sides: Side[], shields: number, marks: FeatureMark[]): string => {
    const extra = [...(shields > 0 ? [plural(shields, 'shield', 'shields')] : []), ...marks.map((m) => MARK[m])];
    return `${FEATURE[kind]}${sides.length ? ` ${andList(sides.map((s) => SIDE[s]))}` : ''}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  },
  /** A follower on a tile and whose it is: "Ann’s meeple on the city north". */
  describeFollower: (name: string, kind: FollowerKind, feature: FeatureKind, sides: Side[]): string =>
    `${name}’s ${FOLLOWER[kind]} on the ${FEATURE[feature]}${sides.length ? ` ${andList(sides.map((s) => SIDE[s]))}` : ''}`,
  /** A placed tile: its cell, its features, the followers on it. */
  describeTile: (x: number, y: number, features: string[], followers: string[]): string =>
    `Tile at (${x}, ${y}): ${features.join('; ')}.${followers.length ? ` ${followers.join('. ')}.` : ' No follower.'}`,
  /** One way a tile fits a cell: the quarter turns clockwise, and what each side then shows (fields left out). */
  describeRotation: (quarterTurns: number, sides: [Terrain, Side[]][]): string => {
    const shown = sides.filter(([k]) => TERRAIN[k] !== 'field');
    return `turned ${quarterTurns * 90}°: ${shown.length ? shown.map(([k, ss]) => `${TERRAIN[k]} ${andList(ss.map((s) => SIDE[s]))}`).join(', ') : 'field all round'}`;
  },
  /** A legal cell and every way the tile fits it. */
  describeSpot: (x: number, y: number, rotations: string[]): string => `Place the tile at (${x}, ${y}), ${plural(rotations.length, 'way', 'ways')}: ${rotations.join('; ')}`,
  /** The legal cells, as a group. */
  describeSpots: (n: number): string => `Cells the tile fits: ${n}`,
  /** The decision asked now, with the tile in hand and where it fits, or the choices. */
  describeDecision: (prompt: string, tile: string | null, cells: number, choices: string[]): string =>
    [/[.!…]$/.test(prompt) ? prompt : `${prompt}.`, tile !== null ? `The tile: ${tile}. It fits ${plural(cells, 'cell', 'cells')}.` : '', choices.length ? `Choices: ${choices.join('; ')}.` : '']
      .filter((s) => s)
      .join(' '),
  /** The tile in hand put down on a cell, not confirmed yet, and how it is turned. */
  describeTentative: (x: number, y: number, rotation: string): string => `Tile put down at (${x}, ${y}), not confirmed, ${rotation}`,
  /** The board's name with what is on it. */
  describeBoard: (tiles: number, followers: number): string => `The board: ${plural(tiles, 'tile', 'tiles')}, ${plural(followers, 'follower', 'followers')}`,
  /** The live region's name. */
  announcements: 'What just happened',
};
