//! What the host shows: the lobby and the whole-state snapshot (for joining and reconnecting).

use super::{HostState, Role};
use crate::protocol::{LobbyView, SeatKind, SeatView, Snapshot, SpectatorView, PROTOCOL_VERSION};
use carcassonne_engine::Game;
use carcassonne_table::{GameView, SeatInfo, TableMeta, COLOURS};

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
                    level: s.level.filter(|_| s.kind == SeatKind::Bot),
                })
                .collect(),
            sets: self.sets.clone(),
            options: self.options.clone(),
            undo: self.config.undo,
            purist: self.config.purist,
            away_level: self.config.away_level,
            turn_timer: self
                .config
                .turn_timer
                .map(|t| u32::try_from(t.as_secs()).unwrap_or(u32::MAX)),
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
            spectators: self.spectator_views(),
            countdowns: self.clock.countdowns(),
            view: self.table_view(),
            undo: self.undo_view(),
            undone: self.undone.clone(),
            seat_asks: self.seat_ask_views(),
        }
    }

    /// Who watches, by connection (the host's operator removes one by its id).
    fn spectator_views(&self) -> Vec<SpectatorView> {
        self.conns
            .iter()
            .filter_map(|(&id, c)| match &c.role {
                Role::Spectator(name) => Some(SpectatorView {
                    id,
                    name: name.clone(),
                }),
                _ => None,
            })
            .collect()
    }

    /// Who sits where, for the table's views (bot seats are played by the host).
    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                name: s.name.clone(),
                colour: COLOURS[i % COLOURS.len()].to_owned(),
                bot: (s.kind == SeatKind::Bot)
                    .then(|| s.level.unwrap_or(self.config.away_level).id().to_owned()),
                profile: None,
            })
            .collect()
    }

    /// The table as a screen shows it, stamped with the current state number; without the
    /// learning aids' facts at a purist table (left out here, so no client can show them).
    pub(super) fn table_view(&self) -> Option<GameView> {
        let game = self.game.as_ref()?;
        let seats = self.seat_infos();
        let view = carcassonne_table::game_view(
            game,
            &TableMeta {
                id: 0,
                state: u32::try_from(self.state).unwrap_or(u32::MAX),
                seats: &seats,
                last_placed: self.last_placed.map(|(at, _)| at),
                last_placed_by: self.last_placed.map(|(_, seat)| seat),
                turns: &self.turns,
            },
        );
        Some(if self.config.purist {
            carcassonne_table::without_aids(view)
        } else {
            view
        })
    }
}
