//! The LAN host takes WebSockets from its own page, the app and native clients only (real
//! handshakes on 127.0.0.1): another site's page open in a player's browser is refused with 403
//! before any upgrade, so it can neither join nor guess room codes from there.

mod common;

use carcassonne_net::client::Client;
use carcassonne_net::host::HostConfig;
use carcassonne_net::protocol::{ClientMsg, Join, ServerMsg, PROTOCOL_VERSION};
use carcassonne_net::transport::origin_allowed;
use common::server::{self, Server, WAIT};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

async fn serve() -> Server {
    server::serve(HostConfig::default(), 5).await
}

/// A WebSocket upgrade by hand, with `origin` if any: the status code of the answer.
async fn upgrade_status(addr: &str, origin: Option<&str>) -> u16 {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n{origin}\r\n"
    );
    s.write_all(request.as_bytes()).await.expect("write");
    let mut status = [0u8; 12];
    tokio::time::timeout(WAIT, s.read_exact(&mut status))
        .await
        .expect("an answer in time")
        .expect("a status line");
    // "HTTP/1.1 101"
    let code = std::str::from_utf8(&status[9..12]).expect("ascii");
    code.parse().expect("a status code")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_page_is_refused_and_the_table_s_own_page_and_native_clients_join() {
    let server = serve().await;
    let addr = server.addr.clone();
    let port = addr.rsplit(':').next().expect("port").to_owned();
    for foreign in [
        "http://evil.example".to_owned(),
        format!("http://evil.example:{port}"),
        // Another port of the same machine is another site.
        "http://127.0.0.1:1".to_owned(),
        "null".to_owned(),
        String::new(),
    ] {
        assert_eq!(
            upgrade_status(&addr, Some(&foreign)).await,
            403,
            "Origin {foreign:?} is refused before the upgrade"
        );
    }
    for own in [
        None,
        Some(format!("http://{addr}")),
        Some("tauri://localhost".to_owned()),
        Some("http://tauri.localhost".to_owned()),
    ] {
        assert_eq!(
            upgrade_status(&addr, own.as_deref()).await,
            101,
            "Origin {own:?} may upgrade"
        );
    }

    // Its own page's origin goes all the way: welcomed at the table.
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("request");
    let origin = format!("http://{addr}").parse().expect("header");
    request.headers_mut().insert("Origin", origin);
    let (mut ws, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("its own page connects");
    let hello = ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        room: server.room.clone(),
        name: "Page".into(),
        join: Join::Spectator,
    };
    ws.send(Message::Text(hello.to_json().into()))
        .await
        .expect("send");
    let frame = tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("an answer in time")
        .expect("a frame")
        .expect("no error");
    let msg: ServerMsg = serde_json::from_str(frame.to_text().expect("text")).expect("a message");
    assert!(matches!(msg, ServerMsg::Welcome { .. }), "{msg:?}");
    // The app's Rust client sends no Origin.
    let mut app = Client::connect(&addr).await.expect("connect");
    app.hello(&server.room, "App", Join::Spectator, WAIT)
        .await
        .expect("the native client is welcomed");
    server.stop().await;
}

#[test]
fn the_rule_by_itself() {
    let host = Some("192.168.1.20:7878");
    assert!(origin_allowed(None, host));
    assert!(origin_allowed(Some("http://192.168.1.20:7878"), host));
    assert!(origin_allowed(Some("https://192.168.1.20:7878"), host));
    assert!(origin_allowed(Some("tauri://localhost"), None));
    assert!(!origin_allowed(Some("http://192.168.1.20:7879"), host));
    assert!(!origin_allowed(Some("http://192.168.1.20"), host));
    assert!(!origin_allowed(Some("http://192.168.1.20:7878"), None));
    assert!(!origin_allowed(
        Some("http://evil.example/192.168.1.20:7878"),
        host
    ));
    assert!(!origin_allowed(Some("ftp://192.168.1.20:7878"), host));
}
