// Tile gallery: every tile type of the catalogue drawn by the procedural art, grouped by set,
// with the follower spots, the City of Carcassonne assembled and the follower pieces.
// Standalone page (static/gallery.html) and reusable as a screen: renderGallery(container, tiles).
import {
  featureAnchor,
  followerSvg,
  layoutTile,
  rotatePoint,
  rotationTransform,
  tileGroup,
  tileSvg,
  type FollowerKind,
  type Rotation,
} from './art/index';
import { el } from './art/svg';
import type { TileInfo, TileSet } from './bindings';
import { setLanguage, t as words } from './i18n/index';


const STYLE = `
.art-gallery { font: 14px/1.35 system-ui, sans-serif; color: #2b2418; background: #f3eee2; padding: 12px; box-sizing: border-box; }
.art-gallery * { box-sizing: border-box; }
.art-gallery h1 { font-size: 20px; margin: 4px 0 8px; }
.art-gallery h2 { font-size: 16px; margin: 18px 0 8px; border-bottom: 1px solid #cdbf9f; padding-bottom: 4px; }
.art-gallery .controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin-bottom: 8px; }
.art-gallery .controls label { display: inline-flex; gap: 6px; align-items: center; min-height: 32px; cursor: pointer; }
.art-gallery .controls input[type=checkbox] { width: 20px; height: 20px; }
.art-gallery .controls select { font: inherit; min-height: 32px; }
.art-gallery .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(calc(var(--tile-px, 120px) + 14px), 1fr)); gap: 12px; }
.art-gallery .tile-card { background: #fffdf7; border: 1px solid #d9ccae; border-radius: 6px; padding: 6px; display: flex; flex-direction: column; align-items: center; gap: 4px; min-width: 0; }
.art-gallery .tile-card svg { display: block; width: var(--tile-px, 120px); height: var(--tile-px, 120px); max-width: 100%; }
.art-gallery .tile-card .id { font: 11px ui-monospace, monospace; color: #6b5a3b; word-break: break-all; text-align: center; }
.art-gallery .tile-card .name { font-size: 11.5px; text-align: center; overflow-wrap: anywhere; }
.art-gallery .tile-card .count { font-size: 11px; color: #7d6a48; }
.art-gallery .anchors { pointer-events: none; }
.art-gallery.hide-anchors .anchors { display: none; }
.art-gallery .anchors circle { fill: #fff; stroke: #c0262d; stroke-width: 1.4; }
.art-gallery .anchors text { font: 600 6.5px system-ui, sans-serif; fill: #1c1c1c; paint-order: stroke; stroke: #fff; stroke-width: 1.6px; }
.art-gallery .board { display: inline-block; max-width: 100%; border: 1px solid #b7a57f; background: #7fb44e; }
.art-gallery .board svg { display: block; width: 100%; height: auto; }
.art-gallery .followers { display: flex; flex-wrap: wrap; gap: 8px; }
.art-gallery .followers svg.follower-demo { width: 330px; height: 110px; max-width: 100%; border: 1px solid #d9ccae; border-radius: 6px; }
`;

function tileCount(t: TileInfo): number | null {
  const c = (t as unknown as { count?: unknown }).count;
  return typeof c === 'number' ? c : null;
}

/** Anchor markers for one tile: a dot labelled with the feature id at every follower spot. */
function anchorLayer(tile: TileInfo, rotation: Rotation): SVGGElement {
  const g = el('g', { class: 'anchors' });
  for (const f of tile.features) {
    const p = rotatePoint(featureAnchor(tile, f.id), rotation);
    const m = el('g', { class: 'anchor', 'data-feature': f.id, 'data-x': p.x.toFixed(2), 'data-y': p.y.toFixed(2) }, g);
    el('circle', { cx: p.x, cy: p.y, r: 2.6 }, m);
    const t = el('text', { x: p.x + (p.x > 70 ? -3.5 : 3.5), y: p.y - 2.8, 'text-anchor': p.x > 70 ? 'end' : 'start' }, m);
    t.textContent = f.id;
  }
  return g;
}

