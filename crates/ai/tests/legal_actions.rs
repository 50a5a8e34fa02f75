//! Every bot only ever returns legal actions, over whole games with every expansion on.

mod common;

use carcassonne_ai::{Bot, BotSpec, Budget, ExpectiBot, ExpectiConfig, Level, MctsConfig};
use carcassonne_engine::Game;
use common::{everything, expansions_i, play_checked};

fn bots(specs: &[&str], seed: u64) -> Vec<Box<dyn Bot>> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.parse::<BotSpec>()
                .expect("a bot name")
                .build(seed + i as u64)
        })
        .collect()
}

#[test]
fn random_greedy_and_easy_play_legal_games_with_expansions_i() {
    for seed in 0..4 {
        let mut game = Game::new(expansions_i(3), seed).expect("setup");
        let mut b = bots(&["random", "greedy", "easy"], seed);
        let n = play_checked(&mut game, &mut b, Budget::default());
        assert!(game.is_over() && n > 100, "{n} decisions");
    }
}

#[test]
fn search_plays_legal_games_with_expansions_i() {
    let mut game = Game::new(expansions_i(2), 11).expect("setup");
    let mut b = bots(&["mcts", "medium"], 11);
    play_checked(&mut game, &mut b, Budget::iterations(40));
    assert!(game.is_over());
    // The rivers' ordered piles and the lake tile leave the next draw fixed or empty.
    let mut game = Game::new(expansions_i(2), 12).expect("setup");
    let mut b = bots(&["expecti", "greedy"], 12);
    play_checked(&mut game, &mut b, Budget::iterations(60_000));
    assert!(game.is_over());
}

#[test]
fn every_bot_plays_legal_games_with_every_set_and_option() {
    // The Count's redeploys are asked of seats other than the active one: three players.
    for seed in 0..3 {
        let mut game = Game::new(everything(3), seed).expect("setup");
        let mut b = bots(&["random", "greedy", "easy"], seed);
        play_checked(&mut game, &mut b, Budget::default());
        assert!(game.is_over());
    }
    let mut game = Game::new(everything(3), 5).expect("setup");
    let mut b = bots(&["mcts", "hard", "greedy"], 5);
    play_checked(&mut game, &mut b, Budget::iterations(30));
    assert!(game.is_over());
    // The expectimax bot's deeper stages, with every set (a small one, so it fits its
    // budget), and its fallback to the one-turn answer when the budget is too small.
    let mut game = Game::new(everything(2), 6).expect("setup");
    let config = ExpectiConfig {
        placements: 1,
        ..ExpectiConfig::default()
    };
    // Seat 0 hands the decisions its stages would not fit to the search.
    let mut b: Vec<Box<dyn Bot>> = vec![
        Box::new(ExpectiBot::with_fallback(6, config, MctsConfig::default())),
        "expecti".parse::<BotSpec>().expect("a bot").build(7),
    ];
    let (mut deep, mut searched) = (0, 0);
    while let Some(seat) = game.pending_seat() {
        let budget = Budget::iterations(if seat == 0 { 10_000 } else { 30 });
        let thought = b[usize::from(seat)]
            .think(&game, budget)
            .expect("an answer");
        assert!(game.legal_actions().contains(&thought.action));
        if seat == 0 {
            let visits = thought.candidates.iter().any(|c| c.visits > 0);
            searched += usize::from(visits);
            deep += usize::from(!visits && thought.iterations > 1000);
        }
        game.apply(seat, &thought.action).expect("legal");
    }
    assert!(deep > 10, "{deep} decisions looked deeper");
    assert!(searched > 10, "{searched} decisions went to the search");
}

#[test]
fn levels_are_distinct_bots() {
    let names: Vec<String> = Level::ALL
        .iter()
        .map(|l| l.bot(1).name().to_string())
        .collect();
    assert_eq!(names, ["easy", "medium", "hard"]);
}
