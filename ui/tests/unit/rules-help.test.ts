// The rules reference (issue 33 item 3) keeps step with the engine and with the rules it copies:
// every rule ID the engine names in a score line or a refusal has a paragraph, in English and in
// French; the paragraphs are those of the reference's sections, no more and no fewer; and when
// ../shared/RULES.md sits beside the repository (or CARCASSONNE_SHARED names its folder), the
// reference explains each of its rules and no other.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { RULE_IDS, SECTIONS, anchorId, hasRule, sectionOf } from '../../src/rules/sections';

const root = join(process.env.UI_DIR ?? '.', '..');
const RULE = /"(R-[A-Z]+-\d+)"/g;

/** The rule IDs written as string literals in the engine's sources (its score lines and refusals), and in the API's and the table's. */
function engineRules(): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.rs')) for (const m of readFileSync(p, 'utf8').matchAll(RULE)) out.add(m[1]!);
    }
  };
  for (const crate of ['engine', 'api', 'table']) walk(join(root, 'crates', crate, 'src'));
  return out;
}

test('every rule ID the engine names has a paragraph in English and in French', () => {
  const named = engineRules();
  // the scan sees the engine's rules (a scan that finds nothing would pass anything)
  for (const known of ['R-BASE-7', 'R-BASE-13', 'R-CKR-13', 'R-SIEGE-4', 'R-IC-1']) assert.ok(named.has(known), `${known} not found in crates/engine/src`);
  const missing = [...named].filter((r) => !hasRule(r) || !en.rulesText[r] || !fr.rulesText[r]);
  assert.deepEqual(missing, [], 'rule IDs of the engine without a paragraph');
});

test('the paragraphs are the sections’ rules, each once, with words in both languages', () => {
  assert.equal(new Set(RULE_IDS).size, RULE_IDS.length, 'a rule in two places');
  assert.deepEqual(Object.keys(en.rulesText).sort(), [...RULE_IDS].sort());
  assert.deepEqual(Object.keys(fr.rulesText).sort(), [...RULE_IDS].sort());
  for (const r of RULE_IDS) assert.notEqual(fr.rulesText[r], en.rulesText[r], `${r} is not translated`);
});

test('every expansion has a section with 1 to 3 tile pictures, and links land on paragraphs or sections', () => {
  const all = ['base', 'river1', 'river2', 'abbot', 'inns_cathedrals', 'city_of_carcassonne', 'king_robber', 'shrines', 'ckr_land', 'besiegers', 'cathars', 'siege'] as const;
  for (const e of all) assert.ok(sectionOf(e), `no section for ${e}`);
  for (const s of SECTIONS) {
    const pictures = s.tiles.length + (s.city ? 1 : 0);
    assert.ok(pictures >= 1 && pictures <= 3, `${s.id}: ${pictures} pictures`);
    assert.ok(s.adds.length + s.scores.length > 0, `${s.id} explains nothing`);
  }
  assert.equal(anchorId('R-BASE-7'), 'rule-R-BASE-7');
  assert.equal(anchorId('cathars'), 'rules-besiegers');
  assert.equal(anchorId('R-NONE-1'), 'rules-base');
});

test('the reference explains exactly the rules of ../shared/RULES.md (when it is there)', (t) => {
  const path = join(process.env.CARCASSONNE_SHARED ?? join(root, '..', 'shared'), 'RULES.md');
  if (!existsSync(path)) {
    t.skip(`${path} not found; nothing to compare`);
    return;
  }
  const listed = new Set([...readFileSync(path, 'utf8').matchAll(/^(?:- |New land tiles: )?(R-[A-Z]+-\d+) /gm)].map((m) => m[1]!));
  const defined = new Set([...readFileSync(path, 'utf8').matchAll(/\b(R-[A-Z]+-\d+)\b/g)].map((m) => m[1]!));
  assert.ok(listed.size > 40, `only ${listed.size} rules read from ${path}`);
  assert.deepEqual(RULE_IDS.filter((r) => !defined.has(r)), [], `paragraphs for rules ${path} does not have`);
  assert.deepEqual([...listed].filter((r) => !hasRule(r)), [], `rules of ${path} without a paragraph`);
});
