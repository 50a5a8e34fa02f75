//! The greedy bot: one-turn lookahead with the heuristic of [`crate::eval`].
//!
//! For a placement it tries every placement with every deployment that may follow (and
//! passing), and keeps the placement of the best pair; for a deployment it compares the
//! deployments and passing. Positions are compared by the expected final margin over the
//! best other seat, so completing a big city of its own scores, helping a rival does not,
//! and a last follower is kept rather than put in a field that cannot pay.

use crate::eval::{Evaluator, Weights};
use crate::lookahead::Lookahead;
use crate::seed::decision_rng;
use crate::{legal, Bot, BotError, Budget, Candidate, Thought};
use carcassonne_engine::{Action, Game};

/// One-turn lookahead; with a temperature, picks among the good actions at random (the
/// easy level), otherwise always the best.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    name: String,
    seed: u64,
    eval: Evaluator,
    /// Softmax temperature in points: 0 plays the best action; above it, one of the three
    /// best, a worse one the less often the further it is behind (3: nearly at random).
    temperature: f32,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with(seed, "greedy", Weights::default(), 0.0)
    }

    pub fn with(seed: u64, name: &str, weights: Weights, temperature: f32) -> GreedyBot {
        GreedyBot {
            name: name.to_string(),
            seed,
            eval: Evaluator::new(weights),
            temperature,
        }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn think(&mut self, game: &Game, _budget: Budget) -> Result<Thought, BotError> {
        let actions = legal(game)?;
        let mut rng = decision_rng(self.seed, game);
        // Simulate on a copy whose hidden order is our own guess, never the real one.
        let mut det = game.clone();
        det.reseed(rng.next_u64());
        // The lookahead reads scores only: its copies keep no score log.
        det.stop_score_log();
        let left = self.eval.prepare(game);
        let values = Lookahead::new(&mut self.eval, &det, left).action_values(&det, &actions);
        let candidates = ranked(&actions, &values);
        let action = if self.temperature > 0.0 {
            softmax_pick(sensible(&candidates), self.temperature, rng.next_u64())
        } else {
            candidates[0].action
        };
        Ok(Thought {
            action,
            candidates,
            iterations: 0,
        })
    }
}

/// Candidates best first; equal values keep the engine's order, so the answer is stable.
pub(crate) fn ranked(actions: &[Action], values: &[f32]) -> Vec<Candidate> {
    let mut c: Vec<Candidate> = actions
        .iter()
        .zip(values)
        .map(|(&action, &v)| Candidate {
            action,
            value: f64::from(v),
            reward: None,
            visits: 0,
        })
        .collect();
    c.sort_by(|a, b| b.value.total_cmp(&a.value));
    c
}

/// The moves a casual player weighs: the few best-looking ones (a player sees a couple of
/// good spots, not all of them), and never a follower where the lookahead values it below
/// keeping it (passing), so the easy level misses chances but does not throw followers away
/// on features it cannot win.
fn sensible(candidates: &[Candidate]) -> &[Candidate] {
    // Candidates are sorted best first, so everything after passing is worse than passing.
    let worth = candidates
        .iter()
        .position(|c| c.action == Action::Pass)
        .map_or(candidates.len(), |pass| pass + 1);
    &candidates[..worth.min(CASUAL_CHOICES)]
}

/// How many of its best moves the easy level chooses among.
const CASUAL_CHOICES: usize = 3;

/// Samples a candidate with probability proportional to `exp(value / temperature)`.
fn softmax_pick(candidates: &[Candidate], temperature: f32, bits: u64) -> Action {
    let best = candidates.first().map_or(0.0, |c| c.value);
    let weights: Vec<f64> = candidates
        .iter()
        .map(|c| ((c.value - best) / f64::from(temperature)).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    // 53 random bits as a uniform number in [0, total).
    let mut x = (bits >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (c, w) in candidates.iter().zip(&weights) {
        if x < *w {
            return c.action;
        }
        x -= w;
    }
    candidates[0].action
}
