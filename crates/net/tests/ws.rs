//! Real WebSockets on 127.0.0.1: six clients play a whole game with every expansion, dropping
//! and coming back at random; everyone ends with the host's record and verifies the draws.

mod common;

use carcassonne_engine::{Action, Expansion, Options, Rng};
use carcassonne_net::client::{Client, ClientError};
use carcassonne_net::host::{HostConfig, RateLimit};
use carcassonne_net::protocol::{
    AdminCommand, ClientMsg, Join, Phase, Reject, SeatKind, ServerMsg, MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
};
use carcassonne_net::view::{ClientView, DrawDuty};
use common::server::{serve, WAIT};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn all_sets() -> (Vec<Expansion>, Options) {
    let sets = Expansion::ALL
        .into_iter()
        .filter(|e| *e != Expansion::Siege)
        .collect();
    let options = Options {
        river_with_city_discard: true,
        ..Options::default()
    };
    (sets, options)
}

/// One player: joins, contributes, plays random legal moves, and with probability
/// `drop_per_mille` after each message drops the connection and resumes with its token.
async fn player(
    addr: String,
    room: String,
    name: String,
    seed: u64,
    drop_per_mille: u32,
) -> Result<(ClientView, u32), String> {
    let e = |e: ClientError| format!("{name}: {e}");
    let mut rng = Rng::new(seed);
    let contribution: [u8; 32] =
        core::array::from_fn(|i| (seed as u8).wrapping_mul(31).wrapping_add(i as u8));
    let mut c = Client::connect(&addr).await.map_err(e)?;
    c.hello(&room, &name, Join::Player { seat: None }, WAIT)
        .await
        .map_err(e)?;
    let mut reconnects = 0;
    // The state we last acted on (on this connection), and the last action sent.
    let mut acted_on: Option<u64> = None;
    let mut last: Option<(u64, Action)> = None;
    loop {
        // The two rounds of the draw. The same bytes on every connection: a commitment
        // resent after a drop is for the same share.
        match c.view.draw_duty() {
            Some(DrawDuty::Commit) => c.commit_bytes(&contribution).await.map_err(e)?,
            Some(DrawDuty::Reveal) => c.reveal().await.map_err(e)?,
            None => {}
        }
        let v = &c.view;
        if v.my_turn() && acted_on != Some(v.state) {
            let action = v.legal[rng.below(v.legal.len() as u32) as usize];
            let state = v.state;
            c.send(&ClientMsg::Act { state, action }).await.map_err(e)?;
            acted_on = Some(state);
            last = Some((state, action));
        }
        // Over: seen live, or in the snapshot after coming back just after the last move.
        if c.view.phase == Phase::Over {
            return Ok((c.view, reconnects));
        }
        c.recv(WAIT).await.map_err(e)?;
        if c.view.phase == Phase::Over {
            return Ok((c.view, reconnects));
        }
        if rng.below(1000) < drop_per_mille {
            let view = c.view.clone();
            let token = view.token().ok_or("no token")?.to_owned();
            if rng.below(2) == 0 {
                drop(c); // Abrupt: no close frame.
            } else {
                c.close().await;
            }
            c = Client::connect(&addr).await.map_err(e)?.with_view(view);
            c.hello(&room, &name, Join::Resume { token }, WAIT)
                .await
                .map_err(e)?;
            reconnects += 1;
            acted_on = None;
            // Replaying the last action with its old state must never apply it twice.
            if let Some((state, action)) = last {
                if state < c.view.state {
                    c.send(&ClientMsg::Act { state, action }).await.map_err(e)?;
                }
            }
        }
    }
}

