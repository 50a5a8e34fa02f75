//! Projected points, a learning aid: what each seat would have if the game ended now, and
//! what each occupied feature would score now and if it were completed now. Always the
//! engine's own scoring run on a copy, so the aid can never disagree with the real ending.

use super::{Game, NoEvents, Phase};
use crate::action::{Action, BoardFollower};
use crate::features::NodeId;
use crate::score::{ScoreEntry, ScoreTime};
use crate::tiles::FeatureKind;
use serde::{Deserialize, Serialize};

/// One occupied feature's prospects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureProjection {
    pub kind: FeatureKind,
    /// The followers standing on it.
    pub followers: Vec<BoardFollower>,
    /// The final scoring's entry for it if the game ended now (R-BASE-12, R-BASE-13).
    pub at_end: ScoreEntry,
    /// Its entry if it were completed now with the tiles it has (roads, cities and
    /// monastery-like features; `None` for fields, which are never completed).
    pub if_completed: Option<ScoreEntry>,
}

/// The game as if it ended now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Projection {
    /// Per seat, the final score.
    pub scores: Vec<u32>,
    /// The occupied features, in final scoring's order.
    pub features: Vec<FeatureProjection>,
}

impl Game {
    /// What the game would give if it ended now: the turn in progress finishes with every
    /// choice left declined (no follower deployed, nobody redeploys or enters the city, no
    /// escape), the tiles still to come leave the game, and the game ends as it does when the
    /// bag runs out (R-BASE-12), the final redeploys (R-CKR-6 option) declined too.
    pub fn projection(&self) -> Projection {
        let mut g = self.clone();
        // Only the scores are read: no log spares copying every past entry (shared with this
        // game) on the first scoring, and building new ones.
        g.stop_score_log();
        g.decline_until_draw();
        let features = g.feature_projections();
        g.end_at_draw();
        Projection {
            scores: g.scores.clone(),
            features,
        }
    }

    /// A copy of this game ended now, as [`Game::projection`] ends it.
    pub fn ended_now(&self) -> Game {
        let mut g = self.clone();
        g.decline_until_draw();
        g.end_at_draw();
        g
    }

    /// Passes every pending decision until a tile waits to be placed or the game is over.
    fn decline_until_draw(&mut self) {
        while let Some(seat) = self.pending_seat() {
            if matches!(self.phase(), Phase::Place { .. })
                || self.apply_into(seat, &Action::Pass, &mut NoEvents).is_err()
            {
                // Pass is legal in every phase but placement; stop rather than spin.
                return;
            }
        }
    }

    /// With a tile waiting to be placed: empties the bag (the drawn tile too) and lets the
    /// draw end the game, declining the final redeploys.
    fn end_at_draw(&mut self) {
        if !matches!(self.phase(), Phase::Place { .. }) {
            return;
        }
        self.piles.clear();
        self.draw(&mut NoEvents);
        self.decline_until_draw();
    }

    /// Each occupied feature's entries, with the game between turns.
    fn feature_projections(&mut self) -> Vec<FeatureProjection> {
        let groups = self.final_groups();
        groups
            .into_iter()
            .map(|(order, root, at)| {
                let (at_end, if_completed) = match order {
                    0 | 1 => (
                        self.edge_feature_entry(root, ScoreTime::Final),
                        Some(self.edge_feature_entry(root, ScoreTime::Turn)),
                    ),
                    2 => (
                        self.cloister_entry(root, at, ScoreTime::Final),
                        Some(self.cloister_entry(root, at, ScoreTime::Turn)),
                    ),
                    _ => (self.field_entry(root), None),
                };
                FeatureProjection {
                    kind: at_end.kind,
                    followers: self.followers_on(root),
                    at_end,
                    if_completed,
                }
            })
            .collect()
    }

    fn followers_on(&mut self, root: NodeId) -> Vec<BoardFollower> {
        let mut out = Vec::new();
        for i in 0..self.followers.len() {
            let f = self.followers[i];
            if self.graph.find(f.node) == root {
                out.push(BoardFollower {
                    seat: f.owner,
                    kind: f.kind,
                    at: f.at,
                    feature: f.feature,
                });
            }
        }
        out
    }
}
