//! Fits the heuristic to decisions, not outcomes: plays 2-player base games between greedy
//! bots and, at every `EVERY`-th placement, takes the mover's whole turns (each placement
//! with each deployment), keeps the best `K` by the heuristic, and plays each of them to
//! the end of the game `N` times by greedy at both seats, every candidate with the same
//! draw orders. Then fits, on half the games, how much each part of the estimate should
//! count (`a + b × share of tiles left`, `Weights::part_scale`) for the differences between
//! a decision's candidates to match the differences of their mean final margins, and checks
//! the fit on the other half: the squared error of those differences, and the regret (the
//! best candidate's mean margin less that of the one the heuristic would play). A
//! development tool; the scales it prints still have to win games (`examples/tune.rs`,
//! keys `sa0..sa6`, `sb0..sb6`).
//!
//! ```sh
//! TUNE_THREADS=2 cargo run --release -p carcassonne-ai --example qfit -- GAMES SEED [K] [N] [RIDGE]
//! ```

use carcassonne_ai::eval::{Evaluator, Part};
use carcassonne_ai::{Bot, Budget, GreedyBot, Weights};
use carcassonne_engine::{Game, NoEvents, Phase, Setup};

const EVERY: usize = 3;

/// The mover's whole turns from `game` (a placement, then each deployment).
fn turns(game: &Game, seat: u8) -> Vec<Game> {
    let turn = game.turn();
    let mut out = Vec::new();
    for a in game.legal_actions() {
        let mut g = game.clone();
        if g.apply_into(seat, &a, &mut NoEvents).is_err() {
            continue;
        }
        if g.pending_seat() == Some(seat) && g.turn() == turn {
            for d in g.legal_actions() {
                let mut h = g.clone();
                if h.apply_into(seat, &d, &mut NoEvents).is_ok() {
                    out.push(h);
                }
            }
        } else {
            out.push(g);
        }
    }
    out
}

fn play_to_end(mut g: Game, bots: &mut [GreedyBot; 2], me: u8) -> f32 {
    while let Some(seat) = g.pending_seat() {
        let Ok(a) = bots[usize::from(seat)].choose(&g, Budget::default()) else {
            break;
        };
        if g.apply(seat, &a).is_err() {
            break;
        }
    }
    let s = g.scores();
    let me = usize::from(me);
    s[me] as f32 - s[1 - me] as f32
}

/// One decision: the tiles left, and each candidate's parts (the mover's lead) and mean
/// final margin.
struct Decision {
    game: u64,
    left: u32,
    candidates: Vec<([f32; 7], f64)>,
}

fn decisions(game_no: u64, seed: u64, k: usize, n: u64) -> Vec<Decision> {
    let mut out = Vec::new();
    let mut game = Game::new(Setup::base(2), seed + game_no).expect("setup");
    let mut bots = [
        GreedyBot::new(seed * 1000 + game_no),
        GreedyBot::new(seed * 1000 + game_no + 500),
    ];
    let mut eval = Evaluator::new(Weights::default());
    let mut placements = 0usize;
    let mut values = Vec::new();
    while let Some(seat) = game.pending_seat() {
        if matches!(game.phase(), Phase::Place { .. }) {
            placements += 1;
            if (placements + game_no as usize).is_multiple_of(EVERY) {
                let left = eval.prepare(&game);
                let start = game.board().tiles.len();
                let me = usize::from(seat);
                let mut cands: Vec<(f32, [f32; 7], Game)> = turns(&game, seat)
                    .into_iter()
                    .map(|g| {
                        let drawn = g.board().tiles.len().saturating_sub(start) as u32;
                        let l = left.saturating_sub(drawn);
                        eval.estimate(&g, l, &mut values);
                        let h = Evaluator::margin(&values, me);
                        let mut lead = [0f32; 7];
                        eval.estimate_parts(&g, l, |s, part, v| {
                            let i = Part::ALL.iter().position(|&p| p == part).unwrap_or(0);
                            lead[i] += if s == me { v } else { -v };
                        });
                        (h, lead, g)
                    })
                    .collect();
                cands.sort_by(|a, b| b.0.total_cmp(&a.0));
                cands.truncate(k);
                let mut q = vec![0f64; cands.len()];
                for o in 0..n {
                    let order = (seed << 32) ^ (game_no << 16) ^ (placements as u64) << 8 ^ o;
                    for (c, qs) in cands.iter().zip(&mut q) {
                        let mut g = c.2.clone();
                        g.reseed(order);
                        let mut pb = [GreedyBot::new(order), GreedyBot::new(order ^ 1)];
                        *qs += f64::from(play_to_end(g, &mut pb, seat));
                    }
                }
                out.push(Decision {
                    game: game_no,
                    left,
                    candidates: cands
                        .iter()
                        .zip(&q)
                        .map(|(c, qs)| (c.1, qs / n as f64))
                        .collect(),
                });
            }
        }
        let a = bots[usize::from(seat)]
            .choose(&game, Budget::default())
            .expect("an answer");
        game.apply(seat, &a).expect("legal");
    }
    out
}

