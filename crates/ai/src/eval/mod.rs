//! The heuristic: every seat's expected final score, from public facts only.
//!
//! Scores so far, plus for each occupied feature its expected final value to the seats
//! with the majority (R-BASE-9), plus the follower economy: followers in supply are worth
//! points while there are turns left to use them, and a follower on an open feature is
//! worth getting back. Completion chances are rough curves of the open edges and the tiles
//! left, with weights the arena tunes ([`Weights`]).

use carcassonne_engine::features::{NodeId, FLAG_CATHEDRAL, FLAG_INN};
use carcassonne_engine::tiles::{FeatureKind, Side, FIT_CODES};
use carcassonne_engine::{catalogue, FollowerKind, Game, Pos, TileTypeId};

mod learned;
mod trained;
mod weights;

pub use learned::{feature_names, Linear, FEATURES};
pub use weights::Weights;

/// Tiles a base game draws after the start tile: the scale of the learned features' share
/// of the tiles still to draw.
const BASE_TILES: f32 = 71.0;

/// Most seats a game can have (R-IC-4).
pub const MAX_SEATS: usize = 6;

/// What a share of a seat's expected final score comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Points scored so far.
    Score,
    /// Expected final points of the cities the seat has the majority in.
    City,
    Road,
    /// Monasteries, shrines and gardens.
    Cloister,
    /// Farms.
    Field,
    /// Followers expected back from completed features, by what they are worth again.
    Return,
    /// Followers in supply (and the abbot, and those waiting in the City of Carcassonne).
    Supply,
}

impl Part {
    pub const ALL: [Part; 7] = [
        Part::Score,
        Part::City,
        Part::Road,
        Part::Cloister,
        Part::Field,
        Part::Return,
        Part::Supply,
    ];
}

/// A feature holding followers: its root, where one follower stands, and strength per seat.
#[derive(Clone, Copy, Debug)]
struct Group {
    root: NodeId,
    at: Pos,
    strength: [u8; MAX_SEATS],
}

/// What the heuristic found of one occupied feature.
#[derive(Clone, Copy, Debug)]
struct Facts {
    /// The part its points belong to, its expected final points to its majority, and the
    /// chance it completes.
    part: Part,
    points: f32,
    chance: f32,
    /// Distinct tiles of a road or city, its open edges, the empty cells they face, shields.
    tiles: f32,
    open: u16,
    cells: u16,
    /// Where those cells start in `Evaluator::cell_log`.
    cells_at: u32,
    shields: f32,
    /// A farm's completed cities, open cities, their chances of completion, segments.
    farm: [f32; 4],
}

impl Facts {
    fn new(part: Part, points: f32, chance: f32) -> Facts {
        Facts {
            part,
            points,
            chance,
            tiles: 0.0,
            open: 0,
            cells: 0,
            cells_at: 0,
            shields: 0.0,
            farm: [0.0; 4],
        }
    }
}

/// Evaluates positions; keeps its buffers between calls so evaluation does not allocate.
#[derive(Clone, Debug, Default)]
pub struct Evaluator {
    pub weights: Weights,
    groups: Vec<Group>,
    tiles: Vec<u16>,
    cities: Vec<NodeId>,
    /// The remaining tiles by type, from [`Evaluator::prepare`].
    bag: Vec<(TileTypeId, u16)>,
    /// `fits` per requirement code for this bag; NaN until asked.
    fit_cache: Vec<f32>,
    /// Completion chances of the cities met during one evaluation, with their empty cells.
    city_chances: Vec<(NodeId, f32, u16, u32)>,
    /// The empty cells each open road and city of one evaluation faces, one run each.
    cell_log: Vec<Pos>,
    /// What the last evaluation found of each occupied feature.
    facts: Vec<(Group, Facts)>,
    /// Every seat's features, for a learned valuation.
    rows: Vec<[f32; FEATURES]>,
    /// Whether the learned valuation values the game last prepared (it was trained for
    /// some setups only).
    use_learned: bool,
}

