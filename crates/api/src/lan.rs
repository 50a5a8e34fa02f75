//! LAN tables from the app: host one (the net crate's WebSocket host on a thread of its
//! own, advertised by mDNS, with a QR code of its address) or find the ones nearby. Players
//! then use the table's own page, served by the host — the host's player too, through the
//! admin address (the host's own UI is a client like the others).

use crate::error::{ApiError, LanProblem};
use crate::types::{LanHostInfo, LanHostRequest, LanTable, LanTls, SavedTable};
use carcassonne_net::discovery::Browser;
use carcassonne_net::headless::{run_host_until, Headless, Ready};
use carcassonne_net::host::{HostConfig, HostState, TableSave};
use carcassonne_net::protocol::{Phase, PROTOCOL_VERSION};
use carcassonne_net::table_file;
use carcassonne_net::tls::{ServerIdentity, TlsError};
use carcassonne_net::transport::OnChange;
pub use carcassonne_net::transport::{ui_assets, Asset, Assets};
use serde::{Deserialize, Serialize};
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// A table this app hosts: stopping it ends the games on it.
pub struct Hosting {
    pub info: LanHostInfo,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    /// Why the last save of the table failed, if it did.
    save_error: Arc<Mutex<Option<String>>>,
}

impl Hosting {
    pub fn stop(mut self) {
        self.shutdown();
    }

    /// The table's addresses, and whether its last save failed.
    pub fn status(&self) -> LanHostInfo {
        let save_error = self.save_error.lock().map_or(None, |e| e.clone());
        LanHostInfo {
            save_error,
            ..self.info.clone()
        }
    }

