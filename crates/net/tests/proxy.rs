//! A host behind a reverse proxy (`Limits::trusted_proxies`, `carcassonne host
//! --trusted-proxy`), on loopback: 127.0.0.2 plays the proxy (every connection from it names
//! its client in `X-Forwarded-For`), 127.0.0.1 a stranger who writes the same header. Only
//! the proxy's is believed, and the limits per address then apply per client, not to the
//! proxy as a whole.

mod common;

use carcassonne_net::host::{HostConfig, Limits, Pace};
use carcassonne_net::protocol::{ClientMsg, Join, Reject, ServerMsg, PROTOCOL_VERSION};
use common::server::{self, Server, WAIT};
use futures_util::{SinkExt, StreamExt};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

const PROXY: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
const STRANGER: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
const HOUR: Duration = Duration::from_secs(3600);

async fn serve() -> Server {
    let config = HostConfig {
        limits: Limits {
            per_address: 3,
            room_guesses: Pace {
                burst: 2,
                every: HOUR,
            },
            trusted_proxies: vec![PROXY],
            ..Limits::default()
        },
        ..HostConfig::default()
    };
    server::serve(config, 9).await
}

type Ws = WebSocketStream<TcpStream>;

/// A WebSocket to the host from `local`, its upgrade saying `X-Forwarded-For: forwarded`.
async fn open(server: &Server, local: IpAddr, forwarded: &str) -> Ws {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::new(local, 0)).expect("bind");
    let tcp = socket.connect(server.socket).await.expect("connect");
    let mut request = format!("ws://{}/ws", server.socket)
        .into_client_request()
        .expect("request");
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded.parse().expect("header"));
    let (ws, _) = tokio_tungstenite::client_async(request, tcp)
        .await
        .expect("upgraded");
    ws
}

/// Says hello and returns the host's answer: a welcome, a refusal, or `None` when the
/// connection was closed (by the door).
async fn hello(ws: &mut Ws, room: &str, join: Join) -> Option<ServerMsg> {
    let msg = ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        room: room.to_owned(),
        name: "Eve".into(),
        join,
    };
    if ws.send(Message::text(msg.to_json())).await.is_err() {
        return None;
    }
    loop {
        match tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("an answer in time")
        {
            Some(Ok(Message::Text(t))) => {
                let m: ServerMsg = serde_json::from_str(t.as_str()).expect("a message");
                if matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Rejected { .. }) {
                    return Some(m);
                }
            }
            Some(Ok(Message::Close(_)) | Err(_)) | None => return None,
            Some(Ok(_)) => {}
        }
    }
}

async fn watches(ws: &mut Ws, room: &str) -> bool {
    matches!(
        hello(ws, room, Join::Spectator).await,
        Some(ServerMsg::Welcome { .. })
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_a_trusted_proxy_each_client_has_its_own_share_of_the_door() {
    let server = serve().await;
    let room = server.room.clone();
    // Three idle WebSockets for each of two clients, all through the proxy: each client's
    // share is full, nobody's is exceeded (counted as the proxy, the first three would go).
    let mut ada = Vec::new();
    let mut bo = Vec::new();
    for _ in 0..3 {
        ada.push(open(&server, PROXY, "10.0.0.1").await);
        bo.push(open(&server, PROXY, "198.51.100.4, 10.0.0.2").await);
    }
    // One more for the first client: its own oldest goes, the other's stay.
    ada.push(open(&server, PROXY, "10.0.0.1").await);
    let mut first = ada.remove(0);
    assert!(
        !watches(&mut first, &room).await,
        "the client's oldest was closed"
    );
    for (i, ws) in ada.iter_mut().chain(bo.iter_mut()).enumerate() {
        assert!(watches(ws, &room).await, "connection {i} still open");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_s_forwarded_header_is_ignored() {
    let server = serve().await;
    let room = server.room.clone();
    // Four clients named, but all from one address that is no proxy: one share of three.
    let mut all = Vec::new();
    for i in 1..=4 {
        all.push(open(&server, STRANGER, &format!("10.0.0.{i}")).await);
    }
    assert!(
        !watches(&mut all[0], &room).await,
        "the fourth closed the first"
    );
    for ws in &mut all[1..] {
        assert!(watches(ws, &room).await);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_code_guesses_are_counted_per_forwarded_client() {
    let server = serve().await;
    let wrong = if server.room == "AAAAA" {
        "BBBBB"
    } else {
        "AAAAA"
    };
    let guess = |ws| async move {
        let mut ws = ws;
        hello(&mut ws, wrong, Join::Spectator).await
    };
    // The guesser's allowance (two) runs out; the next hello is refused as a guess.
    for _ in 0..2 {
        let answer = guess(open(&server, PROXY, "10.0.0.66").await).await;
        assert!(
            matches!(
                answer,
                Some(ServerMsg::Rejected {
                    reason: Reject::WrongRoom
                })
            ),
            "{answer:?}"
        );
    }
    let answer = guess(open(&server, PROXY, "10.0.0.66").await).await;
    assert!(
        matches!(
            answer,
            Some(ServerMsg::Rejected {
                reason: Reject::TooManyGuesses { .. }
            })
        ),
        "{answer:?}"
    );
    // Another client through the same proxy joins, and so does the stranger.
    let mut other = open(&server, PROXY, "10.0.0.67").await;
    assert!(
        watches(&mut other, &server.room).await,
        "another client of the proxy"
    );
    // A stranger naming the guesser is the stranger: its own allowance.
    let answer = guess(open(&server, STRANGER, "10.0.0.66").await).await;
    assert!(
        matches!(
            answer,
            Some(ServerMsg::Rejected {
                reason: Reject::WrongRoom
            })
        ),
        "{answer:?}"
    );
    server.stop().await;
}
