//! `carcassonne arena`: bots play each other; wins with a 95% interval, scores, think time.
//!
//! Game `g` deals seed `seed + g / n` and seats the `n` bots rotated by `g % n`, so every
//! bot plays every seat of every deal: the luck of the draw and of moving first cancels
//! out. Games run on worker threads; results are gathered in game order, so everything but
//! the timings is the same for any number of threads.

use carcassonne_ai::{Bot, BotSpec, Budget};
use carcassonne_engine::{Game, Setup};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What `arena` was asked to do.
pub struct Options {
    pub bots: Vec<BotSpec>,
    pub games: u32,
    pub seed: u64,
    pub setup: Setup,
    pub json: bool,
    pub threads: usize,
    /// Overrides every bot's budget (search bots only).
    pub budget: Budget,
}

/// Parses `--bots`: two or more bot names, comma separated.
pub fn parse_bots(s: &str) -> Result<Vec<BotSpec>, String> {
    let bots = s
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(str::parse)
        .collect::<Result<Vec<BotSpec>, String>>()?;
    if bots.len() < 2 {
        return Err("--bots needs at least two bots, e.g. --bots hard,greedy".into());
    }
    Ok(bots)
}

/// One finished game, by bot index (not seat).
struct GameResult {
    scores: Vec<u32>,
    think: Vec<Duration>,
    decisions: Vec<u32>,
    turns: Vec<u32>,
    slowest: Vec<Duration>,
    iterations: Vec<u64>,
}

pub fn run(opts: &Options) -> Result<ExitCode, String> {
    let n = opts.bots.len();
    if opts.setup.players.len() != n {
        return Err("one player per bot".into());
    }
    Game::new(opts.setup.clone(), opts.seed).map_err(|e| e.to_string())?;
    let next = AtomicU32::new(0);
    let results: Mutex<Vec<Option<Result<GameResult, String>>>> =
        Mutex::new((0..opts.games).map(|_| None).collect());
    let threads = opts.threads.clamp(1, opts.games.max(1) as usize);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= opts.games {
                    break;
                }
                let r = play_game(opts, g);
                if let Ok(mut all) = results.lock() {
                    all[g as usize] = Some(r);
                }
            });
        }
    });
    let results = results
        .into_inner()
        .map_err(|_| "a worker thread panicked")?;
    let mut games = Vec::with_capacity(results.len());
    for r in results {
        games.push(r.ok_or("a game was not played")??);
    }
    let stats = Stats::of(opts, &games);
    if opts.json {
        println!("{}", stats.json(opts));
    } else {
        print!("{}", stats.text(opts));
    }
    Ok(ExitCode::SUCCESS)
}

fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn play_game(opts: &Options, g: u32) -> Result<GameResult, String> {
    let n = opts.bots.len();
    let deal = u64::from(g) / n as u64;
    let rotation = g as usize % n;
    // Seat s is played by bot (s + rotation) % n.
    let bot_of = |seat: usize| (seat + rotation) % n;
    let mut game =
        Game::new(opts.setup.clone(), opts.seed.wrapping_add(deal)).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot>> = (0..n)
        .map(|seat| {
            let b = bot_of(seat);
            opts.bots[b].build(mix(mix(opts.seed, u64::from(g)), b as u64))
        })
        .collect();
    let mut result = GameResult {
        scores: vec![0; n],
        think: vec![Duration::ZERO; n],
        decisions: vec![0; n],
        turns: vec![0; n],
        slowest: vec![Duration::ZERO; n],
        iterations: vec![0; n],
    };
    while let Some(d) = game.pending() {
        let seat = usize::from(d.seat);
        let b = bot_of(seat);
        let turn = game.turn();
        let t = Instant::now();
        let thought = bots[seat]
            .think(&game, opts.budget)
            .map_err(|e| format!("game {g}: {} has no answer: {e}", opts.bots[b]))?;
        let spent = t.elapsed();
        let action = thought.action;
        result.iterations[b] += u64::from(thought.iterations);
        game.apply(d.seat, &action).map_err(|e| {
            format!(
                "game {g}: {} chose an illegal action {action:?}: {e}",
                opts.bots[b]
            )
        })?;
        result.think[b] += spent;
        result.slowest[b] = result.slowest[b].max(spent);
        result.decisions[b] += 1;
        if game.turn() != turn {
            result.turns[b] += 1;
        }
    }
    for (seat, &s) in game.scores().iter().enumerate() {
        result.scores[bot_of(seat)] = s;
    }
    Ok(result)
}

/// Per-bot totals over all games.
struct Stats {
    wins: Vec<f64>,
    score: Vec<f64>,
    margin: Vec<f64>,
    think: Vec<Duration>,
    decisions: Vec<u64>,
    turns: Vec<u64>,
    slowest: Vec<Duration>,
    iterations: Vec<u64>,
    games: u32,
}