function card(tile: TileInfo, rotation: Rotation, px: number): HTMLElement {
  const c = document.createElement('figure');
  c.className = 'tile-card';
  c.dataset.tileId = tile.id;
  c.style.margin = '0';
  const svg = tileSvg(tile, { size: px, rotation });
  svg.appendChild(anchorLayer(tile, rotation));
  c.appendChild(svg);
  const cap = document.createElement('figcaption');
  const id = document.createElement('div');
  id.className = 'id';
  id.textContent = tile.id;
  const name = document.createElement('div');
  name.className = 'name';
  name.textContent = words.tileName(tile);
  cap.append(id, name);
  const n = tileCount(tile);
  if (n !== null) {
    const cnt = document.createElement('div');
    cnt.className = 'count';
    cnt.textContent = `× ${n}`;
    cap.appendChild(cnt);
  }
  c.appendChild(cap);
  return c;
}

/** The City of Carcassonne: the ckr_city cells at their board positions, as one picture. */
function boardSvg(cells: TileInfo[]): SVGSVGElement {
  const cols = Math.max(...cells.map((c) => (c.board_position?.col ?? 0) + 1));
  const rows = Math.max(...cells.map((c) => (c.board_position?.row ?? 0) + 1));
  const svg = el('svg', { viewBox: `0 0 ${cols * 100} ${rows * 100}`, class: 'ckr-board', role: 'img', width: cols * 130, height: rows * 130 });
  el('title', {}, svg).textContent = words.galleryCityPicture;
  for (const c of cells) {
    const pos = c.board_position ?? { col: 0, row: 0 };
    const g = el('g', { transform: `translate(${pos.col * 100} ${pos.row * 100})`, class: 'board-cell', 'data-tile-id': c.id }, svg);
    g.appendChild(tileGroup(c, { frame: false }));
    g.appendChild(anchorLayer(c, 0));
  }
  return svg;
}

function followerStrip(tiles: TileInfo[], rotation: Rotation): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'followers';
  const colours = ['#d7263d', '#1b65c4', '#f2c200', '#1f9e52', '#111111', '#ececec'];
  const kinds: FollowerKind[] = ['meeple', 'big_meeple', 'abbot'];
  const grounds = ['#7fb44e', '#e5cd98', '#f4ebd3', '#4f9be0'];
  for (const ground of grounds) {
    const svg = el('svg', { viewBox: '0 0 180 60', class: 'follower-demo', role: 'img', 'aria-label': words.galleryFollowers });
    el('rect', { x: 0, y: 0, width: 180, height: 60, fill: ground }, svg);
    let x = 14;
    for (const kind of kinds)
      for (const col of colours.slice(0, kind === 'meeple' ? 6 : 2)) {
        const f = followerSvg(kind, col);
        f.setAttribute('transform', `translate(${x} 30)`);
        svg.appendChild(f);
        x += kind === 'big_meeple' ? 22 : 15;
      }
    wrap.appendChild(svg);
  }
  // followers standing on every spot of a few tiles
  const samples = ['base/start', 'base/city2_nw_road_curve_pennant', 'ic/city1x2_ns_roads_we', 'river2/road_bridge_inn'];
  samples.forEach((id) => {
    const t = tiles.find((x) => x.id === id);
    if (!t) return;
    const svg = tileSvg(t, { size: 110, rotation });
    svg.classList.add('follower-sample');
    t.features.forEach((f, i) => {
      const p = rotatePoint(featureAnchor(t, f.id), rotation);
      const kind: FollowerKind = f.kind === 'garden' ? 'abbot' : i === 0 ? 'big_meeple' : 'meeple';
      const m = followerSvg(kind, colours[i % colours.length]!);
      m.setAttribute('transform', `translate(${p.x} ${p.y})`);
      svg.appendChild(m);
    });
    wrap.appendChild(svg);
  });
  return wrap;
}

function injectStyle(): void {
  if (document.getElementById('art-gallery-style')) return;
  const s = document.createElement('style');
  s.id = 'art-gallery-style';
  s.textContent = STYLE;
  document.head.appendChild(s);
}

export interface GalleryOptions {
  /** Tile size in CSS pixels (default 120). */
  size?: number;
  /** Show the follower spots at first (default true). */
  anchors?: boolean;
  rotation?: Rotation;
}

