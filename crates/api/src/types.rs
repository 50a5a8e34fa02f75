//! Every request and response that crosses IPC (or the UI server's HTTP), with TypeScript
//! declarations generated from them (`bindings.rs`).

use carcassonne_engine::{Action, Event, Expansion, Options, Pos};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use carcassonne_store::{GameSummary, Profile, ProfileStats};
pub use carcassonne_table::types::*;
pub use carcassonne_table::why::Reason;

/// What the app can do and the tiles it draws (the LAN host answers them too).
pub use carcassonne_table::catalogue::{
    AppInfo, BoardPosition, BotInfo, ExpansionInfo, OptionInfo, OptionValue, Port, TileEdges,
    TileFeatureInfo, TileInfo,
};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ProfileRequest {
    pub name: String,
    pub colour: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct UpdateProfileRequest {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub colour: String,
}

/// A profile with its statistics, for the profiles screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ProfileCard {
    pub profile: Profile,
    pub stats: ProfileStats,
}

/// Who sits in a seat of a new game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SeatRequest {
    Human {
        #[ts(type = "number")]
        profile: i64,
    },
    /// A bot by id (see `AppInfo::bots`).
    Bot { bot: String, colour: String },
    /// A person without a profile (a quick game, a visitor): a name and a colour only.
    Guest { name: String, colour: String },
}

/// How seats are ordered at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SeatOrder {
    /// As listed.
    #[default]
    AsListed,
    /// Shuffled from the game's seed.
    Random,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct NewGameRequest {
    pub seats: Vec<SeatRequest>,
    #[serde(default)]
    pub order: SeatOrder,
    pub sets: Vec<Expansion>,
    #[serde(default)]
    pub options: Options,
    /// A fixed seed (tests, replays); none draws one.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub seed: Option<u64>,
}

/// Whether a setup can start, with every problem (the UI shows them before "Start").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SetupCheck {
    pub ok: bool,
    pub problems: Vec<crate::error::SetupProblem>,
}

/// An action for the game `game`, taken by `seat`, on the state numbered `state`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayRequest {
    #[ts(type = "number")]
    pub game: i64,
    pub seat: u8,
    /// The `state` of the view the player acted on: a stale view is refused.
    pub state: u32,
    pub action: Action,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GameRequest {
    #[ts(type = "number")]
    pub game: i64,
}

/// A game as a record file: a suggested file name and its JSON text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct RecordFile {
    pub name: String,
    pub json: String,
}

/// A record file's text, to import.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ImportRequest {
    pub json: String,
}

/// The game an imported record became.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Imported {
    #[ts(type = "number")]
    pub game: i64,
    pub over: bool,
}

/// A game in the history list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct HistoryEntry {
    #[ts(type = "number")]
    pub id: i64,
    pub status: carcassonne_store::GameStatus,
    #[ts(type = "number")]
    pub created: i64,
    #[ts(type = "number")]
    pub updated: i64,
    pub seats: Vec<carcassonne_store::ListedSeat>,
    pub sets: Vec<Expansion>,
    /// None when the saved setup cannot be read (`damaged`).
    pub options: Option<Options>,
    pub turns: u32,
    pub actions: u32,
    /// The saved setup does not parse: the game is listed but cannot be opened.
    pub damaged: bool,
    /// Played on from another game's point.
    pub branch_of: Option<carcassonne_store::Branch>,
}

/// Play on from a point of a saved game: who sits in each of its seats now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct BranchRequest {
    #[ts(type = "number")]
    pub game: i64,
    pub at: u32,
    pub seats: Vec<SeatRequest>,
}

/// The replay viewer's request: a saved game after its first `at` actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ReplayRequest {
    #[ts(type = "number")]
    pub game: i64,
    pub at: u32,
}

/// A saved game's table at one point, how many actions it has, and where each turn starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ReplayView {
    pub view: GameView,
    pub actions: u32,
    pub turn_starts: Vec<u32>,
    pub status: carcassonne_store::GameStatus,
}

