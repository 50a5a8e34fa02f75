//! [`StoreError`]: every way a store operation can fail, typed and serialisable.

use std::fmt;

use rusqlite::ffi;
use serde::{Deserialize, Serialize};

use crate::types::GameStatus;
use crate::{MAX_BOT_CHARS, MAX_NAME_CHARS, MAX_SEATS};

/// Most of `quick_check`'s findings kept in [`StoreError::Damaged`] (one is enough to know).
pub const MAX_PROBLEMS: usize = 10;

/// Why a store operation failed.
///
/// Serialised as a tagged union (`{"kind": "duplicate_name", "name": "Ada"}`) so the app can
/// show the right message; [`Display`](fmt::Display) gives a sentence a player understands.
/// Whatever failed, nothing was written: every write is one transaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StoreError {
    /// The file could not be opened or created at all (e.g. its folder does not exist).
    CannotOpen { path: String, detail: String },
    /// The file is not a store: not SQLite, damaged, or another application's database.
    NotADatabase { path: String, detail: String },
    /// The file exists but is empty (0 bytes): saved data lost, not a new store. It is left
    /// as it is (a missing file is a new store).
    EmptyFile { path: String },
    /// SQLite's `quick_check` found damage in the file (a flipped byte, a cut-off file...);
    /// `problems` are SQLite's own findings (at most [`MAX_PROBLEMS`]). The file is left as
    /// it is.
    Damaged { path: String, problems: Vec<String> },
    /// A saved game holds fewer (or more) actions than its record says it saved: part of it
    /// is lost. `readable` actions can still be read; nothing was changed.
    GameDamaged {
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        game: i64,
        expected: u32,
        readable: u32,
    },
    /// Another program holds the database's lock (for longer than the busy timeout).
    Locked { path: String },
    /// The disk (or the database's size limit) is full.
    DiskFull,
    /// The file or its folder cannot be written.
    ReadOnly,
    /// The database was written by a newer version of the app; it is never downgraded.
    NewerSchema { found: u32, supported: u32 },
    /// A profile's or a seat's name is not acceptable.
    InvalidName { reason: NameProblem },
    /// Another profile already has this name (compared case-insensitively).
    DuplicateName { name: String },
    /// A colour is not of the form `#rrggbb`.
    InvalidColour { colour: String },
    /// A bot id is empty, too long or contains control characters.
    InvalidBot { bot: String },
    /// A game's setup or an action is not well-formed JSON.
    InvalidJson { what: JsonField, detail: String },
    /// A new game has no seats or more than [`MAX_SEATS`].
    SeatCount { got: u32 },
    /// The same profile was given two seats of one game.
    ProfileSeatedTwice {
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        profile: i64,
    },
    /// The game has no such seat.
    InvalidSeat { seat: u8, seats: u8 },
    /// A finished game needs exactly one score per seat.
    WrongScoreCount { expected: u8, got: u32 },
    /// No profile or game has this id.
    NotFound {
        what: Entity,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        id: i64,
    },
    /// An action's index is not the next one: a gap or a duplicate. Nothing was written.
    ActionOutOfOrder { expected: u32, got: u32 },
    /// The game is finished or abandoned, so it cannot change any more.
    GameNotPlaying {
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        id: i64,
        status: GameStatus,
    },
    /// Any other SQLite failure, with SQLite's extended result code.
    Sqlite { code: i32, message: String },
}

/// What is wrong with a name ([`StoreError::InvalidName`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NameProblem {
    /// Nothing left once surrounding spaces are trimmed.
    Empty,
    /// More than [`MAX_NAME_CHARS`] characters.
    TooLong,
    /// Contains a control character (a line break, a tab, ...).
    ControlCharacter,
}

/// Which JSON text was malformed ([`StoreError::InvalidJson`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum JsonField {
    Setup,
    Action,
}

