//! The LAN host as a pure state machine: `HostState::handle(Incoming, now) -> Vec<Outgoing>`.
//!
//! No sockets, no clock, no global randomness: the transport feeds it connection events and
//! raw text with the time since the host started, and sends what it returns. Randomness (room
//! code, tokens, the draw secret) comes from the entropy given to [`HostState::new`], so a test
//! with fixed entropy is fully reproducible. Every game action is validated by the engine
//! (`Game::apply`); nothing here re-implements a rule.

mod admin;
mod clock;
mod join;
mod play;
mod reseat;
mod save;
mod undo;
mod view;

pub use play::{bot_seed, BotJob};
pub use save::{ResumeError, TableSave};

use crate::fair::{self, Bytes32};
use crate::protocol::{
    BotLevel, ChatLine, ClientMsg, Phase, Reject, ReseatPolicy, SeatKind, ServerMsg, Speaker, You,
    MAX_CHAT, MAX_CLIENT_MESSAGE, MAX_SEATS,
};
use carcassonne_engine::{Action, Expansion, Game, Options, Pos, Record, Rng, Seat, Setup};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::time::Duration;

/// A connection, numbered by the transport.
pub type ConnId = u64;

/// What the transport tells the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    Connected {
        conn: ConnId,
        /// Its address: what one address may do is limited (chat, room-code guesses).
        from: IpAddr,
    },
    /// One text frame, unparsed: parsing and its errors belong to the host so that hostile input
    /// is tested without sockets.
    Text {
        conn: ConnId,
        text: String,
    },
    Disconnected {
        conn: ConnId,
    },
    /// Time passes (for the automatic hand-over of abandoned seats).
    Tick,
    /// A bot's answer to [`HostState::bot_job`], thought off the host's task: applied only if
    /// the table is still at `state` with `seat` to act and played by a bot (else dropped).
    BotMove {
        state: u64,
        seat: Seat,
        action: Action,
    },
}

/// What the host asks the transport to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Outgoing {
    Send {
        conn: ConnId,
        msg: ServerMsg,
    },
    /// Close the connection (after sending what came before).
    Close {
        conn: ConnId,
    },
}

/// Message rate per connection: a bucket of `burst` messages refilled at `per_second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RateLimit {
    pub burst: u32,
    pub per_second: u32,
}

/// A pace: `burst` at once, then one more every `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    pub burst: u32,
    pub every: Duration,
}

/// How much of a [`Pace`] is left.
#[derive(Clone, Copy, Debug)]
struct Allowance {
    left: u32,
    /// When `left` was last topped up.
    since: Duration,
}

impl Allowance {
    fn full(pace: Pace, now: Duration) -> Allowance {
        Allowance {
            left: pace.burst,
            since: now,
        }
    }

    /// Tops up by the time passed; takes one if there is one.
    fn take(&mut self, pace: Pace, now: Duration) -> bool {
        self.top_up(pace, now);
        let ok = self.left > 0;
        self.left = self.left.saturating_sub(1);
        ok
    }

    fn top_up(&mut self, pace: Pace, now: Duration) {
        let every = pace.every.as_nanos().max(1);
        let earned = now.saturating_sub(self.since).as_nanos() / every;
        let earned = u32::try_from(earned).unwrap_or(u32::MAX);
        if earned > 0 {
            self.left = self.left.saturating_add(earned).min(pace.burst);
            self.since = now;
        }
    }

    /// Whole seconds until the next one.
    fn wait(&self, pace: Pace, now: Duration) -> u64 {
        let left = (self.since + pace.every).saturating_sub(now);
        left.as_secs() + u64::from(left.subsec_nanos() > 0)
    }
}

/// Who a chat line or an emote counts against: a seat (whatever connection it speaks on) or
/// a spectator's address (however many connections it opens).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Voice {
    Seat(Seat),
    Address(IpAddr),
}

/// Allowances kept per address at most; full ones are forgotten first.
const ALLOWANCES_KEPT: usize = 1024;

