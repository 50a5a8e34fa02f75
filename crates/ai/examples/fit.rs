//! Fits the heuristic's knobs to outcomes: plays 2-player base games between greedy bots,
//! keeps every position where a tile is about to be placed, and searches the knobs (one at
//! a time, by factors) for the smallest squared error between the heuristic's lead of seat
//! 0 and the final lead. Games alternate between a fitting half and a checking half (a
//! development tool; the knobs it prints still have to win games, `examples/tune.rs`).
//!
//! ```sh
//! cargo run --release -p carcassonne-ai --example fit -- GAMES SEED [ROUNDS]
//! ```

use carcassonne_ai::eval::Evaluator;
use carcassonne_ai::{Bot, Budget, GreedyBot, Weights};
use carcassonne_engine::{Game, Phase, Setup};

struct Sample {
    game: Game,
    final_lead: f32,
}

fn samples(games: u64, seed: u64) -> Vec<Sample> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = Game::new(Setup::base(2), seed + g).expect("setup");
        let mut bots = [
            GreedyBot::new(seed * 1000 + g),
            GreedyBot::new(seed * 1000 + g + 500),
        ];
        let mut kept = Vec::new();
        while let Some(seat) = game.pending_seat() {
            if matches!(game.phase(), Phase::Place { .. }) {
                kept.push(game.clone());
            }
            let a = bots[usize::from(seat)]
                .choose(&game, Budget::default())
                .expect("an answer");
            game.apply(seat, &a).expect("legal");
        }
        let s = game.scores();
        let final_lead = s[0] as f32 - s[1] as f32;
        out.extend(kept.into_iter().map(|game| Sample { game, final_lead }));
    }
    out
}

/// Mean squared error of the heuristic's lead over `data` (two threads).
fn error(weights: &Weights, data: &[&Sample]) -> f64 {
    let parts: Vec<&[&Sample]> = data.chunks(data.len().div_ceil(2).max(1)).collect();
    let sums: Vec<f64> = std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .iter()
            .map(|part| {
                s.spawn(move || {
                    let mut eval = Evaluator::new(weights.clone());
                    let mut values = Vec::new();
                    part.iter()
                        .map(|x| {
                            let left = eval.prepare(&x.game);
                            eval.estimate(&x.game, left, &mut values);
                            let d = f64::from(values[0] - values[1] - x.final_lead);
                            d * d
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker"))
            .collect()
    });
    sums.iter().sum::<f64>() / data.len().max(1) as f64
}

/// The knobs as named numbers, to change one at a time.
fn knobs(w: &mut Weights) -> Vec<(String, &mut f32)> {
    let mut v: Vec<(String, &mut f32)> = vec![
        ("follower".into(), &mut w.follower),
        ("follower_turns".into(), &mut w.follower_turns),
        ("tiles_per_edge".into(), &mut w.tiles_per_edge),
        ("cloister_fill".into(), &mut w.cloister_fill),
        ("cloister_tiles".into(), &mut w.cloister_tiles),
        ("fit_tiles".into(), &mut w.fit_tiles),
        ("field_growth".into(), &mut w.field_growth),
        ("field_open_city".into(), &mut w.field_open_city),
    ];
    for (i, c) in w.city_done.iter_mut().enumerate() {
        v.push((format!("city_done{}", i + 1), c));
    }
    for (i, r) in w.road_done.iter_mut().enumerate() {
        v.push((format!("road_done{}", i + 1), r));
    }
    v
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(1);
    let rounds: usize = args.get(3).and_then(|g| g.parse().ok()).unwrap_or(2);
    let data = samples(games, seed);
    // Whole games on each side, so the check sees games the fit never saw.
    let per_game = data.len() as f64 / games as f64;
    let (mut fit, mut check) = (Vec::new(), Vec::new());
    for (i, s) in data.iter().enumerate() {
        let game = (i as f64 / per_game) as u64;
        if game.is_multiple_of(2) {
            fit.push(s);
        } else {
            check.push(s);
        }
    }
    let mut best = Weights::default();
    let mut best_err = error(&best, &fit);
    println!(
        "{} positions; default: fit {:.2}, check {:.2}",
        data.len(),
        best_err,
        error(&best, &check)
    );
    let factors = [0.5f32, 0.7, 0.85, 1.15, 1.4, 2.0];
    for round in 0..rounds {
        let names: Vec<String> = knobs(&mut best.clone()).into_iter().map(|k| k.0).collect();
        for (k, name) in names.iter().enumerate() {
            let mut improved = None;
            for f in factors {
                let mut w = best.clone();
                let mut ks = knobs(&mut w);
                *ks[k].1 *= f;
                // Chances stay chances.
                if name.contains("done") || name == "cloister_fill" {
                    *ks[k].1 = ks[k].1.min(1.0);
                }
                drop(ks);
                let e = error(&w, &fit);
                if e < best_err {
                    best_err = e;
                    improved = Some(w);
                }
            }
            if let Some(w) = improved {
                best = w;
                println!("round {round} {name}: fit {best_err:.2}");
            }
        }
    }
    println!(
        "fitted: fit {:.2}, check {:.2}\n{best:?}",
        best_err,
        error(&best, &check)
    );
}
