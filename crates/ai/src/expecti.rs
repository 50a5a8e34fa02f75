//! Expectimax over the next draw: the bot's own turn, then every tile the next seat may
//! draw (weighted by how many of it remain), that seat's best reply by the one-turn
//! lookahead, and the heuristic after it.
//!
//! The greedy bot values a move by the position it leaves; a rival then draws a tile and
//! may join a city left open, finish a road it shares or block a monastery. Weighing every
//! possible draw exactly (chance is enumerated, not sampled) with the rival's best answer
//! shows those replies, without the noise of sampled draws that a search of the same cost
//! suffers. Only which tiles remain is used, never their order.
//!
//! Where that is too wide for the budget (many seats, every set: dozens of tile types times
//! three rivals' lookaheads), the replies are narrowed before the search is called: the
//! next seat's draw stood for by a spread sample of tiles, and each seat (the bot's next
//! turn too) playing out only its placements that look best with the turn passed.

use crate::eval::{Evaluator, Weights};
use crate::greedy::ranked;
use crate::lookahead::{best_index, Lookahead, MAX_CHAIN};
use crate::mcts::{MctsBot, MctsConfig};
use crate::seed::decision_rng;
use crate::{answer, legal, Bot, BotError, Budget, Candidate, Thought};
use carcassonne_clock::Instant;
use carcassonne_engine::{Action, Game, NoEvents, Phase, Rng, TileTypeId};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// Decisions of other seats played (each by the one-turn lookahead) before the bot's next
/// turn; more than enough for five rivals and the Count's redeploys.
const MAX_REPLIES: u32 = 24;

/// Tiles of the remaining ones that stand for the bot's next draw (every tile when fewer
/// remain). The same tiles serve every candidate, so the sample's luck is shared and
/// cancels out of the comparison.
const OWN_SAMPLE: usize = 6;

/// Placements a rival plays out at its best in a decision too wide for every reply (the
/// rest are valued with the turn passed), and the tiles standing for the next seat's draw
/// there. With both, 4-player games with every set fall to the search in about one
/// decision of five rather than two of three, and hard + 3 greedy won 20 of 40 games
/// rather than 13 (`--seed 101`, at the app's one-second cap, 2026-12-06).
const RIVAL_SHORTLIST: usize = 3;
const NARROW_DRAWS: usize = 12;

/// The knobs of the expectimax bot.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectiConfig {
    /// Placements (by the one-turn lookahead) looked at deeper; the rest keep their
    /// one-turn value and rank after them.
    pub placements: usize,
    /// Positions one decision may value when the budget sets no limit (its iterations
    /// count positions); a deeper stage that would need more is dropped.
    pub evaluations: u64,
    /// Threads the candidates of a stage are valued on (the answer is the same for any
    /// number but for the work reported when a stage does not fit).
    pub threads: usize,
    /// The heuristic the bot values its own moves and positions by.
    pub weights: Weights,
}

impl ExpectiConfig {
    /// The budget of the fallback search (configured for `iterations` per decision) after
    /// the probe that started at `start`: the same share of its iterations as `budget`
    /// gives of this bot's positions, and the time left.
    fn search_budget(&self, budget: Budget, start: Instant, iterations: u32) -> Budget {
        let share = |n: u32| {
            let scaled = u64::from(n) * u64::from(iterations) / self.evaluations.max(1);
            u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
        };
        Budget {
            iterations: budget.iterations.map(share),
            time: budget.time.map(|t| t.saturating_sub(start.elapsed())),
        }
    }
}

impl Default for ExpectiConfig {
    fn default() -> Self {
        ExpectiConfig {
            // 4 placements, the next draw sampled by 6 tiles: 80% of 50 games against
            // greedy at 254 ms per decision (2026-11-30).
            placements: 4,
            evaluations: 400_000,
            threads: 1,
            weights: Weights::default(),
        }
    }
}

/// The expectimax bot.
pub struct ExpectiBot {
    config: ExpectiConfig,
    seed: u64,
    eval: Evaluator,
    /// Chooses the other seats' replies.
    rival_eval: Evaluator,
    /// Answers the decisions whose deeper stages would not fit the budget.
    fallback: Option<MctsBot>,
}

impl ExpectiBot {
    pub fn new(seed: u64, config: ExpectiConfig) -> ExpectiBot {
        ExpectiBot {
            eval: Evaluator::new(config.weights.clone()),
            // The other seats are expected to reply as the greedy bot would.
            rival_eval: Evaluator::new(Weights::default()),
            config,
            seed,
            fallback: None,
        }
    }

