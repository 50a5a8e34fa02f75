//! The door: every TCP connection passes it, so that no number of idle or slow connections
//! locks the table.
//!
//! - A connection that has not joined the table (an HTTP exchange, a WebSocket before its
//!   hello) counts against its address's share and the whole door's; when either is full, the
//!   oldest such connection is closed to let the new one in. So a flood from one address only
//!   ever holds its share, and a newcomer (a seat holder coming back) always gets in.
//! - It is closed by a deadline: an HTTP connection when [`Limits::http_idle`] passes without
//!   an answer going out (slow headers, idle keep-alives), a WebSocket when
//!   [`Limits::hello_deadline`] passes after its upgrade without a good hello.
//! - Once joined (welcomed by the host as a player or spectator), it leaves both counts and
//!   has no deadline: a player may think as long as the game allows.
//! - Over TLS the handshake is read through this stream too (`secure`), so a handshake that
//!   never finishes is an HTTP connection without an answer: same share, same deadline.
//!
//! The deadlines are kept inside the socket's own reads ([`GatedIo`]), so they cost no task
//! and no polling: a read that waits past its deadline fails, and the connection ends.

use super::secure::HostIo;
use crate::host::Limits;
use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use std::collections::BTreeMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};
use tokio_rustls::TlsAcceptor;

/// Where a connection stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// HTTP: the deadline moves with each answer written.
    Http,
    /// A WebSocket waiting for its hello: a fixed deadline.
    Upgraded,
    /// Welcomed by the host: no deadline, not counted.
    Joined,
}

/// One connection's shared switch: its stage and deadline, and whether it was shut.
struct Switch {
    shut: AtomicBool,
    state: Mutex<SwitchState>,
}

struct SwitchState {
    stage: Stage,
    deadline: Instant,
    /// The reader to wake when the connection is shut from outside.
    waker: Option<Waker>,
}

impl Switch {
    fn lock(&self) -> MutexGuard<'_, SwitchState> {
        // A poisoned lock only means a panic elsewhere; the plain data is still usable.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn shut(&self) {
        self.shut.store(true, Ordering::Release);
        if let Some(w) = self.lock().waker.take() {
            w.wake();
        }
    }
}

struct Entry {
    addr: IpAddr,
    switch: Arc<Switch>,
    /// Joined or shut: no longer counts against the limits.
    counted: bool,
}

struct Door {
    limits: Limits,
    next: u64,
    /// By age: ids only grow.
    open: BTreeMap<u64, Entry>,
}

impl Door {
    fn lock(door: &Mutex<Door>) -> MutexGuard<'_, Door> {
        door.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Makes room for one more connection from `addr`: shuts the oldest counted connection
    /// of that address when its share is full, then the oldest of all when the door is.
    fn make_room(&mut self, addr: IpAddr) {
        let counted = |e: &&Entry| e.counted;
        let mine = self
            .open
            .values()
            .filter(counted)
            .filter(|e| e.addr == addr);
        if mine.count() >= self.limits.per_address {
            self.shut_oldest(|e| e.addr == addr);
        }
        if self.open.values().filter(counted).count() >= self.limits.unjoined {
            self.shut_oldest(|_| true);
        }
    }

    fn shut_oldest(&mut self, which: impl Fn(&Entry) -> bool) {
        if let Some(e) = self.open.values_mut().find(|e| e.counted && which(e)) {
            e.counted = false;
            e.switch.shut();
        }
    }
}

/// A connection's pass: given to the request handlers (as axum's connect info) so that the
/// WebSocket handler can start the hello deadline and the host can mark it joined.
#[derive(Clone)]
pub struct Ticket {
    id: u64,
    addr: SocketAddr,
    door: Arc<Mutex<Door>>,
    switch: Arc<Switch>,
}

impl std::fmt::Debug for Ticket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "connection {} from {}", self.id, self.addr)
    }
}

impl Ticket {
    pub fn ip(&self) -> IpAddr {
        self.addr.ip()
    }

    /// Upgraded to a WebSocket: it has [`Limits::hello_deadline`] from now to join.
    pub fn upgraded(&self) {
        let hello = Door::lock(&self.door).limits.hello_deadline;
        let mut s = self.switch.lock();
        s.stage = Stage::Upgraded;
        s.deadline = Instant::now() + hello;
    }

    /// Welcomed by the host: no deadline, and it no longer counts against the limits.
    pub fn joined(&self) {
        self.switch.lock().stage = Stage::Joined;
        if let Some(e) = Door::lock(&self.door).open.get_mut(&self.id) {
            e.counted = false;
        }
    }
}

impl Connected<IncomingStream<'_, GatedListener>> for Ticket {
    fn connect_info(stream: IncomingStream<'_, GatedListener>) -> Self {
        stream.remote_addr().clone()
    }
}

