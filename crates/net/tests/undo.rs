//! Taking back a turn at a table: asked by the player who played it, accepted by every other
//! person, the same tile drawn again, and the fairness check still passing at the end.

mod common;

use carcassonne_engine::{DecisionKind, Rng, TileTypeId};
use carcassonne_net::host::HostConfig;
use carcassonne_net::protocol::{AdminCommand, ClientMsg, Join, Reject, ServerMsg};
use carcassonne_net::view::Desync;
use common::World;

/// A started two-player table (Ada seat 0, Bo seat 1), played until Ada has finished a turn
/// and Bo must move.
fn after_adas_turn(config: HostConfig) -> (World, u64, u64, Rng) {
    let mut w = World::new(HostConfig { seats: 2, ..config });
    let a = w.join("Ada");
    let b = w.join("Bo");
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let ada_played = w.view(a).history.iter().any(|h| h.seat == 0);
        if ada_played && w.to_move(&[a, b]) == Some(b) {
            return (w, a, b, rng);
        }
        assert!(w.play_one(&[a, b], &mut rng), "somebody can move");
    }
    panic!("Ada never finished a turn");
}

/// The first action of Ada's last turn and the tile she drew for it.
fn adas_last_turn(w: &World, a: u64) -> (usize, TileTypeId) {
    let history = &w.view(a).history;
    let last = history
        .iter()
        .rposition(|h| h.seat == 0)
        .expect("Ada played");
    let first = history[..=last]
        .iter()
        .rposition(|h| h.seat != 0)
        .map_or(0, |i| i + 1);
    (
        first,
        history[first].tile.expect("a turn begins with a tile"),
    )
}

fn drawn_tile(w: &World, conn: u64) -> Option<TileTypeId> {
    match w.view(conn).pending.as_ref().map(|d| &d.kind) {
        Some(DecisionKind::PlaceTile { tile }) => Some(*tile),
        _ => None,
    }
}

#[test]
fn a_turn_taken_back_with_everyones_consent_draws_the_same_tile_and_checks_fair() {
    let (mut w, a, b, mut rng) = after_adas_turn(HostConfig::default());
    let (first, tile) = adas_last_turn(&w, a);
    let state = w.view(a).state;
    w.send(a, &ClientMsg::AskUndo { state });
    assert_eq!(
        w.host.state_number(),
        state,
        "nothing is undone before Bo answers"
    );
    let asked = w.take(b);
    assert!(
        asked.contains(&ServerMsg::UndoAsked {
            seat: 0,
            waiting: vec![1]
        }),
        "{asked:?}"
    );

    w.send(b, &ClientMsg::AnswerUndo { accept: true });
    for conn in [a, b] {
        let v = w.view(conn);
        assert_eq!(
            v.history.len(),
            first,
            "the turn is gone from every history"
        );
        assert_eq!(v.desync, None);
        assert_eq!(v.state, state + 1);
    }
    assert_eq!(w.host.record().expect("a game").actions.len(), first);
    assert_eq!(drawn_tile(&w, a), Some(tile), "the same tile comes again");
    assert!(w.view(a).my_turn() && !w.view(a).legal.is_empty());

    w.play_to_end(&[a, b], &mut rng);
    for conn in [a, b] {
        assert_eq!(w.view(conn).verify(), Ok(()), "the draws check fair");
    }
}

#[test]
fn a_declined_or_lapsed_request_changes_nothing() {
    let (mut w, a, b, mut rng) = after_adas_turn(HostConfig::default());
    let state = w.view(a).state;
    let history = w.view(a).history.len();
    w.send(a, &ClientMsg::AskUndo { state });
    w.send(b, &ClientMsg::AnswerUndo { accept: false });
    assert!(w.take(a).contains(&ServerMsg::UndoDropped {
        seat: 0,
        by: Some(1)
    }));
    assert_eq!(w.view(a).history.len(), history);
    assert_eq!(w.host.state_number(), state);
    assert_eq!(w.view(b).undo, None);

    // Asked again, then Bo plays on instead of answering: the request lapses.
    w.send(a, &ClientMsg::AskUndo { state });
    assert!(w.play_one(&[b], &mut rng));
    assert!(w
        .take(a)
        .contains(&ServerMsg::UndoDropped { seat: 0, by: None }));
    w.send(b, &ClientMsg::AnswerUndo { accept: true });
    assert_eq!(w.rejected(b), Reject::NoUndoAsked);
    assert!(w.view(a).history.len() > history, "Bo's move stands");
}

