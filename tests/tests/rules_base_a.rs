//! Rule tests for the base game's setup, turn, placement, deployment and road/city rules
//! R-BASE-1 … R-BASE-7 (and the majority rules they lean on), on the hand-computed golden
//! games `tests/golden/a*.json` and on small games built in code.

use carcassonne_engine::score::ScoreEntry;
use carcassonne_engine::tiles::{FeatureKind, Side};
use carcassonne_engine::{
    Action, DecisionKind, Event, FeatureRef, FollowerKind, Game, PlayError, Pos, ScoreTime, Setup,
    SetupError, TileTypeId,
};
use carcassonne_tests::{
    drawn, feature, golden, load, meeple, ok, place, refused, scored, steps, tile, tiles_of,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// A base game for `players` seats whose bag holds exactly `tiles`, in this order.
fn scenario(players: usize, tiles: &[&str]) -> Game {
    let mut setup = Setup::base(players);
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    Game::new(setup, 99).expect("a valid scenario setup")
}

/// The entries of the score log with this rule and kind.
fn log_entries<'a>(game: &'a Game, rule: &str, kind: FeatureKind) -> Vec<&'a ScoreEntry> {
    game.score_log()
        .iter()
        .filter(|e| e.rule == rule && e.kind == kind)
        .collect()
}

fn sorted(mut v: Vec<Pos>) -> Vec<Pos> {
    v.sort();
    v
}

fn positions(ps: &[[i32; 2]]) -> Vec<Pos> {
    sorted(ps.iter().map(|&p| Pos::from(p)).collect())
}

// ---------------------------------------------------------------------------------------------
// R-BASE-1 Players 2–5, 7 meeples each
// ---------------------------------------------------------------------------------------------

#[test]
fn r_base_1_two_to_five_players() {
    assert_eq!(
        Game::new(Setup::base(1), 1).err(),
        Some(SetupError::TooFewPlayers { min: 2, got: 1 })
    );
    assert_eq!(
        Game::new(Setup::base(0), 1).err(),
        Some(SetupError::TooFewPlayers { min: 2, got: 0 })
    );
    assert_eq!(
        Game::new(Setup::base(6), 1).err(),
        Some(SetupError::TooManyPlayers { max: 5, got: 6 })
    );
    assert_eq!(
        SetupError::TooManyPlayers { max: 5, got: 6 }.rule(),
        "R-BASE-1"
    );
    for n in 2..=5 {
        let game = Game::new(Setup::base(n), 1).expect("2 to 5 players are accepted");
        assert_eq!(game.players(), n);
        assert_eq!(game.scores(), vec![0; n].as_slice());
        for seat in 0..n as u8 {
            assert_eq!(game.supply(seat, FollowerKind::Meeple), 7, "{n} players");
            assert_eq!(game.supply(seat, FollowerKind::BigMeeple), 0);
            assert_eq!(game.supply(seat, FollowerKind::Abbot), 0);
        }
    }
}

#[test]
fn r_base_1_eighth_deploy_is_refused_with_no_follower_left() {
    // Seat 0 puts a follower on a new, separate feature every turn (caps turned south under
    // the start road, then monasteries); seat 1 lengthens the road and never occupies anything.
    let mut game = scenario(
        2,
        &[
            "base/city1",
            "base/road_straight",
            "base/city1",
            "base/road_straight",
            "base/city1",
            "base/road_straight",
            "base/city1",
            "base/road_straight",
            "base/monastery",
            "base/road_straight",
            "base/monastery",
            "base/road_straight",
            "base/monastery",
            "base/road_straight",
            "base/monastery",
        ],
    );
    let seat0: [(i32, i32, u8, &str); 7] = [
        (0, 1, 2, "S"),
        (1, 1, 2, "S"),
        (2, 1, 2, "S"),
        (-1, 1, 2, "S"),
        (-2, 1, 0, "monastery"),
        (3, 1, 0, "monastery"),
        (-3, 1, 0, "monastery"),
    ];
    let seat1: [(i32, i32); 7] = [(1, 0), (2, 0), (-1, 0), (-2, 0), (3, 0), (-3, 0), (4, 0)];
    for (i, ((x, y, r, f), (rx, ry))) in seat0.into_iter().zip(seat1).enumerate() {
        ok(&mut game, 0, &place(x, y, r));
        ok(&mut game, 0, &meeple(f));
        assert_eq!(game.supply(0, FollowerKind::Meeple), 6 - i as u8);
        ok(&mut game, 1, &place(rx, ry, 0));
        ok(&mut game, 1, &Action::Pass);
    }
    assert_eq!(game.supply(0, FollowerKind::Meeple), 0);
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7);
    assert_eq!(game.followers().iter().filter(|f| f.owner == 0).count(), 7);
    // The 8th: a monastery at [4,1] with no meeple left.
    ok(&mut game, 0, &place(4, 1, 0));
    assert_eq!(
        game.legal_actions(),
        vec![Action::Pass],
        "no deployment is offered without a follower in supply"
    );
    refused(
        &mut game,
        0,
        &meeple("monastery"),
        PlayError::NoFollowerLeft {
            follower: FollowerKind::Meeple,
        },
    );
    assert_eq!(
        PlayError::NoFollowerLeft {
            follower: FollowerKind::Meeple
        }
        .rule(),
        "R-BASE-1"
    );
    ok(&mut game, 0, &Action::Pass);
    assert!(game.is_over());
}

