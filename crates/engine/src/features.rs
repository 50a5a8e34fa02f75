//! The feature graph: one node per feature segment of each placed tile, merged by union-find
//! as tiles touch. Roots carry what scoring needs (open edges, shields, occupancy); a ring of
//! members per set lets scoring walk a feature's segments without a second index.

use crate::tiles::{FeatureDef, FeatureKind};
use serde::{Deserialize, Serialize};

pub type NodeId = u16;

pub const FLAG_INN: u8 = 1;
pub const FLAG_CATHEDRAL: u8 = 2;
pub const FLAG_BESIEGED: u8 = 4;
/// The feature was completed and scored in the game; it is not scored again at the end.
pub const FLAG_SCORED: u8 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    parent: NodeId,
    /// Next member in the ring of this set.
    next: NodeId,
    /// Index of the placed tile holding this segment.
    pub tile: u16,
    /// Index of the feature in its tile type.
    pub feature: u8,
    pub kind: FeatureKind,
    // Valid at roots only:
    size: u16,
    open: u16,
    pennants: u16,
    flags: u8,
    occupants: u8,
}

impl Node {
    /// A segment of feature `def` (index `feature` on its tile type), on its own, as the tile
    /// type holds it before placement (tile and links filled in by [`FeatureGraph::add_tile`]).
    pub(crate) fn template(def: &FeatureDef, feature: u8) -> Node {
        let open = if def.kind.is_edge_closed() || def.kind == FeatureKind::River {
            def.slots.count_ones() as u16
        } else {
            0
        };
        let mut flags = 0;
        if def.inn {
            flags |= FLAG_INN;
        }
        if def.cathedral {
            flags |= FLAG_CATHEDRAL;
        }
        if def.besieged {
            flags |= FLAG_BESIEGED;
        }
        Node {
            parent: 0,
            next: 0,
            tile: 0,
            feature,
            kind: def.kind,
            size: 1,
            open,
            pennants: u16::from(def.pennants),
            flags,
            occupants: 0,
        }
    }
}

#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureGraph {
    nodes: Vec<Node>,
}

impl Clone for FeatureGraph {
    fn clone(&self) -> Self {
        FeatureGraph {
            nodes: crate::board::clone_with_capacity(&self.nodes),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.nodes.clone_from(&source.nodes);
    }
}

impl FeatureGraph {
    pub fn with_capacity(nodes: usize) -> Self {
        FeatureGraph {
            nodes: Vec::with_capacity(nodes),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[usize::from(n)]
    }

    /// Adds the segments of a placed tile, unconnected for now, from its tile type's
    /// templates ([`Node::template`] of each feature, in order).
    pub fn add_tile(&mut self, tile: u16, templates: &[Node]) {
        let first = self.nodes.len();
        self.nodes.extend_from_slice(templates);
        for (n, id) in self.nodes[first..].iter_mut().zip(first as NodeId..) {
            n.parent = id;
            n.next = id;
            n.tile = tile;
        }
    }

    /// The root of `n`'s set, halving paths on the way.
    pub fn find(&mut self, mut n: NodeId) -> NodeId {
        loop {
            let p = self.nodes[usize::from(n)].parent;
            if p == n {
                return n;
            }
            let gp = self.nodes[usize::from(p)].parent;
            self.nodes[usize::from(n)].parent = gp;
            n = gp;
        }
    }

    /// The root of `n`'s set, without touching the structure.
    pub fn root(&self, mut n: NodeId) -> NodeId {
        loop {
            let p = self.nodes[usize::from(n)].parent;
            if p == n {
                return n;
            }
            n = p;
        }
    }

    /// Joins the sets of `a` and `b` across one shared edge and returns the new root. For
    /// roads, cities and rivers the shared edge closes one open edge on each side.
    pub fn connect(&mut self, a: NodeId, b: NodeId) -> NodeId {
        let ra = self.find(a);
        let rb = self.find(b);
        let kind = self.nodes[usize::from(ra)].kind;
        let closes = if kind.is_edge_closed() || kind == FeatureKind::River {
            2
        } else {
            0
        };
        let root = if ra == rb {
            ra
        } else {
            let (big, small) =
                if self.nodes[usize::from(ra)].size >= self.nodes[usize::from(rb)].size {
                    (ra, rb)
                } else {
                    (rb, ra)
                };
            let s = self.nodes[usize::from(small)];
            let b = &mut self.nodes[usize::from(big)];
            b.size += s.size;
            b.open += s.open;
            b.pennants += s.pennants;
            b.flags |= s.flags;
            b.occupants += s.occupants;
            // Splice the two rings.
            let big_next = b.next;
            b.next = s.next;
            self.nodes[usize::from(small)].next = big_next;
            self.nodes[usize::from(small)].parent = big;
            big
        };
        let r = &mut self.nodes[usize::from(root)];
        r.open = r.open.saturating_sub(closes);
        root
    }

    /// How many segments the set rooted at `root` has.
    pub fn size(&self, root: NodeId) -> u16 {
        self.nodes[usize::from(root)].size
    }

    /// Open edges left on the feature (0 = closed, for roads and cities).
    pub fn open_edges(&self, root: NodeId) -> u16 {
        self.nodes[usize::from(root)].open
    }

    pub fn pennants(&self, root: NodeId) -> u16 {
        self.nodes[usize::from(root)].pennants
    }

    pub fn flags(&self, root: NodeId) -> u8 {
        self.nodes[usize::from(root)].flags
    }

    pub fn set_flag(&mut self, root: NodeId, flag: u8) {
        self.nodes[usize::from(root)].flags |= flag;
    }

    pub fn occupants(&self, root: NodeId) -> u8 {
        self.nodes[usize::from(root)].occupants
    }

    pub fn add_occupant(&mut self, root: NodeId) {
        self.nodes[usize::from(root)].occupants += 1;
    }

    pub fn remove_occupant(&mut self, root: NodeId) {
        let o = &mut self.nodes[usize::from(root)].occupants;
        *o = o.saturating_sub(1);
    }

    /// Every segment of the set rooted at (or containing) `n`.
    pub fn members(&self, n: NodeId) -> Members<'_> {
        Members {
            graph: self,
            start: n,
            cur: Some(n),
        }
    }
}

pub struct Members<'a> {
    graph: &'a FeatureGraph,
    start: NodeId,
    cur: Option<NodeId>,
}

