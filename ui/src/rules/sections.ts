// The rules reference's shape (issue 33 item 3), without its words: one section per expansion
// of app_info (the two rivers together, and the three siege sets together), each with the rule
// IDs of ../shared/RULES.md it explains, split into what it adds and how it scores, and the
// tiles drawn beside it. The words are i18n's (en-rules.ts: `rulesText`, by rule ID).
import type { Expansion } from '../bindings';

export interface RulesSection {
  /** The section's id: its first expansion's. */
  readonly id: Expansion;
  /** The expansions it explains (their toggles' "?" open it). */
  readonly expansions: readonly Expansion[];
  /** Rule IDs of what it adds (pieces, placement, turn). */
  readonly adds: readonly string[];
  /** Rule IDs of how it scores. */
  readonly scores: readonly string[];
  /** Tile ids of the catalogue drawn beside it (1–3). */
  readonly tiles: readonly string[];
  /** Whether the City of Carcassonne is drawn beside it, assembled. */
  readonly city?: boolean;
}

const ids = (prefix: string, ...n: number[]): string[] => n.map((i) => `R-${prefix}-${i}`);

export const SECTIONS: readonly RulesSection[] = [
  { id: 'base', expansions: ['base'], adds: ids('BASE', 1, 2, 3, 4, 5, 10), scores: ids('BASE', 6, 7, 8, 9, 11, 12, 13, 14), tiles: ['base/start', 'base/monastery_road', 'base/city3_road_pennant'] },
  { id: 'river1', expansions: ['river1', 'river2'], adds: ids('RIVER', 1, 2, 4, 5, 6), scores: ids('RIVER', 3), tiles: ['river1/spring', 'river1/city1_road_bridge', 'river2/fork'] },
  { id: 'abbot', expansions: ['abbot'], adds: ids('ABBOT', 1, 3), scores: ids('ABBOT', 2, 4), tiles: ['base/city1_garden', 'base/road_straight_garden'] },
  { id: 'inns_cathedrals', expansions: ['inns_cathedrals'], adds: ids('IC', 3, 4, 5), scores: ids('IC', 1, 2), tiles: ['ic/road_straight_inn', 'ic/cathedral'] },
  { id: 'city_of_carcassonne', expansions: ['city_of_carcassonne'], adds: ids('CKR', 1, 2, 3, 4, 5, 7), scores: ids('CKR', 6), tiles: [], city: true },
  { id: 'king_robber', expansions: ['king_robber'], adds: ids('CKR', 8), scores: ids('CKR', 9, 10), tiles: ['base/city4_pennant', 'base/road_straight'] },
  { id: 'shrines', expansions: ['shrines'], adds: ids('CKR', 11, 12), scores: ids('CKR', 13), tiles: ['ckr_shrines/shrine_road', 'base/monastery'] },
  { id: 'ckr_land', expansions: ['ckr_land'], adds: ids('CKR', 14), scores: [], tiles: ['ckr_land/city_bridge', 'ckr_land/monastery_city1'] },
  { id: 'besiegers', expansions: ['besiegers', 'cathars', 'siege'], adds: ids('SIEGE', 1, 5), scores: ids('SIEGE', 2, 3, 4), tiles: ['besiegers/city3', 'cathars/city1', 'siege/city2_nw'] },
];

/** Every rule ID the reference explains, in reading order. */
export const RULE_IDS: readonly string[] = SECTIONS.flatMap((s) => [...s.adds, ...s.scores]);

const known = new Set(RULE_IDS);

/** Whether the reference has a paragraph for `rule`. */
export function hasRule(rule: string): boolean {
  return known.has(rule);
}

/** The section that explains `e`. */
export function sectionOf(e: Expansion): RulesSection | undefined {
  return SECTIONS.find((s) => s.expansions.includes(e));
}

/** The sections of the expansions the app offers (app_info's list), in its order, the base game first. */
export function sectionsFor(offered: readonly Expansion[]): RulesSection[] {
  const out: RulesSection[] = [SECTIONS[0]!];
  for (const e of offered) {
    const s = sectionOf(e);
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

/** The id of the element a link to `at` (a rule ID or an expansion) lands on. */
export function anchorId(at: string): string {
  return hasRule(at) ? `rule-${at}` : `rules-${sectionOf(at as Expansion)?.id ?? 'base'}`;
}
