// French words for the facts the API sends about play (en-words.ts in French), in the vocabulary
// of the French rules: poser un meeple, placer une tuile, zone, pré, abbaye, lieu de culte,
// quartier du Château, tuile Roi, tuile Chevalier-brigand, ville assiégée.
import type { ChoiceLabel, Decision, FeatureKind, FollowerKind, Quarter, ScoreLine, TurnEvent } from '../bindings';

const plurals = new Intl.PluralRules('fr');
const numbers = new Intl.NumberFormat('fr');
/** "1 tuile", "3 tuiles" (French counts 0 and 1 as singular). */
const count = (n: number, one: string, many: string): string => `${numbers.format(n)} ${plurals.select(n) === 'one' ? one : many}`;

const FOLLOWER: Record<FollowerKind, string> = { meeple: 'Meeple', big_meeple: 'Grand meeple', abbot: 'Abbé' };
/** A quarter after "quartier": "du Château", "de la Forge". */
const QUARTER_OF: Record<Quarter, string> = { castle: 'du Château', market: 'du Marché', blacksmith: 'de la Forge', cathedral: 'de la Cathédrale' };

/** A feature with its article, and where a meeple stands on it. */
const FEATURE: Record<FeatureKind, { the: string; on: string }> = {
  city: { the: 'la ville', on: 'dans la ville' },
  road: { the: 'la route', on: 'sur la route' },
  field: { the: 'le pré (paysan)', on: 'dans le pré (paysan)' },
  monastery: { the: 'l’abbaye', on: 'dans l’abbaye' },
  shrine: { the: 'le lieu de culte', on: 'sur le lieu de culte' },
  garden: { the: 'le jardin', on: 'dans le jardin' },
  river: { the: 'la rivière', on: 'sur la rivière' },
  volcano: { the: 'le volcan', on: 'sur le volcan' },
};
const SOME_FEATURE = { the: 'la zone', on: 'sur la zone' };
const feature = (k: FeatureKind | null | undefined) => (k && FEATURE[k]) || SOME_FEATURE;

