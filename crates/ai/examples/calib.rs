//! Checks the heuristic's guesses against how games end (a development tool): plays
//! 2-player base games between greedy bots and, at every tile placement, asks the
//! heuristic about every occupied feature; at the end of the game, whether each road and
//! city was completed, and how many completed cities each farm touched.
//!
//! ```sh
//! cargo run --release -p carcassonne-ai --example calib -- GAMES SEED        # tables
//! cargo run --release -p carcassonne-ai --example calib -- GAMES SEED csv    # one row per guess
//! ```
//! A well-calibrated chance comes true as often as it says; the tables show where it does
//! not (by tiles left and open edges, and by the chance itself).

use carcassonne_ai::eval::{Evaluator, Guess};
use carcassonne_ai::{Bot, Budget, GreedyBot, Weights};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{Game, Phase, Setup};

/// One guess and what became of it.
struct Outcome {
    left: u32,
    guess: Guess,
    /// A road or city: completed by the end.
    completed: bool,
    /// A farm: the completed cities it touched at the end.
    farm_cities: usize,
}

/// Tiles left, in the phases the tables use.
const PHASES: [(u32, u32); 4] = [(45, 72), (25, 45), (10, 25), (0, 10)];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(1);
    let csv = args.get(3).is_some_and(|a| a == "csv");
    let mut eval = Evaluator::new(Weights::default());
    let mut outcomes = Vec::new();
    for g in 0..games {
        let mut game = Game::new(Setup::base(2), seed + g).expect("setup");
        let mut bots = [
            GreedyBot::new(seed * 1000 + g),
            GreedyBot::new(seed * 1000 + g + 500),
        ];
        let mut asked = Vec::new();
        while let Some(seat) = game.pending_seat() {
            if matches!(game.phase(), Phase::Place { .. }) {
                let left = eval.prepare(&game);
                asked.extend(eval.guesses(&game, left).into_iter().map(|q| (left, q)));
            }
            let a = bots[usize::from(seat)]
                .choose(&game, Budget::default())
                .expect("an answer");
            game.apply(seat, &a).expect("legal");
        }
        let graph = game.graph();
        for (left, guess) in asked {
            let completed = graph.open_edges(graph.root(guess.node)) == 0;
            let farm_cities = if guess.kind == FeatureKind::Field {
                eval.farm_cities(&game, guess.node)
            } else {
                0
            };
            if csv {
                println!(
                    "{g},{left},{:?},{},{},{:.4},{:.4},{:.3},{},{farm_cities}",
                    guess.kind,
                    guess.open,
                    guess.cells,
                    guess.fit,
                    guess.chance,
                    guess.points,
                    u8::from(completed)
                );
            }
            outcomes.push(Outcome {
                left,
                guess,
                completed,
                farm_cities,
            });
        }
    }
    if !csv {
        for kind in [FeatureKind::City, FeatureKind::Road] {
            completion_tables(&outcomes, kind);
        }
        farm_table(&outcomes);
    }
}

/// Mean of `f` over `rows`, and how many.
fn mean<'a>(rows: impl Iterator<Item = &'a Outcome>, f: impl Fn(&Outcome) -> f64) -> (f64, usize) {
    let (sum, n) = rows.fold((0.0, 0), |(s, n), o| (s + f(o), n + 1));
    (if n > 0 { sum / n as f64 } else { f64::NAN }, n)
}

fn completion_tables(outcomes: &[Outcome], kind: FeatureKind) {
    let open: Vec<&Outcome> = outcomes
        .iter()
        .filter(|o| o.guess.kind == kind && o.guess.open > 0)
        .collect();
    let (chance, n) = mean(open.iter().copied(), |o| f64::from(o.guess.chance));
    let (done, _) = mean(open.iter().copied(), |o| f64::from(u8::from(o.completed)));
    println!(
        "\n{kind:?}: {n} guesses of open ones, chance {chance:.3} on average, completed {done:.3}"
    );
    println!("tiles left | open edges | guesses | chance | completed");
    for (lo, hi) in PHASES {
        for edges in 1..=4u16 {
            let rows = || {
                open.iter()
                    .copied()
                    .filter(move |o| (lo..hi).contains(&o.left) && o.guess.open.min(4) == edges)
            };
            let (chance, n) = mean(rows(), |o| f64::from(o.guess.chance));
            if n < 100 {
                continue;
            }
            let (done, _) = mean(rows(), |o| f64::from(u8::from(o.completed)));
            let edges = if edges == 4 {
                "4+".into()
            } else {
                edges.to_string()
            };
            println!("{lo}–{} | {edges} | {n} | {chance:.3} | {done:.3}", hi - 1);
        }
    }
    println!("chance | guesses | completed");
    for tenth in 0..10 {
        let bin = |o: &&Outcome| ((o.guess.chance * 10.0) as i32).min(9) == tenth;
        let (done, n) = mean(open.iter().copied().filter(bin), |o| {
            f64::from(u8::from(o.completed))
        });
        if n >= 100 {
            println!(
                "{:.1}–{:.1} | {n} | {done:.3}",
                tenth as f64 / 10.0,
                (tenth + 1) as f64 / 10.0
            );
        }
    }
}

fn farm_table(outcomes: &[Outcome]) {
    let farms: Vec<&Outcome> = outcomes
        .iter()
        .filter(|o| o.guess.kind == FeatureKind::Field)
        .collect();
    println!("\nFarms: {} guesses", farms.len());
    println!("tiles left | guesses | cities guessed | cities at the end");
    for (lo, hi) in PHASES {
        let rows = || {
            farms
                .iter()
                .copied()
                .filter(move |o| (lo..hi).contains(&o.left))
        };
        let (guessed, n) = mean(rows(), |o| f64::from(o.guess.points) / 3.0);
        let (end, _) = mean(rows(), |o| o.farm_cities as f64);
        println!("{lo}–{} | {n} | {guessed:.2} | {end:.2}", hi - 1);
    }
}
