//! Playouts: a few candidate actions, each followed by the same sampled orders of the
//! remaining tiles, played on for a few tiles by the one-turn lookahead at every seat and
//! valued by the heuristic where they stop.
//!
//! The expectimax bot sees the rivals' next draw exactly but values the position right
//! after; a field a farmer has just taken, or a city that will take a few more tiles, is
//! worth what it becomes over the next turns, which the heuristic guesses poorly and a
//! playout shows. Every candidate meets the same draw orders (common random numbers), so
//! the luck of the draws, which spreads one playout's margin by many points, mostly cancels
//! out of the comparison. Playouts gain their lead over greedy mostly on farms, the
//! expectimax bot on roads and monasteries; `hard` blends both values.

use crate::eval::{Evaluator, Weights};
use crate::expecti::ExpectiBot;
use crate::lookahead::{best_index, Lookahead};
use crate::seed::decision_rng;
use crate::{answer, legal, Bot, BotError, Budget, Candidate, Thought};
use carcassonne_clock::Instant;
use carcassonne_engine::{Action, Game, NoEvents, Phase};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Fewer complete rounds of draw orders than this say too little: the candidates keep the
/// values they came with.
const MIN_ROUNDS: usize = 4;

/// A time budget is aimed at this fraction early (1/20: 50 ms of a second).
const TIME_SLACK: u32 = 20;

/// Keeps the playouts' generator apart from the inner bot's, which derives its own from the
/// same seed and position.
const STREAM: u64 = 0x706C_6179_6F75_7473;

/// Draw orders (rounds) each candidate is played out with.
const PLAYOUTS: usize = 16;

/// Tiles placed after the candidate's turn before the heuristic values the position.
const HORIZON: usize = 6;

/// Share of the expectimax value in a candidate's value; the playouts' mean has the rest.
const BLEND: f64 = 0.5;

/// The knobs of the playout bot: `hard`'s are in `level.rs`; the tests play smaller ones.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayoutConfig {
    /// Candidates played out (the best by the inner bot); the rest rank after them with
    /// the values they came with.
    pub candidates: usize,
    /// Positions the playouts of one decision may value when the budget sets no limit (its
    /// iterations count positions); rounds that would go past it are not started.
    pub evaluations: u64,
    /// Threads the playouts run on (the answer is the same for any number).
    pub threads: usize,
    /// The heuristic the bot plays its own moves in a playout by, and values where the
    /// playout stops.
    pub weights: Weights,
}

/// Plays the best candidates of the expectimax bot out: `hard`.
pub struct PlayoutBot {
    config: PlayoutConfig,
    seed: u64,
    players: Players,
    inner: ExpectiBot,
}

/// Plays the seats' moves in a playout.
struct Players {
    eval: Evaluator,
    rival_eval: Evaluator,
}

impl PlayoutBot {
    /// The expectimax bot's best candidates, played out, each valued by the blend of both.
    /// Decisions the inner bot hands to its search, or answers without looking past its
    /// turn, keep its answer.
    pub fn over(seed: u64, config: PlayoutConfig, inner: ExpectiBot) -> PlayoutBot {
        PlayoutBot {
            players: Players::new(&config),
            config,
            seed,
            inner,
        }
    }

    /// The candidates to play out, best first, with the values they come with, and the
    /// positions valued to find them; or the answer, when nothing is to be played out.
    fn candidates(
        &mut self,
        game: &Game,
        budget: Budget,
        actions: &[Action],
    ) -> Result<Stage, BotError> {
        let me = game.pending_seat();
        let own_turn = actions.len() > 1 && me == Some(game.active_seat());
        let thought = self.inner.think(game, budget)?;
        // The search's answers (they have rewards) are not the blend's to change.
        let searched = thought.candidates.iter().any(|c| c.reward.is_some());
        if !own_turn || searched {
            return Ok(Stage::Answered(thought));
        }
        let work = u64::from(thought.iterations);
        Ok(Stage::PlayOut(thought.candidates, work))
    }

