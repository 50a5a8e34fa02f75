//! The learned valuation: each seat's value is its features weighed by the trained
//! weights, and the features say what the position holds.

mod common;

use carcassonne_ai::eval::{feature_names, Evaluator, Linear, FEATURES};
use carcassonne_ai::Weights;
use carcassonne_engine::{Game, Setup};
use common::{after_greedy, deploy, place, script, scripted};

fn features(game: &Game) -> Vec<[f32; FEATURES]> {
    let mut eval = Evaluator::new(Weights::default());
    let left = eval.prepare(game);
    let mut out = Vec::new();
    eval.features(game, left, &mut out);
    out
}

fn feature(name: &str) -> usize {
    feature_names()
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no feature named {name}"))
}

#[test]
fn every_feature_has_its_own_name() {
    let names = feature_names();
    assert_eq!(names.len(), FEATURES);
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), FEATURES, "{names:?}");
}

#[test]
fn the_learned_valuation_weighs_each_seats_features() {
    let model = Linear::trained();
    let mut eval = Evaluator::new(Weights::learned());
    let mut heuristic = Evaluator::new(Weights::default());
    let (mut values, mut plain, mut x) = (Vec::new(), Vec::new(), Vec::new());
    let mut differs = false;
    for (seed, decisions) in [(3, 10), (7, 40), (11, 90)] {
        let game = after_greedy(Setup::base(2), seed, decisions);
        let left = eval.prepare(&game);
        eval.estimate(&game, left, &mut values);
        eval.features(&game, left, &mut x);
        heuristic.prepare(&game);
        heuristic.estimate(&game, left, &mut plain);
        assert_eq!(values.len(), 2);
        for (v, row) in values.iter().zip(&x) {
            assert!((v - model.value(row)).abs() < 1e-3, "{v} against {row:?}");
        }
        differs |= values.iter().zip(&plain).any(|(a, b)| (a - b).abs() > 0.1);
    }
    assert!(differs, "the learned values are not the heuristic's");
}

#[test]
fn the_start_is_even_for_the_learned_valuation() {
    let game = Game::new(Setup::base(3), 1).expect("setup");
    let x = features(&game);
    assert_eq!(x.len(), 3);
    // Only the seat to move differs.
    let mover = feature("to move");
    for (i, name) in feature_names().iter().enumerate() {
        if i == mover || i == mover + 1 {
            continue;
        }
        assert!(x.iter().all(|r| r[i] == x[0][i]), "{name}: {x:?}");
    }
    assert_eq!(x[0][mover], 1.0);
    assert_eq!(x[1][mover], 0.0);
}

#[test]
fn an_open_city_counts_for_the_seat_that_leads_it() {
    let mut game = scripted(2, &["base/city2_we", "base/road_straight", "base/city1"]);
    script(&mut game, &[place(0, -1, 1), deploy("N")]);
    let x = features(&game);
    let count = feature("cities: count");
    let tiles = feature("cities: tiles");
    assert_eq!((x[0][count], x[1][count]), (1.0, 0.0));
    assert_eq!(x[0][tiles], 2.0, "the start tile and the new one");
    // One follower fewer in supply (7 to begin with, R-BASE-3).
    assert_eq!(x[0][feature("followers in supply")], 6.0);
    assert_eq!(x[1][feature("followers in supply")], 7.0);
}

/// Seat 0 leads a city open to the north of (0,-1); seat 1 a one-tile city at (1,-2) open
/// to the west: both face the empty cell (0,-2). The bag ends with `rest`.
fn two_cities_facing_one_cell(rest: &[&str]) -> Game {
    let mut tiles = vec![
        "base/city2_we",
        "base/monastery",
        "base/road_straight",
        "base/city1",
    ];
    tiles.extend_from_slice(rest);
    let mut game = scripted(2, &tiles);
    script(
        &mut game,
        &[
            place(0, -1, 1),
            deploy("N"),
            place(1, -1, 0),
            carcassonne_engine::Action::Pass,
            place(-1, 0, 0),
            carcassonne_engine::Action::Pass,
            place(1, -2, 3),
            deploy("W"),
        ],
    );
    game
}

#[test]
fn two_cities_one_tile_could_join_count_as_a_contest() {
    let joins = feature("joins: cities");
    // A corner city fits (0,-2) and would join them: each seat would share the other's.
    let x = features(&two_cities_facing_one_cell(&["base/city2_nw"; 2]));
    assert!(
        x[0][joins] > 0.0 && x[1][joins] > 0.0,
        "{:?}",
        [x[0][joins], x[1][joins]]
    );
    // Seat 0's city is the bigger: seat 1 stands to gain more.
    assert!(
        x[1][joins] > x[0][joins],
        "{:?}",
        [x[0][joins], x[1][joins]]
    );
    // Nothing left can fill the cell: no contest.
    let x = features(&two_cities_facing_one_cell(&["base/road_curve"; 3]));
    assert_eq!((x[0][joins], x[1][joins]), (0.0, 0.0));
}

#[test]
fn games_it_was_not_trained_for_keep_the_heuristic() {
    let values = |weights: Weights, game: &Game| {
        let mut eval = Evaluator::new(weights);
        let left = eval.prepare(game);
        let mut out = Vec::new();
        eval.estimate(game, left, &mut out);
        out
    };
    let mut no_farmers = Setup::base(2);
    no_farmers.options.farmers = false;
    for setup in [Setup::base(3), common::expansions_i(2), no_farmers] {
        assert!(!Linear::trained_for(&setup));
        let game = after_greedy(setup, 4, 30);
        assert_eq!(
            values(Weights::learned(), &game),
            values(Weights::default(), &game)
        );
    }
    let setup = Setup::base(2);
    assert!(Linear::trained_for(&setup));
    let game = after_greedy(setup, 4, 30);
    assert_ne!(
        values(Weights::learned(), &game),
        values(Weights::default(), &game)
    );
}
