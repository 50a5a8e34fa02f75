//! Nobody holds a table by staying connected and silent (real WebSockets on 127.0.0.1): with
//! the host's turn timer, a silent seat at its turn, at the draw's commit step or at its
//! reveal step is announced (`countdown`), then handed to a bot after the grace period, and
//! the game goes on to an end whose draws still check out; the host's operator can give a
//! silent seat away (after the same countdown) and remove a squatting spectator or seat.

mod common;

use carcassonne_engine::Rng;
use carcassonne_net::client::{Client, ClientError};
use carcassonne_net::host::{HostConfig, RateLimit};
use carcassonne_net::protocol::{
    AdminCommand, ClientMsg, CountdownView, HandOver, Join, Phase, Reject, SeatKind, ServerMsg,
    Step,
};
use carcassonne_net::view::ClientView;
use common::server::{self, Server, WAIT};
use common::World;
use std::time::Duration;
use tokio::task::JoinHandle;

/// The tests' timer and grace period: short, so the tests wait seconds, not minutes.
const SECOND: Duration = Duration::from_secs(1);

async fn serve(turn_timer: Option<Duration>) -> Server {
    let config = HostConfig {
        // The quickest bots, answering the same on any machine.
        away_level: carcassonne_net::protocol::BotLevel::Easy,
        bot_think: None,
        turn_timer,
        bot_grace: SECOND,
        // Ada plays every move at once, faster than a person: not what is tested here.
        rate: RateLimit {
            burst: 100_000,
            per_second: 100_000,
        },
        ..HostConfig::default()
    };
    server::serve(config, 27).await
}

/// Reads until a message `want` accepts (each wait bounded by `WAIT`).
async fn until(c: &mut Client, want: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
    loop {
        match c.recv(WAIT).await {
            Ok(m) if want(&m) => return m,
            Ok(_) => {}
            Err(e) => panic!("waiting for a message: {e}"),
        }
    }
}

/// An active player: does its draw duties and plays random legal moves at once, to the end.
async fn play_to_end(mut c: Client, seed: u64) -> ClientView {
    let mut rng = Rng::new(seed);
    let mut acted_on = None;
    loop {
        c.draw_duty().await.expect("draw");
        let v = &c.view;
        if v.my_turn() && acted_on != Some(v.state) {
            let action = v.legal[rng.below(v.legal.len() as u32) as usize];
            let state = v.state;
            c.send(&ClientMsg::Act { state, action })
                .await
                .expect("act");
            acted_on = Some(state);
        }
        if c.view.phase == Phase::Over {
            return c.view;
        }
        if let Err(e) = c.recv(WAIT).await {
            panic!("the game goes on: {e}; countdowns {:?}, hand-overs {:?}, phase {:?}, commitments {:?}, rejections {:?}", c.view.countdowns, c.view.hand_overs, c.view.phase, c.view.commitments, c.view.rejections);
        }
    }
}

/// A connected player who reads everything and never does anything again.
fn silent(mut c: Client) -> JoinHandle<ClientView> {
    tokio::spawn(async move {
        while c.view.phase != Phase::Over {
            if c.recv(WAIT).await.is_err() {
                break;
            }
        }
        c.view
    })
}

/// A player who does its share of the draw, then never acts again (still reading).
fn silent_after_draw(mut c: Client) -> JoinHandle<ClientView> {
    tokio::spawn(async move {
        while c.view.phase != Phase::Over {
            if c.view.phase == Phase::Drawing && c.draw_duty().await.is_err() {
                break;
            }
            if c.recv(WAIT).await.is_err() {
                break;
            }
        }
        c.view
    })
}

/// Two players (the first holds the host's controls) and a spectator, started.
async fn table(server: &Server) -> (Client, Client, Client) {
    let mut ada = server.client("Ada", Join::Player { seat: None }).await;
    let bo = server.client("Bo", Join::Player { seat: None }).await;
    let eve = server.client("Eve", Join::Spectator).await;
    server.admin(&mut ada, AdminCommand::Start).await;
    until(&mut ada, |m| matches!(m, ServerMsg::Started { .. })).await;
    (ada, bo, eve)
}

fn handed_over(view: &ClientView, seat: u8, step: Step, reason: HandOver) {
    assert!(
        view.countdowns
            .iter()
            .any(|&(s, st, r, secs)| (s, st, r, secs) == (seat, step, reason, 1)),
        "a countdown for seat {seat} at {step:?} was announced: {:?}",
        view.countdowns
    );
    assert!(
        view.hand_overs.contains(&(seat, reason)),
        "seat {seat} went to a bot ({reason:?}): {:?}",
        view.hand_overs
    );
}