/// Take back the last turn a person played, on the view stamped `state`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct UndoRequest {
    #[ts(type = "number")]
    pub game: i64,
    pub state: u32,
}

/// What happened, and the game as it is now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayResult {
    pub events: Vec<Event>,
    pub view: GameView,
}

/// Settings kept by the app (tauri-plugin-store in the app; a JSON file in the UI server).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct Settings {
    /// UI language chosen in Settings (`en`, `fr`); empty until the player chooses one, while
    /// the UI follows the system's language.
    pub language: String,
    /// Animation speed: 0 = off, 1 = normal, 2 = fast.
    pub animation: u8,
    /// Highlights, hints and score explanations for learners.
    pub learning_aids: bool,
    /// How long a bot's move stays on screen before the next one, in milliseconds.
    pub bot_delay_ms: u32,
    /// The last new-game setup, offered again next time.
    pub last_setup: Option<NewGameRequest>,
    /// Sound volume, 0 to 100.
    pub volume: u8,
    /// No sound at all (the volume is kept for when sound comes back).
    pub muted: bool,
    /// Pass-and-play games may take back the last confirmed turn (off for tournament play).
    pub allow_undo: bool,
    /// The board marks holes (cells no tile to come fits) and cells only one tile type fits.
    pub show_holes: bool,
    /// The scoreboard shows each seat's score if the game ended now.
    pub show_projection: bool,
    /// Thicker outlines and darker text and borders, for low vision.
    pub high_contrast: bool,
    /// Text size in percent of the normal size, 100 to 150.
    pub text_size: u16,
    /// Purist play: every learning aid off at once, whatever the switches above say (the bag
    /// by type, holes, projections, the farm view, hints).
    pub purist: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: String::new(),
            animation: 1,
            learning_aids: true,
            bot_delay_ms: 600,
            last_setup: None,
            volume: 70,
            muted: false,
            allow_undo: true,
            show_holes: true,
            show_projection: false,
            high_contrast: false,
            text_size: 100,
            purist: false,
        }
    }
}

/// Where a hint puts the tile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct HintPlacement {
    pub at: Pos,
    pub rotation: u8,
}

/// A bot's advice for the pending seat (learning aids): the whole turn and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Hint {
    /// The turn's decisions in order: the placement, then the follower decision after it (a
    /// follower or none); one action when the pending decision is not a placement.
    pub actions: Vec<Action>,
    /// Where the tile goes (none when the pending decision is not a placement).
    pub placement: Option<HintPlacement>,
    /// The decision after the placement (or the pending one) as the board offers it: which
    /// follower on which feature of which tile, or none.
    pub choice: Option<ChoiceOption>,
    /// Why, as facts (most telling first), read from the engine after playing the move.
    pub reasons: Vec<Reason>,
    /// The bot's estimated margin over the best rival at the end, in points.
    pub value: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct IdRequest {
    #[ts(type = "number")]
    pub id: i64,
}

/// A tentative placement, to preview what follows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PreviewRequest {
    #[ts(type = "number")]
    pub game: i64,
    pub state: u32,
    pub at: Pos,
    pub rotation: u8,
}

/// The choices (follower spots, pass...) the placing seat would have after a placement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PreviewView {
    pub choices: Vec<ChoiceOption>,
}

/// Host a LAN table from this device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanHostRequest {
    /// The table's name in other devices' "Join" lists.
    pub name: String,
    pub seats: u8,
    pub sets: Vec<Expansion>,
    #[serde(default)]
    pub options: Options,
    /// A fixed port (none: any free one).
    #[serde(default)]
    pub port: Option<u16>,
    /// Listen on 127.0.0.1 only and do not advertise (tests).
    #[serde(default)]
    pub loopback_only: bool,
    /// A turn timer in seconds (none: off): a seat the table has waited on this long (its
    /// turn, or its share of the draw) is announced to everyone and goes to a bot after the
    /// grace period (30 s) more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub turn_timer: Option<u32>,
    /// Whether a player may ask to take back a turn, every other person accepting (none: yes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub undo: Option<bool>,
    /// The level of the bot that takes the seat of a player who is away or silent (none:
    /// medium); the host may change it in the lobby, and sets each bot seat's own there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg(feature = "lan")]
    pub away_level: Option<carcassonne_net::protocol::BotLevel>,
    /// Serve the table over TLS (`https://`, `wss://`) with this certificate, for friends
    /// joining over the internet (none: plain WebSocket on the local network).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tls: Option<LanTls>,
}

