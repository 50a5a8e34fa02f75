//! A real browser (Debian's chromium driven by playwright-core) opens the host-served page,
//! joins with the room code, and plays a move. Needs `apt-get install chromium` and
//! `npm ci --prefix crates/net/e2e`; run with
//! `cargo test -p carcassonne-net --test browser -- --ignored`.

use carcassonne_net::headless::{run_host_until, Headless};
use carcassonne_net::host::HostConfig;
use carcassonne_net::protocol::Phase;
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

#[test]
#[ignore = "needs chromium and crates/net/e2e/node_modules (npm ci)"]
fn a_browser_joins_with_the_room_code_and_plays_a_move() {
    let (ready_tx, ready_rx) = mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let options = Headless {
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 0,
        config: HostConfig::default(),
        name: "Browser test".into(),
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
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/join.mjs");
    let out = Command::new("node")
        .arg(script)
        .arg(&ready.admin_url)
        .output()
        .expect("node runs");
    let _ = stop_tx.send(());
    let host = server.join().expect("no panic").expect("no error");
    assert!(
        out.status.success(),
        "browser script failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(host.phase(), Phase::Playing);
    let record = host.record().expect("the game began");
    assert_eq!(
        record.actions.first().map(|a| a.seat),
        Some(0),
        "the browser's move"
    );
}