    /// Every candidate played out with every order, round by round (`orders.len()` rounds of
    /// `candidates.len()` units): each unit's value and work, `None` for units not played
    /// (a unit is not started once the rounds before it use up `limit`, nor when it would
    /// end past the deadline). On several threads each takes the next unit; a unit's result
    /// does not depend on which thread plays it.
    fn units(
        &mut self,
        game: &Game,
        me: u8,
        candidates: &[Candidate],
        orders: &[u64],
        limit: u64,
        deadline: Option<Instant>,
    ) -> Vec<Option<(f64, u64)>> {
        let k = candidates.len();
        let total = k * orders.len();
        let play = |players: &mut Players, u: usize| {
            let mut g = game.clone();
            g.reseed(orders[u / k]);
            // The playout reads scores only: no score log.
            g.stop_score_log();
            if g.apply_into(me, &candidates[u % k].action, &mut NoEvents)
                .is_ok()
            {
                let (v, n) = players.play_out(g, me);
                (f64::from(v), n)
            } else {
                (f64::NEG_INFINITY, 0)
            }
        };
        let threads = self.config.threads.clamp(1, total.max(1));
        if threads == 1 {
            let mut out = Vec::with_capacity(total);
            let (mut spent, mut longest) = (0, Duration::ZERO);
            for u in 0..total {
                let now = Instant::now();
                if spent >= limit || deadline.is_some_and(|d| now + longest >= d) {
                    break;
                }
                let (v, n) = play(&mut self.players, u);
                spent += n;
                longest = longest.max(now.elapsed());
                out.push(Some((v, n)));
            }
            return out;
        }
        // The units played so far, and whether the rounds they complete use up the limit.
        let shared = Mutex::new((vec![None; total], false));
        let next = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..threads {
                let mut players = Players::new(&self.config);
                let (shared, next, play) = (&shared, &next, &play);
                s.spawn(move || {
                    let mut longest = Duration::ZERO;
                    loop {
                        let now = Instant::now();
                        if deadline.is_some_and(|d| now + longest >= d) {
                            break;
                        }
                        if shared.lock().map_or(true, |s| s.1) {
                            break;
                        }
                        let u = next.fetch_add(1, Ordering::Relaxed);
                        if u >= total {
                            break;
                        }
                        let result = play(&mut players, u);
                        longest = longest.max(now.elapsed());
                        let Ok(mut s) = shared.lock() else { break };
                        s.0[u] = Some(result);
                        s.1 = limit_reached(&s.0, limit);
                    }
                });
            }
        });
        let units = shared.into_inner().map(|s| s.0).unwrap_or_default();
        // As one thread would have played them: in order, up to the first unit missing.
        let played = units.iter().take_while(|u| u.is_some()).count();
        units.into_iter().take(played).collect()
    }
}

impl Players {
    fn new(config: &PlayoutConfig) -> Players {
        Players {
            eval: Evaluator::new(config.weights.clone()),
            // The other seats play as the greedy bot would.
            rival_eval: Evaluator::new(Weights::default()),
        }
    }

    /// Plays `g` on by the one-turn lookahead at every seat until [`HORIZON`] more tiles are
    /// placed and a turn starts (or the game ends); `me`'s margin there, and the positions
    /// valued.
    fn play_out(&mut self, mut g: Game, me: u8) -> (f32, u64) {
        let start = g.board().tiles.len();
        let mut work = 0;
        while let Some(seat) = g.pending_seat() {
            let placed = g.board().tiles.len().saturating_sub(start);
            if placed >= HORIZON && matches!(g.phase(), Phase::Place { .. }) {
                break;
            }
            let actions = g.legal_actions();
            let eval = if seat == me {
                &mut self.eval
            } else {
                &mut self.rival_eval
            };
            // The bag changes as the playout draws: each decision sees its own.
            let left = eval.prepare(&g);
            let mut look = Lookahead::new(eval, &g, left);
            let values = look.action_values(&g, &actions);
            work += look.evaluations;
            let Some(best) = best_index(&values).map(|i| actions[i]) else {
                break;
            };
            if g.apply_into(seat, &best, &mut NoEvents).is_err() {
                break;
            }
        }
        let left = self.eval.prepare(&g);
        let mut look = Lookahead::new(&mut self.eval, &g, left);
        (look.value(&g, me), work + 1)
    }
}

