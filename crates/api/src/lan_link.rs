//! The app at someone else's table: the net crate's Rust client on a thread of its own, relayed
//! to the UI (which speaks the protocol itself, so one table screen serves a browser and the
//! app). Every message from the host is also folded into a [`ClientView`] kept per table across
//! reconnections, so that the app checks the whole game at the end — the draws replayed by the
//! engine, which a browser page cannot do.

use crate::error::{ApiError, LanProblem};
use crate::types::{LanClosed, LanConnectRequest, LanLink, LanPoll, LanVerdict};
use carcassonne_net::client::{Client, ClientError, Target};
use carcassonne_net::view::ClientView;
use std::collections::HashMap;
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
fn normalise(address: &str) -> Result<String, ApiError> {
    let target = Target::parse(address).map_err(|_| {
        ApiError::bad_request(format!(
            "`{address}` is not a table's address (like 192.168.1.20:7878, or a join link)"
        ))
    })?;
    Ok(match (target.tls, target.pin) {
        (false, _) => target.address,
        (true, Some(fp)) => format!("https://{}/?fp={fp}", target.address),
        (true, None) => format!("https://{}/", target.address),
    })
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
        let address = normalise(&req.address)?;
        let key = format!("{address}/{}", req.room.trim().to_uppercase());
        let seen = self.seen.entry(key).or_default().clone();
        let inbox = Arc::new(Mutex::new(Inbox::default()));
        let (out, rx) = mpsc::unbounded_channel::<String>();
        let (stop_tx, stop_rx) = oneshot::channel::<()>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(), (LanProblem, String)>>();
        let thread_inbox = inbox.clone();
        let thread_address = address.clone();
        let thread = std::thread::Builder::new()
            .name("lan-link".into())
            .spawn(move || relay(thread_address, thread_inbox, seen, rx, stop_rx, ready_tx))
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
                inbox,
                out,
                stop: Some(stop_tx),
                thread: Some(thread),
            },
        );
        Ok(LanLink { link: id })
    }

    /// What came from the table since the last poll.
    ///
    /// # Errors
    /// No such link.
    pub fn poll(&mut self, link: u32) -> Result<LanPoll, ApiError> {
        let l = self.links.get(&link).ok_or_else(|| not_found(link))?;
        let mut inbox = l
            .inbox
            .lock()
            .map_err(|_| lan_error(LanProblem::ConnectionFailed, None))?;
        let messages = std::mem::take(&mut inbox.messages);
        let closed = inbox.closed;
        drop(inbox);
        if closed.is_some() {
            self.links.remove(&link);
        }
        Ok(LanPoll {
            messages,
            closed: closed.is_some(),
            reason: closed,
        })
    }

    /// Sends one protocol message (JSON text) to the table.
    ///
    /// # Errors
    /// No such link, or it is closed.
    pub fn send(&mut self, link: u32, text: String) -> Result<(), ApiError> {
        let l = self.links.get(&link).ok_or_else(|| not_found(link))?;
        l.out
            .send(text)
            .map_err(|_| lan_error(LanProblem::ConnectionClosed, None))
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
        req: &LanConnectRequest,
    ) -> Result<(LanVerdict, Option<VerifiedGame>), ApiError> {
        let address = normalise(&req.address)?;
        let key = format!("{address}/{}", req.room.trim().to_uppercase());
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
