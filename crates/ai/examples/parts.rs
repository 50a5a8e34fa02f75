//! Data for checking the heuristic against outcomes: plays 2-player base games between two
//! bots and prints, for every tile placement, the tiles left, who is to move, each part of
//! the heuristic as seat 0's lead over seat 1, and the final lead — a CSV to fit (a
//! development tool: a part whose fitted weight is far from 1 is mis-valued).
//!
//! ```sh
//! cargo run --release -p carcassonne-ai --example parts -- GAMES SEED [BOT] > parts.csv
//! ```

use carcassonne_ai::eval::{Evaluator, Part};
use carcassonne_ai::{BotSpec, Budget, Weights};
use carcassonne_engine::{Game, Phase, Setup};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(1);
    let spec: BotSpec = args
        .get(3)
        .map_or("greedy", String::as_str)
        .parse()
        .expect("a bot");
    let names: Vec<String> = Part::ALL.iter().map(|p| format!("{p:?}")).collect();
    println!("game,left,mover,{},final", names.join(","));
    let mut eval = Evaluator::new(Weights::default());
    for g in 0..games {
        let mut game = Game::new(Setup::base(2), seed + g).expect("setup");
        let mut bots = [
            spec.build(seed * 1000 + g),
            spec.build(seed * 1000 + g + 500),
        ];
        let mut rows = Vec::new();
        while let Some(seat) = game.pending_seat() {
            if matches!(game.phase(), Phase::Place { .. }) {
                let left = eval.prepare(&game);
                let mut lead = [0f32; Part::ALL.len()];
                eval.estimate_parts(&game, left, |s, part, v| {
                    let i = Part::ALL.iter().position(|&p| p == part).unwrap_or(0);
                    lead[i] += if s == 0 { v } else { -v };
                });
                rows.push((left, if seat == 0 { 1 } else { -1 }, lead));
            }
            let a = bots[usize::from(seat)]
                .choose(&game, Budget::default())
                .expect("an answer");
            game.apply(seat, &a).expect("legal");
        }
        let s = game.scores();
        let fin = i64::from(s[0]) - i64::from(s[1]);
        for (left, mover, lead) in rows {
            let cols: Vec<String> = lead.iter().map(|v| format!("{v:.2}")).collect();
            println!("{g},{left},{mover},{},{fin}", cols.join(","));
        }
    }
}
