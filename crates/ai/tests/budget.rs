//! What a time limit means: a cap on the level's own work, never more work.

mod common;

use carcassonne_ai::{Bot, Budget, Level};
use carcassonne_engine::Setup;
use common::{after_greedy, everything};
use std::time::Duration;

#[test]
fn a_generous_time_limit_leaves_each_level_its_own_answer() {
    // A minute is far more than any level needs here, so the limit never bites: the answer
    // must be the level's own, not a longer search's.
    let game = after_greedy(Setup::base(2), 4, 20);
    for level in Level::ALL {
        let plain = level
            .bot(9)
            .think(&game, Budget::default())
            .expect("answer");
        let capped = level
            .bot(9)
            .think(&game, Budget::time(Duration::from_secs(60)))
            .expect("answer");
        assert_eq!(plain, capped, "{}", level.id());
    }
}

#[test]
fn with_no_time_at_all_every_level_still_answers_a_legal_action() {
    for (setup, decisions) in [(Setup::base(2), 20), (everything(6), 30)] {
        let game = after_greedy(setup, 6, decisions);
        let seat = game.pending_seat().expect("the game goes on");
        for level in Level::ALL {
            let action = level
                .bot(3)
                .choose(&game, Budget::time(Duration::ZERO))
                .expect("an answer");
            game.clone()
                .apply(seat, &action)
                .unwrap_or_else(|e| panic!("{}: {e}", level.id()));
        }
    }
}