/// What one address, one connection and the whole table may hold at once (the transport's
/// door, see `transport::gate`, and the host's own counts). Not saved with the table: a host
/// taken up again gets the limits it is started with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A WebSocket must be welcomed (a good hello) this soon after its upgrade, or it is
    /// closed.
    pub hello_deadline: Duration,
    /// An HTTP connection is closed when this long passes without an answer going out: a
    /// request's headers must arrive within it, and an idle keep-alive ends.
    pub http_idle: Duration,
    /// Connections not yet welcomed (HTTP, WebSockets before their hello) from one address;
    /// a new one closes that address's oldest.
    pub per_address: usize,
    /// The same for every address together.
    pub unjoined: usize,
    /// Spectators at once. Players are not counted: their seats are reserved, so a seat holder
    /// can always come back.
    pub spectators: usize,
    /// Chat lines and emotes per seat, and per address for spectators.
    pub chat: Pace,
    /// Wrong room codes per address; past them every hello from it is refused for a while.
    pub room_guesses: Pace,
    /// Reverse proxies whose connections name their client: for a connection from one of
    /// these addresses only, the client's address (for every limit per address above) is
    /// the last entry of its request's `X-Forwarded-For` (else the `for=` of the last
    /// `Forwarded` element); from anyone else those headers are ignored
    /// (`carcassonne host --trusted-proxy`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            hello_deadline: Duration::from_secs(5),
            http_idle: Duration::from_secs(10),
            per_address: 16,
            unjoined: 128,
            spectators: 32,
            chat: Pace {
                burst: 8,
                every: Duration::from_secs(2),
            },
            room_guesses: Pace {
                burst: 10,
                every: Duration::from_secs(30),
            },
            trusted_proxies: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostConfig {
    /// The room code; derived from the entropy when `None`.
    pub room: Option<String>,
    pub seats: usize,
    pub sets: Vec<Expansion>,
    pub options: Options,
    /// How long a player must have been away before the host may give the seat to a bot.
    pub bot_grace: Duration,
    /// If set, an abandoned seat goes to a bot by itself after this long (headless hosts).
    pub auto_bot_after: Option<Duration>,
    /// If set, a seat the table has waited on this long (its turn, or its share at the
    /// draw's commit or reveal step), connected or not, is told so by a `countdown` to
    /// everyone and goes to a bot when `bot_grace` more passes. Off by default.
    #[serde(default)]
    pub turn_timer: Option<Duration>,
    /// Whether a player may ask to take back a turn (every other person must accept).
    #[serde(default = "yes")]
    pub undo: bool,
    /// A purist table: the views the host sends carry no learning aid (no bag by type, dead
    /// cells, projections or fields), so no client can show one. Chosen by the host.
    #[serde(default)]
    pub purist: bool,
    /// The level of the bot that takes a seat whose player is away or silent (the host's
    /// choice; a seat the host makes a bot in the lobby has its own).
    #[serde(default)]
    pub away_level: BotLevel,
    /// Bots in the last seats from the start, at these levels (`carcassonne host --bots`).
    #[serde(default)]
    pub bots: Vec<BotLevel>,
    /// How long a bot may think per decision (`None`: its level's whole search, the same
    /// answer on every machine). The app's pass-and-play bots get one second.
    #[serde(default = "one_second")]
    pub bot_think: Option<Duration>,
    /// What to do with a spectator's request for a seat.
    #[serde(default)]
    pub reseat: ReseatPolicy,
    pub rate: RateLimit,
    /// Not in the table file (see [`Limits`]).
    #[serde(skip)]
    pub limits: Limits,
}

