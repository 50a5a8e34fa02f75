// Buildings and what stands in the open field: monasteries, shrines and volcanoes near the
// centre, gardens and pig herds in the field.
import type { Pt } from '../model';
import * as G from '../geom';
import { CENTRE, circleObs, cityObs, clearance, riverObs, roadObs, type BuildingGeom, type Draft } from './base';
import { bestIn, type FieldAreas } from './field';

const SIZES: Record<string, number> = { monastery: 15, shrine: 14, volcano: 14 };

/** Monasteries, shrines and volcanoes: as near the centre as the cities, rivers and roads allow. */
export function placeCentreBuildings(d: Draft): void {
  for (const f of d.feats.filter((x) => x.kind === 'monastery' || x.kind === 'shrine' || x.kind === 'volcano')) {
    const R = SIZES[f.kind]!;
    const obs = [...cityObs(d), ...riverObs(d), ...roadObs(d), ...d.buildings.map((b) => circleObs(b.at, b.r, 'b'))];
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
    d.buildings.push({ id: f.id, kind: f.kind as BuildingGeom['kind'], at: best, r: R });
  }
}

/** Gardens in the open field, away from the border; pig herds in their own field. */
export function placeFieldSpecials(d: Draft, fields: FieldAreas): void {
  for (const f of d.feats.filter((x) => x.kind === 'garden')) {
    const R = 10;
    const p: Pt =
      bestIn(
        fields,
        (k) => fields.comp[k]! >= 0,
        (p, c) => Math.min(c, R + 6) + Math.min(G.borderDist(p), R + 3) * 2 - 0.05 * G.dist(p, CENTRE),
      ) ?? G.pt(75, 75);
    d.buildings.push({ id: f.id, kind: 'garden', at: p, r: R });
  }
  for (const f of d.feats.filter((x) => x.kind === 'field' && x.pig_herd)) {
    const comps = fields.fieldComps.get(f.id) ?? new Set<number>();
    const p = bestIn(
      fields,
      (k) => comps.has(fields.comp[k]!),
      (p, c) => Math.min(c, 16) + Math.min(G.borderDist(p), 14) - 0.05 * G.dist(p, CENTRE),
    );
    if (p) d.decos.push({ kind: 'pigs', at: p, feature: f.id });
  }
}
