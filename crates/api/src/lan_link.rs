//! The app at someone else's table: the net crate's Rust client on a thread of its own, relayed
//! to the UI (which speaks the protocol itself, so one table screen serves a browser and the
//! app). Every message from the host is also folded into a [`ClientView`] kept per table across
//! reconnections, so that the app checks the whole game at the end — the draws replayed by the
//! engine, which a browser page cannot do.
//!
//! Each table joined is also kept in the app's store (its address, room, seat and token, and
//! the draw's pins) from the welcome until its game ends and has been checked: after the app
//! closes, the player takes their seat back, and the pins the host showed before still hold
//! it to its first commitments.

use crate::error::{ApiError, LanProblem};
use crate::types::{LanClosed, LanConnectRequest, LanLink, LanPoll, LanVerdict};
use carcassonne_net::client::{Client, ClientError, Target};
use carcassonne_net::fair::Pins;
use carcassonne_net::protocol::ClientMsg;
use carcassonne_net::view::ClientView;
use carcassonne_store::TableLink;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Messages kept for the UI between two polls; a UI that stops polling loses the link.
const INBOX_LIMIT: usize = 4096;

fn lan_error(problem: LanProblem, detail: Option<String>) -> ApiError {
    ApiError::lan(problem, detail)
}

#[derive(Default)]
struct Inbox {
    messages: Vec<String>,
    closed: Option<LanClosed>,
}

