// The plain phone page's words (ui/src/i18n/page.js): English and French have the same keys,
// every sentence is French in French, and a function's words carry the same numbers and names
// in both languages. Every refusal a host sends has its own sentence in both languages (the app
// says them with the same words: they come from page.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reject } from '../../src/bindings';
import { en, fr, pageWords, tableEn, tableFr, type PageWords } from '../../src/i18n/page.js';

type Fn = (...args: never[]) => string;
type FnKey = { [K in keyof PageWords]: PageWords[K] extends Fn ? K : never }[keyof PageWords];

/** Sample arguments for every function: a key without samples fails the type check. */
const samples: { [K in FnKey]: Parameters<PageWords[K]>[] } = {
  place: [[3, -2, 270]],
  deploy: [['meeple', 'c0'], ['big_meeple', 'r1'], ['abbot', 'm0']],
  seatPlaying: [[0], [5]],
  withTile: [['X', 'base/city_cap']],
  phase: [['lobby'], ['drawing']],
  turnTimer: [[null], [0], [45], [60], [180]],
  seatLine: [[null, 'empty', false, false], ['Ann', 'human', true, true], ['Bot 2', 'bot', false, false]],
  scores: [[[12, 7]]],
  finalScores: [[[120, 97, 88]]],
  committed: [['0123456789abcdef']],
  seatDid: [[2, 'X']],
  said: [['Ann', 'hello']],
  toBot: [[1, 'timer'], [1, 'away'], [1, 'host']],
  countdown: [[3, 30, 'turn'], [3, 30, 'contribution']],
  seatAsked: [['Ann', 2]],
  refused: [[{ reason: 'stale', current: 14, got: 12 }], [{ reason: 'not_your_turn', expected: 1 }], [{ reason: 'some_new_code' } as unknown as Reject]],
  why: [
    [{ problem: 'commitment_changed' }], [{ problem: 'share_commitment_changed', seat: 1 }], [{ problem: 'contributions_changed' }],
    [{ problem: 'commitment_mismatch' }], [{ problem: 'not_committed', seat: 3 }], [{ problem: 'my_contribution_missing' }],
    [{ problem: 'seed_mismatch' }], [{ problem: 'malformed' }], [{ problem: 'malformed', what: 'commitment' }],
    [{ problem: 'replay' }], [{ problem: 'draws_differ', index: 4 }],
  ],
  unfair: [['X']],
  drawsBad: [['X']],
};
const call = (w: PageWords, key: FnKey, args: unknown[]): string => (w[key] as (...a: unknown[]) => string)(...args);
const numbers = (s: string): string[] => (s.match(/\d+/g) ?? []).sort();

test('English and French have the same keys, of the same types', () => {
  assert.deepEqual(Object.keys(fr).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en) as (keyof PageWords)[]) assert.equal(typeof fr[key], typeof en[key], key);
  assert.deepEqual(fr.emotes, en.emotes);
});

test('every sentence differs between the languages, and none is empty', () => {
  for (const key of Object.keys(en) as (keyof PageWords)[]) {
    if (typeof en[key] !== 'string' || key === 'lang') continue;
    assert.ok((en[key] as string).length > 0 && (fr[key] as string).length > 0, key);
    assert.notEqual(fr[key], en[key], `${key} is not translated`);
  }
});

test('a function says the same facts in both languages, with nothing undefined', () => {
  for (const key of Object.keys(samples) as FnKey[]) {
    let translated = false;
    for (const args of samples[key]) {
      const e = call(en, key, args);
      const f = call(fr, key, args);
      for (const s of [e, f]) assert.ok(s && !/undefined|null|NaN|\[object/.test(s), `${key}(${JSON.stringify(args)}): ${s}`);
      assert.ok(!/ [:;?!]/.test(f), `${key}: French puts a no-break space before “:;?!”: ${f}`);
      assert.deepEqual(numbers(f), numbers(e), `${key}(${JSON.stringify(args)}): ${e} / ${f}`);
      for (const name of args.filter((a): a is string => typeof a === 'string' && /^[A-Z]/.test(a))) {
        assert.ok(e.includes(name) && f.includes(name), `${key} keeps ${name}`);
      }
      translated ||= f !== e;
    }
    // "Bot 2 — bot" is French too, but no function says all its samples alike in both
    assert.ok(translated, `${key} is not translated`);
  }
});

test('the page speaks French to a French browser, and English otherwise', () => {
  assert.equal(pageWords(null, ['fr-FR', 'en-US']).lang, 'fr');
  assert.equal(pageWords(null, ['fr-CA']).lang, 'fr');
  assert.equal(pageWords(null, ['de-DE', 'fr-FR']).lang, 'fr');
  assert.equal(pageWords(null, ['en-GB', 'fr-FR']).lang, 'en');
  assert.equal(pageWords(null, ['de-DE']).lang, 'en');
  assert.equal(pageWords(null, []).lang, 'en');
  assert.equal(pageWords('en', ['fr-FR']).lang, 'en', '?lang= wins');
  assert.equal(pageWords('fr', ['en-US']).lang, 'fr');
});

/** Every refusal of the protocol (`Reject` in bindings.ts), with a sample for each of its fields. */
function everyRefusal(): Reject[] {
  const ui = process.env.UI_DIR;
  assert.ok(ui, 'run through tests/unit/run.mjs, which sets UI_DIR');
  const bindings = readFileSync(join(ui, 'src', 'bindings.ts'), 'utf8');
  const union = /export type Reject = (.*);/.exec(bindings)?.[1] ?? '';
  const out: Reject[] = [];
  let n = 3;
  for (const [, reason, fields] of union.matchAll(/\{ "reason": "(\w+)",?([^}]*)\}/g)) {
    const r: Record<string, unknown> = { reason };
    for (const [, name, type] of fields.matchAll(/(\w+): ([^,]+),/g)) r[name] = type.startsWith('number') ? n++ : type === 'string' ? 'X' : 'lobby';
    out.push(r as Reject);
  }
  return out;
}

test('every refusal a host sends is told in its own words, in both languages, with its numbers', () => {
  const refusals = everyRefusal();
  assert.ok(refusals.length >= 30, `only ${refusals.length} refusals read from bindings.ts`);
  // A refused move or setup is told by the app with the engine's words (errorWords.refusal).
  for (const r of refusals.filter((r) => r.reason !== 'illegal' && r.reason !== 'setup')) {
    const e = tableEn.refused(r);
    const f = tableFr.refused(r);
    const code = r.reason.replace(/_/g, ' ');
    assert.notEqual(e, tableEn.hostRefused(code), `${r.reason} has no sentence of its own`);
    assert.notEqual(f, tableFr.hostRefused(code), `${r.reason} has no French sentence`);
    assert.notEqual(f, e, r.reason);
    assert.deepEqual(numbers(f), numbers(e), `${r.reason}: ${e} / ${f}`);
    for (const s of [e, f]) assert.ok(!/undefined|null|NaN/.test(s), s);
    assert.ok(!/ [:;?!]/.test(f), `French puts a no-break space before “:;?!”: ${f}`);
  }
  const unknown = { reason: 'some_new_code' } as unknown as Reject;
  assert.equal(tableEn.refused(unknown), 'The host refused: some new code.', 'a newer host’s code is still shown');
});
