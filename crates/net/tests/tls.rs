//! The host over TLS on 127.0.0.1 (a self-signed certificate made here): the door's deadlines
//! cut TLS handshakes that never finish and WSS connections that never say hello, as they cut
//! slow plain requests; the `Origin` check holds over TLS (its own `https://` page upgrades,
//! another site's is refused). The real `carcassonne host` over TLS is tested in
//! `crates/cli/tests/host_tls.rs`.

use carcassonne_net::client::{Client, ClientError, Target};
use carcassonne_net::headless::join_link;
use carcassonne_net::host::{HostConfig, HostState, Limits};
use carcassonne_net::protocol::{ClientMsg, Join, ServerMsg};
use carcassonne_net::tls::{self, ServerIdentity};
use carcassonne_net::transport::{self, Serving};
use rustls::pki_types::ServerName;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// Any single wait longer than this is a bug, not slowness.
const WAIT: Duration = Duration::from_secs(10);

fn identity() -> ServerIdentity {
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).expect("rcgen");
    // One folder per server: the tests run in parallel.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("carcassonne-net-tls-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).expect("write");
    std::fs::write(&key, made.key_pair.serialize_pem()).expect("write");
    let identity = ServerIdentity::load(&cert, &key).expect("a good certificate");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(identity.fingerprint, tls::fingerprint(made.cert.der()));
    identity
}

struct Server {
    addr: SocketAddr,
    link: String,
    room: String,
    fingerprint: String,
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<HostState>>,
}

async fn serve(limits: Limits) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let config = HostConfig {
        limits,
        ..HostConfig::default()
    };
    let host = HostState::new(config, [9; 32]);
    let room = host.room().to_owned();
    let tls = identity();
    let fingerprint = tls.fingerprint.clone();
    let link = join_link(addr, &room, Some(&fingerprint));
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = Serving {
        tls: Some(tls),
        ..Serving::default()
    };
    let task = tokio::spawn(transport::run_serving(
        listener,
        host,
        serving,
        async move {
            let _ = stopped.await;
        },
    ));
    Server {
        addr,
        link,
        room,
        fingerprint,
        stop,
        task,
    }
}

impl Server {
    async fn stop(self) {
        let _ = self.stop.send(());
        let _ = tokio::time::timeout(WAIT, self.task).await;
    }
}

/// Reads until the host closes the connection (end of stream or an error), within `WAIT`.
async fn closed_by_host(mut s: impl AsyncRead + Unpin) -> bool {
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
async fn unfinished_handshakes_and_silent_wss_are_closed_by_the_doors_deadlines() {
    let server = serve(Limits {
        hello_deadline: Duration::from_millis(300),
        http_idle: Duration::from_millis(300),
        ..Limits::default()
    })
    .await;
    let mut player = Client::connect(&server.link).await.expect("connect");
    player
        .hello(&server.room, "Ada", Join::Player { seat: None }, WAIT)
        .await
        .expect("seated");
    // Opened after the player joined, so their deadlines end after the player's would have.
    let silent = TcpStream::connect(server.addr).await.expect("connect");
    let mut half = TcpStream::connect(server.addr).await.expect("connect");
    // A TLS record announcing a ClientHello of 512 bytes, and 5 of them.
    half.write_all(&[0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03])
        .await
        .expect("write");
    let mut no_hello = Client::connect(&server.link).await.expect("connect");
    assert!(closed_by_host(silent).await, "a silent socket is closed");
    assert!(
        closed_by_host(half).await,
        "a handshake never finished is closed"
    );
    match no_hello.recv(WAIT).await {
        Err(ClientError::Closed | ClientError::Socket(_)) => {}
        other => panic!("a WSS connection without hello must be closed: {other:?}"),
    }
    // The player, welcomed in time, has no deadline.
    player.send(&ClientMsg::Sync).await.expect("still open");
    match player.recv(WAIT).await {
        Ok(ServerMsg::Snapshot { .. }) => {}
        other => panic!("the joined player was cut: {other:?}"),
    }
    server.stop().await;
}

/// A WebSocket upgrade by hand over TLS (the certificate pinned), with `origin` if any: the
/// status code of the answer.
async fn upgrade_status(server: &Server, origin: Option<&str>) -> u16 {
    let tcp = TcpStream::connect(server.addr).await.expect("connect");
    let config = tls::client_config(Some(server.fingerprint.clone()), Arc::new(Mutex::new(None)))
        .expect("config");
    let name = ServerName::try_from("127.0.0.1").expect("name");
    let mut s = tokio_rustls::TlsConnector::from(config)
        .connect(name, tcp)
        .await
        .expect("the handshake");
    let addr = server.addr;
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
        .expect("read");
    String::from_utf8_lossy(&status[9..12])
        .parse()
        .expect("a status code")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_tls_its_own_https_page_upgrades_and_another_sites_is_refused() {
    let server = serve(Limits::default()).await;
    let own = format!("https://{}", server.addr);
    assert_eq!(upgrade_status(&server, Some(&own)).await, 101);
    assert_eq!(upgrade_status(&server, None).await, 101);
    assert_eq!(
        upgrade_status(&server, Some("https://evil.example")).await,
        403
    );
    assert_eq!(
        Target::parse(&server.link).map(|t| t.pin).ok(),
        Some(Some(server.fingerprint.clone()))
    );
    server.stop().await;
}
