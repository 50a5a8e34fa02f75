//! The one error type that crosses IPC: a tagged union (`kind`) of facts (codes and their
//! arguments; for refused moves, the rule broken). The UI puts them into words; only causes
//! from outside the app (the system's or a parser's error) travel as text.

use carcassonne_engine::{PlayError, SetupError};
use carcassonne_store::{NameProblem, StoreError};
use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ApiError {
    /// The engine refused the move; nothing changed.
    IllegalMove { error: PlayError, rule: String },
    /// The setup cannot start: every problem found (player count, incompatible
    /// expansions, two seats of one colour...).
    InvalidSetup { problems: Vec<SetupProblem> },
    /// The database refused (locked, full disk, corrupt file...); nothing was half-written.
    Store { error: StoreError },
    /// The view the player acted on is out of date (another action came first).
    StaleState { expected: u32, got: u32 },
    NotFound {
        what: Missing,
        #[ts(type = "number")]
        id: i64,
    },
    /// A saved game does not replay (edited or damaged): it is left untouched. `message` is
    /// the technical cause (a parse or engine error).
    CorruptSave {
        #[ts(type = "number")]
        game: i64,
        message: String,
    },
    /// The pending decision is not a bot's.
    NotABotTurn,
    /// The game is over.
    GameOver,
    /// A file the player chose could not be read or written; `detail` is the system's cause.
    File {
        problem: FileProblem,
        detail: String,
    },
    /// A record file was refused (not a record, a newer version, an illegal action...);
    /// `rule` names the rule an illegal action breaks. Nothing was saved.
    Record {
        error: carcassonne_engine::RecordError,
        rule: Option<String>,
    },
    /// Undo is off in the settings (tournament play).
    UndoOff,
    /// No person has played a turn yet: there is nothing to take back.
    NothingToUndo,
    /// A tutorial game accepts only its script's move: `turn` is the script's turn (0-based,
    /// both seats counted) the refused move was for. Nothing changed.
    TutorialMove { turn: u32 },
    /// A request that does not parse or names an unknown command (a client's bug; the
    /// technical cause for its developer).
    BadRequest { message: String },
    /// Settings could not be read or written; `detail` is the system's own cause.
    Settings {
        problem: SettingsProblem,
        detail: String,
    },
    /// Hosting, finding or reaching a LAN table failed; `detail` is the system's own cause
    /// (port taken, no network...) when there is one.
    Lan {
        problem: LanProblem,
        detail: Option<String>,
    },
    /// The UI server refused the request before any command ran: it did not come from the
    /// page this run of the server served (another site, a forged address, an old page).
    Forbidden { reason: AccessRefusal },
}

/// What went wrong with a file the player chose ([`ApiError::File`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FileProblem {
    CannotRead,
    CannotWrite,
    /// Larger than any game record (a wrong file).
    TooLarge,
}

/// Why the UI server refused a request ([`ApiError::Forbidden`]); the UI words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AccessRefusal {
    /// The `Host` header names another address than the server's own (DNS rebinding).
    ForeignHost,
    /// The `Origin` header is another site's.
    ForeignOrigin,
    /// The request carries no API token (it was not made by the served page).
    MissingToken,
    /// The API token is not this run's (a page of an earlier run, or a guess).
    WrongToken,
}

/// What failed with the settings ([`ApiError::Settings`]); the UI words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SettingsProblem {
    /// The saved settings exist but cannot be read.
    CannotRead,
    /// The saved settings are not valid (edited or damaged).
    Invalid,
    /// The settings cannot be written (full disk, no permission...).
    CannotWrite,
}

/// What failed with a LAN table ([`ApiError::Lan`]); the UI words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LanProblem {
    /// This app was started without a place to keep hosted tables.
    NoTableKeeper,
    NoSavedTable,
    /// The saved table cannot be taken up (damaged, or from a newer app).
    CannotTakeUp,
    /// The host could not start (port taken, no randomness...).
    CannotHost,
    /// The host did not report ready in time.
    HostTimeout,
    /// Tables nearby cannot be looked for (mDNS cannot start).
    CannotBrowse,
    /// The table's address could not be reached.
    CannotConnect,
    /// The table's certificate is not the one its join link names (`fp=`): someone else
    /// answers at that address, or the host has a new certificate.
    WrongCertificate,
    /// The table's certificate is self-signed (or not trusted by this system) and the address
    /// names no fingerprint: the join link with its fingerprint is needed.
    UntrustedCertificate,
    /// The table did not answer in time.
    NoAnswer,
    /// The connection broke.
    ConnectionFailed,
    /// The connection to the table is closed.
    ConnectionClosed,
    /// This app has not been at that table, so it has nothing to check.
    NotAtTable,
    /// A QR code of the address could not be made.
    QrCode,
    /// The table's window could not be opened.
    CannotOpenWindow,
    /// A TLS certificate or key file cannot be read (the detail names it).
    TlsUnreadable,
    /// The certificate file holds no PEM certificate.
    TlsNoCertificate,
    /// The key file holds no PEM private key.
    TlsNoKey,
    /// The certificate and key do not make a usable pair (say, the key is another's).
    TlsRefused,
}

impl ApiError {
    pub fn lan(problem: LanProblem, detail: Option<String>) -> ApiError {
        ApiError::Lan { problem, detail }
    }
}

/// What an unknown id was meant to name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Missing {
    Profile,
    Game,
    /// A connection of this app to a LAN table.
    TableLink,
}

/// A problem of a new game's request, found before it starts (the UI lists them all).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum SetupProblem {
    /// The profile `name` sits in two seats.
    SeatedTwice { name: String },
    /// The seat (0-based) names a profile that does not exist.
    NoSuchProfile { seat: usize },
    /// The seat (0-based) names a bot this app does not have.
    UnknownBot { seat: usize, bot: String },
    /// A guest's name (seat 0-based) cannot be a name.
    GuestName { seat: usize, reason: NameProblem },
    /// The seat of `name` has a colour an earlier seat has.
    SameColour { name: String },
    /// The engine refuses the setup.
    Setup { error: SetupError },
    /// The profiles could not be read.
    Store { error: StoreError },
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            message: message.into(),
        }
    }

    pub fn not_found(what: Missing, id: i64) -> ApiError {
        ApiError::NotFound { what, id }
    }
}

/// For logs and the CLI: the kind and its facts (the UI words them itself).
impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::IllegalMove { error, .. } => write!(f, "{error}"),
            ApiError::Store { error } => write!(f, "{error}"),
            ApiError::CorruptSave { message, .. } | ApiError::BadRequest { message } => {
                f.write_str(message)
            }
            ApiError::Settings { problem, detail } => write!(f, "settings {problem:?}: {detail}"),
            other => write!(f, "{other:?}"),
        }
    }
}

impl std::error::Error for ApiError {}

impl From<PlayError> for ApiError {
    fn from(error: PlayError) -> Self {
        ApiError::IllegalMove {
            rule: error.rule().to_string(),
            error,
        }
    }
}

impl From<SetupError> for ApiError {
    fn from(error: SetupError) -> Self {
        ApiError::InvalidSetup {
            problems: vec![SetupProblem::Setup { error }],
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound { what, id } => {
                let what = match what {
                    carcassonne_store::Entity::Profile => Missing::Profile,
                    carcassonne_store::Entity::Game => Missing::Game,
                };
                ApiError::not_found(what, id)
            }
            error => ApiError::Store { error },
        }
    }
}