#[test]
fn r_base_1_scored_follower_returns_and_is_deployed_again() {
    // a07: Ada has all 7 meeples out; Ben closes one of her cities, she gets it back and
    // uses it on the next turn.
    let s = steps("a07_meeple_returned_and_reused.json");
    assert_eq!(s.len(), 30);
    // After Ada's 7th deploy (action 25) her supply is empty.
    assert_eq!(s[25].0.supply(0, FollowerKind::Meeple), 0);
    // Ben's cap at [0,2] (actions 26, 27) completes her [0,1] city: scored, knight back.
    let e = scored(&s[27].1);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].rule, "R-BASE-7");
    assert_eq!(e[0].kind, FeatureKind::City);
    assert_eq!(tiles_of(e[0]), positions(&[[0, 1], [0, 2]]));
    assert_eq!(*e[0].winners, [0]);
    assert_eq!(e[0].points, 4);
    assert_eq!(s[27].0.supply(0, FollowerKind::Meeple), 1);
    // Her next turn: the returned meeple goes on the monastery at [4,1].
    assert!(matches!(
        s[29].1.first(),
        Some(Event::FollowerDeployed { seat: 0, .. })
    ));
    let game = golden("a07_meeple_returned_and_reused.json");
    assert_eq!(game.scores(), &[25, 7]);
    let monks = log_entries(&game, "R-BASE-12", FeatureKind::Monastery);
    let mut monk_points: Vec<(Pos, u32)> = monks.iter().map(|e| (e.tiles[0], e.points)).collect();
    monk_points.sort();
    assert_eq!(
        monk_points,
        vec![
            (Pos::new(-3, 1), 4),
            (Pos::new(-2, 1), 6),
            (Pos::new(3, 1), 5),
            (Pos::new(4, 1), 3),
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// R-BASE-2 Start tile face up; same seed, options and actions give the same game
// ---------------------------------------------------------------------------------------------

/// Plays a whole game with a fixed, seed-independent policy; returns it with the tiles drawn.
fn autoplay(seed: u64) -> (Game, Vec<TileTypeId>) {
    let mut game = Game::new(Setup::base(3), seed).expect("a valid setup");
    let mut draws: Vec<TileTypeId> = drawn(&game).into_iter().collect();
    let mut k = 0usize;
    while let Some(d) = game.pending() {
        let legal = game.legal_actions();
        assert!(
            !legal.is_empty(),
            "a pending decision always has a legal action"
        );
        let action = legal[(k * 7 + 3) % legal.len()];
        k += 1;
        for ev in ok(&mut game, d.seat, &action) {
            if let Event::TileDrawn { tile, .. } = ev {
                draws.push(tile);
            }
        }
    }
    (game, draws)
}

#[test]
fn r_base_2_start_tile_is_placed_and_the_rest_is_the_bag() {
    let game = Game::new(Setup::base(2), 5).expect("a valid setup");
    let start = game
        .board()
        .tile_at(Pos::new(0, 0))
        .expect("the start tile is on the board");
    assert_eq!(start.tile, tile("base/start"));
    assert_eq!(start.rotation, 0);
    assert_eq!(game.board().tiles.len(), 1);
    // 72 base tiles: the start tile is placed, one is drawn for seat 0, 70 remain.
    let remaining = game.remaining_tiles();
    assert_eq!(remaining.len(), 70);
    assert!(!remaining.contains(&tile("base/start")));
    assert!(drawn(&game).is_some());
    assert_eq!(game.pending().map(|d| d.seat), Some(0));
}

#[test]
fn r_base_2_same_seed_and_actions_give_the_same_game() {
    let (a, draws_a) = autoplay(42);
    let (b, draws_b) = autoplay(42);
    assert!(a.is_over() && b.is_over());
    assert_eq!(draws_a, draws_b);
    assert_eq!(a.score_log(), b.score_log());
    assert_eq!(a, b);
    // 71 tiles to draw; every one is drawn (or discarded) exactly once.
    assert_eq!(draws_a.len() + a.discarded().len(), 71);
    // A golden record replays to the same final state every time.
    let r = load("a13_three_players.json");
    assert_eq!(
        r.replay().expect("a13 replays"),
        r.replay().expect("a13 replays")
    );
}

#[test]
fn r_base_2_different_seeds_give_different_draws() {
    let (_, d1) = autoplay(1);
    let (_, d2) = autoplay(2);
    let (_, d3) = autoplay(3);
    assert_ne!(d1, d2);
    assert_ne!(d2, d3);
    // Already the first few draws differ.
    assert_ne!(d1[..5], d2[..5]);
}

#[test]
fn r_base_2_forced_draw_order_comes_first_whatever_the_seed() {
    for seed in [0, 1, 77] {
        let mut setup = Setup::base(2);
        setup.draw_order = vec!["base/road_curve".into(), "base/city1".into()];
        let mut game = Game::new(setup, seed).expect("a valid setup");
        assert_eq!(drawn(&game), Some(tile("base/road_curve")));
        ok(&mut game, 0, &place(1, 0, 1));
        ok(&mut game, 0, &Action::Pass);
        assert_eq!(drawn(&game), Some(tile("base/city1")));
        // Not draw_order_only: the rest of the bag follows.
        assert_eq!(game.remaining_tiles().len(), 69);
    }
}

// ---------------------------------------------------------------------------------------------
// R-BASE-3 Turn = place, deploy, score; then the next player
// ---------------------------------------------------------------------------------------------

#[test]
fn r_base_3_not_your_turn_and_wrong_action_are_refused() {
    let mut game = scenario(2, &["base/city1", "base/road_straight"]);
    // Seat 0 must place.
    refused(
        &mut game,
        1,
        &place(0, -1, 2),
        PlayError::NotYourTurn {
            seat: 1,
            expected: 0,
        },
    );
    refused(
        &mut game,
        0,
        &Action::Pass,
        PlayError::WrongAction {
            expected: "place".into(),
        },
    );
    refused(
        &mut game,
        0,
        &meeple("S"),
        PlayError::WrongAction {
            expected: "place".into(),
        },
    );
    ok(&mut game, 0, &place(0, -1, 2));
    // Now seat 0 must deploy or pass: a second placement is refused.
    refused(
        &mut game,
        0,
        &place(1, 0, 0),
        PlayError::WrongAction {
            expected: "deploy, pass or recall_abbot".into(),
        },
    );
    refused(
        &mut game,
        1,
        &Action::Pass,
        PlayError::NotYourTurn {
            seat: 1,
            expected: 0,
        },
    );
    assert_eq!(
        PlayError::WrongAction {
            expected: "place".into()
        }
        .rule(),
        "R-BASE-3"
    );
    assert_eq!(
        PlayError::NotYourTurn {
            seat: 1,
            expected: 0
        }
        .rule(),
        "R-BASE-3"
    );
    ok(&mut game, 0, &Action::Pass);
    // The turn has passed to seat 1: seat 0 may not act again.
    assert_eq!(game.pending().map(|d| d.seat), Some(1));
    refused(
        &mut game,
        0,
        &place(1, 0, 0),
        PlayError::NotYourTurn {
            seat: 0,
            expected: 1,
        },
    );
}

#[test]
fn r_base_3_turn_passes_clockwise_through_three_seats() {
    let record = load("a13_three_players.json");
    let s = steps("a13_three_players.json");
    let mut expected_next = Vec::new();
    let mut seats = Vec::new();
    for (i, ra) in record.actions.iter().enumerate() {
        seats.push(ra.seat);
        if i % 2 == 1 {
            expected_next.push((ra.seat + 1) % 3);
        }
    }
    assert_eq!(
        seats,
        vec![0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0],
        "a turn is a place then a deploy/pass by the same seat"
    );
    // After each place the same seat must deploy; after each deploy/pass the next seat.
    for (i, (game, _)) in s.iter().enumerate() {
        let next = game.pending().map(|d| d.seat);
        if i == s.len() - 1 {
            assert_eq!(next, None, "the game is over after the last tile");
        } else if i % 2 == 0 {
            assert_eq!(next, Some(record.actions[i].seat));
            assert!(matches!(
                game.pending().map(|d| d.kind),
                Some(DecisionKind::Deploy { .. })
            ));
        } else {
            assert_eq!(next, Some(expected_next[i / 2]));
        }
    }
}

#[test]
fn r_base_3_scoring_comes_after_the_deploy_step() {
    // a06: Ben places the cap that closes the start city: nothing is scored yet; he deploys
    // a knight on it, and only then the city is scored, with his knight in it.
    let s = steps("a06_deploy_and_score_same_turn.json");
    assert!(scored(&s[2].1).is_empty());
    assert!(s[2].0.score_log().is_empty());
    let e = scored(&s[3].1);
    assert_eq!(e.len(), 1);
    assert_eq!(*e[0].winners, [1]);
    assert_eq!(s[3].0.score_log().len(), 1);
    assert_eq!(s[3].0.scores(), &[0, 4]);
}

// ---------------------------------------------------------------------------------------------
// R-BASE-4 Placement: adjacent, any rotation, every touching edge matches; else discard
// ---------------------------------------------------------------------------------------------

#[test]
fn r_base_4_edge_mismatch_is_refused() {
    let mut game = scenario(2, &["base/road_straight", "base/city1"]);
    // A straight road north of the start tile: its S edge (field, or road when turned) meets
    // the start tile's city.
    refused(
        &mut game,
        0,
        &place(0, -1, 0),
        PlayError::EdgeMismatch { side: Side::S },
    );
    refused(
        &mut game,
        0,
        &place(0, -1, 1),
        PlayError::EdgeMismatch { side: Side::S },
    );
    // East of the start, turned N-S, its W edge (field) meets the start road.
    refused(
        &mut game,
        0,
        &place(1, 0, 1),
        PlayError::EdgeMismatch { side: Side::W },
    );
    assert_eq!(PlayError::EdgeMismatch { side: Side::S }.rule(), "R-BASE-4");
    ok(&mut game, 0, &place(1, 0, 0));
}

#[test]
fn r_base_4_position_must_be_free_adjacent_and_rotation_valid() {
    let mut game = scenario(2, &["base/road_straight"]);
    refused(
        &mut game,
        0,
        &place(0, 0, 0),
        PlayError::PositionTaken { at: Pos::new(0, 0) },
    );
    refused(
        &mut game,
        0,
        &place(1, 1, 0),
        PlayError::NotAdjacent { at: Pos::new(1, 1) },
    );
    refused(
        &mut game,
        0,
        &place(3, 0, 0),
        PlayError::NotAdjacent { at: Pos::new(3, 0) },
    );
    refused(
        &mut game,
        0,
        &place(1, 0, 4),
        PlayError::InvalidRotation { rotation: 4 },
    );
    ok(&mut game, 0, &place(-1, 0, 2));
}

#[test]
fn r_base_4_every_touching_edge_must_match() {
    let mut game = scenario(2, &["base/city1", "base/road_straight", "base/city1"]);
    ok(&mut game, 0, &place(0, -1, 2));
    ok(&mut game, 0, &Action::Pass);
    ok(&mut game, 1, &place(1, 0, 0));
    ok(&mut game, 1, &Action::Pass);
    // [1,-1] touches [0,-1] (E edge: field) on its W side and [1,0] (N edge: field) on its S
    // side. A cap turned W matches the S neighbour but not the W one, and vice versa.
    refused(
        &mut game,
        0,
        &place(1, -1, 3),
        PlayError::EdgeMismatch { side: Side::W },
    );
    refused(
        &mut game,
        0,
        &place(1, -1, 2),
        PlayError::EdgeMismatch { side: Side::S },
    );
    let legal = game.legal_actions();
    assert!(legal.contains(&place(1, -1, 0)));
    assert!(legal.contains(&place(1, -1, 1)));
    assert!(!legal.contains(&place(1, -1, 2)));
    assert!(!legal.contains(&place(1, -1, 3)));
    ok(&mut game, 0, &place(1, -1, 1));
}

#[test]
fn r_base_4_a_tile_may_be_turned_to_fit() {
    let game = scenario(2, &["base/city1"]);
    // A cap north of the start tile fits only turned south (rotation 2).
    let at_north: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Place { at, .. } if *at == Pos::new(0, -1)))
        .collect();
    assert_eq!(at_north, vec![place(0, -1, 2)]);
}

