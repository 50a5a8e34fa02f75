//! In process (the `World` harness): bot levels at a table, and reseating — a spectator asks
//! for a free seat or a bot's, the host's operator consents, the seat's token moves to it.
//! Hostile requests get typed refusals and change nothing.

mod common;

use carcassonne_engine::Rng;
use carcassonne_net::fair::{contribution_hash, to_hex};
use carcassonne_net::host::{HostConfig, HostState, TableSave};
use carcassonne_net::protocol::{
    AdminCommand, BotLevel, ClientMsg, Join, Phase, Reject, ReseatPolicy, SeatChoice, SeatKind,
    ServerMsg,
};
use common::World;
use std::time::Duration;

fn bot(w: &mut World, admin: u64, seat: u8, level: Option<BotLevel>) {
    let kind = SeatChoice::Bot;
    w.admin(admin, AdminCommand::SetSeat { seat, kind, level });
}

fn ask(w: &mut World, conn: u64, seat: u8) {
    w.send(conn, &ClientMsg::AskSeat { seat });
}

fn answer(w: &mut World, admin: u64, id: u64, accept: bool) {
    w.admin(admin, AdminCommand::AnswerSeat { id, accept });
}

/// The id the host gave `conn`'s request, as everyone heard it.
fn asked_id(w: &World, watcher: u64) -> u64 {
    w.view(watcher).seat_asks.last().expect("a request").id
}

#[test]
fn each_bot_seat_has_its_level_and_an_away_seat_goes_to_the_hosts_level() {
    let mut w = World::seats(3);
    let a = w.join("Ada");
    let b = w.join("Bo");
    bot(&mut w, a, 2, Some(BotLevel::Hard));
    let lobby = w.view(b).lobby.clone().expect("a lobby");
    assert_eq!(lobby.seats[2].kind, SeatKind::Bot);
    assert_eq!(lobby.seats[2].level, Some(BotLevel::Hard));
    assert_eq!(lobby.seats[0].level, None);
    // The table's level for away players (the harness's: easy), then the host's choice.
    assert_eq!(lobby.away_level, BotLevel::Easy);
    w.admin(
        a,
        AdminCommand::SetAwayLevel {
            level: BotLevel::Medium,
        },
    );
    let lobby = w.view(b).lobby.clone().expect("a lobby");
    assert_eq!(lobby.away_level, BotLevel::Medium);
    // A bot seat without a level of its own gets the table's.
    w.admin(
        a,
        AdminCommand::SetSeat {
            seat: 2,
            kind: SeatChoice::Bot,
            level: None,
        },
    );
    assert_eq!(
        w.view(b).lobby.as_ref().expect("a lobby").seats[2].level,
        Some(BotLevel::Medium)
    );
    w.admin(
        a,
        AdminCommand::SetAwayLevel {
            level: BotLevel::Easy,
        },
    );
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    assert_eq!(w.host.phase(), Phase::Playing);
    // The table's view names each bot by its level.
    let view = w.view(a).table.clone().expect("a view");
    assert_eq!(view.seats[2].bot.as_deref(), Some("medium"));
    // Bo leaves; the host gives his seat away: it plays at the table's level.
    w.drop_conn(b);
    w.now += Duration::from_secs(31);
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    let lobby = w.view(a).lobby.clone().expect("a lobby");
    assert_eq!(lobby.seats[1].kind, SeatKind::Bot);
    let snapshot_level = {
        w.send(a, &ClientMsg::Sync);
        w.view(a).lobby.as_ref().expect("a lobby").seats[1].level
    };
    assert_eq!(snapshot_level, Some(BotLevel::Easy));
    // Level changes are lobby-only.
    w.admin(
        a,
        AdminCommand::SetAwayLevel {
            level: BotLevel::Hard,
        },
    );
    assert_eq!(
        w.rejected(a),
        Reject::WrongPhase {
            phase: Phase::Playing
        }
    );
}

#[test]
fn the_hosts_bots_sit_in_the_last_seats_from_the_start() {
    let mut w = World::exact(HostConfig {
        seats: 4,
        bots: vec![BotLevel::Hard, BotLevel::Easy],
        ..HostConfig::default()
    });
    let s = w.spectate("Eve");
    let lobby = w.view(s).lobby.clone().expect("a lobby");
    let levels: Vec<_> = lobby.seats.iter().map(|s| s.level).collect();
    assert_eq!(
        levels,
        [None, None, Some(BotLevel::Hard), Some(BotLevel::Easy)]
    );
    let save = w.host.save().to_json();
    assert!(save.contains("\"level\":\"hard\""), "the file keeps levels");
    let back = HostState::from_save(TableSave::from_json(&save).expect("a save"), w.now);
    let seats = back.expect("taken up").save().to_json();
    assert!(seats.contains("\"level\":\"easy\""));
}

