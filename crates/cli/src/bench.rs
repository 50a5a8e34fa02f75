//! `carcassonne bench`: random full-game playouts, timed on one core.

use carcassonne_engine::playout::{play_out, Scratch};
use carcassonne_engine::{Game, Rng, Setup};
use std::process::ExitCode;
use std::time::Instant;

pub fn run(setup: &Setup, games: u32, runs: u32, json: bool) -> Result<ExitCode, String> {
    let start = Game::new(setup.clone(), 0).map_err(|e| e.to_string())?;
    let mut scratch = Scratch::default();
    let mut per_run = Vec::new();
    let mut actions = 0usize;
    // One warm-up run, then the timed ones.
    for run in 0..=runs.max(1) {
        let t = Instant::now();
        for g in 0..games {
            let seed = u64::from(run) << 32 | u64::from(g);
            // The start position with fresh draws: the first tile is already drawn in `start`,
            // every later draw comes from the new seed.
            let mut game = start.clone();
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
            "machine": machine,
        });
        out!("{v}");
    } else {
        out!(
            "random full-game playouts ({} players, sets {}): median {:.1} µs per playout, {:.0} playouts/s ({} runs of {} games, {:.0} actions per game)",
            setup.players.len(),
            sets.join(","),
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
