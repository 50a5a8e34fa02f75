//! Dead cells and single-fit cells, a learning aid: for each empty cell next to the board,
//! whether no tile still to come can ever go there (players call it a hole), or only one type
//! of them can. "Fits" is the engine's own placement test (R-BASE-4 edge matching, R-RIVER-2
//! river continuation and U-turns, R-CKR-12 shrine neighbours; the City of Carcassonne's outer
//! edges are edges of placed tiles, R-CKR-1), none of which depends on who places the tile.
//!
//! A cell's demands only grow as tiles land around it and the tiles to come only shrink, so a
//! dead cell stays dead and a single-fit cell can only take that one type. (One exception:
//! a river curve refused for a U-turn becomes legal if a second river end reaches the cell,
//! R-RIVER-2's join; a river that meets itself.)

use super::{Game, Phase};
use crate::board::{FrontierCell, Pos};
use crate::tiles::{catalogue, TileTypeId};
use serde::{Deserialize, Serialize};

/// What the tiles still to come can do for one empty cell next to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellFit {
    /// No tile still to come fits there in any rotation: the cell stays empty.
    Dead,
    /// Exactly one type of the tiles still to come fits there.
    Single(TileTypeId),
}

/// A frontier cell that is dead or single-fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardCell {
    pub pos: Pos,
    pub fit: CellFit,
}

impl Game {
    /// The tile types still to come, each once, sorted: the drawn tile waiting to be placed
    /// and every pile (the river stage and the land tiles alike: order does not matter to
    /// whether a tile can ever go somewhere).
    pub fn tile_types_to_come(&self) -> Vec<TileTypeId> {
        let mut types = self.remaining_tiles();
        if let Phase::Place { tile } = self.phase() {
            types.push(tile);
            types.sort_unstable();
        }
        types.dedup();
        types
    }

    /// The frontier cells no tile still to come fits (dead) or only one type fits
    /// (single-fit), sorted by row then column. Cells two or more types fit are left out.
    pub fn hard_cells(&self) -> Vec<HardCell> {
        let types = self.tile_types_to_come();
        let mut out: Vec<HardCell> = self
            .board
            .frontier
            .iter()
            .filter_map(|f| {
                let fit = match self.first_two_fitting(f, &types) {
                    (0, _) => CellFit::Dead,
                    (1, Some(t)) => CellFit::Single(t),
                    _ => return None,
                };
                Some(HardCell { pos: f.pos, fit })
            })
            .collect();
        out.sort_unstable_by_key(|c| (c.pos.y, c.pos.x));
        out
    }

    /// How many of `types` fit on `f`, counting no further than two, and the first one.
    fn first_two_fitting(
        &self,
        f: &FrontierCell,
        types: &[TileTypeId],
    ) -> (u8, Option<TileTypeId>) {
        let mut n = 0;
        let mut first = None;
        for &t in types {
            if self.fits_cell(t, f) {
                n += 1;
                if n == 2 {
                    break;
                }
                first = Some(t);
            }
        }
        (n, first)
    }

    /// Whether `tile` has a legal placement on the frontier cell `f` in some rotation: the
    /// tests `placements` makes (the fit table, then the checks beyond edge matching).
    pub(crate) fn fits_cell(&self, tile: TileTypeId, f: &FrontierCell) -> bool {
        let t = catalogue().tile(tile);
        let bits = t.fit[usize::from(f.code)];
        if bits == 0 || !self.needs_extra_check(t) {
            return bits != 0;
        }
        (0..4u8).any(|r| bits & (1 << r) != 0 && self.extra_check(tile, f.pos, r).is_ok())
    }
}
