//! Reseating: a spectator (a new device, or someone watching) asks for a free seat or one a
//! bot plays, mid-game too; the host's operator consents (or the host's rule answers), and the
//! seat's token moves to the asker: the old token stops working. The seat keeps its place in
//! the draw (its commitment and share stay as they were).

use super::{reject, ConnId, HostState, Outgoing, Role};
use crate::protocol::{Phase, Reject, ReseatPolicy, SeatAskView, SeatKind, ServerMsg, You};
use carcassonne_engine::Seat;

impl HostState {
    /// A spectator's request for `seat`.
    pub(super) fn ask_seat(
        &mut self,
        conn: ConnId,
        role: &Role,
        seat: Seat,
        out: &mut Vec<Outgoing>,
    ) {
        let Role::Spectator(name) = role else {
            return reject(out, conn, Reject::NotASpectator);
        };
        if self.phase == Phase::Over {
            let phase = self.phase;
            return reject(out, conn, Reject::WrongPhase { phase });
        }
        let Some(slot) = self.seats.get(usize::from(seat)) else {
            return reject(out, conn, Reject::NoSuchSeat { seat });
        };
        if slot.kind == SeatKind::Human {
            return reject(out, conn, Reject::SeatTaken { seat });
        }
        // One request per spectator and per seat: an answer comes first.
        if self.seat_asks.contains_key(&conn) || self.seat_asks.values().any(|&s| s == seat) {
            return reject(out, conn, Reject::SeatAskPending);
        }
        match self.config.reseat {
            ReseatPolicy::Refuse => reject(out, conn, Reject::SeatRefused { seat }),
            ReseatPolicy::Accept => self.grant_seat(conn, seat, out),
            ReseatPolicy::Ask => {
                self.seat_asks.insert(conn, seat);
                let msg = ServerMsg::SeatAsked {
                    id: conn,
                    name: name.clone(),
                    seat,
                };
                self.broadcast(out, &msg);
            }
        }
    }

    /// The operator's answer to request `id`.
    pub(super) fn answer_seat(
        &mut self,
        admin: ConnId,
        id: ConnId,
        accept: bool,
        out: &mut Vec<Outgoing>,
    ) {
        let Some(seat) = self.seat_asks.remove(&id) else {
            return reject(out, admin, Reject::NoSuchAsk { id });
        };
        let free = self
            .seats
            .get(usize::from(seat))
            .is_some_and(|s| s.kind != SeatKind::Human);
        let watching = self
            .conns
            .get(&id)
            .is_some_and(|c| matches!(c.role, Role::Spectator(_)));
        if accept && free && watching {
            return self.grant_seat(id, seat, out);
        }
        let ended = ServerMsg::SeatAskEnded {
            id,
            seat,
            granted: false,
        };
        self.broadcast(out, &ended);
        if accept && !free {
            // Its player took it back meanwhile.
            reject(out, admin, Reject::SeatTaken { seat });
            reject(out, id, Reject::SeatTaken { seat });
        } else {
            reject(out, id, Reject::SeatRefused { seat });
        }
    }

    /// The asker's request goes with it (it left, or was removed).
    pub(super) fn drop_seat_ask(&mut self, conn: ConnId, out: &mut Vec<Outgoing>) {
        if let Some(seat) = self.seat_asks.remove(&conn) {
            let msg = ServerMsg::SeatAskEnded {
                id: conn,
                seat,
                granted: false,
            };
            self.broadcast(out, &msg);
        }
    }

    /// The requests standing, for a snapshot.
    pub(super) fn seat_ask_views(&self) -> Vec<SeatAskView> {
        self.seat_asks
            .iter()
            .filter_map(|(&id, &seat)| match &self.conns.get(&id)?.role {
                Role::Spectator(name) => Some(SeatAskView {
                    id,
                    name: name.clone(),
                    seat,
                }),
                _ => None,
            })
            .collect()
    }

    /// Seats spectator `conn` at `seat` (free, or a bot's): a new token, its name; the draw
    /// shares and the game stay as they were.
    fn grant_seat(&mut self, conn: ConnId, seat: Seat, out: &mut Vec<Outgoing>) {
        let Some(Role::Spectator(name)) = self.conns.get(&conn).map(|c| c.role.clone()) else {
            return;
        };
        let token = self.new_token();
        let phase = self.phase;
        let revealing = self.reveal;
        let Some(slot) = self.seats.get_mut(usize::from(seat)) else {
            return;
        };
        // A player still connected to a seat a bot took over (a countdown's hand-over) loses
        // it: the seat is someone else's now.
        let old = slot.conn.take();
        slot.kind = SeatKind::Human;
        slot.name = name.clone();
        slot.level = None;
        slot.token = Some(token.clone());
        slot.conn = Some(conn);
        slot.away_since = None;
        if phase == Phase::Drawing && slot.commit.is_none() && revealing {
            // Too late to take part in this draw (the commitments are out): the seat gives its
            // share up, as a seat handed to a bot during the draw does. Before the reveal, the
            // new player commits like the others.
            slot.forfeit = true;
        }
        if let Some(old) = old.filter(|&o| o != conn) {
            self.conns.remove(&old);
            out.push(Outgoing::Send {
                conn: old,
                msg: ServerMsg::Superseded,
            });
            out.push(Outgoing::Close { conn: old });
        }
        self.state += 1;
        let role = Role::Player(seat);
        self.set_role(conn, role.clone());
        self.welcome(conn, You::Player { seat, token }, &role, out);
        if phase == Phase::Lobby {
            self.broadcast_lobby_except(out, conn);
        } else {
            let msg = ServerMsg::SeatChanged {
                state: self.state,
                seat,
                kind: SeatKind::Human,
                reason: None,
                name: Some(name),
            };
            self.broadcast_except(out, conn, &msg);
        }
        let ended = ServerMsg::SeatAskEnded {
            id: conn,
            seat,
            granted: true,
        };
        self.broadcast(out, &ended);
        // The draw may have waited on nobody but this seat's bot.
        self.maybe_reveal(out);
        self.maybe_begin(out);
    }
}
