//! The host sends the table as a screen shows it (the same `GameView` as a game on one device)
//! and answers previews of a tentative placement without changing anything.

mod common;

use carcassonne_engine::{Action, Rng};
use carcassonne_net::protocol::{AdminCommand, ClientMsg, Reject, ServerMsg};
use common::World;

fn started(seats: usize) -> (World, Vec<u64>) {
    let mut w = World::seats(seats);
    let players: Vec<u64> = (0..seats).map(|i| w.join(&format!("P{i}"))).collect();
    w.admin(players[0], AdminCommand::Start);
    w.contribute_all(&players);
    (w, players)
}

#[test]
fn every_client_gets_the_same_view_stamped_with_the_state_number() {
    let (mut w, players) = started(2);
    let mut rng = Rng::new(5);
    for _ in 0..12 {
        assert!(w.play_one(&players, &mut rng));
    }
    let game = w.host.game().expect("game");
    let state = w.host.state_number();
    let first = w.view(players[0]).table.clone().expect("a view");
    assert_eq!(u64::from(first.state), state);
    assert_eq!(first.tiles.len(), game.board().tiles.len());
    assert_eq!(first.followers.len(), game.followers().len());
    assert_eq!(first.tiles_left as usize, game.remaining_tiles().len());
    let scores: Vec<u32> = first.seats.iter().map(|s| s.score).collect();
    assert_eq!(scores, game.scores());
    assert_eq!(first.seats[1].name, "P1");
    assert_ne!(first.seats[0].colour, first.seats[1].colour);
    let pending = first.pending.as_ref().expect("pending");
    assert_eq!(Some(pending.decision.seat), game.pending_seat());
    assert!(!pending.by_bot, "a human seat");
    // The last placement is ringed, with the seat that made it.
    let last = w
        .host
        .record()
        .expect("record")
        .actions
        .iter()
        .rev()
        .find_map(|a| match a.action {
            Action::Place { at, .. } => Some((at, a.seat)),
            _ => None,
        });
    assert_eq!(first.last_placed, last.map(|(at, _)| at));
    assert_eq!(first.last_placed_by, last.map(|(_, s)| s));
    // The learning aids come with it, computed by the engine on the host (issue 30).
    let holes: Vec<_> = game.hard_cells().iter().map(|c| c.pos).collect();
    assert_eq!(
        first.hard_cells.iter().map(|c| c.at).collect::<Vec<_>>(),
        holes
    );
    let projection = first.projection.as_ref().expect("a projection mid-game");
    assert_eq!(projection.scores, game.ended_now().scores());
    // Every client sees the same table.
    assert_eq!(w.view(players[1]).table.as_ref(), Some(&first));
    // A reconnecting client gets it in its snapshot.
    let c = w.connect();
    w.hello(c, "Watcher", carcassonne_net::protocol::Join::Spectator);
    assert_eq!(w.view(c).table.as_ref(), Some(&first));
}

#[test]
fn bot_seats_are_marked_as_played_by_the_host_at_their_level() {
    let mut w = World::seats(2);
    let a = w.join("Ada");
    w.set_bot(a, 1);
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a]);
    let v = w.view(a).table.clone().expect("a view");
    // The harness's bots play at `easy` (the seat took the table's level).
    assert_eq!(v.seats[1].bot.as_deref(), Some("easy"));
    assert_eq!(v.seats[0].bot, None);
}

#[test]
fn a_preview_answers_only_the_asking_player_and_changes_nothing() {
    let (mut w, players) = started(2);
    let mover = w.to_move(&players).expect("someone moves");
    let other = players
        .iter()
        .copied()
        .find(|&p| p != mover)
        .expect("other");
    w.take(mover);
    w.take(other);
    let state = w.host.state_number();
    let pending = w
        .view(mover)
        .table
        .clone()
        .and_then(|t| t.pending)
        .expect("pending");
    // A placement whose tile has a follower spot: every opening tile has one.
    let place = &pending.placements[0];
    let (at, rotation) = (place.at, place.rotations[0]);
    w.send(
        mover,
        &ClientMsg::Preview {
            state,
            at,
            rotation,
        },
    );
    let got = w.take(mover);
    let [ServerMsg::Preview {
        state: s,
        at: a,
        rotation: r,
        choices,
    }] = got.as_slice()
    else {
        panic!("{got:?}");
    };
    assert_eq!((*s, *a, *r), (state, at, rotation));
    assert!(
        choices
            .iter()
            .any(|c| matches!(c.action, Action::Deploy { .. })),
        "{choices:?}"
    );
    assert!(choices.iter().any(|c| c.action == Action::Pass));
    // Nothing changed, nobody else heard of it.
    assert_eq!(w.host.state_number(), state);
    assert!(w.take(other).is_empty());
    assert_eq!(w.host.record().expect("record").actions.len(), 0);
    // The other player may not preview, nor may a stale state or a tile that does not fit.
    w.send(
        other,
        &ClientMsg::Preview {
            state,
            at,
            rotation,
        },
    );
    assert!(matches!(w.rejected(other), Reject::NotYourTurn { .. }));
    w.send(
        mover,
        &ClientMsg::Preview {
            state: state - 1,
            at,
            rotation,
        },
    );
    assert!(matches!(w.rejected(mover), Reject::Stale { .. }));
    w.send(
        mover,
        &ClientMsg::Preview {
            state,
            at: carcassonne_engine::Pos { x: 40, y: 40 },
            rotation,
        },
    );
    assert!(matches!(w.rejected(mover), Reject::Illegal { .. }));
    let spectator = w.spectate("Eve");
    w.send(
        spectator,
        &ClientMsg::Preview {
            state,
            at,
            rotation,
        },
    );
    assert!(matches!(w.rejected(spectator), Reject::NotAPlayer));
    assert_eq!(w.host.state_number(), state);
}
