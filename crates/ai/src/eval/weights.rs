//! The knobs of the heuristic. The defaults were chosen by greedy-against-greedy matches
//! of 800–1,600 base games each, one knob at a time.

use super::Linear;

/// The knobs of the heuristic, in points and chances.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// What a follower in supply is worth with enough turns left to use it.
    pub follower: f32,
    /// Turns of play one more follower needs to pay off: with `T` own turns left, the
    /// `i`-th follower in supply is worth `follower * min(1, T / (follower_turns * i))`.
    pub follower_turns: f32,
    /// The abbot in supply, as a fraction of a follower (it only takes monasteries and
    /// gardens, and comes back on demand: R-ABBOT-3).
    pub abbot: f32,
    /// A follower waiting in the City of Carcassonne, as a share of one in supply: it joins
    /// features as they are scored when the Count allows (R-CKR-4).
    pub city_follower: f32,
    /// Chance an open city with 1, 2, 3, 4+ open edges is completed, with time to spare.
    pub city_done: [f32; 4],
    /// The same for roads.
    pub road_done: [f32; 4],
    /// Tiles drawn (by anyone) per open edge for a feature to have time to close: the time
    /// factor is `1 - exp(-left / (tiles_per_edge * open))`.
    pub tiles_per_edge: f32,
    /// Share of a monastery's missing neighbours expected by the end, with time to spare.
    pub cloister_fill: f32,
    /// Tiles drawn for a monastery's neighbourhood to fill up (time factor, as above).
    pub cloister_tiles: f32,
    /// Cities a field is expected to meet later, per segment of the field, with the whole
    /// game ahead (scaled down as the tiles run out).
    pub field_growth: f32,
    /// Remaining tiles that fit an open edge's empty cell for it to be a fair bet: each cell
    /// a road or city still needs multiplies its chance by `1 - exp(-fitting / fit_tiles)`
    /// (0: ignore what fits). A hole no remaining tile fits makes the feature hopeless.
    pub fit_tiles: f32,
    /// A farmer's credit for an open city its field touches, as a share of the chance the
    /// city closes (3 points each when it does, R-BASE-13).
    pub field_open_city: f32,
    /// In games of more than two seats, the share of the other seats' mean score, against
    /// their best, in the margin a position is valued by (0: the best rival alone).
    pub rivals_mean: f32,
    /// A valuation learned from games in place of the sum of the parts, in the games it
    /// was trained for ([`Linear::trained_for`]; `None`: the parts as the knobs above make
    /// them).
    pub learned: Option<Linear>,
}

impl Weights {
    /// The knobs as they are, valued by the learned weights ([`Linear::trained`]).
    pub fn learned() -> Weights {
        Weights {
            learned: Some(Linear::trained()),
            ..Weights::default()
        }
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            follower: 4.0,
            follower_turns: 1.5,
            abbot: 0.5,
            city_follower: 0.75,
            city_done: [0.8, 0.55, 0.35, 0.2],
            road_done: [0.85, 0.6, 0.4, 0.25],
            tiles_per_edge: 25.0,
            cloister_fill: 0.6,
            cloister_tiles: 12.0,
            fit_tiles: 4.0,
            field_growth: 0.05,
            field_open_city: 0.4,
            rivals_mean: 0.0,
            learned: None,
        }
    }
}
