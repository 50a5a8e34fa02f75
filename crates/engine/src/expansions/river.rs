//! The River I and II (R-RIVER-1 … R-RIVER-6): the spring replaces the start tile, river
//! tiles are drawn before land tiles in a fixed sequence, and each must continue the river
//! without a U-turn. River tiles that fit nowhere are discarded like any tile (R-BASE-4).
//! The River II volcano and pig herd are drawn and placed but do nothing here (their own
//! expansions are not in scope, R-RIVER-4).

use super::Rules;
use crate::action::PlayError;
use crate::board::{Board, Pos};
use crate::tiles::{Catalogue, RiverRole, RiverSetup, Side, Terrain, TileType, TileTypeId};

/// The tile placed face up at [0, 0] (R-BASE-2, R-RIVER-1, R-RIVER-5).
pub fn start_tile(rules: &Rules) -> &'static str {
    if rules.river2 {
        "river2/spring"
    } else if rules.river1 {
        "river1/spring"
    } else {
        "base/start"
    }
}

/// Tiles of the chosen sets that stay in the box: River I's lake when both rivers are used
/// (R-RIVER-5).
pub fn excluded(rules: &Rules, tile: &TileType) -> bool {
    rules.river1 && rules.river2 && tile.id == "river1/lake"
}

/// When a tile is drawn (R-RIVER-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The River II fork, right after the spring.
    Fork,
    /// The other river tiles, shuffled.
    River,
    /// River tiles set aside to close the river: `river_setup: last`, and with both rivers
    /// every lake (R-RIVER-5).
    Last,
    /// Land tiles, after every river tile.
    Land,
}

pub fn stage(rules: &Rules, tile: &TileType) -> Stage {
    match (tile.river_role, tile.river_setup) {
        (None, _) => Stage::Land,
        (Some(RiverRole::Fork), _) => Stage::Fork,
        (_, Some(RiverSetup::Last)) => Stage::Last,
        (Some(RiverRole::End), _) if rules.river1 && rules.river2 => Stage::Last,
        _ => Stage::River,
    }
}

/// The sides of a placed tile where its river leaves it.
fn river_sides(t: &TileType, rotation: u8) -> impl Iterator<Item = Side> + '_ {
    Side::ALL
        .into_iter()
        .filter(move |&s| t.edge(rotation, s) == Terrain::River)
}

/// How the river turns through a tile entered through `inn` and left through `out`:
/// 0 straight, 1 right, 3 left.
fn turn(inn: Side, out: Side) -> u8 {
    let heading = inn.opposite() as u8;
    (out as u8 + 4 - heading) % 4
}

/// R-RIVER-2: a river tile must continue the river, and may not turn the same way as the
/// river tile it continues (no U-turn). Edge matching is checked before this.
///
/// # Errors
/// `RiverNotContinued` or `RiverUTurn`.
pub fn check(
    cat: &Catalogue,
    board: &Board,
    tile: TileTypeId,
    at: Pos,
    rotation: u8,
) -> Result<(), PlayError> {
    let t = cat.tile(tile);
    let sides: Vec<Side> = river_sides(t, rotation).collect();
    if sides.is_empty() {
        return Ok(());
    }
    let connected: Vec<Side> = sides
        .iter()
        .copied()
        .filter(|&s| board.is_occupied(at.step(s)))
        .collect();
    let [inn] = connected[..] else {
        return if connected.is_empty() {
            Err(PlayError::RiverNotContinued)
        } else {
            Ok(())
        };
    };
    let [a, b] = sides[..] else { return Ok(()) };
    let out = if a == inn { b } else { a };
    let ours = turn(inn, out);
    if ours == 0 {
        return Ok(());
    }
    let Some(prev) = board.tile_at(at.step(inn)) else {
        return Ok(());
    };
    let pt = cat.tile(prev.tile);
    let prev_sides: Vec<Side> = river_sides(pt, prev.rotation).collect();
    let facing_us = inn.opposite();
    let [p, q] = prev_sides[..] else { return Ok(()) };
    let prev_in = if p == facing_us { q } else { p };
    if turn(prev_in, facing_us) == ours {
        return Err(PlayError::RiverUTurn);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_seen_from_the_flow() {
        // Entering through W (heading east), leaving through E: straight.
        assert_eq!(turn(Side::W, Side::E), 0);
        // Heading east, leaving through S: a right turn.
        assert_eq!(turn(Side::W, Side::S), 1);
        // Heading east, leaving through N: a left turn.
        assert_eq!(turn(Side::W, Side::N), 3);
    }
}
