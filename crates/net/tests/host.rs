//! The host state machine in process: joining, tokens, lobby, a whole game, reconnection,
//! bots, spectators, chat.

mod common;

use carcassonne_engine::{Expansion, Options, Rng};
use carcassonne_net::fair;
use carcassonne_net::host::HostConfig;
use carcassonne_net::protocol::{
    AdminCommand, ClientMsg, Emote, Join, Phase, Reject, SeatKind, ServerMsg, Speaker, You,
};
use common::World;
use std::time::Duration;

#[test]
fn players_get_seats_and_distinct_tokens_and_everyone_sees_the_lobby() {
    let mut w = World::seats(3);
    let a = w.join("Ada");
    let b = w.join("Bo");
    // Ada saw Bo arrive, with the next state number.
    let seen = w.take(a);
    assert!(
        matches!(&seen[..], [ServerMsg::Lobby { lobby, .. }] if lobby.seats[1].name == "Bo"),
        "{seen:?}"
    );
    let c = w.connect();
    w.hello(c, "Cy", Join::Player { seat: Some(2) });
    assert_eq!(w.view(c).seat(), Some(2));
    let tokens: Vec<_> = [a, b, c]
        .iter()
        .map(|&p| w.view(p).token().expect("a token").to_owned())
        .collect();
    assert!(tokens[0] != tokens[1] && tokens[1] != tokens[2] && tokens[0] != tokens[2]);
    assert!(tokens.iter().all(|t| t.len() == 32));
    // The table is full.
    let d = w.connect();
    w.hello(d, "Di", Join::Player { seat: None });
    assert_eq!(w.rejected(d), Reject::NoSeat);
    for p in [a, b, c] {
        assert_eq!(w.view(p).desync, None);
        assert_eq!(w.view(p).state, w.host.state_number());
    }
}

#[test]
fn an_all_bot_table_plays_to_the_end_at_once() {
    let mut w = World::seats(4);
    let s = w.spectate("Eve");
    for seat in 0..4 {
        w.set_bot(s, seat);
    }
    w.admin(s, AdminCommand::Start);
    assert_eq!(w.host.phase(), Phase::Over);
    let v = w.view(s);
    assert_eq!(v.desync, None);
    assert_eq!(v.verify(), Ok(()));
    assert_eq!(v.scores, w.host.game().expect("a game").scores());
}

/// Two humans, a bot and a spectator, every expansion: everyone ends with the same record and
/// verifies the draws.
#[test]
fn a_whole_game_with_humans_a_bot_and_a_spectator() {
    let mut w = World::seats(3);
    let a = w.join("Ada");
    let b = w.join("Bo");
    let s = w.spectate("Eve");
    w.set_bot(a, 2);
    let sets = Expansion::ALL
        .into_iter()
        .filter(|e| *e != Expansion::Siege)
        .collect();
    let options = Options {
        river_with_city_discard: true,
        ..Options::default()
    };
    w.configure(a, sets, options);
    w.admin(a, AdminCommand::Start);
    assert_eq!(w.host.phase(), Phase::Drawing);
    // Nothing begins before every human has contributed.
    w.contribute_all(&[a]);
    assert_eq!(w.host.phase(), Phase::Drawing);
    w.contribute_all(&[b]);
    assert_eq!(w.host.phase(), Phase::Playing);
    let mut rng = Rng::new(3);
    w.play_to_end(&[a, b], &mut rng);
    let record = w.host.result().expect("a result").record.clone();
    assert_eq!(
        record.replay().expect("replays").scores(),
        w.host.game().expect("game").scores()
    );
    for p in [a, b, s] {
        let v = w.view(p);
        assert_eq!(v.desync, None, "conn {p}");
        assert_eq!(v.verify(), Ok(()), "conn {p}");
        assert_eq!(v.history, record.actions);
        assert_eq!(v.phase, Phase::Over);
    }
    // The bot did play.
    assert!(record.actions.iter().any(|a| a.seat == 2));
}

