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
//! - Behind a reverse proxy every connection comes from the proxy: for a connection from a
//!   trusted proxy ([`Limits::trusted_proxies`]) the door counts it against the client its
//!   requests name (the last `X-Forwarded-For` entry, else `Forwarded: for=`), from its first
//!   request on, and the host sees that address too ([`Ticket::ip`]). Anyone else's headers
//!   are ignored: a client cannot choose the address it is counted as.
//!
//! The deadlines are kept inside the socket's own reads ([`GatedIo`]), so they cost no task
//! and no polling: a read that waits past its deadline fails, and the connection ends.

use super::secure::HostIo;
use crate::host::Limits;
use axum::extract::connect_info::Connected;
use axum::http::{header, HeaderMap};
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
    /// The client a trusted proxy named (see [`Ticket::forwarded`]).
    client: Option<IpAddr>,
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
    /// of that address when its share is full, then the oldest of all when the door is. A
    /// trusted proxy's connection has no share of its own: it is counted against its client's
    /// once its request names it (`rehome`).
    fn make_room(&mut self, addr: IpAddr) {
        let counted = |e: &&Entry| e.counted;
        let mine = self
            .open
            .values()
            .filter(counted)
            .filter(|e| e.addr == addr);
        if !self.limits.trusted_proxies.contains(&addr) && mine.count() >= self.limits.per_address {
            self.shut_oldest(|e| e.addr == addr);
        }
        if self.open.values().filter(counted).count() >= self.limits.unjoined {
            self.shut_oldest(|_| true);
        }
    }

    /// Counts connection `id` against `addr` from now on (its share made room for it).
    fn rehome(&mut self, id: u64, addr: IpAddr) {
        let Some(e) = self.open.get_mut(&id) else {
            return;
        };
        if e.addr == addr {
            return;
        }
        let counted = e.counted;
        // not counted while room is made: it must not shut itself
        e.counted = false;
        if counted {
            self.make_room(addr);
        }
        if let Some(e) = self.open.get_mut(&id) {
            e.addr = addr;
            e.counted = counted && !e.switch.shut.load(Ordering::Acquire);
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
    /// The client's address: the peer's, or the one its trusted proxy named.
    pub fn ip(&self) -> IpAddr {
        self.switch.lock().client.unwrap_or(self.addr.ip())
    }

    /// A request came on this connection: when the peer is a trusted proxy, the client it
    /// names (`forwarded_client`) is counted from now on, and [`Ticket::ip`] gives it (the
    /// proxy's own address when it names none). From anyone else the headers are ignored.
    pub fn forwarded(&self, headers: &HeaderMap) {
        let mut door = Door::lock(&self.door);
        if !door.limits.trusted_proxies.contains(&self.addr.ip()) {
            return;
        }
        let client = forwarded_client(headers).unwrap_or(self.addr.ip());
        self.switch.lock().client = Some(client);
        door.rehome(self.id, client);
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

/// The client a proxy names: the last entry of the last `X-Forwarded-For` header (each proxy
/// appends the peer it saw, so the last is the one the trusted proxy saw; earlier ones are
/// the client's to write), else the `for=` of the last `Forwarded` element (RFC 7239). An
/// address with or without a port; `None` when that entry is not one (`unknown`, a name).
pub fn forwarded_client(headers: &HeaderMap) -> Option<IpAddr> {
    if let Some(last) = headers.get_all("x-forwarded-for").iter().next_back() {
        return node(last.to_str().ok()?.rsplit(',').next()?);
    }
    let last = headers.get_all(header::FORWARDED).iter().next_back()?;
    let element = last.to_str().ok()?.rsplit(',').next()?;
    let value = element.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim().eq_ignore_ascii_case("for").then_some(value)
    })?;
    node(value.trim().trim_matches('"'))
}

/// `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`, `[2001:db8::1]` or `[2001:db8::1]:5678`.
fn node(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| text.strip_prefix('[')?.split(']').next()?.parse().ok())
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
                client: None,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, v.parse().expect("a header value"));
        }
        h
    }

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().expect("an address"))
    }

    #[test]
    fn the_client_is_the_last_entry_the_proxy_wrote() {
        let xff = |v: &str| forwarded_client(&headers(&[("x-forwarded-for", v)]));
        assert_eq!(xff("203.0.113.7"), ip("203.0.113.7"));
        // the client wrote the first entries; the trusted proxy appended the last
        assert_eq!(xff("1.1.1.1, 203.0.113.7"), ip("203.0.113.7"));
        assert_eq!(xff("203.0.113.7:5123"), ip("203.0.113.7"));
        assert_eq!(xff("2001:db8::1"), ip("2001:db8::1"));
        assert_eq!(xff("[2001:db8::1]:443"), ip("2001:db8::1"));
        assert_eq!(xff("1.1.1.1, unknown"), None);
        let two = headers(&[
            ("x-forwarded-for", "1.1.1.1"),
            ("x-forwarded-for", "10.0.0.9"),
        ]);
        assert_eq!(forwarded_client(&two), ip("10.0.0.9"));
        let fwd = |v: &str| forwarded_client(&headers(&[("forwarded", v)]));
        assert_eq!(
            fwd("for=192.0.2.60;proto=http;by=203.0.113.43"),
            ip("192.0.2.60")
        );
        assert_eq!(
            fwd("for=1.1.1.1, for=\"[2001:db8:cafe::17]:4711\""),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(fwd("proto=https;For=198.51.100.17"), ip("198.51.100.17"));
        assert_eq!(fwd("for=_hidden"), None);
        assert_eq!(forwarded_client(&HeaderMap::new()), None);
        // X-Forwarded-For first when both are there
        let both = headers(&[
            ("forwarded", "for=1.1.1.1"),
            ("x-forwarded-for", "10.0.0.9"),
        ]);
        assert_eq!(forwarded_client(&both), ip("10.0.0.9"));
    }
}