impl Evaluator {
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator {
            weights,
            ..Evaluator::default()
        }
    }

    /// Reads which tiles remain (public), for the chances of filling holes; returns how
    /// many. Positions evaluated later are assumed to have about the same tiles left.
    pub fn prepare(&mut self, game: &Game) -> u32 {
        self.use_learned = self
            .weights
            .learned
            .as_ref()
            .is_some_and(|_| Linear::trained_for(game.setup()));
        self.bag.clear();
        self.fit_cache.clear();
        self.fit_cache.resize(FIT_CODES, f32::NAN);
        let tiles = game.remaining_tiles();
        for &t in &tiles {
            match self.bag.last_mut() {
                Some((last, n)) if *last == t => *n += 1,
                _ => self.bag.push((t, 1)),
            }
        }
        tiles.len() as u32
    }

    /// Every seat's expected final score, into `out` (one entry per seat). `left` is the
    /// number of tiles still to draw (public: see [`Evaluator::prepare`]).
    pub fn estimate(&mut self, game: &Game, left: u32, out: &mut Vec<f32>) {
        out.clear();
        out.resize(game.scores().len(), 0.0);
        if let Some(model) = self.weights.learned.take_if(|_| self.use_learned) {
            let mut rows = std::mem::take(&mut self.rows);
            self.features(game, left, &mut rows);
            for (o, x) in out.iter_mut().zip(&rows) {
                *o = model.value(x);
            }
            self.rows = rows;
            self.weights.learned = Some(model);
            return;
        }
        self.estimate_parts(game, left, |seat, _, v| out[seat] += v);
    }

    /// The parts of every seat's expected final score, passed one at a time to `add(seat,
    /// part, points)`: what [`Evaluator::estimate`] sums, and the learned features' parts.
    pub fn estimate_parts(
        &mut self,
        game: &Game,
        left: u32,
        mut add: impl FnMut(usize, Part, f32),
    ) {
        let scores = game.scores();
        for (seat, &s) in scores.iter().enumerate() {
            add(seat, Part::Score, s as f32);
        }
        if game.is_over() {
            return;
        }
        let seats = scores.len().min(MAX_SEATS);
        let left = left as f32;
        let own_turns = left / seats.max(1) as f32;
        self.collect_groups(game);
        self.city_chances.clear();
        self.cell_log.clear();
        self.facts.clear();
        let mut supply_next = [0u8; MAX_SEATS];
        for (seat, n) in supply_next.iter_mut().enumerate().take(seats) {
            *n = followers_in_supply(game, seat as u8) + 1;
        }
        for gi in 0..self.groups.len() {
            let g = self.groups[gi];
            let facts = self.feature_value(game, &g, left);
            self.facts.push((g, facts));
            let (part, points, done) = (facts.part, facts.points, facts.chance);
            let best = g.strength.iter().copied().max().unwrap_or(0);
            for (seat, (&strength, &next)) in g.strength.iter().zip(&supply_next).enumerate() {
                if seat >= seats {
                    break;
                }
                if best > 0 && strength == best {
                    add(seat, part, points);
                }
                // Followers come back when the feature is completed (R-BASE-9).
                if strength > 0 {
                    add(
                        seat,
                        Part::Return,
                        done * self.marginal(usize::from(next), own_turns),
                    );
                }
            }
        }
        for seat in 0..seats {
            add(
                seat,
                Part::Supply,
                self.supply_value(game, seat as u8, own_turns),
            );
        }
    }

    /// Margin of `seat` over the other seats in `values`: over the best of them, blended
    /// with their mean by [`Weights::rivals_mean`].
    pub fn margin(&self, values: &[f32], seat: usize) -> f32 {
        let own = values.get(seat).copied().unwrap_or(0.0);
        let (mut best, mut sum, mut n) = (f32::NEG_INFINITY, 0.0, 0u32);
        for (i, &v) in values.iter().enumerate() {
            if i != seat {
                best = best.max(v);
                sum += v;
                n += 1;
            }
        }
        if n == 0 {
            return own;
        }
        // Written as a step from the best towards the mean, so that with one rival (the
        // mean is the best) the margin is exactly the difference.
        let mean = sum / n as f32;
        own - (best + self.weights.rivals_mean * (mean - best))
    }

    fn collect_groups(&mut self, game: &Game) {
        self.groups.clear();
        let graph = game.graph();
        for f in game.followers() {
            let root = graph.root(f.node);
            let seat = usize::from(f.owner).min(MAX_SEATS - 1);
            let i = match self.groups.iter().position(|g| g.root == root) {
                Some(i) => i,
                None => {
                    self.groups.push(Group {
                        root,
                        at: f.at,
                        strength: [0; MAX_SEATS],
                    });
                    self.groups.len() - 1
                }
            };
            self.groups[i].strength[seat] += f.kind.strength();
        }
    }

    /// What the heuristic finds of an occupied feature.
    fn feature_value(&mut self, game: &Game, g: &Group, left: f32) -> Facts {
        let graph = game.graph();
        let kind = graph.node(g.root).kind;
        let n = if kind.is_edge_closed() {
            self.distinct_tiles(game, g.root) as f32
        } else {
            0.0
        };
        let w = &self.weights;
        match kind {
            FeatureKind::City => {
                let shields = f32::from(graph.pennants(g.root));
                let (p, cells, cells_at) = self.city_chance_cells(game, g.root, left);
                let (done, undone) = if graph.flags(g.root) & FLAG_CATHEDRAL != 0 {
                    // R-IC-2: 3 per tile and shield when complete, nothing otherwise.
                    (3.0 * (n + shields), 0.0)
                } else {
                    (2.0 * (n + shields), n + shields)
                };
                Facts {
                    tiles: n,
                    open: graph.open_edges(g.root),
                    cells,
                    cells_at,
                    shields,
                    ..Facts::new(Part::City, p * done + (1.0 - p) * undone, p)
                }
            }
            FeatureKind::Road => {
                let open = graph.open_edges(g.root);
                let p = chance(&w.road_done, open, left, w.tiles_per_edge);
                let (fit, cells, cells_at) = self.fit_factor(game, g.root, open);
                let p = p * fit;
                let inn = graph.flags(g.root) & FLAG_INN != 0 && game.rules().inns_cathedrals;
                let (done, undone) = if inn { (2.0 * n, 0.0) } else { (n, n) };
                Facts {
                    tiles: n,
                    open,
                    cells,
                    cells_at,
                    ..Facts::new(Part::Road, p * done + (1.0 - p) * undone, p)
                }
            }
            FeatureKind::Field => {
                let (cities, farm) = self.field_cities(game, g.root, left);
                Facts {
                    farm,
                    ..Facts::new(Part::Field, 3.0 * cities, 0.0)
                }
            }
            FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => {
                let fill = w.cloister_fill * (1.0 - (-left / w.cloister_tiles).exp());
                let board = game.board();
                let (mut expected, mut p) = (1.0, 1.0);
                for q in g.at.around() {
                    if board.is_occupied(q) {
                        expected += 1.0;
                        continue;
                    }
                    // A neighbour cell no remaining tile fits stays empty.
                    let f = fill * board.frontier_at(q).map_or(1.0, |c| self.fits(c.code));
                    expected += f;
                    p *= f;
                }
                Facts::new(Part::Cloister, expected, p)
            }
            // Rivers and volcanoes hold nobody; kinds added later score nothing here.
            _ => Facts::new(Part::Score, 0.0, 0.0),
        }
    }

    /// The chance the city `root` is completed; asked again by every field it borders, so
    /// kept for the rest of the evaluation.
    fn city_chance(&mut self, game: &Game, root: NodeId, left: f32) -> f32 {
        self.city_chance_cells(game, root, left).0
    }

    /// [`Evaluator::city_chance`], and the empty cells the city's open edges face (how many,
    /// and where they start in `cell_log`).
    fn city_chance_cells(&mut self, game: &Game, root: NodeId, left: f32) -> (f32, u16, u32) {
        if let Some(&(_, p, cells, at)) = self.city_chances.iter().find(|c| c.0 == root) {
            return (p, cells, at);
        }
        let open = game.graph().open_edges(root);
        let w = &self.weights;
        let p = chance(&w.city_done, open, left, w.tiles_per_edge);
        let (fit, cells, at) = self.fit_factor(game, root, open);
        let p = p * fit;
        self.city_chances.push((root, p, cells, at));
        (p, cells, at)
    }

    /// How fillable the empty cells next to an open road or city are, from the tiles left,
    /// how many distinct cells they are (counted only when the tiles left are asked), and
    /// where they start in `cell_log`.
    fn fit_factor(&mut self, game: &Game, root: NodeId, open: u16) -> (f32, u16, u32) {
        let start = u32::try_from(self.cell_log.len()).unwrap_or(u32::MAX);
        let phi = self.weights.fit_tiles;
        if phi <= 0.0 || open == 0 || self.bag.is_empty() {
            return (1.0, 0, start);
        }
        let graph = game.graph();
        let board = game.board();
        let cat = catalogue();
        let first = self.cell_log.len();
        let mut factor = 1.0;
        for m in graph.members(root) {
            let node = graph.node(m);
            let Some(pt) = board.tiles.get(usize::from(node.tile)) else {
                continue;
            };
            let o = &cat.tile(pt.tile).oriented[usize::from(pt.rotation & 3)];
            for side in Side::ALL {
                // Roads and cities own the middle port of each edge they cross.
                if o.slot_feature[side as usize * 3 + 1] != node.feature {
                    continue;
                }
                let q = pt.pos.step(side);
                let Some(cell) = board.frontier_at(q) else {
                    continue;
                };
                if self.cell_log[first..].contains(&q) {
                    continue;
                }
                self.cell_log.push(q);
                factor *= self.fits(cell.code);
            }
        }
        let cells = self.cell_log.len() - first;
        (factor, u16::try_from(cells).unwrap_or(u16::MAX), start)
    }

    /// The chance an empty frontier cell with requirement `code` gets a tile, from how
    /// many remaining tiles fit it.
    fn fits(&mut self, code: u16) -> f32 {
        let phi = self.weights.fit_tiles;
        if phi <= 0.0 || self.bag.is_empty() {
            return 1.0;
        }
        let code = usize::from(code);
        // Searches ask about the same few requirement codes again and again.
        if let Some(&known) = self.fit_cache.get(code) {
            if !known.is_nan() {
                return known;
            }
        }
        let cat = catalogue();
        let fitting: u32 = self
            .bag
            .iter()
            .filter(|(t, _)| cat.tile(*t).fit.get(code).is_some_and(|&f| f != 0))
            .map(|&(_, n)| u32::from(n))
            .sum();
        let chance = 1.0 - (-(fitting as f32) / phi).exp();
        if let Some(slot) = self.fit_cache.get_mut(code) {
            *slot = chance;
        }
        chance
    }

    /// Completed cities the field touches, plus a share of the open ones by their chance;
    /// and the completed cities, the open ones, their chances and the field's segments.
    fn field_cities(&mut self, game: &Game, field: NodeId, left: f32) -> (f32, [f32; 4]) {
        let graph = game.graph();
        let board = game.board();
        let cat = catalogue();
        self.cities.clear();
        let mut segments = 0u32;
        for m in graph.members(field) {
            segments += 1;
            let node = graph.node(m);
            let Some(pt) = board.tiles.get(usize::from(node.tile)) else {
                continue;
            };
            let Some(def) = cat.tile(pt.tile).features.get(usize::from(node.feature)) else {
                continue;
            };
            for &c in &def.borders_cities {
                let city = graph.root(pt.first_node + NodeId::from(c));
                if !self.cities.contains(&city) {
                    self.cities.push(city);
                }
            }
        }
        // A big field meets more cities as the game goes on.
        let mut total = self.weights.field_growth * segments as f32 * left / (left + 30.0);
        let mut facts = [0.0, 0.0, 0.0, segments as f32];
        for i in 0..self.cities.len() {
            let c = self.cities[i];
            if graph.open_edges(c) == 0 {
                total += 1.0;
                facts[0] += 1.0;
            } else {
                let p = self.city_chance(game, c, left);
                total += self.weights.field_open_city * p;
                facts[1] += 1.0;
                facts[2] += p;
            }
        }
        (total, facts)
    }

    /// The number of distinct tiles a road or city spans (R-BASE-6, R-BASE-7).
    fn distinct_tiles(&mut self, game: &Game, root: NodeId) -> usize {
        let graph = game.graph();
        self.tiles.clear();
        self.tiles
            .extend(graph.members(root).map(|m| graph.node(m).tile));
        self.tiles.sort_unstable();
        self.tiles.dedup();
        self.tiles.len()
    }

    /// The `i`-th follower in supply (1-based) with `turns` own turns left.
    fn marginal(&self, i: usize, turns: f32) -> f32 {
        let w = &self.weights;
        w.follower * (turns / (w.follower_turns * i.max(1) as f32)).min(1.0)
    }

    fn supply_value(&self, game: &Game, seat: u8, turns: f32) -> f32 {
        let n = usize::from(followers_in_supply(game, seat));
        let mut v: f32 = (1..=n).map(|i| self.marginal(i, turns)).sum();
        if game.supply(seat, FollowerKind::Abbot) > 0 {
            v += self.weights.abbot * self.marginal(1, turns);
        }
        let in_city = game.city().iter().filter(|f| f.owner == seat).count();
        v + in_city as f32 * self.weights.city_follower * self.marginal(n + 1, turns)
    }
}

/// Meeples and big meeples in a seat's supply (the abbot is counted apart).
fn followers_in_supply(game: &Game, seat: u8) -> u8 {
    game.supply(seat, FollowerKind::Meeple) + game.supply(seat, FollowerKind::BigMeeple)
}

/// Chance a road or city with `open` open edges closes before the tiles run out.
fn chance(table: &[f32; 4], open: u16, left: f32, tiles_per_edge: f32) -> f32 {
    if open == 0 {
        return 1.0;
    }
    let base = table[usize::from(open.min(4)) - 1];
    let time = 1.0 - (-left / (tiles_per_edge * f32::from(open))).exp();
    base * time
}
