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

/// `old`'s player `conn` reconnects to the restarted table with its token and everything its
/// client saw (as the app's client and the phone page keep it across reconnections).
fn come_back_keeping(w: &mut World, old: &World, conn: ConnId) -> ConnId {
    let token = old.view(conn).token().expect("a token").to_owned();
    let back = w.connect();
    w.views.insert(back, old.view(conn).clone());
    w.hello(back, "ignored", Join::Resume { token });
    w.take(back);
    assert_eq!(w.view(back).seat(), old.view(conn).seat());
    back
}

/// The table saved from `old` with its entropy (the draw's secret) replaced.
fn restarted_with_entropy(old: &World, entropy: Option<[u8; 32]>) -> World {
    let mut json: serde_json::Value =
        serde_json::from_str(&old.host.save().to_json()).expect("JSON");
    if let Some(e) = entropy {
        json["entropy"] = serde_json::json!(e);
    }
    let save = TableSave::from_json(&json.to_string()).expect("the save reads back");
    let mut w = World::seats(3);
    w.host = HostState::from_save(save, Duration::ZERO).expect("the save resumes");
    w
}

/// The attack of the issue: the host's operator (Ada's seat, revealing last) reads Bo's and
/// Cy's revealed shares in the table file, stops the host, writes other entropy into the
/// file (so another secret, chosen knowing the shares) and restarts it. The host then shows
/// a new commitment; Bo and Cy pinned the first one, so their check fails. The same restart
/// without the edit checks out.
#[test]
fn a_host_restarted_with_another_secret_after_seeing_the_shares_is_caught() {
    for edit in [None, Some([7u8; 32])] {
        let mut old = World::seats(3);
        let a = old.join("Ada");
        let b = old.join("Bo");
        let c = old.join("Cy");
        old.admin(a, AdminCommand::Start);
        let ada_share = [200u8; 32];
        let hash =
            carcassonne_net::fair::to_hex(&carcassonne_net::fair::contribution_hash(&ada_share));
        old.send(a, &carcassonne_net::protocol::ClientMsg::Commit { hash });
        old.contribute_all(&[b, c]);
        assert_eq!(old.host.phase(), Phase::Drawing, "Ada has not revealed");
        let first = old.view(b).commitment.clone().expect("a commitment");

        let mut w = restarted_with_entropy(&old, edit);
        let a2 = come_back(&mut w, &old, a);
        let b2 = come_back_keeping(&mut w, &old, b);
        let c2 = come_back_keeping(&mut w, &old, c);
        let shown = w.view(b2).commitment.clone().expect("a commitment");
        assert_eq!(
            shown != first,
            edit.is_some(),
            "the edit changes the commitment"
        );
        let contribution = carcassonne_net::fair::to_hex(&ada_share);
        w.send(
            a2,
            &carcassonne_net::protocol::ClientMsg::Contribute { contribution },
        );
        assert_eq!(w.host.phase(), Phase::Playing);
        w.play_to_end(&[a2, b2, c2], &mut Rng::new(8));
        for p in [b2, c2] {
            let verdict = w.view(p).verify();
            match edit {
                None => assert_eq!(verdict, Ok(()), "an honest restart checks out"),
                Some(_) => assert_eq!(
                    verdict,
                    Err(carcassonne_net::view::VerifyError::Unfair {
                        reason: carcassonne_net::fair::FairnessError::CommitmentChanged
                    }),
                    "the swapped secret is caught"
                ),
            }
        }
    }
}
