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

use crate::eval::{Evaluator, Weights};
use crate::greedy::ranked;
use crate::lookahead::Lookahead;
use crate::seed::decision_rng;
use crate::{legal, Bot, BotError, Budget, Candidate, Thought};
use carcassonne_clock::Instant;
use carcassonne_engine::{Action, Game, NoEvents, Rng};
use rollout::RolloutScratch;
use tree::{NodeId, Tree};

/// Decisions with fewer actions than this get a proportional share of the iterations (at
/// least a quarter).
const FULL_BUDGET_ACTIONS: usize = 16;
/// PUCT exploration constant.
const EXPLORATION: f32 = 1.0;
/// First-play urgency: an unvisited edge counts as its node's mean reward less this.
const FPU: f32 = 0.1;
/// Points of margin that move the reward from 0.5 to about 0.73 (logistic scale).
const REWARD_SCALE: f32 = 12.0;
/// Softmax temperature, in points, turning lookahead values into priors.
const PRIOR_TEMPERATURE: f32 = 3.0;
/// Nodes with at most this many actions get lookahead priors even on other seats' turns
/// (deployments are cheap to look ahead; placements of rivals are not).
const PRIOR_MAX_ACTIONS: usize = 8;
/// Turns after the root's that the tree may span; deeper, the rollout takes over.
const TREE_TURNS: u32 = 3;
/// A node is expanded on this visit; before, it is a leaf.
const EXPAND_VISITS: u32 = 2;

/// The knobs of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    pub name: String,
    /// Iterations per decision when the budget sets no limit.
    pub iterations: u32,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            name: "mcts".into(),
            iterations: 5000,
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
        MctsBot::valuing(seed, config, Weights::default())
    }

    /// The search valuing positions by `weights`.
    pub fn valuing(seed: u64, config: MctsConfig, weights: Weights) -> MctsBot {
        MctsBot {
            eval: Evaluator::new(weights),
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
            // The lookahead reads scores only: its copies keep no score log.
            det.stop_score_log();
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
        let share = (actions.len() as f64 / FULL_BUDGET_ACTIONS as f64).clamp(0.25, 1.0);
        let limit = ((f64::from(limit) * share).ceil() as u32).max(1);
        let deadline = budget.time.map(|d| Instant::now() + d);
        // One number drawn and unused: it keeps every search's guesses of the hidden order
        // as they were when it seeded shared draws (the golden test pins them).
        rng.next_u64();
        let mut search = Search {
            eval: &mut self.eval,
            scratch: &mut self.scratch,
            rng,
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
        let priors = softmax(&root_values, PRIOR_TEMPERATURE);
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
    eval: &'a mut Evaluator,
    scratch: &'a mut RolloutScratch,
    rng: Rng,
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
        let draws = self.rng.next_u64();
        g.reseed(draws);
        // The search reads scores only: no score log.
        g.stop_score_log();
        let mut roll = Rng::new(draws ^ 0x0ABC_DEF1_2345_6789);
        self.path.clear();
        let mut n: NodeId = 0;
        let mut leaf = None;
        loop {
            let node = self.tree.node(n);
            if node.edges.is_empty() {
                if n != 0 && node.visits + 1 < EXPAND_VISITS {
                    leaf = Some(n);
                    break;
                }
                if !self.expand(n, &g) {
                    leaf = Some(n);
                    break;
                }
            }
            let e = self.tree.select(n, EXPLORATION, FPU);
            let seat = self.tree.node(n).seat;
            let action = self.tree.node(n).edges[e].action;
            if g.apply_into(seat, &action, &mut NoEvents).is_err() {
                // Unreachable: edges come from the engine's own lists for this node.
                break;
            }
            self.path.push((n, e));
            let Some(d) = g.pending() else { break };
            if g.turn().saturating_sub(self.root_turn) >= TREE_TURNS {
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
            rollout::play(&mut g, &mut roll, self.scratch);
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
        let priors = if own_turn || actions.len() <= PRIOR_MAX_ACTIONS {
            let values = Lookahead::new(self.eval, g, left).action_values(g, &actions);
            softmax(&values, PRIOR_TEMPERATURE)
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
            self.margins.push(self.eval.margin(&self.values, seat));
        }
    }

    fn reward(&self, seat: u8) -> (f64, f64) {
        let m = self.margins.get(usize::from(seat)).copied().unwrap_or(0.0);
        let r = 1.0 / (1.0 + (-m / REWARD_SCALE).exp());
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
        let action = candidates.first().map_or(fallback, |c| c.action);
        Thought {
            action,
            candidates,
            iterations,
        }
    }
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
