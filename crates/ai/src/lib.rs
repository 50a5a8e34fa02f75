//! Bots for Carcassonne: [`RandomBot`], [`GreedyBot`] (one-turn lookahead with a heuristic),
//! [`ExpectiBot`] (expectimax over the next draws and the rivals' replies), [`PlayoutBot`]
//! (the best candidates played on a few turns over shared sampled draws) and [`MctsBot`]
//! (Monte Carlo tree search over determinized draws), and three [`Level`]s for players.
//!
//! A bot sees what a player at its seat may know: the board, the scores, the followers and
//! *which* tiles remain — never their order. Every bot that simulates clones the game and
//! [`Game::reseed`]s the copy with its own generator first, so two games that differ only in
//! the hidden order get the same answer. The bots work on [`Game::pending`] and
//! [`Game::legal_actions`] only, so any decision the engine asks (placing a tile, deploying,
//! recalling the abbot, and later the Count's redeploys) needs no change here.
//!
//! ```
//! use carcassonne_ai::{Bot, Budget, Level};
//! use carcassonne_engine::{Game, Setup};
//!
//! let mut game = Game::new(Setup::base(2), 7).expect("a valid setup");
//! let mut bots = [Level::Easy.bot(1), Level::Easy.bot(2)];
//! for _ in 0..6 {
//!     let seat = game.pending().expect("the game goes on").seat;
//!     let action = bots[usize::from(seat)]
//!         .choose(&game, Budget::default())
//!         .expect("a pending decision");
//!     game.apply(seat, &action).expect("bots only return legal actions");
//! }
//! // Hints for the UI: the best few candidates with their estimated values.
//! let hints = bots[0].explain(&game, Budget::default(), 3).expect("a pending decision");
//! assert!(!hints.is_empty() && hints.len() <= 3);
//! ```

pub mod eval;
pub mod expecti;
pub mod greedy;
pub mod level;
mod lookahead;
pub mod mcts;
pub mod playout;
pub mod random;
mod seed;

pub use eval::Weights;
pub use expecti::{ExpectiBot, ExpectiConfig};
pub use greedy::GreedyBot;
pub use level::{BotSpec, Level};
pub use mcts::{MctsBot, MctsConfig};
pub use playout::{PlayoutBot, PlayoutConfig};
pub use random::RandomBot;

use carcassonne_engine::{Action, Game};
use std::fmt;
use std::time::Duration;

/// How long a bot may think. Search bots stop at the first limit reached; bots that do not
/// search ignore it. A limit left unset is the bot's own: its level's iteration count, and
/// no deadline. So `Budget::default()` means "play at your level", and `Budget::time(d)`
/// "play at your level, but answer within `d`" (slow machines answer in time, weaker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Search iterations: the reproducible limit (same seed, state and iterations → same
    /// choice on every machine).
    pub iterations: Option<u32>,
    /// Wall-clock time: for players and the UI; where it cuts a search short, the choice
    /// depends on the machine.
    pub time: Option<Duration>,
}

impl Budget {
    pub fn iterations(n: u32) -> Budget {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }

    pub fn time(d: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(d),
        }
    }
}

/// One action a bot considered, with what it thinks the action is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub action: Action,
    /// Estimated final score margin, in points, over the best other seat after this action
    /// (positive: ahead). Comparable between candidates of one answer, not between bots.
    pub value: f64,
    /// Search bots: the mean search reward in 0..=1 (a smoothed chance of being ahead).
    pub reward: Option<f64>,
    /// Search bots: how many iterations went through this action.
    pub visits: u32,
}

/// A bot's answer: the action it plays and the candidates it weighed, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    pub action: Action,
    pub candidates: Vec<Candidate>,
    /// Work done: search iterations run, or positions valued by the expectimax bot (0 for
    /// bots that do neither).
    pub iterations: u32,
}

/// Why a bot has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// The game is over: there is no decision to take.
    GameOver,
    /// The engine lists no legal action for the pending decision (an engine bug).
    NoLegalAction,
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::GameOver => write!(f, "the game is over"),
            BotError::NoLegalAction => write!(f, "the engine lists no legal action"),
        }
    }
}

impl std::error::Error for BotError {}

/// A player that chooses actions for the pending decision of a game.
///
/// Implementations must only return actions from [`Game::legal_actions`], must not depend
/// on the hidden order of the remaining tiles, and must give the same answer for the same
/// seed, game and iteration budget.
pub trait Bot: Send {
    /// A short name for logs and the arena (`greedy`, `mcts`, `hard`).
    fn name(&self) -> &str;

    /// Decides the pending decision of `game` (whichever seat it belongs to) and says why.
    ///
    /// # Errors
    /// [`BotError::GameOver`] when nothing is pending.
    fn think(&mut self, game: &Game, budget: Budget) -> Result<Thought, BotError>;

    /// The action to play for the pending decision.
    ///
    /// # Errors
    /// As [`Bot::think`].
    fn choose(&mut self, game: &Game, budget: Budget) -> Result<Action, BotError> {
        self.think(game, budget).map(|t| t.action)
    }

    /// The `top` best candidate actions with their estimated values, best first: the "why"
    /// and the hints of the UI.
    ///
    /// # Errors
    /// As [`Bot::think`].
    fn explain(
        &mut self,
        game: &Game,
        budget: Budget,
        top: usize,
    ) -> Result<Vec<Candidate>, BotError> {
        let mut c = self.think(game, budget)?.candidates;
        c.truncate(top);
        Ok(c)
    }
}

impl Bot for Box<dyn Bot> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn think(&mut self, game: &Game, budget: Budget) -> Result<Thought, BotError> {
        (**self).think(game, budget)
    }
}

/// The legal actions of the pending decision, or why there are none.
pub(crate) fn legal(game: &Game) -> Result<Vec<Action>, BotError> {
    if game.pending().is_none() {
        return Err(BotError::GameOver);
    }
    let actions = game.legal_actions();
    if actions.is_empty() {
        return Err(BotError::NoLegalAction);
    }
    Ok(actions)
}

/// The answer of a bot that ranked `candidates` (best first): the first one; `iterations`
/// reports the work done (positions valued).
pub(crate) fn answer(candidates: Vec<Candidate>, work: u64) -> Thought {
    Thought {
        action: candidates[0].action,
        candidates,
        iterations: u32::try_from(work).unwrap_or(u32::MAX),
    }
}

/// A 2-player base game after `decisions` decisions of greedy bots seeded `seed`: the
/// positions the bots' unit tests start from.
#[cfg(test)]
pub(crate) fn after_greedy(seed: u64, decisions: usize) -> Game {
    let mut game = Game::new(carcassonne_engine::Setup::base(2), seed).expect("setup");
    let mut greedy = GreedyBot::new(seed);
    for _ in 0..decisions {
        let seat = game.pending_seat().expect("the game goes on");
        let a = greedy.choose(&game, Budget::default()).expect("an answer");
        game.apply(seat, &a).expect("legal");
    }
    game
}
