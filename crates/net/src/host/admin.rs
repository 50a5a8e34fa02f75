//! The host operator's commands (lobby, start, hand-overs) and the automatic hand-over.

use super::{reject, ConnId, HostState, Outgoing, Role, SeatSlot};
use crate::protocol::{
    AdminCommand, HandOver, Phase, Reject, SeatChoice, SeatKind, ServerMsg, MAX_SEATS,
};
use carcassonne_engine::{Seat, Setup};
use std::time::Duration;

impl HostState {
    pub(super) fn tick(&mut self, now: Duration, out: &mut Vec<Outgoing>) {
        let Some(after) = self.config.auto_bot_after else {
            return;
        };
        if !matches!(self.phase, Phase::Drawing | Phase::Playing) {
            return;
        }
        for seat in 0..self.seats.len() {
            // A hand-over lets bots play, which may end the game.
            if !matches!(self.phase, Phase::Drawing | Phase::Playing) {
                return;
            }
            let s = &self.seats[seat];
            let gone = s.kind == SeatKind::Human
                && s.conn.is_none()
                && s.away_since.is_some_and(|t| now.saturating_sub(t) >= after);
            if gone {
                self.hand_to_bot(seat as Seat, HandOver::Away, out);
            }
        }
    }

    pub(super) fn admin(
        &mut self,
        conn: ConnId,
        command: AdminCommand,
        now: Duration,
        out: &mut Vec<Outgoing>,
    ) {
        let in_lobby = self.phase == Phase::Lobby;
        let wrong_phase = Reject::WrongPhase { phase: self.phase };
        match command {
            AdminCommand::Configure { sets, options } => {
                if !in_lobby {
                    return reject(out, conn, wrong_phase);
                }
                let mut setup = Setup::base(self.seats.len());
                setup.sets = sets.clone();
                setup.options = options.clone();
                if let Err(error) = setup.validate() {
                    return reject(out, conn, Reject::Setup { error });
                }
                self.sets = sets;
                self.options = options;
            }
            AdminCommand::SetPurist { purist } => {
                if !in_lobby {
                    return reject(out, conn, wrong_phase);
                }
                self.config.purist = purist;
            }
            AdminCommand::SetSeatCount { count } => {
                if !in_lobby {
                    return reject(out, conn, wrong_phase);
                }
                if !(2..=MAX_SEATS).contains(&count) {
                    return reject(
                        out,
                        conn,
                        Reject::SeatCount {
                            min: 2,
                            max: MAX_SEATS,
                        },
                    );
                }
                if let Some(i) = (count..self.seats.len()).find(|&i| self.seats[i].conn.is_some()) {
                    let seat = i as Seat;
                    return reject(out, conn, Reject::SeatTaken { seat });
                }
                self.seats.resize_with(count, SeatSlot::empty);
            }
            AdminCommand::SetAwayLevel { level } => {
                if !in_lobby {
                    return reject(out, conn, wrong_phase);
                }
                self.config.away_level = level;
            }
            AdminCommand::AnswerSeat { id, accept } => {
                return self.answer_seat(conn, id, accept, out)
            }
            AdminCommand::SetSeat { seat, kind, level } => {
                if !in_lobby {
                    return reject(out, conn, wrong_phase);
                }
                let Some(slot) = self.seats.get_mut(usize::from(seat)) else {
                    return reject(out, conn, Reject::NoSuchSeat { seat });
                };
                // A connected human keeps their seat; one who left the lobby can be replaced.
                if slot.conn.is_some() {
                    return reject(out, conn, Reject::SeatTaken { seat });
                }
                *slot = match kind {
                    SeatChoice::Bot => {
                        SeatSlot::bot(usize::from(seat), level.unwrap_or(self.config.away_level))
                    }
                    SeatChoice::Empty => SeatSlot::empty(),
                };
            }
            AdminCommand::Start => return self.start(conn, out),
            AdminCommand::GiveToBot { seat } => return self.give_to_bot(conn, seat, now, out),
            AdminCommand::RemoveSpectator { id } => return self.remove_spectator(conn, id, out),
            AdminCommand::FreeSeat { seat } => {
                if !in_lobby {
                    return reject(out, conn, wrong_phase);
                }
                let Some(slot) = self.seats.get_mut(usize::from(seat)) else {
                    return reject(out, conn, Reject::NoSuchSeat { seat });
                };
                if let Some(squatter) = slot.conn {
                    self.conns.remove(&squatter);
                    out.push(Outgoing::Send {
                        conn: squatter,
                        msg: ServerMsg::Removed,
                    });
                    out.push(Outgoing::Close { conn: squatter });
                }
                // Its token goes with it: the seat is anyone's again.
                *slot = SeatSlot::empty();
            }
        }
        // Every lobby command that got here changed the lobby.
        self.state += 1;
        self.broadcast_lobby_except(out, u64::MAX);
    }

    /// At once for a seat whose player has been away the grace period; for a connected one
    /// the table waits on, after a countdown (see `clock`).
    fn give_to_bot(&mut self, conn: ConnId, seat: Seat, now: Duration, out: &mut Vec<Outgoing>) {
        if !matches!(self.phase, Phase::Drawing | Phase::Playing) {
            let phase = self.phase;
            return reject(out, conn, Reject::WrongPhase { phase });
        }
        let grace = self.config.bot_grace;
        let Some(slot) = self.seats.get(usize::from(seat)) else {
            return reject(out, conn, Reject::NoSuchSeat { seat });
        };
        if slot.kind != SeatKind::Human {
            return reject(out, conn, Reject::NoSuchSeat { seat });
        }
        let away = match (slot.conn, slot.away_since) {
            (None, Some(t)) => now.saturating_sub(t),
            (Some(_), _) => {
                if let Err(r) = self.give_away_connected(seat, now, out) {
                    reject(out, conn, r);
                }
                return;
            }
            _ => Duration::ZERO,
        };
        if away < grace {
            let left = grace - away;
            let seconds_left = left.as_secs() + u64::from(left.subsec_nanos() > 0);
            return reject(out, conn, Reject::NotAwayLongEnough { seat, seconds_left });
        }
        self.hand_to_bot(seat, HandOver::Host, out);
    }

    /// Closes a spectator's connection, telling it why.
    fn remove_spectator(&mut self, conn: ConnId, id: ConnId, out: &mut Vec<Outgoing>) {
        let watching = self
            .conns
            .get(&id)
            .is_some_and(|c| matches!(c.role, Role::Spectator(_)));
        if !watching {
            return reject(out, conn, Reject::NoSuchSpectator { id });
        }
        self.conns.remove(&id);
        self.drop_seat_ask(id, out);
        out.push(Outgoing::Send {
            conn: id,
            msg: ServerMsg::Removed,
        });
        out.push(Outgoing::Close { conn: id });
    }
}
