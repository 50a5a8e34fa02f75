// Input types of the tile art: a minimal, structurally compatible subset of a tile type of
// crates/engine/data/catalogue.json (field names kept in the catalogue's snake_case).
// See /work/shared/tiles/FORMAT.md for the meaning of every field.

/** One feature of a tile type (FORMAT.md §3). Optional fields may be absent or null. */
export interface ArtFeature {
  id: string;
  /** city | road | river | field | monastery | shrine | garden | volcano */
  kind: string;
  /** Edge slots: N E S W (middle) or N1 N2 E1 E2 S1 S2 W1 W2 (halves, fields only). */
  ports: readonly string[];
  pennants?: number | null;
  cathedral?: boolean | null;
  besieged?: boolean | null;
  inn?: boolean | null;
  pig_herd?: boolean | null;
  inner?: boolean | null;
  borders_cities?: readonly string[] | null;
}

/** A tile type in its canonical orientation (N = top). */
export interface ArtTile {
  id: string;
  set: string;
  name: string;
  /**
   * Terrain per edge (field | road | city | river | internal): an array in N, E, S, W order, or
   * the catalogue's object keyed by N, E, S, W.
   */
  edges: readonly string[] | Readonly<Record<string, string>>;
  features: readonly ArtFeature[];
  river_role?: string | null;
  board_position?: { col: number; row: number } | null;
}

/** A point in the tile's 100 × 100 box (x east, y south). */
export interface Pt {
  x: number;
  y: number;
}

/** Quarter turns clockwise. */
export type Rotation = 0 | 1 | 2 | 3;
