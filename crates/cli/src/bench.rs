//! `carcassonne bench`: random full-game playouts, timed on one core.

use carcassonne_engine::playout::{play_out, random_action, Scratch};
use carcassonne_engine::{Game, Rng, Setup};
use std::process::ExitCode;
use std::time::Instant;

/// What `bench` times.
pub struct Options {
    pub games: u32,
    pub runs: u32,
    pub json: bool,
    /// Play the copies without a score log, as the bots' simulations do.
    pub no_score_log: bool,
    /// Time `legal_actions` + `apply` per decision from a mid-game position instead.
    pub decisions: bool,
}

pub fn run(setup: &Setup, o: &Options) -> Result<ExitCode, String> {
    if o.decisions {
        return decisions(setup, o);
    }
    let (games, runs, json) = (o.games, o.runs, o.json);
    let mut start = Game::new(setup.clone(), 0).map_err(|e| e.to_string())?;
    if o.no_score_log {
        start.stop_score_log();
    }
    let mut scratch = Scratch::default();
    let mut per_run = Vec::new();
    let mut actions = 0usize;
    // Each playout copies the start into the same game, as a search reuses its copies.
    let mut game = start.clone();
    // One warm-up run, then the timed ones.
    for run in 0..=runs.max(1) {
        let t = Instant::now();
        for g in 0..games {
            let seed = u64::from(run) << 32 | u64::from(g);
            // The start position with fresh draws: the first tile is already drawn in `start`,
            // every later draw comes from the new seed.
            game.clone_from(&start);
            game.reseed(seed);
            let mut rng = Rng::new(seed);
            actions += play_out(&mut game, &mut rng, &mut scratch);
            std::hint::black_box(game.scores());
        }
        if run > 0 {
            per_run.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(games.max(1)));
        }
    }
    per_run.sort_by(f64::total_cmp);
    let median = per_run[per_run.len() / 2];
    let machine = machine();
    let sets: Vec<&str> = setup.sets.iter().map(|e| e.id()).collect();
    let actions_per_game = actions as f64 / f64::from((runs.max(1) + 1) * games.max(1));
    if json {
        let v = serde_json::json!({
            "us_per_playout": median,
            "playouts_per_s": 1e6 / median,
            "runs_us_per_playout": per_run,
            "games_per_run": games,
            "actions_per_playout": actions_per_game,
            "players": setup.players.len(),
            "sets": sets,
            "score_log": !o.no_score_log,
            "machine": machine,
        });
        out!("{v}");
    } else {
        out!(
            "random full-game playouts ({} players, sets {}{}): median {:.1} µs per playout, {:.0} playouts/s ({} runs of {} games, {:.0} actions per game)",
            setup.players.len(),
            sets.join(","),
            if o.no_score_log { ", no score log" } else { "" },
            median,
            1e6 / median,
            per_run.len(),
            games,
            actions_per_game
        );
        out!("machine: {machine}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Decisions timed on each copy of the mid-game position.
const DECISIONS_PER_COPY: usize = 8;

/// `bench --decisions`: what answering one decision costs the app's engine calls. A random
/// game is played to the middle of the bag (seed 0); each run then takes `games` copies of
/// that position, each with its own draws, and times `legal_actions` followed by `apply` of a
/// random listed action (with its events, as the app applies them) for
/// [`DECISIONS_PER_COPY`] decisions on each. The copies are made before the clock starts.
fn decisions(setup: &Setup, o: &Options) -> Result<ExitCode, String> {
    let mut mid = Game::new(setup.clone(), 0).map_err(|e| e.to_string())?;
    let bag = mid.remaining_tiles().len();
    let mut rng = Rng::new(0);
    let mut scratch = Scratch::default();
    while mid.remaining_tiles().len() > bag / 2 {
        let Some(action) = random_action(&mid, &mut rng, &mut scratch) else {
            break;
        };
        let seat = mid.pending_seat().ok_or("the game ended early")?;
        mid.apply(seat, &action).map_err(|e| e.to_string())?;
    }
    let copies = o.games.max(1) as usize;
    let mut per_run = Vec::new();
    let mut timed = 0usize;
    for run in 0..=o.runs.max(1) {
        let mut games: Vec<(Game, Rng)> = (0..copies)
            .map(|g| {
                let seed = u64::from(run) << 32 | g as u64;
                let mut game = mid.clone();
                game.reseed(seed);
                (game, Rng::new(seed))
            })
            .collect();
        let mut n = 0usize;
        let t = Instant::now();
        for (game, rng) in &mut games {
            for _ in 0..DECISIONS_PER_COPY {
                let actions = game.legal_actions();
                let Some(seat) = game.pending_seat() else {
                    break;
                };
                let action = actions[rng.below(actions.len() as u32) as usize];
                let events = game.apply(seat, &action).map_err(|e| e.to_string())?;
                std::hint::black_box(events);
                n += 1;
            }
        }
        let elapsed = t.elapsed();
        if run > 0 {
            per_run.push(elapsed.as_secs_f64() * 1e6 / n.max(1) as f64);
            timed = n;
        }
    }
    per_run.sort_by(f64::total_cmp);
    let median = per_run[per_run.len() / 2];
    let machine = machine();
    let sets: Vec<&str> = setup.sets.iter().map(|e| e.id()).collect();
    if o.json {
        let v = serde_json::json!({
            "us_per_decision": median,
            "decisions_per_s": 1e6 / median,
            "runs_us_per_decision": per_run,
            "decisions_per_run": timed,
            "turn": mid.turn(),
            "tiles_left": mid.remaining_tiles().len(),
            "players": setup.players.len(),
            "sets": sets,
            "machine": machine,
        });
        out!("{v}");
    } else {
        out!(
            "legal_actions + apply per decision ({} players, sets {}, from turn {} with {} of {} tiles left): median {:.2} µs per decision ({} runs of {} decisions)",
            setup.players.len(),
            sets.join(","),
            mid.turn(),
            mid.remaining_tiles().len(),
            bag,
            median,
            per_run.len(),
            timed
        );
        out!("machine: {machine}");
    }
    Ok(ExitCode::SUCCESS)
}

/// CPU model and core count, for the record next to the figures.
pub(crate) fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "{cpu}, {cores} cores, {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}