/** "Ann", "Ann et Bob", "Ann, Bob et Cy". */
function andList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`;
}

/** What a decision asks, after the seat's name. */
function asked(d: Decision): string {
  switch (d.kind) {
    case 'place_tile':
      return 'placer la tuile';
    case 'deploy':
      return 'poser un meeple sur la tuile, ou passer';
    case 'redeploy':
      return `déplacer des meeples du quartier ${QUARTER_OF[d.quarter]} vers la zone évaluée, ou passer`;
    case 'city_deploy':
      return 'poser un meeple dans la Ville de Carcassonne, ou passer';
    case 'move_count':
      return 'déplacer le Comte, ou le laisser';
    case 'escape':
      return 'faire s’échapper un chevalier d’une ville assiégée, ou passer';
    case 'final_redeploy':
      return 'déplacer un meeple de la Ville de Carcassonne vers une zone, ou passer';
  }
}

const PASS: Record<Extract<ChoiceLabel, { kind: 'pass' }>['declined'], string> = {
  place_tile: 'Passer',
  deploy: 'Pas de meeple',
  redeploy: 'Terminé',
  final_redeploy: 'Terminé',
  city_deploy: 'Rester hors de la Ville',
  move_count: 'Laisser le Comte',
  escape: 'Pas d’évasion',
};

/** A choice's label: "Meeple dans la ville", "Pas de meeple", "Le Comte au quartier du Marché". */
function choice(l: ChoiceLabel, kind: FeatureKind | null | undefined): string {
  const f = feature(kind);
  switch (l.kind) {
    case 'deploy':
      return `${FOLLOWER[l.follower]} ${f.on}`;
    case 'pass':
      return PASS[l.declined];
    case 'recall_abbot':
      return 'Reprendre l’abbé (évalué aussitôt)';
    case 'redeploy':
      return l.quarter ? `${FOLLOWER[l.follower]} du quartier ${QUARTER_OF[l.quarter]} vers ${f.the}` : `${FOLLOWER[l.follower]} depuis la Ville de Carcassonne`;
    case 'city_deploy':
      return `${FOLLOWER[l.follower]} dans le quartier ${QUARTER_OF[l.quarter]}`;
    case 'move_count':
      return `Le Comte au quartier ${QUARTER_OF[l.quarter]}`;
    case 'escape':
      return 'Un chevalier s’échappe de la ville assiégée';
    case 'final_redeploy':
      return `${FOLLOWER[l.follower]} de la Ville de Carcassonne vers ${f.the}`;
    case 'place':
      return 'Placer la tuile';
  }
}

/** What a scoring was for, with its article: "la ville complétée de 3 tuiles et 1 blason", "la tuile Roi (villes complétées)". */
function scored(l: ScoreLine): string {
  if (l.bonus === 'king') return 'la tuile Roi (villes complétées)';
  if (l.bonus === 'robber_baron') return 'la tuile Chevalier-brigand (routes complétées)';
  const e = l.entry;
  const done = e.when === 'turn' ? 'complétée' : 'incomplète';
  const tiles = count(e.tiles.length, 'tuile', 'tuiles');
  const around = count(e.count, 'tuile', 'tuiles');
  switch (e.kind) {
    case 'road':
      return `la route ${done} de ${tiles}`;
    case 'city':
      return e.shields > 0 ? `la ville ${done} de ${tiles} et ${count(e.shields, 'blason', 'blasons')}` : `la ville ${done} de ${tiles}`;
    case 'field':
      return `le pré bordant ${count(e.count, 'ville complétée', 'villes complétées')}`;
    case 'monastery':
      return `l’abbaye entourée de ${around}`;
    case 'shrine':
      return `le lieu de culte entouré de ${around}`;
    case 'garden':
      return `le jardin entouré de ${around}`;
    default:
      return feature(e.kind).the;
  }
}

/** A scoring in a sentence, with the rule applied: "Ann marque 8 points pour la ville complétée de 3 tuiles et 1 blason (R-BASE-7)". */
function scoreText(l: ScoreLine, winners: string[]): string {
  const e = l.entry;
  const what = `${scored(l)}${e.when === 'recall' ? ' (abbé repris)' : ''}`;
  if (!winners.length) return `Personne ne marque de points pour ${what} (${e.rule})`;
  const verb = winners.length === 1 ? 'marque' : 'marquent';
  return `${andList(winners)} ${verb} ${count(e.points, 'point', 'points')} pour ${what} (${e.rule})`;
}

/** A turn's placement: "Ann a placé une tuile en (2, −1)". */
function turnPlaced(name: string, x: number, y: number): string {
  return `${name} a placé une tuile en (${x}, ${y})`;
}

/** What else a turn did, after the seat's name where it names one: "Meeple dans la ville". */
function turnEvent(e: TurnEvent, name: (seat: number) => string): string {
  switch (e.event) {
    case 'deployed':
      return `${FOLLOWER[e.kind]} ${feature(e.feature_kind).on}`;
    case 'redeployed':
      return `${name(e.seat)} : ${FOLLOWER[e.kind]} du quartier ${QUARTER_OF[e.from]} vers ${feature(e.feature_kind).the}`;
    case 'entered_city':
      return `${name(e.seat)} : ${FOLLOWER[e.kind]} dans le quartier ${QUARTER_OF[e.quarter]}`;
    case 'count_moved':
      return `Le Comte va au quartier ${QUARTER_OF[e.quarter]}`;
    case 'abbot_recalled':
      return `${name(e.seat)} a repris son abbé`;
    case 'knight_escaped':
      return `${name(e.seat)} : un chevalier s’est échappé de la ville assiégée`;
    case 'king_taken':
      return `${name(e.seat)} prend la tuile Roi (ville de ${count(e.tiles, 'tuile', 'tuiles')})`;
    case 'robber_taken':
      return `${name(e.seat)} prend la tuile Chevalier-brigand (route de ${count(e.tiles, 'tuile', 'tuiles')})`;
  }
}

/** A scoring nobody won, folded into its turn: "La route complétée de 3 tuiles, sans meeple (R-BASE-6)". */
function scoreUnclaimed(l: ScoreLine): string {
  const what = scored(l);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} : personne ne marque (${l.entry.rule})`;
}

export const frWords = {
  turnPlaced,
  turnEvent,
  scoreUnclaimed,
  turnDiscarded: (n: number): string =>
    plurals.select(n) === 'one'
      ? `${numbers.format(n)} tuile ne pouvait être placée nulle part et a été retirée du jeu (R-BASE-4)`
      : `${numbers.format(n)} tuiles ne pouvaient être placées nulle part et ont été retirées du jeu (R-BASE-4)`,
  turnFinal: 'Évaluation finale',
  turnNoFollower: 'Pas de meeple',
  decisionPrompt: (name: string, d: Decision): string => `${name} : ${asked(d)}`,
  choiceLabel: choice,
  scoreText,
};
