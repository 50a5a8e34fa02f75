//! `carcassonne host --table FILE` killed with SIGKILL right after each acknowledged move, and
//! started again from its file: no acknowledged move is lost (the host saves, then answers).

use carcassonne_net::client::Client;
use carcassonne_net::protocol::{AdminCommand, ClientMsg, Join, Phase, SeatChoice, ServerMsg};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Any single wait longer than this is a bug (a lost message), not slowness.
const WAIT: Duration = Duration::from_secs(20);
/// Kill-and-restart rounds: one acknowledged move each, over as many games as it takes (the
/// issue's attack ran 61; before the fix about one round in a hundred lost its move).
const ROUNDS: usize = 200;

/// A host process killed when the test ends, passed or not.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What a started host printed: its address (`127.0.0.1:PORT`), room code and admin token.
struct Host {
    process: Running,
    addr: String,
    room: String,
    admin: String,
}

fn start_host(table: &Path) -> Host {
    let record = table.with_extension("record.json");
    let child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        // Every expansion: the biggest table to save, the widest window for a lost move.
        .args([
            "host",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--sets",
            "all",
        ])
        .arg("--table")
        .arg(table)
        .arg("--save")
        .arg(record)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut process = Running(child);
    let stdout = process.0.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    // Read to the end on a thread of its own: a host whose reader has gone ends.
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let (mut addr, mut room, mut admin) = (None, None, None);
    while admin.is_none() {
        let line = rx
            .recv_timeout(WAIT)
            .expect("the host prints its addresses");
        if let Some(code) = line.strip_prefix("Room code: ") {
            room = Some(code.to_owned());
        }
        if let Some(url) = line.strip_prefix("Join at:") {
            let rest = url.trim().trim_start_matches("http://");
            addr = rest.split('/').next().map(str::to_owned);
        }
        if let Some((_, token)) = line.split_once("&admin=") {
            admin = token.split_whitespace().next().map(str::to_owned);
        }
    }
    Host {
        process,
        addr: addr.expect("a join address"),
        room: room.expect("a room code"),
        admin: admin.expect("an admin token"),
    }
}

/// The table file's path in a scratch directory, removed when the guard drops.
fn table_path() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = dir.path().join("table.json");
    (dir, table)
}

/// Reads until it is this seat's turn (doing the draw's duties on the way).
async fn until_my_turn(c: &mut Client) {
    for _ in 0..1000 {
        c.draw_duty().await.expect("the draw");
        if c.view.my_turn() || c.view.phase == Phase::Over {
            return;
        }
        c.recv(WAIT).await.expect("the game goes on");
    }
    panic!("never my turn");
}

/// Sends this seat's first legal action; returns the state number it was acknowledged with.
async fn play_one(c: &mut Client) -> u64 {
    let (state, action) = (c.view.state, c.view.legal[0]);
    c.send(&ClientMsg::Act { state, action })
        .await
        .expect("sent");
    for _ in 0..1000 {
        match c.recv(WAIT).await.expect("an answer") {
            ServerMsg::Applied { state, seat: 0, .. } => return state,
            ServerMsg::Rejected { reason } => panic!("the move was refused: {reason:?}"),
            _ => {}
        }
    }
    panic!("no acknowledgement");
}

/// A new game on `host`: seat 0 for the test, seat 1 a bot; returns at the first turn.
async fn new_game(host: &Host) -> Client {
    let mut c = Client::connect(&host.addr).await.expect("connect");
    c.hello(&host.room, "Ada", Join::Player { seat: Some(0) }, WAIT)
        .await
        .expect("welcome");
    for command in [
        AdminCommand::SetSeat {
            seat: 1,
            kind: SeatChoice::Bot,
            level: Some(carcassonne_net::protocol::BotLevel::Easy),
        },
        AdminCommand::Start,
    ] {
        let token = host.admin.clone();
        c.send(&ClientMsg::Admin { token, command })
            .await
            .expect("sent");
    }
    until_my_turn(&mut c).await;
    c
}

#[test]
fn a_host_killed_right_after_each_acknowledgement_loses_no_acknowledged_move() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (_scratch, table) = table_path();
    let (mut rounds, mut games, mut lost) = (0, 0, Vec::new());
    while rounds < ROUNDS {
        // A finished game's table file is gone: the next start is a new table.
        let mut host = start_host(&table);
        let mut c = rt.block_on(new_game(&host));
        let (room, token) = (
            host.room.clone(),
            c.view.token().expect("a seat token").to_owned(),
        );
        games += 1;
        while rounds < ROUNDS && c.view.phase != Phase::Over {
            let acked = rt.block_on(play_one(&mut c));
            // SIGKILL the moment the acknowledgement is in: nothing else gets to run.
            host.process.0.kill().expect("killed");
            host.process.0.wait().expect("reaped");
            rounds += 1;
            if !table.exists() {
                // That move ended the game: the record is written before the table goes.
                let record = table.with_extension("record.json");
                std::fs::remove_file(&record).expect("the finished game's record");
                break;
            }
            host = start_host(&table);
            assert_eq!(host.room, room, "the same table, taken up from its file");
            c = rt.block_on(async {
                let mut c = Client::connect(&host.addr).await.expect("connect");
                let join = Join::Resume {
                    token: token.clone(),
                };
                c.hello(&room, "Ada", join, WAIT)
                    .await
                    .expect("back in my seat");
                c
            });
            if c.view.state < acked {
                lost.push((games, acked, c.view.state));
            }
            rt.block_on(until_my_turn(&mut c));
        }
    }
    assert!(
        lost.is_empty(),
        "{} of {rounds} acknowledged moves lost (game, acknowledged state, state after restart): {lost:?}",
        lost.len()
    );
}
