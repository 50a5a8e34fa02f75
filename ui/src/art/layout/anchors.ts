// Follower spots (anchors), placed after everything is drawn and at least MIN_ANCHOR_GAP apart:
// buildings, then cities (with their cathedral, siege camp, shields and houses around the
// spot), roads and rivers, fields, and anything else.
import type { TileFeatureInfo } from '../../bindings';
import type { Pt } from '../model';
import * as G from '../geom';
import {
  CENTRE, circleObs, clearance, MIN_ANCHOR_GAP, PORT_POS, RIVER_HW, ROAD_HW,
  type CityGeom, type DecoKind, type Draft,
} from './base';
import { gridPt, N, type FieldAreas } from './field';

/** The spots placed so far. */
class Spots {
  readonly anchors: Record<string, Pt> = {};
  readonly placed: Pt[] = [];
  freeOf(p: Pt, gap = MIN_ANCHOR_GAP): boolean {
    return this.placed.every((q) => G.dist(p, q) >= gap);
  }
  put(id: string, p: Pt): void {
    this.anchors[id] = p;
    this.placed.push(p);
  }
}

/** Every feature's spot, and each field's grid points (the art's grass grows there). */
export function placeAnchors(d: Draft, fields: FieldAreas): { anchors: Record<string, Pt>; fieldCells: Record<string, Pt[]> } {
  const spots = new Spots();
  for (const b of d.buildings) spots.put(b.id, b.at);
  d.cities.forEach((c, i) => cityAnchor(d, spots, c, d.cities.slice(i + 1).map((o) => o.poly)));
  for (const r of d.roads) linearAnchor(d, spots, r.id, [r.pts], 'road');
  for (const rv of d.rivers) linearAnchor(d, spots, rv.id, rv.branches, 'river');
  const fieldCells = fieldAnchors(d, spots, fields);
  // anything else (unknown kinds): centre, nudged away from the others
  for (const f of d.feats)
    if (!(f.id in spots.anchors)) {
      let p = CENTRE;
      for (let k = 0; k < 40 && !spots.freeOf(p); k++) p = G.pt(50 + 30 * Math.cos(k), 50 + 30 * Math.sin(k));
      spots.put(f.id, p);
    }
  return { anchors: spots.anchors, fieldCells };
}

// ---------------------------------------------------------------------------------------------
// cities: the follower stands in the middle of the visible part; decorations around it

interface Cand {
  p: Pt;
  s: number;
}

/** Points of the visible part of city `c` (not under `covers`), with their room, best first. */
function cityCandidates(d: Draft, c: CityGeom, covers: Pt[][]): Cand[] {
  const cand: Cand[] = [];
  for (let y = 1; y < 100; y += 2)
    for (let x = 1; x < 100; x += 2) {
      const p = G.pt(x, y);
      if (!G.pointInPoly(p, c.poly) || covers.some((q) => G.pointInPoly(p, q))) continue;
      let s = G.borderDist(p) + 7;
      for (const w of c.walls) s = Math.min(s, G.distToPolyline(p, w));
      for (const q of covers) s = Math.min(s, G.distToPolyBoundary(p, q));
      for (const b of d.buildings) s = Math.min(s, G.dist(p, b.at) - b.r);
      for (const r of d.roads) s = Math.min(s, G.distToPolyline(p, r.pts) - ROAD_HW + 1);
      for (const rv of d.rivers) for (const br of rv.branches) s = Math.min(s, G.distToPolyline(p, br) - RIVER_HW);
      cand.push({ p, s });
    }
  const mid = G.centroid(cand.map((k) => k.p));
  const comfy = (k: Cand): number => Math.min(k.s, 12) - 0.1 * G.dist(k.p, mid);
  cand.sort((a, b) => comfy(b) - comfy(a));
  return cand;
}

function cityAnchor(d: Draft, spots: Spots, c: CityGeom, covers: Pt[][]): void {
  const cand = cityCandidates(d, c, covers);
  const taken: { p: Pt; r: number }[] = [];
  const pick = (minS: number, gapAnchor: number, gapDeco: number, edge = Math.min(minS, 6)): Pt | null => {
    for (const k of cand)
      if (k.s >= minS && G.borderDist(k.p) >= edge && spots.freeOf(k.p, gapAnchor) && taken.every((q) => G.dist(k.p, q.p) >= gapDeco + q.r))
        return k.p;
    return null;
  };
  const place = (kind: DecoKind, p: Pt | null | undefined, r: number): void => {
    if (!p) return;
    d.decos.push({ kind, at: p, feature: c.id });
    taken.push({ p, r });
  };
  if (c.cathedral) place('cathedral', pick(12, 22, 0) ?? cand[0]?.p, 16);
  // the siege camp takes the middle of the city; the follower stands beside it
  if (c.besieged) place('siege', pick(8, 16, 0) ?? pick(5, 14, 0) ?? cand[0]?.p, 8.5);
  const a = pick(3, MIN_ANCHOR_GAP, 6, 8) ?? pick(3, MIN_ANCHOR_GAP, 6) ?? pick(0, MIN_ANCHOR_GAP, 0) ?? cand[0]?.p ?? G.centroid(c.poly);
  spots.put(c.id, a);
  taken.push({ p: a, r: 5 });
  const decorate = (kind: DecoKind, r: number): void => place(kind, pick(r, r + 8, r + 2) ?? pick(r * 0.6, r + 4, r) ?? pick(0, 8, 4), r);
  for (let k = 0; k < c.pennants; k++) decorate('shield', 7.5);
  houses(d, spots, c, cand, taken);
}

