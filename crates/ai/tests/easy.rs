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

/// Easy at one seat, greedy at the others, seats rotated over `games` games: easy's wins
/// and its mean score, against the greedy seats' mean score.
fn easy_against_greedy(players: usize, games: u64) -> (u32, f64, f64) {
    let (mut wins, mut easy_points, mut greedy_points) = (0u32, 0u32, 0u32);
    for g in 0..games {
        let easy_seat = (g % players as u64) as usize;
        let mut game = Game::new(Setup::base(players), 100 + g).expect("setup");
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|seat| -> Box<dyn Bot> {
                if seat == easy_seat {
                    Level::Easy.bot(g)
                } else {
                    Box::new(GreedyBot::new(g + seat as u64))
                }
            })
            .collect();
        while let Some(d) = game.pending() {
            let action = bots[usize::from(d.seat)]
                .choose(&game, Budget::default())
                .expect("an answer");
            game.apply(d.seat, &action).expect("legal");
        }
        let scores = game.scores();
        let best_other = (0..players)
            .filter(|&s| s != easy_seat)
            .map(|s| scores[s])
            .max()
            .unwrap_or(0);
        wins += u32::from(scores[easy_seat] > best_other);
        easy_points += scores[easy_seat];
        greedy_points += scores.iter().sum::<u32>() - scores[easy_seat];
    }
    let games = games as f64;
    (
        wins,
        f64::from(easy_points) / games,
        f64::from(greedy_points) / games / (players - 1) as f64,
    )
}

#[test]
fn easy_loses_to_greedy_most_of_the_time_but_scores_like_a_beginner() {
    // Two players: greedy usually wins, but easy's game is a real one (the level that
    // chose among every move scored 29 here, a third of greedy's).
    let (wins, easy, greedy) = easy_against_greedy(2, 40);
    assert!(wins < 10, "easy won {wins} of 40 two-player games");
    assert!(
        easy >= 0.6 * greedy,
        "easy averaged {easy:.1}, greedy {greedy:.1}"
    );
    // Four players: the same (that level scored 26 of greedy's 60 here).
    let (wins, easy, greedy) = easy_against_greedy(4, 20);
    assert!(wins < 5, "easy won {wins} of 20 four-player games");
    assert!(
        easy >= 0.6 * greedy,
        "easy averaged {easy:.1}, greedy {greedy:.1}"
    );
}
