// Fields: the open areas between everything drawn, on a grid; each field feature claims the
// areas at its edge ports (inner fields take what is left), and a spur of wall keeps two fields
// apart where they would share one area.
import type { TileFeatureInfo } from '../../bindings';
import type { Pt } from '../model';
import * as G from '../geom';
import type { Port } from '../../bindings';
import { baseObs, CENTRE, clearance, lineObs, PORT_POS, type Draft, type Obstacle, type Side } from './base';

export const STEP = 2.5;
export const N = Math.round(100 / STEP) + 1;
export const gridPt = (k: number): Pt => G.pt((k % N) * STEP, Math.floor(k / N) * STEP);

/** The field grid: clearance and open-area number of every point, and which field owns which area. */
export interface FieldAreas {
  clear: Float32Array;
  comp: Int32Array;
  fieldComps: Map<string, Set<number>>;
  owner: Map<number, string[]>;
}

/** The fields' areas, split by spurs where needed; the spurs are returned for drawing. */
export function buildFields(d: Draft): { fields: FieldAreas; spurs: Pt[][] } {
  const fieldFeats = d.feats.filter((f) => f.kind === 'field');
  const spurs: Pt[][] = [];
  let obs = baseObs(d);
  let fields = computeFields(obs, fieldFeats);
  // Two different fields in one open area: a spur of wall between them keeps them apart.
  for (let iter = 0; iter < 3; iter++) {
    const pairs = sharedAreas(fields, fieldFeats);
    if (!pairs.length) break;
    for (const [fa, fb] of pairs) {
      const spur = spurBetween(fa, fb, obs);
      if (spur) spurs.push(spur);
    }
    obs = [...baseObs(d), ...spurs.map((sp) => lineObs(sp, 2.2, 'spur'))];
    fields = computeFields(obs, fieldFeats);
  }
  return { fields, spurs };
}

/** Pairs of fields (both on an edge) that own the same open area. */
function sharedAreas(fields: FieldAreas, fieldFeats: TileFeatureInfo[]): [TileFeatureInfo, TileFeatureInfo][] {
  const pairs: [TileFeatureInfo, TileFeatureInfo][] = [];
  fields.owner.forEach((ids) => {
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const fa = fieldFeats.find((f) => f.id === ids[i]);
        const fb = fieldFeats.find((f) => f.id === ids[j]);
        if (fa && fb && fa.ports.length && fb.ports.length) pairs.push([fa, fb]);
      }
  });
  return pairs;
}

