//! A valuation learned from games: each seat's expected final score as a weighted sum of
//! features of the position (the heuristic's own parts and finer facts of the features a
//! seat holds, each also scaled by the share of tiles left), with weights fitted to how
//! games end (`examples/learn.rs`).

use super::{followers_in_supply, Evaluator, Facts, Group, Part, BASE_TILES, MAX_SEATS};
use carcassonne_engine::{Expansion, Game, Setup};

/// Features per seat.
pub const FEATURES: usize = 83;

/// Where each block of features starts. Blocks marked ×3 hold a fact times 1, `t` and `t²`
/// (`t`: the share of the tiles still to draw).
const SCORE: usize = 0;
/// The heuristic's parts but the score, in `Part::ALL`'s order, ×3 each.
const PARTS: usize = 1;
/// Farms the seat leads: completed cities touched, open cities touched, their chances,
/// segments / 10; ×3 each.
const FARM: usize = 19;
/// Open cities the seat leads: count, tiles, open edges, empty cells, points if completed
/// × chance, hopeless ones; ×3 each.
const CITY: usize = 31;
/// Open roads the seat leads: count, tiles, tiles × chance, hopeless ones; ×3 each.
const ROAD: usize = 49;
/// Monasteries (and shrines, gardens) the seat holds: count, expected neighbours; ×3 each.
const CLOISTER: usize = 61;
/// Expected points of the features whose majority the seat shares; ×3.
const SHARED: usize = 67;
/// Followers in supply ×3; none left; one left.
const SUPPLY: usize = 70;
/// The seat is the next to place a tile; × 1 and `t`.
const MOVER: usize = 75;
/// What one tile joining two open cities (then two roads) of different majorities would
/// change for the seat, by the chance a remaining tile fits the cell between them; ×3 each.
const CONTEST: usize = 77;

/// The facts of each block, in order; blocks of three list each fact once.
const NAMES: [(usize, &[&str]); 11] = [
    (SCORE, &["score"]),
    (
        PARTS,
        &[
            "heuristic: cities",
            "heuristic: roads",
            "heuristic: monasteries",
            "heuristic: farms",
            "heuristic: followers coming back",
            "heuristic: followers in supply",
        ],
    ),
    (
        FARM,
        &[
            "farms: completed cities",
            "farms: open cities",
            "farms: open cities' chances",
            "farms: segments / 10",
        ],
    ),
    (
        CITY,
        &[
            "cities: count",
            "cities: tiles",
            "cities: open edges",
            "cities: empty cells",
            "cities: points if completed × chance",
            "cities: hopeless",
        ],
    ),
    (
        ROAD,
        &[
            "roads: count",
            "roads: tiles",
            "roads: tiles × chance",
            "roads: hopeless",
        ],
    ),
    (
        CLOISTER,
        &["monasteries: count", "monasteries: expected neighbours"],
    ),
    (SHARED, &["shared majorities: points"]),
    (SUPPLY, &["followers in supply"]),
    (SUPPLY + 3, &["no follower left", "one follower left"]),
    (MOVER, &["to move", "to move × t"]),
    (CONTEST, &["joins: cities", "joins: roads"]),
];

/// The name of every feature, in order (`× t`, `× t²`: times the share of the tiles still to
/// draw, and its square).
pub fn feature_names() -> Vec<String> {
    let mut out = Vec::with_capacity(FEATURES);
    for (i, &(at, facts)) in NAMES.iter().enumerate() {
        let next = NAMES.get(i + 1).map_or(FEATURES, |n| n.0);
        let per = (next - at) / facts.len().max(1);
        for fact in facts {
            match per {
                3 => out.extend([
                    fact.to_string(),
                    format!("{fact} × t"),
                    format!("{fact} × t²"),
                ]),
                _ => out.push(fact.to_string()),
            }
        }
    }
    out
}

/// A chance below this makes a feature hopeless.
const HOPELESS: f32 = 0.02;

/// The learned weights: a seat's value is the dot product with its features.
#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    pub w: [f32; FEATURES],
}

impl Linear {
    /// The weights fitted to greedy games (`trained.rs`, from `examples/learn.rs`).
    pub fn trained() -> Linear {
        Linear {
            w: super::trained::TRAINED,
        }
    }

    /// Whether the trained weights value games of `setup`: they were fitted to 2-player
    /// games of the base set with farmers; other games keep the heuristic.
    pub fn trained_for(setup: &Setup) -> bool {
        setup.players.len() == 2
            && setup.sets.iter().all(|&e| e == Expansion::Base)
            && setup.options.farmers
    }

    /// Weights written one per line (as `examples/learn.rs` writes them); `None` unless
    /// there are exactly [`FEATURES`] numbers.
    pub fn parse(text: &str) -> Option<Linear> {
        let v: Vec<f32> = text
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        Some(Linear {
            w: v.try_into().ok()?,
        })
    }

    pub fn value(&self, x: &[f32; FEATURES]) -> f32 {
        self.w.iter().zip(x).map(|(w, x)| w * x).sum()
    }
}

fn add3(x: &mut [f32; FEATURES], at: usize, v: f32, b: [f32; 3]) {
    x[at] += v * b[0];
    x[at + 1] += v * b[1];
    x[at + 2] += v * b[2];
}

