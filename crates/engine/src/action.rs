//! What players do (actions), what the engine tells them (events) and what it asks (decisions).

use crate::board::Pos;
use crate::expansions::count::Quarter;
use crate::score::ScoreEntry;
use crate::setup::Seat;
use crate::tiles::{catalogue, Side, Slot, TileTypeId};
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A follower figure.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowerKind {
    /// The normal meeple (R-BASE-1: 7 per player).
    Meeple,
    /// Inns & Cathedrals (R-IC-3): counts 2 for majority.
    BigMeeple,
    /// The Abbot (R-ABBOT-1).
    Abbot,
}

impl FollowerKind {
    pub const ALL: [FollowerKind; 3] = [
        FollowerKind::Meeple,
        FollowerKind::BigMeeple,
        FollowerKind::Abbot,
    ];

    /// Weight for majorities (R-BASE-9).
    pub fn strength(self) -> u8 {
        match self {
            FollowerKind::BigMeeple => 2,
            _ => 1,
        }
    }
}

/// A feature of a tile on the board: one of its ports in board orientation (after rotation),
/// or a keyword for centre features. Written as a string: `"N"`, `"E1"`, `"monastery"`.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "String"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureRef {
    Port(Slot),
    Monastery,
    Shrine,
    Garden,
    /// The n-th (1-based) enclosed field of the tile, which touches no edge: `inner1`.
    InnerField(u8),
}

impl fmt::Display for FeatureRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeatureRef::Port(s) => f.write_str(s.name()),
            FeatureRef::Monastery => f.write_str("monastery"),
            FeatureRef::Shrine => f.write_str("shrine"),
            FeatureRef::Garden => f.write_str("garden"),
            FeatureRef::InnerField(n) => write!(f, "inner{n}"),
        }
    }
}

impl FromStr for FeatureRef {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "monastery" => Ok(FeatureRef::Monastery),
            "shrine" => Ok(FeatureRef::Shrine),
            "garden" => Ok(FeatureRef::Garden),
            _ => {
                if let Some(n) = s.strip_prefix("inner") {
                    return n
                        .parse::<u8>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .map(FeatureRef::InnerField)
                        .ok_or_else(|| format!("unknown feature `{s}`"));
                }
                s.parse::<Slot>().map(FeatureRef::Port).map_err(|_| {
                    format!("unknown feature `{s}` (a port like N, E1 or a keyword like monastery)")
                })
            }
        }
    }
}

impl Serialize for FeatureRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FeatureRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(de::Error::custom)
    }
}

impl Serialize for TileTypeId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.name() {
            Some(id) => s.serialize_str(id),
            None => Err(serde::ser::Error::custom(format!(
                "tile #{} is not in the catalogue",
                self.0
            ))),
        }
    }
}

impl<'de> Deserialize<'de> for TileTypeId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        catalogue()
            .id(&s)
            .ok_or_else(|| de::Error::custom(format!("unknown tile `{s}`")))
    }
}

/// A move. Tagged by `type` in JSON: `{"type":"place","at":[1,0],"rotation":1}`.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Put the drawn tile at `at`, turned `rotation` quarter turns clockwise (R-BASE-4).
    Place { at: Pos, rotation: u8 },
    /// Put a follower from supply on a feature of the tile just placed (R-BASE-5).
    Deploy {
        feature: FeatureRef,
        follower: FollowerKind,
    },
    /// Deploy nothing this turn.
    Pass,
    /// Instead of deploying, take the abbot back; its feature scores at once (R-ABBOT-3).
    RecallAbbot,
    /// Move one of your followers of this kind from the matching quarter of the City of
    /// Carcassonne onto the feature about to be scored (R-CKR-4).
    Redeploy { follower: FollowerKind },
    /// Put a follower from supply into a quarter of the City of Carcassonne (R-CKR-3).
    CityDeploy {
        quarter: Quarter,
        follower: FollowerKind,
    },
    /// Move the Count to a quarter (R-CKR-3, R-CKR-7 `free`).
    MoveCount { quarter: Quarter },
    /// Take your knight on the feature `feature` of the tile at `at` back from a besieged city
    /// (R-SIEGE-5).
    Escape { at: Pos, feature: FeatureRef },
    /// At the end (option `final_redeploy`, R-CKR-6): move a follower of this kind from the
    /// matching quarter onto the feature `feature` of the tile at `at`.
    FinalRedeploy {
        follower: FollowerKind,
        at: Pos,
        feature: FeatureRef,
    },
}

