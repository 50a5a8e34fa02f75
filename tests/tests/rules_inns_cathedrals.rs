//! Rule tests for Inns & Cathedrals, R-IC-1 … R-IC-5, on the hand-computed golden games
//! `tests/golden/y*_ic_*.json` and on small games built in code.

use carcassonne_engine::score::{self, ScoreEntry};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    Action, Event, Expansion, FeatureRef, FollowerKind, Game, PlayError, Pos, ScoreTime, Setup,
    SetupError,
};
use carcassonne_tests::{
    deploy, entries, feature, golden, golden_files, load, meeple, only, place, play, refused,
    scored, steps, tiles_of,
};

fn big(name: &str) -> Action {
    deploy(name, FollowerKind::BigMeeple)
}

/// A setup for `players` players, with or without Inns & Cathedrals, whose bag holds exactly
/// `tiles`, in this order.
fn setup(players: usize, inns_cathedrals: bool, tiles: &[&str]) -> Setup {
    let mut setup = Setup::base(players);
    if inns_cathedrals {
        setup.sets.push(Expansion::InnsCathedrals);
    }
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    setup
}

/// A two-player Inns & Cathedrals game whose bag holds exactly `tiles`.
fn ic_scenario(tiles: &[&str]) -> Game {
    Game::new(setup(2, true, tiles), 5).expect("a valid scenario setup")
}

/// The kind of the (merged) feature `f` of the tile at `at`.
fn kind_at(game: &Game, at: Pos, f: FeatureRef) -> FeatureKind {
    let root = game.feature_at(at, f).expect("the feature exists");
    game.graph().node(root).kind
}

// ---------------------------------------------------------------------------------------
// R-IC-1: a completed road with an inn scores 2 per tile; an incomplete one 0 at the end.

#[test]
fn r_ic_1_completed_inn_road_scores_two_per_tile() {
    let game = golden("y01_ic_inn_road_completed.json");
    let inn = only(&game, "R-IC-1");
    assert_eq!(inn.kind, FeatureKind::Road);
    assert_eq!(inn.when, ScoreTime::Turn);
    assert_eq!(inn.tiles.len(), 4);
    assert_eq!(inn.points, 8, "4 tiles x 2 with an inn");
    assert_eq!(*inn.strength, [1, 0]);
    assert_eq!(*inn.winners, [0]);
    // The plain roads of the same game still score 1 per tile.
    let plain = entries(&game, "R-BASE-6");
    assert_eq!(plain.len(), 2);
    for e in plain {
        assert_eq!(e.points as usize, e.tiles.len(), "plain road: {e:?}");
    }
    assert_eq!(game.scores(), &[11, 2]);
}

#[test]
fn r_ic_1_inn_road_scores_when_the_closing_tile_is_placed() {
    let s = steps("y01_ic_inn_road_completed.json");
    // Action #4 places the junction [1,1] that closes the inn road; scoring is step 3 of
    // the turn, after the pass (#5).
    assert!(s[4].0.score_log().is_empty(), "nothing scored before");
    let (game, events) = &s[5];
    let e = scored(events);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].rule, "R-IC-1");
    assert_eq!(e[0].points, 8);
    assert_eq!(game.scores(), &[8, 0]);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7, "the thief is back");
}

#[test]
fn r_ic_1_open_inn_road_scores_nothing() {
    let game = golden("y02_ic_inn_road_open.json");
    let inn = only(&game, "R-IC-1");
    assert_eq!(inn.kind, FeatureKind::Road);
    assert_eq!(inn.when, ScoreTime::Final);
    assert_eq!(inn.tiles.len(), 4);
    assert_eq!(*inn.winners, [0], "Ada has the majority …");
    assert_eq!(inn.points, 0, "… but an open inn road is worth nothing");
    let plain = only(&game, "R-BASE-12");
    assert_eq!(plain.kind, FeatureKind::Road);
    assert_eq!(plain.tiles.len(), 2);
    assert_eq!(
        plain.points, 2,
        "an open plain road still scores 1 per tile"
    );
    assert_eq!(*plain.winners, [1]);
    assert_eq!(game.scores(), &[0, 2]);
}

