//! The wire protocol: every message a client sends to the host and the host sends back, as
//! typed enums tagged by `type` in JSON (one JSON object per WebSocket text frame).
//!
//! Documented with examples in `crates/net/PROTOCOL.md`. Rules of the road:
//! - the first message of a connection is [`ClientMsg::Hello`] with [`PROTOCOL_VERSION`];
//! - every change of the shared state (lobby, start, each action) bumps a state number `state`;
//!   an [`ClientMsg::Act`] names the state it was decided on, so a stale or replayed action is
//!   refused instead of applied twice;
//! - a refusal is a [`ServerMsg::Rejected`] with a typed [`Reject`], never a bare string, and
//!   leaves the host unchanged.

use carcassonne_engine::{
    Action, Decision, Event, Expansion, Options, PlayError, Pos, Record, RecordedAction, Seat,
    Setup, SetupError,
};
use carcassonne_table::{ChoiceOption, GameView};
use serde::{Deserialize, Serialize};

/// Bumped on any incompatible change of these messages.
pub const PROTOCOL_VERSION: u32 = 1;
/// The largest client message the host reads, in bytes; larger ones are refused unread.
pub const MAX_CLIENT_MESSAGE: usize = 16 * 1024;
/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 280;
/// The longest player name, in characters.
pub const MAX_NAME: usize = 32;
/// The most seats a table has (Inns & Cathedrals allows 6, R-IC-4).
pub const MAX_SEATS: usize = 6;

/// Client → host.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: who I am and what I want.
    Hello {
        version: u32,
        room: String,
        name: String,
        join: Join,
    },
    /// A move for my seat, decided on state number `state`.
    Act {
        state: u64,
        action: Action,
    },
    /// First round of the draw: the hash of my contribution
    /// (`fair::contribution_hash`, 64 hex digits), sent after `started`.
    Commit {
        hash: String,
    },
    /// Second round, after `reveal_now`: my random contribution to the draw order, 32 bytes as
    /// 64 hex digits, which must hash to my commitment (see `fair`).
    Contribute {
        contribution: String,
    },
    Chat {
        text: String,
    },
    Emote {
        emote: Emote,
    },
    /// Host-only commands, authorised by the admin token the host was created with (the host's
    /// own UI is a client like the others and holds it).
    Admin {
        token: String,
        command: AdminCommand,
    },
    /// Asks for a fresh [`ServerMsg::Snapshot`] (after a gap, or on demand).
    Sync,
    /// Asks to take back my last turn, decided on state `state`: allowed when it is the last
    /// turn a person played and the table allows undo. Every other person at the table must
    /// accept ([`ClientMsg::AnswerUndo`]); the draws are seeded, so the same tile comes again.
    AskUndo {
        state: u64,
    },
    /// My answer to the undo request standing ([`ServerMsg::UndoAsked`]).
    AnswerUndo {
        accept: bool,
    },
    /// What the follower choices would be after placing the drawn tile at `at`, turned
    /// `rotation` (nothing is applied: the player may still take the tile back). Answered by
    /// [`ServerMsg::Preview`] to this connection only.
    Preview {
        state: u64,
        at: Pos,
        rotation: u8,
    },
    /// A spectator (a new device, or someone watching) asks to take `seat`: a free seat, or
    /// one a bot plays (mid-game too). The host's operator answers
    /// ([`AdminCommand::AnswerSeat`]); on consent the seat's token moves to this connection
    /// (a `welcome` as the seat's player) and the old token stops working.
    AskSeat {
        seat: Seat,
    },
}

/// How strong a bot the host runs for a seat: the levels of pass-and-play
/// (`carcassonne_ai::Level`), the same bots.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanBotLevel"))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    Easy,
    #[default]
    Medium,
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Medium, BotLevel::Hard];

    /// The bots' level of the same name.
    pub fn level(self) -> carcassonne_ai::Level {
        match self {
            BotLevel::Easy => carcassonne_ai::Level::Easy,
            BotLevel::Medium => carcassonne_ai::Level::Medium,
            BotLevel::Hard => carcassonne_ai::Level::Hard,
        }
    }

    /// `easy`, `medium`, `hard` (as the command line and the views write it).
    pub fn id(self) -> &'static str {
        self.level().id()
    }
}