/** A few houses for texture, in random free spots of the city. */
function houses(d: Draft, spots: Spots, c: CityGeom, cand: Cand[], taken: { p: Pt; r: number }[]): void {
  const rnd = G.rng(d.tile.id + c.id);
  const shuffled = cand.filter((k) => k.s >= 5).map((k) => ({ k, r: rnd() }));
  shuffled.sort((x, y) => x.r - y.r);
  let count = 0;
  const max = Math.min(12, Math.floor(shuffled.length / 34));
  for (const { k } of shuffled) {
    if (count >= max) break;
    if (G.borderDist(k.p) < 5.5) continue;
    if (!spots.freeOf(k.p, 10) || !taken.every((q) => G.dist(k.p, q.p) >= q.r + 6)) continue;
    d.decos.push({ kind: 'house', at: k.p, feature: c.id, seed: rnd() });
    taken.push({ p: k.p, r: 5 });
    count++;
  }
}

// ---------------------------------------------------------------------------------------------
// roads and rivers: middle of the longest visible stretch

function covered(d: Draft, p: Pt, kind: 'road' | 'river'): boolean {
  return (
    d.cities.some((c) => G.pointInPoly(p, c.poly)) ||
    (!!d.ckr && d.ckr.interior.length > 0 && G.pointInPoly(p, d.ckr.interior)) ||
    d.buildings.some((b) => G.dist(p, b.at) < b.r + 2) ||
    (!!d.junction && G.dist(p, d.junction) < 10) ||
    d.rivers.some((r) => !!r.lake && G.pointInPoly(p, r.lake.pts)) ||
    (kind === 'river' && d.roads.some((r) => G.distToPolyline(p, r.pts) < ROAD_HW + 3))
  );
}

function linearAnchor(d: Draft, spots: Spots, id: string, paths: Pt[][], kind: 'road' | 'river'): void {
  const runs: Pt[][] = [];
  for (const path of paths) {
    let run: Pt[] = [];
    for (const p of G.resample(path, 1)) {
      if (covered(d, p, kind)) {
        if (run.length) runs.push(run);
        run = [];
      } else run.push(p);
    }
    if (run.length) runs.push(run);
  }
  runs.sort((a, b) => b.length - a.length);
  for (const frac of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9])
    for (const run of runs) {
      const p = run[Math.floor((run.length - 1) * frac)]!;
      if (spots.freeOf(p) && d.decos.every((x) => x.kind !== 'inn' || G.dist(x.at, p) > 9)) return spots.put(id, p);
    }
  const first = runs[0];
  const any = first ? first[Math.floor((first.length - 1) / 2)]! : paths[0]?.[0] ?? CENTRE;
  spots.put(id, any);
}

// ---------------------------------------------------------------------------------------------
// fields: the open spot furthest from everything

function fieldAnchors(d: Draft, spots: Spots, fields: FieldAreas): Record<string, Pt[]> {
  const pigObs = d.decos.filter((x) => x.kind === 'pigs').map((x) => circleObs(x.at, 9, 'pigs'));
  const gardenObs = d.buildings.filter((b) => b.kind === 'garden').map((b) => circleObs(b.at, b.r, 'garden'));
  const extra = [...pigObs, ...gardenObs];
  const fieldCells: Record<string, Pt[]> = {};
  for (const f of d.feats.filter((x) => x.kind === 'field')) {
    const comps = fields.fieldComps.get(f.id) ?? new Set<number>();
    const cells: Cand[] = [];
    for (let k = 0; k < N * N; k++) {
      if (!comps.has(fields.comp[k]!)) continue;
      const p = gridPt(k);
      let s = Math.min(fields.clear[k]!, G.borderDist(p) + 4, 22);
      if (extra.length) s = Math.min(s, clearance(p, extra));
      cells.push({ p, s: s - 0.02 * G.dist(p, CENTRE) });
    }
    fieldCells[f.id] = cells.map((c) => c.p);
    cells.sort((a, b) => b.s - a.s);
    const p =
      cells.find((c) => spots.freeOf(c.p))?.p ??
      cells.find((c) => spots.freeOf(c.p, 12))?.p ??
      cells[0]?.p ??
      fallbackField(f);
    spots.put(f.id, p);
  }
  return fieldCells;
}

function fallbackField(f: TileFeatureInfo): Pt {
  const pts = f.ports.map((p) => PORT_POS[p]).filter((p): p is Pt => !!p);
  if (!pts.length) return CENTRE;
  const c = G.centroid(pts);
  return G.lerp(c, CENTRE, 0.25);
}