#[test]
fn r_ic_1_inn_counts_only_for_the_road_beside_it() {
    // The junction with an inn on its E road only: its W road is a plain road.
    let mut game = ic_scenario(&[
        "ic/road_junction3_inn",
        "base/road_junction3",
        "base/road_junction3",
    ]);
    // Seat 0: the inn junction east of the start, thief on its plain W road (start road).
    // Seat 1: a junction at [2,0] closes the inn stub [1,0]E-[2,0]W at once, with a thief.
    // Seat 0: a junction at [-1,0] closes the plain start road.
    play(
        &mut game,
        &[
            place(1, 0, 0),
            meeple("W"),
            place(2, 0, 0),
            meeple("W"),
            place(-1, 0, 0),
            Action::Pass,
        ],
    );
    assert!(game.is_over());
    let inn = only(&game, "R-IC-1");
    assert_eq!(inn.when, ScoreTime::Turn);
    assert_eq!(tiles_of(inn), vec![Pos::new(1, 0), Pos::new(2, 0)]);
    assert_eq!(inn.points, 4);
    assert_eq!(*inn.winners, [1]);
    let plain = only(&game, "R-BASE-6");
    assert_eq!(plain.tiles.len(), 3, "[-1,0], start, [1,0]");
    assert_eq!(
        plain.points, 3,
        "the inn on the other road of [1,0] does not count"
    );
    assert_eq!(*plain.winners, [0]);
    assert_eq!(game.scores(), &[3, 4]);
}

#[test]
fn r_ic_1_an_inn_cannot_be_occupied_apart_from_its_road() {
    assert!(
        "inn".parse::<FeatureRef>().is_err(),
        "no `inn` feature address"
    );
    // Seat 1 places the inn curve east of the start: its deploys are the road and the two
    // fields, each for a meeple or the big meeple; the inn is not a feature of its own.
    let mut game = ic_scenario(&["base/road_straight", "ic/road_curve_inn"]);
    play(&mut game, &[place(-1, 0, 0), Action::Pass, place(1, 0, 0)]);
    let at = Pos::new(1, 0);
    let deploys: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Deploy { .. }))
        .collect();
    assert_eq!(deploys.len(), 6, "{deploys:?}");
    let mut roads = 0;
    for a in &deploys {
        let Action::Deploy { feature: f, .. } = a else {
            unreachable!()
        };
        assert!(matches!(f, FeatureRef::Port(_)), "{a:?}");
        if kind_at(&game, at, *f) == FeatureKind::Road {
            roads += 1;
        }
    }
    assert_eq!(roads, 2, "one road, for a meeple or the big meeple");

    // Same, with seat 0's thief already on the start road: the inn curve's road is that
    // occupied road, so seat 1 cannot occupy "the inn".
    let mut game = ic_scenario(&["base/road_straight", "ic/road_curve_inn"]);
    play(&mut game, &[place(-1, 0, 0), meeple("W"), place(1, 0, 0)]);
    for name in ["W", "S"] {
        refused(
            &mut game,
            1,
            &big(name),
            PlayError::FeatureOccupied {
                feature: feature(name),
            },
        );
    }
    assert!(
        !game.legal_actions().iter().any(|a| matches!(a,
            Action::Deploy { feature: f, .. } if kind_at(&game, at, *f) == FeatureKind::Road)),
        "no legal deploy on the occupied inn road"
    );
}

// ---------------------------------------------------------------------------------------
// R-IC-2: a completed city with a cathedral scores 3 per tile and shield; an incomplete one 0
// at the end; the cathedral is part of the city and cannot be occupied on its own.

#[test]
fn r_ic_2_completed_cathedral_city_scores_three_per_tile_and_shield() {
    let game = golden("y03_ic_cathedral_city_completed.json");
    let c = only(&game, "R-IC-2");
    assert_eq!(c.kind, FeatureKind::City);
    assert_eq!(c.when, ScoreTime::Turn);
    assert_eq!(c.tiles.len(), 6);
    assert_eq!(c.shields, 1);
    assert_eq!(c.points, 21, "6 x 3 + 1 x 3");
    assert_eq!(*c.strength, [1, 0]);
    assert_eq!(*c.winners, [0]);
    // A farmer still gets 3 for a completed cathedral city.
    let f = only(&game, "R-BASE-13");
    assert_eq!(f.count, 1);
    assert_eq!(f.points, 3);
    assert_eq!(*f.winners, [1]);
    assert_eq!(game.scores(), &[21, 3]);
}

