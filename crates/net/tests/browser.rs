//! A real browser (Debian's chromium driven by playwright-core) opens the host-served page,
//! joins with the room code, and plays a move. Needs `apt-get install chromium` and
//! `npm ci --prefix crates/net/e2e`; run with
//! `cargo test -p carcassonne-net --test browser -- --ignored`.

use carcassonne_net::client::Client;
use carcassonne_net::headless::{run_host_until, Headless};
use carcassonne_net::host::{HostConfig, TableSave};
use carcassonne_net::protocol::{AdminCommand, BotLevel, ClientMsg, Join, Phase, SeatKind};
use carcassonne_net::view::ClientView;
use std::io::{BufRead, Write};
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[test]
#[ignore = "needs chromium and crates/net/e2e/node_modules (npm ci)"]
fn a_browser_joins_with_the_room_code_and_plays_a_move() {
    let (host, out) = join_from_a_browser("en-US");
    assert_eq!(out["lang"], "en");
    assert_eq!(host.phase(), Phase::Playing);
    let record = host.record().expect("the game began");
    assert_eq!(
        record.actions.first().map(|a| a.seat),
        Some(0),
        "the browser's move"
    );
}

/// A French phone reads the plain page in French (ui/src/i18n/page.js): join.mjs checks that
/// none of the page's English is left once it joined, filled the table and played.
#[test]
#[ignore = "needs chromium and crates/net/e2e/node_modules (npm ci)"]
fn a_french_phone_reads_the_plain_page_in_french() {
    let (host, out) = join_from_a_browser("fr-FR");
    assert_eq!(out["lang"], "fr");
    let played = out["played"].as_str().expect("a move's label");
    assert!(played.starts_with("Poser en ("), "a French move: {played}");
    let record = host.record().expect("the game began");
    assert_eq!(record.actions.first().map(|a| a.seat), Some(0));
}

/// join.mjs in a browser of this language against a new host: the host once stopped, and what
/// the page printed.
fn join_from_a_browser(locale: &str) -> (carcassonne_net::host::HostState, serde_json::Value) {
    let host = start(0, None);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/join.mjs");
    let out = Command::new("node")
        .arg(script)
        .arg(&host.ready.admin_url)
        .env("PAGE_LOCALE", locale)
        .output()
        .expect("node runs");
    let host = host.stop();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "browser script failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = stdout.lines().last().expect("the script prints its result");
    (host, serde_json::from_str(last).expect("JSON"))
}

/// Waits up to `WAIT` until `done` holds for the client's view, asking for a snapshot when
/// nothing comes for a while (a contribution or a presence does not always reach every seat).
async fn until(c: &mut Client, done: impl Fn(&ClientView) -> bool) {
    let deadline = std::time::Instant::now() + WAIT;
    while !done(&c.view) {
        assert!(
            std::time::Instant::now() < deadline,
            "never came: {:?}",
            c.view.phase
        );
        if c.recv(Duration::from_millis(200)).await.is_err() {
            c.send(&ClientMsg::Sync).await.expect("sync sent");
        }
    }
}

/// A host on 127.0.0.1 in a thread of its own, from a table save or new; stopped by `stop`.
struct Running {
    ready: carcassonne_net::headless::Ready,
    stop: tokio::sync::oneshot::Sender<()>,
    thread: std::thread::JoinHandle<std::io::Result<carcassonne_net::host::HostState>>,
}