/// What the pending decision is about.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DecisionKind {
    /// Place the drawn tile (actions: `place`).
    PlaceTile { tile: TileTypeId },
    /// Deploy a follower on the tile at `at`, or pass, or recall the abbot (actions:
    /// `deploy`, `pass`, `recall_abbot`).
    Deploy { at: Pos },
    /// Before the feature at `at` (`feature`) is scored, move followers from `quarter` onto it,
    /// one `redeploy` at a time, then `pass` (R-CKR-4). Asked of every seat with followers
    /// there, starting left of the active player and ending with them.
    Redeploy {
        at: Pos,
        feature: FeatureRef,
        quarter: Quarter,
    },
    /// Put a follower into the City of Carcassonne, or `pass` (R-CKR-3).
    CityDeploy,
    /// Move the Count (`move_count`), or `pass` to leave it in `count` (R-CKR-3).
    MoveCount { count: Quarter },
    /// Let one knight escape from a besieged city (`escape`), or `pass` (R-SIEGE-5).
    Escape,
    /// Move one follower out of the city onto a matching feature (`final_redeploy`), or
    /// `pass` (R-CKR-6 option `final_redeploy`).
    FinalRedeploy,
}

/// Who must act now, and on what.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub seat: Seat,
    #[serde(flatten)]
    pub kind: DecisionKind,
}

/// A follower standing on the board.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardFollower {
    pub seat: Seat,
    pub kind: FollowerKind,
    pub at: Pos,
    pub feature: FeatureRef,
}

/// Something that happened, in order.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TileDrawn {
        seat: Seat,
        tile: TileTypeId,
    },
    /// The drawn tile fits nowhere and leaves the game (R-BASE-4).
    TileDiscarded {
        seat: Seat,
        tile: TileTypeId,
    },
    TilePlaced {
        seat: Seat,
        tile: TileTypeId,
        at: Pos,
        rotation: u8,
    },
    FollowerDeployed {
        seat: Seat,
        at: Pos,
        feature: FeatureRef,
        follower: FollowerKind,
    },
    Passed {
        seat: Seat,
    },
    /// The abbot left `at` and went back to supply (R-ABBOT-3); a `scored` event follows.
    AbbotRecalled {
        seat: Seat,
        at: Pos,
    },
    /// A follower left the City of Carcassonne for the feature at `at` (R-CKR-4, R-CKR-6).
    FollowerRedeployed {
        seat: Seat,
        follower: FollowerKind,
        from: Quarter,
        at: Pos,
        feature: FeatureRef,
    },
    /// A follower entered the City of Carcassonne (R-CKR-3).
    CityDeployed {
        seat: Seat,
        follower: FollowerKind,
        quarter: Quarter,
    },
    /// The Count is now in `quarter` (R-CKR-3, R-CKR-7).
    CountMoved {
        quarter: Quarter,
    },
    /// `seat` holds the King after completing a city of `tiles` tiles (R-CKR-8).
    KingTaken {
        seat: Seat,
        tiles: u16,
    },
    /// `seat` holds the Robber Baron after completing a road of `tiles` tiles (R-CKR-8).
    RobberTaken {
        seat: Seat,
        tiles: u16,
    },
    /// A knight escaped from the besieged city at `at` (R-SIEGE-5).
    KnightEscaped {
        seat: Seat,
        at: Pos,
    },
    /// The bag is empty: final scoring starts (R-BASE-12). `followers` are those on the board
    /// now, before final scoring sends them home, so a table can still show the final board.
    FinalScoring {
        followers: Vec<BoardFollower>,
    },
    Scored(ScoreEntry),
    GameOver {
        scores: Vec<u32>,
    },
}