impl Evaluator {
    /// Every seat's features (one row per seat, up to [`MAX_SEATS`]), with `left` tiles to
    /// draw.
    pub fn features(&mut self, game: &Game, left: u32, out: &mut Vec<[f32; FEATURES]>) {
        let seats = game.scores().len().min(MAX_SEATS);
        out.clear();
        out.resize(seats, [0.0; FEATURES]);
        let t = left as f32 / BASE_TILES;
        let b = [1.0, t, t * t];
        self.estimate_parts(game, left, |seat, part, v| {
            let Some(x) = out.get_mut(seat) else { return };
            match part {
                Part::Score => x[SCORE] += v,
                _ => {
                    let i = Part::ALL.iter().position(|&p| p == part).unwrap_or(1) - 1;
                    add3(x, PARTS + 3 * i, v, b);
                }
            }
        });
        if game.is_over() {
            return;
        }
        let mover = usize::from(game.active_seat());
        if let Some(x) = out.get_mut(mover) {
            x[MOVER] += 1.0;
            x[MOVER + 1] += t;
        }
        for (seat, x) in out.iter_mut().enumerate() {
            let n = f32::from(followers_in_supply(game, seat as u8));
            add3(x, SUPPLY, n, b);
            x[SUPPLY + 3] += f32::from(u8::from(n == 0.0));
            x[SUPPLY + 4] += f32::from(u8::from(n == 1.0));
        }
        // `estimate_parts` left what it found of each occupied feature.
        for &(g, f) in &self.facts {
            let best = g.strength.iter().copied().max().unwrap_or(0);
            if best == 0 {
                continue;
            }
            let leaders = g.strength[..seats].iter().filter(|&&s| s == best).count();
            let hopeless = f32::from(u8::from(f.chance < HOPELESS));
            let (at, facts): (usize, &[f32]) = match f.part {
                Part::City => (
                    CITY,
                    &[
                        1.0,
                        f.tiles,
                        f32::from(f.open),
                        f32::from(f.cells),
                        f.chance * 2.0 * (f.tiles + f.shields),
                        hopeless,
                    ],
                ),
                Part::Road => (ROAD, &[1.0, f.tiles, f.chance * f.tiles, hopeless]),
                Part::Field => (FARM, &[f.farm[0], f.farm[1], f.farm[2], f.farm[3] / 10.0]),
                Part::Cloister => (CLOISTER, &[1.0, f.points]),
                _ => continue,
            };
            for (seat, x) in out.iter_mut().enumerate() {
                if g.strength[seat] != best {
                    continue;
                }
                for (i, &v) in facts.iter().enumerate() {
                    add3(x, at + 3 * i, v, b);
                }
                if leaders > 1 {
                    add3(x, SHARED, f.points, b);
                }
            }
        }
        self.contests(game, seats, b, out);
    }

    /// Adds the [`CONTEST`] features: for each pair of open cities (or roads) led by
    /// different seats whose open edges face one empty cell, the change of each seat's
    /// share if a tile joined them (the joined feature's points to its new majority),
    /// weighed by the chance a remaining tile fits that cell.
    fn contests(&mut self, game: &Game, seats: usize, b: [f32; 3], out: &mut [[f32; FEATURES]]) {
        let n = self.facts.len();
        for i in 0..n {
            let (gi, fi) = self.facts[i];
            if fi.cells == 0 {
                continue;
            }
            let at = match fi.part {
                Part::City => CONTEST,
                Part::Road => CONTEST + 3,
                _ => continue,
            };
            for j in i + 1..n {
                let (gj, fj) = self.facts[j];
                if fj.part != fi.part || fj.cells == 0 || leaders(&gi, seats) == leaders(&gj, seats)
                {
                    continue;
                }
                let Some(fit) = self.shared_cell_fit(game, &fi, &fj) else {
                    continue;
                };
                let mut joined = gi;
                for (s, v) in joined.strength.iter_mut().zip(gj.strength) {
                    *s += v;
                }
                let (li, lj, lk) = (
                    leaders(&gi, seats),
                    leaders(&gj, seats),
                    leaders(&joined, seats),
                );
                for (seat, x) in out.iter_mut().enumerate() {
                    let bit = 1u8 << seat;
                    let has = |l: u8| f32::from(u8::from(l & bit != 0));
                    let before = fi.points * has(li) + fj.points * has(lj);
                    let after = (fi.points + fj.points) * has(lk);
                    add3(x, at, fit * (after - before), b);
                }
            }
        }
    }

    /// The best chance a remaining tile fits a cell both features' open edges face.
    fn shared_cell_fit(&mut self, game: &Game, a: &Facts, b: &Facts) -> Option<f32> {
        let range = |f: &Facts| {
            let at = f.cells_at as usize;
            at..at + usize::from(f.cells)
        };
        let (ra, rb) = (range(a), range(b));
        let mut best: Option<f32> = None;
        for k in ra {
            let Some(&q) = self.cell_log.get(k) else {
                break;
            };
            let shared = self
                .cell_log
                .get(rb.clone())
                .is_some_and(|c| c.contains(&q));
            if !shared {
                continue;
            }
            let Some(cell) = game.board().frontier_at(q) else {
                continue;
            };
            let f = self.fits(cell.code);
            best = Some(best.map_or(f, |b: f32| b.max(f)));
        }
        best
    }
}

/// The seats leading a group, as bits.
fn leaders(g: &Group, seats: usize) -> u8 {
    let best = g.strength.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return 0;
    }
    g.strength[..seats]
        .iter()
        .enumerate()
        .filter(|&(_, &s)| s == best)
        .fold(0, |m, (i, _)| m | 1 << i)
}
