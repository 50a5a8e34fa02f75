//! Joining: hello (players, spectators), resuming a seat with its token, leaving.

use super::{forget_full, reject, Allowance, ConnId, HostState, Outgoing, Role, SeatSlot};
use crate::protocol::{Join, Phase, Reject, SeatKind, ServerMsg, You, MAX_NAME, PROTOCOL_VERSION};
use carcassonne_engine::Seat;
use std::net::IpAddr;
use std::time::Duration;

/// A hello's fields.
pub(super) struct Hello<'a> {
    pub version: u32,
    pub room: &'a str,
    pub name: &'a str,
    pub join: Join,
}

impl HostState {
    pub(super) fn hello(
        &mut self,
        conn: ConnId,
        from: IpAddr,
        hello: Hello<'_>,
        now: Duration,
        out: &mut Vec<Outgoing>,
    ) {
        let Hello {
            version,
            room,
            name,
            join,
        } = hello;
        if version != PROTOCOL_VERSION {
            reject(
                out,
                conn,
                Reject::VersionMismatch {
                    host: PROTOCOL_VERSION,
                    client: version,
                },
            );
            self.conns.remove(&conn);
            out.push(Outgoing::Close { conn });
            return;
        }
        if let Err(r) = self.check_room(from, room, now) {
            return reject(out, conn, r);
        }
        let name = name.trim();
        let name_ok = !name.is_empty() && name.chars().count() <= MAX_NAME;
        match join {
            Join::Spectator => {
                if !name_ok {
                    return reject(out, conn, Reject::BadName);
                }
                let limit = self.config.limits.spectators;
                if self.spectators() >= limit {
                    return reject(out, conn, Reject::TooManySpectators { limit });
                }
                let role = Role::Spectator(name.to_owned());
                self.set_role(conn, role.clone());
                self.welcome(conn, You::Spectator, &role, out);
            }
            Join::Player { seat } => {
                if !name_ok {
                    return reject(out, conn, Reject::BadName);
                }
                if self.phase != Phase::Lobby {
                    return reject(out, conn, Reject::NoSeat);
                }
                let free = |s: &SeatSlot| s.kind == SeatKind::Empty;
                let seat = match seat {
                    Some(s) => match self.seats.get(usize::from(s)) {
                        None => return reject(out, conn, Reject::NoSuchSeat { seat: s }),
                        Some(slot) if !free(slot) => {
                            return reject(out, conn, Reject::SeatTaken { seat: s })
                        }
                        Some(_) => usize::from(s),
                    },
                    None => match self.seats.iter().position(free) {
                        Some(i) => i,
                        None => return reject(out, conn, Reject::NoSeat),
                    },
                };
                let token = self.new_token();
                self.seats[seat] = SeatSlot {
                    kind: SeatKind::Human,
                    name: name.to_owned(),
                    token: Some(token.clone()),
                    conn: Some(conn),
                    ..SeatSlot::empty()
                };
                let seat = seat as Seat;
                let role = Role::Player(seat);
                self.set_role(conn, role.clone());
                self.state += 1;
                self.welcome(conn, You::Player { seat, token }, &role, out);
                self.broadcast_lobby_except(out, conn);
            }
            Join::Resume { token } => self.resume(conn, &token, out),
        }
    }

    /// The room code, with guessing limited per address: past its allowance of wrong codes an
    /// address is refused every hello (right code or not, so the answer teaches nothing) until
    /// the allowance grows back.
    fn check_room(&mut self, from: IpAddr, room: &str, now: Duration) -> Result<(), Reject> {
        let pace = self.config.limits.room_guesses;
        forget_full(&mut self.guesses, pace, now);
        let allowance = self
            .guesses
            .entry(from)
            .or_insert_with(|| Allowance::full(pace, now));
        allowance.top_up(pace, now);
        if allowance.left == 0 {
            let retry_after = allowance.wait(pace, now);
            return Err(Reject::TooManyGuesses { retry_after });
        }
        if room.trim().eq_ignore_ascii_case(&self.room) {
            return Ok(());
        }
        allowance.take(pace, now);
        Err(Reject::WrongRoom)
    }

    pub(super) fn resume(&mut self, conn: ConnId, token: &str, out: &mut Vec<Outgoing>) {
        let Some(seat) = self
            .seats
            .iter()
            .position(|s| s.token.as_deref() == Some(token))
        else {
            return reject(out, conn, Reject::BadToken);
        };
        if let Some(old) = self.seats[seat].conn.take() {
            if old != conn {
                out.push(Outgoing::Send {
                    conn: old,
                    msg: ServerMsg::Superseded,
                });
                out.push(Outgoing::Close { conn: old });
                self.conns.remove(&old);
            }
        }
        let slot = &mut self.seats[seat];
        slot.conn = Some(conn);
        slot.away_since = None;
        let seat = seat as Seat;
        let taken_back = slot.kind == SeatKind::Bot;
        if taken_back {
            slot.kind = SeatKind::Human;
            slot.level = None;
            self.state += 1;
        }
        let role = Role::Player(seat);
        self.set_role(conn, role.clone());
        let token = token.to_owned();
        self.welcome(conn, You::Player { seat, token }, &role, out);
        let msg = if taken_back {
            ServerMsg::SeatChanged {
                state: self.state,
                seat,
                kind: SeatKind::Human,
                reason: None,
                name: None,
            }
        } else {
            ServerMsg::Presence {
                seat,
                connected: true,
            }
        };
        self.broadcast_except(out, conn, &msg);
    }

    pub(super) fn disconnected(&mut self, conn: ConnId, now: Duration, out: &mut Vec<Outgoing>) {
        let Some(c) = self.conns.remove(&conn) else {
            return;
        };
        self.drop_seat_ask(conn, out);
        if let Role::Player(seat) = c.role {
            if let Some(slot) = self.seats.get_mut(usize::from(seat)) {
                if slot.conn == Some(conn) {
                    slot.conn = None;
                    slot.away_since = Some(now);
                    let msg = ServerMsg::Presence {
                        seat,
                        connected: false,
                    };
                    self.broadcast(out, &msg);
                }
            }
        }
    }
}
