//! Monte Carlo tree search over determinized draws (single-observer information-set MCTS).
//!
//! Every iteration takes a fresh copy of the position and reseeds it with the bot's own
//! generator — a guess at the hidden order, drawn from the public set of remaining tiles —
//! then walks the tree (PUCT with priors from the one-turn lookahead on the searching
//! seat's own turn), adds one node, plays a short rollout and values the result with the
//! heuristic (or exactly, at the end of the game). Nodes are decisions as their seat sees
//! them, so the same tree gathers every determinization.

mod rollout;
mod tree;

pub use rollout::Rollout;

use crate::eval::{Evaluator, Weights};
use crate::greedy::ranked;
use crate::lookahead::{best_index, Lookahead};
use crate::seed::decision_rng;
use crate::{legal, Bot, BotError, Budget, Candidate, Thought};
use carcassonne_engine::{Action, Game, NoEvents, Rng};
use rollout::RolloutScratch;
use std::time::Instant;
use tree::{NodeId, Tree};

/// The knobs of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    pub name: String,
    /// Iterations per decision when the budget sets no limit.
    pub iterations: u32,
    /// Decisions with fewer actions than this get a proportional share of the iterations
    /// (at least a quarter).
    pub full_budget_actions: usize,
    /// PUCT exploration constant.
    pub exploration: f32,
    /// First-play urgency: an unvisited edge counts as its node's mean reward less this.
    pub fpu: f32,
    /// Points of margin that move the reward from 0.5 to about 0.73 (logistic scale).
    pub reward_scale: f32,
    /// Softmax temperature, in points, turning lookahead values into priors.
    pub prior_temperature: f32,
    /// Nodes with at most this many actions get lookahead priors even on other seats'
    /// turns (deployments are cheap to look ahead; placements of rivals are not).
    pub prior_max_actions: usize,
    /// Other seats' decisions with many actions (placements) get priors from valuing each
    /// action as it leaves the position, so the search expects sensible replies.
    pub opponent_priors: bool,
    /// Nodes of any seat within this many turns of the root's (0 or 1: the root's turn
    /// only) get lookahead priors: a rival's first replies are expected to be its best
    /// one-turn answers, which a search with flat priors there rarely finds.
    pub prior_turns: u32,
    /// Root actions are compared on the same guesses of the hidden order (common random
    /// numbers): the k-th iteration through each root action uses the k-th guess.
    pub common_draws: bool,
    /// Points by which the search's favourite root action must beat the one-turn
    /// lookahead's favourite (in mean margin) to be played instead; 0 plays the most
    /// visited action.
    pub switch_margin: f32,
    /// Rollouts end at the same turn counted from the root (the rollout's turns), so every
    /// leaf is valued at the same point of play: otherwise leaves valued right after the
    /// searching seat's move look better than those valued after a rival's reply.
    pub aligned: bool,
    /// Turns after the root's that the tree may span; deeper, the rollout takes over.
    pub tree_turns: u32,
    /// A node is expanded on its `expand_visits`-th visit; before, it is a leaf.
    pub expand_visits: u32,
    pub rollout: Rollout,
    pub weights: Weights,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            name: "mcts".into(),
            iterations: 5000,
            full_budget_actions: 16,
            exploration: 1.0,
            fpu: 0.1,
            reward_scale: 12.0,
            prior_temperature: 3.0,
            prior_max_actions: 8,
            opponent_priors: false,
            prior_turns: 0,
            common_draws: false,
            aligned: false,
            switch_margin: 0.0,
            tree_turns: 3,
            expand_visits: 2,
            rollout: Rollout::Random {
                turns: 4,
                deploy: 0.3,
            },
            weights: Weights::default(),
        }
    }
}

/// The search bot.
pub struct MctsBot {
    config: MctsConfig,
    seed: u64,
    eval: Evaluator,
    scratch: RolloutScratch,
}

impl MctsBot {
    pub fn new(seed: u64, config: MctsConfig) -> MctsBot {
        MctsBot {
            eval: Evaluator::new(config.weights.clone()),
            config,
            seed,
            scratch: RolloutScratch::default(),
        }
    }

    pub fn config(&self) -> &MctsConfig {
        &self.config
    }
}

impl Bot for MctsBot {
    fn name(&self) -> &str {
        &self.config.name
    }

