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

    /// Like [`Lookahead::action_values`], but only the `shortlist` actions that look best
    /// with the rest of the turn passed are played out at their best; the others keep that
    /// first value (where passing is allowed, one way to go on: never more than their best).
    pub fn shortlisted_values(
        &mut self,
        game: &Game,
        actions: &[Action],
        shortlist: usize,
    ) -> Vec<f32> {
        let Some(d) = game.pending() else {
            return vec![0.0; actions.len()];
        };
        if actions.len() <= shortlist {
            return self.action_values(game, actions);
        }
        let mut values: Vec<f32> = actions
            .iter()
            .map(|a| self.passing(game, d.seat, a, game.turn()))
            .collect();
        let mut order: Vec<usize> = (0..actions.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
        for &i in &order[..shortlist] {
            values[i] = self.after(game, d.seat, &actions[i], game.turn(), 0);
        }
        values
    }

    /// The value for `seat` of playing `action`, then passing what is left of its turn.
    fn passing(&mut self, game: &Game, seat: u8, action: &Action, turn: u32) -> f32 {
        let mut g = game.clone();
        if g.apply_into(seat, action, &mut NoEvents).is_err() {
            return f32::NEG_INFINITY;
        }
        for _ in 0..MAX_CHAIN {
            let mine = g.pending().is_some_and(|d| d.seat == seat) && g.turn() == turn;
            if !mine || g.apply_into(seat, &Action::Pass, &mut NoEvents).is_err() {
                break;
            }
        }
        self.value(&g, seat)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Weights;
    use carcassonne_engine::Phase;

    /// The values of `game`'s pending actions, every one played out, then only the best
    /// `shortlist` of them, with the positions each took.
    fn both(game: &Game, shortlist: usize) -> ((Vec<f32>, u64), (Vec<f32>, u64)) {
        let actions = game.legal_actions();
        let mut eval = Evaluator::new(Weights::default());
        let left = eval.prepare(game);
        let mut look = Lookahead::new(&mut eval, game, left);
        let all = look.action_values(game, &actions);
        let all_work = look.evaluations;
        look.evaluations = 0;
        let short = look.shortlisted_values(game, &actions, shortlist);
        ((all, all_work), (short, look.evaluations))
    }

    #[test]
    fn a_shortlist_plays_out_its_best_first_sights_and_bounds_the_rest() {
        for (seed, decisions) in [(5, 12), (9, 40), (3, 60)] {
            let game = crate::after_greedy(seed, decisions);
            let n = game.legal_actions().len();
            assert!(
                matches!(game.phase(), Phase::Place { .. }) && n > 3,
                "a placement with a choice: {n}"
            );
            let ((all, all_work), (short, short_work)) = both(&game, 3);
            let exact = all.iter().zip(&short).filter(|(a, s)| a == s).count();
            assert!(
                exact >= 3,
                "the shortlist is valued exactly: {exact} of {n}"
            );
            for (a, s) in all.iter().zip(&short) {
                assert!(s <= a, "passing is one way to go on: {s} > {a}");
            }
            // One position a placement, and the shortlist's rest of the turn.
            assert!(
                short_work < all_work,
                "{seed}/{decisions}: {short_work} of {all_work}"
            );
            // A shortlist as long as the actions is the full lookahead.
            assert_eq!(both(&game, n).1, (all, all_work));
        }
    }
}
