//! Hostile and mistaken input: every rejection reason, and nothing changes after any of them.

mod common;

use carcassonne_engine::{Action, Expansion, Options, PlayError, Pos, Rng, SetupError};
use carcassonne_net::fair;
use carcassonne_net::host::{Incoming, Outgoing};
use carcassonne_net::protocol::{
    AdminCommand, ClientMsg, Join, Phase, Reject, SeatChoice, ServerMsg, Snapshot,
    MAX_CLIENT_MESSAGE, PROTOCOL_VERSION,
};
use common::World;

/// The whole state as a spectator sees it, minus the chat.
fn fingerprint(w: &mut World, watcher: u64) -> Snapshot {
    w.take(watcher);
    w.send(watcher, &ClientMsg::Sync);
    let msgs = w.take(watcher);
    let Some(ServerMsg::Snapshot { snapshot }) = msgs.last() else {
        panic!("{msgs:?}");
    };
    let mut s = (**snapshot).clone();
    s.chat.clear();
    s
}

/// A 2-player game under way: (Ada, Bo, a watching spectator).
fn playing() -> (World, u64, u64, u64) {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let b = w.join("Bo");
    let s = w.spectate("Eve");
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    let mut rng = Rng::new(4);
    for _ in 0..5 {
        assert!(w.play_one(&[a, b], &mut rng));
    }
    (w, a, b, s)
}

#[test]
fn garbage_is_answered_with_an_error_and_changes_nothing() {
    let (mut w, a, b, s) = playing();
    let before = fingerprint(&mut w, s);
    let deep = "[".repeat(100_000);
    let cases: Vec<String> = vec![
        "not json".into(),
        "".into(),
        "{\"type\":\"fly\"}".into(),
        "{\"type\":\"act\"}".into(),
        "{\"type\":\"act\",\"state\":-1,\"action\":{\"type\":\"pass\"}}".into(),
        "{\"type\":\"act\",\"state\":1,\"action\":{\"type\":\"place\",\"at\":[0,0],\"rotation\":1,\"x\":1}}".into(),
        "{\"type\":\"chat\",\"text\":\"hi\",\"extra\":true}".into(),
        "\u{0}\u{1}\u{2}".into(),
        "[1,2,3]".into(),
        deep[..MAX_CLIENT_MESSAGE].to_owned(),
    ];
    for text in cases {
        for p in [a, b, s] {
            w.raw(p, &text);
            assert!(
                matches!(w.rejected(p), Reject::Malformed { .. }),
                "{:?}",
                &text[..text.len().min(40)]
            );
        }
    }
    let huge = format!(
        "{{\"type\":\"chat\",\"text\":\"{}\"}}",
        "x".repeat(MAX_CLIENT_MESSAGE)
    );
    w.raw(a, &huge);
    assert_eq!(
        w.rejected(a),
        Reject::TooLarge {
            limit: MAX_CLIENT_MESSAGE
        }
    );
    assert_eq!(fingerprint(&mut w, s), before);
}

#[test]
fn a_flood_is_rate_limited() {
    let (mut w, a, _, s) = playing();
    let before = fingerprint(&mut w, s);
    let sync = ClientMsg::Sync.to_json();
    let mut limited = 0;
    for _ in 0..100 {
        // All at the same instant: the bucket empties.
        let out = w.host.handle(
            Incoming::Text {
                conn: a,
                text: sync.clone(),
            },
            w.now,
        );
        if out.iter().any(|o| {
            matches!(
                o,
                Outgoing::Send {
                    msg: ServerMsg::Rejected {
                        reason: Reject::RateLimited
                    },
                    ..
                }
            )
        }) {
            limited += 1;
        }
    }
    assert!(limited >= 50, "{limited} limited");
    // Time refills the bucket.
    w.now += std::time::Duration::from_secs(2);
    assert_eq!(fingerprint(&mut w, s), before);
    w.send(a, &ClientMsg::Sync);
    assert!(matches!(w.take(a).last(), Some(ServerMsg::Snapshot { .. })));
}

