//! The headless host (what `carcassonne host` runs): listens, reports its addresses, serves the
//! page and the protocol, stops when told.

use carcassonne_net::headless::{run_host_until, Headless};
use carcassonne_net::host::HostConfig;
use carcassonne_net::protocol::Phase;
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn the_headless_host_reports_its_addresses_serves_and_stops() {
    let (ready_tx, ready_rx) = mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let options = Headless {
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 0,
        config: HostConfig::default(),
        name: "Test table".into(),
        advertise: false,
        assets: None,
        resume: None,
        on_change: None,
        tls: None,
    };
    let server = std::thread::spawn(move || {
        run_host_until(
            options,
            |ready| ready_tx.send(ready.clone()).expect("the test listens"),
            async {
                let _ = stop_rx.await;
            },
        )
    });
    let ready = ready_rx
        .recv_timeout(Duration::from_secs(10))
        .expect("ready in time");
    assert_eq!(ready.room.len(), 5);
    assert!(ready.join_url.starts_with("http://127.0.0.1:"));
    assert!(ready.join_url.ends_with(&format!("/?room={}", ready.room)));
    assert!(ready.admin_url.contains("&admin="));
    assert!(ready.advertised.is_err(), "not asked to advertise");
    let addr = ready.join_url["http://".len()..]
        .split('/')
        .next()
        .expect("host:port")
        .to_owned();
    let page = get(&addr, "/?room=X");
    assert!(page.starts_with("HTTP/1.1 200"));
    assert!(page.contains("Carcassonne — join a table</title>"));
    // the words the page imports, English and French
    let words = get(&addr, "/page-words.js");
    assert!(words.starts_with("HTTP/1.1 200"), "{words}");
    assert!(words.contains("text/javascript"));
    assert!(words.contains("export const fr") && words.contains("Rejoindre comme joueur"));
    stop_tx.send(()).expect("the server listens");
    let host = server.join().expect("no panic").expect("no error");
    assert_eq!(host.phase(), Phase::Lobby);
}

/** One HTTP/1.1 GET on a new connection: the whole answer, headers included. */
fn get(addr: &str, path: &str) -> String {
    let mut http = TcpStream::connect(addr).expect("connect");
    http.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        http,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .expect("write");
    let mut answer = String::new();
    http.read_to_string(&mut answer).expect("read");
    answer
}
