//! The River I and II (R-RIVER-1 … R-RIVER-6): the spring replaces the start tile, river
//! tiles are drawn before land tiles in a fixed sequence, and each must continue the river
//! without a U-turn. River tiles that fit nowhere are discarded like any tile (R-BASE-4).
//! The River II volcano and pig herd are drawn and placed but do nothing here (their own
//! expansions are not in scope, R-RIVER-4).

use super::Rules;
use crate::action::PlayError;
use crate::board::{Board, Pos};
use crate::tiles::{Catalogue, RiverRole, RiverSetup, Side, Terrain, TileType, TileTypeId};

/// The spring of this game's river, if any (R-RIVER-1, R-RIVER-5: River II's with both).
pub fn spring(rules: &Rules) -> Option<&'static str> {
    if rules.river2 {
        Some("river2/spring")
    } else if rules.river1 {
        Some("river1/spring")
    } else {
        None
    }
}

/// The tiles placed face up before play, with their positions (R-BASE-2, R-RIVER-1,
/// R-CKR-1). With the City of Carcassonne the city board is the start and the spring, if any,
/// is the first tile drawn (R-RIVER-6 `river_with_city_discard`).
pub fn start_tiles(rules: &Rules) -> Vec<(&'static str, Pos)> {
    if rules.city {
        super::count::cells().collect()
    } else {
        vec![(spring(rules).unwrap_or("base/start"), Pos::new(0, 0))]
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

/// The sides of a placed tile where its river leaves it, as a bit set (bit = `Side as u8`).
fn river_sides(t: &TileType, rotation: u8) -> u8 {
    Side::ALL
        .into_iter()
        .filter(|&s| t.edge(rotation, s) == Terrain::River)
        .fold(0, |m, s| m | 1 << s as u8)
}

/// The other side of a two-sided river, given one of them.
fn other_side(sides: u8, one: Side) -> Option<Side> {
    let rest = sides & !(1 << one as u8);
    (sides.count_ones() == 2 && rest.count_ones() == 1)
        .then(|| Side::from_index(rest.trailing_zeros() as usize))
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
    if !t.edges.contains(&Terrain::River) {
        return Ok(());
    }
    let sides = river_sides(t, rotation);
    // A spring starts a river (drawn after the City of Carcassonne, R-RIVER-6).
    if sides == 0 || t.river_role == Some(RiverRole::Source) {
        return Ok(());
    }
    let mut connected = Side::ALL
        .into_iter()
        .filter(|&s| sides & (1 << s as u8) != 0 && board.is_occupied(at.step(s)));
    let Some(inn) = connected.next() else {
        return Err(PlayError::RiverNotContinued);
    };
    if connected.next().is_some() {
        // Joining two river ends: there is no single direction of flow to turn from.
        return Ok(());
    }
    let Some(out) = other_side(sides, inn) else {
        return Ok(());
    };
    let ours = turn(inn, out);
    if ours == 0 {
        return Ok(());
    }
    let Some(prev) = board.tile_at(at.step(inn)) else {
        return Ok(());
    };
    let facing_us = inn.opposite();
    let prev_sides = river_sides(cat.tile(prev.tile), prev.rotation);
    match other_side(prev_sides, facing_us) {
        Some(prev_in) if turn(prev_in, facing_us) == ours => Err(PlayError::RiverUTurn),
        _ => Ok(()),
    }
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