/// What an id names ([`StoreError::NotFound`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Entity {
    Profile,
    Game,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::CannotOpen { path, detail } => {
                write!(f, "cannot open the saved data file {path}: {detail}")
            }
            StoreError::NotADatabase { path, detail } => write!(
                f,
                "{path} is not this game's saved data, or it is damaged ({detail})"
            ),
            StoreError::EmptyFile { path } => {
                write!(f, "the saved data file {path} is empty: its data is lost")
            }
            StoreError::Damaged { path, problems } => write!(
                f,
                "the saved data file {path} is damaged ({}); it was left as it is",
                problems.join("; ")
            ),
            StoreError::GameDamaged {
                game,
                expected,
                readable,
            } => write!(
                f,
                "saved game {game} is damaged: {readable} of its {expected} actions can be read"
            ),
            StoreError::Locked { path } => write!(
                f,
                "{path} is in use by another program (is the game open in another window?)"
            ),
            StoreError::DiskFull => write!(f, "the disk is full: nothing could be saved"),
            StoreError::ReadOnly => write!(f, "the saved data file cannot be written"),
            StoreError::NewerSchema { found, supported } => write!(
                f,
                "the saved data was written by a newer version of the game \
                 (format {found}, this version reads up to {supported}): please update the game"
            ),
            StoreError::InvalidName { reason } => match reason {
                NameProblem::Empty => write!(f, "a name cannot be empty"),
                NameProblem::TooLong => {
                    write!(f, "a name can have at most {MAX_NAME_CHARS} characters")
                }
                NameProblem::ControlCharacter => {
                    write!(
                        f,
                        "a name cannot contain line breaks or other control characters"
                    )
                }
            },
            StoreError::DuplicateName { name } => {
                write!(f, "there is already a profile called {name}")
            }
            StoreError::InvalidColour { colour } => {
                write!(f, "{colour:?} is not a colour of the form #rrggbb")
            }
            StoreError::InvalidBot { bot } => write!(
                f,
                "{bot:?} is not a bot id (1 to {MAX_BOT_CHARS} characters, no control characters)"
            ),
            StoreError::InvalidJson { what, detail } => {
                let what = match what {
                    JsonField::Setup => "the game's setup",
                    JsonField::Action => "the action",
                };
                write!(f, "{what} is not valid JSON: {detail}")
            }
            StoreError::SeatCount { got } => {
                write!(f, "a game has 1 to {MAX_SEATS} seats, not {got}")
            }
            StoreError::ProfileSeatedTwice { profile } => {
                write!(f, "profile {profile} cannot take two seats in one game")
            }
            StoreError::InvalidSeat { seat, seats } => {
                write!(f, "seat {seat} does not exist in a game of {seats} seats")
            }
            StoreError::WrongScoreCount { expected, got } => {
                write!(f, "expected {expected} scores, one per seat, but got {got}")
            }
            StoreError::NotFound { what, id } => match what {
                Entity::Profile => write!(f, "there is no profile {id}"),
                Entity::Game => write!(f, "there is no saved game {id}"),
            },
            StoreError::ActionOutOfOrder { expected, got } => write!(
                f,
                "action {got} cannot be saved: the next action of this game is {expected}"
            ),
            StoreError::GameNotPlaying { id, status } => {
                write!(f, "game {id} is {status} and cannot change any more")
            }
            StoreError::Sqlite { code, message } => {
                write!(f, "database error {code}: {message}")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// An internal failure, given the database's path at the public boundary
/// ([`Fail::into_store`]).
#[derive(Debug)]
pub(crate) enum Fail {
    Db(rusqlite::Error),
    Store(StoreError),
    /// The file is SQLite and ours, but holds something the schema forbids.
    Corrupt(String),
    /// `quick_check` found these problems.
    Damaged(Vec<String>),
}

impl From<rusqlite::Error> for Fail {
    fn from(e: rusqlite::Error) -> Fail {
        Fail::Db(e)
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Store(e)
    }
}

impl Fail {
    pub(crate) fn into_store(self, path: &str) -> StoreError {
        match self {
            Fail::Db(e) => from_sqlite(path, e),
            Fail::Store(e) => e,
            Fail::Corrupt(detail) => StoreError::NotADatabase {
                path: path.to_owned(),
                detail,
            },
            Fail::Damaged(problems) => StoreError::Damaged {
                path: path.to_owned(),
                problems,
            },
        }
    }
}

/// Maps a rusqlite error by SQLite's result code (the primary code in the extended code's low
/// byte, so every `SQLITE_BUSY_*` is `Locked`, every `SQLITE_CORRUPT_*` is `NotADatabase`, ...).
pub(crate) fn from_sqlite(path: &str, e: rusqlite::Error) -> StoreError {
    let path = path.to_owned();
    match e {
        rusqlite::Error::SqliteFailure(failure, message) => {
            let detail = message.unwrap_or_else(|| failure.to_string());
            match failure.extended_code & 0xff {
                ffi::SQLITE_NOTADB | ffi::SQLITE_CORRUPT => {
                    StoreError::NotADatabase { path, detail }
                }
                ffi::SQLITE_BUSY | ffi::SQLITE_LOCKED => StoreError::Locked { path },
                ffi::SQLITE_FULL => StoreError::DiskFull,
                ffi::SQLITE_READONLY => StoreError::ReadOnly,
                ffi::SQLITE_CANTOPEN => StoreError::CannotOpen { path, detail },
                _ => StoreError::Sqlite {
                    code: failure.extended_code,
                    message: detail,
                },
            }
        }
        // A value of the wrong type or range in a column: the file holds something our schema
        // never writes.
        e @ (rusqlite::Error::FromSqlConversionFailure(..)
        | rusqlite::Error::IntegralValueOutOfRange(..)
        | rusqlite::Error::InvalidColumnType(..)
        | rusqlite::Error::Utf8Error(..)) => StoreError::NotADatabase {
            path,
            detail: e.to_string(),
        },
        e => StoreError::Sqlite {
            code: ffi::SQLITE_ERROR,
            message: e.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure(code: i32) -> rusqlite::Error {
        rusqlite::Error::SqliteFailure(ffi::Error::new(code), None)
    }

    #[test]
    fn sqlite_codes_map_to_variants() {
        let p = "/x/store.sqlite";
        assert_eq!(
            from_sqlite(p, failure(ffi::SQLITE_BUSY)),
            StoreError::Locked { path: p.into() }
        );
        assert_eq!(
            from_sqlite(p, failure(ffi::SQLITE_BUSY_SNAPSHOT)),
            StoreError::Locked { path: p.into() }
        );
        assert_eq!(
            from_sqlite(p, failure(ffi::SQLITE_FULL)),
            StoreError::DiskFull
        );
        assert_eq!(
            from_sqlite(p, failure(ffi::SQLITE_READONLY)),
            StoreError::ReadOnly
        );
        assert_eq!(
            from_sqlite(p, failure(ffi::SQLITE_READONLY_DIRECTORY)),
            StoreError::ReadOnly
        );
        assert!(matches!(
            from_sqlite(p, failure(ffi::SQLITE_CORRUPT)),
            StoreError::NotADatabase { path, .. } if path == p
        ));
        assert!(matches!(
            from_sqlite(p, failure(ffi::SQLITE_NOTADB)),
            StoreError::NotADatabase { path, .. } if path == p
        ));
        assert!(matches!(
            from_sqlite(p, failure(ffi::SQLITE_CONSTRAINT_CHECK)),
            StoreError::Sqlite { code, .. } if code == ffi::SQLITE_CONSTRAINT_CHECK
        ));
    }

    #[test]
    fn errors_serialise_as_tagged_unions() {
        let e = StoreError::ActionOutOfOrder {
            expected: 3,
            got: 5,
        };
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"kind": "action_out_of_order", "expected": 3, "got": 5})
        );
        let e = StoreError::InvalidName {
            reason: NameProblem::TooLong,
        };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"kind": "invalid_name", "reason": "too_long"})
        );
        let back: StoreError = serde_json::from_value(json).unwrap();
        assert_eq!(
            back,
            StoreError::ActionOutOfOrder {
                expected: 3,
                got: 5
            }
        );
        assert_eq!(
            StoreError::DiskFull.to_string(),
            "the disk is full: nothing could be saved"
        );
    }
}
