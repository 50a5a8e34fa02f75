// Geometry of a tile, computed once from its features (canonical orientation, 100 × 100 box).
// tile.ts draws it; anchor.ts reads the follower spots from it. Nothing here is taken from the
// published artwork: shapes follow only the ports and flags of the catalogue (FORMAT.md).
import type { ArtFeature, ArtTile, Pt } from './model';
import * as G from './geom';

export type Side = 'N' | 'E' | 'S' | 'W';
export const SIDES: Side[] = ['N', 'E', 'S', 'W'];
const sideIdx = (s: Side): number => SIDES.indexOf(s);
const rotSide = (s: Side, r: number): Side => SIDES[(sideIdx(s) + r) % 4]!;
const isSide = (s: string): s is Side => s === 'N' || s === 'E' || s === 'S' || s === 'W';

/** Where each port sits on the 100 box (FORMAT.md §2). */
export const PORT_POS: Record<string, Pt> = {
  N1: G.pt(20, 0), N: G.pt(50, 0), N2: G.pt(80, 0),
  E1: G.pt(100, 20), E: G.pt(100, 50), E2: G.pt(100, 80),
  S1: G.pt(80, 100), S: G.pt(50, 100), S2: G.pt(20, 100),
  W1: G.pt(0, 80), W: G.pt(0, 50), W2: G.pt(0, 20),
};
const INWARD: Record<Side, Pt> = { N: G.pt(0, 1), E: G.pt(-1, 0), S: G.pt(0, -1), W: G.pt(1, 0) };
const CENTRE = G.pt(50, 50);

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
  gate: { at: Pt; dir: Pt } | null;
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
  tile: ArtTile;
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

// ---------------------------------------------------------------------------------------------
// helpers on the tile data

export function edgeTerrain(tile: ArtTile, side: Side): string {
  const e = tile.edges as unknown;
  if (Array.isArray(e)) return String(e[sideIdx(side)] ?? 'field');
  if (e && typeof e === 'object') return String((e as Record<string, unknown>)[side] ?? 'field');
  return 'field';
}

const sidePorts = (f: ArtFeature): Side[] => f.ports.filter(isSide);

// ---------------------------------------------------------------------------------------------
// city shapes, built for N (or N+W, W-E, N+E+W) and turned into place

/** Wall of a city cap on N, from (100,0) to (0,0), reaching down to `depth`. */
function capWall(depth: number, tanA = 0.45, a = 22, b = 22): Pt[] {
  return G.join(
    G.cubic(G.pt(100, 0), G.pt(100 - a, a * tanA), G.pt(50 + b, depth), G.pt(50, depth), 14),
    G.cubic(G.pt(50, depth), G.pt(50 - b, depth), G.pt(a, a * tanA), G.pt(0, 0), 14),
  );
}

function closePoly(ps: Pt[]): Pt[] {
  const out = G.join(ps);
  if (out.length > 1 && G.dist(out[0]!, out[out.length - 1]!) < 1e-6) out.pop();
  return out;
}

interface Shape {
  poly: Pt[];
  walls: Pt[][];
}
const turn = (s: Shape, r: number, mirror = false): Shape => {
  const f = (ps: Pt[]): Pt[] => G.rotAll(mirror ? G.mirrorX(ps) : ps, r);
  return { poly: f(s.poly), walls: s.walls.map(f) };
};

function capShape(depth: number): Shape {
  const wall = capWall(depth);
  return { poly: closePoly([G.pt(0, 0), ...wall]), walls: [wall] };
}
function diagShape(): Shape {
  const wall = G.cubic(G.pt(100, 0), G.pt(74, 36), G.pt(36, 74), G.pt(0, 100), 28);
  return { poly: closePoly([G.pt(0, 0), ...wall]), walls: [wall] };
}
function bandShape(depth: number, tanA: number, a: number): Shape {
  const top = capWall(depth, tanA, a, 26).slice().reverse();
  const bottom = G.rotAll(top, 2);
  return { poly: closePoly([...top, ...bottom]), walls: [top, bottom] };
}
function threeShape(depth: number): Shape {
  const wall = G.rotAll(capWall(depth), 2).reverse(); // (100,100) → (0,100)
  return { poly: closePoly([G.pt(0, 0), G.pt(100, 0), ...wall]), walls: [wall] };
}
function spikeShape(): Shape {
  const c1 = G.cubic(G.pt(100, 0), G.pt(70, 30), G.pt(78, 74), G.pt(100, 100), 20);
  const c2 = G.cubic(G.pt(100, 100), G.pt(70, 66), G.pt(34, 34), G.pt(0, 0), 24);
  return { poly: closePoly([G.pt(0, 0), ...c1, ...c2]), walls: [c1, c2] };
}
const fullShape = (): Shape => ({ poly: [G.pt(0, 0), G.pt(100, 0), G.pt(100, 100), G.pt(0, 100)], walls: [] });

