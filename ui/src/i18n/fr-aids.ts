// Les mots des aides que le moteur calcule (issue 30) : trous, cases qu'une seule tuile peut
// remplir, points projetés. Mêmes clés que en-aids.ts, étalées à la fin de `fr` (fr.ts).
import type { FeatureKind } from '../bindings';

const plurals = new Intl.PluralRules('fr');
const numbers = new Intl.NumberFormat('fr');
const plural = (n: number, one: string, many: string): string => `${numbers.format(n)} ${plurals.select(n) === 'one' ? one : many}`;

/** « Ann », « Ann et Bob », « Ann, Bob et Cy ». */
function andList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`;
}

const FEATURE: Record<FeatureKind, string> = { road: 'Route', city: 'Ville', field: 'Pré', monastery: 'Abbaye', shrine: 'Lieu de culte', garden: 'Jardin', river: 'Rivière', volcano: 'Volcan' };

export const frAidWords = {
  aidsTitle: 'Aides',
  holeDead: (x: number, y: number) => `Trou en (${x}, ${y}) : aucune tuile restante ne peut s’y placer`,
  holeSingle: (x: number, y: number, tile: string) => `Une seule sorte de tuile restante peut se placer en (${x}, ${y}) : ${tile}`,
  showHoles: 'Marquer les trous et les cases qu’une seule tuile peut remplir',
  showProjection: 'Montrer chaque score si la partie s’arrêtait maintenant',
  projectedScore: (n: number) => `Si la partie s’arrêtait maintenant : ${plural(n, 'point', 'points')}`,
  projectionTitle: (kind: FeatureKind) => FEATURE[kind] ?? kind,
  projectionAtEnd: (points: number, winners: string[]) =>
    winners.length
      ? `Si la partie s’arrêtait maintenant : ${plural(points, 'point', 'points')} pour ${andList(winners)}`
      : 'Si la partie s’arrêtait maintenant : personne ne la marque',
  projectionIfCompleted: (points: number) => `Si elle était complétée maintenant : ${plural(points, 'point', 'points')}`,
  projectionNever: 'Les prés ne sont évalués qu’à la fin de la partie.',
  projectionNone: 'Cette zone est évaluée à la fin de ce tour.',
  followerProjection: (who: string) => `${who} : ce que rapporterait ce partisan`,
  farmView: 'Vue des prés : chaque pré aux couleurs de ses paysans (V)',
  fieldUnowned: 'Pré sans paysan',
  fieldOwned: (owners: string[], points: number) =>
    owners.length > 1
      ? `Pré disputé : égalité entre ${andList(owners)}, ${plural(points, 'point', 'points')} chacun si la partie s’arrêtait maintenant`
      : `Pré de ${andList(owners)} : ${plural(points, 'point', 'points')} si la partie s’arrêtait maintenant`,
  purist: 'Jeu puriste',
  puristNote: 'Toutes les aides désactivées : ni suggestions, ni raisons des robots, ni trous, ni scores projetés, ni tuiles par sorte, ni vue des prés.',
  tablePurist: 'Table puriste : aucune aide pour personne',
  farmCity: (seats: string[]) => (seats.length ? `Ville complétée : nourrit les prés de ${andList(seats)}` : 'Ville complétée au bord de prés sans paysan'),
};
