//! Why a turn was played: its reasons as facts (kinds and numbers) read from the engine, never
//! guessed. A turn is compared with the table before it: the score lines it produced, the
//! feature its follower went on (the engine's own projection of it), the rivals' features its
//! tile joined, the seat's own features it grew. The bots' turns carry these in the turn log,
//! and a hint's move carries them too; the UI words them.

use carcassonne_engine::tiles::{FeatureKind, Side};
use carcassonne_engine::FeatureProjection;
use carcassonne_engine::{
    catalogue, Action, BoardFollower, CellFit, Event, FollowerKind, Game, Pos, ScoreTime,
};
use serde::{Deserialize, Serialize};

/// One reason for a turn, most telling first in a [`why`] list.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Reason {
    /// The turn completed `features` features that paid the seat `points` in all (the
    /// engine's score lines of the turn); `kind` is the best-paying one's.
    Completes {
        kind: FeatureKind,
        features: u8,
        points: u32,
    },
    /// The tile joined a feature of the seat's to one of `rivals`': the seat now has the
    /// majority alone (R-BASE-9).
    TakesOver { kind: FeatureKind, rivals: Vec<u8> },
    /// The same, with equal strength: the seat and `rivals` would all score it (R-BASE-9).
    Shares { kind: FeatureKind, rivals: Vec<u8> },
    /// The tile left a hole (a cell no tile still to come fits) that a feature of `rivals`'
    /// faces: it can never be completed now (a monastery: never surrounded).
    Blocks { kind: FeatureKind, rivals: Vec<u8> },
    /// A follower onto a monastery (or shrine, garden) with `neighbours` tiles around it of
    /// 8: `points` if the game ended now, 9 once surrounded (R-BASE-8, R-BASE-12).
    Cloister {
        kind: FeatureKind,
        follower: FollowerKind,
        neighbours: u16,
        points: u32,
    },
    /// A follower onto a city or road of `tiles` tiles: `points` if it were completed now.
    Claims {
        kind: FeatureKind,
        follower: FollowerKind,
        tiles: u16,
        points: u32,
    },
    /// A farmer onto a field that supplies `cities` completed cities: `points` at the end
    /// as it stands (R-BASE-13).
    Farms {
        follower: FollowerKind,
        cities: u16,
        points: u32,
    },
    /// The tile grew a city or road the seat holds to `tiles` tiles: `points` if completed
    /// now.
    Grows {
        kind: FeatureKind,
        tiles: u16,
        points: u32,
    },
    /// A follower could have gone on the tile and none did: `left` meeples stay in supply.
    KeepsFollowers { left: u8 },
    /// Nothing to score, claim or grow, and no follower could go on the tile: one of the
    /// `ways` the tile fitted (cells times rotations).
    Quiet { ways: u32 },
}

