//! The door (`transport::gate`) on 127.0.0.1: no number of idle sockets or half-open requests
//! locks a seat holder out, connections that never say hello or never finish a request are
//! closed by their deadlines, and spectators cannot take the players' places.

mod common;

use carcassonne_net::client::{Client, ClientError};
use carcassonne_net::host::{HostConfig, Limits};
use carcassonne_net::protocol::{ClientMsg, Join, Reject, ServerMsg};
use common::server::{self, Server, WAIT};
use common::World;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn serve(limits: Limits) -> Server {
    let config = HostConfig {
        limits,
        ..HostConfig::default()
    };
    server::serve(config, 9).await
}

/// A WebSocket upgrade by hand, its answer's status line read; then nothing more is said.
async fn idle_websocket(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    s.write_all(request.as_bytes()).await.expect("write");
    let mut status = [0u8; 12];
    let _ = tokio::time::timeout(WAIT, s.read_exact(&mut status)).await;
    s
}

/// A request whose headers never end.
async fn half_open_request(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await;
    s
}

/// Reads until the host closes the connection (end of stream or an error), within `WAIT`.
async fn closed_by_host(mut s: TcpStream) -> bool {
    let mut buf = [0u8; 512];
    let read_to_end = async {
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(WAIT, read_to_end).await.is_ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_sockets_and_half_open_requests_do_not_lock_a_seat_holder_out() {
    // The default limits: what saves the seat holder is the door, not a deadline running out.
    let server = serve(Limits::default()).await;
    let mut c = Client::connect(&server.addr).await.expect("connect");
    c.hello(&server.room, "Ada", Join::Player { seat: None }, WAIT)
        .await
        .expect("seated");
    let token = c.view.token().expect("token").to_owned();
    c.close().await;

    let mut flood = Vec::new();
    for _ in 0..200 {
        flood.push(idle_websocket(&server.addr).await);
    }
    for _ in 0..1000 {
        flood.push(half_open_request(&server.addr).await);
    }

    let started = Instant::now();
    let mut back = Client::connect(&server.addr)
        .await
        .expect("the door lets a newcomer in");
    back.hello(&server.room, "Ada", Join::Resume { token }, WAIT)
        .await
        .expect("back in the seat");
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "the reconnection took {took:?}"
    );
    drop(flood);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_websocket_and_slow_headers_are_closed_by_their_deadlines() {
    let server = serve(Limits {
        hello_deadline: Duration::from_millis(300),
        http_idle: Duration::from_millis(300),
        ..Limits::default()
    })
    .await;
    let mut player = Client::connect(&server.addr).await.expect("connect");
    player
        .hello(&server.room, "Ada", Join::Player { seat: None }, WAIT)
        .await
        .expect("seated");
    // Opened after the player joined, so their deadlines end after the player's would have.
    let silent = idle_websocket(&server.addr).await;
    let slow = half_open_request(&server.addr).await;
    assert!(
        closed_by_host(silent).await,
        "a WebSocket without hello is closed"
    );
    assert!(
        closed_by_host(slow).await,
        "headers that never end are closed"
    );
    // The player, welcomed in time, has no deadline.
    player.send(&ClientMsg::Sync).await.expect("still open");
    match player.recv(WAIT).await {
        Ok(ServerMsg::Snapshot { .. }) => {}
        other => panic!("the joined player was cut: {other:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_flood_is_refused_and_a_seat_still_taken() {
    let server = serve(Limits {
        spectators: 3,
        ..Limits::default()
    })
    .await;
    let mut watching = Vec::new();
    for i in 0..3 {
        let mut s = Client::connect(&server.addr).await.expect("connect");
        s.hello(&server.room, &format!("Eve{i}"), Join::Spectator, WAIT)
            .await
            .expect("watching");
        watching.push(s);
    }
    let mut extra = Client::connect(&server.addr).await.expect("connect");
    match extra
        .hello(&server.room, "Mallory", Join::Spectator, WAIT)
        .await
    {
        Err(ClientError::Refused(Reject::TooManySpectators { limit: 3 })) => {}
        other => panic!("a spectator past the limit: {other:?}"),
    }
    let mut player = Client::connect(&server.addr).await.expect("connect");
    player
        .hello(&server.room, "Ada", Join::Player { seat: None }, WAIT)
        .await
        .expect("a seat is not a spectator's place");
    server.stop().await;
}

#[test]
fn the_spectator_limit_in_the_state_machine() {
    let mut w = World::new(HostConfig {
        limits: Limits {
            spectators: 1,
            ..Limits::default()
        },
        ..HostConfig::default()
    });
    let _eve = w.spectate("Eve");
    let c = w.connect();
    w.hello(c, "Mallory", Join::Spectator);
    assert_eq!(w.rejected(c), Reject::TooManySpectators { limit: 1 });
}
