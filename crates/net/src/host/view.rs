//! What the host shows: the lobby and the whole-state snapshot (for joining and reconnecting).

use super::{HostState, Role};
use crate::protocol::{LobbyView, SeatKind, SeatView, Snapshot, PROTOCOL_VERSION};
use carcassonne_engine::Game;

impl HostState {
    pub(super) fn lobby_view(&self) -> LobbyView {
        LobbyView {
            seats: self
                .seats
                .iter()
                .map(|s| SeatView {
                    kind: s.kind,
                    name: s.name.clone(),
                    connected: s.kind == SeatKind::Human && s.conn.is_some(),
                })
                .collect(),
            sets: self.sets.clone(),
            options: self.options.clone(),
        }
    }

    /// The whole state as `role` may see it: public, plus its legal actions when it must act.
    pub(super) fn snapshot(&self, role: &Role) -> Snapshot {
        let game = self.game.as_ref();
        let started = self.setup.is_some();
        Snapshot {
            protocol: PROTOCOL_VERSION,
            room: self.room.clone(),
            state: self.state,
            phase: self.phase,
            lobby: self.lobby_view(),
            setup: self.setup.clone(),
            commitment: started.then(|| self.commitment_hex()),
            committed: self.seats.iter().map(|s| s.commit.is_some()).collect(),
            commitments: self.reveal.then(|| self.commitments_hex()),
            contributed: self
                .seats
                .iter()
                .map(|s| s.contribution.is_some())
                .collect(),
            // Revealed only once all are in (see `contribute`).
            contributions: if game.is_some() {
                self.contributions_hex()
            } else {
                Vec::new()
            },
            history: self
                .record
                .as_ref()
                .map(|r| r.actions.clone())
                .unwrap_or_default(),
            pending: game.and_then(Game::pending),
            scores: game.map(|g| g.scores().to_vec()).unwrap_or_default(),
            remaining: game.map_or(0, |g| g.remaining_tiles().len()),
            legal: self.legal_for(role),
            result: self.result.clone(),
            chat: self.chat.iter().cloned().collect(),
        }
    }
}