const FEATURES: usize = 14;

/// A candidate's features: each part, and each part × the share of tiles left.
fn features(parts: &[f32; 7], left: u32) -> [f64; FEATURES] {
    let share = f64::from(left) / 71.0;
    let mut x = [0.0; FEATURES];
    for (i, &p) in parts.iter().enumerate() {
        x[i] = f64::from(p);
        x[i + 7] = f64::from(p) * share;
    }
    x
}

impl Decision {
    fn features(&self) -> Vec<[f64; FEATURES]> {
        self.candidates
            .iter()
            .map(|c| features(&c.0, self.left))
            .collect()
    }
}

fn value(theta: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    theta.iter().zip(x).map(|(t, v)| t * v).sum()
}

/// Mean squared error of the candidates' differences from their decision's mean, and mean
/// regret per decision.
fn check(theta: &[f64; FEATURES], data: &[&Decision]) -> (f64, f64) {
    let (mut se, mut rows, mut regret) = (0.0, 0usize, 0.0);
    for d in data {
        let xs = d.features();
        let h: Vec<f64> = xs.iter().map(|x| value(theta, x)).collect();
        let q: Vec<f64> = d.candidates.iter().map(|c| c.1).collect();
        let n = q.len() as f64;
        let (hm, qm) = (h.iter().sum::<f64>() / n, q.iter().sum::<f64>() / n);
        for (a, b) in h.iter().zip(&q) {
            se += ((a - hm) - (b - qm)).powi(2);
            rows += 1;
        }
        let chosen = h
            .iter()
            .enumerate()
            .fold(0, |best, (i, &v)| if v > h[best] { i } else { best });
        regret += q.iter().copied().fold(f64::NEG_INFINITY, f64::max) - q[chosen];
    }
    (se / rows.max(1) as f64, regret / data.len().max(1) as f64)
}

/// Ridge regression towards the heuristic as it is: the scales that best turn the parts'
/// differences into the final margins' differences.
fn fit(data: &[&Decision], ridge: f64, theta0: &[f64; FEATURES]) -> [f64; FEATURES] {
    let mut a = [[0.0f64; FEATURES]; FEATURES];
    let mut b = [0.0f64; FEATURES];
    for d in data {
        let xs = d.features();
        let n = xs.len() as f64;
        let mut mean = [0.0; FEATURES];
        for x in &xs {
            for (m, v) in mean.iter_mut().zip(x) {
                *m += v / n;
            }
        }
        let qm = d.candidates.iter().map(|c| c.1).sum::<f64>() / n;
        for (x, c) in xs.iter().zip(&d.candidates) {
            let dx: Vec<f64> = x.iter().zip(&mean).map(|(v, m)| v - m).collect();
            let y = (c.1 - qm) - dx.iter().zip(theta0).map(|(v, t)| v * t).sum::<f64>();
            for i in 0..FEATURES {
                b[i] += dx[i] * y;
                for j in 0..FEATURES {
                    a[i][j] += dx[i] * dx[j];
                }
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += ridge;
    }
    let delta = solve(a, b);
    let mut theta = *theta0;
    for (t, d) in theta.iter_mut().zip(delta) {
        *t += d;
    }
    theta
}

/// Gaussian elimination with partial pivoting (the ridge keeps the system regular).
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let top = a[col];
        for row in col + 1..FEATURES {
            let f = a[row][col] / top[col];
            for (x, t) in a[row][col..].iter_mut().zip(&top[col..]) {
                *x -= f * t;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let rest: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: u64| args.get(i).and_then(|g| g.parse().ok()).unwrap_or(default);
    let (games, seed, k, n) = (arg(1, 20), arg(2, 1), arg(3, 10) as usize, arg(4, 16));
    let ridge: f64 = args.get(5).and_then(|g| g.parse().ok()).unwrap_or(1000.0);
    let threads: u64 = std::env::var("TUNE_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1)
        .max(1);
    let data: Vec<Decision> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (0..games)
                        .filter(|g| g % threads == t)
                        .flat_map(|g| decisions(g, seed, k, n))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    });
    // Whole games on each side, so the check sees games the fit never saw.
    let (train, held): (Vec<&Decision>, Vec<&Decision>) =
        data.iter().partition(|d| d.game.is_multiple_of(2));
    let mut theta0 = [0.0; FEATURES];
    theta0[..7].fill(1.0);
    let theta = fit(&train, ridge, &theta0);
    println!(
        "{} decisions, {} candidates",
        data.len(),
        data.iter().map(|d| d.candidates.len()).sum::<usize>()
    );
    for (name, t) in [("heuristic", &theta0), ("fitted", &theta)] {
        let (fe, fr) = check(t, &train);
        let (ce, cr) = check(t, &held);
        println!("{name}: fit error {fe:.2} regret {fr:.2}; check error {ce:.2} regret {cr:.2}");
    }
    let keys: Vec<String> = (0..7)
        .map(|i| format!("sa{i}={:.2},sb{i}={:.2}", theta[i], theta[i + 7]))
        .collect();
    println!("{}", keys.join(","));
}
