// Keeps the UI's code in small pieces (issue #26): no function in ui/src longer than 150 lines,
// and the board screen's module itself at most 300.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

// set by tests/unit/run.mjs (this file runs from a bundle elsewhere)
const UI = process.env.UI_DIR ?? '';
assert.ok(UI, 'run through tests/unit/run.mjs, which sets UI_DIR');
const SRC = join(UI, 'src');
const MAX_FUNCTION_LINES = 150;
const MAX_GAME_SCREEN_LINES = 300;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Every function (declarations, methods, arrows, expressions) longer than `max` lines. */
function longFunctions(path: string, max: number): string[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push(`${relative(UI, path)}:${first + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test(`no function in ui/src is longer than ${MAX_FUNCTION_LINES} lines`, () => {
  const files = sources(SRC);
  assert.ok(files.length > 20, 'the sources were found');
  assert.deepEqual(files.flatMap((f) => longFunctions(f, MAX_FUNCTION_LINES)), []);
});

test('the checker sees a long function', () => {
  // the check above must be able to fail: the board screen's own function is over 20 lines
  assert.ok(longFunctions(join(SRC, 'screens', 'game.ts'), 20).length > 0);
});

test(`the board screen's module is at most ${MAX_GAME_SCREEN_LINES} lines`, () => {
  const lines = readFileSync(join(SRC, 'screens', 'game.ts'), 'utf8').split('\n').length;
  assert.ok(lines <= MAX_GAME_SCREEN_LINES, `screens/game.ts has ${lines} lines`);
});