/// The reasons of `seat`'s turn: `before` is the game before its placement, `after` the game
/// after its last action so far, `events` what the turn's actions produced. Empty when the
/// events hold no placement by `seat`.
pub fn why(before: &Game, after: &Game, seat: u8, events: &[Event]) -> Vec<Reason> {
    let Some((at, rotation)) = events.iter().find_map(|e| match e {
        Event::TilePlaced {
            seat: s,
            at,
            rotation,
            ..
        } if *s == seat => Some((*at, *rotation)),
        _ => None,
    }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(r) = completions(seat, events) {
        out.push(r);
    }
    let after_p = after.projection().features;
    // The table before, only where a feature of the seat's now meets rivals.
    let mut before_p: Option<Vec<FeatureProjection>> = None;
    let mut told: Vec<usize> = Vec::new();
    for (i, f) in after_p.iter().enumerate() {
        let met = f.at_end.winners.contains(&seat)
            && f.followers.iter().any(|b| b.seat != seat)
            && !old_followers(before, f, seat).is_empty();
        if !met {
            continue;
        }
        let was = before_p.get_or_insert_with(|| before.projection().features);
        if let Some(r) = joined(before, was, f, seat) {
            out.push(r);
            told.push(i);
        }
    }
    out.extend(blocked(before, after, seat, at));
    let deployed = events.iter().find_map(|e| match e {
        Event::FollowerDeployed {
            seat: s,
            at,
            feature,
            follower,
        } if *s == seat => Some(BoardFollower {
            seat,
            kind: *follower,
            at: *at,
            feature: *feature,
        }),
        _ => None,
    });
    if let Some(d) = deployed {
        if let Some(i) = after_p.iter().position(|f| f.followers.contains(&d)) {
            out.push(deployment(&after_p[i], d.kind));
            told.push(i);
        }
    }
    for (i, f) in after_p.iter().enumerate() {
        if !told.contains(&i) {
            if let Some(r) = grown(before, f, seat, at) {
                out.push(r);
            }
        }
    }
    if deployed.is_none() && out.is_empty() {
        out.push(if could_deploy(before, seat, at, rotation) {
            Reason::KeepsFollowers {
                left: after.supply(seat, FollowerKind::Meeple),
            }
        } else {
            Reason::Quiet {
                ways: before
                    .legal_actions()
                    .iter()
                    .filter(|a| matches!(a, Action::Place { .. }))
                    .count() as u32,
            }
        });
    }
    out
}

/// What the turn's completions paid the seat, if anything.
fn completions(seat: u8, events: &[Event]) -> Option<Reason> {
    let mut points = 0;
    let mut features = 0u8;
    let mut best: Option<(u32, FeatureKind)> = None;
    for e in events {
        if let Event::Scored(entry) = e {
            if entry.when != ScoreTime::Turn || !entry.winners.contains(&seat) {
                continue;
            }
            points += entry.points;
            features = features.saturating_add(1);
            if best.is_none_or(|(p, _)| entry.points > p) {
                best = Some((entry.points, entry.kind));
            }
        }
    }
    let (_, kind) = best.filter(|_| points > 0)?;
    Some(Reason::Completes {
        kind,
        features,
        points,
    })
}

/// The seat's strength on a feature's entry.
fn strength(f: &FeatureProjection, seat: u8) -> u8 {
    f.at_end
        .strength
        .get(usize::from(seat))
        .copied()
        .unwrap_or(0)
}

/// Whether a follower of `seat` on `f` stood on the board before the turn.
fn old_followers(before: &Game, f: &FeatureProjection, seat: u8) -> Vec<BoardFollower> {
    f.followers
        .iter()
        .filter(|b| {
            b.seat == seat
                && before
                    .followers()
                    .iter()
                    .any(|o| o.owner == seat && o.at == b.at && o.feature == b.feature)
        })
        .copied()
        .collect()
}

/// A feature where the seat's old follower now meets rivals it did not meet before, with the
/// seat among the majority.
fn joined(
    before: &Game,
    before_p: &[FeatureProjection],
    f: &FeatureProjection,
    seat: u8,
) -> Option<Reason> {
    if !f.at_end.winners.contains(&seat) {
        return None;
    }
    let old = old_followers(before, f, seat);
    let was = before_p
        .iter()
        .find(|b| old.iter().any(|o| b.followers.contains(o)))?;
    let rivals: Vec<u8> = (0..f.at_end.strength.len() as u8)
        .filter(|&s| s != seat && strength(f, s) > 0 && strength(was, s) == 0)
        .collect();
    if rivals.is_empty() {
        return None;
    }
    let kind = f.kind;
    Some(if *f.at_end.winners == [seat] {
        Reason::TakesOver { kind, rivals }
    } else {
        Reason::Shares { kind, rivals }
    })
}

/// What a follower just deployed on `f` stands for.
fn deployment(f: &FeatureProjection, follower: FollowerKind) -> Reason {
    let kind = f.kind;
    match kind {
        FeatureKind::Field => Reason::Farms {
            follower,
            cities: f.at_end.count,
            points: f.at_end.points,
        },
        FeatureKind::City | FeatureKind::Road => Reason::Claims {
            kind,
            follower,
            tiles: distinct_tiles(&f.at_end.tiles),
            points: f.if_completed.as_ref().map_or(0, |e| e.points),
        },
        _ => Reason::Cloister {
            kind,
            follower,
            neighbours: f.at_end.count,
            points: f.at_end.points,
        },
    }
}

fn distinct_tiles(tiles: &[Pos]) -> u16 {
    let mut t = tiles.to_vec();
    t.sort_unstable();
    t.dedup();
    t.len() as u16
}

/// A city or road the seat held before the turn (alone or shared) that the tile at `at` grew.
fn grown(before: &Game, f: &FeatureProjection, seat: u8, at: Pos) -> Option<Reason> {
    let kind = f.kind;
    let edge = matches!(kind, FeatureKind::City | FeatureKind::Road);
    if !edge || !f.at_end.winners.contains(&seat) || !f.at_end.tiles.contains(&at) {
        return None;
    }
    if old_followers(before, f, seat).is_empty() {
        return None;
    }
    Some(Reason::Grows {
        kind,
        tiles: distinct_tiles(&f.at_end.tiles),
        points: f.if_completed.as_ref().map_or(0, |e| e.points),
    })
}

/// Whether the seat could have deployed a follower after placing its tile at `at`.
fn could_deploy(before: &Game, seat: u8, at: Pos, rotation: u8) -> bool {
    let mut g = before.clone();
    if g.apply(seat, &Action::Place { at, rotation }).is_err() {
        return false;
    }
    g.pending_seat() == Some(seat)
        && g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Deploy { .. }))
}

