// Dumps what the tile art computes for every tile type of the catalogue, so that a refactoring
// of ui/src/art can prove it changes nothing: per tile, its follower spots (readable) and a
// SHA-256 of every other part of its layout and of the SVG drawn from it (in each rotation).
// `node tests/art-dump.mjs update` rewrites tests/art.snapshot.json; tests/art.test.mjs compares.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CATALOGUE = new URL('../../crates/engine/data/catalogue.json', import.meta.url);
export const SNAPSHOT = new URL('./art.snapshot.json', import.meta.url);

/** The art module, bundled in memory and loaded as a data: URL (no files written). */
async function loadArt() {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('../src/art/index.ts', import.meta.url))],
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const code = out.outputFiles[0].text;
  return import('data:text/javascript;base64,' + Buffer.from(code).toString('base64'));
}

/** Just enough of the DOM for art/svg.ts's el(): elements that serialise to markup. */
class FakeElement {
  constructor(tag) {
    this.tag = tag;
    this.attrs = [];
    this.children = [];
    this.textContent = '';
  }
  setAttribute(k, v) {
    const i = this.attrs.findIndex(([a]) => a === k);
    if (i >= 0) this.attrs[i] = [k, String(v)];
    else this.attrs.push([k, String(v)]);
  }
  appendChild(c) {
    this.children.push(c);
    return c;
  }
  toString() {
    const attrs = this.attrs.map(([k, v]) => ` ${k}="${v}"`).join('');
    return `<${this.tag}${attrs}>${this.textContent}${this.children.join('')}</${this.tag}>`;
  }
}

const sha = (v) => createHash('sha256').update(typeof v === 'string' ? v : JSON.stringify(v)).digest('hex').slice(0, 16);

/** The current output of the art for every catalogue tile, in catalogue order. */
export async function dump() {
  globalThis.document = { createElementNS: (_ns, tag) => new FakeElement(tag) };
  const art = await loadArt();
  const tiles = JSON.parse(readFileSync(CATALOGUE, 'utf8')).tiles;
  const out = {};
  for (const tile of tiles) {
    const { tile: _t, anchors, ...parts } = art.layoutTile(tile);
    const hashes = {};
    for (const [k, v] of Object.entries(parts)) hashes[k] = sha(v);
    for (const r of [0, 1, 2, 3]) hashes[`svg${r}`] = sha(String(art.tileSvg(tile, { rotation: r, size: 80 })));
    out[tile.id] = { anchors, hashes };
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const data = await dump();
  if (process.argv[2] === 'update') {
    writeFileSync(SNAPSHOT, JSON.stringify(data, null, 1) + '\n');
    console.log(`wrote ${fileURLToPath(SNAPSHOT)} (${Object.keys(data).length} tiles)`);
  } else console.log(JSON.stringify(data, null, 1));
}
