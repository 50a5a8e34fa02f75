//! Rollouts: how a new leaf of the search is valued. A cheap policy plays a few turns on
//! the determinized copy, then the heuristic values the position (the end of the game
//! scores exactly). Short rollouts sample the draws and the rough shape of what comes;
//! the heuristic knows the value of open features better than random play does.

use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{Action, Game, NoEvents, Phase, Rng};

/// Turns a rollout plays past the leaf's.
const TURNS: u32 = 4;

/// The chance a rollout deploys at a deployment (on a random feature, never a field).
const DEPLOY: f32 = 0.3;

/// Reusable buffers for rollouts.
#[derive(Default)]
pub(crate) struct RolloutScratch {
    engine: Scratch,
    actions: Vec<Action>,
    prefix: Vec<u32>,
}

/// Plays the rollout on `game` in place: random placements for [`TURNS`] turns; at a
/// deployment, a random feature but a field with chance [`DEPLOY`] (passing otherwise);
/// any other decision at random.
pub(crate) fn play(game: &mut Game, rng: &mut Rng, scratch: &mut RolloutScratch) {
    let end = game.turn().saturating_add(TURNS);
    while game.turn() < end {
        let action = match game.phase() {
            Phase::Place { tile } => game
                .pick_placement(tile, &mut scratch.prefix, |n| rng.below(n.max(1)))
                .map(|(at, rotation)| Action::Place { at, rotation }),
            Phase::Deploy { .. } => Some(scratch.random_deploy(game, DEPLOY, rng)),
            _ => random_action(game, rng, &mut scratch.engine),
        };
        let Some(action) = action else { break };
        let Some(seat) = game.pending_seat() else {
            break;
        };
        if game.apply_into(seat, &action, &mut NoEvents).is_err() {
            // Unreachable for actions from the engine's own lists; stop rather than spin.
            break;
        }
    }
}

/// A uniform number in [0, 1).
fn unit(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
}

impl RolloutScratch {
    /// Deploy on a random non-field feature with chance `p`, else pass. Farmers never come
    /// back, and random ones are mostly wasted: the heuristic values fields instead.
    fn random_deploy(&mut self, game: &Game, p: f32, rng: &mut Rng) -> Action {
        if unit(rng) >= p {
            return Action::Pass;
        }
        self.actions.clear();
        game.deployments(&mut self.actions);
        let Phase::Deploy { tile_index } = game.phase() else {
            return Action::Pass;
        };
        let Some(at) = game
            .board()
            .tiles
            .get(usize::from(tile_index))
            .map(|t| t.pos)
        else {
            return Action::Pass;
        };
        let graph = game.graph();
        self.actions.retain(|a| match a {
            Action::Deploy { feature, .. } => game
                .feature_at(at, *feature)
                .is_some_and(|n| graph.node(n).kind != FeatureKind::Field),
            _ => false,
        });
        if self.actions.is_empty() {
            return Action::Pass;
        }
        self.actions[rng.below(self.actions.len() as u32) as usize]
    }
}
