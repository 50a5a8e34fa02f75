//! Rollouts: how a new leaf of the search is valued. A cheap policy plays a few turns on
//! the determinized copy, then the heuristic values the position (the end of the game
//! scores exactly). Short rollouts sample the draws and the rough shape of what comes;
//! the heuristic knows the value of open features better than random play does.

use crate::lookahead::Lookahead;
use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{Action, Game, NoEvents, Phase, Rng};

/// How a rollout plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rollout {
    /// Value the leaf with the heuristic at once.
    None,
    /// Random placements for `turns` turns; at a deployment, deploy on a random feature
    /// with probability `deploy` (passing otherwise), never on a field; then the heuristic.
    Random { turns: u32, deploy: f32 },
    /// Uniformly random play (the engine's random player) for `turns` turns, then the
    /// heuristic; `u32::MAX` plays to the end.
    Uniform { turns: u32 },
    /// For `turns` turns, each seat plays the best of `sample` random placements and then
    /// its best deployment (or pass), both by the heuristic: rivals answer sensibly.
    Sampled { turns: u32, sample: u32 },
}

/// Reusable buffers for rollouts.
#[derive(Default)]
pub(crate) struct RolloutScratch {
    engine: Scratch,
    actions: Vec<Action>,
}

/// Plays the rollout on `game` in place, for its number of turns counted from `from`
/// (the leaf's turn, or the root's when every evaluation is to happen at the same turn).
/// Returns the number of actions applied.
pub(crate) fn play(
    game: &mut Game,
    from: u32,
    rollout: Rollout,
    rng: &mut Rng,
    scratch: &mut RolloutScratch,
    look: &mut Lookahead,
) -> u32 {
    let turns = match rollout {
        Rollout::None => return 0,
        Rollout::Random { turns, .. }
        | Rollout::Uniform { turns }
        | Rollout::Sampled { turns, .. } => turns,
    };
    let end = from.saturating_add(turns);
    let mut n = 0;
    while game.turn() < end {
        let action = match (game.phase(), rollout) {
            (_, Rollout::Uniform { .. }) => random_action(game, rng, &mut scratch.engine),
            (Phase::Place { tile }, Rollout::Sampled { sample, .. }) => {
                scratch.best_placement(game, tile, sample, rng, look)
            }
            (Phase::Place { tile }, _) => random_placement(game, tile, rng),
            (Phase::Deploy { .. }, Rollout::Random { deploy, .. }) => {
                Some(scratch.random_deploy(game, deploy, rng))
            }
            (Phase::Deploy { .. }, Rollout::Sampled { .. }) => {
                Some(scratch.best_deploy(game, look))
            }
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
        n += 1;
    }
    n
}

fn random_placement(
    game: &Game,
    tile: carcassonne_engine::TileTypeId,
    rng: &mut Rng,
) -> Option<Action> {
    let count = game.placement_count(tile);
    game.nth_placement(tile, rng.below(count.max(1)))
        .map(|(at, rotation)| Action::Place { at, rotation })
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

    /// The best of `sample` random placements for the seat to play, by the heuristic.
    fn best_placement(
        &mut self,
        game: &Game,
        tile: carcassonne_engine::TileTypeId,
        sample: u32,
        rng: &mut Rng,
        look: &mut Lookahead,
    ) -> Option<Action> {
        let seat = game.pending_seat()?;
        let count = game.placement_count(tile);
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        for _ in 0..sample.clamp(1, count.max(1)) {
            let Some((at, rotation)) = game.nth_placement(tile, rng.below(count.max(1))) else {
                continue;
            };
            let action = Action::Place { at, rotation };
            let mut g = game.clone();
            if g.apply_into(seat, &action, &mut NoEvents).is_err() {
                continue;
            }
            let v = look.value(&g, seat);
            if v > best_value {
                best_value = v;
                best = Some(action);
            }
        }
        best
    }

    /// The best deployment or pass for the seat to play, by the heuristic.
    fn best_deploy(&mut self, game: &Game, look: &mut Lookahead) -> Action {
        self.actions.clear();
        game.deployments(&mut self.actions);
        if self.actions.is_empty() {
            return Action::Pass;
        }
        self.actions.push(Action::Pass);
        let Some(seat) = game.pending_seat() else {
            return Action::Pass;
        };
        let mut best = Action::Pass;
        let mut best_value = f32::NEG_INFINITY;
        for &a in &self.actions {
            let mut g = game.clone();
            if g.apply_into(seat, &a, &mut NoEvents).is_err() {
                continue;
            }
            let v = look.value(&g, seat);
            if v > best_value {
                best_value = v;
                best = a;
            }
        }
        best
    }
}