    fn think(&mut self, game: &Game, budget: Budget) -> Result<Thought, BotError> {
        let actions = legal(game)?;
        let mut rng = decision_rng(self.seed, game);
        let left = self.eval.prepare(game);
        let root_values = {
            let mut det = game.clone();
            det.reseed(rng.next_u64());
            Lookahead::new(&mut self.eval, &det, left).action_values(&det, &actions)
        };
        if actions.len() == 1 {
            return Ok(Thought {
                action: actions[0],
                candidates: ranked(&actions, &root_values),
                iterations: 0,
            });
        }
        let limit = budget.iterations.unwrap_or(self.config.iterations);
        // A choice among a few actions (deploy or pass) needs fewer iterations for the
        // same number per action: a quarter of the budget for 4 actions or fewer.
        let share =
            (actions.len() as f64 / self.config.full_budget_actions.max(1) as f64).clamp(0.25, 1.0);
        let limit = ((f64::from(limit) * share).ceil() as u32).max(1);
        let deadline = budget.time.map(|d| Instant::now() + d);
        let draws_base = rng.next_u64();
        let mut search = Search {
            config: &self.config,
            eval: &mut self.eval,
            scratch: &mut self.scratch,
            rng,
            draws_base,
            tree: Tree::default(),
            root: game,
            root_turn: game.turn(),
            root_tiles: game.board().tiles.len(),
            left,
            values: Vec::new(),
            margins: Vec::new(),
            path: Vec::new(),
        };
        let root = search.tree.add(game.pending().map_or(0, |d| d.seat));
        let priors = softmax(&root_values, self.config.prior_temperature);
        search.tree.expand(root, &actions, &priors);
        let mut done = 0;
        while done < limit {
            search.iterate();
            done += 1;
            // Reading the clock every 32 iterations keeps its cost out of the figures.
            if done & 31 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        Ok(search.answer(root, &root_values, done, actions[0]))
    }
}

/// One decision's search.
struct Search<'a> {
    config: &'a MctsConfig,
    eval: &'a mut Evaluator,
    scratch: &'a mut RolloutScratch,
    rng: Rng,
    /// Seeds the guesses of the hidden order when they are shared between root actions.
    draws_base: u64,
    tree: Tree,
    root: &'a Game,
    root_turn: u32,
    root_tiles: usize,
    /// Tiles left to draw at the root.
    left: u32,
    values: Vec<f32>,
    margins: Vec<f32>,
    path: Vec<(NodeId, usize)>,
}