#[test]
fn hello_mistakes() {
    let mut w = World::seats(2);
    let room = w.host.room().to_owned();
    // Anything before the hello.
    let c = w.connect();
    w.send(c, &ClientMsg::Chat { text: "hi".into() });
    assert_eq!(w.rejected(c), Reject::HelloFirst);
    // Wrong room, bad names, bad token, no such seat: the connection may try again.
    let hello = |room: &str, name: &str, join: Join| ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        room: room.into(),
        name: name.into(),
        join,
    };
    w.send(c, &hello("ZZZZZ", "Ada", Join::Spectator));
    assert_eq!(w.rejected(c), Reject::WrongRoom);
    w.send(c, &hello(&room, "  ", Join::Player { seat: None }));
    assert_eq!(w.rejected(c), Reject::BadName);
    w.send(c, &hello(&room, &"n".repeat(33), Join::Spectator));
    assert_eq!(w.rejected(c), Reject::BadName);
    w.send(
        c,
        &hello(
            &room,
            "Ada",
            Join::Resume {
                token: "0".repeat(32),
            },
        ),
    );
    assert_eq!(w.rejected(c), Reject::BadToken);
    w.send(c, &hello(&room, "Ada", Join::Player { seat: Some(5) }));
    assert_eq!(w.rejected(c), Reject::NoSuchSeat { seat: 5 });
    // The room code is not case-sensitive.
    w.send(
        c,
        &hello(&room.to_lowercase(), "Ada", Join::Player { seat: Some(1) }),
    );
    assert_eq!(w.view(c).seat(), Some(1));
    w.send(c, &hello(&room, "Ada", Join::Spectator));
    assert_eq!(w.rejected(c), Reject::AlreadyJoined);
    let d = w.connect();
    w.send(d, &hello(&room, "Bo", Join::Player { seat: Some(1) }));
    assert_eq!(w.rejected(d), Reject::SeatTaken { seat: 1 });
    // A different protocol version gets a clear answer and the connection is closed.
    let e = w.connect();
    w.send(
        e,
        &ClientMsg::Hello {
            version: PROTOCOL_VERSION + 1,
            room,
            name: "Cy".into(),
            join: Join::Spectator,
        },
    );
    assert_eq!(
        w.rejected(e),
        Reject::VersionMismatch {
            host: PROTOCOL_VERSION,
            client: PROTOCOL_VERSION + 1
        }
    );
    assert!(w.closed.contains(&e));
}

#[test]
fn lobby_mistakes() {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    let before = w.host.state_number();
    w.send(
        a,
        &ClientMsg::Admin {
            token: "guess".into(),
            command: AdminCommand::Start,
        },
    );
    assert_eq!(w.rejected(a), Reject::NotAdmin);
    w.admin(a, AdminCommand::Start);
    assert_eq!(w.rejected(a), Reject::SeatsNotFilled);
    w.admin(a, AdminCommand::SetSeatCount { count: 7 });
    assert_eq!(w.rejected(a), Reject::SeatCount { min: 2, max: 6 });
    w.admin(a, AdminCommand::SetSeatCount { count: 1 });
    assert_eq!(w.rejected(a), Reject::SeatCount { min: 2, max: 6 });
    w.admin(
        a,
        AdminCommand::SetSeat {
            seat: 0,
            kind: SeatChoice::Bot,
            level: None,
        },
    );
    assert_eq!(w.rejected(a), Reject::SeatTaken { seat: 0 });
    w.admin(
        a,
        AdminCommand::SetSeat {
            seat: 3,
            kind: SeatChoice::Bot,
            level: None,
        },
    );
    assert_eq!(w.rejected(a), Reject::NoSuchSeat { seat: 3 });
    w.configure(
        a,
        vec![Expansion::Cathars, Expansion::Siege],
        Options::default(),
    );
    assert_eq!(
        w.rejected(a),
        Reject::Setup {
            error: SetupError::CatharsWithSiege
        }
    );
    w.admin(a, AdminCommand::GiveToBot { seat: 0 });
    assert_eq!(
        w.rejected(a),
        Reject::WrongPhase {
            phase: Phase::Lobby
        }
    );
    w.send(
        a,
        &ClientMsg::Contribute {
            contribution: "00".repeat(32),
        },
    );
    assert_eq!(
        w.rejected(a),
        Reject::WrongPhase {
            phase: Phase::Lobby
        }
    );
    w.send(
        a,
        &ClientMsg::Act {
            state: before,
            action: Action::Pass,
        },
    );
    assert_eq!(
        w.rejected(a),
        Reject::WrongPhase {
            phase: Phase::Lobby
        }
    );
    w.send(a, &ClientMsg::Chat { text: " ".into() });
    assert_eq!(w.rejected(a), Reject::BadChat);
    w.send(
        a,
        &ClientMsg::Chat {
            text: "é".repeat(281),
        },
    );
    assert_eq!(w.rejected(a), Reject::BadChat);
    assert_eq!(
        w.host.state_number(),
        before,
        "no refusal changes the state"
    );
    // Six seats need Inns & Cathedrals: the engine's own refusal comes back typed.
    w.admin(a, AdminCommand::SetSeatCount { count: 6 });
    for seat in 1..6 {
        w.set_bot(a, seat);
    }
    w.admin(a, AdminCommand::Start);
    assert!(matches!(
        w.rejected(a),
        Reject::Setup {
            error: SetupError::TooManyPlayers { max: 5, got: 6 }
        }
    ));
    assert_eq!(w.host.phase(), Phase::Lobby);
}

