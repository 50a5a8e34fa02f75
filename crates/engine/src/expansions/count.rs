//! The City of Carcassonne and the Count (R-CKR-1 … R-CKR-7): the 4×3 city board replaces
//! the start tile; followers wait in its four quarters and join features about to be scored.

use super::Rules;
use crate::action::FollowerKind;
use crate::board::Pos;
use crate::tiles::FeatureKind;
use serde::{Deserialize, Serialize};

/// A quarter of the City of Carcassonne, in the clockwise order the Count walks (R-CKR-7).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quarter {
    /// Knights, for cities.
    Castle,
    /// Farmers, for fields (only with the option `final_redeploy`).
    Market,
    /// Thieves, for roads.
    Blacksmith,
    /// Monks, for monasteries and shrines (not gardens).
    Cathedral,
}

impl Quarter {
    pub const ALL: [Quarter; 4] = [
        Quarter::Castle,
        Quarter::Market,
        Quarter::Blacksmith,
        Quarter::Cathedral,
    ];

    /// The next quarter clockwise (R-CKR-7 `clockwise`).
    pub fn next(self) -> Quarter {
        Quarter::ALL[(self as usize + 1) % 4]
    }

    /// The quarter whose followers may join a feature of this kind (R-CKR-1).
    pub fn for_feature(kind: FeatureKind) -> Option<Quarter> {
        match kind {
            FeatureKind::City => Some(Quarter::Castle),
            FeatureKind::Road => Some(Quarter::Blacksmith),
            FeatureKind::Monastery | FeatureKind::Shrine => Some(Quarter::Cathedral),
            FeatureKind::Field => Some(Quarter::Market),
            _ => None,
        }
    }

    /// Which followers may be put into this quarter (R-CKR-3: the abbot only in the cathedral).
    pub fn admits(self, kind: FollowerKind) -> bool {
        kind != FollowerKind::Abbot || self == Quarter::Cathedral
    }
}

/// How the Count moves after a follower enters the city (R-CKR-7).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountMoves {
    /// Official: the player who entered the city may move the Count to any quarter.
    #[default]
    Free,
    /// Each new follower in the city moves the Count one quarter clockwise.
    Clockwise,
    /// The Count moves to the quarter just used.
    Follow,
}

/// A follower waiting in the City of Carcassonne.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CityFollower {
    pub owner: u8,
    pub kind: FollowerKind,
    pub quarter: Quarter,
}

/// The 12 cells of the city board and where they go: cell (col, row) at [col, row].
pub fn cells() -> impl Iterator<Item = (&'static str, Pos)> {
    const IDS: [&str; 12] = [
        "ckr_city/cell01",
        "ckr_city/cell02",
        "ckr_city/cell03",
        "ckr_city/cell04",
        "ckr_city/cell05",
        "ckr_city/cell06",
        "ckr_city/cell07",
        "ckr_city/cell08",
        "ckr_city/cell09",
        "ckr_city/cell10",
        "ckr_city/cell11",
        "ckr_city/cell12",
    ];
    IDS.into_iter()
        .enumerate()
        .map(|(i, id)| (id, Pos::new((i % 4) as i32, (i / 4) as i32)))
}

/// The Count's move after a follower entered `used` (R-CKR-7): `None` when the player
/// chooses (official rule).
pub fn automatic_count_move(rules: &Rules, count: Quarter, used: Quarter) -> Option<Quarter> {
    match rules.count_moves {
        CountMoves::Free => None,
        CountMoves::Clockwise => Some(count.next()),
        CountMoves::Follow => Some(used),
    }
}