#[test]
fn a_player_who_drops_mid_turn_comes_back_with_the_whole_state() {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let b = w.join("Bo");
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    let mut rng = Rng::new(9);
    for _ in 0..7 {
        assert!(w.play_one(&[a, b], &mut rng));
    }
    let mover = w.to_move(&[a, b]).expect("someone moves");
    let token = w.view(mover).token().expect("token").to_owned();
    let seen = w.view(mover).history.clone();
    w.drop_conn(mover);
    let other = if mover == a { b } else { a };
    assert!(w.take(other).iter().any(|m| matches!(
        m,
        ServerMsg::Presence {
            connected: false,
            ..
        }
    )));
    // Acting for the absent seat from another connection is refused.
    let state = w.host.state_number();
    let action = w.view(mover).legal[0];
    w.send(other, &ClientMsg::Act { state, action });
    assert!(matches!(w.rejected(other), Reject::NotYourTurn { .. }));
    // Back with the token: the same seat, the whole history, the legal actions again.
    let back = w.connect();
    w.hello(
        back,
        "ignored",
        Join::Resume {
            token: token.clone(),
        },
    );
    let msgs = w.take(back);
    let Some(ServerMsg::Welcome { you, snapshot }) = msgs.first() else {
        panic!("{msgs:?}");
    };
    assert_eq!(
        *you,
        You::Player {
            seat: w.view(mover).seat().expect("seat"),
            token
        }
    );
    assert_eq!(snapshot.history, seen);
    assert!(!snapshot.legal.is_empty());
    assert_eq!(snapshot.state, w.host.state_number());
    let mut players = vec![other, back];
    w.views.get_mut(&back).expect("view").my_contribution = w.views[&mover].my_contribution.clone();
    w.play_to_end(&players, &mut rng);
    players.sort_unstable();
    for p in players {
        assert_eq!(w.view(p).verify(), Ok(()));
    }
}

#[test]
fn a_second_connection_with_the_token_supersedes_the_first() {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let token = w.view(a).token().expect("token").to_owned();
    let again = w.connect();
    w.hello(again, "Ada", Join::Resume { token });
    assert_eq!(w.take(a), vec![ServerMsg::Superseded]);
    assert!(w.closed.contains(&a));
    assert_eq!(w.view(again).seat(), Some(0));
    // The old connection is gone: whatever it sends now is unheard.
    w.send(a, &ClientMsg::Sync);
    assert!(w.take(a).is_empty());
}

#[test]
fn an_abandoned_seat_goes_to_a_bot_after_the_grace_and_comes_back_with_the_token() {
    let mut w = World::new(HostConfig {
        seats: 2,
        bot_grace: Duration::from_secs(30),
        ..HostConfig::default()
    });
    let a = w.join("Ada");
    let b = w.join("Bo");
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    let token = w.view(b).token().expect("token").to_owned();
    // Not while Bo is here and the table does not wait on him (it is Ada's turn).
    assert_eq!(w.view(a).pending.as_ref().map(|d| d.seat), Some(0));
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    assert_eq!(w.rejected(a), Reject::SeatTaken { seat: 1 });
    w.drop_conn(b);
    w.take(a);
    w.now += Duration::from_secs(10);
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    assert_eq!(
        w.rejected(a),
        Reject::NotAwayLongEnough {
            seat: 1,
            seconds_left: 20
        }
    );
    w.now += Duration::from_secs(20);
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    let msgs = w.take(a);
    assert!(msgs.iter().any(|m| matches!(
        m,
        ServerMsg::SeatChanged {
            seat: 1,
            kind: SeatKind::Bot,
            ..
        }
    )));
    // The bot plays seat 1's turns: Ada moves a few times without waiting for Bo.
    let mut rng = Rng::new(1);
    for _ in 0..6 {
        assert!(
            w.play_one(&[a], &mut rng),
            "Ada can move while the bot plays Bo"
        );
    }
    assert!(w
        .host
        .record()
        .expect("record")
        .actions
        .iter()
        .any(|x| x.seat == 1));
    // Bo comes back and takes the seat again.
    let b2 = w.connect();
    w.hello(b2, "Bo", Join::Resume { token });
    assert_eq!(w.view(b2).seat(), Some(1));
    assert!(w.take(a).iter().any(|m| matches!(
        m,
        ServerMsg::SeatChanged {
            seat: 1,
            kind: SeatKind::Human,
            ..
        }
    )));
    w.play_to_end(&[a, b2], &mut rng);
    assert_eq!(w.view(a).verify(), Ok(()));
    assert_eq!(w.view(a).desync, None);
}

