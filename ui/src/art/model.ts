// Input types of the tile art besides the tile itself, which is the API's `TileInfo`
// (bindings.ts, generated from crates/api; every field is described in
// crates/engine/data/FORMAT.md).

/** A point in the tile's 100 × 100 box (x east, y south). */
export interface Pt {
  x: number;
  y: number;
}

/** Quarter turns clockwise. */
export type Rotation = 0 | 1 | 2 | 3;