    /// The expectimax bot where its deeper stages fit the budget (narrowed where the full
    /// replies do not), and the search `search` elsewhere (big games: many placements, many
    /// rivals), rather than the one-turn answer.
    /// A budget of iterations counts the expectimax bot's positions; the search then gets
    /// the same share of its own iterations (and whatever time is left).
    /// The search values positions by the heuristic, weighing the rivals as this bot does.
    pub fn with_fallback(seed: u64, config: ExpectiConfig, search: MctsConfig) -> ExpectiBot {
        let weights = Weights {
            rivals_mean: config.weights.rivals_mean,
            ..Weights::default()
        };
        ExpectiBot {
            fallback: Some(MctsBot::valuing(seed, search, weights)),
            ..ExpectiBot::new(seed, config)
        }
    }
}

impl Bot for ExpectiBot {
    fn name(&self) -> &str {
        "expecti"
    }

    fn think(&mut self, game: &Game, budget: Budget) -> Result<Thought, BotError> {
        let start = Instant::now();
        let actions = legal(game)?;
        let mut rng = decision_rng(self.seed, game);
        // Simulate on a copy whose hidden order is our own guess, never the real one.
        let mut det = game.clone();
        det.reseed(rng.next_u64());
        // The search reads scores only: its copies keep no score log.
        det.stop_score_log();
        let left = self.eval.prepare(game);
        let mut look = Lookahead::new(&mut self.eval, &det, left);
        let one_turn = look.action_values(&det, &actions);
        let me = det.pending_seat().ok_or(BotError::GameOver)?;
        // Only the bot's own turn is looked at deeper (a redeploy asked during a rival's
        // turn keeps the one-turn answer), and only when there is a choice.
        if actions.len() == 1 || me != det.active_seat() {
            let evaluations = look.evaluations;
            return Ok(answer(ranked(&actions, &one_turn), evaluations));
        }
        self.rival_eval.prepare(game);
        let rival = Lookahead::new(&mut self.rival_eval, &det, left);
        let draws = draw_chances(&det);
        let narrow = self
            .fallback
            .is_some()
            .then(|| sampled_chances(&det, NARROW_DRAWS, &mut decision_rng(!self.seed, game)));
        let limit = budget.iterations.map_or(self.config.evaluations, u64::from);
        let deeper = self.config.placements.max(1).min(actions.len());
        let threads = self.config.threads.max(1);
        let mut order: Vec<usize> = (0..actions.len()).collect();
        order.sort_by(|&a, &b| one_turn[b].total_cmp(&one_turn[a]));
        let remaining = game.remaining_tiles();
        let own_tiles = stratified(&remaining, OWN_SAMPLE, &mut rng);
        let mut deep = Deeper {
            look,
            rival,
            own_next: false,
            narrowed: false,
            own_tiles,
            me,
            turn: det.turn(),
            draws: &draws,
            limit,
            // A time too far off to add to the clock sets no deadline.
            deadline: budget.time.and_then(|d| start.checked_add(d)),
        };
        // Stage by stage: the rivals' replies for every candidate, then the bot's next
        // draw as well. A stage the budget cuts short is dropped, so big games (many
        // placements, many rivals) fall back to a shallower answer, at worst the one-turn
        // lookahead's, rather than overrun.
        let mut deepest: Option<Vec<Candidate>> = None;
        let own = OWN_SAMPLE as u64;
        // The fewest tiles that may stand for the bot's next draw, and what the stages
        // then cost in replies to every candidate: less goes to the search.
        let least_cost = 2 + own.min(MIN_OWN_SAMPLE);
        // Whether the time left after the probe affords the bot's next draw at all.
        let mut own_stage = true;
        for own_next in [false, true] {
            if own_next && !own_stage {
                break;
            }
            deep.own_next = own_next;
            let mut searched = Vec::with_capacity(deeper);
            let mut todo = &order[..deeper];
            if !own_next && self.fallback.is_some() {
                let i = order[0];
                let (mut value, mut affords) =
                    deep.probe(&det, &actions[i], deeper, threads, own, least_cost);
                if affords == Affords::Search && narrow.is_some() {
                    // Too wide for the replies as the rivals would find them: stand for
                    // the next seat's draw by fewer tiles and let the rivals look deeper
                    // only at the placements that look best at first sight.
                    deep.narrowed = true;
                    deep.draws = narrow.as_deref().unwrap_or(&[]);
                    (value, affords) =
                        deep.probe(&det, &actions[i], deeper, threads, own, least_cost);
                }
                match affords {
                    Affords::Search => {
                        if let Some(search) = self.fallback.as_mut() {
                            let rest = self.config.search_budget(
                                budget,
                                start,
                                search.config().iterations,
                            );
                            return search.think(game, rest);
                        }
                    }
                    // Too little time for the next draw: the replies alone, and the time
                    // left to the caller.
                    Affords::Replies => own_stage = false,
                    Affords::NextDraw(n) if n < own => {
                        deep.own_tiles = stratified(&remaining, n as usize, &mut rng);
                    }
                    Affords::NextDraw(_) => {}
                }
                if deep.spent() {
                    break;
                }
                searched.push(candidate(actions[i], value));
                todo = &order[1..deeper];
            }
            let Some(values) = deep.values_of(&det, &actions, todo, threads) else {
                break;
            };
            searched.extend(
                todo.iter()
                    .zip(values)
                    .map(|(&i, v)| candidate(actions[i], v)),
            );
            deepest = Some(searched);
        }
        let evaluations = deep.work();
        let Some(mut searched) = deepest else {
            return Ok(answer(ranked(&actions, &one_turn), evaluations));
        };
        searched.sort_by(|a, b| b.value.total_cmp(&a.value));
        let rest = order[deeper..]
            .iter()
            .map(|&i| candidate(actions[i], one_turn[i]));
        searched.extend(rest);
        Ok(answer(searched, evaluations))
    }
}

