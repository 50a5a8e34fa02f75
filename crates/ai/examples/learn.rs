//! Fits the learned valuation ([`Linear`]) to how games end: plays 2-player base games
//! between two bots, keeps every position where a tile is about to be placed with both
//! seats' features and the final lead, and fits seat 0's lead by ridge regression on the
//! difference of the features (so the same weights value every seat). Games alternate
//! between a fitting half and a checking half; the report compares the squared error of
//! the heuristic's lead and of the fitted one by phase (a development tool).
//!
//! ```sh
//! cargo run --release -p carcassonne-ai --example learn -- GAMES SEED OUT [RIDGE] [BOT]
//! ```
//! `OUT` gets the weights: as `src/eval/trained.rs` when it ends in `.rs`, otherwise one per
//! line (`LEARNED=OUT` then plays a further round's games by them).

use carcassonne_ai::eval::{Evaluator, Linear, FEATURES};
use carcassonne_ai::{Bot, BotSpec, Budget, GreedyBot, Weights};
use carcassonne_engine::{Game, Phase, Setup};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

struct Row {
    game: u64,
    left: u32,
    x: [f32; FEATURES],
    heuristic: f32,
    lead: f32,
}

/// The bots of the games: `spec`, or greedy by the learned weights in `LEARNED` when set
/// (a round of fitting played by the previous round's valuation).
fn bot(spec: BotSpec, seed: u64) -> Box<dyn Bot> {
    match std::env::var("LEARNED") {
        Ok(path) => {
            let text = std::fs::read_to_string(path).expect("the weights file");
            let weights = Weights {
                learned: Some(Linear::parse(&text).expect("weights")),
                ..Weights::default()
            };
            Box::new(GreedyBot::with(seed, "greedy", weights, 0.0))
        }
        Err(_) => spec.build(seed),
    }
}

fn play(g: u64, seed: u64, spec: BotSpec, eval: &mut Evaluator) -> Vec<Row> {
    let mut game = Game::new(Setup::base(2), seed + g).expect("setup");
    let mut bots = [bot(spec, seed * 1000 + g), bot(spec, seed * 1000 + g + 500)];
    let mut rows = Vec::new();
    let (mut feats, mut values) = (Vec::new(), Vec::new());
    while let Some(seat) = game.pending_seat() {
        if matches!(game.phase(), Phase::Place { .. }) {
            let left = eval.prepare(&game);
            eval.features(&game, left, &mut feats);
            eval.estimate(&game, left, &mut values);
            let mut x = [0.0; FEATURES];
            for (i, v) in x.iter_mut().enumerate() {
                *v = feats[0][i] - feats[1][i];
            }
            rows.push(Row {
                game: g,
                left,
                x,
                heuristic: values[0] - values[1],
                lead: 0.0,
            });
        }
        let a = bots[usize::from(seat)]
            .choose(&game, Budget::default())
            .expect("an answer");
        game.apply(seat, &a).expect("legal");
    }
    let s = game.scores();
    let lead = s[0] as f32 - s[1] as f32;
    for r in &mut rows {
        r.lead = lead;
    }
    rows
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky).
fn solve(mut a: Vec<f64>, b: &[f64], n: usize) -> Vec<f64> {
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        let d = d.max(1e-12).sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / d;
        }
    }
    let mut y = vec![0.0; n];
    for i in 0..n {
        let mut s = b[i];
        for k in 0..i {
            s -= a[i * n + k] * y[k];
        }
        y[i] = s / a[i * n + i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let mut s = y[i];
        for k in i + 1..n {
            s -= a[k * n + i] * x[k];
        }
        x[i] = s / a[i * n + i];
    }
    x
}

/// The weights as the crate's `eval/trained.rs`.
fn trained_source(w: &[f64], games: u64, seed: u64, ridge: f64) -> String {
    let mut s = format!(
        "//! The learned valuation's weights, written by `examples/learn.rs` ({games} games of \
         greedy\n//! against greedy from seed {seed}, ridge {ridge}; regenerate, do not edit).\n\n\
         use super::FEATURES;\n\n\
         /// Weights of [`super::Linear`], one per feature (see `learned.rs` for the layout).\n\
         #[rustfmt::skip]\n\
         pub const TRAINED: [f32; FEATURES] = [\n"
    );
    for row in w.chunks(6) {
        let line: Vec<String> = row.iter().map(|v| format!("{}", *v as f32)).collect();
        s += &format!("    {},\n", line.join(", "));
    }
    s + "];\n"
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args[1].parse().expect("games");
    let seed: u64 = args[2].parse().expect("seed");
    let out = &args[3];
    let ridge: f64 = args.get(4).map_or(1e-3, |r| r.parse().expect("ridge"));
    let spec: BotSpec = args
        .get(5)
        .map_or("greedy", String::as_str)
        .parse()
        .expect("a bot");
    let threads: usize = std::env::var("LEARN_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(2);
    let next = AtomicU64::new(0);
    let all = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut eval = Evaluator::new(Weights::default());
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let rows = play(g, seed, spec, &mut eval);
                    all.lock().expect("lock").extend(rows);
                }
            });
        }
    });
    let rows = all.into_inner().expect("lock");
    let n = FEATURES;
    let mut a = vec![0.0f64; n * n];
    let mut b = vec![0.0f64; n];
    let mut fitted = 0usize;
    for r in rows.iter().filter(|r| r.game % 2 == 0) {
        fitted += 1;
        for i in 0..n {
            let xi = f64::from(r.x[i]);
            if xi == 0.0 {
                continue;
            }
            b[i] += xi * f64::from(r.lead);
            for j in 0..n {
                a[i * n + j] += xi * f64::from(r.x[j]);
            }
        }
    }
    // Ridge relative to each feature's own scale, so that none is favoured by its units.
    for i in 0..n {
        a[i * n + i] += ridge * a[i * n + i].max(1.0) + 1e-6;
    }
    let w = solve(a, &b, n);
    let text: String = if out.ends_with(".rs") {
        trained_source(&w, games, seed, ridge)
    } else {
        w.iter().map(|v| format!("{v}\n")).collect()
    };
    std::fs::write(out, text).expect("write the weights");
    println!("{} positions, {fitted} fitted", rows.len());
    println!("tiles left | positions | heuristic mse | learned mse | var(lead)");
    for (lo, hi) in [(45, 72), (25, 45), (10, 25), (0, 10), (0, 72)] {
        let check: Vec<&Row> = rows
            .iter()
            .filter(|r| r.game % 2 == 1 && r.left >= lo && r.left < hi)
            .collect();
        let m = check.len().max(1) as f64;
        let (mut eh, mut el, mut s1, mut s2) = (0.0, 0.0, 0.0, 0.0);
        for r in &check {
            let pred: f64 = w.iter().zip(&r.x).map(|(w, x)| w * f64::from(*x)).sum();
            let lead = f64::from(r.lead);
            eh += (f64::from(r.heuristic) - lead).powi(2);
            el += (pred - lead).powi(2);
            s1 += lead;
            s2 += lead * lead;
        }
        let var = s2 / m - (s1 / m).powi(2);
        println!(
            "{lo:>2}-{:<2} | {:>8} | {:>8.2} | {:>8.2} | {:>8.2}",
            hi - 1,
            check.len(),
            eh / m,
            el / m,
            var
        );
    }
    println!("weights:");
    for (i, v) in w.iter().enumerate() {
        print!("{i}:{v:.3} ");
    }
    println!();
}