#[test]
fn only_the_last_persons_turn_by_that_person_while_the_table_allows_it() {
    let (mut w, a, b, _) = after_adas_turn(HostConfig::default());
    let state = w.view(a).state;
    w.send(b, &ClientMsg::AskUndo { state });
    assert_eq!(w.rejected(b), Reject::NothingToUndo);
    let eve = w.spectate("Eve");
    w.send(eve, &ClientMsg::AskUndo { state });
    assert_eq!(w.rejected(eve), Reject::NotAPlayer);
    w.send(b, &ClientMsg::AnswerUndo { accept: true });
    assert_eq!(w.rejected(b), Reject::NoUndoAsked);
    w.send(a, &ClientMsg::AskUndo { state: state - 1 });
    assert!(matches!(w.rejected(a), Reject::Stale { .. }));
    w.send(a, &ClientMsg::AskUndo { state });
    w.take(a);
    w.send(a, &ClientMsg::AskUndo { state });
    assert_eq!(w.rejected(a), Reject::UndoPending);
    w.send(a, &ClientMsg::AnswerUndo { accept: true });
    assert_eq!(
        w.rejected(a),
        Reject::NoUndoAsked,
        "the asker does not answer"
    );

    let (mut w, a, _, _) = after_adas_turn(HostConfig {
        undo: false,
        ..HostConfig::default()
    });
    assert!(!w.view(a).lobby.as_ref().expect("a lobby").undo);
    let state = w.view(a).state;
    w.send(a, &ClientMsg::AskUndo { state });
    assert_eq!(w.rejected(a), Reject::UndoOff);
}

#[test]
fn against_bots_the_turn_is_taken_back_at_once() {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    w.set_bot(a, 1);
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a]);
    let mut rng = Rng::new(5);
    for _ in 0..3 {
        assert!(w.play_one(&[a], &mut rng));
    }
    while !w.view(a).my_turn() || drawn_tile(&w, a).is_none() {
        assert!(w.play_one(&[a], &mut rng));
    }
    let (first, tile) = adas_last_turn(&w, a);
    let state = w.view(a).state;
    w.send(a, &ClientMsg::AskUndo { state });
    let v = w.view(a);
    assert_eq!(v.history.len(), first, "the bot's turn after it went too");
    assert_eq!(drawn_tile(&w, a), Some(tile));
    assert_eq!(w.view(a).desync, None);
}

#[test]
fn a_player_away_during_the_undo_catches_up_and_still_checks_fair() {
    let (mut w, a, b, mut rng) = after_adas_turn(HostConfig::default());
    let (first, _) = adas_last_turn(&w, a);
    let token = w.view(a).token().expect("a seat token").to_owned();
    let state = w.view(a).state;
    w.send(a, &ClientMsg::AskUndo { state });
    w.drop_conn(a);
    w.send(b, &ClientMsg::AnswerUndo { accept: true });
    assert_eq!(w.view(b).history.len(), first);

    // Ada's device comes back with the token: its history is cut by the snapshot's undo.
    let again = w.connect();
    let before = w.view(a).clone();
    w.views.insert(again, before);
    w.hello(again, "Ada", Join::Resume { token });
    assert_eq!(w.view(again).history.len(), first);
    assert_eq!(w.view(again).desync, None);
    w.play_to_end(&[again, b], &mut rng);
    assert_eq!(w.view(again).verify(), Ok(()));
}

#[test]
fn a_host_cutting_the_history_without_a_request_is_caught() {
    let (mut w, a, _, _) = after_adas_turn(HostConfig::default());
    let mut view = w.view(a).clone();
    let seen = view.history.len();
    view.on(&ServerMsg::Undone {
        state: view.state + 1,
        seat: 0,
        kept: 1,
        pending: None,
        scores: Vec::new(),
        legal: Vec::new(),
        view: None,
    });
    assert_eq!(
        view.desync,
        Some(Desync::UnannouncedUndo { kept: 1, seen }),
        "an undo nobody was asked about"
    );
    w.take(a);
}

#[test]
fn a_seat_given_to_a_bot_no_longer_has_to_answer() {
    let (mut w, a, b, _) = after_adas_turn(HostConfig {
        bot_grace: std::time::Duration::from_secs(30),
        ..HostConfig::default()
    });
    let (first, _) = adas_last_turn(&w, a);
    let state = w.view(a).state;
    w.send(a, &ClientMsg::AskUndo { state });
    w.drop_conn(b);
    w.now += std::time::Duration::from_secs(31);
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    assert_eq!(w.view(a).history.len(), first, "nobody else had to answer");
    assert_eq!(w.view(a).desync, None);
}