    fn shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Hosting {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn lan_error(problem: LanProblem, detail: impl ToString) -> ApiError {
    ApiError::lan(problem, Some(detail.to_string()))
}

/// A QR code of `text` as an SVG document (dark modules on white).
pub fn qr_svg(text: &str) -> Result<String, ApiError> {
    let code =
        qrcode::QrCode::new(text.as_bytes()).map_err(|e| lan_error(LanProblem::QrCode, e))?;
    Ok(code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build())
}

/// The file a hosted table is kept in: the request that opened it (with the port it got)
/// and the table.
#[derive(Serialize, Deserialize)]
struct SavedFile {
    request: LanHostRequest,
    table: serde_json::Value,
}

/// Saves the table at `path` whenever it changes, with the request that opened it and the
/// port it got; removes the file once the game is over (nothing is left to take up). A
/// failed write is reported through `error`.
fn keeper(
    path: PathBuf,
    request: LanHostRequest,
    port: Arc<AtomicU16>,
    error: Arc<Mutex<Option<String>>>,
) -> OnChange {
    let contents = move |host: &HostState| {
        let file = SavedFile {
            request: LanHostRequest {
                port: Some(port.load(Ordering::Relaxed)).filter(|&p| p != 0),
                ..request.clone()
            },
            table: serde_json::to_value(host.save()).ok()?,
        };
        serde_json::to_string(&file).ok()
    };
    let report = move |result: Result<(), String>| {
        if let Ok(mut e) = error.lock() {
            *e = result.err();
        }
    };
    table_file::keeper(Some(path), None, Box::new(contents), Box::new(report))
}

/// The table saved at `path`, if there is one: its request and the table, or why it cannot
/// be taken up.
fn read_saved(path: &Path) -> Option<(LanHostRequest, Result<TableSave, String>)> {
    let text = std::fs::read_to_string(path).ok()?;
    let file: SavedFile = match serde_json::from_str(&text) {
        Ok(f) => f,
        Err(e) => {
            let request = LanHostRequest {
                name: String::new(),
                seats: 2,
                sets: Vec::new(),
                options: Default::default(),
                port: None,
                loopback_only: false,
                turn_timer: None,
                undo: None,
                away_level: None,
                tls: None,
            };
            return Some((request, Err(e.to_string())));
        }
    };
    let table = TableSave::from_json(&file.table.to_string()).map_err(|e| e.to_string());
    Some((file.request, table))
}

/// What the UI shows of the table saved at `path`.
pub fn saved_table(path: &Path) -> Option<SavedTable> {
    let (request, table) = read_saved(path)?;
    Some(match table {
        Ok(t) => SavedTable {
            name: request.name,
            room: t.room().to_owned(),
            players: t.seat_names(),
            started: t.phase() != Phase::Lobby,
            moves: u32::try_from(t.moves()).unwrap_or(u32::MAX),
            problem: None,
        },
        Err(problem) => SavedTable {
            name: request.name,
            room: String::new(),
            players: Vec::new(),
            started: false,
            moves: 0,
            problem: Some(problem),
        },
    })
}

/// Takes up the table saved at `path` on the port it had, so players' pages find it again.
///
/// # Errors
/// [`ApiError::Lan`] when there is no saved table, it cannot be taken up (the reason), or
/// hosting fails (as [`host`]).
pub fn resume(
    path: &Path,
    assets: Option<Assets>,
    loopback_only: bool,
) -> Result<Hosting, ApiError> {
    let (mut request, table) =
        read_saved(path).ok_or(ApiError::lan(LanProblem::NoSavedTable, None))?;
    let table = table.map_err(|e| lan_error(LanProblem::CannotTakeUp, e))?;
    request.loopback_only |= loopback_only;
    host_table(&request, assets, Some(path.to_owned()), Some(table))
}

/// Starts hosting; returns once the table listens (or fails to). With `save`, the table is
/// kept in that file while its game lasts.
///
/// # Errors
/// [`ApiError::Lan`] when the port is taken, the system has no randomness, or the host does
/// not come up within a few seconds; [`ApiError::BadRequest`] for a bad seat count.
pub fn host(
    req: &LanHostRequest,
    assets: Option<Assets>,
    save: Option<PathBuf>,
) -> Result<Hosting, ApiError> {
    host_table(req, assets, save, None)
}

fn host_table(
    req: &LanHostRequest,
    assets: Option<Assets>,
    save: Option<PathBuf>,
    resume: Option<TableSave>,
) -> Result<Hosting, ApiError> {
    if !(2..=6).contains(&req.seats) {
        return Err(ApiError::bad_request("a table has 2 to 6 seats"));
    }
    let tls = req.tls.as_ref().map(identity).transpose()?;
    let port = Arc::new(AtomicU16::new(0));
    let save_error = Arc::new(Mutex::new(None));
    let options = Headless {
        bind: if req.loopback_only {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        } else {
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        },
        port: req.port.unwrap_or(0),
        config: HostConfig {
            seats: usize::from(req.seats),
            sets: req.sets.clone(),
            options: req.options.clone(),
            turn_timer: req.turn_timer.map(|s| Duration::from_secs(u64::from(s))),
            undo: req.undo.unwrap_or(true),
            away_level: req.away_level.unwrap_or_default(),
            ..HostConfig::default()
        },
        name: req.name.clone(),
        // a TLS table is for friends elsewhere, joined by its link: the LAN's lists (plain
        // http addresses) would not reach it
        advertise: !req.loopback_only && tls.is_none(),
        assets,
        resume,
        on_change: save.map(|path| keeper(path, req.clone(), port.clone(), save_error.clone())),
        tls,
    };
    let ready_port = port.clone();
    let (ready_tx, ready_rx) = mpsc::channel::<Ready>();
    let (err_tx, err_rx) = mpsc::channel::<String>();
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("lan-host".into())
        .spawn(move || {
            let result = run_host_until(
                options,
                |ready| {
                    ready_port.store(ready.port, Ordering::Relaxed);
                    let _ = ready_tx.send(ready.clone());
                },
                async move {
                    let _ = stop_rx.await;
                },
            );
            if let Err(e) = result {
                let _ = err_tx.send(e.to_string());
            }
        })
        .map_err(|e| lan_error(LanProblem::CannotHost, e))?;
    let deadline = Instant::now() + Duration::from_secs(10);
    let ready = loop {
        if let Ok(r) = ready_rx.recv_timeout(Duration::from_millis(50)) {
            break r;
        }
        if let Ok(e) = err_rx.try_recv() {
            let _ = thread.join();
            return Err(lan_error(LanProblem::CannotHost, e));
        }
        if Instant::now() > deadline {
            let _ = stop_tx.send(());
            return Err(ApiError::lan(LanProblem::HostTimeout, None));
        }
    };
    let info = LanHostInfo {
        qr_svg: qr_svg(&ready.join_url)?,
        join_url: ready.join_url,
        admin_url: ready.admin_url,
        room: ready.room,
        advertised: ready.advertised.is_ok(),
        advert_error: ready.advertised.err(),
        save_error: None,
        fingerprint: ready.fingerprint,
    };
    Ok(Hosting {
        info,
        stop: Some(stop_tx),
        thread: Some(thread),
        save_error,
    })
}

/// The certificate and key of a TLS table, or which file is wrong and how.
fn identity(files: &LanTls) -> Result<ServerIdentity, ApiError> {
    ServerIdentity::load(Path::new(&files.cert), Path::new(&files.key)).map_err(|e| {
        let (problem, file) = match e {
            TlsError::Read { file, .. } => (LanProblem::TlsUnreadable, file),
            TlsError::NoCertificate { file, .. } => (LanProblem::TlsNoCertificate, file),
            TlsError::NoKey { file, .. } => (LanProblem::TlsNoKey, file),
            TlsError::Refused { key, .. } => (LanProblem::TlsRefused, key),
        };
        ApiError::lan(problem, Some(file.display().to_string()))
    })
}

/// The tables advertised nearby, listening for `wait`.
///
/// # Errors
/// [`ApiError::Lan`] when mDNS cannot start (no network).
pub fn find_tables(wait: Duration) -> Result<Vec<LanTable>, ApiError> {
    let browser = Browser::start().map_err(|e| lan_error(LanProblem::CannotBrowse, e))?;
    let deadline = Instant::now() + wait;
    let mut out: Vec<LanTable> = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        let Some(t) = browser.next(left) else { break };
        // IPv4 first: hosts listen on IPv4 (0.0.0.0), and the UI joins the first address.
        let mut addresses = t.addresses.clone();
        addresses.sort_by_key(IpAddr::is_ipv6);
        let urls: Vec<String> = addresses
            .iter()
            .map(|ip| match ip {
                IpAddr::V4(v4) => format!("http://{v4}:{}/", t.port),
                IpAddr::V6(v6) => format!("http://[{v6}]:{}/", t.port),
            })
            .collect();
        if out.iter().any(|o| o.name == t.name && o.urls == urls) {
            continue;
        }
        out.push(LanTable {
            compatible: t.protocol == PROTOCOL_VERSION,
            name: t.name,
            protocol: t.protocol,
            urls,
        });
    }
    browser.stop();
    Ok(out)
}