/** Render the gallery of `tiles` (catalogue tile objects) into `container`. */
export function renderGallery(container: HTMLElement, tiles: TileInfo[], opts: GalleryOptions = {}): void {
  injectStyle();
  const px = opts.size ?? 120;
  let rotation: Rotation = opts.rotation ?? 0;
  container.replaceChildren();
  container.classList.add('art-gallery');
  container.style.setProperty('--tile-px', `${px}px`);
  container.classList.toggle('hide-anchors', opts.anchors === false);

  const h1 = document.createElement('h1');
  const copies = tiles.reduce((n, t) => n + (tileCount(t) ?? 0), 0);
  h1.textContent = words.galleryTitle(tiles.length, copies);
  const controls = document.createElement('div');
  controls.className = 'controls';
  const lab = document.createElement('label');
  const cb = document.createElement('input');
  cb.type = 'checkbox';
  cb.id = 'show-anchors';
  cb.checked = opts.anchors !== false;
  cb.addEventListener('change', () => container.classList.toggle('hide-anchors', !cb.checked));
  lab.append(cb, document.createTextNode(words.galleryAnchors));
  const rlab = document.createElement('label');
  const sel = document.createElement('select');
  sel.id = 'rotation';
  for (let r = 0; r < 4; r++) {
    const o = document.createElement('option');
    o.value = String(r);
    o.textContent = `${r * 90}°`;
    sel.appendChild(o);
  }
  sel.value = String(rotation);
  rlab.append(document.createTextNode(words.galleryRotation), sel);
  controls.append(lab, rlab);
  container.append(h1, controls);

  const body = document.createElement('div');
  container.appendChild(body);
  const draw = () => {
    body.replaceChildren();
    const sets: string[] = [];
    for (const t of tiles) if (!sets.includes(t.set)) sets.push(t.set);
    for (const set of sets) {
      const list = tiles.filter((t) => t.set === set);
      const sec = document.createElement('section');
      sec.className = 'tile-set';
      sec.dataset.set = set;
      const h2 = document.createElement('h2');
      const copies = list.reduce((n, t) => n + (tileCount(t) ?? 0), 0);
      h2.textContent = words.gallerySet(words.tileSetName(set as TileSet) ?? set, set, list.length, copies);
      const grid = document.createElement('div');
      grid.className = 'grid';
      for (const t of list) grid.appendChild(card(t, rotation, px));
      sec.append(h2, grid);
      body.appendChild(sec);
    }
    const cells = tiles.filter((t) => t.set === 'ckr_city' && t.board_position);
    if (cells.length) {
      const sec = document.createElement('section');
      sec.className = 'ckr-board-section';
      const h2 = document.createElement('h2');
      h2.textContent = words.galleryCity;
      const wrap = document.createElement('div');
      wrap.className = 'board';
      wrap.appendChild(boardSvg(cells));
      sec.append(h2, wrap);
      body.appendChild(sec);
    }
    const fsec = document.createElement('section');
    fsec.className = 'followers-section';
    const fh = document.createElement('h2');
    fh.textContent = words.galleryFollowers;
    fsec.append(fh, followerStrip(tiles, rotation));
    body.appendChild(fsec);
  };
  sel.addEventListener('change', () => {
    rotation = Number(sel.value) as Rotation;
    draw();
  });
  draw();
}

// Standalone page: static/gallery.html has #gallery-root.
// Query: ?size=400&ids=base/start,river2/fork&anchors=0&rotation=1&sets=base,river1
async function main(): Promise<void> {
  const root = document.getElementById('gallery-root');
  if (!root) return;
  // the standalone page has no Settings: the system's language
  setLanguage('');
  document.title = `${words.appName} — ${words.homeGallery}`;
  const q = new URLSearchParams(location.search);
  try {
    const res = await fetch('catalogue.json');
    if (!res.ok) throw new Error(`catalogue.json: HTTP ${res.status}`);
    const cat = (await res.json()) as { tiles: TileInfo[] };
    let tiles = cat.tiles;
    const ids = q.get('ids');
    if (ids) tiles = tiles.filter((t) => ids.split(',').includes(t.id));
    const sets = q.get('sets');
    if (sets) tiles = tiles.filter((t) => sets.split(',').includes(t.set));
    const size = Number(q.get('size')) || 120;
    const rotation = (Number(q.get('rotation')) % 4) as Rotation;
    renderGallery(root, tiles, { size, anchors: q.get('anchors') !== '0', rotation });
    root.dataset.ready = 'true';
  } catch (e) {
    root.textContent = words.galleryLoadError(e instanceof Error ? e.message : String(e));
    root.dataset.ready = 'error';
  }
}

// Exposed for the browser tests.
(globalThis as unknown as { __tileArt?: unknown }).__tileArt = { featureAnchor, rotatePoint, rotationTransform, layoutTile };

void main();
