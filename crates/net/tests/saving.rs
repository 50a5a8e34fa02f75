//! A table kept in a file: saved before acknowledged. A move whose save fails is refused with
//! a typed reason and undone, never acknowledged; the host's operator hears of the failure.

use carcassonne_net::client::Client;
use carcassonne_net::host::{HostConfig, HostState};
use carcassonne_net::protocol::{AdminCommand, ClientMsg, Join, Reject, SeatChoice, ServerMsg};
use carcassonne_net::table_file::{self, keeper, table_only};
use carcassonne_net::transport;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;

/// Any single wait longer than this is a bug (a lost message), not slowness.
const WAIT: Duration = Duration::from_secs(10);

/// A scratch directory, removed when the guard drops.
fn dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("carcassonne-saving-{name}-"))
        .tempdir()
        .expect("temp dir")
}

/// Joins seat 0, gives seat 1 to a bot, starts and does the draw until it is this seat's turn.
async fn seated(c: &mut Client, room: &str, admin: &str) {
    c.hello(room, "Ada", Join::Player { seat: Some(0) }, WAIT)
        .await
        .expect("welcome");
    for command in [
        AdminCommand::SetSeat {
            seat: 1,
            kind: SeatChoice::Bot,
            level: None,
        },
        AdminCommand::Start,
    ] {
        let token = admin.to_owned();
        c.send(&ClientMsg::Admin { token, command })
            .await
            .expect("sent");
    }
    for _ in 0..100 {
        c.draw_duty().await.expect("draw");
        if c.view.my_turn() {
            return;
        }
        c.recv(WAIT).await.expect("the draw goes on");
    }
    panic!("never my turn");
}

#[tokio::test]
async fn a_move_that_cannot_be_saved_is_refused_and_undone_and_the_host_is_told() {
    let d = dir("unwritable");
    let path = d.path().join("table.json");
    let errors = Arc::new(Mutex::new(Vec::new()));
    let heard = errors.clone();
    let report = Box::new(move |r: Result<(), String>| {
        if let Err(e) = r {
            heard.lock().expect("lock").push(e);
        }
    });
    let on_change = keeper(Some(path.clone()), None, table_only(), report);
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address").to_string();
    let host = HostState::new(HostConfig::default(), [5; 32]);
    let (room, admin) = (host.room().to_owned(), host.admin_token().to_owned());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(transport::run_with_assets(
        listener,
        host,
        None,
        Some(on_change),
        async move {
            let _ = stopped.await;
        },
    ));
    let mut c = Client::connect(&addr).await.expect("connect");
    seated(&mut c, &room, &admin).await;
    let saved = table_file::load(&path).expect("readable").expect("kept");
    let before = (c.view.state, c.view.history.len());
    assert_eq!(saved.moves(), before.1);

    // The disk refuses: a directory where the temporary file must go.
    std::fs::create_dir_all(path.with_extension("tmp")).expect("blocker");
    let (state, action) = (c.view.state, c.view.legal[0]);
    c.send(&ClientMsg::Act { state, action })
        .await
        .expect("sent");
    match c.recv(WAIT).await.expect("an answer") {
        ServerMsg::Rejected {
            reason: Reject::NotSaved,
        } => {}
        other => panic!("a move that was not saved was answered with {other:?}"),
    }
    assert!(
        errors
            .lock()
            .expect("lock")
            .iter()
            .any(|e| e.contains("cannot save the table")),
        "the host's operator is told"
    );
    c.send(&ClientMsg::Sync).await.expect("sent");
    let ServerMsg::Snapshot { snapshot } = c.recv(WAIT).await.expect("snapshot") else {
        panic!("a snapshot");
    };
    assert_eq!(
        (snapshot.state, snapshot.history.len()),
        before,
        "the refused move is undone"
    );
    let on_disk = table_file::load(&path).expect("readable").expect("kept");
    assert_eq!(
        on_disk.moves(),
        before.1,
        "the file is the table as it stands"
    );

    // The disk is back: the same move is applied, and saved before its acknowledgement.
    std::fs::remove_dir_all(path.with_extension("tmp")).expect("unblock");
    c.send(&ClientMsg::Act { state, action })
        .await
        .expect("sent");
    match c.recv(WAIT).await.expect("an answer") {
        ServerMsg::Applied { seat: 0, .. } => {}
        other => panic!("expected the move applied, got {other:?}"),
    }
    let on_disk = table_file::load(&path).expect("readable").expect("kept");
    assert!(on_disk.moves() > before.1, "saved before acknowledged");
    let _ = stop.send(());
    let _ = tokio::time::timeout(WAIT, server).await;
}
