//! The sockets: a tokio + axum server around [`HostState`], in the shape of mini-redis's
//! `run(listener, shutdown)`.
//!
//! - `GET /` serves the app's UI when the embedder gave its files ([`Assets`]: the app, the UI
//!   server, `carcassonne host --ui DIR`), else the plain phone page (`page.html`);
//! - `GET /page` always serves the plain page (text only, for old phones), and
//!   `GET /sha256.js` the UI's SHA-256 and `GET /page-words.js` its words (English and
//!   French), which it imports;
//! - `GET /<file>` and `POST /api/<command>` serve the UI's files and its read-only data;
//! - `GET /ws` upgrades to a WebSocket; each text frame is one JSON message of `protocol`. Only
//!   native clients (no `Origin`), the host's own page and the app's pages may upgrade
//!   ([`origin_allowed`]); another site's page gets 403.
//!
//! With a certificate ([`Serving::tls`]) all of it is HTTPS and WSS on the same port; the TLS
//! handshake runs behind the same door (`gate`, `secure`).
//!
//! One task owns the host and feeds it [`Incoming`] events in order; each connection has a
//! reader (socket → host) and a writer (host → socket) with a bounded queue, so a client that
//! stops reading is dropped rather than growing memory. Message size and rate are limited by
//! the host (it answers `too_large` / `rate_limited`); frames far beyond the size limit are cut
//! by the WebSocket layer, which closes that connection. Nothing a client sends can panic the
//! server: bad input becomes a typed rejection.

use crate::host::{ConnId, HostState, Incoming, Outgoing};
use crate::protocol::{Reject, ServerMsg, MAX_CLIENT_MESSAGE};
use crate::tls::ServerIdentity;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use carcassonne_engine::Seat;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;

/// The phone page.
const PAGE: &str = include_str!("page.html");
/// The UI's SHA-256 (plain JavaScript), which the phone page imports: one implementation for
/// the app's UI and the page.
const SHA256_JS: &str = include_str!("../../../ui/src/lan/sha256.js");
/// The phone page's words in English and French: the UI's, like every sentence a player reads.
const PAGE_WORDS_JS: &str = include_str!("../../../ui/src/i18n/page.js");
/// Frames up to this size reach the host (which refuses those over `MAX_CLIENT_MESSAGE` with a
/// typed answer); larger ones close the connection in the WebSocket layer.
const MAX_FRAME: usize = 4 * MAX_CLIENT_MESSAGE;
/// Messages queued for one client before it counts as gone.
const QUEUE: usize = 1024;
/// How often the host hears the time (automatic bot hand-over).
const TICK: Duration = Duration::from_secs(1);

mod gate;
mod secure;

use gate::GatedListener;
pub use gate::Ticket;

enum Cmd {
    Open {
        conn: ConnId,
        tx: mpsc::Sender<Message>,
        ticket: Ticket,
    },
    In(Incoming),
}

/// A file served to browsers: its bytes and media type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asset {
    pub bytes: Vec<u8>,
    pub mime: String,
}

/// The UI's files by path (`index.html`, `app.js`, … and `api/<command>` for the read-only
/// commands the UI asks at start), supplied by the embedder so this crate needs no UI build.
pub type Assets = Arc<dyn Fn(&str) -> Option<Asset> + Send + Sync>;

