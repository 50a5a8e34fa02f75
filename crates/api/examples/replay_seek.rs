//! How long the replay viewer takes to show a saved game at a chosen action (issue 29's goal:
//! any point of a 72-tile game with every set in < 50 ms): a 3-bot game with every set but the
//! rivers and Siege is played into a real SQLite file, then `replay` is asked at every action.
//! `cargo run --release -p carcassonne-api --example replay_seek`.

use carcassonne_api::*;
use carcassonne_engine::Expansion;
use carcassonne_store::Store;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let store = Store::open(&dir.path().join("carcassonne.sqlite3"))?;
    let mut api = Api::new(store, Box::new(MemorySettings::default()));
    let bot = |colour: &str| SeatRequest::Bot {
        bot: "random".into(),
        colour: colour.into(),
    };
    let sets = Expansion::ALL
        .into_iter()
        .filter(|e| !matches!(e, Expansion::River1 | Expansion::River2 | Expansion::Siege))
        .collect();
    let mut view = api.new_game(NewGameRequest {
        seats: vec![bot("#1f6fd1"), bot("#e8741c"), bot("#2e9e44")],
        order: SeatOrder::AsListed,
        sets,
        options: Default::default(),
        seed: Some(9),
    })?;
    while view.pending.is_some() {
        view = api.bot_move(GameRequest { game: view.id })?.view;
    }
    let mut times: Vec<f64> = (0..=view.state)
        .map(|at| {
            let start = Instant::now();
            let r = api.replay(ReplayRequest { game: view.id, at });
            assert!(r.is_ok(), "replay at {at}");
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "replay seek over {} actions ({} tiles placed): median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        view.state,
        view.turns.len(),
        pct(0.5),
        pct(0.95),
        pct(1.0)
    );
    Ok(())
}
