//! A Rust client for the app (and the tests): one WebSocket to a host, messages folded into a
//! [`ClientView`]. The app's link to a table (`crates/api`) relays the UI's messages through
//! it as text ([`Client::relay`], [`Client::recv_text`]); tests and tools speak
//! [`ClientMsg`] and [`ServerMsg`].

use crate::fair;
use crate::protocol::{ClientMsg, Join, Reject, ServerMsg, PROTOCOL_VERSION};
use crate::tls;
use crate::view::{ClientView, DrawDuty};
use futures_util::{SinkExt, StreamExt};
use rustls::pki_types::ServerName;
use std::fmt;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

#[derive(Debug)]
pub enum ClientError {
    /// Could not connect, or the socket failed.
    Socket(String),
    /// The host closed the connection.
    Closed,
    /// Nothing came in time.
    Timeout,
    /// The host refused the hello.
    Refused(Reject),
    /// The host sent something that is not a message of this protocol.
    Garbled(String),
    /// Not a table's address or join link.
    Address(String),
    /// The host's certificate is not the one the join link pinned (`expected`): someone else
    /// answers at that address, or the host has a new certificate.
    WrongCertificate { expected: String, found: String },
    /// Without a pinned fingerprint, the host's certificate (`found`) is not signed by an
    /// authority the system trusts (a self-signed one needs the link with its fingerprint).
    UntrustedCertificate { found: String, why: String },
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Socket(e) => write!(f, "connection failed: {e}"),
            ClientError::Closed => write!(f, "the host closed the connection"),
            ClientError::Timeout => write!(f, "the host did not answer in time"),
            ClientError::Refused(r) => write!(f, "the host refused: {r:?}"),
            ClientError::Garbled(e) => write!(f, "the host sent an unreadable message: {e}"),
            ClientError::Address(e) => write!(f, "not a table's address: {e}"),
            ClientError::WrongCertificate { expected, found } => write!(
                f,
                "the host's certificate ({found}) is not the one the link names ({expected})"
            ),
            ClientError::UntrustedCertificate { found, why } => write!(
                f,
                "the host's certificate ({found}) is not trusted ({why}); \
                 use the join link with its fingerprint"
            ),
        }
    }
}

impl std::error::Error for ClientError {}

/// Where a table is and how to trust it, as read from an address or a join link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// `host:port`.
    pub address: String,
    /// WSS (the link was `https://` or `wss://`).
    pub tls: bool,
    /// The host certificate's SHA-256 fingerprint (hex) the link pins (`fp=`).
    pub pin: Option<String>,
}

impl Target {
    /// Reads `host:port` (plain WebSocket, a LAN table), `http://host:port/…` or
    /// `ws://host:port/…` (the same), `https://host[:port]/…` or `wss://host[:port]/…` (TLS,
    /// port 443 by default); a link's `fp=` parameter pins the host's certificate.
    ///
    /// # Errors
    /// [`ClientError::Address`]: no host or port, a bad port, a bad fingerprint, or a
    /// fingerprint on a plain address.
    pub fn parse(text: &str) -> Result<Target, ClientError> {
        let bad = |why: &str| ClientError::Address(format!("`{text}`: {why}"));
        let t = text.trim();
        let (tls, rest, default_port) = match t.split_once("://") {
            Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
                "http" | "ws" => (false, rest, None),
                "https" | "wss" => (true, rest, Some(443)),
                _ => {
                    return Err(bad(
                        "the address starts with http://, https://, ws:// or wss://",
                    ))
                }
            },
            None => (false, t, None),
        };
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(end);
        let address = with_port(authority, default_port).ok_or_else(|| {
            bad("a table's address is a name or IP address and a port (192.168.1.20:7878)")
        })?;
        let query = tail.split_once('?').map_or("", |(_, q)| q);
        let query = query.split('#').next().unwrap_or_default();
        let pin = match query.split('&').find_map(|kv| kv.strip_prefix("fp=")) {
            Some(fp) => Some(
                tls::parse_fingerprint(fp)
                    .ok_or_else(|| bad("fp= is a SHA-256 fingerprint, 64 hex digits"))?,
            ),
            None => None,
        };
        if pin.is_some() && !tls {
            return Err(bad(
                "a certificate fingerprint needs an https:// or wss:// address",
            ));
        }
        Ok(Target { address, tls, pin })
    }

    /// The WebSocket's URL.
    pub fn ws_url(&self) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}/ws", self.address)
    }

    /// The host's name for TLS (SNI and the certificate's check): the address without its
    /// port and brackets.
    fn server_name(&self) -> Result<ServerName<'static>, ClientError> {
        let host = self
            .address
            .rsplit_once(':')
            .map_or(self.address.as_str(), |(h, _)| h);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        ServerName::try_from(host.to_owned())
            .map_err(|e| ClientError::Address(format!("`{host}`: {e}")))
    }
}