/// A TCP listener behind the door (see the module documentation), with TLS over it when
/// given an acceptor.
pub struct GatedListener {
    tcp: TcpListener,
    door: Arc<Mutex<Door>>,
    tls: Option<TlsAcceptor>,
}

impl GatedListener {
    pub fn new(tcp: TcpListener, limits: Limits, tls: Option<TlsAcceptor>) -> GatedListener {
        let door = Door {
            limits,
            next: 0,
            open: BTreeMap::new(),
        };
        GatedListener {
            tcp,
            door: Arc::new(Mutex::new(door)),
            tls,
        }
    }

    fn admit(&self, stream: TcpStream, addr: SocketAddr) -> (GatedIo, Ticket) {
        // Small messages must leave at once: Nagle's algorithm with delayed ACKs adds ~40 ms.
        let _ = stream.set_nodelay(true);
        let mut door = Door::lock(&self.door);
        door.make_room(addr.ip());
        let deadline = Instant::now() + door.limits.http_idle;
        let switch = Arc::new(Switch {
            shut: AtomicBool::new(false),
            state: Mutex::new(SwitchState {
                stage: Stage::Http,
                deadline,
                waker: None,
            }),
        });
        let id = door.next;
        door.next += 1;
        door.open.insert(
            id,
            Entry {
                addr: addr.ip(),
                switch: switch.clone(),
                counted: true,
            },
        );
        let http_idle = door.limits.http_idle;
        drop(door);
        let ticket = Ticket {
            id,
            addr,
            door: self.door.clone(),
            switch: switch.clone(),
        };
        let io = GatedIo {
            tcp: stream,
            ticket: ticket.clone(),
            http_idle,
            timer: Box::pin(tokio::time::sleep_until(deadline)),
            armed: deadline,
        };
        (io, ticket)
    }
}

impl Listener for GatedListener {
    type Io = HostIo;
    type Addr = Ticket;

    async fn accept(&mut self) -> (HostIo, Ticket) {
        loop {
            match self.tcp.accept().await {
                Ok((stream, addr)) => {
                    let (io, ticket) = self.admit(stream, addr);
                    return (HostIo::new(io, self.tls.as_ref()), ticket);
                }
                // Out of descriptors and the like: wait a little instead of spinning, as
                // axum's own listener does.
                Err(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<Ticket> {
        Err(io::Error::other(
            "a gated listener names connections, not itself",
        ))
    }
}

/// A TCP stream that fails its reads once its connection is shut or past its deadline.
pub struct GatedIo {
    tcp: TcpStream,
    ticket: Ticket,
    http_idle: std::time::Duration,
    timer: Pin<Box<Sleep>>,
    /// The deadline the timer is set to.
    armed: Instant,
}

fn shut_error() -> io::Error {
    io::Error::new(
        io::ErrorKind::ConnectionAborted,
        "closed by the host's door",
    )
}

impl GatedIo {
    fn is_shut(&self) -> bool {
        self.ticket.switch.shut.load(Ordering::Acquire)
    }

    /// Whether the deadline has passed (registering the timer to wake this reader when it
    /// does); always `false` once joined.
    fn past_deadline(&mut self, cx: &mut Context<'_>) -> bool {
        let deadline = {
            let mut s = self.ticket.switch.lock();
            s.waker = Some(cx.waker().clone());
            (s.stage != Stage::Joined).then_some(s.deadline)
        };
        let Some(deadline) = deadline else {
            return false;
        };
        if deadline != self.armed {
            self.timer.as_mut().reset(deadline);
            self.armed = deadline;
        }
        self.timer.as_mut().poll(cx).is_ready()
    }
}

impl AsyncRead for GatedIo {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.is_shut() {
            return Poll::Ready(Err(shut_error()));
        }
        match Pin::new(&mut self.tcp).poll_read(cx, buf) {
            Poll::Ready(r) => Poll::Ready(r),
            Poll::Pending if self.past_deadline(cx) => {
                self.ticket.switch.shut();
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "no request or hello in time",
                )))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncWrite for GatedIo {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.is_shut() {
            return Poll::Ready(Err(shut_error()));
        }
        let r = Pin::new(&mut self.tcp).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = r {
            if n > 0 {
                // An answer went out: an HTTP connection has another `http_idle` for its
                // next request (a WebSocket's hello deadline does not move).
                let idle = self.http_idle;
                let mut s = self.ticket.switch.lock();
                if s.stage == Stage::Http {
                    s.deadline = Instant::now() + idle;
                }
            }
        }
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

impl Drop for GatedIo {
    fn drop(&mut self) {
        Door::lock(&self.ticket.door).open.remove(&self.ticket.id);
    }
}
