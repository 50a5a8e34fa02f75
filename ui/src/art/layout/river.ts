// Rivers: a meandering course between two edges, a spring or a lake where one ends, and forks.
import type { TileFeatureInfo } from '../../bindings';
import type { Pt } from '../model';
import * as G from '../geom';
import { CENTRE, INWARD, PORT_POS, gateOn, opposite, rotSide, sidePorts, straight, throughPath, type Draft, type RiverGeom, type Side } from './base';

export function buildRivers(d: Draft): RiverGeom[] {
  const hasVolcano = d.feats.some((f) => f.kind === 'volcano');
  return d.feats.filter((x) => x.kind === 'river').map((f) => river(d, f, hasVolcano));
}

function river(d: Draft, f: TileFeatureInfo, hasVolcano: boolean): RiverGeom {
  const ports = sidePorts(f);
  const g: RiverGeom = { id: f.id, branches: [], lake: null };
  if (ports.length === 2) {
    const adj = !opposite(ports[0]!, ports[1]!);
    g.branches.push(meander(throughPath(ports[0]!, ports[1]!), adj ? 2.5 : 4));
  } else if (ports.length === 1) {
    const s = ports[0]!;
    const { lake, end, spring } = riverEnd(d, s, hasVolcano);
    g.branches.push(meander(straight(PORT_POS[s]!, end, 16), 2));
    g.lake = { pts: lake, spring };
  } else g.branches.push(...fork(ports));
  return g;
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

/** Where a river from edge `s` ends: its spring, a lake reaching the nearest city, or a lake. */
function riverEnd(d: Draft, s: Side, hasVolcano: boolean): { lake: Pt[]; end: Pt; spring: boolean } {
  const p = PORT_POS[s]!;
  const inw = INWARD[s];
  const spring = d.tile.river_role === 'source';
  if (spring) {
    const c = G.add(p, G.mul(inw, 60));
    return { lake: G.blob(c, 11, 10, 0, d.tile.id), end: c, spring };
  }
  if (d.cities.length) {
    // the lake reaches the nearest city
    const c0 = G.add(p, G.mul(inw, 34));
    let best: Pt | null = null;
    for (const c of d.cities) {
      const g2 = gateOn(c.walls, c.poly, CENTRE);
      if (g2 && (!best || G.dist(g2.at, c0) < G.dist(best, c0))) best = G.add(g2.at, G.mul(g2.dir, 3));
    }
    const far = best ?? G.add(p, G.mul(inw, 70));
    const mid = G.lerp(c0, far, 0.5);
    const ang = Math.atan2(far.y - c0.y, far.x - c0.x);
    return { lake: G.blob(mid, G.dist(c0, far) / 2 + 8, 15, ang, d.tile.id), end: mid, spring };
  }
  const c = G.add(p, G.mul(inw, hasVolcano ? 36 : 52));
  return { lake: G.blob(c, hasVolcano ? 16 : 20, hasVolcano ? 17 : 18, 0, d.tile.id), end: c, spring };
}

/** A fork: the main course between two opposite arms, the other arms flow into it. */
function fork(ports: Side[]): Pt[][] {
  const branches: Pt[][] = [];
  const a = ports.find((x) => ports.includes(rotSide(x, 2)));
  if (a) {
    const main = meander(throughPath(a, rotSide(a, 2)), 3);
    branches.push(main);
    const rest = ports.filter((x) => x !== a && x !== rotSide(a, 2));
    const Lm = G.polylineLength(main);
    rest.forEach((s, i) => {
      const p = PORT_POS[s]!;
      const { p: q, dir } = G.along(main, Lm * (i % 2 ? 0.38 : 0.62));
      branches.push(G.cubic(p, G.add(p, G.mul(INWARD[s], 28)), G.sub(q, G.mul(dir, 18)), q, 20));
    });
  } else
    for (const s of ports) {
      const p = PORT_POS[s]!;
      branches.push(G.cubic(p, G.add(p, G.mul(INWARD[s], 25)), G.add(CENTRE, G.mul(INWARD[s], -8)), CENTRE, 16));
    }
  return branches;
}
