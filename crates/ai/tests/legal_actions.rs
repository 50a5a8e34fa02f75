//! Every bot only ever returns legal actions, over whole games with every expansion on.

mod common;

use carcassonne_ai::{Bot, BotSpec, Budget, Level};
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
}

#[test]
fn levels_are_distinct_bots() {
    let names: Vec<String> = Level::ALL
        .iter()
        .map(|l| l.bot(1).name().to_string())
        .collect();
    assert_eq!(names, ["easy", "medium", "hard"]);
}
