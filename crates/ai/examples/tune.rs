//! Tuning matches between bot variants, for choosing the levels' settings (a development
//! tool; `carcassonne arena` is the user-facing one).
//!
//! ```sh
//! cargo run --release -p carcassonne-ai --example tune -- GAMES SEED BOT_A BOT_B
//! # BOT: greedy[:key=value,...] or mcts[:key=value,...], e.g.
//! cargo run --release -p carcassonne-ai --example tune -- 40 1 mcts:iters=5000,turns=2 greedy
//! ```
//! Games run on one thread unless `TUNE_THREADS` says otherwise (`TUNE_FROM=K` starts at
//! game K); `TUNE_GAMES=1` prints each
//! game's scores to stderr; the result line gives bot A's win rate with its 95% (Wilson)
//! interval.
//! Expecti: `k` (placements looked at deeper), `next` (1: weigh the bot's next draw too),
//! `osample` (tiles standing for that draw; 0: all), `evals` (positions per decision),
//! `win` (1: average the draws by chances of winning).
//! Playout (alone) and blend (over the expectimax bot's candidates, which takes the
//! expecti keys too): `k` (candidates), `n` (draw orders), `h` (tiles played out),
//! `blend` (the expectimax value's share), `pevals` (the playouts' positions per decision),
//! `rival` (1: the other seats are expected to play by the default weights, the bot by
//! the weights given), `threads` (per decision), `learned` (1: the bot's own valuation is
//! the learned one, from the file `LEARNED` names or the crate's).
//! Keys: weights `follower`, `fturns`, `abbot`, `tpe`, `cfill`, `ctiles`, `fcity`, `fit`, `fgrow`,
//! `city1..city4`, `road1..road4`, `sa0..sa6` and `sb0..sb6` (each part of the estimate
//! in `Part::ALL`'s order counts `sa + sb × share of tiles left` times); search `iters`, `c`, `fpu`, `scale`, `temp`, `pmax`,
//! `tree`, `opp`, `pturns`, `crn`, `align`, `switch`, `expand`, `turns`, `deploy`, `uniform` (1 = the engine's random player), `sample` (best of N placements).

use carcassonne_ai::{
    Bot, Budget, ExpectiBot, ExpectiConfig, GreedyBot, MctsBot, MctsConfig, PlayoutBot,
    PlayoutConfig, Rollout, Weights,
};
use carcassonne_engine::{Game, Setup};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone)]
enum Spec {
    Greedy(Box<Weights>),
    Mcts(Box<MctsConfig>),
    Expecti(Box<ExpectiConfig>),
    /// Playouts, over the expectimax bot's candidates when it has one.
    Playout(Box<PlayoutConfig>, Option<Box<ExpectiConfig>>),
}

fn weight(w: &mut Weights, k: &str, v: f32) -> bool {
    match k {
        "follower" => w.follower = v,
        "fturns" => w.follower_turns = v,
        "abbot" => w.abbot = v,
        "tpe" => w.tiles_per_edge = v,
        "cfill" => w.cloister_fill = v,
        "ctiles" => w.cloister_tiles = v,
        "fcity" => w.field_open_city = v,
        "fit" => w.fit_tiles = v,
        "fgrow" => w.field_growth = v,
        _ if k.starts_with("city") || k.starts_with("road") => {
            let i: usize = k[4..].parse().unwrap_or(1);
            let t = if k.starts_with("city") {
                &mut w.city_done
            } else {
                &mut w.road_done
            };
            t[i.clamp(1, 4) - 1] = v;
        }
        _ if (k.starts_with("sa") || k.starts_with("sb")) && k.len() == 3 => {
            let i: usize = k[2..].parse().unwrap_or(0);
            w.part_scale[i.min(6)][usize::from(k.starts_with("sb"))] = v;
        }
        _ => return false,
    }
    true
}

