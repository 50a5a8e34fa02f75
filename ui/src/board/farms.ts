// The farm view's drawing: each field segment's open area (the grid points the tile art found
// for it, art/layout/field.ts) as one path of row runs, and the marks on supplied cities. Who
// owns what is the engine's (GameView.farms); this file only draws shapes and colours.
import { layoutTile, rotationTransform } from '../art/index';
import { STEP } from '../art/layout/field';
import { el } from '../art/svg';
import type { Pos, TileInfo } from '../bindings';

/** One field as the farm view draws it. */
export interface FarmShade {
  id: number;
  segments: { at: Pos; feature_id: string }[];
  /** The owners' colours: none (nobody farms it), one, or several (contested: striped). */
  colours: string[];
  owners: number[];
  label: string;
}

/** A completed city that fields supply: a badge with the colours of the seats it pays. */
export interface FarmMark {
  at: Pos;
  featureId: string;
  colours: string[];
  label: string;
}

const NEUTRAL = '#f4efe0';
const paths = new Map<string, string>();

/** The open area of `featureId` on `tile` (canonical orientation, 100 × 100 box) as a path. */
export function fieldPath(tile: TileInfo, featureId: string): string {
  const k = `${tile.id}|${featureId}`;
  const have = paths.get(k);
  if (have !== undefined) return have;
  const rows = new Map<number, number[]>();
  for (const p of layoutTile(tile).fieldCells[featureId] ?? []) rows.set(p.y, [...(rows.get(p.y) ?? []), p.x]);
  const half = STEP / 2;
  const clamp = (v: number): number => Math.min(100, Math.max(0, v));
  let d = '';
  // each grid point stands for the square around it; squares next to each other merge into a run
  const run = (y: number, x0: number, x1: number): void => {
    const [l, r, t, b] = [clamp(x0 - half), clamp(x1 + half), clamp(y - half), clamp(y + half)];
    d += `M${l} ${t}H${r}V${b}H${l}Z`;
  };
  for (const [y, xs] of rows) {
    xs.sort((a, b) => a - b);
    let start = xs[0]!;
    let prev = start;
    for (const x of xs.slice(1)) {
      if (x - prev > STEP * 1.5) {
        run(y, start, prev);
        start = x;
      }
      prev = x;
    }
    run(y, start, prev);
  }
  paths.set(k, d);
  return d;
}

/** The fill of a field: its owner's colour, stripes of the tied owners' colours, or neutral. */
function fill(defs: SVGDefsElement, f: FarmShade, uid: number): string {
  if (f.colours.length === 0) return NEUTRAL;
  if (f.colours.length === 1) return f.colours[0]!;
  const id = `farm${uid}-${f.id}`;
  const w = 9 * f.colours.length;
  const p = el('pattern', { id, width: w, height: w, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
  f.colours.forEach((c, i) => el('rect', { x: i * 9, y: 0, width: 9, height: w, fill: c }, p));
  return `url(#${id})`;
}

/** Draws the fields into `layer` (emptied first); `placed` gives the tile type and turn of a cell. */
export function drawFarms(layer: SVGGElement, uid: number, fields: FarmShade[], marks: FarmMark[], placed: (at: Pos) => { tile: TileInfo; rotation: number } | null, spot: (tile: TileInfo, featureId: string, at: Pos, rotation: number) => { x: number; y: number }): void {
  layer.replaceChildren();
  if (fields.length === 0 && marks.length === 0) return;
  const defs = el('defs', {}, layer);
  for (const f of fields) {
    const state = f.owners.length === 0 ? 'unowned' : f.owners.length === 1 ? 'owned' : 'contested';
    const g = el('g', { class: `farm farm-${state}`, 'data-testid': 'farm', 'data-id': f.id, 'data-state': state, 'data-owners': f.owners.join(','), role: 'img', 'aria-label': f.label, fill: fill(defs, f, uid), 'fill-opacity': state === 'unowned' ? 0.5 : 0.6 }, layer);
    el('title', {}, g).textContent = f.label;
    for (const s of f.segments) {
      const p = placed(s.at);
      if (!p) continue;
      const seg = el('g', { transform: `translate(${s.at[0] * 100} ${s.at[1] * 100})`, 'data-x': s.at[0], 'data-y': s.at[1], 'data-feature-id': s.feature_id, class: 'farm-segment' }, g);
      el('path', { d: fieldPath(p.tile, s.feature_id), transform: p.rotation ? rotationTransform(p.rotation) : null }, seg);
    }
  }
  for (const m of marks) {
    const p = placed(m.at);
    if (!p) continue;
    const c = spot(p.tile, m.featureId, m.at, p.rotation);
    const n = Math.max(1, m.colours.length);
    const g = el('g', { class: 'farm-city', 'data-testid': 'farm-city', 'data-x': m.at[0], 'data-y': m.at[1], 'data-colours': m.colours.join(','), role: 'img', 'aria-label': m.label, transform: `translate(${c.x} ${c.y})` }, layer);
    el('title', {}, g).textContent = m.label;
    el('rect', { x: -5 - 5.5 * n, y: -9, width: 10 + 11 * n, height: 18, rx: 9, fill: 'rgba(40,30,20,0.85)', stroke: '#fffbe8', 'stroke-width': 1.5 }, g);
    if (m.colours.length === 0) el('circle', { r: 4.5, fill: 'none', stroke: NEUTRAL, 'stroke-width': 2 }, g);
    m.colours.forEach((col, i) => el('circle', { cx: (i - (n - 1) / 2) * 11, r: 4.5, fill: col, stroke: '#fffbe8', 'stroke-width': 1 }, g));
  }
}