impl Iterator for Members<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let c = self.cur?;
        let n = self.graph.nodes[usize::from(c)].next;
        self.cur = (n != self.start).then_some(n);
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(kind: FeatureKind, slots: u16, pennants: u8) -> FeatureDef {
        FeatureDef {
            local_id: "x".into(),
            kind,
            slots,
            pennants,
            cathedral: false,
            besieged: false,
            inn: false,
            inner: false,
            pig_herd: false,
            borders_cities: vec![],
            borders_city_of_carcassonne: false,
        }
    }

    /// One segment of tile `tile`, as placing a tile adds its segments; returns its node.
    fn add(g: &mut FeatureGraph, tile: u16, feature: u8, d: &FeatureDef) -> NodeId {
        let id = g.len() as NodeId;
        g.add_tile(tile, &[Node::template(d, feature)]);
        id
    }

    #[test]
    fn union_counts_open_edges_pennants_and_distinct_tiles() {
        let mut g = FeatureGraph::default();
        // Tile 0: two separate city caps (N and S); tile 1: a city with N and S (ports 1, 7).
        let a = add(&mut g, 0, 0, &def(FeatureKind::City, 1 << 1, 0));
        let b = add(&mut g, 0, 1, &def(FeatureKind::City, 1 << 7, 1));
        let c = add(
            &mut g,
            1,
            0,
            &def(FeatureKind::City, (1 << 1) | (1 << 7), 0),
        );
        let r = g.connect(a, c);
        assert_eq!(g.open_edges(r), 1);
        let r = g.connect(b, c);
        assert_eq!(g.open_edges(r), 0);
        assert_eq!(g.pennants(r), 1);
        assert_eq!(g.members(r).count(), 3);
        let mut tiles: Vec<u16> = g.members(r).map(|m| g.node(m).tile).collect();
        assert_eq!(tiles.len(), 3, "three segments");
        tiles.sort_unstable();
        tiles.dedup();
        assert_eq!(tiles, vec![0, 1], "on two distinct tiles");
        assert_eq!(g.root(a), g.root(b));
    }

    #[test]
    fn connecting_a_set_to_itself_closes_a_loop() {
        let mut g = FeatureGraph::default();
        let a = add(
            &mut g,
            0,
            0,
            &def(FeatureKind::Road, (1 << 4) | (1 << 10), 0),
        );
        let b = add(
            &mut g,
            1,
            0,
            &def(FeatureKind::Road, (1 << 4) | (1 << 10), 0),
        );
        g.connect(a, b);
        let r = g.connect(a, b);
        assert_eq!(g.open_edges(r), 0);
        assert_eq!(g.members(r).count(), 2);
    }
}