fn candidate(action: Action, value: f32) -> Candidate {
    Candidate {
        action,
        value: f64::from(value),
        reward: None,
        visits: 0,
    }
}

/// Fewer tiles than this standing for the bot's next draw say too little: a decision that
/// cannot afford them goes to the search.
const MIN_OWN_SAMPLE: u64 = 2;

/// How many of `own` tiles may stand for the bot's next draw within `limit` positions when
/// the replies to every candidate cost `replies`: the replies stage costs that once, the
/// next-draw stage once more and once per tile. `None` when not even the replies fit twice.
fn affordable_sample(replies: u64, limit: u64, own: u64) -> Option<u64> {
    let tiles = (limit / replies.max(1)).checked_sub(2)?;
    Some(tiles.min(own))
}

/// What the first candidate's replies (the probe) measured, for every candidate.
#[derive(Clone, Copy, Debug)]
struct Probe {
    /// Positions the replies to every candidate take.
    replies: u64,
    /// Positions the decision may value.
    limit: u64,
    /// How many times those replies fit in the time left, under a time budget.
    units: Option<u64>,
}

/// The stages a decision can afford, from its probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Affords {
    /// Not even the cheapest stages fit: the search answers.
    Search,
    /// The rivals' replies, not the bot's next draw.
    Replies,
    /// The replies, then the bot's next draw stood for by this many tiles.
    NextDraw(u64),
}

impl Affords {
    /// With `own` tiles standing for the bot's next draw. Positions are the budget a
    /// game's size is measured by, so a decision too wide in positions goes to the search;
    /// one only short of time keeps the replies.
    fn from_probe(probe: Probe, own: u64) -> Affords {
        if probe.units == Some(0) {
            return Affords::Search;
        }
        let least = own.min(MIN_OWN_SAMPLE);
        let by_positions = match affordable_sample(probe.replies, probe.limit, own) {
            Some(n) if n >= least => n,
            _ => return Affords::Search,
        };
        // The replies stage once, the next-draw stage once more and once per tile.
        let n = probe
            .units
            .map_or(by_positions, |u| by_positions.min(u.saturating_sub(2)));
        if n >= least {
            Affords::NextDraw(n)
        } else {
            Affords::Replies
        }
    }
}

/// How many times `took` fits in `left`.
fn times_within(took: Duration, left: Duration) -> u64 {
    if took.is_zero() {
        return u64::MAX;
    }
    u64::try_from(left.as_nanos() / took.as_nanos()).unwrap_or(u64::MAX)
}

/// Tiles by type with their counts.
fn grouped(mut tiles: Vec<TileTypeId>) -> Vec<(TileTypeId, usize)> {
    tiles.sort_unstable();
    let mut out: Vec<(TileTypeId, usize)> = Vec::new();
    for t in tiles {
        match out.last_mut() {
            Some((last, n)) if *last == t => *n += 1,
            _ => out.push((t, 1)),
        }
    }
    out
}

