// French names and descriptions of what the app offers (en-catalogue.ts in French), named as the
// French rule books name them.
import type { Expansion } from '../bindings';

const EXPANSIONS: Record<Expansion, [string, string]> = {
  base: ['Jeu de base', '72 tuiles Terrain avec les paysans (2e édition)'],
  river1: ['La Rivière', 'Commencer par une rivière de 12 tuiles'],
  river2: ['La Rivière II', 'Une rivière à deux bras, avec un volcan, une auberge au lac et un troupeau de porcs'],
  abbot: ['L’Abbé', 'Un abbé par joueur, et les jardins'],
  inns_cathedrals: ['Auberges et Cathédrales', 'Auberges au lac, cathédrales, un grand meeple chacun, jusqu’à 6 joueurs'],
  city_of_carcassonne: ['La Ville de Carcassonne et le Comte', 'Partir de la ville fortifiée ; les meeples attendent dans ses quartiers'],
  king_robber: ['Roi et Chevalier-brigand', 'Des bonus pour la plus grande ville et la plus longue route'],
  shrines: ['Hérétiques et lieux de culte', 'Les lieux de culte défient les abbayes voisines'],
  ckr_land: ['Nouvelles tuiles Terrain', 'Les tuiles Terrain de Comte, Roi et Brigand'],
  besiegers: ['Les Assiégeants', 'Les villes assiégées rapportent moins aux chevaliers'],
  cathars: ['Les Cathares', 'Des villes assiégées (tuiles des Cathares)'],
  siege: ['Siège', 'Des villes assiégées (tuiles de Siège)'],
};

/** Each option's name, description and value labels (by the value's JSON). */
const OPTIONS: Record<string, [string, string, Record<string, string>]> = {
  farmers: ['Paysans', 'Les meeples peuvent se coucher dans les prés et marquent les villes complétées en fin de partie (R-BASE-13)', { true: 'Oui', false: 'Non' }],
  tiny_city: [
    'Petites villes',
    'Une ville complétée de 2 tuiles seulement rapporte 1 par tuile et par blason, 0 si elle est assiégée (R-BASE-7)',
    { false: 'Non : 2 par tuile comme toute ville (officiel)', true: 'Oui : 1 par tuile (1re édition)' },
  ],
  river_with_city_discard: [
    'Rivière II avec la Ville',
    'Jouer La Rivière II avec la Ville de Carcassonne : sa source et son lac sont mis de côté',
    { false: 'Interdit', true: 'Autorisé' },
  ],
  count_moves: [
    'Déplacement du Comte',
    'Où va le Comte quand un meeple entre dans la Ville (R-CKR-7)',
    { '"free"': 'Où l’on veut (officiel)', '"clockwise"': 'Au quartier suivant, dans le sens horaire', '"follow"': 'Au quartier utilisé' },
  ],
  final_redeploy: ['Dernière sortie de la Ville', 'En fin de partie, les meeples de la Ville peuvent rejoindre des zones (R-CKR-6)', { false: 'Non', true: 'Oui' }],
  king_robber_scoring: [
    'Bonus Roi et Chevalier-brigand',
    'Ce que rapportent la tuile Roi et la tuile Chevalier-brigand (R-CKR-10)',
    {
      '"official"': 'En fin de partie, 1 par ville/route complète (officiel)',
      '"flat10"': 'En fin de partie, 10 chacune',
      '"flat15_40"': 'En fin de partie, 15 chacune, 40 pour les deux',
      '"continuous"': 'À chaque tour, 1 par ville/route complétée',
    },
  ],
  siege_escape: [
    'S’échapper d’un siège',
    'Quand un chevalier peut quitter une ville assiégée (R-SIEGE-5)',
    { '"siege_tile"': 'Une abbaye ou un lieu de culte touchant une tuile de siège (officiel)', '"any_city_tile"': 'Une abbaye ou un lieu de culte touchant une tuile de la ville' },
  ],
};

const BOT_NAMES: Record<string, string> = { random: 'Au hasard', easy: 'Facile', medium: 'Moyen', hard: 'Difficile' };

const BOTS: Record<string, string> = {
  random: 'Joue n’importe quel coup permis',
  easy: 'Prend les points qu’il voit, se trompe souvent',
  medium: 'Voit quelques tours à l’avance',
  hard: 'Pèse chaque tirage et chaque réponse',
};

export const frCatalogueWords = {
  expansionName: (e: Expansion): string => EXPANSIONS[e]?.[0] ?? e,
  expansionBlurb: (e: Expansion): string => EXPANSIONS[e]?.[1] ?? '',
  optionName: (key: string): string => OPTIONS[key]?.[0] ?? key,
  optionBlurb: (key: string): string => OPTIONS[key]?.[1] ?? '',
  optionValue: (key: string, value: unknown): string => {
    const json = JSON.stringify(value);
    return OPTIONS[key]?.[2][json] ?? json;
  },
  botBlurb: (id: string): string => BOTS[id] ?? '',
  botName: (id: string, fallback: string): string => BOT_NAMES[id] ?? fallback,
  botSeat: (id: string, n: number): string => `Bot ${(BOT_NAMES[id] ?? id).toLowerCase()} ${n}`,
};
