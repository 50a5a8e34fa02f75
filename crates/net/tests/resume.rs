//! A table saved to disk and taken up by a new host (the app restarted): players come back
//! to their seats with their tokens, the game goes on where it was, and the draws still check.

mod common;

use carcassonne_engine::Rng;
use carcassonne_net::host::{ConnId, HostState, ResumeError, TableSave};
use carcassonne_net::protocol::{AdminCommand, Join, Phase, ServerMsg};
use common::World;
use std::time::Duration;

/// A new world around the table saved from `old` (through its JSON, as on disk).
fn restarted(old: &World) -> World {
    let json = old.host.save().to_json();
    let save = TableSave::from_json(&json).expect("the save reads back");
    let mut w = World::seats(2);
    w.host = HostState::from_save(save, Duration::ZERO).expect("the save resumes");
    w
}

/// `old`'s player `conn` reconnects to the restarted table with its token.
fn come_back(w: &mut World, old: &World, conn: ConnId) -> ConnId {
    let token = old.view(conn).token().expect("a token").to_owned();
    let back = w.connect();
    w.hello(back, "ignored", Join::Resume { token });
    let msgs = w.take(back);
    assert!(
        matches!(msgs.first(), Some(ServerMsg::Welcome { .. })),
        "{msgs:?}"
    );
    assert_eq!(w.view(back).seat(), old.view(conn).seat());
    // Its own share of the draw stays on the player's device, as in a real client.
    w.views.get_mut(&back).expect("view").my_contribution = old.view(conn).my_contribution.clone();
    back
}

#[test]
fn a_table_saved_mid_game_resumes_and_its_players_finish_the_game() {
    let mut old = World::seats(3);
    let a = old.join("Ada");
    let b = old.join("Bo");
    old.set_bot(a, 2);
    old.admin(a, AdminCommand::Start);
    old.contribute_all(&[a, b]);
    let mut rng = Rng::new(4);
    for _ in 0..9 {
        assert!(old.play_one(&[a, b], &mut rng));
    }
    old.send(
        a,
        &carcassonne_net::protocol::ClientMsg::Chat { text: "brb".into() },
    );
    let history = old.view(a).history.clone();

    let mut w = restarted(&old);
    assert_eq!(w.host.room(), old.host.room());
    assert_eq!(w.host.admin_token(), old.host.admin_token());
    assert_eq!(w.host.state_number(), old.host.state_number());
    assert_eq!(w.host.phase(), Phase::Playing);
    let a2 = come_back(&mut w, &old, a);
    assert_eq!(w.view(a2).history, history, "the same game, move for move");
    assert_eq!(w.view(a2).chat.last().map(|c| c.text.as_str()), Some("brb"));
    let b2 = come_back(&mut w, &old, b);
    w.play_to_end(&[a2, b2], &mut rng);
    assert_eq!(w.host.phase(), Phase::Over);
    for p in [a2, b2] {
        assert_eq!(
            w.view(p).verify(),
            Ok(()),
            "the draws check after the restart"
        );
    }
}

#[test]
fn a_table_saved_during_the_draw_resumes_it() {
    let mut old = World::seats(2);
    let a = old.join("Ada");
    let b = old.join("Bo");
    old.admin(a, AdminCommand::Start);
    assert_eq!(old.host.phase(), Phase::Drawing);
    let mut w = restarted(&old);
    assert_eq!(w.host.phase(), Phase::Drawing);
    let a2 = come_back(&mut w, &old, a);
    let b2 = come_back(&mut w, &old, b);
    w.contribute_all(&[a2, b2]);
    assert_eq!(w.host.phase(), Phase::Playing);
    let mut rng = Rng::new(5);
    w.play_to_end(&[a2, b2], &mut rng);
    for p in [a2, b2] {
        assert_eq!(w.view(p).verify(), Ok(()));
    }
}

#[test]
fn a_damaged_save_is_refused_with_its_reason() {
    let mut old = World::seats(2);
    let a = old.join("Ada");
    let b = old.join("Bo");
    old.admin(a, AdminCommand::Start);
    old.contribute_all(&[a, b]);
    let mut rng = Rng::new(6);
    for _ in 0..6 {
        assert!(old.play_one(&[a, b], &mut rng));
    }
    let json = old.host.save().to_json();
    let resume = |text: &str| {
        TableSave::from_json(text).and_then(|s| HostState::from_save(s, Duration::ZERO).map(|_| ()))
    };
    assert_eq!(resume(&json), Ok(()));
    // Another seed draws other tiles than the ones recorded.
    let seed = old.host.record().expect("a record").seed;
    let other = json.replace(
        &format!("\"seed\":{seed}"),
        &format!("\"seed\":{}", seed ^ 1),
    );
    assert_ne!(other, json);
    assert!(matches!(
        resume(&other),
        Err(ResumeError::Inconsistent { .. })
    ));
    // The table says the game is over; its game is not.
    let over = json.replace("\"phase\":\"playing\"", "\"phase\":\"over\"");
    assert_ne!(over, json);
    assert!(matches!(
        resume(&over),
        Err(ResumeError::Inconsistent { .. })
    ));
    // Cut short, as by a full disk.
    assert!(matches!(
        resume(&json[..json.len() / 2]),
        Err(ResumeError::Malformed { .. })
    ));
}