#[test]
fn a_headless_host_hands_abandoned_seats_to_bots_by_itself() {
    let mut w = World::new(HostConfig {
        seats: 2,
        auto_bot_after: Some(Duration::from_secs(60)),
        ..HostConfig::default()
    });
    let a = w.join("Ada");
    let b = w.join("Bo");
    w.admin(a, AdminCommand::Start);
    // Bo leaves before contributing: the game cannot begin until his seat is a bot.
    w.contribute_all(&[a]);
    w.drop_conn(b);
    w.now += Duration::from_secs(59);
    w.tick();
    assert_eq!(w.host.phase(), Phase::Drawing);
    w.now += Duration::from_secs(1);
    w.tick();
    assert_eq!(w.host.phase(), Phase::Playing);
    let mut rng = Rng::new(5);
    w.play_to_end(&[a], &mut rng);
    assert_eq!(w.view(a).verify(), Ok(()));
}

#[test]
fn spectators_watch_chat_and_react_but_do_not_act() {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let b = w.join("Bo");
    let s = w.spectate("Eve");
    w.send(
        s,
        &ClientMsg::Chat {
            text: "  good luck  ".into(),
        },
    );
    w.send(
        a,
        &ClientMsg::Emote {
            emote: Emote::Thumbsup,
        },
    );
    for p in [a, b, s] {
        let msgs = w.take(p);
        assert!(msgs.contains(&ServerMsg::Chat {
            from: Speaker::Spectator { name: "Eve".into() },
            text: "good luck".into()
        }));
        assert!(msgs.contains(&ServerMsg::Emote {
            from: Speaker::Seat {
                seat: 0,
                name: "Ada".into()
            },
            emote: Emote::Thumbsup
        }));
    }
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    w.send(
        s,
        &ClientMsg::Contribute {
            contribution: "00".repeat(32),
        },
    );
    assert_eq!(w.rejected(s), Reject::NotAPlayer);
    let state = w.host.state_number();
    let action = w.view(w.to_move(&[a, b]).expect("mover")).legal[0];
    w.send(s, &ClientMsg::Act { state, action });
    assert_eq!(w.rejected(s), Reject::NotAPlayer);
    // A late spectator gets the chat so far and the whole state.
    let late = w.spectate("Fay");
    assert_eq!(w.view(late).chat.len(), 1);
    assert_eq!(w.view(late).phase, Phase::Playing);
    assert!(w.view(late).legal.is_empty());
    let mut rng = Rng::new(2);
    w.play_to_end(&[a, b], &mut rng);
    assert_eq!(w.view(late).verify(), Ok(()));
    assert_eq!(w.view(s).verify(), Ok(()));
}

#[test]
fn a_seat_handed_to_a_bot_during_the_draw_gives_up_its_share() {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let b = w.join("Bo");
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a]);
    // Bo commits by hand, then leaves without revealing: the draw waits for him.
    let hash = fair::to_hex(&fair::contribution_hash(&[9; 32]));
    w.send(b, &ClientMsg::Commit { hash });
    let token = w.view(b).token().expect("token").to_owned();
    w.drop_conn(b);
    assert_eq!(w.host.phase(), Phase::Drawing);
    w.now += Duration::from_secs(31);
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    assert_eq!(w.host.phase(), Phase::Playing);
    assert_eq!(w.view(a).contributions[1], None, "Bo's share is given up");
    // Bo comes back to his seat, but the draw is done.
    let b2 = w.connect();
    w.hello(b2, "Bo", Join::Resume { token });
    assert_eq!(w.view(b2).seat(), Some(1));
    w.send(
        b2,
        &ClientMsg::Contribute {
            contribution: fair::to_hex(&[9; 32]),
        },
    );
    assert_eq!(
        w.rejected(b2),
        Reject::WrongPhase {
            phase: Phase::Playing
        }
    );
    w.play_to_end(&[a, b2], &mut Rng::new(8));
    assert_eq!(w.view(a).verify(), Ok(()));
    assert_eq!(w.view(b2).verify(), Ok(()));
}
