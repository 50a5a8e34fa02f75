//! The table as a screen shows it: seats, tiles, followers, the pending decision with its
//! options, score lines: facts (kinds, counts, seats, rule IDs) that the UI puts into words.
//! Shared by the app's API and the LAN host, so a game on one
//! device and a game over the network look the same.

use carcassonne_engine::expansions::count::Quarter;
use carcassonne_engine::score::CategoryTotals;
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    Action, BoardFollower, Decision, Expansion, FeatureRef, FollowerKind, Options, Pos, ScoreEntry,
};
use serde::{Deserialize, Serialize};

/// A seat as the table sees it.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: u8,
    pub name: String,
    pub colour: String,
    /// The bot's id for a bot seat.
    pub bot: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub profile: Option<i64>,
    pub score: u32,
    /// Followers in supply by kind (only kinds in the game).
    pub supply: Vec<Supply>,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Supply {
    pub kind: FollowerKind,
    pub count: u8,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlacedView {
    pub tile: String,
    pub at: Pos,
    pub rotation: u8,
}

/// A follower on the board, with the tile-local feature id it stands on (for the art).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FollowerView {
    pub seat: u8,
    pub kind: FollowerKind,
    pub at: Pos,
    pub feature: FeatureRef,
    pub feature_id: String,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CityFollowerView {
    pub seat: u8,
    pub kind: FollowerKind,
    pub quarter: Quarter,
}

/// The City of Carcassonne (Count, King & Robber), when in the game.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CityView {
    pub count: Quarter,
    pub followers: Vec<CityFollowerView>,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardHolder {
    pub seat: u8,
    pub tiles: u16,
}

/// Where the drawn tile may go: a cell and the rotations that fit there (R-BASE-4).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlacementOption {
    pub at: Pos,
    pub rotations: Vec<u8>,
}

/// The decision a pass declines (each has its own words: "No follower", "Done"...).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declined {
    PlaceTile,
    Deploy,
    Redeploy,
    CityDeploy,
    MoveCount,
    Escape,
    FinalRedeploy,
}

/// What a choice does, as facts for its label: a kind and its arguments. The feature it
/// acts on is the option's `feature_kind`.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChoiceLabel {
    /// A follower onto a feature of the tile just placed.
    Deploy { follower: FollowerKind },
    /// Declining the decision.
    Pass { declined: Declined },
    /// Taking the abbot back (it scores now, R-ABBOT-3).
    RecallAbbot,
    /// A follower from a quarter of the city onto the feature being scored (no quarter:
    /// from the city as a whole).
    Redeploy {
        follower: FollowerKind,
        quarter: Option<Quarter>,
    },
    /// A follower into a quarter of the City of Carcassonne.
    CityDeploy {
        follower: FollowerKind,
        quarter: Quarter,
    },
    /// The Count to a quarter.
    MoveCount { quarter: Quarter },
    /// A knight escaping from a besieged city.
    Escape,
    /// A follower from the city onto a feature before the final scoring.
    FinalRedeploy { follower: FollowerKind },
    /// Placing the tile.
    Place,
}

/// A legal action other than a placement, with what the UI needs to show it on the tile.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChoiceOption {
    pub action: Action,
    /// For actions on a feature of a placed tile: where, and the tile-local feature id.
    pub at: Option<Pos>,
    pub feature_id: Option<String>,
    /// The feature's kind (city, road, field, monastery...).
    pub feature_kind: Option<FeatureKind>,
    /// What the choice does, for its words ("Meeple on the city", "No follower"...).
    pub label: ChoiceLabel,
}

/// What the pending seat may do now. The decision (its kind and seat) says what is asked.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingView {
    pub decision: Decision,
    /// The tile to place, when the decision is a placement.
    pub tile: Option<String>,
    /// Whether a bot decides (the UI asks `bot_move`) or a person.
    pub by_bot: bool,
    pub placements: Vec<PlacementOption>,
    pub choices: Vec<ChoiceOption>,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub rank: u32,
    pub seats: Vec<u8>,
}

/// The end of a game: standings and points per category.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinalReport {
    pub standings: Vec<Standing>,
    pub winners: Vec<u8>,
    pub categories: Vec<CategoryTotals>,
}

/// An end-of-game card's bonus (R-CKR-9, R-CKR-10), as opposed to a scored feature.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// The King: a point per completed city.
    King,
    /// The Robber Baron: a point per completed road.
    RobberBaron,
}

/// A scoring: the entry (rule, feature kind, tiles, shields, winners, points, when) and
/// whether it is a card's bonus. The UI puts it into words.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreLine {
    pub entry: ScoreEntry,
    pub bonus: Option<Bonus>,
}

/// How many tiles of one type (catalogue id) are left.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileCount {
    pub tile: String,
    pub count: u32,
}

/// What the tiles still to come can do for an empty cell next to the board.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CellFitKind {
    /// No tile still to come fits there: the cell stays empty (a hole).
    Dead,
    /// Only one type of the tiles still to come fits there.
    Single,
}

/// A dead or single-fit cell (a learning aid, computed by the engine).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardCellView {
    pub at: Pos,
    pub fit: CellFitKind,
    /// For a single-fit cell, the tile type (catalogue id) that fits.
    pub tile: Option<String>,
}

