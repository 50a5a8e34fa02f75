//! A connection as the HTTP server sees it: the door's stream itself, or TLS over it.
//!
//! The TLS handshake runs inside the connection's first reads and writes (not in the
//! listener's accept, which would let one slow handshake hold up every other newcomer), on
//! top of the door's stream: a handshake that never completes, or bytes that are not a
//! ClientHello, are cut by the same HTTP deadline and per-address limits as a slow request.

use super::gate::GatedIo;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_rustls::server::TlsStream;
use tokio_rustls::{Accept, TlsAcceptor};

pub enum HostIo {
    Plain(GatedIo),
    Handshake(Box<Accept<GatedIo>>),
    Tls(Box<TlsStream<GatedIo>>),
    /// The handshake failed: every later read or write fails too.
    Failed,
}

impl HostIo {
    pub fn new(io: GatedIo, tls: Option<&TlsAcceptor>) -> HostIo {
        match tls {
            Some(acceptor) => HostIo::Handshake(Box::new(acceptor.accept(io))),
            None => HostIo::Plain(io),
        }
    }

    /// Drives the handshake, if one is under way; ready once the stream can carry data.
    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let HostIo::Handshake(accept) = self else {
            return match self {
                HostIo::Failed => Poll::Ready(Err(failed())),
                _ => Poll::Ready(Ok(())),
            };
        };
        match Pin::new(accept.as_mut()).poll(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Ok(stream)) => {
                *self = HostIo::Tls(Box::new(stream));
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => {
                *self = HostIo::Failed;
                Poll::Ready(Err(e))
            }
        }
    }
}

fn failed() -> io::Error {
    io::Error::new(io::ErrorKind::ConnectionAborted, "the TLS handshake failed")
}

macro_rules! ready_or_return {
    ($e:expr) => {
        match $e {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
            Poll::Pending => return Poll::Pending,
        }
    };
}

impl AsyncRead for HostIo {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready_or_return!(this.poll_ready(cx));
        match this {
            HostIo::Plain(io) => Pin::new(io).poll_read(cx, buf),
            HostIo::Tls(io) => Pin::new(io.as_mut()).poll_read(cx, buf),
            HostIo::Handshake(_) | HostIo::Failed => Poll::Ready(Err(failed())),
        }
    }
}

impl AsyncWrite for HostIo {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready_or_return!(this.poll_ready(cx));
        match this {
            HostIo::Plain(io) => Pin::new(io).poll_write(cx, buf),
            HostIo::Tls(io) => Pin::new(io.as_mut()).poll_write(cx, buf),
            HostIo::Handshake(_) | HostIo::Failed => Poll::Ready(Err(failed())),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready_or_return!(this.poll_ready(cx));
        match this {
            HostIo::Plain(io) => Pin::new(io).poll_flush(cx),
            HostIo::Tls(io) => Pin::new(io.as_mut()).poll_flush(cx),
            HostIo::Handshake(_) | HostIo::Failed => Poll::Ready(Err(failed())),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            HostIo::Plain(io) => Pin::new(io).poll_shutdown(cx),
            HostIo::Tls(io) => Pin::new(io.as_mut()).poll_shutdown(cx),
            // Nothing was ever sent over TLS: the socket simply closes when dropped.
            HostIo::Handshake(_) | HostIo::Failed => Poll::Ready(Ok(())),
        }
    }
}