#[test]
fn r_ic_2_open_cathedral_city_scores_nothing() {
    let game = golden("y04_ic_cathedral_city_open.json");
    let c = only(&game, "R-IC-2");
    assert_eq!(c.kind, FeatureKind::City);
    assert_eq!(c.when, ScoreTime::Final);
    assert_eq!(c.tiles.len(), 3);
    assert_eq!(c.shields, 1);
    assert_eq!(*c.winners, [0]);
    assert_eq!(c.points, 0, "a plain open city would give 4");
    let plain_city: Vec<&ScoreEntry> = entries(&game, "R-BASE-12")
        .into_iter()
        .filter(|e| e.kind == FeatureKind::City)
        .collect();
    assert_eq!(plain_city.len(), 1);
    assert_eq!(plain_city[0].tiles.len(), 1);
    assert_eq!(plain_city[0].points, 1);
    assert_eq!(*plain_city[0].winners, [1]);
    assert_eq!(game.scores(), &[0, 4]);
}

#[test]
fn r_ic_2_cathedral_tile_offers_only_its_city() {
    assert!(
        "cathedral".parse::<FeatureRef>().is_err(),
        "no `cathedral` feature address"
    );
    let mut game = ic_scenario(&["ic/cathedral", "base/road_straight"]);
    play(&mut game, &[place(0, -1, 0)]);
    let at = Pos::new(0, -1);
    let deploys: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Deploy { .. }))
        .collect();
    // One feature (the city), for a meeple or the big meeple.
    assert_eq!(deploys.len(), 2, "{deploys:?}");
    for a in &deploys {
        let Action::Deploy { feature: f, .. } = a else {
            unreachable!()
        };
        assert_eq!(kind_at(&game, at, *f), FeatureKind::City, "{a:?}");
    }
    // Every port of the cathedral tile names the same city, which includes the start city.
    let start_city = game
        .feature_at(Pos::new(0, 0), feature("N"))
        .expect("start city");
    for port in ["N", "E", "S", "W"] {
        assert_eq!(
            game.feature_at(at, feature(port)),
            Some(start_city),
            "{port}"
        );
    }
    // The cathedral is not a monastery.
    refused(
        &mut game,
        0,
        &meeple("monastery"),
        PlayError::NoSuchFeature {
            feature: FeatureRef::Monastery,
        },
    );
    // A meeple put "on the cathedral" is a knight of the whole city.
    play(&mut game, &[meeple("E")]);
    let knight = game.followers()[0];
    assert_eq!(game.graph().node(knight.node).kind, FeatureKind::City);
    assert_eq!(knight.at, at);
    assert_eq!(game.feature_at(at, knight.feature), Some(start_city));
}

#[test]
fn r_ic_2_cathedral_joining_an_occupied_city_cannot_take_a_knight() {
    // Seat 0 puts a knight on a city S+E north of the start; seat 1 adds the cathedral east
    // of it: the cathedral joins the occupied city, so seat 1 has nothing to deploy on.
    let mut game = ic_scenario(&["base/city2_nw", "ic/cathedral"]);
    play(&mut game, &[place(0, -1, 2), meeple("S"), place(1, -1, 0)]);
    assert_eq!(game.legal_actions(), vec![Action::Pass]);
    for (name, follower) in [("W", FollowerKind::Meeple), ("N", FollowerKind::BigMeeple)] {
        refused(
            &mut game,
            1,
            &deploy(name, follower),
            PlayError::FeatureOccupied {
                feature: feature(name),
            },
        );
    }
}

#[test]
fn r_ic_2_cathedral_tiles_come_only_with_the_toggle() {
    assert_eq!(
        Game::new(setup(2, false, &["ic/cathedral"]), 1).err(),
        Some(SetupError::TileNotAvailable {
            tile: "ic/cathedral".into()
        })
    );
    let bag = Setup::base(2).bag();
    let cat = carcassonne_engine::catalogue();
    assert!(bag.iter().all(|&t| !cat.tile(t).id.starts_with("ic/")));
    let mut with = Setup::base(2);
    with.sets.push(Expansion::InnsCathedrals);
    let n = with
        .bag()
        .iter()
        .filter(|&&t| cat.tile(t).id == "ic/cathedral")
        .count();
    assert!(n >= 1, "the cathedral tile is in an Inns & Cathedrals bag");
}

// ---------------------------------------------------------------------------------------
// R-IC-3: one big meeple per player, deployed like a meeple, strength 2, same points.