/// A scoring as it would happen: its points, the seats that would get them, the rule.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsView {
    pub points: u32,
    pub winners: Vec<u8>,
    pub rule: String,
}

/// An occupied feature's prospects: if the game ended now, and if it were completed now.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeatureProjectionView {
    pub kind: FeatureKind,
    /// The followers on it, as in the view's `followers`.
    pub followers: Vec<FollowerView>,
    pub at_end: PointsView,
    /// `None` for fields (never completed).
    pub if_completed: Option<PointsView>,
}

/// The game as if it ended now (the engine's own final scoring on a copy).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProjectionView {
    /// Per seat, the final score.
    pub scores: Vec<u32>,
    pub features: Vec<FeatureProjectionView>,
}

/// A feature's segment on one tile: where, and the tile-local feature id (the art's id).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SegmentView {
    pub at: Pos,
    pub feature_id: String,
}

/// One field for the farm view (computed by the engine: no rule is applied by the screen).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldView {
    /// Stays the same while the field grows and merges (its oldest segment).
    pub id: u16,
    pub segments: Vec<SegmentView>,
    /// Farmer strength per seat (a big meeple counts 2).
    pub strength: Vec<u8>,
    /// The seats with the most farmers: none (nobody farms it), one, or several (contested).
    pub owners: Vec<u8>,
    /// The completed cities it supplies: indexes into [`FarmsView::cities`].
    pub cities: Vec<u32>,
    /// It touches the City of Carcassonne (one more completed city).
    pub city_of_carcassonne: bool,
    /// What each owner would score for it if the game ended now.
    pub points: u32,
}

/// A completed city that a field supplies.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FarmCityView {
    pub segments: Vec<SegmentView>,
    pub besieged: bool,
}

/// The board's fields and the completed cities they supply.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FarmsView {
    pub fields: Vec<FieldView>,
    pub cities: Vec<FarmCityView>,
}

/// One turn of the log: the tile placed, what followers did, the score lines it produced.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnEntry {
    pub seat: u8,
    /// The index of the turn's first action (its placement).
    pub first_action: u32,
    /// The tile's catalogue id.
    pub tile: String,
    pub at: Pos,
    pub rotation: u8,
    /// Tiles drawn before it that fit nowhere and left the game (R-BASE-4).
    pub discarded: Vec<String>,
    pub events: Vec<TurnEvent>,
    /// Indices into the view's `scores` (a scoring nobody won included).
    pub scores: Vec<u32>,
    /// Why the turn was played, as facts (most telling first): the UI shows a bot's.
    #[serde(default)]
    pub why: Vec<crate::why::Reason>,
}

/// What happened in a turn besides the placement and the scoring.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TurnEvent {
    Deployed {
        seat: u8,
        kind: FollowerKind,
        at: Pos,
        feature_kind: Option<FeatureKind>,
    },
    Redeployed {
        seat: u8,
        kind: FollowerKind,
        from: Quarter,
        at: Pos,
        feature_kind: Option<FeatureKind>,
    },
    EnteredCity {
        seat: u8,
        kind: FollowerKind,
        quarter: Quarter,
    },
    CountMoved {
        quarter: Quarter,
    },
    AbbotRecalled {
        seat: u8,
        at: Pos,
    },
    KnightEscaped {
        seat: u8,
        at: Pos,
    },
    KingTaken {
        seat: u8,
        tiles: u16,
    },
    RobberTaken {
        seat: u8,
        tiles: u16,
    },
}

/// Final scoring: the followers on the board when it began, and its score lines.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinalScoringView {
    pub followers: Vec<BoardFollower>,
    pub scores: Vec<u32>,
}

/// The whole table: everything a screen needs, nothing it must compute.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    /// Actions applied so far: stamps every view; a play on an older view is refused.
    pub state: u32,
    pub sets: Vec<Expansion>,
    pub options: Options,
    pub seats: Vec<SeatView>,
    pub tiles: Vec<PlacedView>,
    /// The tile placed last (marked on the board), and the seat that placed it.
    pub last_placed: Option<Pos>,
    pub last_placed_by: Option<u8>,
    pub followers: Vec<FollowerView>,
    pub city: Option<CityView>,
    pub king: Option<CardHolder>,
    pub robber: Option<CardHolder>,
    /// Tiles still in the bag.
    pub tiles_left: u32,
    /// The same, by tile type (catalogue id, count), in catalogue order.
    pub tiles_left_by_type: Vec<TileCount>,
    /// Empty cells next to the board that no tile still to come fits, or only one type
    /// does, by row then column (empty once the game is over).
    pub hard_cells: Vec<HardCellView>,
    /// The scores and occupied features if the game ended now (`None` once it is over).
    pub projection: Option<ProjectionView>,
    /// The fields, their farmers and owners, and the completed cities they supply (`None`
    /// without farmers, and once the game is over).
    #[serde(default)]
    pub farms: Option<FarmsView>,
    /// A purist table: no learning aid at all (the aids' facts above are left out, and the
    /// screen offers no hint, bag by type or farm view).
    #[serde(default)]
    pub purist: bool,
    pub pending: Option<PendingView>,
    pub scores: Vec<ScoreLine>,
    /// The turn log, oldest first.
    pub turns: Vec<TurnEntry>,
    pub final_scoring: Option<FinalScoringView>,
    pub over: bool,
    pub report: Option<FinalReport>,
}
