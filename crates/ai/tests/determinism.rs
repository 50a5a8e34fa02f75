//! Same seed, position and iterations → the same answer; and the answer never depends on
//! the hidden order of the remaining tiles.

mod common;

use carcassonne_ai::{Bot, BotSpec, Budget, GreedyBot, MctsBot, MctsConfig, Thought};
use carcassonne_engine::{Game, NoEvents, Setup};
use common::expansions_i;

/// Positions along a game between greedy bots: after 0, 7, 14, ... decisions.
fn positions(setup: Setup, seed: u64, every: usize, count: usize) -> Vec<Game> {
    let mut game = Game::new(setup, seed).expect("setup");
    let mut bot = GreedyBot::new(seed);
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < count {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        if i % every == 0 {
            out.push(game.clone());
        }
        let a = bot.choose(&game, Budget::default()).expect("an answer");
        game.apply(seat, &a).expect("legal");
        i += 1;
    }
    out
}

fn think(spec: &str, seed: u64, game: &Game, budget: Budget) -> Thought {
    let mut bot = spec.parse::<BotSpec>().expect("a bot").build(seed);
    // The expectimax bot counts positions, not iterations: enough for its deeper stages.
    let budget = match (spec, budget.iterations) {
        ("expecti", Some(n)) => Budget::iterations(n * 1000),
        _ => budget,
    };
    bot.think(game, budget).expect("an answer")
}

#[test]
fn same_seed_same_position_same_iterations_same_answer() {
    for game in positions(Setup::base(2), 3, 9, 6) {
        // `hard` with 300 positions: its search answers (the expectimax stages do not fit).
        for spec in ["random", "greedy", "easy", "mcts", "expecti", "hard"] {
            let a = think(spec, 42, &game, Budget::iterations(300));
            let b = think(spec, 42, &game, Budget::iterations(300));
            assert_eq!(a, b, "{spec} at turn {}", game.turn());
        }
        // One bot asked twice answers the same: nothing carries over between decisions.
        let mut bot = MctsBot::new(7, MctsConfig::default());
        let first = bot.think(&game, Budget::iterations(300)).expect("answer");
        let _ = bot.think(&game, Budget::iterations(100)).expect("answer");
        let again = bot.think(&game, Budget::iterations(300)).expect("answer");
        assert_eq!(first, again);
    }
}

#[test]
fn the_seed_matters_to_the_search() {
    // Otherwise "same seed, same answer" would hold trivially.
    let game = &positions(Setup::base(2), 5, 10, 3)[2];
    let a = think("mcts", 1, game, Budget::iterations(400));
    let b = think("mcts", 2, game, Budget::iterations(400));
    assert_ne!(a.candidates, b.candidates);
}

/// Two copies of `game` with different hidden orders really do draw differently.
fn futures_differ(game: &Game, other: &Game) -> bool {
    let (mut a, mut b) = (game.clone(), other.clone());
    let mut bot = GreedyBot::new(0);
    while let (Some(d), Some(e)) = (a.pending(), b.pending()) {
        if d != e {
            return true;
        }
        let action = bot.choose(&a, Budget::default()).expect("answer");
        if a.apply_into(d.seat, &action, &mut NoEvents).is_err()
            || b.apply_into(e.seat, &action, &mut NoEvents).is_err()
        {
            return true;
        }
    }
    a.pending() != b.pending()
}

#[test]
fn answers_do_not_depend_on_the_hidden_order() {
    let mut checked = 0;
    for (setup, seed) in [(Setup::base(2), 8), (expansions_i(3), 9)] {
        for game in positions(setup, seed, 11, 6) {
            let mut other = game.clone();
            other.reseed(game.seed() ^ 0xDEAD_BEEF);
            if !futures_differ(&game, &other) {
                continue;
            }
            checked += 1;
            for spec in [
                "random", "greedy", "easy", "mcts", "medium", "expecti", "hard",
            ] {
                let a = think(spec, 5, &game, Budget::iterations(250));
                let b = think(spec, 5, &other, Budget::iterations(250));
                // Whole answers, visit counts included: any peek at the order shows up.
                assert_eq!(a, b, "{spec} at turn {}", game.turn());
            }
        }
    }
    assert!(
        checked >= 8,
        "only {checked} positions had different futures"
    );
}
