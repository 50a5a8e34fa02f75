//! A real host on 127.0.0.1: the transport's sockets around a [`HostState`], stopped by the
//! test (and bounded by [`WAIT`]).

use carcassonne_net::client::Client;
use carcassonne_net::host::{HostConfig, HostState};
use carcassonne_net::protocol::{AdminCommand, ClientMsg, Join};
use carcassonne_net::transport;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Any single wait longer than this is a bug, not slowness.
pub const WAIT: Duration = Duration::from_secs(10);

pub struct Server {
    /// `127.0.0.1:PORT`, as a client connects to it.
    pub addr: String,
    pub socket: SocketAddr,
    pub room: String,
    pub admin: String,
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<HostState>>,
}

/// Serves a table made with `config`, its draw entropy `[entropy; 32]`, on a free port.
pub async fn serve(config: HostConfig, entropy: u8) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let socket = listener.local_addr().expect("address");
    let host = HostState::new(config, [entropy; 32]);
    let (room, admin) = (host.room().to_owned(), host.admin_token().to_owned());
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(transport::run(listener, host, async move {
        let _ = stopped.await;
    }));
    Server {
        addr: socket.to_string(),
        socket,
        room,
        admin,
        stop,
        task,
    }
}

impl Server {
    /// Stops the host and returns its state as it ended.
    pub async fn stop(self) -> HostState {
        let _ = self.stop.send(());
        tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the server stops by itself")
            .expect("no panic")
            .expect("no I/O error")
    }

    /// A client welcomed at the table as `name`.
    pub async fn client(&self, name: &str, join: Join) -> Client {
        let mut c = Client::connect(&self.addr).await.expect("connect");
        c.hello(&self.room, name, join, WAIT)
            .await
            .expect("welcome");
        c
    }

    /// Sends a host command from `c` with the admin token.
    pub async fn admin(&self, c: &mut Client, command: AdminCommand) {
        let token = self.admin.clone();
        c.send(&ClientMsg::Admin { token, command })
            .await
            .expect("send");
    }
}
