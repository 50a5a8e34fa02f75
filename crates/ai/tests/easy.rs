//! The easy level is a beginner's opponent: it loses to greedy most of the time, yet plays
//! sensible moves (a follower only where it is worth more than keeping it).

mod common;

use carcassonne_ai::{Bot, Budget, GreedyBot, Level};
use carcassonne_engine::{Action, Game, Setup};
use common::everything;

/// Plays a game with `easy` at every seat, checking each of its follower decisions.
fn easy_never_wastes_a_follower(setup: Setup, seed: u64) {
    let mut game = Game::new(setup, seed).expect("setup");
    let mut bot = Level::Easy.bot(seed);
    while let Some(d) = game.pending() {
        let thought = bot.think(&game, Budget::default()).expect("an answer");
        if let Some(pass) = thought.candidates.iter().find(|c| c.action == Action::Pass) {
            let chosen = thought
                .candidates
                .iter()
                .find(|c| c.action == thought.action)
                .expect("the answer is a candidate");
            assert!(
                chosen.value >= pass.value,
                "seed {seed}, turn {}: {:?} valued {} where keeping the follower is worth {}",
                game.turn(),
                thought.action,
                chosen.value,
                pass.value
            );
        }
        game.apply(d.seat, &thought.action).expect("legal");
    }
}

#[test]
fn easy_puts_no_follower_where_keeping_it_is_worth_more() {
    for seed in 0..4 {
        easy_never_wastes_a_follower(Setup::base(2), seed);
    }
    easy_never_wastes_a_follower(everything(3), 7);
}

#[test]
fn easy_loses_to_greedy_most_of_the_time_but_scores_like_a_beginner() {
    let games = 40;
    let (mut easy_wins, mut easy_points) = (0u32, 0u32);
    for g in 0..games {
        // Seats rotated: easy sits first in even games, second in odd ones.
        let easy_seat = (g % 2) as usize;
        let mut game = Game::new(Setup::base(2), 100 + g).expect("setup");
        let mut bots: [Box<dyn Bot>; 2] = [Level::Easy.bot(g), Box::new(GreedyBot::new(g))];
        if easy_seat == 1 {
            bots.swap(0, 1);
        }
        while let Some(d) = game.pending() {
            let action = bots[usize::from(d.seat)]
                .choose(&game, Budget::default())
                .expect("an answer");
            game.apply(d.seat, &action).expect("legal");
        }
        let scores = game.scores();
        easy_points += scores[easy_seat];
        easy_wins += u32::from(scores[easy_seat] > scores[1 - easy_seat]);
    }
    let mean = easy_points as f64 / games as f64;
    assert!(
        easy_wins * 2 < games as u32,
        "easy won {easy_wins} of {games} against greedy"
    );
    // A beginner's 2-player game scores 60 or more; a bot throwing moves away scores ~30.
    assert!(mean >= 55.0, "easy averaged {mean:.1} points");
}
