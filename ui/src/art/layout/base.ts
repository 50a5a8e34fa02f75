// What every layout builder shares: the layout's types, where ports sit, the tile-data helpers
// and the obstacles that later builders keep clear of. Shapes follow only the ports and flags of
// the catalogue (crates/engine/data/FORMAT.md), nothing taken from the published artwork.
import { SIDES, type Port, type Side, type Terrain, type TileFeatureInfo, type TileInfo } from '../../bindings';
import type { Pt } from '../model';
import * as G from '../geom';

export { SIDES, type Side };
export const sideIdx = (s: Side): number => SIDES.indexOf(s);
export const rotSide = (s: Side, r: number): Side => SIDES[(sideIdx(s) + r) % 4]!;
const isSide = (s: Port): s is Side => s === 'N' || s === 'E' || s === 'S' || s === 'W';
export const opposite = (a: Side, b: Side): boolean => (sideIdx(a) + 2) % 4 === sideIdx(b);

/** Where each port sits on the 100 box (FORMAT.md §2). */
export const PORT_POS: Record<Port, Pt> = {
  N1: G.pt(20, 0), N: G.pt(50, 0), N2: G.pt(80, 0),
  E1: G.pt(100, 20), E: G.pt(100, 50), E2: G.pt(100, 80),
  S1: G.pt(80, 100), S: G.pt(50, 100), S2: G.pt(20, 100),
  W1: G.pt(0, 80), W: G.pt(0, 50), W2: G.pt(0, 20),
};
export const INWARD: Record<Side, Pt> = { N: G.pt(0, 1), E: G.pt(-1, 0), S: G.pt(0, -1), W: G.pt(1, 0) };
export const CENTRE = G.pt(50, 50);

export const ROAD_HW = 5.2; // half width of a road including its border
export const RIVER_HW = 7;
export const MIN_ANCHOR_GAP = 14;

export interface CityGeom {
  id: string;
  poly: Pt[];
  walls: Pt[][];
  pennants: number;
  cathedral: boolean;
  besieged: boolean;
}
export interface RoadGeom {
  id: string;
  /** Centre line; for a road that ends, from its port(s) to the end point. */
  pts: Pt[];
  ports: Side[];
  inn: boolean;
  end: 'through' | 'city' | 'building' | 'junction' | 'wall';
  /** Sections of the centre line that cross a river (drawn as a bridge). */
  bridges: Pt[][];
  gate: Gate | null;
}
/** A gate in a wall: where, and the unit normal pointing into the walled area. */
export interface Gate {
  at: Pt;
  dir: Pt;
}
export interface RiverGeom {
  id: string;
  branches: Pt[][];
  lake: { pts: Pt[]; spring: boolean } | null;
}
export interface BuildingGeom {
  id: string;
  kind: 'monastery' | 'shrine' | 'volcano' | 'garden';
  at: Pt;
  r: number;
}
export type DecoKind = 'shield' | 'cathedral' | 'siege' | 'house' | 'inn' | 'pigs' | 'junction';
export interface Deco {
  kind: DecoKind;
  at: Pt;
  feature: string | null;
  /** For inns: unit vector from the road towards the inn. */
  dir?: Pt;
  seed?: number;
}
/** The City of Carcassonne cell: its walled interior. */
export interface CkrGeom {
  interior: Pt[];
  walls: Pt[][];
  towers: Pt[];
  landmark: 'castle' | 'cathedral' | null;
  outer: Side[];
}
export interface Layout {
  tile: TileInfo;
  cities: CityGeom[];
  roads: RoadGeom[];
  rivers: RiverGeom[];
  buildings: BuildingGeom[];
  decos: Deco[];
  spurs: Pt[][];
  ckr: CkrGeom | null;
  anchors: Record<string, Pt>;
  /** Field id → grid points of its area (for debugging and highlighting). */
  fieldCells: Record<string, Pt[]>;
}

/**
 * The layout while it is built: each builder reads what the earlier ones placed (in the order of
 * layout/index.ts) and adds its own.
 */
export interface Draft {
  tile: TileInfo;
  feats: readonly TileFeatureInfo[];
  ckr: CkrGeom | null;
  cities: CityGeom[];
  rivers: RiverGeom[];
  roads: RoadGeom[];
  buildings: BuildingGeom[];
  decos: Deco[];
  junction: Pt | null;
}

// ---------------------------------------------------------------------------------------------
// helpers on the tile data

export const edgeTerrain = (tile: TileInfo, side: Side): Terrain => tile.edges[side];

export const sidePorts = (f: TileFeatureInfo): Side[] => f.ports.filter(isSide);

// ---------------------------------------------------------------------------------------------
// obstacles and clearance

export type Obstacle =
  | { kind: 'poly'; pts: Pt[]; box: G.BBox; tag: string }
  | { kind: 'line'; pts: Pt[]; hw: number; box: G.BBox; tag: string }
  | { kind: 'circle'; c: Pt; r: number; tag: string };

