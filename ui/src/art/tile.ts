// Procedural tile art: draws a tile type from its features (no artwork from the published game).
// Canonical orientation in a 100 × 100 box; callers rotate with rotationTransform().
import type { TileInfo } from '../bindings';
import type { Pt, Rotation } from './model';
import * as G from './geom';
import { t } from '../i18n/index';
import { el } from './svg';
import { layoutTile, ROAD_HW, RIVER_HW, type Deco, type Layout } from './layout/index';

export { rotationTransform } from './geom';

export const PALETTE = {
  field: '#7fb44e',
  fieldDark: '#6a9d3e',
  fieldLight: '#94c563',
  road: '#f4ebd3',
  roadEdge: '#8a7352',
  river: '#4f9be0',
  riverBank: '#2c6aa6',
  riverLight: '#b3daf7',
  city: '#e5cd98',
  cityShade: '#d4b77b',
  wall: '#6a4a2a',
  wallTop: '#c7a367',
  roof: '#b8523a',
  roofDark: '#8f3a28',
  stone: '#8b8273',
  ink: '#3b2a1a',
};

export interface TileArtOptions {
  /** Width and height in CSS pixels (default 100). */
  size?: number;
  /** Quarter turns clockwise applied to the drawing (default 0). */
  rotation?: Rotation;
  /** Thin outline round the tile (default true). */
  frame?: boolean;
}

let uid = 0;

/** The tile drawing as a group in the 100 × 100 box (canonical orientation, clipped to the box). */
export function tileGroup(tile: TileInfo, opts: { frame?: boolean } = {}): SVGGElement {
  const L = layoutTile(tile);
  const g = el('g', { class: 'tile-body', 'data-tile-id': tile.id });
  const clipId = `tile-clip-${++uid}`;
  const defs = el('defs', {}, g);
  const cp = el('clipPath', { id: clipId }, defs);
  el('rect', { x: 0, y: 0, width: 100, height: 100 }, cp);
  const body = el('g', { 'clip-path': `url(#${clipId})` }, g);
  drawField(body, L);
  drawRivers(body, L);
  drawRoads(body, L);
  if (L.ckr) drawCkr(body, L);
  drawCities(body, L, clipId);
  drawBuildings(body, L);
  drawDecos(body, L);
  if (opts.frame !== false)
    el('rect', { x: 0.3, y: 0.3, width: 99.4, height: 99.4, fill: 'none', stroke: 'rgba(40,30,10,.35)', 'stroke-width': 0.6, class: 'frame', 'pointer-events': 'none' }, g);
  return g;
}

/** A standalone <svg> of the tile. */
export function tileSvg(tile: TileInfo, opts: TileArtOptions = {}): SVGSVGElement {
  const size = opts.size ?? 100;
  const svg = el('svg', {
    viewBox: '0 0 100 100',
    width: size,
    height: size,
    class: 'tile-art',
    'data-tile-id': tile.id,
    role: 'img',
  });
  const title = el('title', {}, svg);
  title.textContent = `${t.tileName(tile)} (${tile.id})`;
  const g = tileGroup(tile, { frame: opts.frame ?? true });
  if (opts.rotation) g.setAttribute('transform', G.rotationTransform(opts.rotation));
  svg.appendChild(g);
  return svg;
}

// ---------------------------------------------------------------------------------------------

const deco = { 'pointer-events': 'none' } as const;

function drawField(g: SVGGElement, L: Layout): void {
  el('rect', { x: 0, y: 0, width: 100, height: 100, fill: PALETTE.field, class: 'field' }, g);
  // grass tufts in the open field
  const rnd = G.rng(L.tile.id + ':grass');
  const spots = Object.values(L.fieldCells).flat();
  const tufts = el('g', { class: 'grass', stroke: PALETTE.fieldDark, 'stroke-width': 0.9, 'stroke-linecap': 'round', fill: 'none', ...deco }, g);
  let d = '';
  for (const p of spots) {
    if (rnd() > 0.1) continue;
    const x = p.x + (rnd() - 0.5) * 2;
    const y = p.y + (rnd() - 0.5) * 2;
    d += `M${G.fmt(x - 1.6)} ${G.fmt(y + 1)}l1 -2.2M${G.fmt(x)} ${G.fmt(y + 1)}v-2.6M${G.fmt(x + 1.6)} ${G.fmt(y + 1)}l-1 -2.2`;
  }
  if (d) el('path', { d }, tufts);
}

