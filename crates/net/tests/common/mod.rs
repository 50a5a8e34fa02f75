//! An in-process table: one host, many simulated clients, no sockets (the `World` harness).

#![allow(dead_code)] // Each test file uses a different part of the harness.

pub mod server;

use carcassonne_engine::{Action, Expansion, Options, Rng};
use carcassonne_net::fair::{self, to_hex};
use carcassonne_net::host::{ConnId, HostConfig, HostState, Incoming, Outgoing};
use carcassonne_net::protocol::{
    AdminCommand, BotLevel, ClientMsg, Join, Phase, Reject, SeatChoice, ServerMsg, PROTOCOL_VERSION,
};
use carcassonne_net::view::{ClientView, DrawDuty};
use std::collections::BTreeMap;
use std::time::Duration;

pub struct World {
    pub host: HostState,
    pub now: Duration,
    next: ConnId,
    /// Per connection, the messages received and not yet taken.
    pub inbox: BTreeMap<ConnId, Vec<ServerMsg>>,
    /// Per connection, everything folded in.
    pub views: BTreeMap<ConnId, ClientView>,
    pub closed: Vec<ConnId>,
    /// Bot moves answered.
    pub bot_moves: usize,
    bots_running: bool,
}

impl World {
    /// Bots play at `easy` (the quickest) with no time limit (reproducible); see
    /// [`World::exact`].
    pub fn new(config: HostConfig) -> World {
        World::exact(HostConfig {
            away_level: BotLevel::Easy,
            bot_think: None,
            ..config
        })
    }

    /// A world with `config` as it is (its bots' levels and thinking time).
    pub fn exact(config: HostConfig) -> World {
        World {
            host: HostState::new(config, [42; 32]),
            now: Duration::ZERO,
            next: 1,
            inbox: BTreeMap::new(),
            views: BTreeMap::new(),
            closed: Vec::new(),
            bot_moves: 0,
            bots_running: false,
        }
    }

    pub fn seats(n: usize) -> World {
        World::new(HostConfig {
            seats: n,
            ..HostConfig::default()
        })
    }

    fn deliver(&mut self, out: Vec<Outgoing>) {
        for o in out {
            match o {
                Outgoing::Send { conn, msg } => {
                    // Every message the host sends must survive the wire as JSON.
                    let json = msg.to_json();
                    let back: ServerMsg = serde_json::from_str(&json).expect("valid JSON out");
                    assert_eq!(back, msg, "round trip of {json}");
                    self.views.entry(conn).or_default().on(&msg);
                    self.inbox.entry(conn).or_default().push(msg);
                }
                Outgoing::Close { conn } => self.closed.push(conn),
            }
        }
    }

    /// The bots the table waits on think at once, one after the other (the transport thinks
    /// them off its task).
    fn run_bots(&mut self) {
        if self.bots_running {
            return;
        }
        self.bots_running = true;
        while let Some(job) = self.host.bot_job() {
            let action = job.think().expect("a bot's answer");
            self.bot_moves += 1;
            let out = self.host.handle(job.answer(action), self.now);
            self.deliver(out);
            self.auto_reveal();
        }
        self.bots_running = false;
    }

    pub fn connect(&mut self) -> ConnId {
        self.connect_from(std::net::Ipv4Addr::LOCALHOST.into())
    }

    /// A connection from `from` (what an address may do is limited).
    pub fn connect_from(&mut self, from: std::net::IpAddr) -> ConnId {
        let conn = self.next;
        self.next += 1;
        let out = self
            .host
            .handle(Incoming::Connected { conn, from }, self.now);
        assert!(out.is_empty());
        conn
    }

    /// One message; simulated time moves 50 ms (a brisk human), which the rate limit allows.
    pub fn raw(&mut self, conn: ConnId, text: &str) {
        self.now += Duration::from_millis(50);
        let out = self.host.handle(
            Incoming::Text {
                conn,
                text: text.to_owned(),
            },
            self.now,
        );
        self.deliver(out);
        self.auto_reveal();
        self.run_bots();
    }

    pub fn send(&mut self, conn: ConnId, msg: &ClientMsg) {
        self.raw(conn, &msg.to_json());
    }

    pub fn drop_conn(&mut self, conn: ConnId) {
        let out = self.host.handle(Incoming::Disconnected { conn }, self.now);
        self.deliver(out);
        self.auto_reveal();
        self.run_bots();
    }

    pub fn tick(&mut self) {
        let out = self.host.handle(Incoming::Tick, self.now);
        self.deliver(out);
        self.auto_reveal();
        self.run_bots();
    }