impl std::str::FromStr for BotLevel {
    type Err = String;

    fn from_str(s: &str) -> Result<BotLevel, String> {
        BotLevel::ALL
            .into_iter()
            .find(|l| l.id() == s.trim())
            .ok_or_else(|| format!("unknown bot level `{s}`; known: easy, medium, hard"))
    }
}

/// What the host does with a spectator's request for a seat ([`ClientMsg::AskSeat`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReseatPolicy {
    /// Ask the host's operator (the app's host screen, the host page), who answers.
    #[default]
    Ask,
    /// Refuse every request at once (a host nobody watches).
    Refuse,
    /// Grant every request at once.
    Accept,
}

/// What a connecting client asks for.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "as", rename_all = "snake_case", deny_unknown_fields)]
pub enum Join {
    /// Take a free seat (`seat` to choose one, else the first free one), in the lobby only.
    Player {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
    /// Watch: every public message, no actions.
    Spectator,
    /// Come back to my seat with the token I was given (also takes a seat back from a bot).
    Resume { token: String },
}

/// Quick reactions.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Emote {
    Thumbsup,
    Laugh,
    Wow,
    Oops,
    GoodGame,
    Hurry,
}

impl Emote {
    /// Every emote, in the order the table shows them (the UI's bindings list them from here).
    pub const ALL: [Emote; 6] = [
        Emote::Thumbsup,
        Emote::Laugh,
        Emote::Wow,
        Emote::Oops,
        Emote::GoodGame,
        Emote::Hurry,
    ];
}

/// What the host's operator can do.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case", deny_unknown_fields)]
pub enum AdminCommand {
    /// Choose the expansions and options (lobby only); `base` is implied.
    Configure {
        sets: Vec<Expansion>,
        options: Options,
    },
    /// Set the number of seats (2 to 6, lobby only); extra seats are dropped.
    SetSeatCount { count: usize },
    /// Make a seat empty or a bot (lobby only, and never a seat a human holds); a bot plays
    /// at `level`, or at the table's `away_level` when it is left out.
    SetSeat {
        seat: Seat,
        kind: SeatChoice,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        level: Option<BotLevel>,
    },
    /// The level of the bot that takes a seat whose player is away or silent (lobby only).
    SetAwayLevel { level: BotLevel },
    /// Answer a spectator's request for a seat (`id` as [`ServerMsg::SeatAsked`] gave it).
    AnswerSeat { id: u64, accept: bool },
    /// Start: every seat must be taken (human or bot); the draw commitment is published.
    Start,
    /// Give a human seat to a bot: at once when its player has been away at least the host's
    /// grace period; when the player is connected and the table waits on them (their turn, or
    /// their share at the draw's commit or reveal step), after a `countdown` of the grace
    /// period that everyone sees. The player can take the seat back later with their token.
    GiveToBot { seat: Seat },
    /// Close a spectator's connection (`id` as the snapshot's `spectators` list it); it is told
    /// `removed`. It may come back like any stranger who knows the room code.
    RemoveSpectator { id: u64 },
    /// In the lobby, empty a seat a human holds (a squatter): its connection is told
    /// `removed` and closed, its token no longer works.
    FreeSeat { seat: Seat },
    /// Make the table purist, or not (lobby only): see [`LobbyView::purist`].
    SetPurist { purist: bool },
}

/// What the table waits for from a seat.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanStep"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Its move.
    Turn,
    /// The hash of its share of the draw (first round).
    Commit,
    /// Its share of the draw (second round).
    Reveal,
}

/// Why a seat goes to a bot.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanHandOver"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandOver {
    /// Its player was away (disconnected) for the host's time.
    Away,
    /// The table waited on it past the host's turn timer and the grace period.
    Timer,
    /// The host's operator gave it away.
    Host,
}

/// A running countdown before a hand-over (see [`ServerMsg::Countdown`]).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanCountdown"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountdownView {
    pub seat: Seat,
    pub step: Step,
    pub reason: HandOver,
    /// Left now.
    pub seconds: u64,
}

/// A spectator, as the host's operator sees it (to remove one).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanSpectator"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpectatorView {
    pub id: u64,
    pub name: String,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    Empty,
    Bot,
}