/// Ada and the spectator see the end, and the draws check out for both.
async fn game_ends_fair(ada: Client, eve: Client, bo: JoinHandle<ClientView>) -> ClientView {
    let eve = silent(eve);
    let ada = play_to_end(ada, 7).await;
    assert_eq!(ada.verify(), Ok(()), "the draws check out for Ada");
    let eve = eve.await.expect("spectator");
    assert_eq!(eve.phase, Phase::Over);
    assert_eq!(
        eve.verify(),
        Ok(()),
        "the draws check out for the spectator"
    );
    let bo = bo.await.expect("Bo's reader");
    assert_eq!(
        bo.lobby.as_ref().map(|l| l.seats[1].kind),
        Some(SeatKind::Bot)
    );
    ada
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_player_at_its_turn_goes_to_a_bot_after_the_countdown() {
    let server = serve(Some(SECOND)).await;
    let (ada, bo, eve) = table(&server).await;
    // Bo takes part in the draw, then falls silent (still connected, still reading).
    let bo = silent_after_draw(bo);
    let ada = game_ends_fair(ada, eve, bo).await;
    handed_over(&ada, 1, Step::Turn, HandOver::Timer);
    assert!(
        !ada.hand_overs.contains(&(0, HandOver::Timer)),
        "Ada, who played at once, kept her seat"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_commits_goes_to_a_bot_and_the_draw_goes_on() {
    let server = serve(Some(SECOND)).await;
    let (ada, bo, eve) = table(&server).await;
    // Bo never sends the hash of a share.
    let bo = silent(bo);
    let ada = game_ends_fair(ada, eve, bo).await;
    handed_over(&ada, 1, Step::Commit, HandOver::Timer);
    let result = ada.result.as_ref().expect("result");
    assert!(result.contributions[0].is_some(), "Ada's share is in");
    assert_eq!(result.contributions[1], None, "Bo gave none");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_reveals_goes_to_a_bot_and_the_draw_goes_on() {
    let server = serve(Some(SECOND)).await;
    let (ada, mut bo, eve) = table(&server).await;
    // Bo commits, then never reveals.
    bo.commit().await.expect("commit");
    let bo = silent(bo);
    let ada = game_ends_fair(ada, eve, bo).await;
    handed_over(&ada, 1, Step::Reveal, HandOver::Timer);
    assert!(
        ada.pins.commitments[1].is_some(),
        "Bo's commitment was published before the reveals"
    );
    assert_eq!(ada.result.as_ref().expect("result").contributions[1], None);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_gives_a_silent_seat_away_during_the_draw_after_a_countdown() {
    // No turn timer: only the host's command moves the table on.
    let server = serve(None).await;
    let (mut ada, bo, eve) = table(&server).await;
    let bo = silent(bo);
    ada.draw_duty().await.expect("commit");
    // A seat that does not hold the table (Ada has committed) is not the host's to give away
    // while its player is connected.
    server
        .admin(&mut ada, AdminCommand::GiveToBot { seat: 0 })
        .await;
    let refused = until(&mut ada, |m| matches!(m, ServerMsg::Rejected { .. })).await;
    assert_eq!(
        refused,
        ServerMsg::Rejected {
            reason: Reject::SeatTaken { seat: 0 }
        }
    );
    server
        .admin(&mut ada, AdminCommand::GiveToBot { seat: 1 })
        .await;
    let countdown = until(&mut ada, |m| matches!(m, ServerMsg::Countdown { .. })).await;
    assert_eq!(
        countdown,
        ServerMsg::Countdown {
            seat: 1,
            step: Step::Commit,
            reason: HandOver::Host,
            seconds: 1
        }
    );
    // Asked again before the countdown ends: refused, nothing changes.
    server
        .admin(&mut ada, AdminCommand::GiveToBot { seat: 1 })
        .await;
    match until(&mut ada, |m| {
        matches!(
            m,
            ServerMsg::Rejected { .. } | ServerMsg::SeatChanged { .. }
        )
    })
    .await
    {
        ServerMsg::Rejected {
            reason: Reject::NotAwayLongEnough { seat: 1, .. },
        } => {}
        // A slow machine may have let the countdown end already.
        ServerMsg::SeatChanged {
            seat: 1,
            reason: Some(HandOver::Host),
            ..
        } => {}
        other => panic!("a second command during the countdown: {other:?}"),
    }
    let ada = game_ends_fair(ada, eve, bo).await;
    handed_over(&ada, 1, Step::Commit, HandOver::Host);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_removes_a_squatting_spectator_and_a_lobby_squatter() {
    let server = serve(None).await;
    let mut ada = server.client("Ada", Join::Player { seat: None }).await;
    let mut squatter = server.client("Mallory", Join::Spectator).await;
    let mut sitter = server.client("Trudy", Join::Player { seat: None }).await;
    let token = sitter.view.token().expect("token").to_owned();
    // The host's operator finds the spectator in a fresh snapshot.
    ada.send(&ClientMsg::Sync).await.expect("sync");
    let ServerMsg::Snapshot { snapshot } =
        until(&mut ada, |m| matches!(m, ServerMsg::Snapshot { .. })).await
    else {
        unreachable!()
    };
    let listed: Vec<_> = snapshot.spectators.iter().map(|s| &s.name[..]).collect();
    assert_eq!(listed, ["Mallory"]);
    let id = snapshot.spectators[0].id;
    server
        .admin(&mut ada, AdminCommand::RemoveSpectator { id })
        .await;
    assert_eq!(
        until(&mut squatter, |m| matches!(m, ServerMsg::Removed)).await,
        ServerMsg::Removed
    );
    match squatter.recv(WAIT).await {
        Err(ClientError::Closed | ClientError::Socket(_)) => {}
        other => panic!("the removed spectator's connection stays open: {other:?}"),
    }
    // Removed once: the id is gone.
    server
        .admin(&mut ada, AdminCommand::RemoveSpectator { id })
        .await;
    assert_eq!(
        until(&mut ada, |m| matches!(m, ServerMsg::Rejected { .. })).await,
        ServerMsg::Rejected {
            reason: Reject::NoSuchSpectator { id }
        }
    );
    // A squatter in a seat, in the lobby: emptied, closed, its token void.
    server
        .admin(&mut ada, AdminCommand::FreeSeat { seat: 1 })
        .await;
    until(&mut sitter, |m| matches!(m, ServerMsg::Removed)).await;
    let lobby = until(&mut ada, |m| matches!(m, ServerMsg::Lobby { .. })).await;
    let ServerMsg::Lobby { lobby, .. } = lobby else {
        unreachable!()
    };
    assert_eq!(lobby.seats[1].kind, SeatKind::Empty);
    let mut back = Client::connect(&server.addr).await.expect("connect");
    match back
        .hello(&server.room, "Trudy", Join::Resume { token }, WAIT)
        .await
    {
        Err(ClientError::Refused(Reject::BadToken)) => {}
        other => panic!("the squatter's token still works: {other:?}"),
    }
    // Someone else takes the seat.
    server.client("Bo", Join::Player { seat: Some(1) }).await;
    ada.send(&ClientMsg::Sync).await.expect("sync");
    let ServerMsg::Snapshot { snapshot } =
        until(&mut ada, |m| matches!(m, ServerMsg::Snapshot { .. })).await
    else {
        unreachable!()
    };
    assert!(snapshot.spectators.is_empty());
    assert_eq!(snapshot.lobby.seats[1].name, "Bo");
    server.stop().await;
}

#[test]
fn the_clock_in_the_state_machine_and_a_late_joiner_sees_the_countdown() {
    let mut w = World::new(HostConfig {
        turn_timer: Some(Duration::from_secs(60)),
        bot_grace: Duration::from_secs(30),
        ..HostConfig::default()
    });
    let a = w.join("Ada");
    let _b = w.join("Bo");
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a]);
    w.now += Duration::from_secs(59);
    w.tick();
    assert!(w.view(a).countdowns.is_empty(), "not before the timer");
    w.now += Duration::from_secs(2);
    w.tick();
    assert_eq!(
        w.view(a).countdowns,
        vec![(1, Step::Commit, HandOver::Timer, 30)],
        "Bo, who has not committed, is announced; Ada, who has, is not"
    );
    // Someone who comes in during the countdown sees it, with the seconds left.
    w.now += Duration::from_secs(10);
    let eve = w.spectate("Eve");
    w.send(eve, &ClientMsg::Sync);
    let snapshot = w.take(eve).into_iter().find_map(|m| match m {
        ServerMsg::Snapshot { snapshot } => Some(snapshot),
        _ => None,
    });
    let expected = CountdownView {
        seat: 1,
        step: Step::Commit,
        reason: HandOver::Timer,
        seconds: 20,
    };
    assert_eq!(snapshot.expect("snapshot").countdowns, vec![expected]);
    w.now += Duration::from_secs(20);
    w.tick();
    assert_eq!(w.view(a).hand_overs, vec![(1, HandOver::Timer)]);
    // The draw went on with Ada's share: the game has begun.
    assert_eq!(w.view(a).phase, Phase::Playing);
    let mut rng = Rng::new(3);
    let players = [a];
    w.play_to_end(&players, &mut rng);
    assert_eq!(w.view(a).verify(), Ok(()));
    assert_eq!(w.view(eve).verify(), Ok(()));
}