#[test]
fn r_ic_3_big_meeple_beats_one_knight_and_scores_once() {
    let game = golden("y05_ic_big_meeple_city_majority.json");
    let c = only(&game, "R-BASE-7");
    assert_eq!(c.tiles.len(), 4);
    assert_eq!(c.shields, 1);
    assert_eq!(*c.strength, [1, 2]);
    assert_eq!(*c.winners, [1], "2 against 1: only the big meeple's owner");
    assert_eq!(c.points, 10, "the big meeple scores the points once");
    assert_eq!(game.scores(), &[4, 11]);
}

#[test]
fn r_ic_3_big_meeple_returns_after_scoring_and_is_reused() {
    let s = steps("y05_ic_big_meeple_city_majority.json");
    assert_eq!(s[3].0.supply(1, FollowerKind::BigMeeple), 0, "deployed");
    assert_eq!(s[3].0.supply(1, FollowerKind::Meeple), 7);
    // Action #6 places the tile that completes the city: both figures go back.
    let (game, events) = &s[7];
    assert_eq!(scored(events).len(), 1);
    assert_eq!(game.supply(1, FollowerKind::BigMeeple), 1, "back in supply");
    assert_eq!(
        game.supply(0, FollowerKind::Meeple),
        6,
        "knight back, thief out"
    );
    // Action #11 deploys it again.
    let (game, _) = &s[11];
    assert!(game.is_over());
    let last = game.score_log().last().expect("a final entry");
    assert_eq!(last.kind, FeatureKind::City);
    assert_eq!(*last.strength, [0, 2]);
    assert_eq!(last.points, 1);
    assert_eq!(game.supply(1, FollowerKind::BigMeeple), 1);
}

#[test]
fn r_ic_3_big_meeple_ties_two_farmers() {
    let game = golden("y06_ic_big_meeple_field_tie.json");
    let f = only(&game, "R-BASE-13");
    assert_eq!(f.kind, FeatureKind::Field);
    assert_eq!(*f.strength, [2, 2], "two farmers against one big meeple");
    assert_eq!(*f.winners, [0, 1]);
    assert_eq!(f.count, 1);
    assert_eq!(f.points, 3);
    assert_eq!(game.scores(), &[3, 3]);
}

#[test]
fn r_ic_3_big_meeple_monk_scores_nine_like_a_meeple() {
    let game = golden("y07_ic_big_meeple_monastery.json");
    let m = entries(&game, "R-BASE-8");
    assert_eq!(m.len(), 2, "{:?}", game.score_log());
    let ada = m
        .iter()
        .find(|e| tiles_of(e) == vec![Pos::new(0, 1)])
        .expect("Ada's monastery");
    let ben = m
        .iter()
        .find(|e| tiles_of(e) == vec![Pos::new(1, 1)])
        .expect("Ben's monastery");
    assert_eq!(*ada.strength, [2, 0]);
    assert_eq!(*ben.strength, [0, 1]);
    assert_eq!(ada.points, 9);
    assert_eq!(ben.points, 9);
    assert_eq!(*ada.winners, [0]);
    assert_eq!(*ben.winners, [1]);
    assert_eq!(game.scores(), &[9, 9]);
    assert_eq!(game.supply(0, FollowerKind::BigMeeple), 1);
}

#[test]
fn r_ic_3_big_meeple_is_not_in_a_game_without_the_toggle() {
    let mut game = Game::new(setup(2, false, &["base/road_straight"]), 1).expect("base game");
    assert_eq!(game.supply(0, FollowerKind::BigMeeple), 0);
    play(&mut game, &[place(1, 0, 0)]);
    assert!(!game.legal_actions().iter().any(|a| matches!(
        a,
        Action::Deploy {
            follower: FollowerKind::BigMeeple,
            ..
        }
    )));
    let before = game.clone();
    assert_eq!(
        game.apply(0, &big("E")),
        Err(PlayError::FollowerNotInGame {
            follower: FollowerKind::BigMeeple
        })
    );
    assert_eq!(game, before);
    // The same move is legal with Inns & Cathedrals.
    let mut game = ic_scenario(&["base/road_straight", "base/road_straight"]);
    assert_eq!(game.supply(0, FollowerKind::BigMeeple), 1);
    play(&mut game, &[place(1, 0, 0), big("E")]);
    assert_eq!(game.followers().len(), 1);
    assert_eq!(game.followers()[0].kind, FollowerKind::BigMeeple);
    assert_eq!(game.supply(0, FollowerKind::BigMeeple), 0);
}

