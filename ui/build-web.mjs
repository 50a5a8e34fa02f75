// The offline web app as a plain static folder (`make web`): the UI bundle of dist/, its
// Web Worker, the engine's WebAssembly, the app's page marked as the web app, and the shell in
// web/ (manifest; service worker with the list of files and a version from their bytes). Any
// web server can serve it.
// Usage: node build-web.mjs <carcassonne_web.wasm> <out dir>   (after `npm run build`)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [wasmPath, out] = process.argv.slice(2);
if (!wasmPath || !out) {
  console.error('usage: node build-web.mjs <carcassonne_web.wasm> <out dir>');
  process.exit(2);
}
if (!existsSync(wasmPath)) {
  console.error(`${wasmPath} is missing: build it first (make wasm)`);
  process.exit(1);
}

const worker = await build({
  entryPoints: ['src/web/worker.ts'],
  bundle: true,
  format: 'esm',
  target: 'es2020',
  write: false,
  minify: true,
  logLevel: 'warning',
});

/** Every file of the app but the service worker, by name. */
const files = new Map([
  ['worker.js', worker.outputFiles[0].contents],
  ['carcassonne.wasm', readFileSync(wasmPath)],
]);
for (const name of ['main.js', 'style.css', 'icon-192.png', 'icon-512.png']) files.set(name, readFileSync(join('dist', name)));
for (const name of readdirSync('web')) if (name !== 'sw.js') files.set(name, readFileSync(join('web', name)));
// The app's own page, marked as the web app (api.ts then calls the worker) and registering the
// service worker.
const page = readFileSync(join('dist', 'index.html'), 'utf8')
  .replace('<title>', '<meta name="carcassonne-web" content="offline">\n  <title>')
  .replace('</body>', '  <script type="module" src="install.js"></script>\n</body>');
if (!page.includes('carcassonne-web') || !page.includes('install.js')) throw new Error('dist/index.html: no <title> or </body> to mark');
files.set('index.html', Buffer.from(page));

const hash = createHash('sha256');
for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) hash.update(name).update(bytes);
const version = hash.digest('hex').slice(0, 16);
const kept = ['./', ...[...files.keys()].sort()];
const sw = readFileSync('web/sw.js', 'utf8').replace("'__VERSION__'", JSON.stringify(version)).replace('__FILES__', JSON.stringify(kept));

mkdirSync(out, { recursive: true });
for (const [name, bytes] of files) writeFileSync(join(out, name), bytes);
writeFileSync(join(out, 'sw.js'), sw);
console.log(`web app in ${out} (version ${version}, ${files.size + 1} files)`);
