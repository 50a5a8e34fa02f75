//! Sides, edge slots (ports) and rotations, as defined in the tile format (§1–2).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A side of a tile. Discriminants are the quarter turns from north, clockwise.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    pub fn from_index(i: usize) -> Side {
        Side::ALL[i & 3]
    }

    pub fn opposite(self) -> Side {
        Side::from_index(self as usize + 2)
    }

    /// The step to the neighbouring cell: x grows east, y grows south.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Side::N => (0, -1),
            Side::E => (1, 0),
            Side::S => (0, 1),
            Side::W => (-1, 0),
        }
    }
}

/// One of the 12 edge slots, numbered clockwise from the NW corner:
/// `N1 N N2 E1 E E2 S1 S S2 W1 W W2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(pub u8);

const SLOT_NAMES: [&str; 12] = [
    "N1", "N", "N2", "E1", "E", "E2", "S1", "S", "S2", "W1", "W", "W2",
];

impl Slot {
    pub fn side(self) -> Side {
        Side::from_index(usize::from(self.0 / 3))
    }

    /// 0 = left half, 1 = middle, 2 = right half (looking out from the centre).
    pub fn part(self) -> u8 {
        self.0 % 3
    }

    pub fn is_middle(self) -> bool {
        self.part() == 1
    }

    pub fn new(side: Side, part: u8) -> Slot {
        Slot(side as u8 * 3 + part)
    }

    /// Where this slot ends up after `quarter_turns` clockwise rotations (keeps its suffix).
    pub fn rotated(self, quarter_turns: u8) -> Slot {
        Slot((self.0 + 3 * (quarter_turns & 3)) % 12)
    }

    /// The slot of the neighbour across this slot's edge that touches it: halves swap index.
    pub fn facing(self) -> Slot {
        let opp = self.side().opposite();
        Slot::new(opp, 2 - self.part())
    }

    pub fn name(self) -> &'static str {
        SLOT_NAMES[usize::from(self.0 % 12)]
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Slot {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SLOT_NAMES
            .iter()
            .position(|n| *n == s)
            .map(|i| Slot(i as u8))
            .ok_or(())
    }
}

/// Edge terrain (tile format §2). The numeric codes are packed 4 bits per side.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Field = 1,
    Road = 2,
    City = 3,
    River = 4,
    Internal = 5,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_and_facing_follow_the_format() {
        let n1: Slot = "N1".parse().unwrap();
        assert_eq!(n1.rotated(1).name(), "E1");
        assert_eq!("W".parse::<Slot>().unwrap().rotated(1).name(), "N");
        assert_eq!("E1".parse::<Slot>().unwrap().facing().name(), "W2");
        assert_eq!("E".parse::<Slot>().unwrap().facing().name(), "W");
        assert_eq!("S2".parse::<Slot>().unwrap().facing().name(), "N1");
        assert!("X".parse::<Slot>().is_err());
    }
}
