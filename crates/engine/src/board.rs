//! The grid of placed tiles and the frontier of empty cells where a tile may go (R-BASE-4).
//!
//! The grid is a dense window that grows when a tile lands near its border, so lookups are
//! an index computation. The frontier keeps, per empty cell next to a tile, the packed edge
//! terrains its neighbours demand, so a fit test is one mask comparison.

use crate::tiles::{Side, TileTypeId};
use serde::{Deserialize, Serialize};

/// A board position: x grows east, y grows south. Written `[x, y]` in JSON.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "[i32; 2]"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

const AROUND: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

impl From<[i32; 2]> for Pos {
    fn from([x, y]: [i32; 2]) -> Pos {
        Pos { x, y }
    }
}

impl From<Pos> for [i32; 2] {
    fn from(p: Pos) -> [i32; 2] {
        [p.x, p.y]
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The neighbouring position on `side` (saturating at the edge of the i32 plane, where
    /// no tile can ever be).
    pub fn step(self, side: Side) -> Pos {
        let (dx, dy) = side.delta();
        Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// The 8 surrounding positions (R-BASE-8 neighbours).
    pub fn around(self) -> impl Iterator<Item = Pos> {
        AROUND
            .iter()
            .map(move |&(dx, dy)| Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy)))
    }
}

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedTile {
    pub tile: TileTypeId,
    pub pos: Pos,
    pub rotation: u8,
    /// First feature-graph node of this tile; feature `i` is node `first_node + i`.
    pub first_node: u16,
}

/// An empty cell next to at least one tile, with what its neighbours demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontierCell {
    pub pos: Pos,
    /// Bits of the packed edge code that are constrained (4 bits per side).
    pub mask: u16,
    /// The terrain codes those bits must hold.
    pub want: u16,
    /// `want` as a base-6 number, one digit per side (0 = no neighbour): the index into a
    /// tile's fit table (see `tiles::fit_code`).
    pub code: u16,
}

impl FrontierCell {
    /// Does a tile with these packed edges fit here?
    pub fn fits(&self, edges: u16) -> bool {
        edges & self.mask == self.want
    }
}

const EMPTY: u16 = u16::MAX;
/// No tile on that side ([`Board::place_looking`]).
pub(crate) const NO_TILE: u16 = u16::MAX;
const FRONTIER_BIT: u16 = 0x8000;
/// How far beyond a new tile the window reaches when it has to grow.
const GROW: i32 = 8;

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub tiles: Vec<PlacedTile>,
    pub frontier: Vec<FrontierCell>,
    min_x: i32,
    min_y: i32,
    width: i32,
    height: i32,
    /// `EMPTY`, a tile index, or `FRONTIER_BIT | frontier index`.
    cells: Vec<u16>,
}

