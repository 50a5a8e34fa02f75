//! Games as record files (docs/record-format.md): any saved game exported; a record file
//! imported after the engine replays it whole (every action legal, every recorded tile the
//! one drawn), then saved at once. A refused file writes nothing.

use crate::api::{now, replay_saved, Api};
use crate::error::ApiError;
#[cfg(feature = "lan")]
use crate::lan_link::VerifiedGame;
use crate::types::{GameRequest, ImportRequest, Imported, RecordFile};
use carcassonne_engine::{score, Action, Record, RecordError};
use carcassonne_store::{GameResult, NewGame, SavedAction, SeatEntry};
use carcassonne_table::types::SeatView;

/// The file name offered for a saved game's record.
pub fn record_file_name(game: i64) -> String {
    format!("carcassonne-{game}.json")
}

impl From<RecordError> for ApiError {
    fn from(error: RecordError) -> Self {
        let rule = match &error {
            RecordError::IllegalAction { error, .. } => Some(error.rule().to_owned()),
            _ => None,
        };
        ApiError::Record { error, rule }
    }
}

impl Api {
    /// A saved game as a record file: its setup, seed and every action with the tile drawn.
    pub fn export_record(&self, req: GameRequest) -> Result<RecordFile, ApiError> {
        let saved = self.store.load_game(req.game)?;
        let mut record: Option<Record> = None;
        let mut previous = None;
        let mut actions = saved.actions.iter();
        // Each action is recorded against the table before it (which knows the tile drawn).
        replay_saved(&saved, |s| {
            let record =
                record.get_or_insert_with(|| Record::new(s.game.setup().clone(), s.game.seed()));
            if let Some(before) = previous.take() {
                if let Some(a) = actions.next() {
                    if let Ok(action) = serde_json::from_str::<Action>(&a.action) {
                        record.push(&before, a.seat, action);
                    }
                }
            }
            previous = Some(s.game.clone());
        })?;
        let record = record.ok_or_else(|| ApiError::bad_request("a game without a setup"))?;
        Ok(RecordFile {
            name: record_file_name(saved.id),
            json: record.to_json(),
        })
    }

    /// Checks a record file with the engine and saves it as a game of guests (records carry
    /// names, not profiles), finished if the record is.
    pub fn import_record(&mut self, req: ImportRequest) -> Result<Imported, ApiError> {
        let record = Record::from_json(&req.json)?;
        let seats = record
            .setup
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let colour = crate::api::COLOURS[i % crate::api::COLOURS.len()];
                SeatEntry::guest(&p.name, colour)
            })
            .collect();
        let (game, over) = self.save_record(&record, seats)?;
        Ok(Imported { game, over })
    }

    /// A table's game whose draws checked out, kept in this device's history.
    #[cfg(feature = "lan")]
    pub(crate) fn keep_table_game(&mut self, game: &VerifiedGame) -> Result<i64, ApiError> {
        self.keep_checked_game(&game.record, &game.seats, game.you)
    }

    /// A table's game whose draws checked out (by the app's client, or by a web app's page),
    /// kept in this device's history: the seats as the table showed them (bots as bots,
    /// people as guests), and this device's own seat `you` under the local profile of the
    /// same name, if there is one. Nothing is written for a record the engine refuses.
    ///
    /// # Errors
    /// The engine refuses the record, or the store cannot save it.
    pub fn keep_checked_game(
        &mut self,
        record: &Record,
        shown: &[SeatView],
        you: Option<u8>,
    ) -> Result<i64, ApiError> {
        let profiles = self.store.profiles()?;
        let seats = shown
            .iter()
            .map(|s| {
                let mut entry = SeatEntry::guest(&s.name, &s.colour);
                if let Some(bot) = &s.bot {
                    entry.player = carcassonne_store::Player::Bot { bot: bot.clone() };
                } else if you == Some(s.seat) {
                    let mine = profiles
                        .iter()
                        .find(|p| p.name.to_lowercase() == s.name.to_lowercase());
                    entry.player = carcassonne_store::Player::Human {
                        profile: mine.map(|p| p.id),
                    };
                }
                entry
            })
            .collect();
        Ok(self.save_record(record, seats)?.0)
    }

    /// Replays a record whole with the engine, then saves it with these seats (finished if
    /// the record is). Nothing is written for a record the engine refuses.
    fn save_record(
        &mut self,
        record: &Record,
        seats: Vec<SeatEntry>,
    ) -> Result<(i64, bool), ApiError> {
        let game = record.replay()?;
        let setup = serde_json::to_string(&record.setup)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        let new = NewGame {
            setup,
            seed: record.seed,
            seats,
        };
        let actions = record
            .actions
            .iter()
            .map(|a| {
                serde_json::to_string(&a.action)
                    .map(|action| SavedAction {
                        seat: a.seat,
                        action,
                    })
                    .map_err(|e| ApiError::bad_request(e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let over = game.is_over();
        let result = over.then(|| GameResult {
            scores: game.scores().to_vec(),
            winners: score::standings(game.scores())
                .into_iter()
                .next()
                .map(|(_, w)| w)
                .unwrap_or_default(),
        });
        let id = self
            .store
            .create_game_with(&new, &actions, result.as_ref(), None, now())?;
        Ok((id, over))
    }
}