async fn watch_and_start(
    addr: &str,
    room: &str,
    admin: &str,
    seats: usize,
) -> Result<ClientView, String> {
    let e = |e: ClientError| format!("host UI: {e}");
    let mut c = Client::connect(addr).await.map_err(e)?;
    c.hello(room, "Host", Join::Spectator, WAIT)
        .await
        .map_err(e)?;
    let (sets, options) = all_sets();
    let admin_msg = |command| ClientMsg::Admin {
        token: admin.to_owned(),
        command,
    };
    c.send(&admin_msg(AdminCommand::Configure { sets, options }))
        .await
        .map_err(e)?;
    let mut started = false;
    loop {
        let full = c.view.lobby.as_ref().is_some_and(|l| {
            l.seats.len() == seats && l.seats.iter().all(|s| s.kind == SeatKind::Human)
        });
        if full && !started {
            c.send(&admin_msg(AdminCommand::Start)).await.map_err(e)?;
            started = true;
        }
        if matches!(c.recv(WAIT).await.map_err(e)?, ServerMsg::GameOver { .. }) {
            return Ok(c.view);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_clients_play_every_expansion_with_drops_and_agree_with_the_host() {
    let (sets, options) = all_sets();
    let config = HostConfig {
        // The quickest bots, answering the same on any machine.
        away_level: carcassonne_net::protocol::BotLevel::Easy,
        bot_think: None,
        seats: 6,
        sets,
        options,
        // These clients move as fast as the machine allows, far beyond a human's 20 messages a
        // second (the limit has its own tests); a dropped action would stall the game.
        rate: RateLimit {
            burst: 10_000,
            per_second: 10_000,
        },
        ..HostConfig::default()
    };
    let server = serve(config, 9).await;
    let run = async {
        let host_ui = {
            let (a, r, t) = (
                server.addr.clone(),
                server.room.clone(),
                server.admin.clone(),
            );
            tokio::spawn(async move { watch_and_start(&a, &r, &t, 6).await })
        };
        let players: Vec<_> = (0..6)
            .map(|i| {
                let (a, r) = (server.addr.clone(), server.room.clone());
                tokio::spawn(player(a, r, format!("P{}", i + 1), 100 + i, 15))
            })
            .collect();
        let mut views = Vec::new();
        let mut reconnects = 0;
        for p in players {
            let (v, n) = p.await.expect("no panic").expect("player finished");
            reconnects += n;
            views.push(v);
        }
        let watcher = host_ui.await.expect("no panic").expect("host UI finished");
        (views, watcher, reconnects)
    };
    let (views, watcher, reconnects) = tokio::time::timeout(Duration::from_secs(90), run)
        .await
        .expect("the game finishes in time");
    let host = server.stop().await;
    let result = host.result().expect("the host finished the game");
    assert!(reconnects > 0, "the test did drop connections");
    assert_eq!(
        result.record.replay().expect("replays").scores(),
        &result.scores[..]
    );
    for v in views.iter().chain([&watcher]) {
        assert_eq!(v.desync, None);
        assert_eq!(v.verify(), Ok(()));
        assert_eq!(v.result.as_ref().map(|r| &r.record), Some(&result.record));
        assert_eq!(
            v.history, result.record.actions,
            "no action lost or applied twice"
        );
        assert_eq!(v.scores, result.scores);
        // The only refusals are the deliberate replays of an action already applied.
        assert!(
            v.rejections
                .iter()
                .all(|r| matches!(r, Reject::Stale { .. })),
            "{:?}",
            v.rejections
        );
    }
    let seats: Vec<_> = views.iter().map(|v| v.seat()).collect();
    assert_eq!(seats.len(), 6);
    assert!((0..6).all(|s| seats.contains(&Some(s))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_frames_get_typed_answers_and_the_server_keeps_serving() {
    let server = serve(HostConfig::default(), 3).await;
    let mut c = Client::connect(&server.addr).await.expect("connect");
    c.send_raw("{not json".into()).await.expect("send");
    let msg = c.recv(WAIT).await.expect("an answer");
    assert!(
        matches!(
            msg,
            ServerMsg::Rejected {
                reason: Reject::Malformed { .. }
            }
        ),
        "{msg:?}"
    );
    c.send_raw("x".repeat(MAX_CLIENT_MESSAGE + 1))
        .await
        .expect("send");
    let msg = c.recv(WAIT).await.expect("an answer");
    assert_eq!(
        msg,
        ServerMsg::Rejected {
            reason: Reject::TooLarge {
                limit: MAX_CLIENT_MESSAGE
            }
        }
    );
    c.send(&ClientMsg::Sync).await.expect("send");
    assert_eq!(
        c.recv(WAIT).await.expect("an answer"),
        ServerMsg::Rejected {
            reason: Reject::HelloFirst
        }
    );
    // A frame far beyond the limit closes that connection only.
    let _ = c.send_raw("y".repeat(10 * MAX_CLIENT_MESSAGE)).await;
    assert!(matches!(
        c.recv(WAIT).await,
        Err(ClientError::Closed | ClientError::Socket(_))
    ));
    // Another protocol version: a clear refusal, then the host closes.
    let mut old = Client::connect(&server.addr).await.expect("connect");
    old.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION + 1,
        room: server.room.clone(),
        name: "Old".into(),
        join: Join::Spectator,
    })
    .await
    .expect("send");
    assert_eq!(
        old.recv(WAIT).await.expect("an answer"),
        ServerMsg::Rejected {
            reason: Reject::VersionMismatch {
                host: PROTOCOL_VERSION,
                client: PROTOCOL_VERSION + 1
            }
        }
    );
    assert!(matches!(
        old.recv(WAIT).await,
        Err(ClientError::Closed | ClientError::Socket(_))
    ));
    // Still serving: a player joins, and the page is there.
    let mut p = Client::connect(&server.addr).await.expect("connect");
    p.hello(&server.room, "Ada", Join::Player { seat: None }, WAIT)
        .await
        .expect("welcome");
    assert_eq!(p.view.seat(), Some(0));
    let mut http = TcpStream::connect(&server.addr).await.expect("connect");
    http.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .expect("write");
    let mut page = String::new();
    http.read_to_string(&mut page).await.expect("read");
    assert!(
        page.starts_with("HTTP/1.1 200"),
        "{}",
        &page[..page.len().min(100)]
    );
    assert!(page.contains("Room code"));
    let host = server.stop().await;
    assert_eq!(host.phase(), Phase::Lobby);
}
