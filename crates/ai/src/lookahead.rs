//! One-turn lookahead: the value of each action of the pending decision, playing the rest
//! of the acting seat's turn as well as it can (place, then the best deployment) and
//! evaluating the position when the turn has passed. The greedy bot plays the best; the
//! search uses the values as priors.

use crate::eval::Evaluator;
use carcassonne_engine::{Action, Game, NoEvents};

/// Decisions one seat may chain within a turn (place, deploy, and later expansions' extra
/// steps); deeper chains are cut off and evaluated as they stand.
pub(crate) const MAX_CHAIN: u32 = 4;

/// Looks ahead from a determinized copy of the position (the caller reseeds it).
pub(crate) struct Lookahead<'a> {
    pub eval: &'a mut Evaluator,
    /// Tiles left to draw at `game` (public).
    pub left: u32,
    /// Tiles on the board at `game`, to count the tiles drawn since.
    pub tiles: usize,
    /// Positions valued so far: the unit of work of the bots that look ahead.
    pub evaluations: u64,
    values: Vec<f32>,
}

impl<'a> Lookahead<'a> {
    pub fn new(eval: &'a mut Evaluator, game: &Game, left: u32) -> Self {
        Lookahead::at(eval, left, game.board().tiles.len())
    }

    /// Lookahead from a position with `left` tiles to draw and `tiles` on the board.
    pub fn at(eval: &'a mut Evaluator, left: u32, tiles: usize) -> Self {
        Lookahead {
            eval,
            left,
            tiles,
            evaluations: 0,
            values: Vec::new(),
        }
    }

    /// The margin (points over the best other seat) the acting seat can expect after each of
    /// `actions`, in order. Actions the engine refuses get `f32::NEG_INFINITY`.
    pub fn action_values(&mut self, game: &Game, actions: &[Action]) -> Vec<f32> {
        let Some(d) = game.pending() else {
            return vec![0.0; actions.len()];
        };
        actions
            .iter()
            .map(|a| self.after(game, d.seat, a, game.turn(), 0))
            .collect()
    }

    /// The value for `seat` of playing `action`, then the rest of its turn at its best.
    fn after(&mut self, game: &Game, seat: u8, action: &Action, turn: u32, depth: u32) -> f32 {
        let mut g = game.clone();
        if g.apply_into(seat, action, &mut NoEvents).is_err() {
            return f32::NEG_INFINITY;
        }
        match g.pending() {
            Some(d) if d.seat == seat && g.turn() == turn && depth < MAX_CHAIN => g
                .legal_actions()
                .iter()
                .map(|a| self.after(&g, seat, a, turn, depth + 1))
                .fold(f32::NEG_INFINITY, f32::max),
            _ => self.value(&g, seat),
        }
    }

    /// The margin of `seat` in `game`, a position reached from the lookahead's start.
    pub fn value(&mut self, game: &Game, seat: u8) -> f32 {
        self.evaluations += 1;
        let drawn = game.board().tiles.len().saturating_sub(self.tiles) as u32;
        let left = self.left.saturating_sub(drawn);
        let mut values = std::mem::take(&mut self.values);
        self.eval.estimate(game, left, &mut values);
        let m = self.eval.margin(&values, usize::from(seat));
        self.values = values;
        m
    }
}

/// The index of the first largest value (the engine's order breaks ties, so answers are
/// stable); `None` for no values.
pub(crate) fn best_index(values: &[f32]) -> Option<usize> {
    values
        .iter()
        .enumerate()
        .fold(None, |best: Option<(usize, f32)>, (i, &v)| match best {
            Some((_, b)) if b >= v => best,
            _ => Some((i, v)),
        })
        .map(|(i, _)| i)
}
