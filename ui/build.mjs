// Bundles the UI into dist/ (what Tauri embeds and what the UI server serves).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { icons } from './icons.mjs';

// A file is written only when its bytes change: the app embeds dist/ at compile time, and a
// rewritten but identical file would make Cargo rebuild the app.
function writeIfChanged(path, bytes) {
  const data = Buffer.from(bytes);
  if (existsSync(path) && readFileSync(path).equals(data)) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

function copyTree(from, to) {
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (statSync(source).isDirectory()) copyTree(source, join(to, name));
    else writeIfChanged(join(to, name), readFileSync(source));
  }
}

const entries = ['src/main.ts', 'src/gallery.ts'].filter((f) => existsSync(f));
const bundle = await build({
  entryPoints: entries,
  bundle: true,
  format: 'esm',
  target: 'es2020',
  outdir: 'dist',
  sourcemap: false,
  minify: process.env.MINIFY === '1',
  logLevel: 'warning',
  write: false,
});
for (const file of bundle.outputFiles) writeIfChanged(file.path, file.contents);
copyTree('static', 'dist');
for (const [name, bytes] of Object.entries(icons())) writeIfChanged(join('dist', name), bytes);
