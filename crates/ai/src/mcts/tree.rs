//! The search tree. A node is a decision as the acting seat sees it; an edge is one of its
//! legal actions. After an action, a determinized copy of the game reaches some next
//! decision — which depends on the tile it drew — so each edge keeps one child per next
//! decision met: chance is sampled honestly, never chosen. Each seat maximises its own
//! reward (max^n), so any number of seats and any decision kind fit.

use carcassonne_engine::{Action, Decision};

/// Index of a node in the tree's arena.
pub(crate) type NodeId = u32;

#[derive(Debug)]
pub(crate) struct Edge {
    pub action: Action,
    pub prior: f32,
    pub visits: u32,
    /// Sum of the rewards (0..=1) of the acting seat through this edge.
    pub reward: f64,
    /// Sum of the margins (points over the best other seat) of the acting seat.
    pub margin: f64,
    /// The next decisions met after this action, one child each.
    pub children: Vec<(Decision, NodeId)>,
}

#[derive(Debug)]
pub(crate) struct Node {
    pub seat: u8,
    pub visits: u32,
    /// Sum of this node's seat's rewards over the iterations through it.
    pub reward: f64,
    /// Empty until the node is expanded (on its second visit: most leaves are seen once).
    pub edges: Vec<Edge>,
}

#[derive(Debug, Default)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
}

impl Tree {
    pub fn add(&mut self, seat: u8) -> NodeId {
        self.nodes.push(Node {
            seat,
            visits: 0,
            reward: 0.0,
            edges: Vec::new(),
        });
        (self.nodes.len() - 1) as NodeId
    }

    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n as usize]
    }

    pub fn node_mut(&mut self, n: NodeId) -> &mut Node {
        &mut self.nodes[n as usize]
    }

    /// Gives `n` its edges with priors (which sum to 1).
    pub fn expand(&mut self, n: NodeId, actions: &[Action], priors: &[f32]) {
        self.node_mut(n).edges = actions
            .iter()
            .zip(priors)
            .map(|(&action, &prior)| Edge {
                action,
                prior,
                visits: 0,
                reward: 0.0,
                margin: 0.0,
                children: Vec::new(),
            })
            .collect();
    }

    /// PUCT: the edge maximising mean reward plus an exploration bonus led by the prior.
    /// Unvisited edges count at the node's mean reward less `fpu` (first-play urgency), so
    /// the search does not try every one of 60 placements before going deeper.
    pub fn select(&self, n: NodeId, exploration: f32, fpu: f32) -> usize {
        let node = self.node(n);
        let parent_mean = if node.visits > 0 {
            node.reward / f64::from(node.visits)
        } else {
            0.5
        };
        let fpu = parent_mean - f64::from(fpu);
        let sqrt_n = f64::from(node.visits.max(1)).sqrt();
        let c = f64::from(exploration);
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (i, e) in node.edges.iter().enumerate() {
            let q = if e.visits > 0 {
                e.reward / f64::from(e.visits)
            } else {
                fpu
            };
            let u = q + c * f64::from(e.prior) * sqrt_n / (1.0 + f64::from(e.visits));
            if u > best_score {
                best_score = u;
                best = i;
            }
        }
        best
    }

    /// The child of edge `e` of `n` reached by `decision`, if met before.
    pub fn child(&self, n: NodeId, e: usize, decision: &Decision) -> Option<NodeId> {
        self.node(n).edges[e]
            .children
            .iter()
            .find(|(d, _)| d == decision)
            .map(|&(_, c)| c)
    }

    pub fn add_child(&mut self, n: NodeId, e: usize, decision: Decision) -> NodeId {
        let c = self.add(decision.seat);
        self.node_mut(n).edges[e].children.push((decision, c));
        c
    }
}