export const polyObs = (pts: Pt[], tag: string): Obstacle => ({ kind: 'poly', pts, box: G.bbox(pts), tag });
export const lineObs = (pts: Pt[], hw: number, tag: string): Obstacle => ({ kind: 'line', pts, hw, box: G.bbox(pts, hw), tag });
export const circleObs = (c: Pt, r: number, tag: string): Obstacle => ({ kind: 'circle', c, r, tag });

/** Signed distance to the nearest obstacle (negative inside one). */
export function clearance(p: Pt, obs: Obstacle[], cap = Infinity): number {
  let best = cap;
  for (const o of obs) {
    if (o.kind === 'circle') {
      best = Math.min(best, G.dist(p, o.c) - o.r);
      continue;
    }
    // lines carry a box padded by their half width, so this is a lower bound for both kinds
    const lb = G.distToBBox(p, o.box);
    if (lb > 0 && lb >= best) continue;
    if (o.kind === 'line') best = Math.min(best, G.distToPolyline(p, o.pts) - o.hw);
    else {
      const d = G.distToPolyBoundary(p, o.pts);
      best = Math.min(best, G.pointInPoly(p, o.pts) ? -d : d);
    }
  }
  return best;
}

export const cityObs = (d: Draft): Obstacle[] => [
  ...d.cities.map((c) => polyObs(c.poly, 'city:' + c.id)),
  ...(d.ckr && d.ckr.interior.length ? [polyObs(d.ckr.interior, 'ckr')] : []),
];
export const riverObs = (d: Draft): Obstacle[] =>
  d.rivers.flatMap((r) => [
    ...r.branches.map((b) => lineObs(b, RIVER_HW, 'river:' + r.id)),
    ...(r.lake ? [polyObs(r.lake.pts, 'river:' + r.id)] : []),
  ]);
export const roadObs = (d: Draft): Obstacle[] => d.roads.map((r) => lineObs(r.pts, ROAD_HW, 'road:' + r.id));

/** Everything drawn so far that fields, inns and spurs keep clear of. */
export const baseObs = (d: Draft): Obstacle[] => [
  ...cityObs(d),
  ...riverObs(d),
  ...roadObs(d),
  ...d.buildings.map((b) => circleObs(b.at, b.r, 'building:' + b.id)),
  ...(d.junction ? [circleObs(d.junction, 7, 'junction')] : []),
  ...d.decos.filter((x) => x.kind === 'inn').map((x) => circleObs(x.at, 10, 'inn')),
];

// ---------------------------------------------------------------------------------------------
// lines and gates

export function straight(a: Pt, b: Pt, n = 24): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) out.push(G.lerp(a, b, i / n));
  return out;
}

/** Centre line between two edge midpoints: straight across or a quarter circle round a corner. */
export function throughPath(a: Side, b: Side): Pt[] {
  const pa = PORT_POS[a]!;
  const pb = PORT_POS[b]!;
  if (opposite(a, b)) return straight(pa, pb);
  const c = G.pt(pa.x === 50 ? pb.x : pa.x, pa.y === 50 ? pb.y : pa.y);
  const a0 = Math.atan2(pa.y - c.y, pa.x - c.x);
  let a1 = Math.atan2(pb.y - c.y, pb.x - c.x);
  if (a1 - a0 > Math.PI) a1 -= 2 * Math.PI;
  if (a0 - a1 > Math.PI) a1 += 2 * Math.PI;
  return G.arc(c, 50, a0, a1, 24);
}

/** Nearest point on a set of walls, with the unit normal pointing into `poly`. */
export function gateOn(walls: Pt[][], poly: Pt[], from: Pt): Gate | null {
  let best: { at: Pt; dir: Pt; d: number } | null = null;
  for (const w of walls) {
    // keep away from the wall's ends (tile corners)
    const inner = w.length > 6 ? w.slice(2, -2) : w;
    const q = G.nearestOnPolyline(from, inner);
    const d = G.dist(from, q);
    if (!best || d < best.d) best = { at: q, dir: inwardNormal(inner, q, poly), d };
  }
  return best ? { at: best.at, dir: best.dir } : null;
}

/** Unit normal of the wall `inner` at its point nearest to q, pointing into `poly`. */
function inwardNormal(inner: Pt[], q: Pt, poly: Pt[]): Pt {
  let i = 0;
  let bd = Infinity;
  inner.forEach((p, k) => {
    const dd = G.dist(p, q);
    if (dd < bd) {
      bd = dd;
      i = k;
    }
  });
  const t = G.norm(G.sub(inner[Math.min(inner.length - 1, i + 1)]!, inner[Math.max(0, i - 1)]!));
  const n = G.perp(t);
  return G.pointInPoly(G.add(q, G.mul(n, 2)), poly) ? n : G.mul(n, -1);
}