impl Search<'_> {
    fn iterate(&mut self) {
        let mut g = self.root.clone();
        let draws = if self.config.common_draws {
            // The k-th visit of every root action sees the k-th guess of the hidden order:
            // actions are compared on the same draws, so the luck of the draw cancels out.
            let e = self
                .tree
                .select(0, self.config.exploration, self.config.fpu);
            let k = self.tree.node(0).edges.get(e).map_or(0, |e| e.visits);
            mix(self.draws_base, u64::from(k))
        } else {
            self.rng.next_u64()
        };
        g.reseed(draws);
        let mut roll = Rng::new(draws ^ 0x0ABC_DEF1_2345_6789);
        self.path.clear();
        let mut n: NodeId = 0;
        let mut leaf = None;
        loop {
            let node = self.tree.node(n);
            if node.edges.is_empty() {
                if n != 0 && node.visits + 1 < self.config.expand_visits.max(1) {
                    leaf = Some(n);
                    break;
                }
                if !self.expand(n, &g) {
                    leaf = Some(n);
                    break;
                }
            }
            let e = self
                .tree
                .select(n, self.config.exploration, self.config.fpu);
            let seat = self.tree.node(n).seat;
            let action = self.tree.node(n).edges[e].action;
            if g.apply_into(seat, &action, &mut NoEvents).is_err() {
                // Unreachable: edges come from the engine's own lists for this node.
                break;
            }
            self.path.push((n, e));
            let Some(d) = g.pending() else { break };
            if g.turn().saturating_sub(self.root_turn) >= self.config.tree_turns {
                break;
            }
            match self.tree.child(n, e, &d) {
                Some(c) => n = c,
                None => {
                    leaf = Some(self.tree.add_child(n, e, d));
                    break;
                }
            }
        }
        if !g.is_over() {
            let mut look = Lookahead::at(self.eval, self.left, self.root_tiles);
            let from = if self.config.aligned {
                self.root_turn
            } else {
                g.turn()
            };
            rollout::play(
                &mut g,
                from,
                self.config.rollout,
                &mut roll,
                self.scratch,
                &mut look,
            );
        }
        self.evaluate(&g);
        self.backpropagate(leaf);
    }

    /// Gives `n` its edges; false if the position has no legal action.
    fn expand(&mut self, n: NodeId, g: &Game) -> bool {
        let actions = g.legal_actions();
        if actions.is_empty() {
            return false;
        }
        let seat = self.tree.node(n).seat;
        let own_turn = seat == self.tree.node(0).seat && g.turn() == self.root_turn;
        let drawn = g.board().tiles.len().saturating_sub(self.root_tiles) as u32;
        let left = self.left.saturating_sub(drawn);
        let near = g.turn().saturating_sub(self.root_turn) < self.config.prior_turns;
        let priors = if own_turn || near || actions.len() <= self.config.prior_max_actions {
            let values = Lookahead::new(self.eval, g, left).action_values(g, &actions);
            softmax(&values, self.config.prior_temperature)
        } else if self.config.opponent_priors {
            let values = Lookahead::new(self.eval, g, left).shallow_values(g, &actions);
            softmax(&values, self.config.prior_temperature)
        } else {
            vec![1.0 / actions.len() as f32; actions.len()]
        };
        self.tree.expand(n, &actions, &priors);
        true
    }

    /// Values every seat in `g` into `self.margins` (points over the best other seat).
    fn evaluate(&mut self, g: &Game) {
        let drawn = g.board().tiles.len().saturating_sub(self.root_tiles) as u32;
        let left = self.left.saturating_sub(drawn);
        self.eval.estimate(g, left, &mut self.values);
        self.margins.clear();
        for seat in 0..self.values.len() {
            self.margins.push(Evaluator::margin(&self.values, seat));
        }
    }

    fn reward(&self, seat: u8) -> (f64, f64) {
        let m = self.margins.get(usize::from(seat)).copied().unwrap_or(0.0);
        let r = 1.0 / (1.0 + (-m / self.config.reward_scale).exp());
        (f64::from(r), f64::from(m))
    }

    fn backpropagate(&mut self, leaf: Option<NodeId>) {
        for i in 0..self.path.len() {
            let (n, e) = self.path[i];
            let seat = self.tree.node(n).seat;
            let (r, m) = self.reward(seat);
            let node = self.tree.node_mut(n);
            node.visits += 1;
            node.reward += r;
            let edge = &mut node.edges[e];
            edge.visits += 1;
            edge.reward += r;
            edge.margin += m;
        }
        if let Some(l) = leaf {
            let (r, _) = self.reward(self.tree.node(l).seat);
            let node = self.tree.node_mut(l);
            node.visits += 1;
            node.reward += r;
        }
    }

    /// The most visited root action (ties: the better mean reward), and every candidate.
    fn answer(
        &self,
        root: NodeId,
        root_values: &[f32],
        iterations: u32,
        fallback: Action,
    ) -> Thought {
        let edges = &self.tree.node(root).edges;
        let mut candidates: Vec<Candidate> = edges
            .iter()
            .zip(root_values)
            .map(|(e, &v)| {
                let visits = e.visits;
                let n = f64::from(visits.max(1));
                Candidate {
                    action: e.action,
                    value: if visits > 0 {
                        e.margin / n
                    } else {
                        f64::from(v)
                    },
                    reward: (visits > 0).then(|| e.reward / n),
                    visits,
                }
            })
            .collect();
        candidates.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.reward.unwrap_or(0.0).total_cmp(&a.reward.unwrap_or(0.0)))
                .then(b.value.total_cmp(&a.value))
        });
        self.keep_lookahead_choice(&mut candidates, edges, root_values);
        let action = candidates.first().map_or(fallback, |c| c.action);
        Thought {
            action,
            candidates,
            iterations,
        }
    }
}

impl Search<'_> {
    /// Puts the lookahead's favourite first unless the search's favourite beats it by
    /// `switch_margin` points: on quiet moves the one-turn lookahead is exact and the
    /// search's estimates are noisy, so the search only overrules it with evidence.
    fn keep_lookahead_choice(
        &self,
        candidates: &mut [Candidate],
        edges: &[tree::Edge],
        root_values: &[f32],
    ) {
        let threshold = f64::from(self.config.switch_margin);
        if threshold <= 0.0 {
            return;
        }
        let Some(favourite) = best_index(root_values).map(|i| edges[i].action) else {
            return;
        };
        let Some(at) = candidates.iter().position(|c| c.action == favourite) else {
            return;
        };
        let searched = &candidates[0];
        if at > 0
            && (candidates[at].visits == 0 || searched.value - candidates[at].value < threshold)
        {
            candidates[..=at].rotate_right(1);
        }
    }
}

/// SplitMix64 of `a` and `b`: independent-looking seeds from a base and an index.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Priors from values: `exp((v - best) / temperature)`, normalised.
fn softmax(values: &[f32], temperature: f32) -> Vec<f32> {
    let best = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let t = temperature.max(1e-3);
    let mut p: Vec<f32> = values
        .iter()
        .map(|&v| {
            if v.is_finite() {
                ((v - best) / t).exp()
            } else {
                0.0
            }
        })
        .collect();
    let total: f32 = p.iter().sum();
    if total > 0.0 && total.is_finite() {
        p.iter_mut().for_each(|x| *x /= total);
    } else {
        let u = 1.0 / values.len().max(1) as f32;
        p.iter_mut().for_each(|x| *x = u);
    }
    p
}
