//! Uniformly random play: the reference opponent for self-play, benchmarks and property tests.

use crate::action::Action;
use crate::game::{Deployment, Game, NoEvents, Phase};
use crate::rng::Rng;

/// Reusable buffers, so a playout allocates nothing per move once warm.
#[derive(Default)]
pub struct Scratch {
    actions: Vec<Action>,
    deployments: Vec<Deployment>,
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
/// The same moves as [`random_action`] with [`Game::apply`], from the same generator; the
/// placements and deployments, taken from the engine's own lists, skip the checks and the
/// naming an outside action needs; a drawn tile is checked by looking for its placement.
pub fn play_out(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch) -> usize {
    let mut n = 0;
    loop {
        match game.phase() {
            Phase::Place { tile } => {
                // A tile drawn after `deploy_chosen` or `pass_chosen` was not checked: with no
                // placement, it is discarded now, and the generator is as if it had been at
                // the draw.
                let before = rng.clone();
                match game.random_placement(tile, &mut scratch.prefix, rng) {
                    Some((at, rotation)) => game.place_chosen(at, rotation),
                    None => {
                        *rng = before;
                        if game.discard_unplaceable() {
                            continue;
                        }
                        break;
                    }
                }
            }
            Phase::Deploy { .. } => {
                let listed = &mut scratch.deployments;
                listed.clear();
                let recall = game.each_deployment(|d| listed.push(d));
                // In `random_action`'s order: the deployments, the recall, the pass.
                let options = listed.len() + usize::from(recall) + 1;
                let k = rng.below(options as u32) as usize;
                if let Some(&d) = listed.get(k) {
                    game.deploy_chosen(d);
                } else if recall && k == listed.len() {
                    if !apply_listed(game, &Action::RecallAbbot) {
                        break;
                    }
                } else {
                    game.pass_chosen();
                }
            }
            Phase::Over => break,
            _ => {
                let Some(action) = random_action(game, rng, scratch) else {
                    break;
                };
                if !apply_listed(game, &action) {
                    break;
                }
            }
        }
        n += 1;
    }
    n
}

/// Applies an action the engine listed; false if it was refused, which is unreachable (the
/// playout then stops rather than spin).
fn apply_listed(game: &mut Game, action: &Action) -> bool {
    game.pending_seat()
        .is_some_and(|seat| game.apply_into(seat, action, &mut NoEvents).is_ok())
}