/// One connection to a table.
struct Link {
    table: Table,
    seen: Arc<Mutex<ClientView>>,
    inbox: Arc<Mutex<Inbox>>,
    out: mpsc::UnboundedSender<String>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Link {
    fn shutdown(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The app's connections to tables, and what it saw of each table.
#[derive(Default)]
pub struct Links {
    next: u32,
    links: HashMap<u32, Link>,
    /// Per table (`address/room`): everything seen, across reconnections.
    seen: HashMap<String, Arc<Mutex<ClientView>>>,
    /// Per table: the id of its game in this device's history, once saved.
    pub(crate) saved: HashMap<String, i64>,
    /// Per table: its link as last written to the store (written again only when it changes).
    kept: HashMap<String, TableLink>,
    /// Tables whose game ended and was checked: not kept again while the app runs.
    checked: HashSet<String>,
    /// Tables the player forgot: not kept again unless they connect to them anew.
    forgotten: HashSet<String>,
}

/// A table as this app names it.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// `address/ROOM`, the address normalised.
    pub key: String,
    /// The address as [`Target::parse`] reads it again (see [`normalise`]).
    pub address: String,
    pub target: Target,
    /// In upper case.
    pub room: String,
}

impl Table {
    /// # Errors
    /// An address that is not one.
    pub fn of(req: &LanConnectRequest) -> Result<Table, ApiError> {
        let target = Target::parse(&req.address).map_err(|_| {
            ApiError::bad_request(format!(
                "`{}` is not a table's address (like 192.168.1.20:7878, or a join link)",
                req.address
            ))
        })?;
        let address = normalise(&target);
        let room = req.room.trim().to_uppercase();
        Ok(Table {
            key: format!("{address}/{room}"),
            address,
            target,
            room,
        })
    }

    /// The table of a link kept in the store.
    pub fn of_kept(kept: &TableLink) -> Table {
        let target = Target {
            address: kept.address.clone(),
            tls: kept.tls,
            pin: kept.cert_pin.clone(),
        };
        let address = normalise(&target);
        Table {
            key: format!("{address}/{}", kept.room),
            address,
            target,
            room: kept.room.clone(),
        }
    }
}

/// What the store keeps of a table this app is at, from what it saw (none before the welcome).
fn link_to_keep(table: &Table, view: &ClientView) -> Option<TableLink> {
    view.you.as_ref()?;
    let seat = view.seat();
    let name = seat
        .and_then(|s| view.lobby.as_ref()?.seats.get(usize::from(s)))
        .map(|s| s.name.clone())
        .unwrap_or_default();
    Some(TableLink {
        address: table.target.address.clone(),
        room: table.room.clone(),
        tls: table.target.tls,
        cert_pin: table.target.pin.clone(),
        seat,
        token: view.token().map(str::to_owned),
        name,
        pins: serde_json::to_string(&view.pins).ok()?,
        mine: view.my_contribution.clone(),
        created: 0,
        updated: 0,
    })
}

/// A game at a table whose draws checked out, as this device saw it: to keep in its history.
pub(crate) struct VerifiedGame {
    /// `address/room`.
    pub key: String,
    pub record: carcassonne_engine::Record,
    /// The seats as the table last showed them.
    pub seats: Vec<carcassonne_table::types::SeatView>,
    /// This device's seat, if it held one.
    pub you: Option<u8>,
}

/// A table's address as written by people, found by discovery or in a join link: `host:port`
/// (an `http://…/` address too) for a LAN table, or for one over TLS its `https://host:port/`
/// with the certificate's fingerprint if the link pins one (`?fp=…`). The client reads it
/// again ([`Target::parse`]).
fn normalise(target: &Target) -> String {
    match (target.tls, &target.pin) {
        (false, _) => target.address.clone(),
        (true, Some(fp)) => format!("https://{}/?fp={fp}", target.address),
        (true, None) => format!("https://{}/", target.address),
    }
}

/// Why a connection could not be opened, as the UI words it: a certificate that is not the
/// one the link pinned (or, without a pin, not trusted) is told apart from a table that
/// cannot be reached.
fn connect_problem(e: &ClientError) -> (LanProblem, String) {
    let problem = match e {
        ClientError::WrongCertificate { .. } => LanProblem::WrongCertificate,
        ClientError::UntrustedCertificate { .. } => LanProblem::UntrustedCertificate,
        _ => LanProblem::CannotConnect,
    };
    (problem, e.to_string())
}

impl Links {
    /// Opens a connection to the table at `address`; the UI then says hello through it.
    ///
    /// # Errors
    /// A bad address, or the table does not answer within 5 s.
    pub fn connect(&mut self, req: &LanConnectRequest) -> Result<LanLink, ApiError> {
        let table = Table::of(req)?;
        let address = table.address.clone();
        self.forgotten.remove(&table.key);
        let seen = self.seen.entry(table.key.clone()).or_default().clone();
        let thread_seen = seen.clone();
        let inbox = Arc::new(Mutex::new(Inbox::default()));
        let (out, rx) = mpsc::unbounded_channel::<String>();
        let (stop_tx, stop_rx) = oneshot::channel::<()>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(), (LanProblem, String)>>();
        let thread_inbox = inbox.clone();
        let thread_address = address.clone();
        let thread = std::thread::Builder::new()
            .name("lan-link".into())
            .spawn(move || {
                relay(
                    thread_address,
                    thread_inbox,
                    thread_seen,
                    rx,
                    stop_rx,
                    ready_tx,
                )
            })
            .map_err(|e| lan_error(LanProblem::CannotConnect, Some(e.to_string())))?;
        match ready_rx.recv_timeout(Duration::from_secs(6)) {
            Ok(Ok(())) => {}
            Ok(Err((problem, e))) => {
                let _ = thread.join();
                return Err(lan_error(problem, Some(e)));
            }
            Err(_) => {
                let _ = stop_tx.send(());
                return Err(lan_error(LanProblem::NoAnswer, None));
            }
        }
        self.next += 1;
        let id = self.next;
        self.links.insert(
            id,
            Link {
                table,
                seen,
                inbox,
                out,
                stop: Some(stop_tx),
                thread: Some(thread),
            },
        );
        Ok(LanLink { link: id })
    }

    /// Whether this app saw anything of the table (since it started).
    pub(crate) fn knows(&self, key: &str) -> bool {
        self.seen.contains_key(key)
    }

    /// What the store kept of a table from before the app (re)started: its pins and this
    /// device's share hold for the rest of the game.
    pub(crate) fn restore(&mut self, table: &Table, kept: &TableLink) {
        // Pins that do not read (a damaged store) fail the check: never taken as none seen.
        let pins = serde_json::from_str::<Pins>(&kept.pins).unwrap_or_else(|_| Pins {
            broken: Some(carcassonne_net::fair::FairnessError::Malformed {
                what: "kept pins".into(),
            }),
            ..Pins::default()
        });
        let view = ClientView {
            pins,
            my_contribution: kept.mine.clone(),
            ..ClientView::default()
        };
        self.seen
            .insert(table.key.clone(), Arc::new(Mutex::new(view)));
        self.kept.insert(
            Table::of_kept(kept).key,
            TableLink {
                created: 0,
                updated: 0,
                ..kept.clone()
            },
        );
    }

    /// The link to write to the store for this connection's table, if it changed since last
    /// written (and the table is still to be kept).
    fn to_keep(&self, l: &Link) -> Option<TableLink> {
        let key = &l.table.key;
        if self.checked.contains(key) || self.forgotten.contains(key) {
            return None;
        }
        let seen = l.seen.lock().ok()?;
        let keep = link_to_keep(&l.table, &seen)?;
        (self.kept.get(key) != Some(&keep)).then_some(keep)
    }

    /// The store holds `link` now.
    pub(crate) fn kept(&mut self, link: TableLink) {
        let key = Table::of_kept(&link).key;
        self.kept.insert(key, link);
    }

    /// Not to keep in the store any more: the game was checked, or the player forgot it.
    pub(crate) fn done_with(&mut self, key: &str, checked: bool) {
        self.kept.remove(key);
        if checked {
            self.checked.insert(key.to_owned());
        } else {
            self.forgotten.insert(key.to_owned());
        }
    }

    /// What came from the table since the last poll, and the table's link to keep in the
    /// store if it changed (a welcome, new pins, this device's share sent).
    ///
    /// # Errors
    /// No such link.
    pub(crate) fn poll(&mut self, link: u32) -> Result<(LanPoll, Option<TableLink>), ApiError> {
        let l = self.links.get(&link).ok_or_else(|| not_found(link))?;
        let mut inbox = l
            .inbox
            .lock()
            .map_err(|_| lan_error(LanProblem::ConnectionFailed, None))?;
        let messages = std::mem::take(&mut inbox.messages);
        let closed = inbox.closed;
        drop(inbox);
        // After the messages: the view holds at least what they showed.
        let keep = self.to_keep(l);
        if closed.is_some() {
            self.links.remove(&link);
        }
        Ok((
            LanPoll {
                messages,
                closed: closed.is_some(),
                reason: closed,
            },
            keep,
        ))
    }

    /// Sends one protocol message (JSON text) to the table.
    ///
    /// # Errors
    /// No such link, or it is closed.
    pub fn send(&mut self, link: u32, text: String) -> Result<(), ApiError> {
        let l = self.links.get(&link).ok_or_else(|| not_found(link))?;
        // This device's share, noted now (the relay notes it too) so that it is kept at once.
        if let Ok(ClientMsg::Contribute { contribution }) = serde_json::from_str(&text) {
            if let Ok(mut v) = l.seen.lock() {
                v.my_contribution = Some(contribution);
            }
        }
        l.out
            .send(text)
            .map_err(|_| lan_error(LanProblem::ConnectionClosed, None))
    }

    /// The link to write to the store for this connection's table, if it changed.
    pub(crate) fn to_keep_for(&self, link: u32) -> Option<TableLink> {
        self.to_keep(self.links.get(&link)?)
    }

    /// Closes a connection (the seat stays the player's: its token brings them back).
    pub fn disconnect(&mut self, link: u32) -> bool {
        self.links.remove(&link).is_some()
    }

    /// The check of a finished game as this app saw it: the commitments and shares the host
    /// showed first (pinned for the whole game, across reconnections), state numbers without
    /// gaps, a history never rewritten, the host's secret and every share, and the draws
    /// replayed.
    ///
    /// # Errors
    /// Nothing was seen of that table.
    pub(crate) fn verify(
        &self,
        table: &Table,
    ) -> Result<(LanVerdict, Option<VerifiedGame>), ApiError> {
        let key = table.key.clone();
        let seen = self
            .seen
            .get(&key)
            .ok_or_else(|| lan_error(LanProblem::NotAtTable, Some(key.clone())))?
            .lock()
            .map_err(|_| lan_error(LanProblem::ConnectionFailed, None))?;
        let problem = seen.verify().err();
        let verified = match (&problem, &seen.result, &seen.table) {
            (None, Some(result), Some(table)) => Some(VerifiedGame {
                key,
                record: result.record.clone(),
                seats: table.seats.clone(),
                you: seen.seat(),
            }),
            _ => None,
        };
        let verdict = LanVerdict {
            ok: problem.is_none(),
            problem,
            replayed: true,
            game: None,
        };
        Ok((verdict, verified))
    }
}

fn not_found(link: u32) -> ApiError {
    ApiError::not_found(crate::error::Missing::TableLink, i64::from(link))
}

/// How long the link waits for the table in one go; the table may be quiet much longer (a
/// player thinking), so running out only means waiting again.
const QUIET: Duration = Duration::from_secs(60);

/// The connection's thread: the net crate's client, socket → inbox (and the view), UI →
/// socket, until stopped.
fn relay(
    address: String,
    inbox: Arc<Mutex<Inbox>>,
    seen: Arc<Mutex<ClientView>>,
    mut rx: mpsc::UnboundedReceiver<String>,
    mut stop: oneshot::Receiver<()>,
    ready: std::sync::mpsc::Sender<Result<(), (LanProblem, String)>>,
) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            let _ = ready.send(Err((LanProblem::CannotConnect, e.to_string())));
            return;
        }
    };
    let close = |why: LanClosed| {
        if let Ok(mut i) = inbox.lock() {
            i.closed.get_or_insert(why);
        }
    };
    // What this app saw of the table so far is checked across reconnections.
    let keep = |client: &Client| {
        if let Ok(mut v) = seen.lock() {
            *v = client.view.clone();
        }
    };
    runtime.block_on(async {
        let connect = Client::connect(&address);
        let mut client = match tokio::time::timeout(Duration::from_secs(5), connect).await {
            Ok(Ok(client)) => client,
            Ok(Err(ClientError::Socket(e))) => {
                let _ = ready.send(Err((LanProblem::CannotConnect, e)));
                return;
            }
            Ok(Err(e)) => {
                let _ = ready.send(Err(connect_problem(&e)));
                return;
            }
            Err(_) => {
                let _ = ready.send(Err((LanProblem::CannotConnect, "no answer".into())));
                return;
            }
        };
        if let Ok(v) = seen.lock() {
            client = client.with_view(v.clone());
        }
        let _ = ready.send(Ok(()));
        loop {
            tokio::select! {
                _ = &mut stop => {
                    client.close().await;
                    close(LanClosed::ByTheApp);
                    return;
                }
                text = rx.recv() => {
                    let Some(text) = text else { return };
                    if client.relay(text).await.is_err() {
                        close(LanClosed::ConnectionFailed);
                        return;
                    }
                    keep(&client);
                }
                got = client.recv_text(QUIET) => {
                    let text = match got {
                        Ok(text) => text,
                        Err(ClientError::Timeout) => continue,
                        Err(ClientError::Closed) => {
                            close(LanClosed::ByTheTable);
                            return;
                        }
                        Err(_) => {
                            close(LanClosed::ConnectionFailed);
                            return;
                        }
                    };
                    keep(&client);
                    let mut i = match inbox.lock() {
                        Ok(i) => i,
                        Err(_) => return,
                    };
                    if i.messages.len() >= INBOX_LIMIT {
                        i.closed.get_or_insert(LanClosed::NotRead);
                        return;
                    }
                    i.messages.push(text);
                }
            }
        }
    });
}
