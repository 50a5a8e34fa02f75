//! Search speed: MCTS iterations per second on one core, over positions of whole 2-player
//! base games (every 4th decision of games between greedy bots).
//!
//! ```sh
//! cargo run --release -p carcassonne-ai --example speed -- [LEVEL_OR_ITERATIONS] [GAMES]
//! ```

use carcassonne_ai::{Bot, Budget, GreedyBot, Level, MctsBot, MctsConfig};
use carcassonne_engine::{Game, Setup};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("hard", String::as_str);
    let games: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(3);
    let config = match which {
        "medium" => Level::Medium.mcts_config(),
        "hard" => Level::Hard.mcts_config(),
        n => n.parse::<u32>().ok().map(|iterations| MctsConfig {
            iterations,
            ..MctsConfig::default()
        }),
    }
    .expect("medium, hard or a number of iterations");
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut game = Game::new(Setup::base(2), seed).expect("setup");
        let mut greedy = GreedyBot::new(seed);
        let mut i = 0;
        while let Some(seat) = game.pending_seat() {
            if i % 4 == 1 {
                positions.push(game.clone());
            }
            let a = greedy.choose(&game, Budget::default()).expect("answer");
            game.apply(seat, &a).expect("legal");
            i += 1;
        }
    }
    let mut bot = MctsBot::new(1, config.clone());
    let mut per_decision = Vec::new();
    let (mut iterations, mut seconds) = (0u64, 0f64);
    for game in &positions {
        let t = Instant::now();
        let thought = bot.think(game, Budget::default()).expect("answer");
        let s = t.elapsed().as_secs_f64();
        if thought.iterations > 0 {
            iterations += u64::from(thought.iterations);
            seconds += s;
            per_decision.push(s * 1e3);
        }
    }
    per_decision.sort_by(f64::total_cmp);
    let median = per_decision
        .get(per_decision.len() / 2)
        .copied()
        .unwrap_or(0.0);
    let worst = per_decision.last().copied().unwrap_or(0.0);
    println!(
        "{} ({} iterations/decision): {:.0} iterations/s on one core; {} decisions, median {:.0} ms, slowest {:.0} ms",
        config.name,
        config.iterations,
        iterations as f64 / seconds.max(1e-9),
        per_decision.len(),
        median,
        worst
    );
}
