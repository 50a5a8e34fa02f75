// Cities: their shapes, built for N (or N+W, W-E, N+E+W) and turned into place; and the walled
// cells of the City of Carcassonne.
import type { TileFeatureInfo, TileInfo } from '../../bindings';
import type { Pt } from '../model';
import * as G from '../geom';
import { edgeTerrain, opposite, rotSide, sideIdx, sidePorts, SIDES, type CityGeom, type CkrGeom, type Side } from './base';

/** The tile's cities, in catalogue order (later ones are drawn over earlier ones). */
export function buildCities(tile: TileInfo, feats: readonly TileFeatureInfo[], ckr: boolean): CityGeom[] {
  const cityFeats = feats.filter((f) => f.kind === 'city');
  const bands = cityFeats.filter((f) => {
    const p = sidePorts(f);
    return p.length === 2 && opposite(p[0]!, p[1]!);
  });
  const crossing = bands.length >= 2;
  return cityFeats.map((f) => {
    const s = cityShape(tile, f, { ckr, crossing });
    return {
      id: f.id,
      poly: s.poly,
      walls: s.walls,
      pennants: Math.max(0, Math.floor(f.pennants ?? 0)),
      cathedral: !!f.cathedral,
      besieged: !!f.besieged,
    };
  });
}

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

function cityShape(tile: TileInfo, f: TileFeatureInfo, ctx: { ckr: boolean; crossing: boolean }): Shape {
  const ports = sidePorts(f);
  const set = new Set(ports);
  if (ports.length === 1) return oneSideShape(tile, ports[0]!, ctx.ckr);
  if (ports.length === 2) {
    const [a, b] = ports as [Side, Side];
    if (opposite(a, b)) {
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

/** A city on one edge: a cap, or a spike into the corner when it cuts a lone field off. */
function oneSideShape(tile: TileInfo, s: Side, ckr: boolean): Shape {
  const r = sideIdx(s);
  // A cap whose field on the next edge is cut off from the rest: the city reaches a corner.
  const fields = tile.features.filter((x) => x.kind === 'field');
  for (const [dir, mirror] of [[1, false], [3, true]] as const) {
    const side = rotSide(s, dir);
    if (edgeTerrain(tile, side) !== 'field') continue;
    const lone = fields.find((x) => x.ports.length > 0 && x.ports.every((p) => p === side + '1' || p === side + '2'));
    if (lone && fields.length > 1) return turn(spikeShape(), r, mirror);
  }
  return turn(capShape(ckr ? 17 : 28), r);
}

// ---------------------------------------------------------------------------------------------
// the City of Carcassonne cells

const CKR_BAND = 30;

export function ckrGeom(tile: TileInfo): CkrGeom {
  const outer = SIDES.filter((s) => edgeTerrain(tile, s) !== 'internal');
  const has = (s: Side): boolean => outer.includes(s);
  const x0 = has('W') ? CKR_BAND : 0;
  const x1 = has('E') ? 100 - CKR_BAND : 100;
  const y0 = has('N') ? CKR_BAND : 0;
  const y1 = has('S') ? 100 - CKR_BAND : 100;
  const interior = [G.pt(x0, y0), G.pt(x1, y0), G.pt(x1, y1), G.pt(x0, y1)];
  const walls = ckrWalls(has, x0, x1, y0, y1);
  const towers: Pt[] = [];
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

/** The interior rectangle's sides that face an outer band, joined into runs round corners. */
function ckrWalls(has: (s: Side) => boolean, x0: number, x1: number, y0: number, y1: number): Pt[][] {
  const walls: Pt[][] = [];
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
  return walls;
}
