// Bundles the UI into dist/ (what Tauri embeds and what the UI server serves).
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { icons } from './icons.mjs';

const entries = ['src/main.ts', 'src/gallery.ts'].filter((f) => existsSync(f));
mkdirSync('dist', { recursive: true });
await build({
  entryPoints: entries,
  bundle: true,
  format: 'esm',
  target: 'es2020',
  outdir: 'dist',
  sourcemap: false,
  minify: process.env.MINIFY === '1',
  logLevel: 'warning',
});
for (const f of readdirSync('static')) cpSync(`static/${f}`, `dist/${f}`, { recursive: true });
for (const [name, bytes] of Object.entries(icons())) writeFileSync(`dist/${name}`, bytes);