/// `n` of `tiles` (sorted) at evenly spaced places from a random start, so each type is
/// sampled about as often as it remains; empty for `n` = 0 or `n` ≥ the tiles.
fn stratified(tiles: &[TileTypeId], n: usize, rng: &mut Rng) -> Vec<(TileTypeId, usize)> {
    if n == 0 || n >= tiles.len() {
        return Vec::new();
    }
    let step = tiles.len() as f64 / n as f64;
    let start = f64::from(rng.below(1 << 20)) / f64::from(1u32 << 20) * step;
    let picked = (0..n)
        .filter_map(|i| tiles.get((start + i as f64 * step) as usize).copied())
        .collect();
    grouped(picked)
}

/// The tiles the next draw may give with their chances; one unforced outcome when the next
/// draw is not random (an ordered pile, or no tile left).
fn draw_chances(game: &Game) -> Vec<(Option<TileTypeId>, f32)> {
    let Some(pool) = game.next_draw_pool() else {
        return vec![(None, 1.0)];
    };
    let total = pool.len() as f32;
    grouped(pool.to_vec())
        .into_iter()
        .map(|(t, n)| (Some(t), n as f32 / total))
        .collect()
}

/// The next draw's chances as [`draw_chances`], but stood for by `n` tiles spread over
/// those that may come (every one when no more than `n` types may).
fn sampled_chances(game: &Game, n: usize, rng: &mut Rng) -> Vec<(Option<TileTypeId>, f32)> {
    let all = draw_chances(game);
    let Some(pool) = game.next_draw_pool().filter(|_| all.len() > n) else {
        return all;
    };
    let mut tiles = pool.to_vec();
    tiles.sort_unstable();
    let picked = stratified(&tiles, n, rng);
    let total = picked.iter().map(|p| p.1).sum::<usize>().max(1) as f32;
    picked
        .into_iter()
        .map(|(t, k)| (Some(t), k as f32 / total))
        .collect()
}

/// What one thread of [`Deeper::values_of`] found: values by place in its list, its work,
/// and whether the budget cut it short.
#[derive(Default)]
struct Worked {
    values: Vec<(usize, f32)>,
    look: u64,
    rival: u64,
    cut: bool,
}

struct Deeper<'a, 'e> {
    /// Values the bot's own moves and positions.
    look: Lookahead<'e>,
    /// Chooses the other seats' replies.
    rival: Lookahead<'e>,
    own_next: bool,
    /// Whether each seat past the bot's move looks deeper only at its placements that look
    /// best at first sight (`draws` is then a sample of the next seat's draw).
    narrowed: bool,
    /// The sample standing for the bot's next draw, by type with counts; empty: all.
    own_tiles: Vec<(TileTypeId, usize)>,
    me: u8,
    turn: u32,
    draws: &'a [(Option<TileTypeId>, f32)],
    /// Positions the decision may value (the budget's iterations).
    limit: u64,
    deadline: Option<Instant>,
}