fn parse(s: &str) -> Spec {
    let (kind, rest) = s.split_once(':').unwrap_or((s, ""));
    let mut w = Weights::default();
    let mut c = MctsConfig::default();
    let mut x = ExpectiConfig::default();
    let mut p = PlayoutConfig::default();
    let (mut turns, mut deploy, mut uniform, mut sample) = (4u32, 0.3f32, false, 0u32);
    let mut rival = None;
    for kv in rest.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = kv.split_once('=').expect("key=value");
        let v: f32 = v.parse().expect("a number");
        if weight(&mut w, k, v) {
            continue;
        }
        match k {
            "k" => {
                x.placements = v as usize;
                p.candidates = v as usize;
            }
            "n" => p.playouts = v as usize,
            "threads" => {
                x.threads = v as usize;
                p.threads = v as usize;
            }
            "h" => p.horizon = v as u32,
            "blend" => p.blend = v,
            "pevals" => p.evaluations = v as u64,
            "next" => x.own_next = v > 0.0,
            "osample" => x.own_sample = v as usize,
            "win" => x.win_chance = v > 0.0,
            "evals" => x.evaluations = v as u64,
            "iters" => c.iterations = v as u32,
            "c" => c.exploration = v,
            "fpu" => c.fpu = v,
            "scale" => c.reward_scale = v,
            "temp" => c.prior_temperature = v,
            "pmax" => c.prior_max_actions = v as usize,
            "tree" => c.tree_turns = v as u32,
            "opp" => c.opponent_priors = v > 0.0,
            "pturns" => c.prior_turns = v as u32,
            "crn" => c.common_draws = v > 0.0,
            "align" => c.aligned = v > 0.0,
            "switch" => c.switch_margin = v,
            "expand" => c.expand_visits = v as u32,
            "turns" => turns = v as u32,
            "deploy" => deploy = v,
            "uniform" => uniform = v > 0.0,
            "sample" => sample = v as u32,
            "rival" => rival = (v > 0.0).then(Weights::default),
            "learned" => {
                // The crate's trained weights, or those of the file `LEARNED` names.
                w.learned = Some(match std::env::var("LEARNED") {
                    Ok(path) => {
                        let text = std::fs::read_to_string(path).expect("the weights file");
                        carcassonne_ai::eval::Linear::parse(&text).expect("weights")
                    }
                    Err(_) => carcassonne_ai::eval::Linear::trained(),
                });
            }
            _ => panic!("unknown key {k}"),
        }
    }
    c.rollout = match (turns, uniform, sample) {
        (0, _, _) => Rollout::None,
        (t, true, _) => Rollout::Uniform { turns: t },
        (t, false, 0) => Rollout::Random { turns: t, deploy },
        (t, false, k) => Rollout::Sampled {
            turns: t,
            sample: k,
        },
    };
    c.weights = w.clone();
    match kind {
        "greedy" => Spec::Greedy(Box::new(w)),
        "mcts" => Spec::Mcts(Box::new(c)),
        "expecti" => Spec::Expecti(Box::new(ExpectiConfig {
            weights: w,
            rival_weights: rival,
            ..x
        })),
        "playout" => Spec::Playout(
            Box::new(PlayoutConfig {
                weights: w,
                rival_weights: rival,
                ..p
            }),
            None,
        ),
        "blend" => Spec::Playout(
            Box::new(PlayoutConfig {
                weights: w.clone(),
                rival_weights: rival.clone(),
                ..p
            }),
            Some(Box::new(ExpectiConfig {
                weights: w,
                rival_weights: rival,
                ..x
            })),
        ),
        _ => panic!("greedy, mcts, expecti, playout or blend"),
    }
}

