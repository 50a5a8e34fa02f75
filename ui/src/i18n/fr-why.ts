// Les mots du pourquoi d'un coup (issue 30, point 5) : le coup entier d'une suggestion et les
// raisons que le moteur en tire (les faits `Reason` de Rust). Mêmes clés que en-why.ts.
import type { FeatureKind, FollowerKind, Reason } from '../bindings';

const plurals = new Intl.PluralRules('fr');
const numbers = new Intl.NumberFormat('fr');
const plural = (n: number, one: string, many: string): string => `${numbers.format(n)} ${plurals.select(n) === 'one' ? one : many}`;

/** « Ann », « Ann et Bob », « Ann, Bob et Cy ». */
function andList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`;
}

const UN: Record<FeatureKind, string> = { road: 'une route', city: 'une ville', field: 'un pré', monastery: 'une abbaye', shrine: 'un lieu de culte', garden: 'un jardin', river: 'une rivière', volcano: 'un volcan' };
const LE: Record<FeatureKind, string> = { road: 'la route', city: 'la ville', field: 'le pré', monastery: 'l’abbaye', shrine: 'le lieu de culte', garden: 'le jardin', river: 'la rivière', volcano: 'le volcan' };
const SA: Record<FeatureKind, string> = { road: 'sa route', city: 'sa ville', field: 'son pré', monastery: 'son abbaye', shrine: 'son lieu de culte', garden: 'son jardin', river: 'sa rivière', volcano: 'son volcan' };
const FEM: Record<FeatureKind, boolean> = { road: true, city: true, field: false, monastery: true, shrine: false, garden: false, river: true, volcano: false };
/** « dans une ville », « sur une route ». */
const IN = (k: FeatureKind): string => (k === 'road' || k === 'river' ? 'sur' : 'dans');

/** Un partisan selon son rôle : chevalier en ville, brigand sur une route... */
function role(follower: FollowerKind, kind: FeatureKind | null): string {
  if (follower === 'abbot') return 'L’abbé';
  if (follower === 'big_meeple') return 'Le grand meeple';
  switch (kind) {
    case 'city':
      return 'Un chevalier';
    case 'road':
      return 'Un brigand';
    case 'field':
      return 'Un paysan';
    case 'monastery':
    case 'shrine':
      return 'Un moine';
    default:
      return 'Un meeple';
  }
}

function reason(r: Reason, name: (seat: number) => string): string {
  switch (r.reason) {
    case 'completes':
      return r.features > 1
        ? `Complète ${UN[r.kind]} et ${plural(r.features - 1, 'autre zone', 'autres zones')} : ${plural(r.points, 'point', 'points')}`
        : `Complète ${UN[r.kind]} : ${plural(r.points, 'point', 'points')}`;
    case 'takes_over':
      return `Prend ${LE[r.kind]} de ${andList(r.rivals.map(name))} : plus de partisans dessus`;
    case 'shares':
      return `Partage ${LE[r.kind]} de ${andList(r.rivals.map(name))} : autant de partisans, chacun la marque`;
    case 'blocks':
      return r.kind === 'monastery' || r.kind === 'shrine' || r.kind === 'garden'
        ? `Laisse un trou à côté de ${LE[r.kind]} de ${andList(r.rivals.map(name))} : ${FEM[r.kind] ? 'elle' : 'il'} ne sera jamais entouré${FEM[r.kind] ? 'e' : ''}`
        : `Laisse un trou au bord de ${LE[r.kind]} de ${andList(r.rivals.map(name))} : elle ne sera jamais complétée`;
    case 'cloister':
      return `${role(r.follower, r.kind)} ${IN(r.kind)} ${UN[r.kind]} entouré${FEM[r.kind] ? 'e' : ''} de ${plural(r.neighbours, 'tuile', 'tuiles')} sur 8 : ${plural(r.points, 'point', 'points')} maintenant, 9 une fois entouré${FEM[r.kind] ? 'e' : ''}`;
    case 'claims':
      return `${role(r.follower, r.kind)} ${IN(r.kind)} ${UN[r.kind]} de ${plural(r.tiles, 'tuile', 'tuiles')} : ${plural(r.points, 'point', 'points')} si elle était complétée maintenant`;
    case 'farms':
      if (!r.cities) return `${role(r.follower, 'field')} dans un pré sans ville complétée pour l’instant : il rapportera quand les villes voisines seront complétées`;
      return `${role(r.follower, 'field')} dans un pré qui nourrit ${plural(r.cities, 'ville complétée', 'villes complétées')} : ${plural(r.points, 'point', 'points')} à la fin en l’état`;
    case 'grows':
      return `Agrandit ${SA[r.kind]} à ${plural(r.tiles, 'tuile', 'tuiles')} : ${plural(r.points, 'point', 'points')} si elle était complétée maintenant`;
    case 'keeps_followers':
      return `Garde ses partisans (${numbers.format(r.left)} en réserve)`;
    case 'quiet':
      return `Rien à marquer ni à prendre : une des ${numbers.format(r.ways)} façons de poser la tuile`;
  }
}

export const frWhyWords = {
  reason,
  botWhy: (sentence: string) => `Pourquoi : ${sentence}`,
  hintMove: (x: number, y: number, rotation: number, follower: { kind: FollowerKind; feature: FeatureKind | null } | null) =>
    `Tuile en (${x}, ${y})${rotation ? `, tournée de ${rotation * 90}°` : ''}, puis ${follower ? `${role(follower.kind, follower.feature).replace(/^Un /, 'un ').replace(/^Le /, 'le ').replace(/^L’/, 'l’')} ${follower.feature ? `${IN(follower.feature)} ${LE[follower.feature]}` : 'sur la tuile'}` : 'aucun partisan'}`,
  hintNoReason: 'Le meilleur coup trouvé par le robot des suggestions',
};