fn start(port: u16, resume: Option<TableSave>) -> Running {
    let (ready_tx, ready_rx) = mpsc::channel();
    let (stop, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let config = HostConfig {
        // a quick game: the bot thinks little, and a seat away may go to a bot at once
        bot_think: Some(Duration::from_millis(20)),
        bot_grace: Duration::ZERO,
        away_level: BotLevel::Easy,
        ..HostConfig::default()
    };
    let options = Headless {
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port,
        config,
        name: "Browser test".into(),
        advertise: false,
        assets: None,
        resume,
        on_change: None,
        tls: None,
    };
    let thread = std::thread::spawn(move || {
        run_host_until(
            options,
            |ready| ready_tx.send(ready.clone()).expect("the test listens"),
            async {
                let _ = stop_rx.await;
            },
        )
    });
    let ready = ready_rx.recv_timeout(WAIT).expect("ready in time");
    Running {
        ready,
        stop,
        thread,
    }
}

impl Running {
    fn stop(self) -> carcassonne_net::host::HostState {
        let _ = self.stop.send(());
        self.thread.join().expect("no panic").expect("no error")
    }
}

const WAIT: Duration = Duration::from_secs(20);

/// The attack on the phone page (issue #27, finding 1): the page plays seat 1, the
/// host's operator seat 2. Once the page revealed its share, the operator stops the host,
/// writes other entropy (so another secret, chosen knowing the share) into the table and
/// starts it again, then reveals its own share and leaves (a bot plays its seat). The page
/// pinned the first commitment: it says so as soon as it is back, and its check at the end
/// fails. The same restart without the edit checks out. Screenshots in $SHOTS if set.
fn phone_page_after_a_restart(edit: bool) -> serde_json::Value {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let first = start(0, None);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/fair.mjs");
    let mut node = Command::new("node")
        .arg(script)
        .arg(&first.ready.admin_url)
        .arg(if edit { "edited" } else { "honest" })
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs");
    let mut to_node = node.stdin.take().expect("piped");
    let (tx, lines) = mpsc::channel();
    let stdout = node.stdout.take().expect("piped");
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let line = lines.recv_timeout(WAIT).expect("the page joins");
    assert_eq!(line, "joined");
    let (port, room) = (first.ready.port, first.ready.room.clone());
    let addr = format!("127.0.0.1:{port}");
    let admin = first
        .ready
        .admin_url
        .split("&admin=")
        .nth(1)
        .expect("an admin token")
        .to_owned();
    // The operator takes seat 2, starts, commits, and waits for the page's share.
    let operator = rt.block_on(async {
        let mut op = Client::connect(&addr).await.expect("connect");
        op.hello(&room, "Operator", Join::Player { seat: Some(1) }, WAIT)
            .await
            .expect("seat 2");
        op.send(&ClientMsg::Admin {
            token: admin,
            command: AdminCommand::Start,
        })
        .await
        .expect("sent");
        until(&mut op, |v| v.phase == Phase::Drawing).await;
        op.commit().await.expect("committed");
        until(&mut op, |v| v.contributed.first() == Some(&true)).await;
        assert_eq!(
            op.view.phase,
            Phase::Drawing,
            "the operator has not revealed"
        );
        op.view.clone()
    });
    // Stop, edit the table's entropy (the draw's secret), start again at the same address.
    let save = first.stop().save();
    let mut json: serde_json::Value = serde_json::from_str(&save.to_json()).expect("JSON");
    if edit {
        json["entropy"] = serde_json::to_value([7u8; 32]).expect("JSON");
    }
    let second = start(
        port,
        Some(TableSave::from_json(&json.to_string()).expect("the save reads back")),
    );
    let admin = second
        .ready
        .admin_url
        .split("&admin=")
        .nth(1)
        .expect("an admin token")
        .to_owned();
    rt.block_on(async {
        let token = operator.token().expect("a token").to_owned();
        let mut op = Client::connect(&addr)
            .await
            .expect("connect")
            .with_view(operator);
        op.hello(&room, "Operator", Join::Resume { token }, WAIT)
            .await
            .expect("back in seat 2");
        op.reveal().await.expect("revealed");
        // the page is back in its seat (it reconnects by itself) and the game began
        until(&mut op, |v| {
            v.phase == Phase::Playing && v.lobby.as_ref().is_some_and(|l| l.seats[0].connected)
        })
        .await;
        op.close().await;
        let mut watch = Client::connect(&addr).await.expect("connect");
        watch
            .hello(&room, "Watch", Join::Spectator, WAIT)
            .await
            .expect("watching");
        until(&mut watch, |v| {
            v.lobby.as_ref().is_some_and(|l| !l.seats[1].connected)
        })
        .await;
        watch
            .send(&ClientMsg::Admin {
                token: admin,
                command: AdminCommand::GiveToBot { seat: 1 },
            })
            .await
            .expect("sent");
        until(&mut watch, |v| {
            v.lobby
                .as_ref()
                .is_some_and(|l| l.seats[1].kind == SeatKind::Bot)
        })
        .await;
        watch.close().await;
    });
    writeln!(to_node, "play").expect("node listens");
    let out = node.wait_with_output().expect("node ends");
    let host = second.stop();
    assert!(out.status.success(), "the browser script failed");
    assert_eq!(host.phase(), Phase::Over, "the game was played to its end");
    let last = lines.recv_timeout(WAIT).expect("the page's verdict");
    serde_json::from_str(&last).expect("JSON")
}

#[test]
#[ignore = "needs chromium and crates/net/e2e/node_modules (npm ci)"]
fn the_phone_page_checks_the_draws_of_an_honest_game_across_a_restart() {
    let seen = phone_page_after_a_restart(false);
    assert_eq!(seen["back"]["class"], "hidden", "nothing to report: {seen}");
    assert_eq!(seen["end"]["class"], "ok", "{seen}");
    assert!(seen["end"]["text"]
        .as_str()
        .unwrap_or("")
        .starts_with("The draws check out"));
}

#[test]
#[ignore = "needs chromium and crates/net/e2e/node_modules (npm ci)"]
fn the_phone_page_catches_a_secret_swapped_by_a_restart_from_an_edited_table() {
    let seen = phone_page_after_a_restart(true);
    for when in ["back", "end"] {
        assert_eq!(seen[when]["class"], "bad", "{when}: {seen}");
        assert!(
            seen[when]["text"]
                .as_str()
                .unwrap_or("")
                .contains("it changed its secret during the game"),
            "{when}: {seen}"
        );
    }
}
