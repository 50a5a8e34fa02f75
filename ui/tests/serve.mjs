// Tiny static server for the UI tests: ui/dist (or another folder: the web app's) plus
// /catalogue.json from the engine's data.
// import { start } from './serve.mjs'; const { url, close } = await start();
// Run directly (`node tests/serve.mjs [port]`) to browse the gallery.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const DIST = resolve(here, '..', 'dist');
const CATALOGUE = resolve(here, '..', '..', 'crates', 'engine', 'data', 'catalogue.json');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

async function handle(req, res, DIST) {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  let file;
  if (path === '/catalogue.json') file = CATALOGUE;
  else {
    file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (file !== DIST && !file.startsWith(DIST + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
  }
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

/** Start the server on 127.0.0.1 (port 0 = any free port). */
export function start(port = 0, root = DIST) {
  return new Promise((ok, fail) => {
    const server = createServer((req, res) => {
      handle(req, res, root).catch(() => res.writeHead(500).end());
    });
    server.on('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : port}`;
      const close = () =>
        new Promise((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        });
      ok({ url, close });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { url } = await start(Number(process.argv[2]) || 0);
  console.log(`serving ${DIST} at ${url}/gallery.html`);
}