/// The holes next to the tile at `at` that were not holes before it.
fn new_holes(before: &Game, after: &Game, at: Pos) -> Vec<Pos> {
    let near = |p: Pos| (p.x - at.x).abs() + (p.y - at.y).abs() == 1;
    let holes = |g: &Game| -> Vec<Pos> {
        g.hard_cells()
            .into_iter()
            .filter(|c| c.fit == CellFit::Dead && near(c.pos))
            .map(|c| c.pos)
            .collect()
    };
    let now = holes(after);
    if now.is_empty() {
        return now;
    }
    let was = holes(before);
    now.into_iter().filter(|p| !was.contains(p)).collect()
}

/// Rivals' open cities, roads and monasteries that face a hole the tile at `at` made (and
/// that the seat has no follower on).
fn blocked(before: &Game, after: &Game, seat: u8, at: Pos) -> Vec<Reason> {
    if after.is_over() {
        return Vec::new();
    }
    let holes = new_holes(before, after, at);
    if holes.is_empty() {
        return Vec::new();
    }
    let graph = after.graph();
    let board = after.board();
    let cat = catalogue();
    // Each occupied feature once: its root, kind and owners.
    let mut features: Vec<(u16, FeatureKind, Pos, Vec<u8>)> = Vec::new();
    for f in after.followers() {
        let Some(kind) = after.local_feature(f.at, f.feature).map(|d| d.kind) else {
            continue;
        };
        let Some(node) = after.feature_at(f.at, f.feature) else {
            continue;
        };
        let root = graph.root(node);
        match features.iter_mut().find(|x| x.0 == root) {
            Some(x) if !x.3.contains(&f.owner) => x.3.push(f.owner),
            Some(_) => {}
            None => features.push((root, kind, f.at, vec![f.owner])),
        }
    }
    let mut out = Vec::new();
    for (root, kind, at_f, owners) in features {
        if owners.contains(&seat) {
            continue;
        }
        let faces = match kind {
            FeatureKind::City | FeatureKind::Road => {
                graph.members(root).any(|m| {
                    let node = graph.node(m);
                    let Some(pt) = board.tiles.get(usize::from(node.tile)) else {
                        return false;
                    };
                    let o = &cat.tile(pt.tile).oriented[usize::from(pt.rotation & 3)];
                    // Roads and cities own the middle port of each edge they cross.
                    Side::ALL.into_iter().any(|side| {
                        o.slot_feature[side as usize * 3 + 1] == node.feature
                            && holes.contains(&pt.pos.step(side))
                    })
                })
            }
            FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => holes
                .iter()
                .any(|h| (h.x - at_f.x).abs() <= 1 && (h.y - at_f.y).abs() <= 1),
            _ => false,
        };
        if faces {
            out.push(Reason::Blocks {
                kind,
                rivals: owners,
            });
        }
    }
    out
}
