//! A table as it can be written to disk and taken up again: the host app saves it after every
//! change, so a table outlives its host quitting or crashing. Players' pages then reconnect
//! to their seats with the tokens they hold, as after any drop.
//!
//! The save holds the host's secrets (the entropy behind the room's tokens and the draw's
//! secret): it stays on the host's machine, like the host's memory did.

use super::{HostConfig, HostState, SeatSlot};
use crate::fair::Bytes32;
use crate::protocol::{ChatLine, GameResult, Phase, SeatKind, UndoneView, MAX_SEATS};
use carcassonne_engine::{Expansion, Options, Pos, Record, Rng, Seat, Setup};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

const FORMAT: &str = "carcassonne-table";
const VERSION: u32 = 1;

/// Everything a host needs to take a table up again, games in progress included.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TableSave {
    format: String,
    version: u32,
    config: HostConfig,
    room: String,
    entropy: Bytes32,
    tokens_made: u64,
    state: u64,
    phase: Phase,
    seats: Vec<SeatSlot>,
    sets: Vec<Expansion>,
    options: Options,
    setup: Option<Setup>,
    reveal: bool,
    /// The game is its record: the host replays it on resuming.
    record: Option<Record>,
    result: Option<GameResult>,
    bot_rng: Rng,
    chat: VecDeque<ChatLine>,
    last_placed: Option<(Pos, Seat)>,
    /// The turns taken back in this game (a client coming back cuts its history by them).
    #[serde(default)]
    undone: Vec<UndoneView>,
}

/// Why a save cannot be taken up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// Not JSON, or not a saved table.
    Malformed { message: String },
    /// Written by a newer version of the app.
    Version { found: u32 },
    /// The parts do not agree (a damaged or edited file).
    Inconsistent { message: String },
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Malformed { message } => write!(f, "not a saved table: {message}"),
            ResumeError::Version { found } => write!(
                f,
                "the table was saved by a newer version of the app (format {found}, this one reads {VERSION})"
            ),
            ResumeError::Inconsistent { message } => write!(f, "the saved table is damaged: {message}"),
        }
    }
}

impl std::error::Error for ResumeError {}

fn inconsistent(message: impl Into<String>) -> ResumeError {
    ResumeError::Inconsistent {
        message: message.into(),
    }
}

impl TableSave {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// # Errors
    /// [`ResumeError::Malformed`] or [`ResumeError::Version`].
    pub fn from_json(text: &str) -> Result<TableSave, ResumeError> {
        #[derive(Deserialize)]
        struct Header {
            format: String,
            version: u32,
        }
        let malformed = |e: serde_json::Error| ResumeError::Malformed {
            message: e.to_string(),
        };
        let header: Header = serde_json::from_str(text).map_err(malformed)?;
        if header.format != FORMAT {
            return Err(ResumeError::Malformed {
                message: format!("format {:?}", header.format),
            });
        }
        if header.version > VERSION {
            return Err(ResumeError::Version {
                found: header.version,
            });
        }
        serde_json::from_str(text).map_err(malformed)
    }

    pub fn room(&self) -> &str {
        &self.room
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The players' names (empty for empty seats).
    pub fn seat_names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The same table without its chat: what must be saved before a change is acknowledged
    /// (chat lines are saved with the next change, or after a while).
    pub fn without_chat(mut self) -> TableSave {
        self.chat.clear();
        self
    }

    /// Actions played so far.
    pub fn moves(&self) -> usize {
        self.record.as_ref().map_or(0, |r| r.actions.len())
    }
}

impl HostState {
    /// The table as it stands, to write to disk.
    pub fn save(&self) -> TableSave {
        TableSave {
            format: FORMAT.to_owned(),
            version: VERSION,
            config: self.config.clone(),
            room: self.room.clone(),
            entropy: self.entropy,
            tokens_made: self.tokens_made,
            state: self.state,
            phase: self.phase,
            seats: self.seats.clone(),
            sets: self.sets.clone(),
            options: self.options.clone(),
            setup: self.setup.clone(),
            reveal: self.reveal,
            record: self.record.clone(),
            result: self.result.clone(),
            bot_rng: self.bot_rng.clone(),
            chat: self.chat.clone(),
            last_placed: self.last_placed,
            undone: self.undone.clone(),
        }
    }

    /// The table of `save`, nobody connected yet: every player is away from now (`now`, the
    /// transport's clock), so the hand-over to bots waits its grace period again.
    ///
    /// # Errors
    /// [`ResumeError::Inconsistent`] when the seats, the phase and the game do not agree, or
    /// the game's record does not replay.
    pub fn from_save(save: TableSave, now: Duration) -> Result<HostState, ResumeError> {
        if !(2..=MAX_SEATS).contains(&save.seats.len()) {
            return Err(inconsistent(format!("{} seats", save.seats.len())));
        }
        let started = matches!(save.phase, Phase::Playing | Phase::Over);
        if started != save.record.is_some() || (save.phase != Phase::Lobby) != save.setup.is_some()
        {
            return Err(inconsistent(format!(
                "phase {:?} with{} a game",
                save.phase,
                if save.record.is_some() { "" } else { "out" }
            )));
        }
        let game = match &save.record {
            Some(record) => {
                let game = record
                    .replay()
                    .map_err(|e| inconsistent(format!("its game does not replay: {e}")))?;
                if game.players() != save.seats.len() {
                    return Err(inconsistent("the game's players are not the table's seats"));
                }
                if game.is_over() != (save.phase == Phase::Over) {
                    return Err(inconsistent("the game's end and the table's phase differ"));
                }
                Some(game)
            }
            None => None,
        };
        let mut host = HostState::new(save.config, save.entropy);
        host.room = save.room;
        host.tokens_made = save.tokens_made;
        host.state = save.state;
        host.phase = save.phase;
        host.seats = save
            .seats
            .into_iter()
            .map(|mut s| {
                s.away_since = (s.kind == SeatKind::Human).then_some(now);
                s
            })
            .collect();
        host.sets = save.sets;
        host.options = save.options;
        host.setup = save.setup;
        host.reveal = save.reveal;
        host.turns = match &save.record {
            Some(record) => host
                .turn_log(record)
                .map_err(|e| inconsistent(format!("its game does not replay: {e}")))?,
            None => carcassonne_table::TurnLog::default(),
        };
        host.game = game;
        host.record = save.record;
        host.result = save.result;
        host.bot_rng = save.bot_rng;
        host.chat = save.chat;
        host.last_placed = save.last_placed;
        host.undone = save.undone;
        // A save written just before a bot's turn: the transport asks the bot at once
        // (`bot_job`), as it would have.
        Ok(host)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_of_another_kind_or_a_newer_version_is_refused_by_name() {
        let host = HostState::new(HostConfig::default(), [3; 32]);
        let json = host.save().to_json();
        assert!(TableSave::from_json(&json).is_ok());
        let other = json.replace(FORMAT, "carcassonne-record");
        assert!(matches!(
            TableSave::from_json(&other),
            Err(ResumeError::Malformed { .. })
        ));
        let newer = json.replace("\"version\":1", "\"version\":7");
        assert_eq!(
            TableSave::from_json(&newer).err(),
            Some(ResumeError::Version { found: 7 })
        );
        assert!(matches!(
            TableSave::from_json("{\"format\":"),
            Err(ResumeError::Malformed { .. })
        ));
    }
}