#[test]
fn r_base_4_unplaceable_tile_is_discarded() {
    // a12: once the start city is closed no open edge is a city: city4_pennant, drawn for
    // Ben, fits nowhere, is discarded and Ben draws the road instead.
    let s = steps("a12_discard_unplaceable.json");
    let city4 = tile("base/city4_pennant");
    assert!(s[1].1.contains(&Event::TileDiscarded {
        seat: 1,
        tile: city4
    }));
    assert!(s[1].1.contains(&Event::TileDrawn {
        seat: 1,
        tile: tile("base/road_straight")
    }));
    assert_eq!(drawn(&s[1].0), Some(tile("base/road_straight")));
    assert_eq!(s[1].0.pending().map(|d| d.seat), Some(1));
    let record = load("a12_discard_unplaceable.json");
    assert!(record.actions.iter().all(|a| a.tile != Some(city4)));
    let game = golden("a12_discard_unplaceable.json");
    assert_eq!(game.discarded(), &[city4]);
    assert_eq!(
        game.board().tiles.len(),
        4,
        "start + 3 placed, the 4th discarded"
    );
    assert_eq!(game.scores(), &[4, 3]);

    // The last tile of the bag discarded: the game ends at once.
    let mut game = scenario(2, &["base/city1", "base/city4_pennant"]);
    ok(&mut game, 0, &place(0, -1, 2));
    let events = ok(&mut game, 0, &Action::Pass);
    assert!(events.contains(&Event::TileDiscarded {
        seat: 1,
        tile: city4
    }));
    assert!(game.is_over());
    assert_eq!(game.discarded(), &[city4]);
}