fn build(spec: &Spec, seed: u64) -> Box<dyn Bot> {
    match spec {
        Spec::Greedy(w) => Box::new(GreedyBot::with(seed, "greedy", (**w).clone(), 0.0)),
        Spec::Mcts(c) => Box::new(MctsBot::new(seed, (**c).clone())),
        Spec::Expecti(x) => Box::new(ExpectiBot::new(seed, (**x).clone())),
        Spec::Playout(p, None) => Box::new(PlayoutBot::new(seed, (**p).clone())),
        Spec::Playout(p, Some(x)) => Box::new(PlayoutBot::over(
            seed,
            (**p).clone(),
            ExpectiBot::new(seed, (**x).clone()),
        )),
    }
}

/// Points by kind and time for each of `seats` (A, B), e.g. `A:city/turn=12 ...`.
fn by_kind(game: &Game, seats: [usize; 2]) -> String {
    let mut sums: std::collections::BTreeMap<String, u32> = Default::default();
    for e in game.score_log() {
        for w in &e.winners {
            if let Some(i) = seats.iter().position(|&s| s == usize::from(*w)) {
                let key = format!("{}:{:?}/{:?}", ["A", "B"][i], e.kind, e.when);
                *sums.entry(key).or_default() += e.points;
            }
        }
    }
    sums.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u32 = args[1].parse().expect("games");
    let seed: u64 = args[2].parse().expect("seed");
    let specs = [parse(&args[3]), parse(&args[4])];
    // `TUNE_FROM`: start at this game (to extend an earlier run with the same games).
    let from: u32 = std::env::var("TUNE_FROM")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    let next = AtomicU32::new(from);
    // Per game: scores of bot A and B, think time of A, decisions of A.
    let out = Mutex::new(Vec::new());
    // Worker threads: TUNE_THREADS, one by default (other work may need the other cores).
    let threads: usize = std::env::var("TUNE_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let rot = (g % 2) as usize;
                let mut game = Game::new(Setup::base(2), seed + u64::from(g / 2)).expect("setup");
                let mut bots: Vec<Box<dyn Bot>> = (0..2)
                    .map(|seat| build(&specs[(seat + rot) % 2], seed * 1000 + u64::from(g)))
                    .collect();
                let mut think = Duration::ZERO;
                let mut moves = 0u32;
                while let Some(seat) = game.pending_seat() {
                    let t = Instant::now();
                    let a = bots[usize::from(seat)]
                        .choose(&game, Budget::default())
                        .expect("answer");
                    if (usize::from(seat) + rot) % 2 != 1 {
                        think += t.elapsed();
                        moves += 1;
                    }
                    game.apply(seat, &a).expect("legal");
                }
                let sc = game.scores();
                let (a, b) = (sc[rot], sc[1 - rot]);
                if std::env::var_os("TUNE_GAMES").is_some() {
                    // One line per game, for comparing variants game by game (same seeds,
                    // same tiles): the luck of the draw is shared and cancels out.
                    eprintln!("game {g} A {a} B {b} {}", by_kind(&game, [rot, 1 - rot]));
                }
                out.lock().expect("lock").push((a, b, think, moves));
            });
        }
    });
    let out = out.into_inner().expect("lock");
    let n = out.len() as f64;
    let wins: f64 = out
        .iter()
        .map(|&(a, b, _, _)| match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })
        .sum();
    let sa: f64 = out.iter().map(|o| f64::from(o.0)).sum::<f64>() / n;
    let sb: f64 = out.iter().map(|o| f64::from(o.1)).sum::<f64>() / n;
    let t: f64 = out.iter().map(|o| o.2.as_secs_f64()).sum();
    let m: u32 = out.iter().map(|o| o.3).sum();
    // Wilson 95% interval of A's win rate (a draw counts half).
    let p = wins / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "A wins {:.1}/{} = {:.1}% (95% CI {:.1}-{:.1}%)  scores A {:.1} B {:.1} margin {:+.1}  A ms/move {:.1}   [{} vs {}]",
        wins,
        out.len(),
        100.0 * wins / n,
        100.0 * (centre - half),
        100.0 * (centre + half),
        sa,
        sb,
        sa - sb,
        1e3 * t / f64::from(m.max(1)),
        args[3],
        args[4]
    );
}
