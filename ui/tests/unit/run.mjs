// Runs the UI's unit tests (tests/unit/*.test.ts) with node's test runner: each file is bundled
// by esbuild (the modules under test are TypeScript) into ui/.unit-out (next to node_modules, so
// npm packages load from there), then run.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(here).filter((f) => f.endsWith('.test.ts'));
const out = join(here, '..', '..', '.unit-out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
try {
  await build({
    entryPoints: files.map((f) => join(here, f)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  const run = spawnSync(process.execPath, ['--test', ...files.map((f) => join(out, f.replace(/\.ts$/, '.mjs')))], {
    stdio: 'inherit',
    env: { ...process.env, UI_DIR: join(here, '..', '..') },
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
