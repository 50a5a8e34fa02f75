//! The games kept on this device: the history list (every status), deleting a game, and the
//! replay viewer's table at any action of a saved game, rebuilt by the engine itself.

use crate::api::{now, replay_saved, seat_entries, Api};
use crate::error::{ApiError, Missing};
use crate::types::{
    BranchRequest, GameRequest, GameView, HistoryEntry, NewGameRequest, ReplayRequest, ReplayView,
    SeatOrder,
};
use carcassonne_engine::{PlayerSetup, Setup};
use carcassonne_store::NewGame;

impl Api {
    /// Every game on this device, most recently played first.
    pub fn history(&self) -> Result<Vec<HistoryEntry>, ApiError> {
        Ok(self
            .store
            .games()?
            .into_iter()
            .map(|g| {
                let setup = serde_json::from_str::<Setup>(&g.setup).ok();
                HistoryEntry {
                    id: g.id,
                    status: g.status,
                    created: g.created,
                    updated: g.updated,
                    seats: g.seats,
                    damaged: setup.is_none(),
                    sets: setup.as_ref().map(|s| s.sets.clone()).unwrap_or_default(),
                    options: setup.map(|s| s.options),
                    turns: g.turns,
                    actions: g.actions,
                    branch_of: g.branch_of,
                }
            })
            .collect())
    }

    /// Play on from here: a new game of a saved game's setup and seed that starts with its
    /// first `at` actions, seated as `seats` says (one per seat of the game: profiles, guests
    /// or bots), recorded as a branch of it. The draws are the same: the seed is.
    pub fn branch_game(&mut self, req: BranchRequest) -> Result<GameView, ApiError> {
        let saved = self.store.load_game(req.game)?;
        let corrupt = |why: String| ApiError::CorruptSave {
            game: saved.id,
            message: why,
        };
        let mut setup: Setup =
            serde_json::from_str(&saved.setup).map_err(|e| corrupt(format!("setup: {e}")))?;
        if req.seats.len() != saved.seats.len() {
            return Err(ApiError::bad_request(format!(
                "{} seats for a game of {}",
                req.seats.len(),
                saved.seats.len()
            )));
        }
        let total = u32::try_from(saved.actions.len()).unwrap_or(u32::MAX);
        let at = req.at.min(total);
        let mut over_at = false;
        replay_saved(&saved, |s| {
            if s.actions == at {
                over_at = s.game.is_over();
            }
        })?;
        if over_at {
            return Err(ApiError::GameOver);
        }
        let request = NewGameRequest {
            seats: req.seats,
            order: SeatOrder::AsListed,
            sets: setup.sets.clone(),
            options: setup.options.clone(),
            seed: Some(saved.seed),
        };
        let (_, seats, _) = self
            .resolve(&request)
            .map_err(|problems| ApiError::InvalidSetup { problems })?;
        // The saved setup stands (its draw order too); only who sits changes.
        setup.players = seats
            .iter()
            .map(|s| PlayerSetup {
                name: s.name.clone(),
            })
            .collect();
        let new = NewGame {
            setup: serde_json::to_string(&setup)
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
            seed: saved.seed,
            seats: seat_entries(&seats),
        };
        let actions = &saved.actions[..at as usize];
        let id = self
            .store
            .create_game_with(&new, actions, None, Some((saved.id, at)), now())?;
        Ok(self.session(id)?.view())
    }

    /// Deletes a game (the player confirmed); an open session of it closes.
    pub fn delete_game(&mut self, req: GameRequest) -> Result<(), ApiError> {
        self.store.delete_game(req.game)?;
        self.sessions.remove(&req.game);
        Ok(())
    }

    /// The table of a saved game after its first `at` actions (the last one if `at` is past
    /// the end), with where each turn starts, for stepping and seeking.
    pub fn replay(&self, req: ReplayRequest) -> Result<ReplayView, ApiError> {
        let saved = self.store.load_game(req.game)?;
        let total = u32::try_from(saved.actions.len()).unwrap_or(u32::MAX);
        let at = req.at.min(total);
        let mut view = None;
        let end = replay_saved(&saved, |s| {
            if s.actions == at {
                view = Some(s.view());
            }
        })?;
        let view = view.ok_or_else(|| ApiError::not_found(Missing::Game, req.game))?;
        Ok(ReplayView {
            view,
            actions: total,
            turn_starts: end.turns.turns().iter().map(|t| t.first_action).collect(),
            status: saved.status,
        })
    }
}
