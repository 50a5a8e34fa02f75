//! Taking back a turn at a table: a player asks to take back the last turn a person played
//! (their own), every other person at the table must accept, and the host then replays the
//! record without that turn. The draws are seeded, so the same tile comes again: an undo
//! cannot change what anyone draws, only what was done with it.

use super::{reject, ConnId, HostState, Outgoing, Role};
use crate::protocol::{Phase, Reject, SeatKind, ServerMsg, UndoAskView, UndoneView};
use carcassonne_engine::{Action, Game, Pos, Record, Seat};
use std::collections::BTreeSet;

/// The undo request standing.
#[derive(Clone, Debug)]
pub(super) struct UndoAsk {
    seat: Seat,
    /// The record keeps this many actions once the undo is done (the turn's first action).
    kept: u32,
    /// The seats whose acceptance is still needed.
    waiting: BTreeSet<Seat>,
}

impl HostState {
    pub(super) fn undo_view(&self) -> Option<UndoAskView> {
        self.undo.as_ref().map(|u| UndoAskView {
            seat: u.seat,
            waiting: u.waiting.iter().copied().collect(),
        })
    }

    /// The last turn a person played, as (its seat, its first action).
    fn last_person_turn(&self) -> Option<(Seat, u32)> {
        let seats = &self.seats;
        self.turns.last_person_turn(|seat| {
            seats
                .get(usize::from(seat))
                .is_some_and(|s| s.kind == SeatKind::Human)
        })
    }

    fn check_undo_ask(&self, role: &Role, state: u64) -> Result<(Seat, u32), Reject> {
        let Role::Player(seat) = *role else {
            return Err(Reject::NotAPlayer);
        };
        if self.phase != Phase::Playing {
            return Err(Reject::WrongPhase { phase: self.phase });
        }
        if !self.config.undo {
            return Err(Reject::UndoOff);
        }
        if state != self.state {
            return Err(Reject::Stale {
                current: self.state,
                got: state,
            });
        }
        if self.undo.is_some() {
            return Err(Reject::UndoPending);
        }
        match self.last_person_turn() {
            Some((last, kept)) if last == seat => Ok((seat, kept)),
            _ => Err(Reject::NothingToUndo),
        }
    }

    pub(super) fn ask_undo(
        &mut self,
        conn: ConnId,
        role: &Role,
        state: u64,
        out: &mut Vec<Outgoing>,
    ) {
        let (seat, kept) = match self.check_undo_ask(role, state) {
            Ok(ask) => ask,
            Err(r) => return reject(out, conn, r),
        };
        let waiting = (0..self.seats.len())
            .filter_map(|i| Seat::try_from(i).ok())
            .filter(|&s| s != seat && self.seat_kind(s) == Some(SeatKind::Human))
            .collect();
        self.undo = Some(UndoAsk {
            seat,
            kept,
            waiting,
        });
        self.undo_progress(out);
    }

    pub(super) fn answer_undo(
        &mut self,
        conn: ConnId,
        role: &Role,
        accept: bool,
        out: &mut Vec<Outgoing>,
    ) {
        let Role::Player(seat) = *role else {
            return reject(out, conn, Reject::NotAPlayer);
        };
        let Some(ask) = self.undo.as_mut().filter(|u| u.waiting.contains(&seat)) else {
            return reject(out, conn, Reject::NoUndoAsked);
        };
        if accept {
            ask.waiting.remove(&seat);
            self.undo_progress(out);
        } else {
            self.drop_undo(Some(seat), out);
        }
    }

    fn seat_kind(&self, seat: Seat) -> Option<SeatKind> {
        self.seats.get(usize::from(seat)).map(|s| s.kind)
    }

    /// Tells everyone who still has to answer (every client sees the request before its
    /// history is cut), and does the undo once nobody has to.
    fn undo_progress(&mut self, out: &mut Vec<Outgoing>) {
        let Some(ask) = self.undo.as_ref() else {
            return;
        };
        let msg = ServerMsg::UndoAsked {
            seat: ask.seat,
            waiting: ask.waiting.iter().copied().collect(),
        };
        self.broadcast(out, &msg);
        if ask.waiting.is_empty() {
            let (seat, kept) = (ask.seat, ask.kept);
            self.undo = None;
            self.take_back(seat, kept, out);
        }
    }

    /// Ends the request standing without an undo: `by` declined, or (`None`) it lapsed.
    pub(super) fn drop_undo(&mut self, by: Option<Seat>, out: &mut Vec<Outgoing>) {
        if let Some(ask) = self.undo.take() {
            let msg = ServerMsg::UndoDropped { seat: ask.seat, by };
            self.broadcast(out, &msg);
        }
    }

    /// A seat went to a bot: a bot does not answer, and a request by that seat lapses.
    pub(super) fn undo_seat_left(&mut self, seat: Seat, out: &mut Vec<Outgoing>) {
        let Some(ask) = self.undo.as_mut() else {
            return;
        };
        if ask.seat == seat {
            self.drop_undo(None, out);
        } else if ask.waiting.remove(&seat) {
            self.undo_progress(out);
        }
    }

    /// Replays the record without its actions from `kept` on and tells every connection.
    fn take_back(&mut self, seat: Seat, kept: u32, out: &mut Vec<Outgoing>) {
        let Some(mut record) = self.record.clone() else {
            return;
        };
        record.actions.truncate(kept as usize);
        // The record was played by the engine, so its beginning replays; if it did not, the
        // table stays as it is rather than lose its game.
        let (Ok(game), Ok(turns)) = (record.replay(), self.turn_log(&record)) else {
            return;
        };
        self.last_placed = last_placement(&record);
        self.record = Some(record);
        self.game = Some(game);
        self.turns = turns;
        self.undone.push(UndoneView { seat, kept });
        self.state += 1;
        let game = self.game.as_ref();
        let pending = game.and_then(Game::pending);
        let scores = game.map(|g| g.scores().to_vec()).unwrap_or_default();
        let view = self.table_view().map(Box::new);
        for (&conn, c) in &self.conns {
            if c.role == Role::Pending {
                continue;
            }
            out.push(Outgoing::Send {
                conn,
                msg: ServerMsg::Undone {
                    state: self.state,
                    seat,
                    kept,
                    pending: pending.clone(),
                    scores: scores.clone(),
                    legal: self.legal_for(&c.role),
                    view: view.clone(),
                },
            });
        }
    }
}

/// The last tile placed in `record`, and by whom (ringed on the players' boards).
fn last_placement(record: &Record) -> Option<(Pos, Seat)> {
    record.actions.iter().rev().find_map(|ra| match ra.action {
        Action::Place { at, .. } => Some((at, ra.seat)),
        _ => None,
    })
}
