//! Besiegers, Cathars and Siege (R-SIEGE-1 … R-SIEGE-5): a city holding a siege tile scores
//! half when complete and nothing when incomplete, counts double for farmers, and a knight may
//! escape through a neighbouring monastery or shrine at the end of its owner's turn.

use crate::score::ScoreTime;
use serde::{Deserialize, Serialize};

/// Which tiles of a besieged city a monastery or shrine must touch for a knight to escape
/// (R-SIEGE-5).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiegeEscape {
    /// Besiegers / Cathars (the original rule): a siege tile of the city.
    #[default]
    SiegeTile,
    /// Siege (Rio Grande): any tile of the city.
    AnyCityTile,
}

/// Points of a besieged city (R-SIEGE-2, R-SIEGE-3): 1 per tile and shield when complete (2
/// with a cathedral), nothing when incomplete at the end.
pub fn besieged_city(tiles: usize, shields: u16, cathedral: bool, when: ScoreTime) -> u32 {
    match when {
        ScoreTime::Turn => {
            let per = if cathedral { 2 } else { 1 };
            per * (tiles as u32 + u32::from(shields))
        }
        ScoreTime::Final | ScoreTime::Recall => 0,
    }
}

/// A completed besieged city of 2 tiles with option `tiny_city` (R-BASE-7): R-SIEGE-2 takes
/// one point per tile and shield off the tiny city's 1, which leaves nothing.
pub fn besieged_tiny_city() -> u32 {
    0
}

/// What a completed city is worth to a field (R-BASE-13, R-SIEGE-4): 3, or 6 if besieged.
pub fn field_value(besieged: bool) -> u32 {
    if besieged {
        6
    } else {
        3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn besieged_cities_score_half_or_nothing() {
        assert_eq!(besieged_city(4, 1, false, ScoreTime::Turn), 5);
        assert_eq!(besieged_city(4, 1, true, ScoreTime::Turn), 10);
        assert_eq!(besieged_city(4, 1, false, ScoreTime::Final), 0);
        assert_eq!(field_value(true), 6);
    }
}