impl Deeper<'_, '_> {
    /// The values of the candidates `todo` (indices into `actions`), or `None` when the
    /// budget does not cover them all. On more than one thread, each values whichever
    /// candidate is next; every value is the one a single thread would find, and the stage
    /// fits exactly when its work would on one thread.
    fn values_of(
        &mut self,
        det: &Game,
        actions: &[Action],
        todo: &[usize],
        threads: usize,
    ) -> Option<Vec<f32>> {
        if threads <= 1 || todo.len() <= 1 {
            let mut out = Vec::with_capacity(todo.len());
            for &i in todo {
                let v = self.action_value(det, &actions[i], 0);
                if self.spent() {
                    return None;
                }
                out.push(v);
            }
            return Some(out);
        }
        let budget = self.limit.saturating_sub(self.work());
        let next = AtomicUsize::new(0);
        // Work of the candidates valued so far, by every thread.
        let done = AtomicU64::new(0);
        let (left, tiles) = (self.look.left, self.look.tiles);
        let results: Vec<Worked> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads.min(todo.len()))
                .map(|_| {
                    let mut look_eval = self.look.eval.clone();
                    let mut rival_eval = self.rival.eval.clone();
                    let own_tiles = self.own_tiles.clone();
                    let (next, done) = (&next, &done);
                    let (own_next, narrowed, me, turn, draws, deadline) = (
                        self.own_next,
                        self.narrowed,
                        self.me,
                        self.turn,
                        self.draws,
                        self.deadline,
                    );
                    s.spawn(move || {
                        let mut w = Deeper {
                            look: Lookahead::at(&mut look_eval, left, tiles),
                            rival: Lookahead::at(&mut rival_eval, left, tiles),
                            own_next,
                            narrowed,
                            own_tiles,
                            me,
                            turn,
                            draws,
                            limit: budget,
                            deadline,
                        };
                        let mut out = Worked::default();
                        loop {
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&i) = todo.get(k) else { break };
                            if done.load(Ordering::Relaxed) >= budget {
                                out.cut = true;
                                break;
                            }
                            let before = w.work();
                            let v = w.action_value(det, &actions[i], 0);
                            if w.spent() {
                                out.cut = true;
                                break;
                            }
                            done.fetch_add(w.work() - before, Ordering::Relaxed);
                            out.values.push((k, v));
                        }
                        out.look = w.look.evaluations;
                        out.rival = w.rival.evaluations;
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        let mut values = vec![f32::NEG_INFINITY; todo.len()];
        let mut cut = false;
        for r in results {
            self.look.evaluations += r.look;
            self.rival.evaluations += r.rival;
            cut |= r.cut;
            for (k, v) in r.values {
                values[k] = v;
            }
        }
        if cut || self.spent() {
            // The budget is used up whichever thread found it out.
            let over_time = self.deadline.is_some_and(|d| Instant::now() >= d);
            if !over_time {
                self.look.evaluations = self.limit.saturating_sub(self.rival.evaluations);
            }
            return None;
        }
        Some(values)
    }

    /// Values the first candidate `action` (out of `deeper`) and sizes the stages every
    /// candidate can afford by its replies: each candidate costs about as much, and the
    /// bot's next draw adds one such cost per tile standing for it. A decision a little
    /// too wide for them stands for that draw by fewer tiles; one that would not fit even
    /// so goes to the search whole, rather than to a shallower answer.
    fn probe(
        &mut self,
        det: &Game,
        action: &Action,
        deeper: usize,
        threads: usize,
        own: u64,
        least_cost: u64,
    ) -> (f32, Affords) {
        let limit = self.limit;
        let before = self.work();
        let start = Instant::now();
        // More than its share of the cheapest stages already says they do not fit.
        self.limit = before + limit / (deeper as u64 * least_cost) + 1;
        let value = self.action_value(det, action, 0);
        let replies = (self.work() - before) * deeper as u64;
        // The same count in time: positions late in a game cost more each, and a stage the
        // clock cuts short is dropped whole. The other candidates share the threads.
        let units = self.deadline.map(|d| {
            let took = u32::try_from(deeper)
                .ok()
                .and_then(|k| start.elapsed().checked_mul(k))
                .unwrap_or(Duration::MAX);
            times_within(took, d.saturating_duration_since(start)).saturating_mul(threads as u64)
        });
        let affords = if self.spent() {
            // Cut short by its share of the budget or by the clock.
            Affords::Search
        } else {
            Affords::from_probe(
                Probe {
                    replies,
                    limit: limit.saturating_sub(before),
                    units,
                },
                own,
            )
        };
        self.limit = limit;
        (value, affords)
    }

    /// Whether the budget is used up: values computed from now on are dropped.
    fn spent(&self) -> bool {
        self.work() >= self.limit || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Positions valued so far.
    fn work(&self) -> u64 {
        self.look.evaluations + self.rival.evaluations
    }

    /// The bot's expected margin after `action` from `before`: the rest of its turn at its
    /// best, then each draw of the next seat with its best reply.
    fn action_value(&mut self, before: &Game, action: &Action, depth: u32) -> f32 {
        let mut g = before.clone();
        if g.apply_into(self.me, action, &mut NoEvents).is_err() {
            return f32::NEG_INFINITY;
        }
        let still_mine = g.pending_seat() == Some(self.me) && g.turn() == self.turn;
        if still_mine && depth < MAX_CHAIN {
            return g
                .legal_actions()
                .iter()
                .map(|a| self.action_value(&g, a, depth + 1))
                .fold(f32::NEG_INFINITY, f32::max);
        }
        if still_mine || g.is_over() {
            return self.look.value(&g, self.me);
        }
        // The turn ends with this action and the next tile is drawn inside it: replay the
        // action once per possible draw, that tile put on top first.
        let mut total = 0.0;
        for &(tile, p) in self.draws {
            if self.spent() {
                return f32::NEG_INFINITY;
            }
            let mut g = before.clone();
            if let Some(t) = tile {
                g.set_next_draw(t);
            }
            if g.apply_into(self.me, action, &mut NoEvents).is_err() {
                return f32::NEG_INFINITY;
            }
            self.replies(&mut g);
            let after = self.after_replies(&g);
            total += p * after;
        }
        total
    }

    /// The bot's margin once the others have replied: its expected best one-turn answer
    /// over the tiles it may draw, or the position as it stands.
    fn after_replies(&mut self, g: &Game) -> f32 {
        match self.own_next_value(g) {
            Some(v) => v,
            None => self.look.value(g, self.me),
        }
    }

    /// The bot's expected best one-turn answer over the tiles it may draw; `None` when not
    /// asked for, or when the bot is not about to place a tile from a random draw.
    fn own_next_value(&mut self, g: &Game) -> Option<f32> {
        if !self.own_next || g.pending_seat() != Some(self.me) {
            return None;
        }
        let Phase::Place { tile: drawn } = g.phase() else {
            return None;
        };
        let mut tiles = g.next_draw_pool()?.to_vec();
        tiles.push(drawn);
        let outcomes = if self.own_tiles.is_empty() {
            grouped(tiles)
        } else {
            self.own_tiles.to_vec()
        };
        let (mut total, mut weight) = (0.0, 0.0);
        for (t, n) in outcomes {
            if self.spent() {
                break;
            }
            let mut h = g.clone();
            // A tile that fits nowhere is discarded and another drawn: it weighs nothing.
            if !h.swap_drawn(t) {
                continue;
            }
            let actions = h.legal_actions();
            let values = if self.narrowed {
                self.look.shortlisted_values(&h, &actions, RIVAL_SHORTLIST)
            } else {
                self.look.action_values(&h, &actions)
            };
            let best = values.into_iter().fold(f32::NEG_INFINITY, f32::max);
            if best.is_finite() {
                total += n as f32 * best;
                weight += n as f32;
            }
        }
        (weight > 0.0).then(|| total / weight)
    }

    /// Other seats play their best one-turn answers until the bot's next decision.
    fn replies(&mut self, g: &mut Game) {
        for _ in 0..MAX_REPLIES {
            let Some(seat) = g.pending_seat() else { return };
            if seat == self.me && g.turn() != self.turn {
                return;
            }
            let actions = g.legal_actions();
            let values = if self.narrowed {
                self.rival.shortlisted_values(g, &actions, RIVAL_SHORTLIST)
            } else {
                self.rival.action_values(g, &actions)
            };
            let Some(best) = best_index(&values).map(|i| actions[i]) else {
                return;
            };
            if g.apply_into(seat, &best, &mut NoEvents).is_err() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::Setup;

    #[test]
    fn draw_chances_weigh_each_type_by_its_count() {
        let game = Game::new(Setup::base(2), 3).expect("setup");
        let pool = game.next_draw_pool().expect("a random draw").to_vec();
        let chances = draw_chances(&game);
        let total: f32 = chances.iter().map(|c| c.1).sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
        for (tile, p) in &chances {
            let tile = tile.expect("a random draw names its tile");
            let n = pool.iter().filter(|&&t| t == tile).count();
            assert!((p - n as f32 / pool.len() as f32).abs() < 1e-6);
        }
        assert_eq!(chances.len(), grouped(pool).len());
    }

    /// A 2-player base game after 12 decisions of greedy bots, and one of them.
    fn after_twelve_decisions() -> (Game, crate::GreedyBot) {
        (crate::after_greedy(5, 12), crate::GreedyBot::new(5))
    }

    #[test]
    fn two_threads_value_the_candidates_as_one_does() {
        for (seed, decisions) in [(5, 12), (9, 41), (3, 80)] {
            let game = crate::after_greedy(seed, decisions);
            let think = |threads: usize, budget: Budget| {
                let config = ExpectiConfig {
                    threads,
                    placements: 6,
                    ..ExpectiConfig::default()
                };
                ExpectiBot::new(4, config)
                    .think(&game, budget)
                    .expect("an answer")
            };
            let one = think(1, Budget::default());
            assert_eq!(think(2, Budget::default()), one);
            assert_eq!(think(3, Budget::default()), one);
            // A budget the bot's next draw does not fit: the same stage is dropped (only
            // the work reported may differ).
            let tight = Budget::iterations(one.iterations / 2);
            let (a, b) = (think(1, tight), think(2, tight));
            assert_eq!(a.candidates, b.candidates);
            assert_ne!(a.candidates, one.candidates, "a stage was dropped");
        }
    }

    #[test]
    fn the_bot_looks_past_its_turn_unless_the_budget_forbids() {
        let (game, mut greedy) = after_twelve_decisions();
        assert!(matches!(game.phase(), Phase::Place { .. }));
        let mut bot = ExpectiBot::new(1, ExpectiConfig::default());
        let deep = bot.think(&game, Budget::default()).expect("an answer");
        let one_turn = greedy.think(&game, Budget::default()).expect("an answer");
        // Every draw of the rival, each with its best reply: far more than one turn's
        // positions, and values that are no longer the one-turn lookahead's.
        assert!(
            deep.iterations > 20 * game.legal_actions().len() as u32,
            "{}",
            deep.iterations
        );
        assert_ne!(deep.candidates[0].value, one_turn.candidates[0].value);
        // A budget too small for the first stage: the one-turn answer, the same as greedy's.
        let shallow = bot.think(&game, Budget::iterations(50)).expect("an answer");
        assert_eq!(shallow.action, one_turn.action);
        assert_eq!(shallow.candidates.len(), one_turn.candidates.len());
    }

    #[test]
    fn with_a_fallback_the_search_answers_what_does_not_fit() {
        let (game, _) = after_twelve_decisions();
        let search = MctsConfig::default();
        let mut bot = ExpectiBot::with_fallback(3, ExpectiConfig::default(), search.clone());
        // Its own budget fits a 2-player base game: the expectimax answer, no search visits.
        let deep = bot.think(&game, Budget::default()).expect("an answer");
        let alone = ExpectiBot::new(3, ExpectiConfig::default())
            .think(&game, Budget::default())
            .expect("an answer");
        assert_eq!(deep, alone);
        assert!(deep.candidates.iter().all(|c| c.visits == 0));
        // 8,000 positions cannot hold its stages: the search's answer with the same share
        // of its own iterations (8,000 of 400,000 positions: 100 of 5,000 iterations).
        let searched = bot
            .think(&game, Budget::iterations(8000))
            .expect("an answer");
        let search_alone = MctsBot::new(3, search)
            .think(&game, Budget::iterations(100))
            .expect("an answer");
        assert_eq!(searched, search_alone);
        assert!(searched.candidates.iter().any(|c| c.visits > 0));
    }

    #[test]
    fn a_decision_too_wide_for_every_reply_narrows_the_replies_before_the_search() {
        let (game, _) = after_twelve_decisions();
        let config = ExpectiConfig::default();
        let whole = ExpectiBot::new(3, config.clone())
            .think(&game, Budget::default())
            .expect("an answer");
        // A third of the whole work (the replies once, the next draw once more and once
        // for each of its 6 tiles: 8 times the replies) holds the replies under 3 times:
        // too few for the cheapest stages (4 times), which the narrowed replies fit.
        let limit = whole.iterations / 3;
        let narrowed = ExpectiBot::with_fallback(3, config, MctsConfig::default())
            .think(&game, Budget::iterations(limit))
            .expect("an answer");
        assert!(narrowed.candidates.iter().all(|c| c.visits == 0));
        assert!(
            narrowed.iterations <= limit,
            "{} of {limit} ({})",
            narrowed.iterations,
            whole.iterations
        );
        assert!(narrowed.iterations > limit / 4, "{}", narrowed.iterations);
        let differs = |t: &Thought| {
            narrowed
                .candidates
                .iter()
                .zip(&t.candidates)
                .any(|(a, b)| a.value != b.value)
        };
        assert!(differs(&whole));
    }

    #[test]
    fn a_decision_a_little_too_wide_stands_for_the_next_draw_by_fewer_tiles() {
        let (game, _) = after_twelve_decisions();
        let config = ExpectiConfig::default();
        let whole = ExpectiBot::new(3, config.clone())
            .think(&game, Budget::default())
            .expect("an answer");
        // Half of the whole work holds the replies stage (an eighth of it: once for the
        // replies, once more and once per tile for the next draw), not the next-draw stage.
        let replies_only = ExpectiBot::new(3, config.clone())
            .think(&game, Budget::iterations(whole.iterations / 2))
            .expect("an answer");
        // Three quarters of what its 6 tiles for the next draw took: the stages fit with
        // fewer tiles, so no search answers, and the next-draw stage is not dropped.
        let limit = whole.iterations / 4 * 3;
        let deeper = config.placements;
        let narrower = ExpectiBot::with_fallback(3, config, MctsConfig::default())
            .think(&game, Budget::iterations(limit))
            .expect("an answer");
        assert!(narrower.candidates.iter().all(|c| c.visits == 0));
        assert!(narrower.iterations <= limit, "{}", narrower.iterations);
        let value = |t: &Thought, a: &Action| {
            t.candidates
                .iter()
                .find(|c| c.action == *a)
                .map(|c| c.value)
        };
        assert!(narrower.candidates[..deeper]
            .iter()
            .any(|c| value(&replies_only, &c.action) != Some(c.value)));
        assert!(narrower.candidates[..deeper]
            .iter()
            .any(|c| value(&whole, &c.action) != Some(c.value)));
    }

    #[test]
    fn the_probe_sizes_the_next_draw_by_positions_and_by_the_clock() {
        let probe = |replies, units| Probe {
            replies,
            limit: 800_000,
            units,
        };
        let six = 6;
        // Positions alone: the replies once, the next draw once more and once per tile.
        assert_eq!(
            Affords::from_probe(probe(100_000, None), six),
            Affords::NextDraw(6)
        );
        assert_eq!(
            Affords::from_probe(probe(150_000, None), six),
            Affords::NextDraw(3)
        );
        assert_eq!(
            Affords::from_probe(probe(300_000, None), six),
            Affords::Search
        );
        // The clock may only narrow it: to fewer tiles, then to the replies alone.
        assert_eq!(
            Affords::from_probe(probe(100_000, Some(40)), six),
            Affords::NextDraw(6)
        );
        assert_eq!(
            Affords::from_probe(probe(100_000, Some(5)), six),
            Affords::NextDraw(3)
        );
        assert_eq!(
            Affords::from_probe(probe(100_000, Some(3)), six),
            Affords::Replies
        );
        assert_eq!(
            Affords::from_probe(probe(100_000, Some(1)), six),
            Affords::Replies
        );
        // No time for even the replies to every candidate, or too many positions even
        // for 2 tiles whatever the clock says: the search.
        assert_eq!(
            Affords::from_probe(probe(100_000, Some(0)), six),
            Affords::Search
        );
        assert_eq!(
            Affords::from_probe(probe(300_000, Some(40)), six),
            Affords::Search
        );
    }

    #[test]
    fn the_clock_counts_how_often_the_replies_fit() {
        let ms = Duration::from_millis;
        assert_eq!(times_within(ms(40), ms(700)), 17);
        assert_eq!(times_within(ms(40), ms(39)), 0);
        assert_eq!(times_within(Duration::ZERO, ms(1)), u64::MAX);
    }

    #[test]
    fn ample_time_changes_no_decision() {
        let (game, _) = after_twelve_decisions();
        let config = ExpectiConfig::default();
        let positions = ExpectiBot::with_fallback(3, config.clone(), MctsConfig::default())
            .think(&game, Budget::default())
            .expect("an answer");
        let hour = Budget {
            time: Some(Duration::from_secs(3600)),
            ..Budget::default()
        };
        let timed = ExpectiBot::with_fallback(3, config, MctsConfig::default())
            .think(&game, hour)
            .expect("an answer");
        assert_eq!(timed.iterations, positions.iterations);
        assert_eq!(timed.candidates, positions.candidates);
    }

    #[test]
    fn the_sample_of_next_draws_follows_the_counts() {
        let tiles = Game::new(Setup::base(2), 3)
            .expect("setup")
            .remaining_tiles();
        let mut rng = Rng::new(4);
        let sample = stratified(&tiles, 6, &mut rng);
        assert_eq!(sample.iter().map(|s| s.1).sum::<usize>(), 6);
        assert!(sample.iter().all(|(t, _)| tiles.contains(t)));
        // 0 or more than the tiles left: every tile (an empty sample).
        assert!(stratified(&tiles, 0, &mut rng).is_empty());
        assert!(stratified(&tiles, tiles.len(), &mut rng).is_empty());
    }
}