/// An action refused, naming the rule broken. Tagged by `error` in JSON.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum PlayError {
    /// The game is over.
    GameOver,
    /// Another seat must act now.
    NotYourTurn { seat: Seat, expected: Seat },
    /// This kind of action is not what the pending decision asks for.
    WrongAction { expected: String },
    /// Rotations are 0–3 quarter turns.
    InvalidRotation { rotation: u8 },
    /// A tile is already there.
    PositionTaken { at: Pos },
    /// The position touches no placed tile.
    NotAdjacent { at: Pos },
    /// The edge on this side does not match its neighbour.
    EdgeMismatch { side: Side },
    /// The tile just placed has no such feature.
    NoSuchFeature { feature: FeatureRef },
    /// That feature cannot hold this follower (a river, a garden without the Abbot, ...).
    NotOccupiable {
        feature: FeatureRef,
        follower: FollowerKind,
    },
    /// Farmers are switched off in this game's options.
    FarmersOff,
    /// The feature already holds a follower.
    FeatureOccupied { feature: FeatureRef },
    /// No follower of that kind left in supply.
    NoFollowerLeft { follower: FollowerKind },
    /// That kind of follower is not part of this game.
    FollowerNotInGame { follower: FollowerKind },
    /// A river tile must continue the river (R-RIVER-2).
    RiverNotContinued,
    /// The river may not turn twice in a row the same way (R-RIVER-2).
    RiverUTurn,
    /// The seat has no abbot on the board to take back (R-ABBOT-3).
    NoAbbotToRecall,
    /// A shrine may not touch two monasteries, nor a monastery two shrines (R-CKR-12).
    ShrineNeighbours,
    /// No follower of that kind waits in the quarter that matches the feature (R-CKR-4).
    NoFollowerInQuarter { quarter: Quarter },
    /// The Count's quarter is blocked (R-CKR-4).
    QuarterBlocked { quarter: Quarter },
    /// The abbot may only enter the cathedral quarter (R-CKR-3).
    QuarterNotAllowed {
        quarter: Quarter,
        follower: FollowerKind,
    },
    /// No follower of yours that may escape is there (R-SIEGE-5): no monastery or shrine
    /// opens the way, or the end of your turn, where the one escape comes, is over.
    NoEscape,
    /// No follower may enter the City of Carcassonne now: this turn's scoring did not earn it
    /// (nothing scored, nobody else scored, or you scored; R-CKR-3).
    CityDeployNotEarned,
    /// You scored this turn with a follower moved out of the City of Carcassonne, so you may
    /// not put one into it (R-CKR-5).
    ScoredFromTheCity,
    /// The Count moves by himself with this game's `count_moves` option (R-CKR-7).
    CountMovesByItself,
    /// The feature cannot take a follower from the city (scored, or no matching quarter).
    NotARedeployTarget { at: Pos, feature: FeatureRef },
}