/** A spur across the line joining the two fields' edge ports, through the gap nearest its midpoint. */
function spurBetween(fa: TileFeatureInfo, fb: TileFeatureInfo, obs: Obstacle[]): Pt[] | null {
  const A = G.centroid(fa.ports.map((p) => PORT_POS[p] ?? CENTRE));
  const B = G.centroid(fb.ports.map((p) => PORT_POS[p] ?? CENTRE));
  const M = G.lerp(A, B, 0.5);
  const d = G.perp(G.norm(G.sub(B, A)));
  const runs: Pt[][] = [];
  let run: Pt[] = [];
  for (let t = -145; t <= 145; t += 1) {
    const p = G.add(M, G.mul(d, t));
    const inside = p.x >= 0 && p.y >= 0 && p.x <= 100 && p.y <= 100;
    if (inside && clearance(p, obs) > 0) run.push(p);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  const near = (r: Pt[]): number => Math.min(...r.map((p) => G.dist(p, M)));
  runs.sort((x, y) => near(x) - near(y));
  const best = runs[0];
  if (!best || best.length < 2) return null;
  const tuck = (p: Pt, dir: Pt): Pt => (G.borderDist(p) < 1 ? p : G.add(p, G.mul(dir, 2.5)));
  return [tuck(best[0]!, G.mul(d, -1)), tuck(best[best.length - 1]!, d)];
}

function computeFields(obs: Obstacle[], fieldFeats: TileFeatureInfo[]): FieldAreas {
  const clear = new Float32Array(N * N);
  for (let j = 0; j < N; j++)
    for (let i = 0; i < N; i++) clear[j * N + i] = clearance(G.pt(i * STEP, j * STEP), obs, 40);
  const { comp, sizes } = openAreas(clear);
  const owner = new Map<number, string[]>();
  const fieldComps = new Map<string, Set<number>>();
  for (const f of fieldFeats) {
    const set = new Set<number>();
    for (const port of f.ports) {
      let bc = -1;
      let bv = 0;
      portComps(comp, port).forEach((v, c) => {
        if (v > bv) {
          bv = v;
          bc = c;
        }
      });
      if (bc >= 0) set.add(bc);
    }
    fieldComps.set(f.id, set);
    set.forEach((c) => owner.set(c, [...(owner.get(c) ?? []), f.id]));
  }
  // inner fields take the unclaimed areas, biggest first
  const unclaimed = sizes.map((sz, c) => ({ sz, c })).filter((x) => !owner.has(x.c) && x.sz > 6).sort((a, b) => b.sz - a.sz);
  const inner = fieldFeats.filter((f) => (fieldComps.get(f.id)?.size ?? 0) === 0);
  inner.forEach((f, i) => {
    const u = unclaimed[i];
    if (u) {
      fieldComps.set(f.id, new Set([u.c]));
      owner.set(u.c, [f.id]);
    }
  });
  return { clear, comp, fieldComps, owner };
}

/** Connected open areas of the grid (flood fill): the area number of each point and each area's size. */
function openAreas(clear: Float32Array): { comp: Int32Array; sizes: number[] } {
  const comp = new Int32Array(N * N).fill(-1);
  let nc = 0;
  const sizes: number[] = [];
  for (let k = 0; k < N * N; k++) {
    if (comp[k]! >= 0 || clear[k]! <= 0.8) continue;
    const stack = [k];
    comp[k] = nc;
    let size = 0;
    while (stack.length) {
      const q = stack.pop()!;
      size++;
      const i = q % N;
      const j = (q - i) / N;
      for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const ii = i + di;
        const jj = j + dj;
        if (ii < 0 || jj < 0 || ii >= N || jj >= N) continue;
        const qq = jj * N + ii;
        if (comp[qq]! < 0 && clear[qq]! > 0.8) {
          comp[qq] = nc;
          stack.push(qq);
        }
      }
    }
    sizes.push(size);
    nc++;
  }
  return { comp, sizes };
}

/** Votes of the open areas along a half edge, one grid row inside: area number → points. */
function portComps(comp: Int32Array, port: Port): Map<number, number> {
  const votes = new Map<number, number>();
  const s = port[0] as Side;
  const half = port[1];
  for (let u = 1; u < N - 1; u++) {
    const v = u * STEP;
    let x = 0;
    let y = 0;
    let ok = false;
    const inner = STEP;
    if (s === 'N') [x, y, ok] = [v, inner, half === '1' ? v < 50 : v > 50];
    if (s === 'S') [x, y, ok] = [v, 100 - inner, half === '1' ? v > 50 : v < 50];
    if (s === 'E') [x, y, ok] = [100 - inner, v, half === '1' ? v < 50 : v > 50];
    if (s === 'W') [x, y, ok] = [inner, v, half === '1' ? v > 50 : v < 50];
    if (!ok) continue;
    const k = Math.round(y / STEP) * N + Math.round(x / STEP);
    const c = comp[k]!;
    if (c >= 0) votes.set(c, (votes.get(c) ?? 0) + 1);
  }
  return votes;
}

/** The grid point that passes `pred` with the best `score` (of the point and its clearance). */
export function bestIn(fields: FieldAreas, pred: (k: number) => boolean, score: (p: Pt, c: number) => number): Pt | null {
  let best: Pt | null = null;
  let bs = -Infinity;
  for (let k = 0; k < N * N; k++) {
    if (!pred(k)) continue;
    const p = gridPt(k);
    const s = score(p, fields.clear[k]!);
    if (s > bs) {
      bs = s;
      best = p;
    }
  }
  return best;
}