// ---------------------------------------------------------------------------------------------
// R-BASE-5 Deploy one follower on the tile just placed, on an unoccupied feature
// ---------------------------------------------------------------------------------------------

#[test]
fn r_base_5_deploy_on_occupied_feature_is_refused() {
    let mut game = scenario(2, &["base/city2_nw", "base/city1"]);
    ok(&mut game, 0, &place(0, -1, 2));
    ok(&mut game, 0, &meeple("S"));
    // Ben's cap turned west joins Ada's occupied city (and closes it).
    ok(&mut game, 1, &place(1, -1, 3));
    refused(
        &mut game,
        1,
        &meeple("W"),
        PlayError::FeatureOccupied {
            feature: feature("W"),
        },
    );
    assert_eq!(
        PlayError::FeatureOccupied {
            feature: feature("W")
        }
        .rule(),
        "R-BASE-5"
    );
    // Deployment on the tile's own unoccupied field is still offered, the city is not.
    let legal = game.legal_actions();
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::Deploy { feature: f, .. } if *f == feature("W")
    )));
    assert!(legal.contains(&meeple("N1")));
    ok(&mut game, 1, &Action::Pass);
    let city = log_entries(&game, "R-BASE-7", FeatureKind::City);
    assert_eq!(city.len(), 1);
    assert_eq!(*city[0].winners, [0]);
    assert_eq!(city[0].tiles.len(), 3);
}