/// Host → client.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to a good hello: who you are, and the whole state.
    Welcome {
        you: You,
        snapshot: Box<Snapshot>,
    },
    /// The whole state (after a reconnection, or on [`ClientMsg::Sync`]).
    Snapshot {
        snapshot: Box<Snapshot>,
    },
    /// The lobby changed (seats or setup).
    Lobby {
        state: u64,
        lobby: LobbyView,
    },
    /// The host started: it has committed to its secret; players send their contributions.
    Started {
        state: u64,
        commitment: String,
        setup: Box<Setup>,
    },
    /// Every player has committed to a contribution: here are all the commitments (by seat,
    /// `None` for seats that contribute nothing); now send the contributions themselves.
    RevealNow {
        state: u64,
        commitments: Vec<Option<String>>,
    },
    /// Every contribution is in; the game begins. `contributions` by seat (`None` for bots,
    /// whose share is the host's secret). `pending` is the first decision.
    GameBegins {
        state: u64,
        contributions: Vec<Option<String>>,
        pending: Option<Decision>,
        /// For the seat that must act now, and only to its own connection: the legal actions.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        legal: Vec<Action>,
        /// The table as a screen shows it (see [`GameView`]); its `state` is this message's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<Box<GameView>>,
    },
    /// An action was applied (`state` is the new state number, one more than before).
    Applied {
        state: u64,
        seat: Seat,
        action: Action,
        events: Vec<Event>,
        pending: Option<Decision>,
        scores: Vec<u32>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        legal: Vec<Action>,
        /// The table after the action, as a screen shows it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<Box<GameView>>,
    },
    /// The game is over: the whole record (with its seed) and the host's revealed secret, so
    /// every client can check the draws (see `fair::verify`).
    GameOver {
        state: u64,
        result: Box<GameResult>,
    },
    /// A seat's player connected or left (does not change the state number).
    Presence {
        seat: Seat,
        connected: bool,
    },
    /// A seat changed hands during the game (given to a bot, with `reason`, or taken back by
    /// its player, without; `name` when a new person took it with the host's consent).
    SeatChanged {
        state: u64,
        seat: Seat,
        kind: SeatKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        reason: Option<HandOver>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
    },
    /// A spectator (`id`, `name`) asks for `seat`; the host's operator answers. Does not
    /// change the state number.
    SeatAsked {
        id: u64,
        name: String,
        seat: Seat,
    },
    /// The request `id` for `seat` ended: `granted`, or refused (or its asker left). Does not
    /// change the state number.
    SeatAskEnded {
        id: u64,
        seat: Seat,
        granted: bool,
    },
    /// The table has waited on `seat` for `step` long enough (`reason`: the host's turn timer,
    /// or the host's command): unless it acts within `seconds`, it goes to a bot. Does not
    /// change the state number.
    Countdown {
        seat: Seat,
        step: Step,
        reason: HandOver,
        seconds: u64,
    },
    /// The host's operator removed this connection (a spectator, or a seat's squatter in the
    /// lobby); it is then closed.
    Removed,
    Chat {
        from: Speaker,
        text: String,
    },
    Emote {
        from: Speaker,
        emote: Emote,
    },
    /// Your request was refused; nothing changed.
    Rejected {
        reason: Reject,
    },
    /// Another connection resumed your seat; this one is closed.
    Superseded,
    /// `seat` asks to take back its last turn; `waiting` are the seats whose answer is still
    /// needed. Sent again after each acceptance. Does not change the state number.
    UndoAsked {
        seat: Seat,
        waiting: Vec<Seat>,
    },
    /// The request of `seat` ended without an undo: `by` declined it, or (`None`) the game
    /// moved on or the asker's seat went to a bot. Does not change the state number.
    UndoDropped {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        by: Option<Seat>,
    },
    /// Every other person accepted: the table is back before `seat`'s last turn, and the
    /// record keeps its first `kept` actions (the history seen so far is cut there, which a
    /// client accepts only after an [`ServerMsg::UndoAsked`]).
    Undone {
        state: u64,
        seat: Seat,
        kept: u32,
        pending: Option<Decision>,
        scores: Vec<u32>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        legal: Vec<Action>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<Box<GameView>>,
    },
    /// The answer to [`ClientMsg::Preview`]: the follower choices after that placement.
    Preview {
        state: u64,
        at: Pos,
        rotation: u8,
        choices: Vec<ChoiceOption>,
    },
}

