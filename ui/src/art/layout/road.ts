// Roads: those that pass through, those that end (at a centre building, a junction or a gate in
// a wall), bridges over rivers, and inns beside their road.
import type { TileFeatureInfo } from '../../bindings';
import type { Pt } from '../model';
import * as G from '../geom';
import {
  baseObs, CENTRE, cityObs, clearance, gateOn, INWARD, PORT_POS, RIVER_HW, sidePorts, straight, throughPath,
  type BuildingGeom, type Deco, type Draft, type Gate, type RoadGeom,
} from './base';

/** Roads with two ports: an edge-to-edge line, placed before anything that avoids roads. */
export function throughRoads(d: Draft): RoadGeom[] {
  const out: RoadGeom[] = [];
  for (const f of d.feats.filter((x) => x.kind === 'road')) {
    const ports = sidePorts(f);
    if (ports.length === 2)
      out.push({ id: f.id, pts: throughPath(ports[0]!, ports[1]!), ports, inn: !!f.inn, end: 'through', bridges: [], gate: null });
  }
  return out;
}

/** Roads with one port (or more than two) end on the tile; adds them to `d.roads` in catalogue order. */
export function endingRoads(d: Draft): void {
  const roadFeats = d.feats.filter((f) => f.kind === 'road');
  const enders = roadFeats.filter((f) => sidePorts(f).length === 1);
  const multi = roadFeats.filter((f) => sidePorts(f).length >= 3);
  if (enders.length) {
    const cobs = cityObs(d);
    const reach = (f: TileFeatureInfo): boolean => {
      const s = sidePorts(f)[0]!;
      const ray = straight(PORT_POS[s]!, CENTRE, 20);
      return ray.every((p) => clearance(p, cobs) >= 12);
    };
    const reaching = enders.filter(reach);
    const hasWalls = d.cities.length > 0 || !!(d.ckr && d.ckr.walls.length);
    const centreBuilding = d.buildings.find((b) => b.kind === 'monastery' || b.kind === 'shrine');
    for (const f of enders) {
      const toJunction = (reaching.length >= 2 && reaching.includes(f)) || !hasWalls;
      d.roads.push(endingRoad(d, f, centreBuilding, toJunction));
    }
  }
  for (const f of multi) {
    // not in the catalogue; drawn as branches meeting at the centre
    d.junction = CENTRE;
    const ports = sidePorts(f);
    // one polyline out and back along every arm
    const pts = G.join(...ports.map((s, i) => (i === 0 ? straight(PORT_POS[s]!, CENTRE) : [...straight(CENTRE, PORT_POS[s]!), ...straight(PORT_POS[s]!, CENTRE)])));
    d.roads.push({ id: f.id, pts, ports, inn: !!f.inn, end: 'junction', bridges: [], gate: null });
  }
  if (d.junction) d.decos.push({ kind: 'junction', at: d.junction, feature: null });
  // keep the feature order of the catalogue
  const order = new Map(d.feats.map((f, i) => [f.id, i]));
  d.roads.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

function endingRoad(d: Draft, f: TileFeatureInfo, centreBuilding: BuildingGeom | undefined, toJunction: boolean): RoadGeom {
  const s = sidePorts(f)[0]!;
  const p = PORT_POS[s]!;
  const inw = INWARD[s];
  const road = (end: RoadGeom['end'], pts: Pt[], gate: Gate | null = null): RoadGeom =>
    ({ id: f.id, pts, ports: [s], inn: !!f.inn, end, bridges: [], gate });
  if (centreBuilding) {
    const t = centreBuilding.at;
    return road('building', curveTo(p, inw, t, G.norm(G.sub(t, G.add(p, G.mul(inw, 20))))));
  }
  if (toJunction) {
    d.junction = CENTRE;
    return road('junction', straight(p, CENTRE, 20));
  }
  const { gate, end } = nearestGate(d, G.add(p, G.mul(inw, 30)));
  const t = gate ? gate.at : CENTRE;
  const dir = gate ? gate.dir : inw;
  return road(end, G.join(curveTo(p, inw, t, dir), [G.add(t, G.mul(dir, 5))]), gate);
}

/** The gate nearest to `from` in a city wall or the City of Carcassonne's wall. */
function nearestGate(d: Draft, from: Pt): { gate: Gate | null; end: RoadGeom['end'] } {
  let best: Gate | null = null;
  let end: RoadGeom['end'] = 'city';
  for (const c of d.cities) {
    const g2 = gateOn(c.walls, c.poly, from);
    if (g2 && (!best || G.dist(g2.at, from) < G.dist(best.at, from))) best = g2;
  }
  if (d.ckr && d.ckr.walls.length) {
    const g2 = gateOn(d.ckr.walls, d.ckr.interior, from);
    if (g2 && (!best || G.dist(g2.at, from) < G.dist(best.at, from))) {
      best = g2;
      end = 'wall';
    }
  }
  return { gate: best, end };
}

function curveTo(p: Pt, inward: Pt, t: Pt, arrive: Pt): Pt[] {
  const dist = G.dist(p, t);
  return G.cubic(p, G.add(p, G.mul(inward, dist * 0.45)), G.sub(t, G.mul(arrive, dist * 0.35)), t, 20);
}

/** Bridges: the sections of each road over a river. */
export function addBridges(d: Draft): void {
  for (const r of d.roads) {
    let run: Pt[] = [];
    const fine = G.resample(r.pts, 1);
    for (const p of fine) {
      const over = d.rivers.some(
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
}

/** Inns beside their road, where the house and its pond find the most room. */
export function placeInns(d: Draft): void {
  for (const r of d.roads.filter((x) => x.inn)) {
    const obs = baseObs(d);
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
    if (best) d.decos.push(best);
  }
}