impl PlayError {
    /// The rule ID the action breaks.
    pub fn rule(&self) -> &'static str {
        match self {
            PlayError::GameOver => "R-BASE-12",
            PlayError::NotYourTurn { .. } | PlayError::WrongAction { .. } => "R-BASE-3",
            PlayError::InvalidRotation { .. }
            | PlayError::PositionTaken { .. }
            | PlayError::NotAdjacent { .. }
            | PlayError::EdgeMismatch { .. } => "R-BASE-4",
            PlayError::NoSuchFeature { .. } | PlayError::FeatureOccupied { .. } => "R-BASE-5",
            PlayError::NotOccupiable { feature, follower } => {
                match (feature, follower) {
                    // Only an abbot may stand on a garden.
                    (FeatureRef::Garden, _) => "R-ABBOT-2",
                    // The abbot goes only onto monasteries, shrines and gardens.
                    (_, FollowerKind::Abbot) => "R-ABBOT-1",
                    // Other ports that take nobody are the river's.
                    (FeatureRef::Port(_), _) => "R-RIVER-3",
                    _ => "R-BASE-5",
                }
            }
            PlayError::FarmersOff => "R-BASE-13",
            PlayError::NoFollowerLeft { follower } | PlayError::FollowerNotInGame { follower } => {
                match follower {
                    FollowerKind::Meeple => "R-BASE-1",
                    FollowerKind::BigMeeple => "R-IC-3",
                    FollowerKind::Abbot => "R-ABBOT-1",
                }
            }
            PlayError::RiverNotContinued | PlayError::RiverUTurn => "R-RIVER-2",
            PlayError::NoAbbotToRecall => "R-ABBOT-3",
            PlayError::ShrineNeighbours => "R-CKR-12",
            PlayError::NoFollowerInQuarter { .. } | PlayError::QuarterBlocked { .. } => "R-CKR-4",
            PlayError::QuarterNotAllowed { .. } => "R-CKR-3",
            PlayError::NoEscape => "R-SIEGE-5",
            PlayError::CityDeployNotEarned => "R-CKR-3",
            PlayError::ScoredFromTheCity => "R-CKR-5",
            PlayError::CountMovesByItself => "R-CKR-7",
            PlayError::NotARedeployTarget { .. } => "R-CKR-6",
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::NotYourTurn { seat, expected } => write!(
                f,
                "it is not seat {seat}'s turn to act (seat {expected} must act)"
            ),
            PlayError::WrongAction { expected } => write!(f, "expected {expected}"),
            PlayError::InvalidRotation { rotation } => {
                write!(f, "rotation {rotation} is not 0, 1, 2 or 3")
            }
            PlayError::PositionTaken { at } => write!(f, "there is already a tile at {at}"),
            PlayError::NotAdjacent { at } => write!(f, "{at} does not touch any tile"),
            PlayError::EdgeMismatch { side } => {
                write!(f, "the {side:?} edge does not match its neighbour")
            }
            PlayError::NoSuchFeature { feature } => {
                write!(f, "the tile just placed has no feature at {feature}")
            }
            PlayError::NotOccupiable { feature, follower } => {
                write!(f, "a {follower:?} cannot be put on {feature}")
            }
            PlayError::FarmersOff => write!(f, "farmers are off in this game"),
            PlayError::FeatureOccupied { feature } => {
                write!(f, "the feature at {feature} already has a follower")
            }
            PlayError::NoFollowerLeft { follower } => write!(f, "no {follower:?} left in supply"),
            PlayError::FollowerNotInGame { follower } => {
                write!(f, "{follower:?} is not used in this game")
            }
            PlayError::RiverNotContinued => {
                write!(
                    f,
                    "a river tile must continue the river from an open river end"
                )
            }
            PlayError::RiverUTurn => write!(
                f,
                "the river may not turn the same way twice in a row (no U-turn)"
            ),
            PlayError::NoAbbotToRecall => write!(f, "you have no abbot on the board"),
            PlayError::ShrineNeighbours => write!(
                f,
                "a shrine may not touch more than one monastery, nor a monastery more than one shrine"
            ),
            PlayError::NoFollowerInQuarter { quarter } => {
                write!(f, "you have no such follower in the {quarter:?} quarter")
            }
            PlayError::QuarterBlocked { quarter } => {
                write!(f, "the Count blocks the {quarter:?} quarter")
            }
            PlayError::QuarterNotAllowed { quarter, follower } => {
                write!(f, "a {follower:?} cannot enter the {quarter:?} quarter")
            }
            PlayError::NoEscape => write!(f, "no knight of yours can escape from there"),
            PlayError::CityDeployNotEarned => write!(
                f,
                "a follower may enter the City of Carcassonne only after a scoring in which \
                 another player scored and you did not"
            ),
            PlayError::ScoredFromTheCity => write!(
                f,
                "you scored this turn with a follower from the City of Carcassonne, so none \
                 may enter it"
            ),
            PlayError::CountMovesByItself => {
                write!(f, "the Count moves by himself in this game")
            }
            PlayError::NotARedeployTarget { at, feature } => write!(
                f,
                "the feature {feature} at {at} cannot take a follower from the city"
            ),
        }
        .and_then(|_| write!(f, " ({})", self.rule()))
    }
}

impl std::error::Error for PlayError {}
