//! The heuristic values positions as a player would: symmetric at the start, and an open
//! city is worth more when a remaining tile can still close it.

mod common;

use carcassonne_ai::eval::{Evaluator, Part};
use carcassonne_ai::Weights;
use carcassonne_engine::{Game, Setup};
use common::{after_greedy, deploy, place, script, scripted};

fn values(game: &Game) -> Vec<f32> {
    let mut eval = Evaluator::new(Weights::default());
    let left = eval.prepare(game);
    let mut out = Vec::new();
    eval.estimate(game, left, &mut out);
    out
}

#[test]
fn the_start_is_even() {
    let v = values(&Game::new(Setup::base(3), 1).expect("setup"));
    assert_eq!(v.len(), 3);
    assert!(v.iter().all(|&x| (x - v[0]).abs() < 1e-6), "{v:?}");
    assert!(v[0] > 0.0, "followers in supply are worth something: {v:?}");
}

/// Seat 0 puts a knight on a two-tile city open to the north; the tiles left are `rest`.
fn knight_in_open_city(rest: &[&str]) -> Game {
    let mut tiles = vec!["base/city2_we"];
    tiles.extend_from_slice(rest);
    let mut game = scripted(2, &tiles);
    script(&mut game, &[place(0, -1, 1), deploy("N")]);
    game
}

/// Fourteen road tiles and four more of `extra`.
fn bag(extra: &str) -> Vec<&str> {
    let mut v = vec!["base/road_curve"; 8];
    v.extend(["base/road_straight"; 6]);
    v.extend([extra; 4]);
    v
}

#[test]
fn a_city_no_remaining_tile_can_close_is_worth_less() {
    let closable = values(&knight_in_open_city(&bag("base/city1")));
    let hopeless = values(&knight_in_open_city(&bag("base/monastery")));
    // Seat 1 has nothing on the board in either game.
    assert!((closable[1] - hopeless[1]).abs() < 1e-6);
    assert!(
        closable[0] > hopeless[0] + 0.5,
        "closable {closable:?}, hopeless {hopeless:?}"
    );
}

#[test]
fn a_completed_city_counts_before_it_is_scored() {
    // Between placing and deploying, the city the tile closed is not scored yet (scoring is
    // step 3 of the turn): the heuristic already counts it in full.
    let mut game = scripted(2, &["base/city1", "base/road_straight"]);
    let before = values(&game);
    script(&mut game, &[place(0, -1, 2)]);
    let closed = values(&game);
    assert!((closed[0] - before[0]).abs() < 1e-6, "nobody owns the city");
    let mut owned = scripted(2, &["base/city2_we", "base/city1", "base/road_straight"]);
    script(&mut owned, &[place(0, -1, 1), deploy("N"), place(0, -2, 2)]);
    let v = values(&owned);
    // 3 tiles, complete: 6 points for seat 0 (R-BASE-7), its knight coming back.
    assert!(v[0] - v[1] >= 6.0, "{v:?}");
}

#[test]
fn the_estimate_is_the_sum_of_its_parts() {
    let game = after_greedy(Setup::base(2), 5, 40);
    let mut eval = Evaluator::new(Weights::default());
    let left = eval.prepare(&game);
    let mut parts = [[0f32; 7]; 2];
    eval.estimate_parts(&game, left, |seat, part, v| parts[seat][part as usize] += v);
    let mut plain = Vec::new();
    eval.estimate(&game, left, &mut plain);
    for seat in 0..2 {
        let sum: f32 = parts[seat].iter().sum();
        assert!(
            (plain[seat] - sum).abs() < 1e-3,
            "{plain:?} against {parts:?}"
        );
    }
    assert!(
        parts.iter().any(|p| p[Part::Road as usize] != 0.0),
        "the position has roads to count"
    );
}

fn margin_with(rivals_mean: f32, values: &[f32], seat: usize) -> f32 {
    Evaluator::new(Weights {
        rivals_mean,
        ..Weights::default()
    })
    .margin(values, seat)
}

#[test]
fn the_margin_is_over_the_best_rival_blended_with_their_mean() {
    let values = [50.0, 80.0, 40.0, 30.0];
    let close = |a: f32, b: f32| (a - b).abs() < 1e-4;
    // Over the best alone, the mean of the three, and half way between them.
    assert!(close(margin_with(0.0, &values, 0), -30.0));
    assert!(close(margin_with(1.0, &values, 0), 0.0));
    assert!(close(margin_with(0.5, &values, 0), -15.0));
    // The leader's margin, over the mean of the others.
    assert!(close(margin_with(1.0, &values, 1), 40.0));
}

#[test]
fn with_one_rival_the_blend_changes_nothing() {
    for share in [0.0, 0.3, 0.5, 1.0] {
        for (a, b) in [(12.7_f32, 3.1_f32), (-4.9, 88.3), (0.1, 0.2)] {
            assert_eq!(margin_with(share, &[a, b], 0), a - b, "share {share}");
            assert_eq!(margin_with(share, &[a, b], 1), b - a, "share {share}");
        }
    }
}