#[test]
fn r_base_5_occupied_road_across_tiles_is_refused() {
    // Ada's thief on the start road via [1,0]; Ben extends the same road at [-1,0].
    let mut game = scenario(2, &["base/road_straight", "base/road_straight"]);
    ok(&mut game, 0, &place(1, 0, 0));
    ok(&mut game, 0, &meeple("E"));
    ok(&mut game, 1, &place(-1, 0, 0));
    refused(
        &mut game,
        1,
        &meeple("W"),
        PlayError::FeatureOccupied {
            feature: feature("W"),
        },
    );
    // Either port of the road names the same feature.
    refused(
        &mut game,
        1,
        &meeple("E"),
        PlayError::FeatureOccupied {
            feature: feature("E"),
        },
    );
    // A field of the same tile is free.
    ok(&mut game, 1, &meeple("S1"));
}

#[test]
fn r_base_5_deploy_on_missing_feature_is_refused() {
    let mut game = scenario(2, &["base/city1", "base/city1_garden"]);
    ok(&mut game, 0, &place(0, -1, 2));
    // The cap has no monastery, no enclosed field and no road on its E edge.
    for name in ["monastery", "inner1", "E"] {
        let f = feature(name);
        refused(
            &mut game,
            0,
            &Action::Deploy {
                feature: f,
                follower: FollowerKind::Meeple,
            },
            PlayError::NoSuchFeature { feature: f },
        );
    }
    assert_eq!(
        PlayError::NoSuchFeature {
            feature: FeatureRef::Monastery
        }
        .rule(),
        "R-BASE-5"
    );
    // A follower kind that is not part of the base game.
    refused(
        &mut game,
        0,
        &Action::Deploy {
            feature: feature("S"),
            follower: FollowerKind::BigMeeple,
        },
        PlayError::FollowerNotInGame {
            follower: FollowerKind::BigMeeple,
        },
    );
    ok(&mut game, 0, &Action::Pass);
    // A garden without the Abbot is scenery: it exists but cannot be occupied.
    ok(&mut game, 1, &place(1, -1, 0));
    refused(
        &mut game,
        1,
        &Action::Deploy {
            feature: FeatureRef::Garden,
            follower: FollowerKind::Meeple,
        },
        PlayError::NotOccupiable {
            feature: FeatureRef::Garden,
            follower: FollowerKind::Meeple,
        },
    );
}

#[test]
fn r_base_5_farmers_off_refuses_fields() {
    // a11 is played with farmers off; Ben, about to put his knight, tries a farmer instead.
    let record = load("a11_no_farmers.json");
    assert!(!record.setup.options.farmers);
    let mut game = Game::new(record.setup.clone(), record.seed).expect("a11 setup");
    for ra in &record.actions[..3] {
        ok(&mut game, ra.seat, &ra.action);
    }
    refused(&mut game, 1, &meeple("E1"), PlayError::FarmersOff);
    assert!(!game.legal_actions().iter().any(|a| matches!(
        a,
        Action::Deploy { feature: f, .. } if *f == feature("E1") || *f == feature("W1")
    )));
    let game = golden("a11_no_farmers.json");
    assert!(game
        .score_log()
        .iter()
        .all(|e| e.kind != FeatureKind::Field));
    assert_eq!(game.scores(), &[3, 8]);
}

#[test]
fn r_base_5_one_follower_per_turn() {
    let mut game = scenario(2, &["base/road_straight", "base/road_straight"]);
    ok(&mut game, 0, &place(1, 0, 0));
    ok(&mut game, 0, &meeple("E"));
    // The deploy ends seat 0's turn: a second follower is not its action any more.
    refused(
        &mut game,
        0,
        &meeple("N1"),
        PlayError::NotYourTurn {
            seat: 0,
            expected: 1,
        },
    );
    assert_eq!(game.supply(0, FollowerKind::Meeple), 6);
    assert_eq!(game.followers().len(), 1);
    assert_eq!(game.followers()[0].at, Pos::new(1, 0));
    assert_eq!(game.followers()[0].feature, feature("E"));
}

// ---------------------------------------------------------------------------------------------
// R-BASE-6 Roads
// ---------------------------------------------------------------------------------------------