/// The PEM files of a table's certificate (the host's first, then its chain) and its key.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanTls {
    pub cert: String,
    pub key: String,
}

/// A hosted table: where phones join, and the host player's own (admin) address.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanHostInfo {
    pub join_url: String,
    /// Keep to yourself: this page has the host's controls (seats, bots, start).
    pub admin_url: String,
    pub room: String,
    pub advertised: bool,
    pub advert_error: Option<String>,
    /// A QR code of `join_url`, as an SVG document.
    pub qr_svg: String,
    /// Why the table could not be saved the last time it changed (a full disk): if this
    /// device stops, the table is lost.
    #[serde(default)]
    pub save_error: Option<String>,
    /// Over TLS: the SHA-256 of the table's certificate, which its links pin (`fp=`).
    #[serde(default)]
    pub fingerprint: Option<String>,
}

/// A table this device hosted that stopped before its game ended (the app quit or
/// crashed): it can be taken up again, and its players come back to their seats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SavedTable {
    pub name: String,
    pub room: String,
    /// The players' names, seat by seat (empty for an empty seat).
    pub players: Vec<String>,
    /// Whether its game had begun (else the table was in its lobby).
    pub started: bool,
    /// Actions played.
    pub moves: u32,
    /// Why the save cannot be taken up (damaged, or from a newer app); it can be discarded.
    pub problem: Option<String>,
}

/// A table found on the local network.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanTable {
    pub name: String,
    pub protocol: u32,
    /// Same protocol as this app: it can be joined.
    pub compatible: bool,
    /// Its page at each of its addresses.
    pub urls: Vec<String>,
}

/// A table to connect to: its address (`host:port`, as shown by its host) and room code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanConnectRequest {
    pub address: String,
    pub room: String,
}

/// A table this device joined and has not finished with, kept across the app's restarts (in
/// its store): the way back to its seat. The draw's commitments and shares the host showed
/// stay pinned with it, so a host that shows others after this device comes back is caught.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct KeptLink {
    /// The table's address as `lan_connect` takes it (`host:port`, or over TLS
    /// `https://host:port/` with `?fp=` and the certificate's fingerprint if one was pinned).
    pub address: String,
    pub room: String,
    /// This device's seat (none: it watched).
    pub seat: Option<u8>,
    /// The token that takes the seat back.
    pub token: Option<String>,
    /// The name it sat under.
    pub name: String,
    /// When it was last at the table (unix seconds).
    #[ts(type = "number")]
    pub updated: i64,
}

/// An open connection of this app to a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanLink {
    pub link: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanSendRequest {
    pub link: u32,
    /// One protocol message (`ClientMsg`) as JSON.
    pub text: String,
}

/// What the table sent since the last poll (each a `ServerMsg` as JSON), and whether the
/// connection ended (then the link is gone: connect again to come back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanPoll {
    pub messages: Vec<String>,
    pub closed: bool,
    pub reason: Option<LanClosed>,
}

/// Why a link to a table ended ([`LanPoll::reason`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LanClosed {
    ByTheApp,
    ByTheTable,
    ConnectionFailed,
    /// The app stopped polling and the table's messages piled up.
    NotRead,
}

/// The app's check of a finished LAN game.
#[cfg(feature = "lan")]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanVerdict {
    pub ok: bool,
    /// What did not check out, as facts (the UI words them).
    pub problem: Option<carcassonne_net::view::VerifyError>,
    /// The draws were replayed by the engine (not only the hashes checked).
    pub replayed: bool,
    /// The game as kept in this device's history (saved once its draws checked out).
    #[ts(type = "number | null")]
    pub game: Option<i64>,
}