function cityShape(tile: ArtTile, f: ArtFeature, ctx: { ckr: boolean; crossing: boolean }): Shape {
  const ports = sidePorts(f);
  const set = new Set(ports);
  if (ports.length === 1) {
    const s = ports[0]!;
    const r = sideIdx(s);
    // A cap whose field on the next edge is cut off from the rest: the city reaches a corner.
    const fields = tile.features.filter((x) => x.kind === 'field');
    for (const [dir, mirror] of [[1, false], [3, true]] as const) {
      const side = rotSide(s, dir);
      if (edgeTerrain(tile, side) !== 'field') continue;
      const lone = fields.find((x) => x.ports.length > 0 && x.ports.every((p) => p === side + '1' || p === side + '2'));
      if (lone && fields.length > 1) return turn(spikeShape(), r, mirror);
    }
    return turn(capShape(ctx.ckr ? 17 : 28), r);
  }
  if (ports.length === 2) {
    const [a, b] = ports as [Side, Side];
    if ((sideIdx(a) + 2) % 4 === sideIdx(b)) {
      const shape = ctx.crossing ? bandShape(33, 2.6, 12) : bandShape(25, 0.62, 22);
      return turn(shape, set.has('W') ? 0 : 1);
    }
    for (let r = 0; r < 4; r++) if (set.has(rotSide('N', r)) && set.has(rotSide('W', r))) return turn(diagShape(), r);
  }
  if (ports.length === 3) {
    const missing = SIDES.find((s) => !set.has(s))!;
    return turn(threeShape(33), (sideIdx(missing) + 2) % 4);
  }
  return fullShape();
}

// ---------------------------------------------------------------------------------------------
// obstacles and clearance

type Obstacle =
  | { kind: 'poly'; pts: Pt[]; box: G.BBox; tag: string }
  | { kind: 'line'; pts: Pt[]; hw: number; box: G.BBox; tag: string }
  | { kind: 'circle'; c: Pt; r: number; tag: string };

const polyObs = (pts: Pt[], tag: string): Obstacle => ({ kind: 'poly', pts, box: G.bbox(pts), tag });
const lineObs = (pts: Pt[], hw: number, tag: string): Obstacle => ({ kind: 'line', pts, hw, box: G.bbox(pts, hw), tag });
const circleObs = (c: Pt, r: number, tag: string): Obstacle => ({ kind: 'circle', c, r, tag });

/** Signed distance to the nearest obstacle (negative inside one). */
function clearance(p: Pt, obs: Obstacle[], cap = Infinity): number {
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

// ---------------------------------------------------------------------------------------------
// linear features

function straight(a: Pt, b: Pt, n = 24): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) out.push(G.lerp(a, b, i / n));
  return out;
}

/** Centre line between two edge midpoints: straight across or a quarter circle round a corner. */
function throughPath(a: Side, b: Side): Pt[] {
  const pa = PORT_POS[a]!;
  const pb = PORT_POS[b]!;
  if ((sideIdx(a) + 2) % 4 === sideIdx(b)) return straight(pa, pb);
  const c = G.pt(pa.x === 50 ? pb.x : pa.x, pa.y === 50 ? pb.y : pa.y);
  const a0 = Math.atan2(pa.y - c.y, pa.x - c.x);
  let a1 = Math.atan2(pb.y - c.y, pb.x - c.x);
  if (a1 - a0 > Math.PI) a1 -= 2 * Math.PI;
  if (a0 - a1 > Math.PI) a1 += 2 * Math.PI;
  return G.arc(c, 50, a0, a1, 24);
}

function meander(ps: Pt[], amp: number): Pt[] {
  const n = ps.length - 1;
  return ps.map((p, i) => {
    const a = ps[Math.max(0, i - 1)]!;
    const b = ps[Math.min(n, i + 1)]!;
    const nn = G.perp(G.norm(G.sub(b, a)));
    const t = i / n;
    // an S-bend that leaves and meets the edges square (no kink at tile borders)
    return G.add(p, G.mul(nn, amp * 1.6 * Math.sin(2 * Math.PI * t) * Math.sin(Math.PI * t)));
  });
}