/// `host:port` from an address's authority part, `default` filling a missing port; `None`
/// when it is not one.
fn with_port(authority: &str, default: Option<u16>) -> Option<String> {
    let ok_host = |h: &str| {
        !h.is_empty()
            && h.chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-[]:".contains(c))
    };
    // An IPv6 address without a port is `[::1]`: its colons are not a port's.
    let has_port = authority
        .rsplit_once(':')
        .is_some_and(|(h, _)| !h.ends_with(':') && (!h.contains(':') || h.ends_with(']')));
    if has_port {
        let (host, port) = authority.rsplit_once(':')?;
        let port = port.parse::<u16>().ok().filter(|&p| p > 0)?;
        ok_host(host).then(|| format!("{host}:{port}"))
    } else {
        let port = default?;
        ok_host(authority).then(|| format!("{authority}:{port}"))
    }
}

/// The socket under the WebSocket: plain TCP, or TLS over it.
pub enum Stream {
    Plain(TcpStream),
    Tls(Box<TlsStream<TcpStream>>),
}

impl AsyncRead for Stream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_read(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Stream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_write(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_flush(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_shutdown(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}

/// The TLS session with the host, trusting what `target` says to trust; a refused
/// certificate is told as [`ClientError::WrongCertificate`] or
/// [`ClientError::UntrustedCertificate`].
async fn secure(target: &Target, tcp: TcpStream) -> Result<Stream, ClientError> {
    let seen = Arc::new(Mutex::new(None));
    let config = tls::client_config(target.pin.clone(), seen.clone())
        .map_err(|e| ClientError::Socket(e.to_string()))?;
    let name = target.server_name()?;
    match tokio_rustls::TlsConnector::from(config)
        .connect(name, tcp)
        .await
    {
        Ok(stream) => Ok(Stream::Tls(Box::new(stream))),
        Err(e) => {
            let found = seen.lock().ok().and_then(|s| s.clone());
            Err(match (found, &target.pin) {
                (Some(found), Some(expected)) if found != *expected => {
                    ClientError::WrongCertificate {
                        expected: expected.clone(),
                        found,
                    }
                }
                (Some(found), None) => ClientError::UntrustedCertificate {
                    found,
                    why: e.to_string(),
                },
                _ => ClientError::Socket(e.to_string()),
            })
        }
    }
}

pub struct Client {
    ws: WebSocketStream<Stream>,
    pub view: ClientView,
}

impl Client {
    /// Opens the table's WebSocket (without Nagle's delay: messages are small and urgent);
    /// `address` as [`Target::parse`] reads it: `192.168.1.20:7878`, or a join link such as
    /// `https://203.0.113.5:7878/?room=K7QXD&fp=…` for a table over TLS.
    ///
    /// # Errors
    /// [`ClientError::Address`], [`ClientError::Socket`], or a refused certificate.
    pub async fn connect(address: &str) -> Result<Client, ClientError> {
        Client::connect_to(&Target::parse(address)?).await
    }

    /// [`Client::connect`] to a parsed address.
    ///
    /// # Errors
    /// As [`Client::connect`].
    pub async fn connect_to(target: &Target) -> Result<Client, ClientError> {
        let socket = |e: io::Error| ClientError::Socket(e.to_string());
        let tcp = TcpStream::connect(&target.address).await.map_err(socket)?;
        tcp.set_nodelay(true).map_err(socket)?;
        let stream = if target.tls {
            secure(target, tcp).await?
        } else {
            Stream::Plain(tcp)
        };
        let (ws, _) = tokio_tungstenite::client_async_with_config(target.ws_url(), stream, None)
            .await
            .map_err(|e| ClientError::Socket(e.to_string()))?;
        Ok(Client {
            ws,
            view: ClientView::default(),
        })
    }

    /// Keeps what was seen (for the checks across a reconnection) on a new connection.
    pub fn with_view(mut self, view: ClientView) -> Client {
        self.view = view;
        self
    }

    /// # Errors
    /// The socket failed.
    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        self.send_raw(msg.to_json()).await
    }

    /// Sends any text (tests use it for hostile input).
    ///
    /// # Errors
    /// The socket failed.
    pub async fn send_raw(&mut self, text: String) -> Result<(), ClientError> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| ClientError::Socket(e.to_string()))
    }

    /// Sends a message composed elsewhere (the app's UI speaks the protocol itself); the share
    /// it reveals, if it is one, is kept for the check at the end.
    ///
    /// # Errors
    /// The socket failed.
    pub async fn relay(&mut self, text: String) -> Result<(), ClientError> {
        if let Ok(ClientMsg::Contribute { contribution }) = serde_json::from_str(&text) {
            self.view.my_contribution = Some(contribution);
        }
        self.send_raw(text).await
    }

    /// The next text frame as sent, within `timeout`.
    async fn next_text(&mut self, timeout: Duration) -> Result<String, ClientError> {
        loop {
            let frame = tokio::time::timeout(timeout, self.ws.next())
                .await
                .map_err(|_| ClientError::Timeout)?;
            return match frame {
                None | Some(Ok(Message::Close(_))) => Err(ClientError::Closed),
                Some(Err(e)) => Err(ClientError::Socket(e.to_string())),
                Some(Ok(Message::Text(t))) => Ok(t.as_str().to_owned()),
                Some(Ok(_)) => continue,
            };
        }
    }

    /// The next message, folded into the view.
    ///
    /// # Errors
    /// Closed, timed out, socket error, or not a protocol message.
    pub async fn recv(&mut self, timeout: Duration) -> Result<ServerMsg, ClientError> {
        let text = self.next_text(timeout).await?;
        let msg: ServerMsg =
            serde_json::from_str(&text).map_err(|e| ClientError::Garbled(e.to_string()))?;
        self.view.on(&msg);
        Ok(msg)
    }

    /// The next message as the host wrote it, folded into the view when it is one of this
    /// protocol (anything else is passed on as it came, for the reader to judge). Cancelling
    /// it loses nothing: a frame half read is finished by the next call.
    ///
    /// # Errors
    /// Closed, timed out or socket error.
    pub async fn recv_text(&mut self, timeout: Duration) -> Result<String, ClientError> {
        let text = self.next_text(timeout).await?;
        if let Ok(msg) = serde_json::from_str::<ServerMsg>(&text) {
            self.view.on(&msg);
        }
        Ok(text)
    }

    /// Says hello and waits for the welcome.
    ///
    /// # Errors
    /// [`ClientError::Refused`] with the host's reason, or a connection error.
    pub async fn hello(
        &mut self,
        room: &str,
        name: &str,
        join: Join,
        timeout: Duration,
    ) -> Result<(), ClientError> {
        self.send(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            room: room.to_owned(),
            name: name.to_owned(),
            join,
        })
        .await?;
        loop {
            match self.recv(timeout).await? {
                ServerMsg::Welcome { .. } => return Ok(()),
                ServerMsg::Rejected { reason } => return Err(ClientError::Refused(reason)),
                _ => {}
            }
        }
    }

    /// First round of the draw: commits to a fresh random contribution, kept for the reveal
    /// and the final check.
    ///
    /// # Errors
    /// No system randomness, or the socket failed.
    pub async fn commit(&mut self) -> Result<(), ClientError> {
        let bytes = fair::random32().map_err(|e| ClientError::Socket(e.to_string()))?;
        self.commit_bytes(&bytes).await
    }

    /// # Errors
    /// The socket failed.
    pub async fn commit_bytes(&mut self, bytes: &fair::Bytes32) -> Result<(), ClientError> {
        self.view.my_contribution = Some(fair::to_hex(bytes));
        let hash = fair::to_hex(&fair::contribution_hash(bytes));
        self.view.draw_sent = Some(DrawDuty::Commit);
        self.send(&ClientMsg::Commit { hash }).await
    }

    /// Second round, after `reveal_now`: sends the contribution committed to.
    ///
    /// # Errors
    /// Nothing was committed on this client, or the socket failed.
    pub async fn reveal(&mut self) -> Result<(), ClientError> {
        let contribution = self
            .view
            .my_contribution
            .clone()
            .ok_or_else(|| ClientError::Socket("nothing committed to reveal".into()))?;
        self.view.draw_sent = Some(DrawDuty::Reveal);
        self.send(&ClientMsg::Contribute { contribution }).await
    }

    /// Does whatever the draw asks of this player now (see [`ClientView::draw_duty`]).
    ///
    /// # Errors
    /// As [`Client::commit`] and [`Client::reveal`].
    pub async fn draw_duty(&mut self) -> Result<(), ClientError> {
        match self.view.draw_duty() {
            Some(DrawDuty::Commit) => self.commit().await,
            Some(DrawDuty::Reveal) => self.reveal().await,
            None => Ok(()),
        }
    }

    /// Closes politely.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(address: &str, tls: bool, pin: Option<&str>) -> Target {
        Target {
            address: address.into(),
            tls,
            pin: pin.map(Into::into),
        }
    }

    #[test]
    fn addresses_and_join_links_are_read() {
        let fp = "ab".repeat(32);
        let cases = [
            (
                "192.168.1.20:7878",
                target("192.168.1.20:7878", false, None),
            ),
            (
                "http://192.168.1.20:7878/?room=K7QXD",
                target("192.168.1.20:7878", false, None),
            ),
            ("ws://[::1]:7878/ws", target("[::1]:7878", false, None)),
            (
                &format!(
                    "https://203.0.113.5:7878/?room=K7QXD&fp={}",
                    fp.to_uppercase()
                ),
                target("203.0.113.5:7878", true, Some(&fp)),
            ),
            (
                "https://table.example.org/?room=K7QXD",
                target("table.example.org:443", true, None),
            ),
            ("wss://[::1]/ws", target("[::1]:443", true, None)),
        ];
        for (text, want) in cases {
            assert_eq!(Target::parse(text).ok(), Some(want), "{text}");
        }
        assert_eq!(
            Target::parse(&format!("https://h:1/?fp={fp}"))
                .map(|t| t.ws_url())
                .ok(),
            Some("wss://h:1/ws".into())
        );
    }

    #[test]
    fn bad_addresses_are_refused_with_a_reason() {
        let fp = "ab".repeat(32);
        for text in [
            "not an address",
            "192.168.1.20",
            "http://192.168.1.20:0/",
            "ftp://h:1/",
            "https://h:1/?fp=1234",
            &format!("http://h:1/?fp={fp}"),
            &format!("h:1/?fp={fp}"),
        ] {
            assert!(
                matches!(Target::parse(text), Err(ClientError::Address(_))),
                "{text}"
            );
        }
    }
}