impl Stats {
    fn of(opts: &Options, games: &[GameResult]) -> Stats {
        let n = opts.bots.len();
        let mut s = Stats {
            wins: vec![0.0; n],
            score: vec![0.0; n],
            margin: vec![0.0; n],
            think: vec![Duration::ZERO; n],
            decisions: vec![0; n],
            turns: vec![0; n],
            slowest: vec![Duration::ZERO; n],
            iterations: vec![0; n],
            games: games.len() as u32,
        };
        for r in games {
            let best = r.scores.iter().copied().max().unwrap_or(0);
            // A shared first place shares the win (R-BASE-14 ranks ties equally).
            let winners = r.scores.iter().filter(|&&x| x == best).count() as f64;
            for b in 0..n {
                let own = r.scores[b];
                if own == best {
                    s.wins[b] += 1.0 / winners;
                }
                let best_other = (0..n)
                    .filter(|&o| o != b)
                    .map(|o| r.scores[o])
                    .max()
                    .unwrap_or(0);
                s.score[b] += f64::from(own);
                s.margin[b] += f64::from(own) - f64::from(best_other);
                s.think[b] += r.think[b];
                s.decisions[b] += u64::from(r.decisions[b]);
                s.turns[b] += u64::from(r.turns[b]);
                s.slowest[b] = s.slowest[b].max(r.slowest[b]);
                s.iterations[b] += r.iterations[b];
            }
        }
        s
    }

    fn per_game(&self, x: f64) -> f64 {
        x / f64::from(self.games.max(1))
    }

    fn win_rate(&self, b: usize) -> f64 {
        self.per_game(self.wins[b])
    }

    fn ms_per(&self, b: usize, count: u64) -> f64 {
        self.think[b].as_secs_f64() * 1e3 / count.max(1) as f64
    }

    /// Iterations per second of thinking (one game runs on one core): search iterations, or
    /// positions valued for the expectimax bot (and `hard` where it uses it).
    fn iterations_per_s(&self, b: usize) -> f64 {
        self.iterations[b] as f64 / self.think[b].as_secs_f64().max(1e-9)
    }

    fn json(&self, opts: &Options) -> String {
        let bots: Vec<serde_json::Value> = (0..opts.bots.len())
            .map(|b| {
                let (lo, hi) = wilson(self.wins[b], self.games);
                serde_json::json!({
                    "bot": opts.bots[b].to_string(),
                    "games": self.games,
                    "wins": self.wins[b],
                    "win_rate": self.win_rate(b),
                    "win_rate_ci95": [lo, hi],
                    "avg_score": self.per_game(self.score[b]),
                    "avg_margin": self.per_game(self.margin[b]),
                    "ms_per_move": self.ms_per(b, self.decisions[b]),
                    "ms_per_turn": self.ms_per(b, self.turns[b]),
                    "max_ms_per_move": self.slowest[b].as_secs_f64() * 1e3,
                    "moves": self.decisions[b],
                    "iterations_per_s": self.iterations_per_s(b),
                })
            })
            .collect();
        let sets: Vec<&str> = opts.setup.sets.iter().map(|e| e.id()).collect();
        serde_json::json!({
            "games": self.games,
            "players": opts.bots.len(),
            "seed": opts.seed,
            "sets": sets,
            "threads": opts.threads,
            "iterations": opts.budget.iterations,
            "time_ms": opts.budget.time.map(|t| t.as_millis() as u64),
            "machine": crate::bench::machine(),
            "bots": bots,
        })
        .to_string()
    }

    fn text(&self, opts: &Options) -> String {
        let sets: Vec<&str> = opts.setup.sets.iter().map(|e| e.id()).collect();
        let mut out = format!(
            "arena: {} games, {} players, sets {}, seeds {}.. (seats rotated), {} threads\n",
            self.games,
            opts.bots.len(),
            sets.join(","),
            opts.seed,
            opts.threads
        );
        out.push_str(&format!(
            "{:<14} {:>7} {:>8} {:>17} {:>10} {:>8} {:>9} {:>9}\n",
            "bot", "wins", "win rate", "95% interval", "avg score", "margin", "ms/move", "max ms"
        ));
        for (b, spec) in opts.bots.iter().enumerate() {
            let (lo, hi) = wilson(self.wins[b], self.games);
            out.push_str(&format!(
                "{:<14} {:>7.1} {:>7.1}% {:>7.1}% – {:>5.1}% {:>10.1} {:>+8.1} {:>9.1} {:>9.1}\n",
                spec.to_string(),
                self.wins[b],
                100.0 * self.win_rate(b),
                100.0 * lo,
                100.0 * hi,
                self.per_game(self.score[b]),
                self.per_game(self.margin[b]),
                self.ms_per(b, self.decisions[b]),
                self.slowest[b].as_secs_f64() * 1e3,
            ));
        }
        for (b, spec) in opts.bots.iter().enumerate() {
            if self.iterations[b] > 0 {
                out.push_str(&format!(
                    "{spec}: {:.0} iterations per second of thinking (search iterations; positions valued by the expectimax bot; on all the threads a decision uses)\n",
                    self.iterations_per_s(b)
                ));
            }
        }
        out.push_str(&format!("machine: {}\n", crate::bench::machine()));
        out
    }
}

/// The Wilson score interval (95%) for `wins` out of `games` (ties count as shared wins).
fn wilson(wins: f64, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(games);
    let p = (wins / n).clamp(0.0, 1.0);
    let z = 1.96f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(90.0, 100);
        assert!(lo < 0.9 && hi > 0.9);
        assert!((lo - 0.826).abs() < 0.01, "{lo}");
        assert!((hi - 0.945).abs() < 0.01, "{hi}");
        assert_eq!(wilson(0.0, 0), (0.0, 1.0));
    }

    #[test]
    fn bots_parse_and_need_two() {
        assert!(parse_bots("hard,greedy").is_ok());
        assert!(parse_bots("hard").is_err());
        assert!(parse_bots("hard,clever").is_err());
    }
}
