//! The one error type that crosses IPC: a tagged union (`kind`) with a sentence for people
//! (`message`) and, for refused moves, the rule broken.

use carcassonne_engine::{PlayError, SetupError};
use carcassonne_store::StoreError;
use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ApiError {
    /// The engine refused the move; nothing changed.
    IllegalMove {
        error: PlayError,
        rule: String,
        message: String,
    },
    /// The setup cannot start (player count, incompatible expansions...).
    InvalidSetup { error: SetupError, message: String },
    /// The database refused (locked, full disk, corrupt file...); nothing was half-written.
    Store { error: StoreError, message: String },
    /// The view the player acted on is out of date (another action came first).
    StaleState {
        expected: u32,
        got: u32,
        message: String,
    },
    NotFound {
        what: String,
        #[ts(type = "number")]
        id: i64,
        message: String,
    },
    /// A saved game does not replay (edited or damaged): it is left untouched.
    CorruptSave {
        #[ts(type = "number")]
        game: i64,
        message: String,
    },
    /// The pending decision is not a bot's.
    NotABotTurn { message: String },
    /// The game is over.
    GameOver { message: String },
    /// A request that does not parse or names an unknown command.
    BadRequest { message: String },
    /// Settings could not be read or written.
    Settings { message: String },
    /// Hosting or finding LAN tables failed (port taken, no network...).
    Lan { message: String },
}

impl ApiError {
    pub fn message(&self) -> &str {
        match self {
            ApiError::IllegalMove { message, .. }
            | ApiError::InvalidSetup { message, .. }
            | ApiError::Store { message, .. }
            | ApiError::StaleState { message, .. }
            | ApiError::NotFound { message, .. }
            | ApiError::CorruptSave { message, .. }
            | ApiError::NotABotTurn { message }
            | ApiError::GameOver { message }
            | ApiError::BadRequest { message }
            | ApiError::Settings { message }
            | ApiError::Lan { message } => message,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            message: message.into(),
        }
    }

    pub fn not_found(what: &str, id: i64) -> ApiError {
        ApiError::NotFound {
            what: what.into(),
            id,
            message: format!("no {what} with id {id}"),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for ApiError {}

impl From<PlayError> for ApiError {
    fn from(error: PlayError) -> Self {
        ApiError::IllegalMove {
            rule: error.rule().to_string(),
            message: format!("{error} ({})", error.rule()),
            error,
        }
    }
}

impl From<SetupError> for ApiError {
    fn from(error: SetupError) -> Self {
        ApiError::InvalidSetup {
            message: error.to_string(),
            error,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound { what, id } => {
                let what = match what {
                    carcassonne_store::Entity::Profile => "profile",
                    carcassonne_store::Entity::Game => "game",
                };
                ApiError::not_found(what, id)
            }
            error => ApiError::Store {
                message: error.to_string(),
                error,
            },
        }
    }
}