#[test]
fn drawing_mistakes() {
    let mut w = World::seats(3);
    let a = w.join("Ada");
    let b = w.join("Bo");
    let c = w.join("Cy");
    w.admin(a, AdminCommand::Start);
    let hash_of = |b: [u8; 32]| fair::to_hex(&fair::contribution_hash(&b));
    w.send(a, &ClientMsg::Commit { hash: "xyz".into() });
    assert_eq!(w.rejected(a), Reject::BadContribution);
    w.send(
        a,
        &ClientMsg::Commit {
            hash: "g".repeat(64),
        },
    );
    assert_eq!(w.rejected(a), Reject::BadContribution);
    // Revealing before everyone has committed would let the last committer adapt.
    w.send(
        a,
        &ClientMsg::Contribute {
            contribution: "11".repeat(32),
        },
    );
    assert_eq!(w.rejected(a), Reject::RevealTooEarly);
    w.contribute_all(&[a]);
    w.send(
        a,
        &ClientMsg::Commit {
            hash: hash_of([3; 32]),
        },
    );
    assert_eq!(w.rejected(a), Reject::AlreadyContributed);
    w.configure(a, vec![], Options::default());
    assert_eq!(
        w.rejected(a),
        Reject::WrongPhase {
            phase: Phase::Drawing
        }
    );
    let late = w.connect();
    w.hello(late, "Late", Join::Player { seat: None });
    assert_eq!(w.rejected(late), Reject::NoSeat);
    // Bo and Cy commit by hand; then the host publishes the commitments and asks for reveals.
    w.send(
        b,
        &ClientMsg::Commit {
            hash: hash_of([7; 32]),
        },
    );
    w.send(
        c,
        &ClientMsg::Commit {
            hash: hash_of([8; 32]),
        },
    );
    assert!(w.take(c).iter().any(|m| matches!(m, ServerMsg::RevealNow { commitments, .. } if commitments[2] == Some(hash_of([8; 32])))));
    w.send(
        b,
        &ClientMsg::Commit {
            hash: hash_of([9; 32]),
        },
    );
    assert_eq!(w.rejected(b), Reject::CommitTooLate);
    // A contribution other than the one committed to is refused.
    w.send(
        b,
        &ClientMsg::Contribute {
            contribution: fair::to_hex(&[6; 32]),
        },
    );
    assert_eq!(w.rejected(b), Reject::RevealMismatch);
    w.send(
        b,
        &ClientMsg::Contribute {
            contribution: fair::to_hex(&[7; 32]),
        },
    );
    w.send(
        b,
        &ClientMsg::Contribute {
            contribution: fair::to_hex(&[7; 32]),
        },
    );
    assert_eq!(w.rejected(b), Reject::AlreadyContributed);
    assert_eq!(w.host.phase(), Phase::Drawing, "Cy has not revealed");
    w.send(
        c,
        &ClientMsg::Contribute {
            contribution: fair::to_hex(&[8; 32]),
        },
    );
    assert_eq!(w.host.phase(), Phase::Playing);
}

