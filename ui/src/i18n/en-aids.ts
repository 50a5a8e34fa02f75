// English words of the learning aids the engine computes (issue 30): dead and single-fit cells,
// projected points. Spread at the end of `en` (en.ts), kept apart so translations follow it.
import type { FeatureKind } from '../bindings';

const plurals = new Intl.PluralRules('en');
const plural = (n: number, one: string, many: string): string => `${n} ${plurals.select(n) === 'one' ? one : many}`;

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
function andList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const FEATURE: Record<FeatureKind, string> = { road: 'Road', city: 'City', field: 'Field', monastery: 'Monastery', shrine: 'Shrine', garden: 'Garden', river: 'River', volcano: 'Volcano' };

export const aidWords = {
  aidsTitle: 'Aids',
  /** A cell no tile still to come fits. */
  holeDead: (x: number, y: number) => `Hole at (${x}, ${y}): no tile still to come fits here`,
  /** A cell only one tile type still to come fits. */
  holeSingle: (x: number, y: number, tile: string) => `Only one kind of tile still to come fits at (${x}, ${y}): ${tile}`,
  showHoles: 'Mark holes and cells only one tile fits',
  showProjection: 'Show each score if the game ended now',
  /** The scoreboard's projected final score, after the score. */
  projectedScore: (n: number) => `If the game ended now: ${plural(n, 'point', 'points')}`,
  projectionTitle: (kind: FeatureKind) => FEATURE[kind] ?? kind,
  /** What an occupied feature scores at the end now, and to whom (nobody: a tie of nobody). */
  projectionAtEnd: (points: number, winners: string[]) =>
    winners.length ? `If the game ended now: ${plural(points, 'point', 'points')} to ${andList(winners)}` : 'If the game ended now: nobody scores it',
  projectionIfCompleted: (points: number) => `If completed now: ${plural(points, 'point', 'points')}`,
  projectionNever: 'Fields are scored only at the end.',
  projectionNone: 'This feature is scored as this turn ends.',
  followerProjection: (who: string) => `${who}’s follower: what it would score`,
  /** The farm view's switch (a button on the board, key V). */
  farmView: 'Farm view: fields in their farmers’ colours (V)',
  /** A field nobody farms. */
  fieldUnowned: 'Field with no farmer',
  /** A field one seat (or several, tied) would score if the game ended now. */
  fieldOwned: (owners: string[], points: number) =>
    owners.length > 1
      ? `Contested field: ${andList(owners)} tie, ${plural(points, 'point', 'points')} each if the game ended now`
      : `Field of ${andList(owners)}: ${plural(points, 'point', 'points')} if the game ended now`,
  /** A completed city next to fields: the seats its farmers' fields pay (none: nobody farms them). */
  /** The setting that switches every aid off. */
  purist: 'Purist play',
  puristNote: 'Every aid off: no hints, bots’ reasons, holes, projected scores, tiles by type or farm view.',
  /** A LAN table where nobody gets an aid (the host's choice, shown in the lobby). */
  tablePurist: 'Purist table: no aids for anyone',
  farmCity: (seats: string[]) => (seats.length ? `Completed city: supplies the fields of ${andList(seats)}` : 'Completed city next to fields nobody farms'),
};
