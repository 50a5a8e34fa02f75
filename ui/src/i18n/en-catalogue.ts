// English names and descriptions of what the app offers (app_info sends ids only): the
// expansions, the rule options and their values, the bots' styles.
import type { Expansion } from '../bindings';

const EXPANSIONS: Record<Expansion, [string, string]> = {
  base: ['Base game', '72 land tiles with farmers (2nd edition)'],
  river1: ['The River', 'Start with a river of 12 tiles'],
  river2: ['The River II', 'A forked river with a volcano, lake inn and pig herd'],
  abbot: ['The Abbot', 'An abbot per player, and gardens'],
  inns_cathedrals: ['Inns & Cathedrals', 'Inns, cathedrals, a big meeple each, up to 6 players'],
  city_of_carcassonne: ['City of Carcassonne & the Count', 'Start from the walled city; followers wait in its quarters'],
  king_robber: ['King & Robber Baron', 'Bonuses for the largest city and road'],
  shrines: ['Heretics & Shrines', 'Shrines challenge nearby monasteries'],
  ckr_land: ['New land tiles', 'The land tiles of Count, King & Robber'],
  besiegers: ['The Besiegers', 'Besieged cities are worth less to knights'],
  cathars: ['The Cathars', 'Besieged cities (Cathars tiles)'],
  siege: ['The Siege', 'Besieged cities (Siege tiles)'],
};

/** Each option's name, description and value labels (by the value's JSON). */
const OPTIONS: Record<string, [string, string, Record<string, string>]> = {
  farmers: ['Farmers', 'Followers may lie in fields and score completed cities at the end (R-BASE-13)', { true: 'On', false: 'Off' }],
  tiny_city: [
    'Tiny cities',
    'A completed city of only 2 tiles scores 1 per tile and shield, 0 if besieged (R-BASE-7)',
    { false: 'Off: 2 per tile like any city (official)', true: 'On: 1 per tile (1st edition)' },
  ],
  river_with_city_discard: [
    'River II with the City',
    'Play River II with the City of Carcassonne: its spring and lake are set aside',
    { false: 'Not allowed', true: 'Allowed' },
  ],
  count_moves: [
    'The Count moves',
    'How the Count moves when a follower enters the city (R-CKR-7)',
    { '"free"': 'Anywhere (official)', '"clockwise"': 'One quarter clockwise', '"follow"': 'To the quarter used' },
  ],
  final_redeploy: ['Last move out of the city', 'At the end, followers in the city may move onto features (R-CKR-6)', { false: 'Off', true: 'On' }],
  king_robber_scoring: [
    'King & Robber bonus',
    'How the King and the Robber Baron score (R-CKR-10)',
    {
      '"official"': 'At the end, 1 per completed city/road (official)',
      '"flat10"': 'At the end, 10 each',
      '"flat15_40"': 'At the end, 15 each, 40 for both',
      '"continuous"': 'Each turn, 1 per city/road completed',
    },
  ],
  siege_escape: [
    'Escape from a siege',
    'When a knight may leave a besieged city (R-SIEGE-5)',
    { '"siege_tile"': 'A monastery or shrine next to a siege tile (official)', '"any_city_tile"': 'A monastery or shrine next to any tile of the city' },
  ],
};

/** The bots' levels by id (app_info's names are the catalogue's own, in English). */
const BOT_NAMES: Record<string, string> = { random: 'Random', easy: 'Easy', medium: 'Medium', hard: 'Hard' };

const BOTS: Record<string, string> = {
  random: 'Plays any legal move',
  easy: 'Scores what it sees, often slips',
  medium: 'Looks a few turns ahead',
  hard: 'Weighs every draw and reply',
};

export const catalogueWords = {
  expansionName: (e: Expansion): string => EXPANSIONS[e]?.[0] ?? e,
  expansionBlurb: (e: Expansion): string => EXPANSIONS[e]?.[1] ?? '',
  optionName: (key: string): string => OPTIONS[key]?.[0] ?? key,
  optionBlurb: (key: string): string => OPTIONS[key]?.[1] ?? '',
  /** A value's label; its JSON when unknown. */
  optionValue: (key: string, value: unknown): string => {
    const json = JSON.stringify(value);
    return OPTIONS[key]?.[2][json] ?? json;
  },
  botBlurb: (id: string): string => BOTS[id] ?? '',
  /** A bot's level by its id; `fallback` (the catalogue's name) for one not known here. */
  botName: (id: string, fallback: string): string => BOT_NAMES[id] ?? fallback,
  /** The name of a game's `n`th bot seat. */
  botSeat: (id: string, n: number): string => `${BOT_NAMES[id] ?? id} bot ${n}`,
};
