//! Random play without the round trip through actions. A playout takes its placement from
//! [`Game::random_placement`] and its deployment from the engine's own list, so applying
//! them needs neither the checks an outside action gets nor the names (ports, actions)
//! that would only be looked up again.

use super::{EventSink, Follower, Game, Phase, PlayoutEvents};
use crate::action::{Action, Event, FeatureRef, FollowerKind};
use crate::board::Pos;
use crate::features::NodeId;
use crate::tiles::catalogue;

/// A legal deployment on the tile just placed: the feature's index on the tile, its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deployment {
    pub feature: u8,
    pub node: NodeId,
    pub follower: FollowerKind,
}

impl Game {
    /// Calls `each` with every legal deployment on the tile just placed, in the order of
    /// [`Game::deployments`]; returns whether the active player may recall an abbot.
    pub(crate) fn each_deployment(&self, mut each: impl FnMut(Deployment)) -> bool {
        let Phase::Deploy { tile_index } = self.phase() else {
            return false;
        };
        let pt = self.board.tiles[usize::from(tile_index)];
        let t = catalogue().tile(pt.tile);
        for follower in FollowerKind::ALL {
            if !self.follower_in_game(follower) || self.supply(self.active, follower) == 0 {
                continue;
            }
            for (fi, f) in t.features.iter().enumerate() {
                if !self.occupiable(f.kind, follower) {
                    continue;
                }
                let node = pt.first_node + fi as NodeId;
                if self.graph.occupants(self.graph.root(node)) == 0 {
                    each(Deployment {
                        feature: fi as u8,
                        node,
                        follower,
                    });
                }
            }
        }
        self.abbot_on_board().is_some()
    }

    /// Places the drawn tile where [`Game::random_placement`] (or [`Game::apply`], after
    /// its checks) chose for it, without checking it again.
    pub(crate) fn place_chosen(&mut self, at: Pos, rotation: u8) {
        let Phase::Place { tile } = self.phase() else {
            return;
        };
        let idx = self.put_tile(tile, at, rotation);
        self.phase = Phase::Deploy {
            tile_index: idx as u16,
        }
        .into();
    }

    /// Deploys as [`Game::each_deployment`] listed it: [`Game::apply`]'s deployment without
    /// the checks, for the active player.
    pub(crate) fn deploy_chosen(&mut self, d: Deployment) {
        let Phase::Deploy { tile_index } = self.phase() else {
            return;
        };
        let pt = self.board.tiles[usize::from(tile_index)];
        let feature = Self::feature_ref(&pt, catalogue().tile(pt.tile), usize::from(d.feature));
        self.deploy_on(tile_index, d, feature, &mut PlayoutEvents);
    }

    /// Ends the deploy step without deploying.
    pub(crate) fn pass_chosen(&mut self) {
        if let Phase::Deploy { tile_index } = self.phase() {
            self.end_turn(tile_index, &mut PlayoutEvents);
        }
    }

    /// Puts the active player's follower on a feature of the tile just placed (`feature`
    /// names it as the player did), then goes on with the turn. The caller has checked the
    /// deployment.
    pub(super) fn deploy_on(
        &mut self,
        tile_index: u16,
        d: Deployment,
        feature: FeatureRef,
        events: &mut impl EventSink,
    ) {
        let seat = self.active;
        let at = self.board.tiles[usize::from(tile_index)].pos;
        self.supply[usize::from(seat)][d.follower as usize] -= 1;
        let root = self.graph.find(d.node);
        self.graph.add_occupant(root);
        self.followers.push(Follower {
            owner: seat,
            kind: d.follower,
            node: d.node,
            at,
            feature,
        });
        events.emit(|| Event::FollowerDeployed {
            seat,
            at,
            feature,
            follower: d.follower,
        });
        self.end_turn(tile_index, events);
    }

    /// Legal deployments on the tile just placed (without `Pass`).
    pub fn deployments(&self, out: &mut Vec<Action>) {
        let Phase::Deploy { tile_index } = self.phase() else {
            return;
        };
        let pt = self.board.tiles[usize::from(tile_index)];
        let t = catalogue().tile(pt.tile);
        let recall = self.each_deployment(|d| {
            out.push(Action::Deploy {
                feature: Self::feature_ref(&pt, t, usize::from(d.feature)),
                follower: d.follower,
            });
        });
        if recall {
            out.push(Action::RecallAbbot);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::game::tests::every_set_but;
    use crate::game::Game;
    use crate::playout::{play_out, random_action, Scratch};
    use crate::rng::Rng;
    use crate::setup::{Expansion, Setup};

    /// `play_out` applies placements and deployments without the action round trip: it must
    /// play the very game that `random_action` and `apply` play from the same generator, base
    /// and with every set (abbots recalled, redeploys, escapes, tiles discarded: a playout
    /// checks a drawn tile only when it looks for its placement), 2 to 5 seats.
    #[test]
    fn play_out_plays_what_random_actions_play() {
        let mut setups = Vec::new();
        for players in [2, 3] {
            setups.push(Setup::base(players));
        }
        for (left_out, players) in [
            (Expansion::Cathars, 2),
            (Expansion::Siege, 4),
            (Expansion::Cathars, 5),
        ] {
            setups.push(every_set_but(left_out, players));
        }
        let (mut deploys, mut recalls, mut passes, mut discards) = (0, 0, 0, 0);
        let mut scratch = Scratch::default();
        for setup in setups {
            for seed in 0..12 {
                let mut reference = Game::new(setup.clone(), seed).unwrap();
                let mut fast = reference.clone();
                let mut rng = Rng::new(seed + 100);
                let mut actions = 0;
                while let Some(a) = random_action(&reference, &mut rng, &mut scratch) {
                    match a {
                        Action::Deploy { .. } => deploys += 1,
                        Action::RecallAbbot => recalls += 1,
                        Action::Pass => passes += 1,
                        _ => {}
                    }
                    reference
                        .apply(reference.pending_seat().unwrap(), &a)
                        .unwrap();
                    actions += 1;
                }
                let played = play_out(&mut fast, &mut Rng::new(seed + 100), &mut scratch);
                assert_eq!(played, actions, "seed {seed}");
                assert!(fast == reference, "seed {seed}: the games differ");
                discards += reference.discarded().len();
            }
        }
        assert!(
            deploys > 1000 && recalls > 50 && passes > 2000 && discards > 0,
            "{deploys} deploys, {recalls} recalls, {passes} passes, {discards} discards"
        );
    }
}