/// The media type of a file, by its extension.
pub fn mime_of(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// The files of a folder (a built UI, `ui/dist`).
pub fn dir_assets(dir: std::path::PathBuf) -> Assets {
    Arc::new(move |path: &str| {
        if path.split('/').any(|p| p == ".." || p.is_empty()) {
            return None;
        }
        let bytes = std::fs::read(dir.join(path)).ok()?;
        Some(Asset {
            bytes,
            mime: mime_of(path).to_owned(),
        })
    })
}

/// The mark a table puts in the page it serves (`index.html`): the web app (`make web`) then
/// offers joining this table from its home screen.
pub const TABLE_MARK: &str = r#"<meta name="carcassonne-table" content="here">"#;

/// `index.html` marked as served by a table (before its `<title>`; unchanged without one).
fn mark_page(bytes: Vec<u8>) -> Vec<u8> {
    match String::from_utf8(bytes) {
        Ok(page) if !page.contains(TABLE_MARK) => page
            .replacen("<title>", &format!("{TABLE_MARK}\n  <title>"), 1)
            .into_bytes(),
        Ok(page) => page.into_bytes(),
        Err(e) => e.into_bytes(),
    }
}

/// The app's UI for browsers at a table: its files (the app's UI, or the installable web app
/// of `make web`: its WebAssembly, manifest and service worker by their media types), its page
/// marked ([`TABLE_MARK`]), and the read-only commands it asks at start (`app_info`, `tiles`)
/// answered as the app answers them.
pub fn ui_assets(files: Assets) -> Assets {
    let json = |bytes: Vec<u8>| Asset {
        bytes,
        mime: "application/json".to_owned(),
    };
    let info = serde_json::to_vec(&carcassonne_table::catalogue::app_info()).ok();
    let tiles = carcassonne_table::catalogue::tiles()
        .ok()
        .and_then(|t| serde_json::to_vec(&t).ok());
    Arc::new(move |path: &str| match path {
        "api/app_info" => info.clone().map(json),
        "api/tiles" => tiles.clone().map(json),
        "index.html" => files(path).map(|a| Asset {
            bytes: mark_page(a.bytes),
            mime: a.mime,
        }),
        _ => files(path),
    })
}

#[derive(Clone)]
struct Shared {
    cmds: mpsc::Sender<Cmd>,
    next: Arc<AtomicU64>,
    stop: watch::Receiver<bool>,
    assets: Option<Assets>,
}

/// Serves `host` on `listener` until `shutdown` completes; returns the host in its final state.
///
/// # Errors
/// The listener failed.
pub async fn run(
    listener: TcpListener,
    host: HostState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<HostState> {
    run_with_assets(listener, host, None, None, shutdown).await
}

/// Called with the host after everything it handles and before anything it answers leaves
/// (to save the table: the host app writes it to disk when it changed). `Err` means a change
/// that must be kept was not saved: the transport then takes the host back to where it was
/// and refuses the request with [`Reject::NotSaved`], so no player is told of a move a
/// crash could lose.
pub type OnChange = Box<dyn FnMut(&HostState) -> Result<(), String> + Send>;

/// [`run`], serving the app's UI from `assets` as well, and telling `on_change` of every
/// change.
///
/// # Errors
/// The listener failed.
pub async fn run_with_assets(
    listener: TcpListener,
    host: HostState,
    assets: Option<Assets>,
    on_change: Option<OnChange>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<HostState> {
    let serving = Serving {
        assets,
        on_change,
        tls: None,
    };
    run_serving(listener, host, serving, shutdown).await
}

/// What a host serves besides its table, and how.
#[derive(Default)]
pub struct Serving {
    /// The app's UI for browsers (else the plain page).
    pub assets: Option<Assets>,
    /// Told of every change (see [`OnChange`]).
    pub on_change: Option<OnChange>,
    /// HTTPS and WSS with this certificate, on the same port, instead of plain HTTP: the
    /// door's limits and deadlines cover the TLS handshake too.
    pub tls: Option<ServerIdentity>,
}

/// [`run`] with everything [`Serving`] holds.
///
/// # Errors
/// The listener failed.
pub async fn run_serving(
    listener: TcpListener,
    host: HostState,
    serving: Serving,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<HostState> {
    let Serving {
        assets,
        on_change,
        tls,
    } = serving;
    let (stop_tx, stop) = watch::channel(false);
    // Bounded: a client flooding faster than the host reads waits (backpressure on its own
    // socket) instead of growing memory; the host's rate limit then answers it.
    let (cmds, rx) = mpsc::channel(QUEUE);
    let (done_tx, done_rx) = oneshot::channel();
    let acceptor = tls.map(|t| tokio_rustls::TlsAcceptor::from(t.config));
    let listener = GatedListener::new(listener, host.limits().clone(), acceptor);
    let actor = tokio::spawn(drive(host, rx, stop.clone(), done_tx, on_change));
    let shared = Shared {
        cmds,
        next: Arc::new(AtomicU64::new(1)),
        stop: stop.clone(),
        assets,
    };
    let app = Router::new()
        .route("/", get(index))
        .route("/page", get(page))
        .route("/sha256.js", get(sha256_js))
        .route("/page-words.js", get(page_words_js))
        .route("/ws", get(upgrade))
        .route("/api/{command}", post(api_data))
        .route("/{*path}", get(file))
        .layer(axum::middleware::from_fn(forwarded))
        .with_state(shared);
    let mut stopped = stop.clone();
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    });
    let app = app.into_make_service_with_connect_info::<Ticket>();
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            let _ = stopped.wait_for(|s| *s).await;
        })
        .await;
    let _ = actor.await;
    served?;
    done_rx
        .await
        .map_err(|_| std::io::Error::other("the host task ended without its state"))
}

async fn page() -> Html<&'static str> {
    Html(PAGE)
}

async fn sha256_js() -> Response {
    ([(header::CONTENT_TYPE, mime_of("sha256.js"))], SHA256_JS).into_response()
}

async fn page_words_js() -> Response {
    ([(header::CONTENT_TYPE, mime_of("page.js"))], PAGE_WORDS_JS).into_response()
}

