//! The uniformly random bot: the floor every other bot must beat.

use crate::seed::decision_rng;
use crate::{legal, Bot, BotError, Budget, Candidate, Thought};
use carcassonne_engine::Game;

/// Picks uniformly among the legal actions of the pending decision.
#[derive(Clone, Debug)]
pub struct RandomBot {
    seed: u64,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { seed }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn think(&mut self, game: &Game, _budget: Budget) -> Result<Thought, BotError> {
        let actions = legal(game)?;
        let mut rng = decision_rng(self.seed, game);
        let i = rng.below(actions.len() as u32) as usize;
        let action = actions[i.min(actions.len() - 1)];
        Ok(Thought {
            action,
            candidates: vec![Candidate {
                action,
                value: 0.0,
                reward: None,
                visits: 0,
            }],
            iterations: 0,
        })
    }
}