function curveTo(p: Pt, inward: Pt, t: Pt, arrive: Pt): Pt[] {
  const d = G.dist(p, t);
  return G.cubic(p, G.add(p, G.mul(inward, d * 0.45)), G.sub(t, G.mul(arrive, d * 0.35)), t, 20);
}

/** Nearest point on a set of walls, with the unit normal pointing into `poly`. */
function gateOn(walls: Pt[][], poly: Pt[], from: Pt): { at: Pt; dir: Pt } | null {
  let best: { at: Pt; dir: Pt; d: number } | null = null;
  for (const w of walls) {
    // keep away from the wall's ends (tile corners)
    const inner = w.length > 6 ? w.slice(2, -2) : w;
    const q = G.nearestOnPolyline(from, inner);
    const d = G.dist(from, q);
    if (!best || d < best.d) {
      // normal: perpendicular to the wall near q, pointing into the polygon
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
      let n = G.perp(t);
      if (!G.pointInPoly(G.add(q, G.mul(n, 2)), poly)) n = G.mul(n, -1);
      best = { at: q, dir: n, d };
    }
  }
  return best ? { at: best.at, dir: best.dir } : null;
}

// ---------------------------------------------------------------------------------------------
// the City of Carcassonne cells

const CKR_BAND = 30;

function ckrGeom(tile: ArtTile): CkrGeom {
  const outer = SIDES.filter((s) => edgeTerrain(tile, s) !== 'internal');
  const has = (s: Side): boolean => outer.includes(s);
  const x0 = has('W') ? CKR_BAND : 0;
  const x1 = has('E') ? 100 - CKR_BAND : 100;
  const y0 = has('N') ? CKR_BAND : 0;
  const y1 = has('S') ? 100 - CKR_BAND : 100;
  const interior = [G.pt(x0, y0), G.pt(x1, y0), G.pt(x1, y1), G.pt(x0, y1)];
  // walls: the interior rectangle's sides that are not on the tile border
  const walls: Pt[][] = [];
  const towers: Pt[] = [];
  // walk the rectangle and keep runs of sides that face an outer band
  const sides: [Side, Pt, Pt][] = [
    ['N', G.pt(x0, y0), G.pt(x1, y0)],
    ['E', G.pt(x1, y0), G.pt(x1, y1)],
    ['S', G.pt(x1, y1), G.pt(x0, y1)],
    ['W', G.pt(x0, y1), G.pt(x0, y0)],
  ];
  let run: Pt[] = [];
  // start after a non-wall side so runs join round corners
  const start = Math.max(0, sides.findIndex(([s]) => !has(s)));
  for (let k = 0; k < 4; k++) {
    const [s, a, b] = sides[(start + k) % 4]!;
    if (has(s)) {
      if (run.length === 0) run.push(a);
      run.push(b);
    } else if (run.length) {
      walls.push(run);
      run = [];
    }
  }
  if (run.length) walls.push(run);
  for (const w of walls) {
    for (const p of w) towers.push(p);
    // towers along long straight stretches
    for (let i = 1; i < w.length; i++) {
      const a = w[i - 1]!;
      const b = w[i]!;
      if (G.dist(a, b) > 60) towers.push(G.lerp(a, b, 0.5));
    }
  }
  const pos = tile.board_position;
  const landmark = outer.length === 0 && pos ? (pos.col % 2 === 1 ? 'castle' : 'cathedral') : null;
  return { interior, walls, towers, landmark, outer };
}

// ---------------------------------------------------------------------------------------------
// main

const cache = new WeakMap<ArtTile, Layout>();

export function layoutTile(tile: ArtTile): Layout {
  const hit = cache.get(tile);
  if (hit) return hit;
  const l = computeLayout(tile);
  cache.set(tile, l);
  return l;
}