async fn index(State(shared): State<Shared>) -> Response {
    match serve(&shared, "index.html") {
        Some(r) => r,
        None => Html(PAGE).into_response(),
    }
}

async fn file(State(shared): State<Shared>, Path(path): Path<String>) -> Response {
    // The UI's files only: nothing with `..` or from under `api/` by GET.
    if path.split('/').any(|p| p == ".." || p.is_empty()) || path.starts_with("api/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    serve(&shared, &path).unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}

async fn api_data(State(shared): State<Shared>, Path(command): Path<String>) -> Response {
    let unknown = || {
        let body = serde_json::json!({
            "kind": "not_found",
            "message": format!("a LAN table answers only the read-only commands, not `{command}`"),
        });
        (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "application/json")],
            body.to_string(),
        )
            .into_response()
    };
    if !command.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
        return unknown();
    }
    serve(&shared, &format!("api/{command}")).unwrap_or_else(unknown)
}

fn serve(shared: &Shared, path: &str) -> Option<Response> {
    let asset = (shared.assets.as_ref()?)(path)?;
    Some(
        (
            [
                (header::CONTENT_TYPE, asset.mime),
                (header::CACHE_CONTROL, "no-cache".to_owned()),
            ],
            asset.bytes,
        )
            .into_response(),
    )
}

/// The app's own pages (Tauri's origins on each platform): its windows may open a table's
/// WebSocket themselves.
const APP_ORIGINS: [&str; 3] = [
    "tauri://localhost",
    "http://tauri.localhost",
    "https://tauri.localhost",
];

/// Whether a WebSocket upgrade may come from `origin` (its `Origin` header) to `host` (its
/// `Host` header): none (native clients, the app's Rust client), the page this host served
/// (same scheme-less `host:port` as the request came to), or the app's own pages. A page of any
/// other site open in a browser on the network is refused, so it cannot join or guess room
/// codes from the player's browser.
pub fn origin_allowed(origin: Option<&str>, host: Option<&str>) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    if APP_ORIGINS.contains(&origin) {
        return true;
    }
    let Some(rest) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    host.is_some_and(|h| !h.is_empty() && rest.eq_ignore_ascii_case(h))
}

/// Every request: a trusted proxy's names its client to the door (see `gate`).
async fn forwarded(
    ConnectInfo(ticket): ConnectInfo<Ticket>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    ticket.forwarded(request.headers());
    next.run(request).await
}

/// The number of connections is kept by the door (`gate`): a WebSocket starts its hello
/// deadline here. A foreign page's upgrade is refused first (403), see [`origin_allowed`].
async fn upgrade(
    State(shared): State<Shared>,
    ConnectInfo(ticket): ConnectInfo<Ticket>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    // An `Origin` that is not text is as foreign as any (the empty one is refused).
    let origin = headers
        .get(header::ORIGIN)
        .map(|v| v.to_str().unwrap_or_default());
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    if !origin_allowed(origin, host) {
        return (
            StatusCode::FORBIDDEN,
            "this table takes WebSockets from its own page only\n",
        )
            .into_response();
    }
    ticket.upgraded();
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| connection(socket, shared, ticket))
}