#[test]
fn r_ic_3_one_big_meeple_per_player() {
    let mut game = ic_scenario(&[
        "base/road_straight",
        "base/road_straight",
        "base/city1",
        "base/road_straight",
    ]);
    for seat in 0..2 {
        assert_eq!(game.supply(seat, FollowerKind::BigMeeple), 1);
        assert_eq!(game.supply(seat, FollowerKind::Meeple), 7);
    }
    // Seat 0's big meeple on the open start road; seat 1 passes.
    play(
        &mut game,
        &[place(1, 0, 0), big("E"), place(2, 0, 0), Action::Pass],
    );
    assert_eq!(game.supply(0, FollowerKind::BigMeeple), 0);
    assert_eq!(
        game.supply(1, FollowerKind::BigMeeple),
        1,
        "seat 1 has its own"
    );
    // Seat 0 places a cap north of the start (a free city) and tries the big meeple again.
    play(&mut game, &[place(0, -1, 2)]);
    // The cap closes the start city at once; the city is free, a normal meeple may go there.
    assert!(game.legal_actions().contains(&meeple("S")));
    assert!(!game.legal_actions().iter().any(|a| matches!(
        a,
        Action::Deploy {
            follower: FollowerKind::BigMeeple,
            ..
        }
    )));
    let before = game.clone();
    assert_eq!(
        game.apply(0, &big("S")),
        Err(PlayError::NoFollowerLeft {
            follower: FollowerKind::BigMeeple
        })
    );
    assert_eq!(game, before);
    play(&mut game, &[Action::Pass]);
    // Seat 1 still may use its own big meeple, but not on seat 0's occupied road.
    play(&mut game, &[place(-1, 0, 0)]);
    let legal = game.legal_actions();
    assert!(legal.contains(&big("N1")), "{legal:?}");
    assert!(!legal.contains(&big("W")), "{legal:?}");
    play(&mut game, &[big("N1")]);
    // The last tile: at the end seat 1's big farmer scores the completed start city.
    assert!(game.is_over());
    let field = only(&game, "R-BASE-13");
    assert_eq!(*field.strength, [0, 2]);
    assert_eq!((field.count, field.points), (1, 3));
    let road = only(&game, "R-BASE-12");
    assert_eq!(*road.strength, [2, 0]);
    assert_eq!(road.points, 4);
}

#[test]
fn r_ic_3_big_meeple_strength_is_two() {
    assert_eq!(FollowerKind::BigMeeple.strength(), 2);
    assert_eq!(FollowerKind::Meeple.strength(), 1);
    assert_eq!(*score::majority(&[2, 1]), [0]);
    assert_eq!(*score::majority(&[2, 2]), [0, 1]);
}

// ---------------------------------------------------------------------------------------
// R-IC-4: a 6th player is available with Inns & Cathedrals only.

#[test]
fn r_ic_4_six_players_only_with_inns_cathedrals() {
    let without = Game::new(setup(6, false, &["base/road_straight"]), 1);
    let err = without.expect_err("6 players need Inns & Cathedrals");
    assert_eq!(err, SetupError::TooManyPlayers { max: 5, got: 6 });
    assert_eq!(err.rule(), "R-BASE-1");
    assert!(err.to_string().contains("Inns & Cathedrals"), "{err}");

    let game = Game::new(setup(6, true, &["base/road_straight"]), 1).expect("6 with the toggle");
    assert_eq!(game.players(), 6);
    for seat in 0..6 {
        assert_eq!(game.supply(seat, FollowerKind::Meeple), 7);
        assert_eq!(game.supply(seat, FollowerKind::BigMeeple), 1);
    }

    let seven = Game::new(setup(7, true, &["base/road_straight"]), 1);
    let err = seven.expect_err("7 players are too many");
    assert_eq!(err, SetupError::TooManyPlayers { max: 6, got: 7 });
    assert_eq!(err.rule(), "R-IC-4");
}