function drawRivers(g: SVGGElement, L: Layout): void {
  if (!L.rivers.length) return;
  const grp = el('g', { class: 'rivers' }, g);
  for (const r of L.rivers) {
    for (const b of r.branches)
      el('path', { d: G.pathD(b), fill: 'none', stroke: PALETTE.riverBank, 'stroke-width': RIVER_HW * 2, 'stroke-linejoin': 'round', class: 'river', 'data-feature': r.id }, grp);
    if (r.lake) el('path', { d: G.pathD(r.lake.pts, true), fill: PALETTE.riverBank, stroke: PALETTE.riverBank, 'stroke-width': 3, class: 'river lake', 'data-feature': r.id }, grp);
  }
  for (const r of L.rivers) {
    for (const b of r.branches)
      el('path', { d: G.pathD(b), fill: 'none', stroke: PALETTE.river, 'stroke-width': RIVER_HW * 2 - 3.4, 'stroke-linejoin': 'round', 'stroke-linecap': 'round', class: 'river', 'data-feature': r.id }, grp);
    if (r.lake) el('path', { d: G.pathD(r.lake.pts, true), fill: PALETTE.river, class: 'river lake', 'data-feature': r.id }, grp);
  }
  // ripples
  const hi = el('g', { stroke: PALETTE.riverLight, 'stroke-width': 1, fill: 'none', 'stroke-linecap': 'round', ...deco }, grp);
  for (const r of L.rivers) {
    for (const b of r.branches) {
      const Lb = G.polylineLength(b);
      for (let s = 6; s < Lb - 4; s += 11) {
        const { p, dir } = G.along(b, s);
        const n = G.perp(dir);
        const side = (Math.round(s / 11) % 2 ? 1 : -1) * 2;
        const a = G.add(G.add(p, G.mul(n, side)), G.mul(dir, -2.5));
        const c = G.add(G.add(p, G.mul(n, side)), G.mul(dir, 2.5));
        el('path', { d: `M${G.fmt(a.x)} ${G.fmt(a.y)}Q${G.fmt(p.x + n.x * (side + 1))} ${G.fmt(p.y + n.y * (side + 1))} ${G.fmt(c.x)} ${G.fmt(c.y)}` }, hi);
      }
    }
    if (r.lake) {
      const c = G.centroid(r.lake.pts);
      if (r.lake.spring) {
        el('circle', { cx: c.x, cy: c.y, r: 4, fill: PALETTE.riverLight, opacity: 0.8 }, hi);
        el('circle', { cx: c.x, cy: c.y, r: 1.6, fill: '#fff', stroke: 'none' }, hi);
      } else {
        el('path', { d: `M${G.fmt(c.x - 7)} ${G.fmt(c.y - 3)}q3.5 -2 7 0`, opacity: 0.9 }, hi);
        el('path', { d: `M${G.fmt(c.x - 1)} ${G.fmt(c.y + 4)}q3.5 -2 7 0`, opacity: 0.9 }, hi);
      }
    }
  }
}

function drawRoads(g: SVGGElement, L: Layout): void {
  if (!L.roads.length) return;
  const grp = el('g', { class: 'roads' }, g);
  // shadows of bridges on the water
  for (const r of L.roads)
    for (const b of r.bridges)
      el('path', { d: G.pathD(b.map((p) => G.add(p, G.pt(1.2, 2.4)))), fill: 'none', stroke: 'rgba(10,30,60,.35)', 'stroke-width': ROAD_HW * 2 + 1, ...deco }, grp);
  for (const r of L.roads)
    el('path', { d: G.pathD(r.pts), fill: 'none', stroke: PALETTE.roadEdge, 'stroke-width': ROAD_HW * 2, 'stroke-linejoin': 'round', class: 'road road-edge', 'data-feature': r.id }, grp);
  for (const r of L.roads)
    el('path', { d: G.pathD(r.pts), fill: 'none', stroke: PALETTE.road, 'stroke-width': ROAD_HW * 2 - 2.8, 'stroke-linejoin': 'round', class: 'road', 'data-feature': r.id }, grp);
  // bridge parapets
  for (const r of L.roads)
    for (const b of r.bridges) {
      const ext = extend(b, 2.5);
      for (const side of [1, -1]) {
        const line = G.offsetPolyline(ext, side * (ROAD_HW + 0.4));
        el('path', { d: G.pathD(line), fill: 'none', stroke: '#5a4632', 'stroke-width': 1.8, 'stroke-linecap': 'round', class: 'bridge', ...deco }, grp);
        el('path', { d: G.pathD(line), fill: 'none', stroke: '#b9a27c', 'stroke-width': 0.7, 'stroke-dasharray': '1.5 1.5', ...deco }, grp);
      }
    }
}