impl Default for HostConfig {
    fn default() -> Self {
        HostConfig {
            room: None,
            seats: 2,
            sets: vec![Expansion::Base],
            options: Options::default(),
            bot_grace: Duration::from_secs(30),
            auto_bot_after: None,
            turn_timer: None,
            undo: true,
            purist: false,
            away_level: BotLevel::default(),
            bots: Vec::new(),
            bot_think: one_second(),
            reseat: ReseatPolicy::default(),
            rate: RateLimit {
                burst: 40,
                per_second: 20,
            },
            limits: Limits::default(),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct SeatSlot {
    kind: SeatKind,
    name: String,
    /// The level of the bot playing it (a bot's seat; a human's handed to a bot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<BotLevel>,
    /// Set once a human took the seat; survives a hand-over to a bot so they can come back.
    token: Option<String>,
    /// Connections do not outlive the host: a resumed table has none yet.
    #[serde(skip)]
    conn: Option<ConnId>,
    #[serde(skip)]
    away_since: Option<Duration>,
    /// The hash this seat committed to, then its contribution (fair draws, two rounds).
    commit: Option<Bytes32>,
    contribution: Option<Bytes32>,
    /// Handed to a bot during the draw: the seat gives up its share for this game.
    forfeit: bool,
}

impl SeatSlot {
    fn empty() -> SeatSlot {
        SeatSlot {
            kind: SeatKind::Empty,
            name: String::new(),
            level: None,
            token: None,
            conn: None,
            away_since: None,
            commit: None,
            contribution: None,
            forfeit: false,
        }
    }

    /// A bot's seat from the lobby on.
    fn bot(seat: usize, level: BotLevel) -> SeatSlot {
        SeatSlot {
            kind: SeatKind::Bot,
            name: format!("Bot {}", seat + 1),
            level: Some(level),
            ..SeatSlot::empty()
        }
    }

    /// Whether the draw waits for this seat.
    fn owes_share(&self) -> bool {
        self.kind == SeatKind::Human && !self.forfeit
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Role {
    /// Connected, no hello yet.
    Pending,
    Player(Seat),
    Spectator(String),
}

#[derive(Clone, Debug)]
struct Conn {
    role: Role,
    from: IpAddr,
    /// Rate bucket in thousandths of a message.
    bucket: u64,
    refilled: Duration,
}

/// The host. See the module documentation. A clone is a checkpoint: the transport takes one
/// before a change it must save first, and goes back to it when the save fails.
#[derive(Clone)]
pub struct HostState {
    config: HostConfig,
    room: String,
    admin_token: String,
    entropy: Bytes32,
    tokens_made: u64,
    secret: Bytes32,
    state: u64,
    phase: Phase,
    seats: Vec<SeatSlot>,
    sets: Vec<Expansion>,
    options: Options,
    setup: Option<Setup>,
    /// Every share is committed: the commitments are published and reveals are accepted.
    reveal: bool,
    game: Option<Game>,
    record: Option<Record>,
    result: Option<crate::protocol::GameResult>,
    /// Kept for the table file's sake (older hosts' random bots drew from it).
    bot_rng: Rng,
    conns: BTreeMap<ConnId, Conn>,
    chat: VecDeque<ChatLine>,
    /// What each voice may still say, and each address still guess (not saved).
    voices: BTreeMap<Voice, Allowance>,
    guesses: BTreeMap<IpAddr, Allowance>,
    /// The tile placed last and by whom (ringed on the players' boards).
    last_placed: Option<(Pos, Seat)>,
    /// The turn log of the game (not saved: rebuilt from the record on resume).
    turns: carcassonne_table::TurnLog,
    /// What the table waits on since when, and the hand-overs announced (not saved: a table
    /// taken up again starts its clock afresh).
    clock: clock::Clock,
    /// The undo request standing (not saved: a table taken up again has none).
    undo: Option<undo::UndoAsk>,
    /// The turns taken back in this game.
    undone: Vec<crate::protocol::UndoneView>,
    /// Spectators' requests for a seat, by their connection (not saved: connections do not
    /// outlive the host).
    seat_asks: BTreeMap<ConnId, Seat>,
}

fn yes() -> bool {
    true
}

fn one_second() -> Option<Duration> {
    Some(Duration::from_secs(1))
}

/// Chat lines kept for late joiners.
const CHAT_KEPT: usize = 50;
/// Characters of a parser error echoed back (the input may be huge).
const ERROR_ECHO: usize = 200;

impl HostState {
    /// A host in the lobby. `entropy` must be fresh randomness in real use
    /// ([`fair::random32`]); everything secret is derived from it.
    pub fn new(config: HostConfig, entropy: Bytes32) -> HostState {
        let room = config.room.clone().unwrap_or_else(|| room_code(&entropy));
        let admin_token = fair::to_hex(&fair::hash(&[b"admin", &entropy])[..16]);
        let secret = fair::hash(&[b"secret", &entropy]);
        let bots = fair::hash(&[b"bots", &entropy]);
        let mut first = [0u8; 8];
        first.copy_from_slice(&bots[..8]);
        let count = config.seats.clamp(2, MAX_SEATS);
        let seats = (0..count)
            .map(|i| {
                // The host's bots sit in the last seats.
                let bot = (i + config.bots.len())
                    .checked_sub(count)
                    .and_then(|b| config.bots.get(b));
                match bot {
                    Some(&level) => SeatSlot::bot(i, level),
                    None => SeatSlot::empty(),
                }
            })
            .collect();
        HostState {
            sets: config.sets.clone(),
            options: config.options.clone(),
            config,
            room,
            admin_token,
            entropy,
            tokens_made: 0,
            secret,
            state: 1,
            phase: Phase::Lobby,
            seats,
            setup: None,
            reveal: false,
            game: None,
            record: None,
            result: None,
            bot_rng: Rng::new(u64::from_le_bytes(first)),
            conns: BTreeMap::new(),
            chat: VecDeque::new(),
            voices: BTreeMap::new(),
            guesses: BTreeMap::new(),
            last_placed: None,
            turns: carcassonne_table::TurnLog::default(),
            clock: clock::Clock::default(),
            undo: None,
            undone: Vec::new(),
            seat_asks: BTreeMap::new(),
        }
    }

    pub fn room(&self) -> &str {
        &self.room
    }

    /// The token for [`ClientMsg::Admin`]: give it to the host's own UI only.
    pub fn admin_token(&self) -> &str {
        &self.admin_token
    }

    pub fn state_number(&self) -> u64 {
        self.state
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The game, once it has begun.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The record so far (its seed is secret until the end).
    pub fn record(&self) -> Option<&Record> {
        self.record.as_ref()
    }

    pub fn result(&self) -> Option<&crate::protocol::GameResult> {
        self.result.as_ref()
    }

    pub fn limits(&self) -> &Limits {
        &self.config.limits
    }

    /// Takes other limits (a table taken up from its file gets the ones it is started with).
    pub fn set_limits(&mut self, limits: Limits) {
        self.config.limits = limits;
    }

    /// Whether `conn` has been welcomed (as a player or a spectator).
    pub fn joined(&self, conn: ConnId) -> bool {
        self.conns
            .get(&conn)
            .is_some_and(|c| c.role != Role::Pending)
    }

    fn spectators(&self) -> usize {
        let watching = |c: &&Conn| matches!(c.role, Role::Spectator(_));
        self.conns.values().filter(watching).count()
    }

    /// The one way in.
    pub fn handle(&mut self, incoming: Incoming, now: Duration) -> Vec<Outgoing> {
        let mut out = Vec::new();
        self.clock.now = now;
        match incoming {
            Incoming::Connected { conn, from } => {
                let bucket = u64::from(self.config.rate.burst) * 1000;
                self.conns.insert(
                    conn,
                    Conn {
                        role: Role::Pending,
                        from,
                        bucket,
                        refilled: now,
                    },
                );
            }
            Incoming::Disconnected { conn } => self.disconnected(conn, now, &mut out),
            Incoming::BotMove {
                state,
                seat,
                action,
            } => {
                self.bot_moved(state, seat, action, &mut out);
                self.watch_clock(now, &mut out);
            }
            Incoming::Tick => {
                self.tick(now, &mut out);
                self.watch_clock(now, &mut out);
            }
            Incoming::Text { conn, text } => {
                self.text(conn, &text, now, &mut out);
                // What the table waits on may have changed: its clock starts now.
                self.watch_clock(now, &mut out);
            }
        }
        out
    }

    fn text(&mut self, conn: ConnId, text: &str, now: Duration, out: &mut Vec<Outgoing>) {
        let rate = self.config.rate;
        let Some(c) = self.conns.get_mut(&conn) else {
            return; // A frame racing its connection's close: nobody to answer.
        };
        let elapsed = now.saturating_sub(c.refilled).as_millis();
        let refill = u64::try_from(elapsed).unwrap_or(u64::MAX);
        let cap = u64::from(rate.burst) * 1000;
        c.bucket = c
            .bucket
            .saturating_add(refill.saturating_mul(u64::from(rate.per_second)))
            .min(cap);
        c.refilled = now;
        if c.bucket < 1000 {
            return reject(out, conn, Reject::RateLimited);
        }
        c.bucket -= 1000;
        if text.len() > MAX_CLIENT_MESSAGE {
            return reject(
                out,
                conn,
                Reject::TooLarge {
                    limit: MAX_CLIENT_MESSAGE,
                },
            );
        }
        let msg = match serde_json::from_str::<ClientMsg>(text) {
            Ok(m) => m,
            Err(e) => {
                let message: String = e.to_string().chars().take(ERROR_ECHO).collect();
                return reject(out, conn, Reject::Malformed { message });
            }
        };
        let role = c.role.clone();
        let from = c.from;
        match (msg, role) {
            (
                ClientMsg::Hello {
                    version,
                    room,
                    name,
                    join,
                },
                Role::Pending,
            ) => {
                let hello = join::Hello {
                    version,
                    room: &room,
                    name: &name,
                    join,
                };
                self.hello(conn, from, hello, now, out);
            }
            (ClientMsg::Hello { .. }, _) => reject(out, conn, Reject::AlreadyJoined),
            (_, Role::Pending) => reject(out, conn, Reject::HelloFirst),
            (ClientMsg::Act { state, action }, role) => {
                self.act(conn, &role, state, action, out);
            }
            (ClientMsg::AskUndo { state }, role) => self.ask_undo(conn, &role, state, out),
            (ClientMsg::AnswerUndo { accept }, role) => {
                self.answer_undo(conn, &role, accept, out);
            }
            (ClientMsg::Commit { hash }, role) => self.commit(conn, &role, &hash, out),
            (ClientMsg::Contribute { contribution }, role) => {
                self.contribute(conn, &role, &contribution, out);
            }
            (ClientMsg::Chat { text }, role) => {
                let text = text.trim();
                if text.is_empty() || text.chars().count() > MAX_CHAT {
                    return reject(out, conn, Reject::BadChat);
                }
                if !self.may_speak(&role, from, now) {
                    return reject(out, conn, Reject::RateLimited);
                }
                let from = self.speaker(&role);
                self.chat.push_back(ChatLine {
                    from: from.clone(),
                    text: text.to_owned(),
                });
                while self.chat.len() > CHAT_KEPT {
                    self.chat.pop_front();
                }
                let msg = ServerMsg::Chat {
                    from,
                    text: text.to_owned(),
                };
                self.broadcast(out, &msg);
            }
            (ClientMsg::Emote { emote }, role) => {
                if !self.may_speak(&role, from, now) {
                    return reject(out, conn, Reject::RateLimited);
                }
                let from = self.speaker(&role);
                self.broadcast(out, &ServerMsg::Emote { from, emote });
            }
            (ClientMsg::Admin { token, command }, _) => {
                if token != self.admin_token {
                    return reject(out, conn, Reject::NotAdmin);
                }
                self.admin(conn, command, now, out);
            }
            (
                ClientMsg::Preview {
                    state,
                    at,
                    rotation,
                },
                role,
            ) => self.preview(conn, &role, state, at, rotation, out),
            (ClientMsg::AskSeat { seat }, role) => self.ask_seat(conn, &role, seat, out),
            (ClientMsg::Sync, role) => {
                let snapshot = Box::new(self.snapshot(&role));
                out.push(Outgoing::Send {
                    conn,
                    msg: ServerMsg::Snapshot { snapshot },
                });
            }
        }
    }

    /// Takes one from the allowance of this seat (or this spectator's address): a flood
    /// cannot be spread over connections.
    fn may_speak(&mut self, role: &Role, from: IpAddr, now: Duration) -> bool {
        let voice = match role {
            Role::Player(seat) => Voice::Seat(*seat),
            _ => Voice::Address(from),
        };
        let pace = self.config.limits.chat;
        forget_full(&mut self.voices, pace, now);
        let allowance = self
            .voices
            .entry(voice)
            .or_insert_with(|| Allowance::full(pace, now));
        allowance.take(pace, now)
    }

    fn new_token(&mut self) -> String {
        self.tokens_made += 1;
        let n = self.tokens_made.to_le_bytes();
        fair::to_hex(&fair::hash(&[b"token", &self.entropy, &n])[..16])
    }

    fn set_role(&mut self, conn: ConnId, role: Role) {
        if let Some(c) = self.conns.get_mut(&conn) {
            c.role = role;
        }
    }

    fn speaker(&self, role: &Role) -> Speaker {
        match role {
            Role::Player(seat) => Speaker::Seat {
                seat: *seat,
                name: self
                    .seats
                    .get(usize::from(*seat))
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
            },
            Role::Spectator(name) => Speaker::Spectator { name: name.clone() },
            Role::Pending => Speaker::Spectator {
                name: String::new(),
            },
        }
    }

    fn welcome(&self, conn: ConnId, you: You, role: &Role, out: &mut Vec<Outgoing>) {
        let snapshot = Box::new(self.snapshot(role));
        out.push(Outgoing::Send {
            conn,
            msg: ServerMsg::Welcome { you, snapshot },
        });
    }

    /// To every joined connection (players and spectators).
    fn broadcast(&self, out: &mut Vec<Outgoing>, msg: &ServerMsg) {
        self.broadcast_except(out, u64::MAX, msg);
    }

    fn broadcast_except(&self, out: &mut Vec<Outgoing>, except: ConnId, msg: &ServerMsg) {
        for (&conn, c) in &self.conns {
            if conn != except && c.role != Role::Pending {
                out.push(Outgoing::Send {
                    conn,
                    msg: msg.clone(),
                });
            }
        }
    }

    fn broadcast_lobby_except(&self, out: &mut Vec<Outgoing>, except: ConnId) {
        let msg = ServerMsg::Lobby {
            state: self.state,
            lobby: self.lobby_view(),
        };
        self.broadcast_except(out, except, &msg);
    }
}

/// Keeps an allowance table bounded: once it is long, the full allowances go (a newcomer's
/// is full anyway).
fn forget_full<K: Ord>(table: &mut BTreeMap<K, Allowance>, pace: Pace, now: Duration) {
    if table.len() >= ALLOWANCES_KEPT {
        table.retain(|_, a| {
            a.top_up(pace, now);
            a.left < pace.burst
        });
    }
}

fn reject(out: &mut Vec<Outgoing>, conn: ConnId, reason: Reject) {
    out.push(Outgoing::Send {
        conn,
        msg: ServerMsg::Rejected { reason },
    });
}

/// Five letters, without the ones easily confused when read aloud or on a small screen.
fn room_code(entropy: &Bytes32) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    fair::hash(&[b"room", entropy])
        .iter()
        .take(5)
        .map(|b| char::from(LETTERS[usize::from(*b) % LETTERS.len()]))
        .collect()
}