function computeLayout(tile: ArtTile): Layout {
  const feats = tile.features ?? [];
  const isCkr = tile.set === 'ckr_city' || SIDES.some((s) => edgeTerrain(tile, s) === 'internal');
  const ckr = isCkr ? ckrGeom(tile) : null;
  const cityFeats = feats.filter((f) => f.kind === 'city');
  const bands = cityFeats.filter((f) => {
    const p = sidePorts(f);
    return p.length === 2 && (sideIdx(p[0]!) + 2) % 4 === sideIdx(p[1]!);
  });
  const crossing = bands.length >= 2;

  const cities: CityGeom[] = cityFeats.map((f) => {
    const s = cityShape(tile, f, { ckr: isCkr, crossing });
    return {
      id: f.id,
      poly: s.poly,
      walls: s.walls,
      pennants: Math.max(0, Math.floor(f.pennants ?? 0)),
      cathedral: !!f.cathedral,
      besieged: !!f.besieged,
    };
  });
  const cityObs = (): Obstacle[] => [
    ...cities.map((c) => polyObs(c.poly, 'city:' + c.id)),
    ...(ckr && ckr.interior.length ? [polyObs(ckr.interior, 'ckr')] : []),
  ];

  // --- rivers and lakes
  const rivers: RiverGeom[] = [];
  const buildings: BuildingGeom[] = [];
  const hasVolcano = feats.some((f) => f.kind === 'volcano');
  for (const f of feats.filter((x) => x.kind === 'river')) {
    const ports = sidePorts(f);
    const g: RiverGeom = { id: f.id, branches: [], lake: null };
    if (ports.length === 2) {
      const adj = (sideIdx(ports[0]!) + 2) % 4 !== sideIdx(ports[1]!);
      g.branches.push(meander(throughPath(ports[0]!, ports[1]!), adj ? 2.5 : 4));
    } else if (ports.length === 1) {
      const s = ports[0]!;
      const p = PORT_POS[s]!;
      const inw = INWARD[s];
      const spring = tile.river_role === 'source';
      let lake: Pt[];
      let end: Pt;
      if (spring) {
        const c = G.add(p, G.mul(inw, 60));
        lake = G.blob(c, 11, 10, 0, tile.id);
        end = c;
      } else if (cities.length) {
        // the lake reaches the nearest city
        const c0 = G.add(p, G.mul(inw, 34));
        let best: Pt | null = null;
        for (const c of cities) {
          const g2 = gateOn(c.walls, c.poly, CENTRE);
          if (g2 && (!best || G.dist(g2.at, c0) < G.dist(best, c0))) best = G.add(g2.at, G.mul(g2.dir, 3));
        }
        const far = best ?? G.add(p, G.mul(inw, 70));
        const mid = G.lerp(c0, far, 0.5);
        const ang = Math.atan2(far.y - c0.y, far.x - c0.x);
        lake = G.blob(mid, G.dist(c0, far) / 2 + 8, 15, ang, tile.id);
        end = mid;
      } else {
        const c = G.add(p, G.mul(inw, hasVolcano ? 36 : 52));
        lake = G.blob(c, hasVolcano ? 16 : 20, hasVolcano ? 17 : 18, 0, tile.id);
        end = c;
      }
      g.branches.push(meander(straight(p, end, 16), 2));
      g.lake = { pts: lake, spring };
    } else {
      // a fork: the main course between two opposite arms, the other arms flow into it
      const a = ports.find((x) => ports.includes(rotSide(x, 2)));
      let rest = ports;
      if (a) {
        const main = meander(throughPath(a, rotSide(a, 2)), 3);
        g.branches.push(main);
        rest = ports.filter((x) => x !== a && x !== rotSide(a, 2));
        const Lm = G.polylineLength(main);
        rest.forEach((s, i) => {
          const p = PORT_POS[s]!;
          const { p: q, dir } = G.along(main, Lm * (i % 2 ? 0.38 : 0.62));
          g.branches.push(G.cubic(p, G.add(p, G.mul(INWARD[s], 28)), G.sub(q, G.mul(dir, 18)), q, 20));
        });
      } else
        for (const s of ports) {
          const p = PORT_POS[s]!;
          g.branches.push(G.cubic(p, G.add(p, G.mul(INWARD[s], 25)), G.add(CENTRE, G.mul(INWARD[s], -8)), CENTRE, 16));
        }
    }
    rivers.push(g);
  }
  const riverObs = (): Obstacle[] =>
    rivers.flatMap((r) => [
      ...r.branches.map((b) => lineObs(b, RIVER_HW, 'river:' + r.id)),
      ...(r.lake ? [polyObs(r.lake.pts, 'river:' + r.id)] : []),
    ]);

  // --- roads that pass through
  const roads: RoadGeom[] = [];
  const roadFeats = feats.filter((f) => f.kind === 'road');
  for (const f of roadFeats) {
    const ports = sidePorts(f);
    if (ports.length === 2)
      roads.push({ id: f.id, pts: throughPath(ports[0]!, ports[1]!), ports, inn: !!f.inn, end: 'through', bridges: [], gate: null });
  }
  const roadObs = (): Obstacle[] => roads.map((r) => lineObs(r.pts, ROAD_HW, 'road:' + r.id));

  // --- centre buildings
  const sizes: Record<string, number> = { monastery: 15, shrine: 14, volcano: 14 };
  for (const f of feats.filter((x) => x.kind === 'monastery' || x.kind === 'shrine' || x.kind === 'volcano')) {
    const R = sizes[f.kind]!;
    const obs = [...cityObs(), ...riverObs(), ...roadObs(), ...buildings.map((b) => circleObs(b.at, b.r, 'b'))];
    let best = CENTRE;
    let bestScore = -Infinity;
    for (let y = R; y <= 100 - R; y += 2)
      for (let x = R; x <= 100 - R; x += 2) {
        const p = G.pt(x, y);
        const s = Math.min(clearance(p, obs, 60), R + 7) - 0.22 * G.dist(p, CENTRE);
        if (s > bestScore) {
          bestScore = s;
          best = p;
        }
      }
    buildings.push({ id: f.id, kind: f.kind as BuildingGeom['kind'], at: best, r: R });
  }

  // --- roads that end on this tile
  const decos: Deco[] = [];
  const enders = roadFeats.filter((f) => sidePorts(f).length === 1);
  const multi = roadFeats.filter((f) => sidePorts(f).length >= 3);
  const centreBuilding = buildings.find((b) => b.kind === 'monastery' || b.kind === 'shrine');
  let junction: Pt | null = null;
  if (enders.length) {
    const cobs = cityObs();
    const reach = (f: ArtFeature): boolean => {
      const s = sidePorts(f)[0]!;
      const ray = straight(PORT_POS[s]!, CENTRE, 20);
      return ray.every((p) => clearance(p, cobs) >= 12);
    };
    const reaching = enders.filter(reach);
    const hasWalls = cities.length > 0 || !!(ckr && ckr.walls.length);
    for (const f of enders) {
      const s = sidePorts(f)[0]!;
      const p = PORT_POS[s]!;
      const inw = INWARD[s];
      let end: RoadGeom['end'];
      let pts: Pt[];
      let gate: RoadGeom['gate'] = null;
      if (centreBuilding) {
        end = 'building';
        const t = centreBuilding.at;
        pts = curveTo(p, inw, t, G.norm(G.sub(t, G.add(p, G.mul(inw, 20)))));
      } else if ((reaching.length >= 2 && reaching.includes(f)) || !hasWalls) {
        end = 'junction';
        junction = CENTRE;
        pts = straight(p, CENTRE, 20);
      } else {
        const from = G.add(p, G.mul(inw, 30));
        let best: { at: Pt; dir: Pt } | null = null;
        let wallKind: RoadGeom['end'] = 'city';
        for (const c of cities) {
          const g2 = gateOn(c.walls, c.poly, from);
          if (g2 && (!best || G.dist(g2.at, from) < G.dist(best.at, from))) best = g2;
        }
        if (ckr && ckr.walls.length) {
          const g2 = gateOn(ckr.walls, ckr.interior, from);
          if (g2 && (!best || G.dist(g2.at, from) < G.dist(best.at, from))) {
            best = g2;
            wallKind = 'wall';
          }
        }
        end = wallKind;
        gate = best;
        const t = best ? best.at : CENTRE;
        const dir = best ? best.dir : inw;
        pts = G.join(curveTo(p, inw, t, dir), [G.add(t, G.mul(dir, 5))]);
      }
      roads.push({ id: f.id, pts, ports: [s], inn: !!f.inn, end, bridges: [], gate });
    }
  }
  for (const f of multi) {
    // not in the catalogue; drawn as branches meeting at the centre
    junction = CENTRE;
    const ports = sidePorts(f);
    // one polyline out and back along every arm
    const pts = G.join(...ports.map((s, i) => (i === 0 ? straight(PORT_POS[s]!, CENTRE) : [...straight(CENTRE, PORT_POS[s]!), ...straight(PORT_POS[s]!, CENTRE)])));
    roads.push({ id: f.id, pts, ports, inn: !!f.inn, end: 'junction', bridges: [], gate: null });
  }
  if (junction) decos.push({ kind: 'junction', at: junction, feature: null });
  // keep the feature order of the catalogue
  const order = new Map(feats.map((f, i) => [f.id, i]));
  roads.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));

  // bridges: road sections over a river
  for (const r of roads) {
    let run: Pt[] = [];
    const fine = G.resample(r.pts, 1);
    for (const p of fine) {
      const over = rivers.some(
        (rv) => rv.branches.some((b) => G.distToPolyline(p, b) < RIVER_HW + 1.5) || (rv.lake && G.pointInPoly(p, rv.lake.pts)),
      );
      if (over) run.push(p);
      else if (run.length) {
        r.bridges.push(run);
        run = [];
      }
    }
    if (run.length) r.bridges.push(run);
    r.bridges = r.bridges.filter((b) => b.length > 2);
  }

  // --- inns beside their road
  const baseObs = (): Obstacle[] => [
    ...cityObs(),
    ...riverObs(),
    ...roadObs(),
    ...buildings.map((b) => circleObs(b.at, b.r, 'building:' + b.id)),
    ...(junction ? [circleObs(junction, 7, 'junction')] : []),
    ...decos.filter((d) => d.kind === 'inn').map((d) => circleObs(d.at, 10, 'inn')),
  ];
  for (const r of roads.filter((x) => x.inn)) {
    const obs = baseObs();
    const L = G.polylineLength(r.pts);
    let best: Deco | null = null;
    let bs = -Infinity;
    for (let t = 0.25; t <= 0.76; t += 0.05)
      for (const sgn of [1, -1]) {
        const { p, dir } = G.along(r.pts, L * t);
        const n = G.mul(G.perp(dir), sgn);
        const c = G.add(p, G.mul(n, 14));
        if (G.borderDist(c) < 9) continue;
        // the house and its pond (drawn either side of c, along the road) both need room
        const side = G.perp(G.mul(n, -1));
        const s =
          Math.min(clearance(G.add(c, G.mul(side, -2.5)), obs) - 5, clearance(G.add(c, G.mul(side, 7)), obs) - 4.5) -
          Math.abs(t - 0.5) * 6;
        if (s > bs) {
          bs = s;
          best = { kind: 'inn', at: c, feature: r.id, dir: G.mul(n, -1) };
        }
      }
    if (best) decos.push(best);
  }

  // --- fields: areas between everything drawn
  const spurs: Pt[][] = [];
  const STEP = 2.5;
  const N = Math.round(100 / STEP) + 1;
  const fieldFeats = feats.filter((f) => f.kind === 'field');
  const computeFields = (obs: Obstacle[]) => {
    const clear = new Float32Array(N * N);
    const comp = new Int32Array(N * N).fill(-1);
    for (let j = 0; j < N; j++)
      for (let i = 0; i < N; i++) clear[j * N + i] = clearance(G.pt(i * STEP, j * STEP), obs, 40);
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
    const portComps = (port: string): Map<number, number> => {
      const votes = new Map<number, number>();
      const s = port[0] as Side;
      const half = port[1];
      // sample along the half edge, one grid row inside
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
    };
    const owner = new Map<number, string[]>();
    const fieldComps = new Map<string, Set<number>>();
    for (const f of fieldFeats) {
      const set = new Set<number>();
      for (const port of f.ports) {
        const votes = portComps(port);
        let bc = -1;
        let bv = 0;
        votes.forEach((v, c) => {
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
  };

  let obs = baseObs();
  let fields = computeFields(obs);
  // Two different fields in one open area: a spur of wall between them keeps them apart. It
  // runs across the line joining their edge ports, through the gap nearest to its midpoint.
  for (let iter = 0; iter < 3; iter++) {
    const pairs: [ArtFeature, ArtFeature][] = [];
    fields.owner.forEach((ids) => {
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const fa = fieldFeats.find((f) => f.id === ids[i]);
          const fb = fieldFeats.find((f) => f.id === ids[j]);
          if (fa && fb && fa.ports.length && fb.ports.length) pairs.push([fa, fb]);
        }
    });
    if (!pairs.length) break;
    for (const [fa, fb] of pairs) {
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
      if (!best || best.length < 2) continue;
      const tuck = (p: Pt, dir: Pt): Pt => (G.borderDist(p) < 1 ? p : G.add(p, G.mul(dir, 2.5)));
      spurs.push([tuck(best[0]!, G.mul(d, -1)), tuck(best[best.length - 1]!, d)]);
    }
    obs = [...baseObs(), ...spurs.map((sp) => lineObs(sp, 2.2, 'spur'))];
    fields = computeFields(obs);
  }

  // --- garden and pig herd: in the open field
  const gridPt = (k: number): Pt => G.pt((k % N) * STEP, Math.floor(k / N) * STEP);
  const bestIn = (pred: (k: number) => boolean, score: (p: Pt, c: number) => number): Pt | null => {
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
  };
  for (const f of feats.filter((x) => x.kind === 'garden')) {
    const R = 10;
    const p =
      bestIn(
        (k) => fields.comp[k]! >= 0,
        (p, c) => Math.min(c, R + 6) + Math.min(G.borderDist(p), R + 3) * 2 - 0.05 * G.dist(p, CENTRE),
      ) ?? G.pt(75, 75);
    buildings.push({ id: f.id, kind: 'garden', at: p, r: R });
  }
  for (const f of fieldFeats.filter((x) => x.pig_herd)) {
    const comps = fields.fieldComps.get(f.id) ?? new Set<number>();
    const p = bestIn(
      (k) => comps.has(fields.comp[k]!),
      (p, c) => Math.min(c, 16) + Math.min(G.borderDist(p), 14) - 0.05 * G.dist(p, CENTRE),
    );
    if (p) decos.push({ kind: 'pigs', at: p, feature: f.id });
  }

  // --- anchors
  const anchors: Record<string, Pt> = {};
  const placed: Pt[] = [];
  const freeOf = (p: Pt, gap = MIN_ANCHOR_GAP): boolean => placed.every((q) => G.dist(p, q) >= gap);
  const put = (id: string, p: Pt) => {
    anchors[id] = p;
    placed.push(p);
  };
  for (const b of buildings) put(b.id, b.at);

  // cities: the follower stands in the middle of the visible part; decorations around it
  const laterCities = (i: number): Pt[][] => cities.slice(i + 1).map((c) => c.poly);
  cities.forEach((c, i) => {
    const covers = laterCities(i);
    const cand: { p: Pt; s: number }[] = [];
    for (let y = 1; y < 100; y += 2)
      for (let x = 1; x < 100; x += 2) {
        const p = G.pt(x, y);
        if (!G.pointInPoly(p, c.poly) || covers.some((q) => G.pointInPoly(p, q))) continue;
        let s = G.borderDist(p) + 7;
        for (const w of c.walls) s = Math.min(s, G.distToPolyline(p, w));
        for (const q of covers) s = Math.min(s, G.distToPolyBoundary(p, q));
        for (const b of buildings) s = Math.min(s, G.dist(p, b.at) - b.r);
        for (const r of roads) s = Math.min(s, G.distToPolyline(p, r.pts) - ROAD_HW + 1);
        for (const rv of rivers) for (const br of rv.branches) s = Math.min(s, G.distToPolyline(p, br) - RIVER_HW);
        cand.push({ p, s });
      }
    const mid = G.centroid(cand.map((k) => k.p));
    const comfy = (k: { p: Pt; s: number }): number => Math.min(k.s, 12) - 0.1 * G.dist(k.p, mid);
    cand.sort((a, b) => comfy(b) - comfy(a));
    const taken: { p: Pt; r: number }[] = [];
    const pick = (minS: number, gapAnchor: number, gapDeco: number, edge = Math.min(minS, 6)): Pt | null => {
      for (const k of cand)
        if (k.s >= minS && G.borderDist(k.p) >= edge && placed.every((q) => G.dist(k.p, q) >= gapAnchor) && taken.every((q) => G.dist(k.p, q.p) >= gapDeco + q.r))
          return k.p;
      return null;
    };
    if (c.cathedral) {
      const p = pick(12, 22, 0) ?? cand[0]?.p;
      if (p) {
        decos.push({ kind: 'cathedral', at: p, feature: c.id });
        taken.push({ p, r: 16 });
      }
    }
    if (c.besieged) {
      // the siege camp takes the middle of the city; the follower stands beside it
      const p = pick(8, 16, 0) ?? pick(5, 14, 0) ?? cand[0]?.p;
      if (p) {
        decos.push({ kind: 'siege', at: p, feature: c.id });
        taken.push({ p, r: 8.5 });
      }
    }
    const a = pick(3, MIN_ANCHOR_GAP, 6, 8) ?? pick(3, MIN_ANCHOR_GAP, 6) ?? pick(0, MIN_ANCHOR_GAP, 0) ?? cand[0]?.p ?? G.centroid(c.poly);
    put(c.id, a);
    taken.push({ p: a, r: 5 });
    const deco = (kind: DecoKind, r: number) => {
      const p = pick(r, r + 8, r + 2) ?? pick(r * 0.6, r + 4, r) ?? pick(0, 8, 4);
      if (p) {
        decos.push({ kind, at: p, feature: c.id });
        taken.push({ p, r });
      }
    };
    for (let k = 0; k < c.pennants; k++) deco('shield', 7.5);
    // a few houses for texture
    const rnd = G.rng(tile.id + c.id);
    const shuffled = cand.filter((k) => k.s >= 5).map((k) => ({ k, r: rnd() }));
    shuffled.sort((x, y) => x.r - y.r);
    let houses = 0;
    const maxHouses = Math.min(12, Math.floor(shuffled.length / 34));
    for (const { k } of shuffled) {
      if (houses >= maxHouses) break;
      if (G.borderDist(k.p) < 5.5) continue;
      if (!placed.every((q) => G.dist(k.p, q) >= 10) || !taken.every((q) => G.dist(k.p, q.p) >= q.r + 6)) continue;
      decos.push({ kind: 'house', at: k.p, feature: c.id, seed: rnd() });
      taken.push({ p: k.p, r: 5 });
      houses++;
    }
  });

  // roads and rivers: middle of the longest visible stretch
  const covered = (p: Pt, kind: 'road' | 'river'): boolean =>
    cities.some((c) => G.pointInPoly(p, c.poly)) ||
    (!!ckr && ckr.interior.length > 0 && G.pointInPoly(p, ckr.interior)) ||
    buildings.some((b) => G.dist(p, b.at) < b.r + 2) ||
    (!!junction && G.dist(p, junction) < 10) ||
    rivers.some((r) => !!r.lake && G.pointInPoly(p, r.lake.pts)) ||
    (kind === 'river' && roads.some((r) => G.distToPolyline(p, r.pts) < ROAD_HW + 3));
  const linear = (id: string, paths: Pt[][], kind: 'road' | 'river') => {
    const runs: Pt[][] = [];
    for (const path of paths) {
      let run: Pt[] = [];
      for (const p of G.resample(path, 1)) {
        if (covered(p, kind)) {
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
        if (freeOf(p) && decos.every((d) => d.kind !== 'inn' || G.dist(d.at, p) > 9)) return put(id, p);
      }
    const first = runs[0];
    const any = first ? first[Math.floor((first.length - 1) / 2)]! : paths[0]?.[0] ?? CENTRE;
    put(id, any);
  };
  for (const r of roads) linear(r.id, [r.pts], 'road');
  for (const rv of rivers) linear(rv.id, rv.branches, 'river');

  // fields: the open spot furthest from everything
  const pigObs = decos.filter((d) => d.kind === 'pigs').map((d) => circleObs(d.at, 9, 'pigs'));
  const gardenObs = buildings.filter((b) => b.kind === 'garden').map((b) => circleObs(b.at, b.r, 'garden'));
  const extra = [...pigObs, ...gardenObs];
  const fieldCells: Record<string, Pt[]> = {};
  for (const f of fieldFeats) {
    const comps = fields.fieldComps.get(f.id) ?? new Set<number>();
    const cells: { p: Pt; s: number }[] = [];
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
      cells.find((c) => freeOf(c.p))?.p ??
      cells.find((c) => freeOf(c.p, 12))?.p ??
      cells[0]?.p ??
      fallbackField(f);
    put(f.id, p);
  }
  // anything else (unknown kinds): centre, nudged away from the others
  for (const f of feats)
    if (!(f.id in anchors)) {
      let p = CENTRE;
      for (let k = 0; k < 40 && !freeOf(p); k++) p = G.pt(50 + 30 * Math.cos(k), 50 + 30 * Math.sin(k));
      put(f.id, p);
    }

  return { tile, cities, roads, rivers, buildings, decos, spurs, ckr, anchors, fieldCells };
}

function fallbackField(f: ArtFeature): Pt {
  const pts = f.ports.map((p) => PORT_POS[p]).filter((p): p is Pt => !!p);
  if (!pts.length) return CENTRE;
  const c = G.centroid(pts);
  return G.lerp(c, CENTRE, 0.25);
}
