//! A purist table (issue 30, item 6): the host chooses it in the lobby, every client sees it
//! there, and the views the host sends then carry no learning aid's facts at all (so no client
//! can show one, whatever it runs); it stays purist when the table is saved and taken up again.

mod common;

use carcassonne_engine::Rng;
use carcassonne_net::host::{HostState, TableSave};
use carcassonne_net::protocol::{AdminCommand, Phase, Reject};
use common::World;
use std::time::Duration;

/// A two-seat table, purist or not, played `moves` actions in.
fn table(purist: bool, moves: usize) -> (World, Vec<u64>) {
    let mut w = World::seats(2);
    let players: Vec<u64> = ["Ann", "Bob"].iter().map(|n| w.join(n)).collect();
    if purist {
        w.admin(players[0], AdminCommand::SetPurist { purist: true });
    }
    assert_eq!(
        w.view(players[1]).lobby.as_ref().map(|l| l.purist),
        Some(purist),
        "every seat sees in the lobby whether the table is purist"
    );
    w.admin(players[0], AdminCommand::Start);
    w.contribute_all(&players);
    let mut rng = Rng::new(3);
    for _ in 0..moves {
        assert!(w.play_one(&players, &mut rng));
    }
    (w, players)
}

#[test]
fn a_purist_tables_views_carry_no_aid() {
    let (aided, aided_players) = table(false, 30);
    let (w, players) = table(true, 30);
    // The same game at a table with aids has every aid's facts: the comparison is not empty.
    let a = aided.view(aided_players[0]).table.clone().expect("a view");
    assert!(!a.purist && !a.tiles_left_by_type.is_empty() && a.projection.is_some());
    assert!(a.farms.is_some() && !a.hard_cells.is_empty());
    for &p in &players {
        let v = w.view(p).table.as_ref().expect("a view");
        assert!(v.purist);
        assert!(v.tiles_left_by_type.is_empty(), "no bag by type");
        assert!(v.hard_cells.is_empty(), "no dead cells");
        assert!(v.projection.is_none(), "no projection");
        assert!(v.farms.is_none(), "no farm view");
        // the game itself is all there
        assert_eq!(v.tiles, a.tiles);
        assert_eq!(v.tiles_left, a.tiles_left);
    }
    // A spectator who comes in later gets the purist view in its snapshot.
    let mut w = w;
    let s = w.spectate("Cy");
    assert!(w
        .view(s)
        .table
        .as_ref()
        .is_some_and(|v| v.purist && v.projection.is_none()));
}

#[test]
fn purist_is_chosen_in_the_lobby_only_and_outlives_a_restart() {
    let (mut w, players) = table(true, 4);
    assert_eq!(w.host.phase(), Phase::Playing);
    w.admin(players[0], AdminCommand::SetPurist { purist: false });
    assert!(matches!(w.rejected(players[0]), Reject::WrongPhase { .. }));
    let json = w.host.save().to_json();
    let save = TableSave::from_json(&json).expect("the save reads back");
    let host = HostState::from_save(save, Duration::ZERO).expect("the save resumes");
    let mut again = World::seats(2);
    again.host = host;
    let c = again.spectate("Dee");
    let v = again.view(c);
    assert_eq!(v.lobby.as_ref().map(|l| l.purist), Some(true));
    assert!(v
        .table
        .as_ref()
        .is_some_and(|t| t.purist && t.farms.is_none()));
}
