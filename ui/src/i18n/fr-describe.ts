// Les descriptions du plateau pour les lecteurs d’écran (en-describe.ts en français) : chaque
// tuile posée (sa case, ses zones, ses meeples et à qui), chaque case où la tuile va avec ses
// orientations, et la décision demandée.
import type { FeatureKind, FollowerKind, Side, Terrain } from '../bindings';
import type { FeatureMark } from './en-describe';

const plurals = new Intl.PluralRules('fr');
const plural = (n: number, one: string, many: string): string => `${n} ${plurals.select(n) === 'one' ? one : many}`;
const andList = (xs: string[]): string => new Intl.ListFormat('fr').format(xs);

const SIDE: Record<Side, string> = { N: 'au nord', E: 'à l’est', S: 'au sud', W: 'à l’ouest' };
const FEATURE: Record<FeatureKind, string> = { city: 'ville', road: 'route', river: 'rivière', field: 'pré', monastery: 'abbaye', shrine: 'lieu de culte', garden: 'jardin', volcano: 'volcan' };
/** A feature after "sur" / "dans": with its article. */
const ON: Record<FeatureKind, string> = { city: 'dans la', road: 'sur la', river: 'sur la', field: 'dans le', monastery: 'dans l’', shrine: 'sur le', garden: 'dans le', volcano: 'sur le' };
const TERRAIN: Record<Terrain, string> = { city: 'ville', road: 'route', river: 'rivière', field: 'pré', internal: 'pré' };
const FOLLOWER: Record<FollowerKind, string> = { meeple: 'meeple', big_meeple: 'grand meeple', abbot: 'abbé' };
const MARK: Record<FeatureMark, string> = { cathedral: 'cathédrale', inn: 'auberge', besieged: 'assiégée' };

export const frDescribeWords = {
  describeFeature: (kind: FeatureKind, sides: Side[], shields: number, marks: FeatureMark[]): string => {
    const extra = [...(shields > 0 ? [plural(shields, 'blason', 'blasons')] : []), ...marks.map((m) => MARK[m])];
    return `${FEATURE[kind]}${sides.length ? ` ${andList(sides.map((s) => SIDE[s]))}` : ''}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  },
  describeFollower: (name: string, kind: FollowerKind, feature: FeatureKind, sides: Side[]): string => {
    const of = /^[aeiouyàâéèêëîïôöûü]/i.test(name) ? 'd’' : 'de ';
    const on = ON[feature];
    return `${FOLLOWER[kind].charAt(0).toUpperCase()}${FOLLOWER[kind].slice(1)} ${of}${name} ${on}${on.endsWith('’') ? '' : ' '}${FEATURE[feature]}${sides.length ? ` ${andList(sides.map((s) => SIDE[s]))}` : ''}`;
  },
  describeTile: (x: number, y: number, features: string[], followers: string[]): string =>
    `Tuile en (${x}, ${y}) : ${features.join(' ; ')}.${followers.length ? ` ${followers.join('. ')}.` : ' Aucun meeple.'}`,
  describeRotation: (quarterTurns: number, sides: [Terrain, Side[]][]): string => {
    const shown = sides.filter(([k]) => TERRAIN[k] !== 'pré');
    return `tournée de ${quarterTurns * 90}° : ${shown.length ? shown.map(([k, ss]) => `${TERRAIN[k]} ${andList(ss.map((s) => SIDE[s]))}`).join(', ') : 'pré tout autour'}`;
  },
  describeSpot: (x: number, y: number, rotations: string[]): string => `Placer la tuile en (${x}, ${y}), ${plural(rotations.length, 'orientation', 'orientations')} : ${rotations.join(' ; ')}`,
  describeSpots: (n: number): string => `Cases où la tuile va : ${n}`,
  describeDecision: (prompt: string, tile: string | null, cells: number, choices: string[]): string =>
    [/[.!…]$/.test(prompt) ? prompt : `${prompt}.`, tile !== null ? `La tuile : ${tile}. Elle va sur ${plural(cells, 'case', 'cases')}.` : '', choices.length ? `Choix : ${choices.join(' ; ')}.` : '']
      .filter((s) => s)
      .join(' '),
  describeTentative: (x: number, y: number, rotation: string): string => `Tuile posée en (${x}, ${y}), pas encore validée, ${rotation}`,
  describeBoard: (tiles: number, followers: number): string => `Le plateau : ${plural(tiles, 'tuile', 'tuiles')}, ${plural(followers, 'meeple', 'meeples')}`,
  announcements: 'Ce qui vient de se passer',
};
