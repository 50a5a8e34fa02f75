//! The store's public data: what goes in and what comes out.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A local player's profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Profile {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    /// Trimmed, 1 to [`MAX_NAME_CHARS`](crate::MAX_NAME_CHARS) characters, unique
    /// case-insensitively.
    pub name: String,
    /// `#rrggbb`, lower case.
    pub colour: String,
    /// Unix seconds, as given to [`Store::create_profile`](crate::Store::create_profile).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created: i64,
}

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Player {
    /// A person. `profile` is their local profile; `None` for a guest (e.g. a LAN player
    /// without a profile here) and, in saved games, once the profile has been deleted.
    Human {
        #[cfg_attr(feature = "ts", ts(type = "number | null"))]
        profile: Option<i64>,
    },
    /// A bot, by its id (e.g. `"random"`, `"easy"`, `"hard"`); the store does not interpret it.
    Bot { bot: String },
}

/// One seat of a game: who, and the name and colour shown for them.
///
/// Name and colour are kept as they were when the game started, so renaming or deleting a
/// profile later does not rewrite history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatEntry {
    pub player: Player,
    /// Same rules as a profile's name, but need not be unique.
    pub name: String,
    /// `#rrggbb`.
    pub colour: String,
}

impl SeatEntry {
    /// A seat for a local profile.
    pub fn profile(profile: &crate::Profile) -> SeatEntry {
        SeatEntry {
            player: Player::Human {
                profile: Some(profile.id),
            },
            name: profile.name.clone(),
            colour: profile.colour.clone(),
        }
    }

    /// A seat for a person without a local profile.
    pub fn guest(name: &str, colour: &str) -> SeatEntry {
        SeatEntry {
            player: Player::Human { profile: None },
            name: name.to_owned(),
            colour: colour.to_owned(),
        }
    }

    /// A seat for a bot.
    pub fn bot(bot: &str, name: &str, colour: &str) -> SeatEntry {
        SeatEntry {
            player: Player::Bot {
                bot: bot.to_owned(),
            },
            name: name.to_owned(),
            colour: colour.to_owned(),
        }
    }
}

/// What [`Store::create_game`](crate::Store::create_game) needs to start saving a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NewGame {
    /// The engine's setup as JSON text (checked to be well-formed JSON, otherwise opaque).
    pub setup: String,
    /// The game's seed, kept losslessly.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seed: u64,
    /// 1 to [`MAX_SEATS`](crate::MAX_SEATS) seats, in seat order.
    pub seats: Vec<SeatEntry>,
}

/// Where a saved game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Still going: actions can be appended, and it is listed by
    /// [`Store::unfinished_games`](crate::Store::unfinished_games).
    Playing,
    /// Ended with final scores; counted in statistics.
    Finished,
    /// Given up; kept, but not counted in statistics.
    Abandoned,
}

impl GameStatus {
    pub(crate) fn as_sql(self) -> &'static str {
        match self {
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
            GameStatus::Abandoned => "abandoned",
        }
    }

    pub(crate) fn from_sql(s: &str) -> Option<GameStatus> {
        match s {
            "playing" => Some(GameStatus::Playing),
            "finished" => Some(GameStatus::Finished),
            "abandoned" => Some(GameStatus::Abandoned),
            _ => None,
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_sql())
    }
}

/// A game that can be resumed, as listed by
/// [`Store::unfinished_games`](crate::Store::unfinished_games).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameSummary {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created: i64,
    /// When the last action was saved (or the game created).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub updated: i64,
    pub seats: Vec<SeatEntry>,
    /// How many actions are saved.
    pub actions: u32,
    /// How many of them placed a tile: the turns played.
    pub turns: u32,
}

/// A seat of a listed game, with its final score and whether it won once the game is finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ListedSeat {
    #[serde(flatten)]
    pub entry: SeatEntry,
    pub score: Option<u32>,
    pub winner: bool,
}

/// A game of any status, for the history list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameListing {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    pub status: GameStatus,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub updated: i64,
    pub seats: Vec<ListedSeat>,
    /// The engine's setup as saved (JSON): the sets and options played.
    pub setup: String,
    pub actions: u32,
    pub turns: u32,
    /// The game this one was played on from, and how many of its actions it starts with.
    pub branch_of: Option<Branch>,
}

/// Where a game branched off another ("play on from here").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Branch {
    /// None once the parent game was deleted.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub game: Option<i64>,
    pub at: u32,
}

/// One saved action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SavedAction {
    pub seat: u8,
    /// The engine's action as JSON text, exactly as appended.
    pub action: String,
}

/// The final result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameResult {
    /// One score per seat, in seat order.
    pub scores: Vec<u32>,
    /// The winning seats in seat order (several after a tie).
    pub winners: Vec<u8>,
}

/// Everything needed to resume or replay a game, from
/// [`Store::load_game`](crate::Store::load_game).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SavedGame {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    pub setup: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seed: u64,
    pub status: GameStatus,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub updated: i64,
    pub seats: Vec<SeatEntry>,
    /// Every action in order: `actions[i]` was appended with index `i`.
    pub actions: Vec<SavedAction>,
    /// `Some` exactly when the game is [`GameStatus::Finished`].
    pub result: Option<GameResult>,
}

/// A profile's statistics over its finished games (abandoned and unfinished games do not
/// count).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfileStats {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub profile: i64,
    /// Finished games played.
    pub played: u32,
    /// Finished games won; a tie counts as a win for every winner.
    pub wins: u32,
    /// Mean final score; 0 when no game was finished.
    pub average_score: f64,
    /// Best final score; 0 when no game was finished.
    pub best_score: u32,
}