#[test]
fn r_base_6_road_loop_scores_each_tile_once() {
    let s = steps("a01_road_loop.json");
    // Nothing is scored until the last tile closes the circle.
    for (game, _) in &s[..10] {
        assert!(game.score_log().is_empty());
    }
    let e = scored(&s[11].1);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].rule, "R-BASE-6");
    assert_eq!(e[0].kind, FeatureKind::Road);
    assert_eq!(e[0].when, ScoreTime::Turn);
    assert_eq!(
        tiles_of(e[0]),
        positions(&[[0, 1], [1, 1], [2, 1], [2, 2], [1, 2], [0, 2]])
    );
    assert_eq!(e[0].points, 6);
    assert_eq!(*e[0].winners, [0]);
    let game = golden("a01_road_loop.json");
    assert_eq!(game.scores(), &[6, 0]);
    assert_eq!(
        game.score_log().len(),
        1,
        "a scored loop is not scored again"
    );
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7);
}

#[test]
fn r_base_6_road_looping_back_to_its_junction_counts_the_junction_once() {
    // a13: the road leaves the junction at [0,1] east and comes back into it from the south:
    // two road segments on one tile, 4 distinct tiles, 4 points (not 5).
    let game = golden("a13_three_players.json");
    let roads = log_entries(&game, "R-BASE-6", FeatureKind::Road);
    assert_eq!(roads.len(), 2);
    let lp = roads
        .iter()
        .find(|e| *e.winners == [0])
        .expect("Ada's loop road is scored");
    assert_eq!(tiles_of(lp), positions(&[[0, 1], [1, 1], [1, 2], [0, 2]]));
    assert_eq!(lp.points, 4);
    // The monastery road closes the junction's W stub at once: junction to monastery,
    // 2 tiles, nobody on it.
    let stub = roads
        .iter()
        .find(|e| e.winners.is_empty())
        .expect("the empty monastery road is scored");
    assert_eq!(tiles_of(stub), positions(&[[-1, 1], [0, 1]]));
    assert_eq!(stub.points, 2);
    assert_eq!(game.scores(), &[6, 5, 4]);
}

#[test]
fn r_base_6_roads_closed_by_junctions_and_cities() {
    let s = steps("a10_roads_end_at_junctions_and_cities.json");
    // City gate [-1,0] closes Ada's road from the junction at [1,0].
    let e = scored(&s[5].1);
    assert_eq!(e.len(), 1);
    assert_eq!(tiles_of(e[0]), positions(&[[-1, 0], [0, 0], [1, 0]]));
    assert_eq!((&*e[0].rule, e[0].points), ("R-BASE-6", 3));
    assert_eq!(*e[0].winners, [0]);
    // Crossroads [3,0] closes Ben's road from the junction: junction to junction.
    let e = scored(&s[7].1);
    assert_eq!(e.len(), 1);
    assert_eq!(tiles_of(e[0]), positions(&[[1, 0], [2, 0], [3, 0]]));
    assert_eq!((e[0].points, e[0].winners.to_vec()), (3, vec![1]));
    // Two city gates facing each other: city to city, 2 tiles.
    let e = scored(&s[11].1);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].kind, FeatureKind::Road);
    assert_eq!(tiles_of(e[0]), positions(&[[-2, 0], [-2, 1]]));
    assert_eq!((e[0].points, e[0].winners.to_vec()), (2, vec![0]));
    // A road with one end still open is not scored during the game.
    assert!(scored(&s[3].1).is_empty());
    let game = golden("a10_roads_end_at_junctions_and_cities.json");
    assert_eq!(game.scores(), &[5, 3]);
    assert!(game.score_log().iter().all(|e| e.when == ScoreTime::Turn));
}

// ---------------------------------------------------------------------------------------------
// R-BASE-7 Cities
// ---------------------------------------------------------------------------------------------

#[test]
fn r_base_7_two_caps_of_one_city_on_one_tile_count_once() {
    let s = steps("a02_city_two_caps_one_tile.json");
    // Before the last tile the two parts are still separate and open.
    assert!(s[9].0.score_log().is_empty());
    let north = s[9].0.feature_at(Pos::new(1, -1), feature("N"));
    let south = s[9].0.feature_at(Pos::new(1, -1), feature("S"));
    assert!(north.is_some() && south.is_some());
    assert_ne!(
        north, south,
        "the two caps belong to different cities until joined"
    );
    let e = scored(&s[11].1);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].rule, "R-BASE-7");
    assert_eq!(e[0].kind, FeatureKind::City);
    assert_eq!(
        tiles_of(e[0]),
        positions(&[[1, 0], [1, -1], [1, -2], [2, -2], [2, -1], [2, 0]])
    );
    assert_eq!(e[0].shields, 1);
    assert_eq!(e[0].points, 2 * 6 + 2);
    assert_eq!(*e[0].winners, [0]);
    let game = golden("a02_city_two_caps_one_tile.json");
    assert_eq!(
        game.feature_at(Pos::new(1, -1), feature("N")),
        game.feature_at(Pos::new(1, -1), feature("S"))
    );
    assert_eq!(game.scores(), &[14, 0]);
}

