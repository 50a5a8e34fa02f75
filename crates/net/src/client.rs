//! A Rust client for the app (and the tests): one WebSocket to a host, messages folded into a
//! [`ClientView`]. The app's link to a table (`crates/api`) relays the UI's messages through
//! it as text ([`Client::relay`], [`Client::recv_text`]); tests and tools speak
//! [`ClientMsg`] and [`ServerMsg`].

use crate::fair;
use crate::protocol::{ClientMsg, Join, Reject, ServerMsg, PROTOCOL_VERSION};
use crate::view::{ClientView, DrawDuty};
use futures_util::{SinkExt, StreamExt};
use std::fmt;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

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
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Socket(e) => write!(f, "connection failed: {e}"),
            ClientError::Closed => write!(f, "the host closed the connection"),
            ClientError::Timeout => write!(f, "the host did not answer in time"),
            ClientError::Refused(r) => write!(f, "the host refused: {r:?}"),
            ClientError::Garbled(e) => write!(f, "the host sent an unreadable message: {e}"),
        }
    }
}

impl std::error::Error for ClientError {}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub view: ClientView,
}

impl Client {
    /// Opens `ws://ADDRESS/ws` (without Nagle's delay: messages are small and urgent) (`address` like `192.168.1.20:7878`).
    ///
    /// # Errors
    /// [`ClientError::Socket`].
    pub async fn connect(address: &str) -> Result<Client, ClientError> {
        let url = format!("ws://{address}/ws");
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
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