/// Who a connection is.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum You {
    /// Keep `token` secret: it is the only way back to this seat.
    Player {
        seat: Seat,
        token: String,
    },
    Spectator,
}

/// Who said something.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Speaker {
    Seat { seat: Seat, name: String },
    Spectator { name: String },
}

/// Where the table is.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanPhase"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Seats and setup are being chosen.
    Lobby,
    /// Started: waiting for the players' contributions to the draw.
    Drawing,
    Playing,
    Over,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanSeatKind"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Empty,
    Human,
    Bot,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanSeatView"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub kind: SeatKind,
    pub name: String,
    /// For a human seat: whether its player is connected now.
    pub connected: bool,
    /// For a bot's seat: its level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub level: Option<BotLevel>,
}

/// A spectator's request for a seat, standing (see [`ServerMsg::SeatAsked`]).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanSeatAsk"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAskView {
    pub id: u64,
    pub name: String,
    pub seat: Seat,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyView {
    pub seats: Vec<SeatView>,
    pub sets: Vec<Expansion>,
    pub options: Options,
    /// Whether a player may ask to take back a turn ([`ClientMsg::AskUndo`]).
    #[serde(default = "yes")]
    pub undo: bool,
    /// A purist table: no learning aid for anyone (the host sends no aid facts).
    #[serde(default)]
    pub purist: bool,
    /// The level of the bot that takes the seat of a player who is away or silent.
    #[serde(default)]
    pub away_level: BotLevel,
    /// The host's turn timer, in seconds (`HostConfig::turn_timer`); none when off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub turn_timer: Option<u32>,
}

fn yes() -> bool {
    true
}

/// A turn taken back: the seat that asked and the actions the record kept.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoneView {
    pub seat: Seat,
    pub kept: u32,
}

/// An undo request standing (see [`ServerMsg::UndoAsked`]).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoAskView {
    pub seat: Seat,
    pub waiting: Vec<Seat>,
}

/// The whole public state, plus what is private to the receiver (`legal`).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub protocol: u32,
    pub room: String,
    pub state: u64,
    pub phase: Phase,
    pub lobby: LobbyView,
    /// From the start on: the setup played and the host's commitment.
    pub setup: Option<Setup>,
    pub commitment: Option<String>,
    /// During the draw: which seats have committed, the commitments once every player has
    /// (the reveal is then asked), which seats have revealed; from the game on: the
    /// contributions.
    pub committed: Vec<bool>,
    pub commitments: Option<Vec<Option<String>>>,
    pub contributed: Vec<bool>,
    pub contributions: Vec<Option<String>>,
    /// Every action so far, with the tile each placement drew. The seed stays secret until the
    /// end: knowing it would reveal the order of the tiles still in the bag.
    pub history: Vec<RecordedAction>,
    pub pending: Option<Decision>,
    pub scores: Vec<u32>,
    /// Tiles still to draw.
    pub remaining: usize,
    /// For the receiver, when it must act now.
    pub legal: Vec<Action>,
    pub result: Option<GameResult>,
    /// The last chat lines.
    pub chat: Vec<ChatLine>,
    /// Who watches (the host's operator may remove one).
    #[serde(default)]
    pub spectators: Vec<SpectatorView>,
    /// The countdowns running (as `countdown` announced them, with the seconds left now), for
    /// a client that joins or comes back during one.
    #[serde(default)]
    pub countdowns: Vec<CountdownView>,
    /// The table as a screen shows it, once the game has begun.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<GameView>,
    /// The undo request standing, for a client that joins or comes back during one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub undo: Option<UndoAskView>,
    /// The turns taken back in this game, in order: a client that missed an
    /// [`ServerMsg::Undone`] cuts the history it saw by them.
    #[serde(default)]
    pub undone: Vec<UndoneView>,
    /// Spectators' requests for a seat, standing (the host's operator answers them).
    #[serde(default)]
    pub seat_asks: Vec<SeatAskView>,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub from: Speaker,
    pub text: String,
}

