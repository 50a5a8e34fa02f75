// No UI module outside i18n/ puts a word into the DOM: every word a player reads is in en.ts and
// fr.ts (run by `make test` with the other unit tests). The checker is shown failing on bad code.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { findStrays } from './strays';

const src = join(process.env.UI_DIR ?? '.', 'src');

/** The UI's modules, without the words themselves (i18n/) and the generated bindings. */
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return relative(src, p) === 'i18n' ? [] : modules(p);
    return p.endsWith('.ts') && !p.endsWith('.d.ts') && relative(src, p) !== 'bindings.ts' ? [p] : [];
  });
}

test('no UI module puts a literal word into the DOM', () => {
  const files = modules(src);
  assert.ok(files.length > 30, `only ${files.length} modules found under ${src}`);
  const strays = files.flatMap((f) => findStrays(relative(src, f), readFileSync(f, 'utf8')));
  assert.deepEqual(strays.map((s) => `${s.file}:${s.line} ${s.where}: ${JSON.stringify(s.text)}`), []);
});

test('the checker finds words in every place a player reads them', () => {
  const bad = [
    "el.textContent = 'Hello';",
    'el.title = `Turn ${n}`;',
    "h('p', {}, 'Some words');",
    "h('p', { attrs: { 'aria-label': 'Close' } });",
    "h('input', { placeholder: 'Your name' });",
    "button('Play', { class: 'btn' }, 'play');",
    "header(done ? 'Finished' : t.x, back);",
    "toast('Saved', 'info');",
    "root.append('Oops: ' + msg);",
    "x.setAttribute('aria-label', `Seat ${n}`);",
    "document.createTextNode(name ?? 'nobody');",
    "img.alt = 'A tile';",
  ];
  for (const code of bad) assert.equal(findStrays('bad.ts', code).length, 1, code);
});

test('the checker lets codes, symbols and words from i18n through', () => {
  const fine = [
    'el.textContent = t.saved;',
    "el.textContent = `× ${n}`;",
    "el.textContent = `${r * 90}°`;",
    "h('span', { class: 'label big', testid: 'seat' }, t.seatN(n), ' · ', String(n));",
    "button('', { class: 'icon-btn' }, 'plus');",
    "toast(t.refusal(e), 'info', 1500);",
    "el.dataset.state = 'playing';",
    "h('input', { placeholder: 'ABCD' });",
    "t.choiceLabel(l, 'city');",
    "x.setAttribute('role', 'button');",
    '// el.textContent = "a comment";',
  ];
  for (const code of fine) assert.deepEqual(findStrays('fine.ts', code), [], code);
});
