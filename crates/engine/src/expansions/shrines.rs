//! Shrines (R-CKR-11 … R-CKR-13): placed and scored like monasteries, never next to more than
//! one monastery (and the reverse); an occupied shrine and an occupied monastery side by side
//! challenge each other: the first completed wins, the other's followers go home empty-handed.

use crate::action::PlayError;
use crate::board::{Board, Pos};
use crate::tiles::{Catalogue, FeatureKind, TileTypeId};

/// The monastery-like kind of the tile at `p`, if any.
pub fn cloister_kind(cat: &Catalogue, board: &Board, p: Pos) -> Option<FeatureKind> {
    let t = board.tile_at(p)?;
    let tt = cat.tile(t.tile);
    tt.cloister.map(|i| tt.features[usize::from(i)].kind)
}

/// The rival kind in a challenge: shrines against monasteries.
pub fn rival(kind: FeatureKind) -> Option<FeatureKind> {
    match kind {
        FeatureKind::Shrine => Some(FeatureKind::Monastery),
        FeatureKind::Monastery => Some(FeatureKind::Shrine),
        _ => None,
    }
}

/// Whether a cloister at `at` would have more than one of the `rivals` among its 8
/// neighbours (R-CKR-12).
pub fn too_many_rivals(rivals: &[Pos], at: Pos) -> bool {
    rivals
        .iter()
        .filter(|r| {
            **r != at
                && (i64::from(r.x) - i64::from(at.x)).abs() <= 1
                && (i64::from(r.y) - i64::from(at.y)).abs() <= 1
        })
        .count()
        > 1
}

/// R-CKR-12: a shrine may not have more than one monastery among its 8 neighbours, nor a
/// monastery more than one shrine.
///
/// # Errors
/// `ShrineNeighbours` when the placement breaks it.
pub fn check(cat: &Catalogue, board: &Board, tile: TileTypeId, at: Pos) -> Result<(), PlayError> {
    let tt = cat.tile(tile);
    let Some(kind) = tt.cloister.map(|i| tt.features[usize::from(i)].kind) else {
        return Ok(());
    };
    let Some(rival) = rival(kind) else {
        return Ok(());
    };
    let rivals = at
        .around()
        .filter(|&q| cloister_kind(cat, board, q) == Some(rival))
        .count();
    if rivals > 1 {
        return Err(PlayError::ShrineNeighbours);
    }
    Ok(())
}
