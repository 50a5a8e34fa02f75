//! The farm view, a learning aid: every field on the board with its segments, the farmers on
//! it per seat, the seats that would score it (R-BASE-13's majority, R-BASE-9 ties, R-IC-3's
//! big meeple counting 2) and the completed cities it supplies. Owners and points come from
//! the engine's own field scoring (the entry final scoring would write), so the aid can never
//! disagree with the real ending.

use super::Game;
use crate::board::Pos;
use crate::features::{NodeId, FLAG_BESIEGED};
use crate::setup::Seat;
use crate::tiles::{catalogue, FeatureKind};
use crate::FeatureRef;
use serde::{Deserialize, Serialize};

/// One segment of a feature: the tile it lies on and the feature there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Segment {
    pub at: Pos,
    pub feature: FeatureRef,
}

/// One field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Farm {
    /// The field's oldest segment's node: stays the same as the field grows and merges with
    /// younger fields, so a screen can follow it from turn to turn.
    pub id: NodeId,
    /// Its segments, sorted by tile (row, column) then feature.
    pub segments: Vec<Segment>,
    /// Farmer strength per seat (a big meeple counts 2, R-IC-3).
    pub strength: Vec<u8>,
    /// The seats with the most farmers (several when tied); empty when nobody farms it.
    pub owners: Vec<Seat>,
    /// The completed cities it touches: indexes into [`Farms::cities`].
    pub cities: Vec<usize>,
    /// It touches the City of Carcassonne, one more completed city (R-CKR-1).
    pub city_of_carcassonne: bool,
    /// What each owner would score for it if the game ended now (R-BASE-13, R-SIEGE-4).
    pub points: u32,
}

/// A completed city that at least one field touches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FarmCity {
    /// Its segments, sorted like a field's.
    pub segments: Vec<Segment>,
    /// Besieged: worth double to farmers when Siege rules apply (R-SIEGE-4).
    pub besieged: bool,
}

/// The board's fields and the completed cities they supply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Farms {
    /// Every field, by id.
    pub fields: Vec<Farm>,
    /// The completed cities touched by a field, in the order fields first name them.
    pub cities: Vec<FarmCity>,
}

impl Game {
    /// Every field on the board, its farmers, owners and supplied cities, as final scoring
    /// would see them now (the farmers option only decides whether anyone can stand there).
    pub fn farms(&self) -> Farms {
        // Field scoring compresses the graph's paths as it reads it: a copy keeps this `&self`.
        let mut g = self.clone();
        let mut roots: Vec<(NodeId, NodeId)> = Vec::new(); // (root, smallest member)
        for n in 0..g.graph.len() as NodeId {
            if g.graph.node(n).kind != FeatureKind::Field {
                continue;
            }
            let root = g.graph.find(n);
            if !roots.iter().any(|&(r, _)| r == root) {
                // Nodes are visited in order: the first one met is the field's smallest.
                roots.push((root, n));
            }
        }
        let mut out = Farms::default();
        let mut city_roots: Vec<NodeId> = Vec::new();
        for (root, id) in roots {
            let entry = g.field_entry(root);
            let cities = g
                .field_cities(root)
                .into_iter()
                .map(|c| match city_roots.iter().position(|&r| r == c) {
                    Some(i) => i,
                    None => {
                        city_roots.push(c);
                        city_roots.len() - 1
                    }
                })
                .collect();
            out.fields.push(Farm {
                id,
                segments: g.segments(root),
                strength: entry.strength.to_vec(),
                owners: entry.winners.to_vec(),
                cities,
                city_of_carcassonne: g.field_touches_city_board(root),
                points: entry.points,
            });
        }
        out.cities = city_roots
            .into_iter()
            .map(|c| FarmCity {
                segments: g.segments(c),
                besieged: g.graph.flags(c) & FLAG_BESIEGED != 0,
            })
            .collect();
        out
    }

    /// The segments of the feature rooted at `root`, sorted.
    fn segments(&self, root: NodeId) -> Vec<Segment> {
        let cat = catalogue();
        let mut out: Vec<Segment> = self
            .graph
            .members(root)
            .map(|m| {
                let n = self.graph.node(m);
                let pt = &self.board.tiles[usize::from(n.tile)];
                Segment {
                    at: pt.pos,
                    feature: Game::feature_ref(pt, cat.tile(pt.tile), usize::from(n.feature)),
                }
            })
            .collect();
        out.sort_unstable_by_key(|s| (s.at.y, s.at.x, s.feature));
        out
    }
}
