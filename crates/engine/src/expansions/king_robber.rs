//! The King and the Robber Baron (R-CKR-8 … R-CKR-10): taken by whoever completes the first,
//! or a strictly larger, city (road); a bonus at the end, or (option `continuous`) a point
//! per city (road) completed while the card is held.

use serde::{Deserialize, Serialize};

/// How the King and Robber cards score (R-CKR-10).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KingRobberScoring {
    /// 1 per completed city (King) / road (Robber) on the board (R-CKR-9).
    #[default]
    Official,
    /// 10 per card.
    Flat10,
    /// 15 per card, 40 for a player holding both.
    Flat15_40,
    /// The seed's third variant: in each turn that completes cities (roads), whoever held the
    /// King (Robber) before that turn's hand-over scores 1 per city (road) completed; nothing
    /// at the end.
    Continuous,
}

/// Who holds a card and the size (in tiles) of the feature that won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub seat: u8,
    pub tiles: u16,
}

/// Whether completing a feature of `tiles` tiles takes the card (R-CKR-8: the first one, then
/// only a strictly larger one).
pub fn takes(current: Option<Holder>, tiles: u16) -> bool {
    current.is_none_or(|h| tiles > h.tiles)
}

/// Final bonus of each card: (king points, robber points) for their holders (R-CKR-9/10).
pub fn bonus(
    scoring: KingRobberScoring,
    king: Option<Holder>,
    robber: Option<Holder>,
    completed_cities: u32,
    completed_roads: u32,
) -> (u32, u32) {
    match scoring {
        KingRobberScoring::Official => (completed_cities, completed_roads),
        KingRobberScoring::Flat10 => (10, 10),
        KingRobberScoring::Flat15_40 => match (king, robber) {
            (Some(k), Some(r)) if k.seat == r.seat => (20, 20),
            _ => (15, 15),
        },
        // Scored turn by turn (R-CKR-10): no final bonus.
        KingRobberScoring::Continuous => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strictly_larger_takes_the_card() {
        assert!(takes(None, 2));
        let h = Some(Holder { seat: 0, tiles: 3 });
        assert!(!takes(h, 3));
        assert!(takes(h, 4));
    }

    #[test]
    fn both_cards_to_one_player_are_worth_forty_in_the_variant() {
        let both = Some(Holder { seat: 1, tiles: 3 });
        let (k, r) = bonus(KingRobberScoring::Flat15_40, both, both, 5, 2);
        assert_eq!(k + r, 40);
        let other = Some(Holder { seat: 0, tiles: 3 });
        assert_eq!(
            bonus(KingRobberScoring::Flat15_40, both, other, 5, 2),
            (15, 15)
        );
        assert_eq!(
            bonus(KingRobberScoring::Official, both, other, 5, 2),
            (5, 2)
        );
    }
}