#[test]
fn r_base_7_completed_city_scores_two_per_tile_and_shield() {
    let game = golden("a05_city_with_shields.json");
    let city = log_entries(&game, "R-BASE-7", FeatureKind::City);
    assert_eq!(city.len(), 1);
    assert_eq!(city[0].when, ScoreTime::Turn);
    assert_eq!(
        tiles_of(city[0]),
        positions(&[[0, 0], [0, -1], [0, -2], [-1, -2]])
    );
    assert_eq!(city[0].shields, 2);
    assert_eq!(city[0].points, 12);
    assert_eq!(*city[0].winners, [0]);
    // The farmer beside it counts it as a completed city at the end.
    let field = log_entries(&game, "R-BASE-13", FeatureKind::Field);
    assert_eq!(field.len(), 1);
    assert_eq!((field[0].count, field[0].points), (1, 3));
    assert_eq!(*field[0].winners, [1]);
    assert_eq!(game.scores(), &[12, 3]);
}

#[test]
fn r_base_7_completed_city_scores_on_completion_open_city_at_the_end() {
    // a11: 3 tiles + 1 shield = 8 on completion.
    let game = golden("a11_no_farmers.json");
    let city = log_entries(&game, "R-BASE-7", FeatureKind::City);
    assert_eq!(city.len(), 1);
    assert_eq!(city[0].tiles.len(), 3);
    assert_eq!(city[0].shields, 1);
    assert_eq!(city[0].points, 8);
    assert_eq!(*city[0].winners, [1]);
    // a07: three open 1-tile cities score 1 each at the end, not 2.
    let game = golden("a07_meeple_returned_and_reused.json");
    let open = log_entries(&game, "R-BASE-12", FeatureKind::City);
    assert_eq!(open.len(), 3);
    assert!(open
        .iter()
        .all(|e| e.tiles.len() == 1 && e.points == 1 && *e.winners == [0]));
}

#[test]
fn r_base_7_one_tile_closes_a_city_and_a_road_in_one_step() {
    let s = steps("a03_one_tile_closes_road_and_city.json");
    // The last tile: its turn's scoring, then final scoring, in the same events.
    let e: Vec<&ScoreEntry> = scored(&s[7].1)
        .into_iter()
        .filter(|x| x.when == ScoreTime::Turn)
        .collect();
    assert_eq!(e.len(), 2, "both features scored by the same placement");
    let city = e
        .iter()
        .find(|x| x.kind == FeatureKind::City)
        .expect("the city is scored");
    assert_eq!(city.rule, "R-BASE-7");
    assert_eq!(tiles_of(city), positions(&[[0, 0], [0, -1], [1, -1]]));
    assert_eq!((city.points, city.winners.to_vec()), (6, vec![0]));
    let road = e
        .iter()
        .find(|x| x.kind == FeatureKind::Road)
        .expect("the road is scored");
    assert_eq!(road.rule, "R-BASE-6");
    assert_eq!(
        tiles_of(road),
        positions(&[[-1, 0], [0, 0], [1, 0], [1, -1]])
    );
    assert_eq!((road.points, road.winners.to_vec()), (4, vec![1]));
    // Ben's thief deployed this turn on the new N stub was not scored with the closed road:
    // it stays until the end and scores the open 1-tile road then.
    let stub: Vec<&ScoreEntry> = scored(&s[7].1)
        .into_iter()
        .filter(|x| x.when == ScoreTime::Final)
        .collect();
    assert_eq!(stub.len(), 1);
    assert_eq!(stub[0].rule, "R-BASE-12");
    assert_eq!(tiles_of(stub[0]), vec![Pos::new(1, -1)]);
    assert_eq!((stub[0].points, stub[0].winners.to_vec()), (1, vec![1]));
    let game = golden("a03_one_tile_closes_road_and_city.json");
    assert_eq!(game.scores(), &[6, 5]);
}

/// Replays a golden record with its options changed; returns the final game.
fn replay_changed(name: &str, change: impl FnOnce(&mut Setup)) -> Game {
    let record = load(name);
    let mut setup = record.setup.clone();
    change(&mut setup);
    let mut game = Game::new(setup, record.seed).expect("a valid setup");
    for ra in &record.actions {
        ok(&mut game, ra.seat, &ra.action);
    }
    assert!(game.is_over());
    game
}

#[test]
fn r_base_7_tiny_city_option_scores_a_two_tile_city_one_per_tile() {
    let game = golden("a14_tiny_city_two_tiles_score_one_each.json");
    assert!(game.setup().options.tiny_city);
    let cities = log_entries(&game, "R-BASE-7", FeatureKind::City);
    let points: Vec<(usize, u32, Vec<u8>)> = cities
        .iter()
        .map(|e| (e.tiles.len(), e.points, e.winners.to_vec()))
        .collect();
    // Two 2-tile cities at 1 per tile; the 3-tile city at the usual 2 per tile.
    assert_eq!(
        points,
        vec![(2, 2, vec![0]), (2, 2, vec![1]), (3, 6, vec![0])]
    );
    assert_eq!(game.scores(), &[8, 2]);
    // Off (the default, the 2nd edition): 2 per tile for every completed city.
    let off = replay_changed("a14_tiny_city_two_tiles_score_one_each.json", |s| {
        s.options.tiny_city = false;
    });
    assert_eq!(off.scores(), &[10, 4]);
    assert!(!Setup::base(2).options.tiny_city, "off by default");
}