#[test]
fn r_ic_4_six_player_game_plays_every_seat_in_turn() {
    let s = steps("y08_ic_six_players.json");
    let record = load("y08_ic_six_players.json");
    // Seats act 0,1,2,3,4,5,0,1,2 (two actions per turn).
    let seats: Vec<u8> = record.actions.iter().step_by(2).map(|a| a.seat).collect();
    assert_eq!(seats, vec![0, 1, 2, 3, 4, 5, 0, 1, 2]);
    // After seat 5's turn, seat 0 is active again.
    assert_eq!(s[11].0.active_seat(), 0);
    // Seat 5 (the 6th colour) used its own big meeple.
    assert_eq!(s[11].0.supply(5, FollowerKind::BigMeeple), 0);
    let game = golden("y08_ic_six_players.json");
    assert_eq!(game.scores(), &[15, 11, 2, 3, 3, 1]);
    let fay: Vec<&ScoreEntry> = game
        .score_log()
        .iter()
        .filter(|e| e.winners.contains(&5))
        .collect();
    assert_eq!(fay.len(), 1);
    assert_eq!(*fay[0].strength, [0, 0, 0, 0, 0, 2]);
    assert_eq!(fay[0].points, 1);
    let cathedral = only(&game, "R-IC-2");
    assert_eq!(cathedral.tiles.len(), 5);
    assert_eq!(cathedral.points, 15);
    let inn = only(&game, "R-IC-1");
    assert_eq!((inn.tiles.len(), inn.points), (4, 8));
    assert_eq!(*inn.winners, [1]);
}

// ---------------------------------------------------------------------------------------
// R-IC-5: score tiles are only a scoring aid: scores are plain numbers, also above 50/100.

/// A city of 15 tiles with both cathedrals and 4 shields, closed by seat 1's last tile:
/// seat 0's knight scores 15 x 3 + 4 x 3 = 57 in one go.
fn big_cathedral_city() -> (Game, Vec<Event>) {
    let mut game = ic_scenario(&[
        "ic/cathedral",
        "base/city4_pennant",
        "ic/cathedral",
        "base/city3_pennant",
        "base/city3_road_pennant",
        "base/city3_road_pennant",
        "base/city3",
        "base/city3",
        "base/city3_garden",
        "base/city1_road_straight",
        "base/city1_road_straight",
        "base/city1",
        "base/city1",
        "base/city1",
    ]);
    let pass = Action::Pass;
    let mut last = Vec::new();
    let turns = [
        (place(0, -1, 0), meeple("S")),
        (place(0, -2, 0), pass),
        (place(0, -3, 0), pass),
        (place(1, -1, 3), pass),
        (place(1, -2, 3), pass),
        (place(1, -3, 3), pass),
        (place(-1, -1, 1), pass),
        (place(-1, -2, 1), pass),
        (place(-1, -3, 1), pass),
        (place(1, 0, 0), pass),
        (place(-1, 0, 0), pass),
        (place(0, -4, 2), pass),
        (place(1, -4, 2), pass),
        (place(-1, -4, 2), pass),
    ];
    for (p, d) in turns {
        assert!(
            game.score_log().is_empty(),
            "nothing scores before the last tile"
        );
        last = play(&mut game, &[p, d]);
    }
    (game, last)
}

#[test]
fn r_ic_5_scores_above_fifty_are_plain_numbers() {
    let (game, last) = big_cathedral_city();
    assert!(game.is_over());
    let c = only(&game, "R-IC-2");
    assert_eq!((c.tiles.len(), c.shields), (15, 4));
    assert_eq!(c.points, 57);
    assert_eq!(*c.winners, [0]);
    // 57 is shown as 57, not as 7 on the track plus a 50 tile.
    assert_eq!(game.scores(), &[57, 0]);
    let cats = score::categories(game.score_log(), game.players());
    let from_log: Vec<u32> = cats.iter().map(|c| c.total()).collect();
    assert_eq!(game.scores(), from_log.as_slice());
    // Serialised, a score is one plain JSON number.
    let json = serde_json::to_value(&game).expect("the game serialises");
    assert_eq!(json["scores"], serde_json::json!([57, 0]));
    // The game-over event carries the same plain numbers.
    let over: Vec<&Vec<u32>> = last
        .iter()
        .filter_map(|e| match e {
            Event::GameOver { scores } => Some(scores),
            _ => None,
        })
        .collect();
    assert_eq!(over, vec![&vec![57, 0]]);
}

#[test]
fn r_ic_5_every_ic_golden_game_adds_up() {
    let files: Vec<String> = golden_files()
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|n| n.contains("_ic_"))
        .collect();
    assert!(files.len() >= 8, "{files:?}");
    for name in files {
        let game = golden(&name);
        assert!(game.setup().has(Expansion::InnsCathedrals), "{name}");
        let cats = score::categories(game.score_log(), game.players());
        let from_log: Vec<u32> = cats.iter().map(|c| c.total()).collect();
        assert_eq!(game.scores(), from_log.as_slice(), "{name}");
    }
}
