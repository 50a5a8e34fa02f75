//! `carcassonne`: the headless front end of the engine.

mod bench;
mod report;

use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::{Expansion, Game, Record, Rng, Setup};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "carcassonne",
    version,
    about = "Carcassonne rules engine, headless"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Random bots play one game in the terminal; prints the board and the score breakdown.
    Play {
        #[arg(long, default_value_t = 2)]
        players: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Toggles, comma separated (`base,river1,...` or `all`).
        #[arg(long, default_value = "base")]
        sets: String,
    },
    /// Replays a game record; prints final scores and the breakdown.
    Replay {
        file: PathBuf,
        /// One JSON object instead of text (schema in docs/cli.md).
        #[arg(long)]
        json: bool,
        /// Also draw the final board in text.
        #[arg(long)]
        board: bool,
    },
    /// Random bots play many games.
    Selfplay {
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        players: usize,
        #[arg(long, default_value = "base")]
        sets: String,
        /// Write each game's record into this folder.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Random full-game playouts per second (median of several runs).
    Bench {
        #[arg(long, default_value = "base")]
        sets: String,
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Playouts per run.
        #[arg(long, default_value_t = 2000)]
        games: u32,
        #[arg(long, default_value_t = 7)]
        runs: u32,
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play {
            players,
            seed,
            sets,
        } => play(players, seed, &sets),
        Command::Replay { file, json, board } => replay(&file, json, board),
        Command::Selfplay {
            games,
            seed,
            players,
            sets,
            save,
        } => selfplay(games, seed, players, &sets, save.as_deref()),
        Command::Bench {
            sets,
            players,
            games,
            runs,
            json,
        } => setup_for(players, &sets).and_then(|s| bench::run(&s, games, runs, json)),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Parses `--sets`: comma-separated toggle identifiers, or `all`.
pub fn parse_sets(s: &str) -> Result<Vec<Expansion>, String> {
    if s.trim() == "all" {
        return Ok(Expansion::ALL.to_vec());
    }
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let e = Expansion::from_id(part).ok_or_else(|| {
            let ids: Vec<&str> = Expansion::ALL.iter().map(|e| e.id()).collect();
            format!("unknown set `{part}`; known: {}", ids.join(", "))
        })?;
        if !out.contains(&e) {
            out.push(e);
        }
    }
    if !out.contains(&Expansion::Base) {
        out.insert(0, Expansion::Base);
    }
    Ok(out)
}

fn setup_for(players: usize, sets: &str) -> Result<Setup, String> {
    let mut setup = Setup::base(players);
    setup.sets = parse_sets(sets)?;
    setup.validate().map_err(|e| e.to_string())?;
    Ok(setup)
}

/// Plays a whole game with random moves, recording every action.
fn random_game(setup: Setup, seed: u64) -> Result<(Game, Record), String> {
    let mut game = Game::new(setup.clone(), seed).map_err(|e| e.to_string())?;
    let mut record = Record::new(setup, seed);
    // The bots' own generator is derived from the game seed but separate from the draws.
    let mut rng = Rng::new(seed ^ 0x5EED_B075);
    let mut scratch = Scratch::default();
    while let Some(action) = random_action(&game, &mut rng, &mut scratch) {
        let seat = game.active_seat();
        record.push(&game, seat, action);
        game.apply(seat, &action)
            .map_err(|e| format!("engine refused its own legal action: {e}"))?;
    }
    Ok((game, record))
}

fn play(players: usize, seed: u64, sets: &str) -> Result<ExitCode, String> {
    let setup = setup_for(players, sets)?;
    let (game, _) = random_game(setup, seed)?;
    println!("{}", report::board_picture(&game));
    print!("{}", report::text(&game));
    Ok(ExitCode::SUCCESS)
}

fn replay(file: &Path, json: bool, board: bool) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let outcome = Record::from_json(&text).and_then(|r| {
        let verified = r.verify();
        verified.map(|g| (r, g))
    });
    match outcome {
        Ok((record, game)) => {
            if json {
                println!("{}", report::json(&game, &record));
            } else {
                if board {
                    println!("{}", report::board_picture(&game));
                }
                print!("{}", report::text(&game));
                if record.expected.is_some() {
                    println!("expected scores: match");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if json {
                println!("{}", report::json_error(&e));
            } else {
                eprintln!("{}: {e}", file.display());
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

fn selfplay(
    games: u64,
    seed: u64,
    players: usize,
    sets: &str,
    save: Option<&Path>,
) -> Result<ExitCode, String> {
    let setup = setup_for(players, sets)?;
    if let Some(dir) = save {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut wins = vec![0.0f64; players];
    let mut totals = vec![0u64; players];
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let (game, record) = random_game(setup.clone(), game_seed)?;
        let scores = game.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = scores.iter().filter(|&&s| s == best).count() as f64;
        for (i, &s) in scores.iter().enumerate() {
            totals[i] += u64::from(s);
            if s == best {
                wins[i] += 1.0 / winners;
            }
        }
        if let Some(dir) = save {
            let path = dir.join(format!("game-{game_seed}.json"));
            std::fs::write(&path, record.to_json())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    println!("{games} games, {players} players, sets {sets}, seeds {seed}..");
    for i in 0..players {
        println!(
            "seat {i}: wins {:.1}  average score {:.1}",
            wins[i],
            totals[i] as f64 / games.max(1) as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}
