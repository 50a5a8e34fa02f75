//! Scoring: pure functions from a feature's measurements to points, and the breakdown entry
//! that explains each scoring (which feature, how big, who had the majority, which rule).

use crate::board::Pos;
use crate::setup::Seat;
use crate::tiles::FeatureKind;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::borrow::Cow;

/// When a scoring happened.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreTime {
    /// During the game, on completion (R-BASE-6 … R-BASE-8).
    Turn,
    /// At the end of the game (R-BASE-12, R-BASE-13).
    Final,
    /// When the abbot is taken back, scored as at the end (R-ABBOT-3).
    Recall,
}

/// The most seats a game has (6, with Inns & Cathedrals).
pub const MAX_SEATS: usize = 6;

/// One value per seat, or a few seats, held inline: scoring builds two per entry, and a
/// game's log holds dozens of entries. Written as a JSON array; more than [`MAX_SEATS`]
/// values are refused on reading.
pub type PerSeat<T> = ArrayVec<T, MAX_SEATS>;

/// The tiles of a scored feature, held inline up to a small feature's size: a game logs
/// dozens of scorings, most of them over a few tiles. Written as a JSON array.
pub type TileList = SmallVec<[Pos; 4]>;

/// One scored feature.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreEntry {
    /// The rule applied, e.g. `R-BASE-7`.
    // Borrowed when the engine scores, so an entry costs no allocation for it; owned when read
    // back from a record.
    pub rule: Cow<'static, str>,
    pub kind: FeatureKind,
    pub when: ScoreTime,
    /// The tiles of the feature in the order they were placed (for a monastery: the
    /// monastery's own tile).
    #[cfg_attr(feature = "ts", ts(as = "Vec<Pos>"))]
    pub tiles: TileList,
    /// Shields in a city.
    pub shields: u16,
    /// Fields: the completed cities the field touches. Monasteries: placed neighbours.
    pub count: u16,
    /// Follower strength per seat on the feature (R-BASE-9).
    pub strength: PerSeat<u8>,
    /// Seats with the majority; empty when nobody occupied the feature.
    pub winners: PerSeat<Seat>,
    /// Points scored by each winner.
    pub points: u32,
}

/// A completed road: 1 per tile (R-BASE-6).
pub fn completed_road(tiles: usize) -> u32 {
    tiles as u32
}

/// A completed city: 2 per tile and 2 per shield (R-BASE-7).
pub fn completed_city(tiles: usize, shields: u16) -> u32 {
    2 * tiles as u32 + 2 * u32::from(shields)
}

/// A completed city of 2 tiles with option `tiny_city`: 1 per tile and 1 per shield (R-BASE-7).
pub fn tiny_city(tiles: usize, shields: u16) -> u32 {
    tiles as u32 + u32::from(shields)
}

/// A completed monastery: 9 (R-BASE-8).
pub fn completed_monastery() -> u32 {
    9
}

/// An incomplete road at the end: 1 per tile (R-BASE-12).
pub fn final_road(tiles: usize) -> u32 {
    tiles as u32
}

/// An incomplete city at the end: 1 per tile and 1 per shield (R-BASE-12).
pub fn final_city(tiles: usize, shields: u16) -> u32 {
    tiles as u32 + u32::from(shields)
}

/// An incomplete monastery at the end: 1 + 1 per placed neighbour (R-BASE-12).
pub fn final_monastery(neighbours: u8) -> u32 {
    1 + u32::from(neighbours)
}

/// A field: 3 per completed city it touches (R-BASE-13).
pub fn field(completed_cities: usize) -> u32 {
    3 * completed_cities as u32
}

/// The seats with the most strength, if anyone has any (R-BASE-9: ties all win).
pub fn majority(strength: &[u8]) -> PerSeat<Seat> {
    let best = strength.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return PerSeat::new();
    }
    strength
        .iter()
        .enumerate()
        .filter(|&(_, &s)| s == best)
        .map(|(i, _)| i as Seat)
        .take(MAX_SEATS)
        .collect()
}

/// A card's holder as the one winner of its bonus (R-CKR-9, R-CKR-10): strength 1 for
/// `seat` among `players`, and `seat` as the winner.
pub fn holder_only(players: usize, seat: Seat) -> (PerSeat<u8>, PerSeat<Seat>) {
    let strength = (0..players.min(MAX_SEATS))
        .map(|s| u8::from(s == usize::from(seat)))
        .collect();
    let mut winners = PerSeat::new();
    winners.push(seat);
    (strength, winners)
}

/// Final standings (R-BASE-14): `(rank, seats)` with shared ranks for equal scores.
pub fn standings(scores: &[u32]) -> Vec<(usize, Vec<Seat>)> {
    let mut order: Vec<Seat> = (0..scores.len() as Seat).collect();
    order.sort_by(|&a, &b| {
        scores[usize::from(b)]
            .cmp(&scores[usize::from(a)])
            .then(a.cmp(&b))
    });
    let mut out: Vec<(usize, Vec<Seat>)> = Vec::new();
    for (placed, s) in order.into_iter().enumerate() {
        match out.last_mut() {
            Some((_, seats)) if scores[usize::from(seats[0])] == scores[usize::from(s)] => {
                seats.push(s)
            }
            _ => out.push((placed + 1, vec![s])),
        }
    }
    out
}

/// Points per seat and category, summed from the breakdown.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CategoryTotals {
    pub roads: u32,
    pub cities: u32,
    /// Monasteries, shrines and gardens.
    pub monasteries: u32,
    pub fields: u32,
    /// The King and the Robber Baron (R-CKR-9, R-CKR-10).
    #[serde(default)]
    pub bonuses: u32,
}

impl CategoryTotals {
    pub fn total(&self) -> u32 {
        self.roads + self.cities + self.monasteries + self.fields + self.bonuses
    }
}

/// The rule IDs of end-of-game bonuses, which count as their own category.
pub const BONUS_RULES: [&str; 2] = ["R-CKR-9", "R-CKR-10"];

/// Sums a breakdown into categories per seat.
pub fn categories(log: &[ScoreEntry], seats: usize) -> Vec<CategoryTotals> {
    let mut out = vec![CategoryTotals::default(); seats];
    for e in log {
        for &w in &e.winners {
            let Some(c) = out.get_mut(usize::from(w)) else {
                continue;
            };
            if BONUS_RULES.contains(&&*e.rule) {
                c.bonuses += e.points;
                continue;
            }
            match e.kind {
                FeatureKind::Road => c.roads += e.points,
                FeatureKind::City => c.cities += e.points,
                FeatureKind::Field => c.fields += e.points,
                _ => c.monasteries += e.points,
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_and_standings_share_ties() {
        assert_eq!(*majority(&[1, 2, 2]), [1, 2]);
        assert!(majority(&[0, 0]).is_empty());
        assert_eq!(
            standings(&[10, 30, 10, 5]),
            vec![(1, vec![1]), (2, vec![0, 2]), (4, vec![3])]
        );
    }

    #[test]
    fn point_values() {
        assert_eq!(completed_city(3, 1), 8);
        assert_eq!(tiny_city(2, 1), 3);
        assert_eq!(final_city(3, 1), 4);
        assert_eq!(final_monastery(5), 6);
        assert_eq!(field(2), 6);
    }
}