/// A copy with the same spare capacity, so a cloned game grows without reallocating (search
/// and playouts clone games all the time; `Vec::clone` drops the capacity).
pub(crate) fn clone_with_capacity<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut out = Vec::with_capacity(v.capacity());
    out.extend_from_slice(v);
    out
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            tiles: clone_with_capacity(&self.tiles),
            frontier: clone_with_capacity(&self.frontier),
            min_x: self.min_x,
            min_y: self.min_y,
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.tiles.clone_from(&source.tiles);
        self.frontier.clone_from(&source.frontier);
        self.min_x = source.min_x;
        self.min_y = source.min_y;
        self.width = source.width;
        self.height = source.height;
        self.cells.clone_from(&source.cells);
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    pub fn new() -> Board {
        Board::with_capacity(0)
    }

    /// A board expecting about `tiles` tiles.
    pub fn with_capacity(tiles: usize) -> Board {
        let size = 2 * GROW + 1;
        Board {
            tiles: Vec::with_capacity(tiles),
            frontier: Vec::with_capacity(2 * tiles + 4),
            min_x: -GROW,
            min_y: -GROW,
            width: size,
            height: size,
            cells: vec![EMPTY; (size * size) as usize],
        }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        // i64: positions come from players and may be anywhere in i32. One unsigned
        // comparison per axis: a negative offset wraps to a huge one.
        let dx = (i64::from(p.x) - i64::from(self.min_x)) as u64;
        let dy = (i64::from(p.y) - i64::from(self.min_y)) as u64;
        if dx < self.width as u64 && dy < self.height as u64 {
            Some((dy * self.width as u64 + dx) as usize)
        } else {
            None
        }
    }

    /// The cells of `p` and its 8 neighbours, `p` first, then in [`Pos::around`] order; `None`
    /// when they are not all inside the window (never for a placed tile or a frontier cell:
    /// `ensure` keeps every cell within 2 of a tile inside).
    fn cells_around(&self, p: Pos) -> Option<[u16; 9]> {
        // The top-left cell of the 3 × 3 block, as in `index`.
        let dx = (i64::from(p.x) - i64::from(self.min_x) - 1) as u64;
        let dy = (i64::from(p.y) - i64::from(self.min_y) - 1) as u64;
        let w = self.width as u64;
        if dx >= w - 2 || dy >= self.height as u64 - 2 {
            return None;
        }
        let w = w as usize;
        let top = dy as usize * w + dx as usize;
        let above = self.cells.get(top..top + 3)?;
        let row = self.cells.get(top + w..top + w + 3)?;
        let below = self.cells.get(top + 2 * w..top + 2 * w + 3)?;
        Some([
            row[1], above[0], above[1], above[2], row[0], row[2], below[0], below[1], below[2],
        ])
    }

    fn cell(&self, p: Pos) -> u16 {
        self.index(p).map_or(EMPTY, |i| self.cells[i])
    }

    /// The index (into `tiles`) of the tile at `p`.
    pub fn tile_index_at(&self, p: Pos) -> Option<usize> {
        let c = self.cell(p);
        (c & FRONTIER_BIT == 0).then_some(usize::from(c))
    }

    pub fn tile_at(&self, p: Pos) -> Option<&PlacedTile> {
        self.tile_index_at(p).map(|i| &self.tiles[i])
    }

    pub fn is_occupied(&self, p: Pos) -> bool {
        self.cell(p) & FRONTIER_BIT == 0
    }

    /// The frontier cell at `p`, if `p` is an empty cell next to a tile.
    pub fn frontier_at(&self, p: Pos) -> Option<&FrontierCell> {
        let c = self.cell(p);
        (c != EMPTY && c & FRONTIER_BIT != 0)
            .then(|| &self.frontier[usize::from(c & !FRONTIER_BIT)])
    }

    /// Number of the 8 neighbours of `p` that hold a tile.
    pub fn neighbours_placed(&self, p: Pos) -> u8 {
        match self.cells_around(p) {
            // A tile's cell has the frontier bit clear (EMPTY has it set).
            Some(cells) => cells[1..]
                .iter()
                .map(|&c| u8::from(c & FRONTIER_BIT == 0))
                .sum(),
            None => p.around().filter(|&q| self.is_occupied(q)).count() as u8,
        }
    }

    /// Grows the window so that every cell within 2 of `p` is inside it (the frontier around
    /// `p` and the frontier's own neighbours).
    fn ensure(&mut self, p: Pos) {
        let need_min_x = p.x - 2;
        let need_min_y = p.y - 2;
        let need_max_x = p.x + 2;
        let need_max_y = p.y + 2;
        let max_x = self.min_x + self.width - 1;
        let max_y = self.min_y + self.height - 1;
        if need_min_x >= self.min_x
            && need_min_y >= self.min_y
            && need_max_x <= max_x
            && need_max_y <= max_y
        {
            return;
        }
        let nmin_x = self.min_x.min(p.x - GROW);
        let nmin_y = self.min_y.min(p.y - GROW);
        let nmax_x = max_x.max(p.x + GROW);
        let nmax_y = max_y.max(p.y + GROW);
        let nw = nmax_x - nmin_x + 1;
        let nh = nmax_y - nmin_y + 1;
        let mut cells = vec![EMPTY; (nw * nh) as usize];
        let (w, nw_) = (self.width as usize, nw as usize);
        let (dx, dy) = (
            (self.min_x - nmin_x) as usize,
            (self.min_y - nmin_y) as usize,
        );
        for (y, row) in self.cells.chunks_exact(w).enumerate() {
            let start = (y + dy) * nw_ + dx;
            cells[start..start + w].copy_from_slice(row);
        }
        self.min_x = nmin_x;
        self.min_y = nmin_y;
        self.width = nw;
        self.height = nh;
        self.cells = cells;
    }

    /// Puts a tile on the board and updates the frontier. The caller has checked legality.
    /// `edges` is the tile's packed edge code in its rotation.
    pub fn place(&mut self, placed: PlacedTile, edges: u16) -> usize {
        self.place_looking(placed, edges).0
    }

    /// [`Board::place`], also giving the indices (into `tiles`) of the tiles on the 4 sides,
    /// `NO_TILE` where there is none: 16 bits per side, N lowest. One number rather than an
    /// array: the caller reads it back at once, which stalls when it was stored in four parts.
    pub(crate) fn place_looking(&mut self, placed: PlacedTile, edges: u16) -> (usize, u64) {
        let p = placed.pos;
        self.ensure(p);
        let idx = self.tiles.len();
        let Some(ci) = self.index(p) else {
            unreachable!("ensure() grew the grid around {p:?}")
        };
        let old = self.cells[ci];
        if old != EMPTY && old & FRONTIER_BIT != 0 {
            self.remove_frontier(usize::from(old & !FRONTIER_BIT));
        }
        self.cells[ci] = idx as u16;
        self.tiles.push(placed);
        // `ensure` keeps every cell within 2 of `p` inside the window. One call per side,
        // unrolled, so each side's shifts and weights are constants.
        let w = self.width as usize;
        let neighbours = u64::from(self.touch(Side::N, ci - w, p, edges))
            | u64::from(self.touch(Side::E, ci + 1, p, edges)) << 16
            | u64::from(self.touch(Side::S, ci + w, p, edges)) << 32
            | u64::from(self.touch(Side::W, ci - 1, p, edges)) << 48;
        (idx, neighbours)
    }

    /// The cell `qi` on `side` of a tile just placed at `p`: its tile's index if it holds
    /// one; else it becomes (or stays) a frontier cell that demands the tile's `side` edge.
    #[inline(always)]
    fn touch(&mut self, side: Side, qi: usize, p: Pos, edges: u16) -> u16 {
        let c = self.cells[qi];
        if c & FRONTIER_BIT == 0 {
            return c;
        }
        let fi = if c == EMPTY {
            let fi = self.frontier.len();
            self.frontier.push(FrontierCell {
                pos: p.step(side),
                mask: 0,
                want: 0,
                code: 0,
            });
            self.cells[qi] = FRONTIER_BIT | fi as u16;
            fi
        } else {
            usize::from(c & !FRONTIER_BIT)
        };
        // The cell sees our `side` edge on its opposite side.
        let theirs = side.opposite() as u16 * 4;
        let terrain = (edges >> (side as u16 * 4)) & 0xF;
        let f = &mut self.frontier[fi];
        f.mask |= 0xF << theirs;
        f.want |= terrain << theirs;
        f.code += terrain * crate::tiles::FIT_SIDE_WEIGHT[side.opposite() as usize];
        NO_TILE
    }

    fn remove_frontier(&mut self, fi: usize) {
        self.frontier.swap_remove(fi);
        if fi < self.frontier.len() {
            let moved = self.frontier[fi].pos;
            if let Some(mi) = self.index(moved) {
                self.cells[mi] = FRONTIER_BIT | fi as u16;
            }
        }
    }

    /// The bounding box of the placed tiles: (min x, min y, max x, max y).
    pub fn bounds(&self) -> Option<(i32, i32, i32, i32)> {
        let mut it = self.tiles.iter().map(|t| t.pos);
        let first = it.next()?;
        Some(it.fold((first.x, first.y, first.x, first.y), |b, p| {
            (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(x: i32, y: i32) -> PlacedTile {
        PlacedTile {
            tile: TileTypeId(0),
            pos: Pos::new(x, y),
            rotation: 0,
            first_node: 0,
        }
    }

    #[test]
    fn frontier_tracks_neighbours_and_demands() {
        let mut b = Board::new();
        // all four sides field (1)
        b.place(placed(0, 0), 0x1111);
        assert_eq!(b.frontier.len(), 4);
        let east = *b.frontier_at(Pos::new(1, 0)).unwrap();
        // the east cell's west side must be field
        assert_eq!(east.mask, 0xF000);
        assert_eq!(east.want, 0x1000);
        assert!(east.fits(0x1222));
        assert!(!east.fits(0x2111));
        b.place(placed(1, 0), 0x1111);
        assert!(b.frontier_at(Pos::new(1, 0)).is_none());
        assert_eq!(b.frontier.len(), 6);
        assert_eq!(b.tile_index_at(Pos::new(1, 0)), Some(1));
    }

    #[test]
    fn grid_grows_far_from_the_start() {
        let mut b = Board::new();
        for x in 0..40 {
            b.place(placed(x, -x), 0x1111);
        }
        for x in 0..40 {
            assert_eq!(b.tile_index_at(Pos::new(x, -x)), Some(x as usize));
        }
        assert_eq!(b.bounds(), Some((0, -39, 39, 0)));
        for f in &b.frontier {
            assert!(!b.is_occupied(f.pos));
            assert_eq!(b.frontier_at(f.pos), Some(f));
        }
    }
}
