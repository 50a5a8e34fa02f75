//! Inns & Cathedrals (R-IC-1 … R-IC-5): inns on roads, cathedrals in cities, the big meeple
//! and the 6th player (see `Rules::max_players`). Score tiles (R-IC-5) are only a scoring aid:
//! scores are plain numbers everywhere.

use super::Rules;
use crate::score::ScoreTime;

/// R-IC-3: one big meeple per player.
pub fn big_meeples(rules: &Rules) -> u8 {
    u8::from(rules.inns_cathedrals)
}

/// A road with an inn (R-IC-1): 2 per tile when complete, nothing when incomplete at the end.
pub fn inn_road(tiles: usize, when: ScoreTime) -> u32 {
    match when {
        ScoreTime::Turn => 2 * tiles as u32,
        ScoreTime::Final | ScoreTime::Recall => 0,
    }
}

/// A city with a cathedral (R-IC-2): 3 per tile and 3 per shield when complete, nothing when
/// incomplete at the end.
pub fn cathedral_city(tiles: usize, shields: u16, when: ScoreTime) -> u32 {
    match when {
        ScoreTime::Turn => 3 * tiles as u32 + 3 * u32::from(shields),
        ScoreTime::Final | ScoreTime::Recall => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inns_and_cathedrals_double_or_nothing() {
        assert_eq!(inn_road(4, ScoreTime::Turn), 8);
        assert_eq!(inn_road(4, ScoreTime::Final), 0);
        assert_eq!(cathedral_city(3, 1, ScoreTime::Turn), 12);
        assert_eq!(cathedral_city(3, 1, ScoreTime::Final), 0);
    }
}