    pub fn take(&mut self, conn: ConnId) -> Vec<ServerMsg> {
        std::mem::take(self.inbox.entry(conn).or_default())
    }

    /// The rejection `conn` just got: the last message it received.
    pub fn rejected(&mut self, conn: ConnId) -> Reject {
        let msgs = self.take(conn);
        match msgs.last() {
            Some(ServerMsg::Rejected { reason }) => reason.clone(),
            other => panic!("expected a rejection, got {other:?}"),
        }
    }

    pub fn view(&self, conn: ConnId) -> &ClientView {
        &self.views[&conn]
    }

    pub fn hello(&mut self, conn: ConnId, name: &str, join: Join) {
        let room = self.host.room().to_owned();
        self.send(
            conn,
            &ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                room,
                name: name.into(),
                join,
            },
        );
    }

    /// Connects a player into the first free seat.
    pub fn join(&mut self, name: &str) -> ConnId {
        let c = self.connect();
        self.hello(c, name, Join::Player { seat: None });
        assert!(self.view(c).seat().is_some(), "{name} got a seat");
        self.take(c);
        c
    }

    pub fn spectate(&mut self, name: &str) -> ConnId {
        let c = self.connect();
        self.hello(c, name, Join::Spectator);
        self.take(c);
        c
    }

    pub fn admin(&mut self, conn: ConnId, command: AdminCommand) {
        let token = self.host.admin_token().to_owned();
        self.send(conn, &ClientMsg::Admin { token, command });
    }

    pub fn set_bot(&mut self, conn: ConnId, seat: u8) {
        self.admin(
            conn,
            AdminCommand::SetSeat {
                seat,
                kind: SeatChoice::Bot,
                level: None,
            },
        );
    }

    pub fn configure(&mut self, conn: ConnId, sets: Vec<Expansion>, options: Options) {
        self.admin(conn, AdminCommand::Configure { sets, options });
    }

    /// Every player commits to a contribution (derived from its conn, so reproducible); the
    /// reveals follow by themselves once the host asks (see `auto_reveal`).
    pub fn contribute_all(&mut self, players: &[ConnId]) {
        for &p in players {
            let bytes = [p as u8; 32];
            let view = self.views.entry(p).or_default();
            view.my_contribution = Some(to_hex(&bytes));
            view.draw_sent = Some(DrawDuty::Commit);
            let hash = to_hex(&fair::contribution_hash(&bytes));
            self.send(p, &ClientMsg::Commit { hash });
        }
    }

    /// Players who committed through `contribute_all` reveal when the host asks, like a client.
    fn auto_reveal(&mut self) {
        let due: Vec<ConnId> = self
            .views
            .iter()
            .filter(|(_, v)| v.my_contribution.is_some() && v.draw_duty() == Some(DrawDuty::Reveal))
            .map(|(&c, _)| c)
            .collect();
        for p in due {
            let view = self.views.entry(p).or_default();
            view.draw_sent = Some(DrawDuty::Reveal);
            let contribution = view.my_contribution.clone().unwrap_or_default();
            self.send(p, &ClientMsg::Contribute { contribution });
        }
    }

    /// The player whose turn it is, among `players`.
    pub fn to_move(&self, players: &[ConnId]) -> Option<ConnId> {
        players.iter().copied().find(|&p| {
            self.views
                .get(&p)
                .is_some_and(|v| v.my_turn() && v.state == self.host.state_number())
        })
    }

    /// The mover plays a random legal action (from the list the host sent it).
    pub fn play_one(&mut self, players: &[ConnId], rng: &mut Rng) -> bool {
        let Some(p) = self.to_move(players) else {
            return false;
        };
        let v = self.view(p);
        let action: Action = v.legal[rng.below(v.legal.len() as u32) as usize];
        let state = v.state;
        self.send(p, &ClientMsg::Act { state, action });
        true
    }

    pub fn play_to_end(&mut self, players: &[ConnId], rng: &mut Rng) {
        let mut steps = 0;
        while self.host.phase() == Phase::Playing {
            let before: Vec<usize> = players
                .iter()
                .map(|p| self.views[p].rejections.len())
                .collect();
            assert!(self.play_one(players, rng), "nobody can move");
            for (p, n) in players.iter().zip(before) {
                let r = &self.views[p].rejections[n..];
                assert!(r.is_empty(), "conn {p} was refused: {r:?}");
            }
            steps += 1;
            assert!(steps < 10_000, "the game does not end");
        }
    }
}