/// Everything needed to check the game after the end.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanGameResult"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub record: Record,
    pub scores: Vec<u32>,
    /// The host's secret (64 hex digits), whose hash is the commitment published at the start.
    pub secret: String,
    pub commitment: String,
    pub contributions: Vec<Option<String>>,
}

/// Why a request was refused. Tagged by `reason` in JSON.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Reject {
    /// The client speaks another protocol version; the connection is closed.
    VersionMismatch {
        host: u32,
        client: u32,
    },
    /// Not JSON, or not a message of this protocol.
    Malformed {
        message: String,
    },
    /// Bigger than [`MAX_CLIENT_MESSAGE`].
    TooLarge {
        limit: usize,
    },
    /// Too many messages too fast; this one was dropped.
    RateLimited,
    /// The first message must be a hello.
    HelloFirst,
    /// A second hello on the same connection.
    AlreadyJoined,
    /// The room code is not this host's.
    WrongRoom,
    /// Too many wrong room codes from this address: every hello from it is refused for
    /// `retry_after` seconds more.
    TooManyGuesses {
        retry_after: u64,
    },
    /// No seat has this token.
    BadToken,
    /// The admin token is wrong.
    NotAdmin,
    /// A name must have 1 to [`MAX_NAME`] characters.
    BadName,
    /// No free seat (or not that one), or the game has started.
    NoSeat,
    NoSuchSeat {
        seat: Seat,
    },
    /// The seat is held by a human (cannot be set or given away now).
    SeatTaken {
        seat: Seat,
    },
    /// No spectator has this id (it left, or was removed already).
    NoSuchSpectator {
        id: u64,
    },
    /// The player left less than the grace period ago, or the countdown the host started
    /// for a connected seat has not ended yet.
    NotAwayLongEnough {
        seat: Seat,
        seconds_left: u64,
    },
    /// The request does not fit the table's phase.
    WrongPhase {
        phase: Phase,
    },
    /// Start needs every seat taken.
    SeatsNotFilled,
    SeatCount {
        min: usize,
        max: usize,
    },
    /// The engine refused the setup.
    Setup {
        error: SetupError,
    },
    /// The action was decided on an older state (`current` is the host's).
    Stale {
        current: u64,
        got: u64,
    },
    /// Spectators do not act.
    NotAPlayer,
    /// Another seat must act.
    NotYourTurn {
        expected: Option<Seat>,
    },
    /// The engine refused the action (the rule broken).
    Illegal {
        error: PlayError,
    },
    /// A commitment or contribution is 64 hex digits.
    BadContribution,
    /// Once per seat (a seat handed to a bot during the draw has given up its share).
    AlreadyContributed,
    /// Contributions are sent after `reveal_now`, commitments before.
    RevealTooEarly,
    CommitTooLate,
    /// The contribution does not hash to this seat's commitment.
    RevealMismatch,
    /// Chat lines have 1 to [`MAX_CHAT`] characters.
    BadChat,
    /// The table has as many spectators as it takes (players' seats are kept for them).
    TooManySpectators {
        limit: usize,
    },
    /// This table does not allow undo (the host chose so).
    UndoOff,
    /// Only the last turn a person played can be taken back, by that person.
    NothingToUndo,
    /// An undo request already stands; it must be answered first.
    UndoPending,
    /// No undo request waits for this seat's answer.
    NoUndoAsked,
    /// The host could not save the table (a full disk, an unwritable file), so it did not
    /// apply the request: nothing is acknowledged that a crash could lose. The host's
    /// operator is told; the request may be sent again.
    NotSaved,
    /// Only a spectator may ask for a seat (a player has one).
    NotASpectator,
    /// This connection (or someone else) already asks for a seat, or for this seat: wait for
    /// the answer.
    SeatAskPending,
    /// The host's operator (or the host's rule) refused the seat.
    SeatRefused {
        seat: Seat,
    },
    /// No request for a seat has this id (answered already, or its asker left).
    NoSuchAsk {
        id: u64,
    },
}

impl ServerMsg {
    /// The JSON text of this message. Serialising these plain types cannot fail; the fallback
    /// keeps the no-unwrap rule without hiding a bug (it would show as a malformed message).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}

impl ClientMsg {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}