impl Bot for PlayoutBot {
    fn name(&self) -> &str {
        "hard"
    }

    fn think(&mut self, game: &Game, budget: Budget) -> Result<Thought, BotError> {
        let start = Instant::now();
        // Every stage reads the clock only between units of work (a playout, a candidate's
        // replies, 32 search iterations), and in big games a unit takes a few milliseconds:
        // aiming this much early keeps the whole decision within its time.
        let budget = Budget {
            time: budget.time.map(|t| t.saturating_sub(t / TIME_SLACK)),
            ..budget
        };
        let actions = legal(game)?;
        let me = game.pending_seat().ok_or(BotError::GameOver)?;
        let (mut candidates, mut work) = match self.candidates(game, budget, &actions)? {
            Stage::PlayOut(c, work) => (c, work),
            Stage::Answered(thought) => return Ok(thought),
        };
        let k = self.config.candidates.max(1).min(candidates.len());
        let limit = budget.iterations.map_or(self.config.evaluations, u64::from);
        let deadline = budget.time.map(|d| start + d);
        let mut rng = decision_rng(self.seed ^ STREAM, game);
        let orders: Vec<u64> = (0..PLAYOUTS).map(|_| rng.next_u64()).collect();
        let units = self.units(game, me, &candidates[..k], &orders, limit, deadline);
        // Round by round, every candidate with the same draw order; the limit met inside a
        // round drops that round, so every candidate has the same orders behind its mean.
        let mut sums = vec![0.0f64; k];
        let mut rounds = 0;
        let mut spent = 0u64;
        'rounds: for round in units.chunks(k) {
            let mut cost = 0;
            for unit in round {
                match unit {
                    Some((_, n)) if spent + cost < limit => cost += n,
                    _ => break 'rounds,
                }
            }
            if round.len() < k {
                break;
            }
            for (s, unit) in sums.iter_mut().zip(round) {
                *s += unit.map_or(0.0, |u| u.0);
            }
            spent += cost;
            rounds += 1;
        }
        work += spent;
        if rounds < MIN_ROUNDS {
            return Ok(answer(candidates, work));
        }
        for (c, s) in candidates[..k].iter_mut().zip(&sums) {
            c.value = BLEND * c.value + (1.0 - BLEND) * s / rounds as f64;
            c.visits = rounds as u32;
        }
        candidates[..k].sort_by(|a, b| b.value.total_cmp(&a.value));
        Ok(answer(candidates, work))
    }
}

/// Whether the units played in order from the first, up to the first one missing, reach
/// `limit` before another unit would start.
fn limit_reached(units: &[Option<(f64, u64)>], limit: u64) -> bool {
    let mut spent = 0;
    for unit in units {
        if spent >= limit {
            return true;
        }
        match unit {
            Some((_, n)) => spent += n,
            None => return false,
        }
    }
    false
}

/// What comes before the playouts.
enum Stage {
    /// Candidates to play out, best first, and the positions valued to rank them.
    PlayOut(Vec<Candidate>, u64),
    /// Nothing to play out (a single action, a decision outside the bot's own turn, or
    /// the inner bot's search answered): this is the answer.
    Answered(Thought),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::after_greedy;
    use crate::expecti::ExpectiConfig;
    use crate::mcts::MctsConfig;

    /// A smaller configuration than `hard`'s, on one thread, by the heuristic alone.
    fn config() -> PlayoutConfig {
        PlayoutConfig {
            candidates: 4,
            evaluations: 600_000,
            threads: 1,
            weights: Weights::default(),
        }
    }

    fn blend(seed: u64) -> PlayoutBot {
        let inner =
            ExpectiBot::with_fallback(seed, ExpectiConfig::default(), MctsConfig::default());
        PlayoutBot::over(seed, config(), inner)
    }