function extend(ps: Pt[], by: number): Pt[] {
  if (ps.length < 2) return ps;
  const a = ps[0]!;
  const a2 = ps[1]!;
  const b = ps[ps.length - 1]!;
  const b2 = ps[ps.length - 2]!;
  return [G.add(a, G.mul(G.norm(G.sub(a, a2)), by)), ...ps, G.add(b, G.mul(G.norm(G.sub(b, b2)), by))];
}

/** A city wall along `pts`; merlons on the side away from `inside` (a point set test). */
function wallPath(parent: Element, pts: Pt[], feature: string | null, heavy = false, inside?: (p: Pt) => boolean): void {
  const d = G.pathD(pts);
  const g = el('g', { class: 'city-wall', 'data-feature': feature, ...deco }, parent);
  const w = heavy ? 5.4 : 4.2;
  el('path', { d, fill: 'none', stroke: heavy ? '#4d463c' : '#4f3820', 'stroke-width': w, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, g);
  el('path', { d, fill: 'none', stroke: heavy ? '#bdb4a3' : '#c4a06a', 'stroke-width': w - 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, g);
  // merlons on the outer half
  let side = 1;
  if (inside && pts.length > 2) {
    const i = Math.floor(pts.length / 2);
    const n = G.perp(G.norm(G.sub(pts[i + 1]!, pts[i - 1]!)));
    side = inside(G.add(pts[i]!, G.mul(n, 3))) ? -1 : 1;
  }
  const outer = G.offsetPolyline(G.resample(pts, 1), side * (w / 2 - 1.1));
  el('path', { d: G.pathD(outer), fill: 'none', stroke: heavy ? '#4d463c' : '#4f3820', 'stroke-width': 1.4, 'stroke-dasharray': '1.3 1.5' }, g);
}

function gate(parent: Element, at: Pt, dir: Pt, heavy = false): void {
  const ang = (Math.atan2(dir.y, dir.x) * 180) / Math.PI;
  const w = heavy ? 8 : 6.5;
  const gg = el('g', { transform: `translate(${G.fmt(at.x)} ${G.fmt(at.y)}) rotate(${G.fmt(ang)})`, class: 'gate', ...deco }, parent);
  el('rect', { x: -2.6, y: -w / 2 - 1.4, width: 5.2, height: w + 2.8, rx: 1, fill: heavy ? '#5e574c' : PALETTE.wall }, gg);
  el('path', { d: `M-1 ${-w / 2 + 0.6}h2.6v${w - 1.2}h-2.6a${w / 2 - 0.6} ${w / 2 - 0.6} 0 0 1 0 ${-(w - 1.2)}z`, fill: '#2a1d12' }, gg);
}

function drawCities(g: SVGGElement, L: Layout, clipBase: string): void {
  L.cities.forEach((c, i) => {
    const grp = el('g', { class: 'city-group', 'data-feature': c.id }, g);
    const d = G.pathD(c.poly, true);
    const under = L.cities.slice(0, i).filter((o) => c.poly.some((p) => G.pointInPoly(p, o.poly) && G.borderDist(p) > 2));
    if (under.length) {
      // this city crosses over an earlier one (a bridge): shade what lies beneath
      for (const w of c.walls)
        el('path', { d: G.pathD(w.map((p) => G.add(p, G.pt(2.2, 2.6)))), fill: 'none', stroke: 'rgba(40,25,5,.35)', 'stroke-width': 7, ...deco }, grp);
    }
    const overlapped = L.cities.slice(i + 1).some((o) => o.poly.some((p) => G.pointInPoly(p, c.poly) && G.borderDist(p) > 2));
    el('path', { d, fill: overlapped ? '#d3b47a' : PALETTE.city, class: 'city', 'data-feature': c.id }, grp);
    if (c.walls.length) {
      // a soft shade along the inside of the walls
      const id = `${clipBase}-c${i}`;
      el('path', { d }, el('clipPath', { id }, el('defs', {}, grp)));
      const shade = el('g', { 'clip-path': `url(#${id})`, class: 'city-shade', ...deco }, grp);
      for (const w of c.walls)
        el('path', { d: G.pathD(w), fill: 'none', stroke: PALETTE.cityShade, 'stroke-width': 10, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, shade);
    }
    for (const w of c.walls) wallPath(grp, w, c.id, false, (p) => G.pointInPoly(p, c.poly));
    for (const r of L.roads) if (r.end === 'city' && r.gate && G.pointInPoly(G.add(r.gate.at, G.mul(r.gate.dir, 2)), c.poly)) gate(grp, r.gate.at, r.gate.dir);
  });
  // spurs of wall that split a field
  for (const s of L.spurs) wallPath(g, s, null);
}

function drawCkr(g: SVGGElement, L: Layout): void {
  const k = L.ckr!;
  const grp = el('g', { class: 'carcassonne' }, g);
  el('path', { d: G.pathD(k.interior, true), fill: '#dcc291', class: 'carcassonne-interior' }, grp);
  // dense roofs
  const rnd = G.rng(L.tile.id + ':roofs');
  const box = G.bbox(k.interior);
  const roofs = el('g', deco, grp);
  const keep = k.landmark ? G.pt(50, 50) : null;
  for (let y = box.y0 + 7; y < box.y1 - 3; y += 10.5)
    for (let x = box.x0 + 6 + (Math.round(y / 10.5) % 2) * 5; x < box.x1 - 3; x += 12) {
      if (rnd() < 0.22) continue;
      const p = G.pt(x + (rnd() - 0.5) * 4, y + (rnd() - 0.5) * 3);
      if (keep && G.dist(p, keep) < 27) continue;
      if (k.walls.some((w) => G.distToPolyline(p, w) < 7)) continue;
      house(roofs, p, rnd());
    }
  if (k.landmark === 'castle') castle(grp, G.pt(50, 50));
  if (k.landmark === 'cathedral') cathedral(grp, G.pt(50, 50), 1.25);
  for (const w of k.walls) wallPath(grp, w, null, true, (p) => G.pointInPoly(p, k.interior));
  for (const t of k.towers) {
    el('circle', { cx: t.x, cy: t.y, r: 5.2, fill: '#7d7466', stroke: '#4c463d', 'stroke-width': 1, ...deco }, grp);
    el('circle', { cx: t.x, cy: t.y, r: 3.4, fill: PALETTE.roof, stroke: PALETTE.roofDark, 'stroke-width': 0.6, ...deco }, grp);
    el('circle', { cx: t.x - 0.8, cy: t.y - 0.8, r: 1, fill: '#e08a6e', ...deco }, grp);
  }
  for (const r of L.roads) if (r.end === 'wall' && r.gate) gate(grp, r.gate.at, r.gate.dir, true);
}

function drawBuildings(g: SVGGElement, L: Layout): void {
  for (const b of L.buildings) {
    const grp = el('g', { class: `building ${b.kind}`, 'data-feature': b.id }, g);
    if (b.kind === 'monastery' || b.kind === 'shrine')
      el('ellipse', { cx: b.at.x, cy: b.at.y + 2, rx: b.r, ry: b.r - 2.5, fill: b.kind === 'shrine' ? '#b7c98f' : '#b9cf86', stroke: 'rgba(70,60,30,.25)', 'stroke-width': 0.8, class: 'grounds' }, grp);
    if (b.kind === 'monastery') monastery(grp, b.at);
    else if (b.kind === 'shrine') shrine(grp, b.at);
    else if (b.kind === 'volcano') volcano(grp, b.at);
    else garden(grp, b.at);
  }
}

function drawDecos(g: SVGGElement, L: Layout): void {
  const order: Deco['kind'][] = ['house', 'cathedral', 'siege', 'shield', 'junction', 'inn', 'pigs'];
  for (const kind of order)
    for (const d of L.decos.filter((x) => x.kind === kind)) {
      if (kind === 'house') house(el('g', { class: 'house', ...deco }, g), d.at, d.seed ?? 0.5);
      else if (kind === 'cathedral') cathedral(el('g', { class: 'cathedral', 'data-feature': d.feature, ...deco }, g), d.at, 1);
      else if (kind === 'siege') siege(el('g', { class: 'siege', 'data-feature': d.feature, ...deco }, g), d.at);
      else if (kind === 'shield') shield(g, d.at, d.feature);
      else if (kind === 'junction') junction(el('g', { class: 'junction', ...deco }, g), d.at);
      else if (kind === 'inn') inn(el('g', { class: 'inn', 'data-feature': d.feature, ...deco }, g), d.at, d.dir ?? G.pt(0, 1));
      else if (kind === 'pigs') pigs(el('g', { class: 'pig-herd', 'data-feature': d.feature, ...deco }, g), d.at);
    }
}

// ---------------------------------------------------------------------------------------------
// pictograms (drawn around a centre point)

const T = (p: Pt, extra = ''): string => `translate(${G.fmt(p.x)} ${G.fmt(p.y)})${extra}`;

function shadow(parent: Element, rx: number, ry: number, dy: number): void {
  el('ellipse', { cx: 0, cy: dy, rx, ry, fill: 'rgba(0,0,0,.22)' }, parent);
}

/** A small house: wall and pitched roof. */
function house(parent: Element, p: Pt, seed: number): void {
  const w = 6 + (seed % 0.3) * 6;
  const g = el('g', { transform: T(p) }, parent);
  el('rect', { x: -w / 2 + 0.7, y: -0.6, width: w, height: 3.6, fill: 'rgba(60,40,10,.22)' }, g);
  el('rect', { x: -w / 2, y: -1, width: w, height: 3.4, fill: '#f4e6c4', stroke: '#6b4a2a', 'stroke-width': 0.45 }, g);
  el('path', { d: `M${G.fmt(-w / 2 - 0.8)} -1L${G.fmt(-w / 2 + 1.4)} -4.4H${G.fmt(w / 2 - 1.4)}L${G.fmt(w / 2 + 0.8)} -1Z`, fill: seed > 0.35 ? PALETTE.roof : '#a35f36', stroke: '#5a2b1c', 'stroke-width': 0.45, 'stroke-linejoin': 'round' }, g);
  el('rect', { x: -0.6, y: 0.4, width: 1.2, height: 2, fill: '#6b4a2a' }, g);
}

function shield(parent: Element, p: Pt, feature: string | null): void {
  const g = el('g', { transform: T(p, ' scale(1.35)'), class: 'shield', 'data-feature': feature, ...deco }, parent);
  const d = 'M-4.6 -5.4H4.6V-0.6C4.6 3.2 1.8 5.4 0 6.4C-1.8 5.4 -4.6 3.2 -4.6 -0.6Z';
  el('path', { d, fill: 'rgba(0,0,0,.3)', transform: 'translate(.7 .8)' }, g);
  el('path', { d, fill: '#2855b5', stroke: '#fdfbf3', 'stroke-width': 1.2, 'stroke-linejoin': 'round' }, g);
  el('path', { d: 'M-4 -2.2H4M0 -5V5.6', stroke: '#f1d36b', 'stroke-width': 1.3 }, g);
}

function monastery(g: SVGGElement, c: Pt): void {
  const s = el('g', { transform: T(G.add(c, G.pt(0, 3)), ' scale(.95)') }, g);
  shadow(s, 14, 4, 10.5);
  // cloister yard
  el('rect', { x: -13, y: -3, width: 26, height: 14, rx: 1.5, fill: '#d9cdb2', stroke: PALETTE.ink, 'stroke-width': 0.8 }, s);
  el('rect', { x: -9, y: 0, width: 10, height: 8, fill: '#9cc76b', stroke: '#8c7a5d', 'stroke-width': 0.6 }, s);
  // nave
  el('rect', { x: 2, y: -9, width: 11, height: 20, fill: '#f3ead6', stroke: PALETTE.ink, 'stroke-width': 0.8 }, s);
  el('path', { d: 'M1 -9L7.5 -15L14 -9Z', fill: PALETTE.roof, stroke: PALETTE.ink, 'stroke-width': 0.8, 'stroke-linejoin': 'round' }, s);
  // tower with a cross
  el('rect', { x: -13, y: -12, width: 8, height: 12, fill: '#f3ead6', stroke: PALETTE.ink, 'stroke-width': 0.8 }, s);
  el('path', { d: 'M-14 -12L-9 -18.5L-4 -12Z', fill: PALETTE.roof, stroke: PALETTE.ink, 'stroke-width': 0.8, 'stroke-linejoin': 'round' }, s);
  el('path', { d: 'M-9 -18.5V-24M-11.2 -21.8H-6.8', stroke: PALETTE.ink, 'stroke-width': 1.1 }, s);
  el('path', { d: 'M5.5 11V6a2 2 0 0 1 4 0V11', fill: '#4a3322' }, s);
  el('circle', { cx: 7.5, cy: -3, r: 1.7, fill: '#6ea6dc', stroke: PALETTE.ink, 'stroke-width': 0.5 }, s);
}

function shrine(g: SVGGElement, c: Pt): void {
  const s = el('g', { transform: T(c) }, g);
  shadow(s, 13, 4, 10.5);
  el('rect', { x: -12, y: 6, width: 24, height: 5, fill: '#a9a2b6', stroke: '#2e2540', 'stroke-width': 0.8 }, s);
  el('rect', { x: -10, y: -3, width: 20, height: 9.5, fill: '#ddd7e8', stroke: '#2e2540', 'stroke-width': 0.8 }, s);
  for (const x of [-6.5, -2, 2.5, 7]) el('path', { d: `M${x} -2.5V6`, stroke: '#8d84a0', 'stroke-width': 1.4 }, s);
  el('path', { d: 'M-11 -3A11 12 0 0 1 11 -3Z', fill: '#5b3a8c', stroke: '#2e2540', 'stroke-width': 0.9 }, s);
  el('path', { d: 'M-6 -7A7 6 0 0 1 2 -12', fill: 'none', stroke: '#8f6cc4', 'stroke-width': 1.2, 'stroke-linecap': 'round' }, s);
  // golden flame on top
  el('path', { d: 'M0 -20C3 -17 2.4 -15 0 -14.2C-2.4 -15 -3 -17 0 -20Z', fill: '#f2b632', stroke: '#7a4d0c', 'stroke-width': 0.6 }, s);
}

function volcano(g: SVGGElement, c: Pt): void {
  const s = el('g', { transform: T(c) }, g);
  shadow(s, 15, 4, 11);
  el('path', { d: 'M-15 11L-5 -7H5L15 11Z', fill: '#7a5a45', stroke: '#3e2a1e', 'stroke-width': 0.9, 'stroke-linejoin': 'round' }, s);
  el('path', { d: 'M-5 -7L-9 4M2 -7L0 6M5 -7L9 2', stroke: '#5f4434', 'stroke-width': 1 }, s);
  el('ellipse', { cx: 0, cy: -7, rx: 5.5, ry: 1.8, fill: '#ef5a24', stroke: '#3e2a1e', 'stroke-width': 0.7 }, s);
  el('path', { d: 'M-2 -6.5C-3 -2 -5 0 -4.2 4M2.2 -6.5C3 -3 4.8 -1 6 2', stroke: '#f08a2c', 'stroke-width': 1.4, fill: 'none', 'stroke-linecap': 'round' }, s);
  for (const [x, y, r] of [[0, -12, 3], [3, -16, 3.4], [-1, -20, 3.8]] as const)
    el('circle', { cx: x, cy: y, r, fill: '#d6d2cc', stroke: '#8f8a84', 'stroke-width': 0.6, opacity: 0.95 }, s);
}

function garden(g: SVGGElement, c: Pt): void {
  const s = el('g', { transform: T(c) }, g);
  el('rect', { x: -9.5, y: -8.5, width: 19, height: 18, rx: 3, fill: '#3f7d33', stroke: '#24501d', 'stroke-width': 0.9 }, s);
  el('rect', { x: -7, y: -6, width: 14, height: 13, rx: 1.5, fill: '#b5dc84' }, s);
  el('path', { d: 'M0 -6V7M-7 0.5H7', stroke: '#e9dcb6', 'stroke-width': 1.6 }, s);
  const flowers: [number, number, string][] = [[-4, -3, '#e8484e'], [3.8, -3.4, '#f6d43c'], [-3.6, 4, '#f6f0ff'], [4, 3.8, '#e8484e'], [-5.2, -4.8, '#f6d43c'], [5.2, 5.2, '#f6f0ff']];
  for (const [x, y, col] of flowers) el('circle', { cx: x, cy: y, r: 1.2, fill: col, stroke: 'rgba(0,0,0,.35)', 'stroke-width': 0.3 }, s);
  el('circle', { cx: 0, cy: 0.5, r: 2.2, fill: '#6cb3e6', stroke: '#2c6aa6', 'stroke-width': 0.5 }, s);
}

function cathedral(g: Element, c: Pt, k: number): void {
  const s = el('g', { transform: T(c, ` scale(${k})`) }, g);
  shadow(s, 14, 3.5, 13);
  el('rect', { x: -9, y: -6, width: 18, height: 19, fill: '#e4ddcf', stroke: PALETTE.ink, 'stroke-width': 0.8 }, s);
  el('path', { d: 'M-10 -6L0 -13L10 -6Z', fill: '#55657f', stroke: PALETTE.ink, 'stroke-width': 0.8, 'stroke-linejoin': 'round' }, s);
  for (const x of [-13, 7]) {
    el('rect', { x, y: -10, width: 6, height: 23, fill: '#d3cbbb', stroke: PALETTE.ink, 'stroke-width': 0.8 }, s);
    el('path', { d: `M${x - 0.6} -10L${x + 3} -19L${x + 6.6} -10Z`, fill: '#55657f', stroke: PALETTE.ink, 'stroke-width': 0.8, 'stroke-linejoin': 'round' }, s);
    el('rect', { x: x + 2, y: -6, width: 2, height: 3.5, rx: 1, fill: '#3b4a63' }, s);
  }
  el('circle', { cx: 0, cy: 0, r: 3.4, fill: '#5d8fd0', stroke: '#fff7e0', 'stroke-width': 0.9 }, s);
  el('path', { d: 'M0 -3.4V3.4M-3.4 0H3.4', stroke: '#fff7e0', 'stroke-width': 0.5 }, s);
  el('path', { d: 'M-2.6 13V8.4a2.6 2.6 0 0 1 5.2 0V13Z', fill: '#4a3322' }, s);
}

function castle(g: Element, c: Pt): void {
  const s = el('g', { transform: T(c), ...deco }, g);
  shadow(s, 17, 4, 15);
  el('rect', { x: -14, y: -12, width: 28, height: 26, fill: '#9e968a', stroke: '#3f3a33', 'stroke-width': 0.9 }, s);
  el('rect', { x: -8, y: -6, width: 16, height: 14, fill: '#c9c1b2', stroke: '#3f3a33', 'stroke-width': 0.8 }, s);
  for (const [x, y] of [[-14, -12], [14, -12], [-14, 14], [14, 14]] as const) {
    el('circle', { cx: x, cy: y, r: 4.6, fill: '#8a8274', stroke: '#3f3a33', 'stroke-width': 0.8 }, s);
    el('circle', { cx: x, cy: y, r: 3, fill: PALETTE.roof, stroke: PALETTE.roofDark, 'stroke-width': 0.5 }, s);
  }
  el('path', { d: 'M0 -6V-16', stroke: '#3f3a33', 'stroke-width': 0.8 }, s);
  el('path', { d: 'M0 -16L6 -14L0 -12Z', fill: '#c0392b' }, s);
}

function siege(g: Element, c: Pt): void {
  const s = el('g', { transform: T(c, ' scale(1.15)') }, g);
  shadow(s, 9, 2.4, 5);
  const tent = (x: number, col: string) => {
    el('path', { d: `M${x - 5} 5L${x} -5L${x + 5} 5Z`, fill: '#f5efe0', stroke: '#4a2e1f', 'stroke-width': 0.8, 'stroke-linejoin': 'round' }, s);
    el('path', { d: `M${x} -5L${x - 1.8} 5H${x + 1.8}Z`, fill: col }, s);
    el('path', { d: `M${x} -5V-8`, stroke: '#4a2e1f', 'stroke-width': 0.7 }, s);
  };
  tent(-3.6, '#b3322a');
  tent(3.8, '#2f4f9c');
  el('path', { d: 'M-3.6 -8L-0.8 -7.2L-3.6 -6.4Z', fill: '#d23b2f' }, s);
}

function junction(g: Element, c: Pt): void {
  const s = el('g', { transform: T(c) }, g);
  el('circle', { cx: 0, cy: 0, r: 7.2, fill: PALETTE.road, stroke: PALETTE.roadEdge, 'stroke-width': 1.2 }, s);
  el('rect', { x: -3.6, y: -2, width: 7.2, height: 5.4, fill: '#f0e2bf', stroke: PALETTE.ink, 'stroke-width': 0.6 }, s);
  el('path', { d: 'M-4.6 -2L0 -5.8L4.6 -2Z', fill: PALETTE.roof, stroke: PALETTE.ink, 'stroke-width': 0.6, 'stroke-linejoin': 'round' }, s);
  el('rect', { x: -0.9, y: 0.6, width: 1.8, height: 2.8, fill: '#4a3322' }, s);
}

/** An inn beside the road (with its lake); `dir` points from the inn to the road. */
function inn(g: Element, c: Pt, dir: Pt): void {
  const side = G.perp(dir);
  const pond = G.add(c, G.mul(side, 7));
  const house = G.add(c, G.mul(side, -2.5));
  el('path', { d: G.pathD(G.blob(pond, 4.6, 3.4, Math.atan2(side.y, side.x), 'inn'), true), fill: PALETTE.river, stroke: PALETTE.riverBank, 'stroke-width': 0.8 }, g);
  const s = el('g', { transform: T(house) }, g);
  shadow(s, 6, 1.8, 4.4);
  el('rect', { x: -5, y: -2.5, width: 10, height: 7, fill: '#f6e8c6', stroke: PALETTE.ink, 'stroke-width': 0.7 }, s);
  el('path', { d: 'M-6.2 -2.5L-3.5 -7H3.5L6.2 -2.5Z', fill: '#9c3b25', stroke: PALETTE.ink, 'stroke-width': 0.7, 'stroke-linejoin': 'round' }, s);
  el('rect', { x: -1.1, y: 0.8, width: 2.4, height: 3.7, fill: '#4a3322' }, s);
  el('rect', { x: -4, y: -0.8, width: 2, height: 1.8, fill: '#f2c94c' }, s);
  el('rect', { x: 2.2, y: -0.8, width: 2, height: 1.8, fill: '#f2c94c' }, s);
}

function pigs(g: Element, c: Pt): void {
  const pig = (x: number, y: number, flip: boolean) => {
    const s = el('g', { transform: `translate(${G.fmt(c.x + x)} ${G.fmt(c.y + y)})${flip ? ' scale(-1 1)' : ''}` }, g);
    el('ellipse', { cx: 0, cy: 0, rx: 3.8, ry: 2.6, fill: '#f4a9b8', stroke: '#7d3b4a', 'stroke-width': 0.6 }, s);
    el('circle', { cx: 3.6, cy: -0.8, r: 1.9, fill: '#f4a9b8', stroke: '#7d3b4a', 'stroke-width': 0.6 }, s);
    el('path', { d: 'M3.2 -2.4L3.9 -3.9L4.6 -2.4Z', fill: '#e58b9c', stroke: '#7d3b4a', 'stroke-width': 0.4 }, s);
    el('ellipse', { cx: 5.2, cy: -0.6, rx: 0.8, ry: 0.7, fill: '#e58b9c' }, s);
    el('path', { d: 'M-3.8 -0.3q-1.2 -0.9 -0.5 -1.8', stroke: '#7d3b4a', 'stroke-width': 0.5, fill: 'none' }, s);
  };
  pig(-6, -3.5, false);
  pig(5.5, -1.5, true);
  pig(-1.5, 5, false);
}