#[test]
fn out_of_turn_stale_and_illegal_actions_are_refused_and_change_nothing() {
    let (mut w, a, b, s) = playing();
    let before = fingerprint(&mut w, s);
    let mover = w.to_move(&[a, b]).expect("a mover");
    let other = if mover == a { b } else { a };
    let state = w.host.state_number();
    let legal = w.view(mover).legal[0];
    // The other seat acts: refused.
    w.send(
        other,
        &ClientMsg::Act {
            state,
            action: legal,
        },
    );
    assert_eq!(
        w.rejected(other),
        Reject::NotYourTurn {
            expected: w.view(mover).seat()
        }
    );
    // An action decided on an older state (a replay, a double click): refused.
    w.send(
        mover,
        &ClientMsg::Act {
            state: state - 1,
            action: legal,
        },
    );
    assert_eq!(
        w.rejected(mover),
        Reject::Stale {
            current: state,
            got: state - 1
        }
    );
    w.send(
        mover,
        &ClientMsg::Act {
            state: state + 5,
            action: legal,
        },
    );
    assert_eq!(
        w.rejected(mover),
        Reject::Stale {
            current: state,
            got: state + 5
        }
    );
    // Rules are the engine's: it names the rule broken.
    let far = Action::Place {
        at: Pos { x: 90, y: 90 },
        rotation: 0,
    };
    w.send(mover, &ClientMsg::Act { state, action: far });
    let r = w.rejected(mover);
    assert!(
        matches!(
            r,
            Reject::Illegal {
                error: PlayError::NotAdjacent { .. }
            } | Reject::Illegal {
                error: PlayError::WrongAction { .. }
            }
        ),
        "{r:?}"
    );
    w.send(
        mover,
        &ClientMsg::Act {
            state,
            action: Action::Place {
                at: Pos { x: 0, y: 1 },
                rotation: 9,
            },
        },
    );
    assert!(matches!(w.rejected(mover), Reject::Illegal { .. }));
    // A spectator cannot act; an admin command does not fit the game.
    w.send(
        s,
        &ClientMsg::Act {
            state,
            action: legal,
        },
    );
    assert_eq!(w.rejected(s), Reject::NotAPlayer);
    w.admin(a, AdminCommand::SetSeatCount { count: 3 });
    assert_eq!(
        w.rejected(a),
        Reject::WrongPhase {
            phase: Phase::Playing
        }
    );
    w.admin(a, AdminCommand::Start);
    assert_eq!(
        w.rejected(a),
        Reject::WrongPhase {
            phase: Phase::Playing
        }
    );
    assert_eq!(fingerprint(&mut w, s), before);
    // The same action applies once; sent twice with the same state, the second is stale.
    w.send(
        mover,
        &ClientMsg::Act {
            state,
            action: legal,
        },
    );
    assert_eq!(w.host.state_number(), state + 1);
    w.send(
        mover,
        &ClientMsg::Act {
            state,
            action: legal,
        },
    );
    assert!(matches!(w.rejected(mover), Reject::Stale { .. }));
    assert_eq!(
        w.host.record().expect("record").actions.len(),
        before.history.len() + 1
    );
}

#[test]
fn a_wrong_token_takes_no_seat() {
    let (mut w, a, _, s) = playing();
    let before = fingerprint(&mut w, s);
    let token = w.view(a).token().expect("token").to_owned();
    let mut wrong = token.clone();
    wrong.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    w.take(a);
    let c = w.connect();
    w.hello(c, "Mallory", Join::Resume { token: wrong });
    assert_eq!(w.rejected(c), Reject::BadToken);
    // Still not joined: it cannot act or chat.
    w.send(
        c,
        &ClientMsg::Act {
            state: before.state,
            action: Action::Pass,
        },
    );
    assert_eq!(w.rejected(c), Reject::HelloFirst);
    assert!(w.take(a).is_empty(), "Ada was not disturbed");
    assert_eq!(fingerprint(&mut w, s), before);
}
