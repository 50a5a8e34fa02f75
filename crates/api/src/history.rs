//! The games kept on this device: the history list (every status), deleting a game, and the
//! replay viewer's table at any action of a saved game, rebuilt by the engine itself.

use crate::api::{replay_saved, Api};
use crate::error::{ApiError, Missing};
use crate::types::{GameRequest, HistoryEntry, ReplayRequest, ReplayView};
use carcassonne_engine::Setup;

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
                }
            })
            .collect())
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