#[test]
fn r_base_7_tiny_city_leaves_open_cities_at_the_end_unchanged() {
    // a07's three open 1-tile cities score 1 each at the end with or without the option (its
    // completed 2-tile city scores 2 less with it).
    let on = replay_changed("a07_meeple_returned_and_reused.json", |s| {
        s.options.tiny_city = true;
    });
    let off = golden("a07_meeple_returned_and_reused.json");
    assert_eq!(
        log_entries(&on, "R-BASE-12", FeatureKind::City),
        log_entries(&off, "R-BASE-12", FeatureKind::City)
    );
    assert_eq!(on.scores()[0] + 2, off.scores()[0]);
    let mut game = scenario(2, &["base/city2_we"]);
    let mut setup = game.setup().clone();
    setup.options.tiny_city = true;
    game = Game::new(setup, 99).expect("valid");
    // The W-E city turned N-S at [0,-1] makes the start city 2 tiles, open to the north.
    ok(&mut game, 0, &place(0, -1, 1));
    ok(&mut game, 0, &meeple("N"));
    let open = log_entries(&game, "R-BASE-12", FeatureKind::City);
    assert_eq!((open.len(), open[0].tiles.len(), open[0].points), (1, 2, 2));
}

// ---------------------------------------------------------------------------------------------
// Majorities and same-turn scoring on these games (R-BASE-9, R-BASE-10)
// ---------------------------------------------------------------------------------------------

#[test]
fn r_base_9_tied_majority_scores_full_points_for_each() {
    let s = steps("a04_shared_majority_ties.json");
    // Two separate cities, one knight each, until Ada's [1,-1] joins and closes them.
    let e = scored(&s[5].1);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].kind, FeatureKind::City);
    assert_eq!(e[0].tiles.len(), 4);
    assert_eq!(*e[0].strength, [1, 1]);
    assert_eq!(*e[0].winners, [0, 1]);
    assert_eq!(e[0].points, 8);
    assert_eq!(s[5].0.scores(), &[8, 8]);
    let game = golden("a04_shared_majority_ties.json");
    let road = log_entries(&game, "R-BASE-12", FeatureKind::Road);
    assert_eq!(road.len(), 1);
    assert_eq!(road[0].tiles.len(), 6);
    assert_eq!(*road[0].winners, [0, 1]);
    assert_eq!(road[0].points, 6);
    assert_eq!(game.scores(), &[14, 14]);
}

#[test]
fn r_base_9_only_the_majority_scores() {
    let game = golden("a08_majority_two_against_one.json");
    let city = log_entries(&game, "R-BASE-7", FeatureKind::City);
    assert_eq!(city.len(), 1);
    assert_eq!(city[0].tiles.len(), 5);
    assert_eq!(*city[0].strength, [2, 1]);
    assert_eq!(*city[0].winners, [0]);
    assert_eq!(city[0].points, 10);
    assert_eq!(game.scores(), &[14, 0]);
    // All three knights went back, the loser's too.
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7);
}

#[test]
fn r_base_9_completed_feature_without_follower_scores_nobody() {
    let game = golden("a09_completed_unoccupied.json");
    let city = log_entries(&game, "R-BASE-7", FeatureKind::City);
    let road = log_entries(&game, "R-BASE-6", FeatureKind::Road);
    assert_eq!(city.len(), 1);
    assert_eq!(road.len(), 1);
    assert!(city[0].winners.is_empty());
    assert!(road[0].winners.is_empty());
    assert_eq!(road[0].tiles.len(), 4);
    assert_eq!(game.scores(), &[1, 3]);
}

#[test]
fn r_base_10_follower_deployed_and_scored_in_the_same_turn() {
    let s = steps("a06_deploy_and_score_same_turn.json");
    let events = &s[3].1;
    let deployed = events
        .iter()
        .position(|e| matches!(e, Event::FollowerDeployed { seat: 1, .. }))
        .expect("Ben deploys");
    let score = events
        .iter()
        .position(|e| matches!(e, Event::Scored(_)))
        .expect("the city is scored in the same turn");
    assert!(deployed < score);
    let e = scored(events);
    assert_eq!(e[0].rule, "R-BASE-7");
    assert_eq!(tiles_of(e[0]), positions(&[[0, -1], [0, 0]]));
    assert_eq!((e[0].points, e[0].winners.to_vec()), (4, vec![1]));
    assert_eq!(s[3].0.supply(1, FollowerKind::Meeple), 7);
    assert!(s[3].0.followers().iter().all(|f| f.owner != 1));
}