/// Ada and Bo play; Bo leaves and his seat goes to a bot; Eve, watching, asks for it.
fn bots_seat_mid_game() -> (World, u64, u64, String) {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let b = w.join("Bo");
    let old_token = w.view(b).token().expect("a token").to_owned();
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    let mut rng = Rng::new(3);
    for _ in 0..6 {
        assert!(w.play_one(&[a, b], &mut rng));
    }
    w.drop_conn(b);
    w.now += Duration::from_secs(31);
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    assert_eq!(
        w.view(a).lobby.as_ref().expect("a lobby").seats[1].kind,
        SeatKind::Bot
    );
    let e = w.spectate("Eve");
    (w, a, e, old_token)
}

#[test]
fn a_spectator_takes_a_bots_seat_with_the_hosts_consent_and_the_old_token_stops_working() {
    let (mut w, a, e, old_token) = bots_seat_mid_game();
    let shares_before = w.view(a).contributions.clone();
    let state = w.host.state_number();
    ask(&mut w, e, 1);
    // Everyone hears the request; nothing changed yet.
    assert_eq!(w.host.state_number(), state);
    let asks = w.view(a).seat_asks.clone();
    assert_eq!(asks.len(), 1);
    assert_eq!((asks[0].name.as_str(), asks[0].seat), ("Eve", 1));
    assert_eq!(w.view(e).seat(), None);
    answer(&mut w, a, asks[0].id, true);
    // Eve now holds seat 1 with a token of her own.
    assert_eq!(w.view(e).seat(), Some(1));
    let token = w.view(e).token().expect("a token").to_owned();
    assert_ne!(token, old_token);
    assert!(w.view(a).seat_asks.is_empty());
    let lobby = w.view(a).lobby.clone().expect("a lobby");
    assert_eq!(lobby.seats[1].kind, SeatKind::Human);
    assert_eq!(lobby.seats[1].name, "Eve");
    assert_eq!(w.view(a).desync, None);
    // The seat keeps its share: the draw's history is unchanged.
    assert_eq!(w.view(e).contributions, shares_before);
    // Bo's old token no longer opens the seat.
    let bo = w.connect();
    w.hello(bo, "Bo", Join::Resume { token: old_token });
    assert_eq!(w.rejected(bo), Reject::BadToken);
    // The table file keeps the reseat: taken up again, Eve's token opens seat 1.
    let save = TableSave::from_json(&w.host.save().to_json()).expect("a save");
    let mut again = World::new(HostConfig::default());
    again.host = HostState::from_save(save, w.now).expect("taken up");
    let e2 = again.connect();
    again.hello(e2, "Eve", Join::Resume { token });
    assert_eq!(again.view(e2).seat(), Some(1));
    // Eve plays the seat to the end; everyone's draws check out, her share history included.
    let mut rng = Rng::new(9);
    w.play_to_end(&[a, e], &mut rng);
    for p in [a, e] {
        assert_eq!(w.view(p).verify(), Ok(()));
    }
    let result = w.host.result().expect("over");
    assert_eq!(result.contributions, shares_before);
}

#[test]
fn hostile_requests_for_seats_get_typed_refusals() {
    let (mut w, a, e, _) = bots_seat_mid_game();
    let state = w.host.state_number();
    // A player does not ask for a seat.
    ask(&mut w, a, 1);
    assert_eq!(w.rejected(a), Reject::NotASpectator);
    // Ada's seat is a person's.
    ask(&mut w, e, 0);
    assert_eq!(w.rejected(e), Reject::SeatTaken { seat: 0 });
    ask(&mut w, e, 5);
    assert_eq!(w.rejected(e), Reject::NoSuchSeat { seat: 5 });
    // One request at a time, and one per seat.
    ask(&mut w, e, 1);
    let id = asked_id(&w, a);
    w.take(e);
    ask(&mut w, e, 1);
    assert_eq!(w.rejected(e), Reject::SeatAskPending);
    let f = w.spectate("Fay");
    ask(&mut w, f, 1);
    assert_eq!(w.rejected(f), Reject::SeatAskPending);
    // Only the host's operator answers, and only a request that stands.
    let token = "wrong".to_owned();
    let command = AdminCommand::AnswerSeat { id, accept: true };
    w.send(e, &ClientMsg::Admin { token, command });
    assert_eq!(w.rejected(e), Reject::NotAdmin);
    answer(&mut w, a, 999, true);
    assert_eq!(w.rejected(a), Reject::NoSuchAsk { id: 999 });
    // Refused: Eve is told, everyone drops the request, nothing changed.
    answer(&mut w, a, id, false);
    assert_eq!(w.rejected(e), Reject::SeatRefused { seat: 1 });
    assert!(w.view(a).seat_asks.is_empty());
    answer(&mut w, a, id, true);
    assert_eq!(w.rejected(a), Reject::NoSuchAsk { id });
    assert_eq!(w.host.state_number(), state);
    assert_eq!(w.view(e).seat(), None);
    // A request whose asker leaves goes with it.
    ask(&mut w, f, 1);
    assert_eq!(w.view(a).seat_asks.len(), 1);
    w.drop_conn(f);
    assert!(w.view(a).seat_asks.is_empty());
    assert_eq!(w.host.state_number(), state);
}