/// One client: forwards its frames to the host, and the host's messages to it.
async fn connection(socket: WebSocket, shared: Shared, ticket: Ticket) {
    let conn = shared.next.fetch_add(1, Ordering::Relaxed);
    let (tx, mut rx) = mpsc::channel::<Message>(QUEUE);
    let (mut sink, mut stream) = socket.split();
    let open = Cmd::Open { conn, tx, ticket };
    if shared.cmds.send(open).await.is_ok() {
        let mut stop = shared.stop.clone();
        let writer = async {
            while let Some(m) = rx.recv().await {
                let close = matches!(m, Message::Close(_));
                if sink.send(m).await.is_err() || close {
                    break;
                }
            }
        };
        let reader = async {
            while let Some(Ok(frame)) = stream.next().await {
                let text = match frame {
                    Message::Text(t) => t.as_str().to_owned(),
                    // Binary frames are not part of the protocol: let the host refuse them.
                    Message::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                if shared
                    .cmds
                    .send(Cmd::In(Incoming::Text { conn, text }))
                    .await
                    .is_err()
                {
                    break;
                }
            }
        };
        tokio::select! {
            () = writer => {}
            () = reader => {}
            _ = stop.wait_for(|s| *s) => {}
        }
        let _ = shared
            .cmds
            .send(Cmd::In(Incoming::Disconnected { conn }))
            .await;
    }
}

/// The host's task: the only place the state machine lives.
async fn drive(
    mut host: HostState,
    mut rx: mpsc::Receiver<Cmd>,
    mut stop: watch::Receiver<bool>,
    done: oneshot::Sender<HostState>,
    mut on_change: Option<OnChange>,
) {
    let start = Instant::now();
    let mut senders: HashMap<ConnId, mpsc::Sender<Message>> = HashMap::new();
    // The door's passes of the connections not yet welcomed.
    let mut waiting: HashMap<ConnId, Ticket> = HashMap::new();
    let mut tick = tokio::time::interval(TICK);
    // Bots think on the blocking pool, never on this task: the table answers while they do.
    // Their answers come back here, and the host drops one the table moved past.
    let (bot_tx, mut bot_rx) = mpsc::channel::<Incoming>(4);
    let mut thinking: Option<(u64, Seat)> = None;
    think(&host, &mut thinking, &bot_tx);
    loop {
        let incoming = tokio::select! {
            Some(answer) = bot_rx.recv() => {
                if let Incoming::BotMove { state, seat, .. } = answer {
                    if thinking == Some((state, seat)) {
                        thinking = None;
                    }
                }
                answer
            }
            cmd = rx.recv() => match cmd {
                Some(Cmd::Open { conn, tx, ticket }) => {
                    senders.insert(conn, tx);
                    let from = ticket.ip();
                    waiting.insert(conn, ticket);
                    Incoming::Connected { conn, from }
                }
                Some(Cmd::In(incoming)) => incoming,
                None => break,
            },
            _ = tick.tick() => Incoming::Tick,
            _ = stop.wait_for(|s| *s) => break,
        };
        let from = match incoming {
            Incoming::Disconnected { conn } => {
                senders.remove(&conn);
                waiting.remove(&conn);
                None
            }
            Incoming::Text { conn, .. } => Some(conn),
            _ => None,
        };
        let out = handle_and_save(&mut host, incoming, start.elapsed(), on_change.as_mut());
        if let Some(conn) = from.filter(|&c| host.joined(c)) {
            if let Some(ticket) = waiting.remove(&conn) {
                ticket.joined();
            }
        }
        for out in out {
            match out {
                Outgoing::Send { conn, msg } => {
                    let full = senders.get(&conn).is_some_and(|tx| {
                        tx.try_send(Message::Text(msg.to_json().into())).is_err()
                    });
                    if full {
                        // A client that does not read its messages is cut off; it can resume.
                        drop_conn(&mut senders, conn);
                    }
                }
                Outgoing::Close { conn } => drop_conn(&mut senders, conn),
            }
        }
        think(&host, &mut thinking, &bot_tx);
    }
    let _ = done.send(host);
}

/// Starts a bot on the decision the table waits on, unless one already thinks about it.
fn think(host: &HostState, thinking: &mut Option<(u64, Seat)>, answers: &mpsc::Sender<Incoming>) {
    let Some(job) = host.bot_job() else {
        return;
    };
    if *thinking == Some((job.state, job.seat)) {
        return;
    }
    *thinking = Some((job.state, job.seat));
    let answers = answers.clone();
    tokio::task::spawn_blocking(move || {
        if let Some(action) = job.think() {
            let _ = answers.blocking_send(job.answer(action));
        }
    });
}

/// Handles `incoming`, then saves (when the host keeps its table) before anything is
/// answered: persist, then acknowledge. A request whose change cannot be saved is undone and
/// refused with [`Reject::NotSaved`]; the host's own steps (the clock's hand-overs and bot
/// moves) are undone and tried again at the next tick. Connections coming and going change
/// nothing that is saved, so they are never undone.
fn handle_and_save(
    host: &mut HostState,
    incoming: Incoming,
    now: Duration,
    on_change: Option<&mut OnChange>,
) -> Vec<Outgoing> {
    let Some(save) = on_change else {
        return host.handle(incoming, now);
    };
    let undoable = match &incoming {
        Incoming::Text { conn, .. } => Some(Some(*conn)),
        Incoming::Tick | Incoming::BotMove { .. } => Some(None),
        Incoming::Connected { .. } | Incoming::Disconnected { .. } => None,
    };
    let before = undoable.map(|_| host.clone());
    let out = host.handle(incoming, now);
    match (save(host), before, undoable) {
        (Err(_), Some(before), Some(asker)) => {
            *host = before;
            asker.map_or_else(Vec::new, |conn| {
                vec![Outgoing::Send {
                    conn,
                    msg: ServerMsg::Rejected {
                        reason: Reject::NotSaved,
                    },
                }]
            })
        }
        _ => out,
    }
}

fn drop_conn(senders: &mut HashMap<ConnId, mpsc::Sender<Message>>, conn: ConnId) {
    if let Some(tx) = senders.remove(&conn) {
        let _ = tx.try_send(Message::Close(None));
    }
}
