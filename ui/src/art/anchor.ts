// Follower spots: where a follower stands on each feature (canonical orientation).
import type { TileInfo } from '../bindings';
import type { Pt, Rotation } from './model';
import { rot } from './geom';
import { layoutTile } from './layout/index';

/**
 * Where a follower stands on `featureId` of `tile`, in the tile's 100 × 100 box, canonical
 * orientation (inside the drawn shape; anchors of one tile are at least 12 units apart).
 * Unknown ids get the tile centre.
 */
export function featureAnchor(tile: TileInfo, featureId: string): Pt {
  const a = layoutTile(tile).anchors[featureId];
  return a ? { x: a.x, y: a.y } : { x: 50, y: 50 };
}

/** All follower spots of a tile, by feature id. */
export function featureAnchors(tile: TileInfo): Record<string, Pt> {
  const out: Record<string, Pt> = {};
  for (const [id, p] of Object.entries(layoutTile(tile).anchors)) out[id] = { x: p.x, y: p.y };
  return out;
}

/** Turn a point of the 100 × 100 box by `rotation` quarter turns clockwise about (50, 50). */
export function rotatePoint(p: Pt, rotation: Rotation | number): Pt {
  return rot(p, rotation);
}