#[test]
fn a_host_that_refuses_or_accepts_by_rule_answers_at_once() {
    for (policy, seated) in [(ReseatPolicy::Refuse, false), (ReseatPolicy::Accept, true)] {
        let mut w = World::new(HostConfig {
            seats: 2,
            reseat: policy,
            ..HostConfig::default()
        });
        let a = w.join("Ada");
        let e = w.spectate("Eve");
        ask(&mut w, e, 1);
        if seated {
            assert_eq!(w.view(e).seat(), Some(1));
            let lobby = w.view(a).lobby.clone().expect("a lobby");
            assert_eq!(lobby.seats[1].name, "Eve");
        } else {
            assert_eq!(w.rejected(e), Reject::SeatRefused { seat: 1 });
            assert!(w.view(a).seat_asks.is_empty());
        }
    }
}

/// Three seats, the third a bot's; Eve watches; the host has started (the draw is on).
fn drawing() -> (World, u64, u64, u64) {
    let mut w = World::seats(3);
    let a = w.join("Ada");
    let b = w.join("Bo");
    bot(&mut w, a, 2, Some(BotLevel::Easy));
    let e = w.spectate("Eve");
    w.admin(a, AdminCommand::Start);
    assert_eq!(w.host.phase(), Phase::Drawing);
    (w, a, b, e)
}

fn reseat(w: &mut World, admin: u64, who: u64, seat: u8) {
    ask(w, who, seat);
    let id = asked_id(w, admin);
    answer(w, admin, id, true);
    assert_eq!(w.view(who).seat(), Some(seat));
}

#[test]
fn a_seat_taken_during_the_draw_adds_a_share_before_the_reveal_and_gives_it_up_after() {
    // Before any commitment is published: Eve commits and reveals like the others.
    let (mut w, a, b, e) = drawing();
    reseat(&mut w, a, e, 2);
    w.contribute_all(&[a, b]);
    assert_eq!(
        w.host.phase(),
        Phase::Drawing,
        "the draw waits for Eve's share"
    );
    w.contribute_all(&[e]);
    assert_eq!(w.host.phase(), Phase::Playing);
    assert!(w.view(a).contributions[2].is_some());
    let mut rng = Rng::new(4);
    w.play_to_end(&[a, b, e], &mut rng);
    for p in [a, b, e] {
        assert_eq!(w.view(p).verify(), Ok(()));
    }
    // During the reveal: too late for this draw, which goes on with Ada's and Bo's shares.
    let (mut w, a, b, e) = drawing();
    // Ada commits by hand (the harness does not reveal for her); Bo's commitment then makes
    // the host publish them all and ask for the reveals.
    let bytes = [7u8; 32];
    let hash = to_hex(&contribution_hash(&bytes));
    w.send(a, &ClientMsg::Commit { hash });
    w.contribute_all(&[b]);
    assert!(w.view(e).commitments.is_some(), "the reveal is on");
    reseat(&mut w, a, e, 2);
    let contribution = to_hex(&bytes);
    w.send(a, &ClientMsg::Contribute { contribution });
    assert_eq!(w.host.phase(), Phase::Playing);
    assert_eq!(w.view(a).contributions[2], None);
    let mut rng = Rng::new(5);
    w.play_to_end(&[a, b, e], &mut rng);
    for p in [a, b, e] {
        assert_eq!(w.view(p).verify(), Ok(()));
    }
}

#[test]
fn a_free_seat_in_the_lobby_is_taken_with_consent_and_the_hosts_answer_after_a_comeback_is_seat_taken(
) {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let e = w.spectate("Eve");
    ask(&mut w, e, 1);
    let id = asked_id(&w, a);
    answer(&mut w, a, id, true);
    assert_eq!(w.view(e).seat(), Some(1));
    assert!(matches!(
        w.take(a).iter().find(|m| matches!(m, ServerMsg::Lobby { .. })),
        Some(ServerMsg::Lobby { lobby, .. }) if lobby.seats[1].name == "Eve"
    ));
    // Mid-game: a bot's seat asked for, then its player comes back before the answer.
    let (mut w, a, e, old_token) = bots_seat_mid_game();
    ask(&mut w, e, 1);
    let id = asked_id(&w, a);
    let bo = w.connect();
    w.hello(bo, "Bo", Join::Resume { token: old_token });
    assert_eq!(w.view(bo).seat(), Some(1));
    answer(&mut w, a, id, true);
    assert_eq!(w.rejected(a), Reject::SeatTaken { seat: 1 });
    assert_eq!(w.rejected(e), Reject::SeatTaken { seat: 1 });
    assert_eq!(w.view(e).seat(), None);
}
