//! Uniformly random play: the reference opponent for self-play, benchmarks and property tests.

use crate::action::Action;
use crate::game::{Game, NoEvents, Phase};
use crate::rng::Rng;

/// Reusable buffers, so a playout allocates nothing per move once warm.
#[derive(Default)]
pub struct Scratch {
    actions: Vec<Action>,
    prefix: Vec<u32>,
}

/// A uniformly random legal action for the pending decision, or `None` when the game is over.
pub fn random_action(game: &Game, rng: &mut Rng, scratch: &mut Scratch) -> Option<Action> {
    match game.phase() {
        Phase::Place { tile } => {
            // A drawn tile always has a placement: unplaceable tiles are discarded on draw.
            let (at, rotation) = game.random_placement(tile, &mut scratch.prefix, rng)?;
            Some(Action::Place { at, rotation })
        }
        Phase::Deploy { .. } => {
            scratch.actions.clear();
            game.deployments(&mut scratch.actions);
            scratch.actions.push(Action::Pass);
            let n = scratch.actions.len() as u32;
            scratch.actions.get(rng.below(n) as usize).copied()
        }
        Phase::Over => None,
        // The expansions' later decisions (redeploys, the city, escapes): any listed action.
        _ => {
            let actions = game.legal_actions();
            actions
                .get(rng.below(actions.len().max(1) as u32) as usize)
                .copied()
        }
    }
}

/// Plays the game to its end with random moves; returns the number of actions applied.
pub fn play_out(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch) -> usize {
    let mut n = 0;
    while let Some(action) = random_action(game, rng, scratch) {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        if game.apply_into(seat, &action, &mut NoEvents).is_err() {
            // Unreachable for actions taken from the engine's own lists; stop rather than spin.
            break;
        }
        n += 1;
    }
    n
}