    #[test]
    fn the_expectimax_candidates_are_played_out_and_blended() {
        let game = after_greedy(5, 12);
        assert!(matches!(game.phase(), Phase::Place { .. }));
        let inner = ExpectiBot::new(2, ExpectiConfig::default())
            .think(&game, Budget::default())
            .expect("an answer");
        let thought = blend(2).think(&game, Budget::default()).expect("an answer");
        let k = config().candidates;
        let rounds = PLAYOUTS as u32;
        // The inner bot's best four, each played out with every draw order, first; the rest
        // as the inner bot ranked and valued them.
        let mut top: Vec<Action> = thought.candidates[..k].iter().map(|c| c.action).collect();
        let mut inner_top: Vec<Action> = inner.candidates[..k].iter().map(|c| c.action).collect();
        top.sort_by_key(|a| format!("{a:?}"));
        inner_top.sort_by_key(|a| format!("{a:?}"));
        assert_eq!(top, inner_top);
        assert!(thought.candidates[..k].iter().all(|c| c.visits == rounds));
        assert_eq!(thought.candidates[k..], inner.candidates[k..]);
        assert!(thought.iterations > inner.iterations);
        // Blended values: no longer the inner bot's alone, best first.
        assert!(thought.candidates[..k]
            .iter()
            .any(|c| inner.candidates.iter().all(|d| d.value != c.value)));
        assert!(thought.candidates[..k]
            .windows(2)
            .all(|w| w[0].value >= w[1].value));
        assert_eq!(thought.action, thought.candidates[0].action);
    }

    #[test]
    fn the_same_position_gets_the_same_answer_whatever_the_hidden_order() {
        for n in [8, 20, 41] {
            let game = after_greedy(9, n);
            let mut other = game.clone();
            other.reseed(game.seed() ^ 0xDEAD_BEEF);
            let a = blend(4).think(&game, Budget::default()).expect("an answer");
            let b = blend(4)
                .think(&other, Budget::default())
                .expect("an answer");
            assert_eq!(a, b, "after {n} decisions");
            assert!(a.candidates.iter().any(|c| c.visits > 0), "played out");
            // Not a constant answer: another seed samples other orders.
            let c = blend(5).think(&game, Budget::default()).expect("an answer");
            assert_ne!(a.candidates, c.candidates);
        }
    }

    #[test]
    fn two_threads_answer_as_one_does() {
        for (seed, decisions) in [(5, 12), (9, 41), (3, 80)] {
            let game = after_greedy(seed, decisions);
            let think = |threads: usize, evaluations: u64| {
                let inner = ExpectiBot::new(
                    2,
                    ExpectiConfig {
                        threads,
                        ..ExpectiConfig::default()
                    },
                );
                let config = PlayoutConfig {
                    threads,
                    evaluations,
                    candidates: 6,
                    ..config()
                };
                PlayoutBot::over(2, config, inner)
                    .think(&game, Budget::default())
                    .expect("an answer")
            };
            let whole = think(1, 600_000);
            assert_eq!(think(2, 600_000), whole, "after {decisions} decisions");
            assert_eq!(think(3, 600_000), whole, "after {decisions} decisions");
            // A limit met in the middle of the rounds: the same rounds count on two threads.
            let inner = ExpectiBot::new(2, ExpectiConfig::default())
                .think(&game, Budget::default())
                .expect("an answer");
            let playouts = u64::from(whole.iterations - inner.iterations);
            let cut = think(1, playouts * 2 / 5);
            assert!(cut.candidates[0].visits < whole.candidates[0].visits);
            assert!(cut.candidates[0].visits >= MIN_ROUNDS as u32);
            assert_eq!(think(2, playouts * 2 / 5), cut);
        }
    }

    #[test]
    fn too_few_rounds_keep_the_candidates_they_came_with() {
        let game = after_greedy(5, 12);
        // Positions enough for the inner bot, not for four rounds of playouts.
        let config = PlayoutConfig {
            evaluations: 1,
            ..config()
        };
        let inner = ExpectiBot::new(2, ExpectiConfig::default());
        let alone = ExpectiBot::new(2, ExpectiConfig::default())
            .think(&game, Budget::default())
            .expect("an answer");
        let thought = PlayoutBot::over(2, config, inner)
            .think(&game, Budget::default())
            .expect("an answer");
        assert_eq!(thought.candidates, alone.candidates);
        // Work counts the rounds kept, so the answer is the same on any number of threads.
        assert_eq!(thought.iterations, alone.iterations);
    }
}
