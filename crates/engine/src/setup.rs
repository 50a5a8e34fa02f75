//! What a game is set up with: players, expansions (toggles), options, and an optional forced
//! draw order for scenarios and tests.

use crate::expansions::count::CountMoves;
use crate::expansions::king_robber::KingRobberScoring;
use crate::expansions::siege::SiegeEscape;
use crate::expansions::{river, Rules};
use crate::tiles::{catalogue, TileSet, TileTypeId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat number, 0-based, in turn order.
pub type Seat = u8;

/// The rule toggles (their identifiers are listed in `docs/record-format.md`), the same identifiers
/// everywhere.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expansion {
    /// The base game (always on).
    Base,
    River1,
    River2,
    Abbot,
    InnsCathedrals,
    CityOfCarcassonne,
    KingRobber,
    Shrines,
    CkrLand,
    Besiegers,
    Cathars,
    Siege,
}

impl Expansion {
    pub const ALL: [Expansion; 12] = [
        Expansion::Base,
        Expansion::River1,
        Expansion::River2,
        Expansion::Abbot,
        Expansion::InnsCathedrals,
        Expansion::CityOfCarcassonne,
        Expansion::KingRobber,
        Expansion::Shrines,
        Expansion::CkrLand,
        Expansion::Besiegers,
        Expansion::Cathars,
        Expansion::Siege,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Expansion::Base => "base",
            Expansion::River1 => "river1",
            Expansion::River2 => "river2",
            Expansion::Abbot => "abbot",
            Expansion::InnsCathedrals => "inns_cathedrals",
            Expansion::CityOfCarcassonne => "city_of_carcassonne",
            Expansion::KingRobber => "king_robber",
            Expansion::Shrines => "shrines",
            Expansion::CkrLand => "ckr_land",
            Expansion::Besiegers => "besiegers",
            Expansion::Cathars => "cathars",
            Expansion::Siege => "siege",
        }
    }

    /// Parses a toggle identifier.
    pub fn from_id(s: &str) -> Option<Expansion> {
        Expansion::ALL.into_iter().find(|e| e.id() == s)
    }

    /// The catalogue tile set this toggle brings, if any.
    pub fn tile_set(self) -> Option<TileSet> {
        match self {
            Expansion::Base => Some(TileSet::Base),
            Expansion::River1 => Some(TileSet::River1),
            Expansion::River2 => Some(TileSet::River2),
            Expansion::InnsCathedrals => Some(TileSet::InnsCathedrals),
            Expansion::CityOfCarcassonne => Some(TileSet::CkrCity),
            Expansion::Shrines => Some(TileSet::CkrShrines),
            Expansion::CkrLand => Some(TileSet::CkrLand),
            Expansion::Besiegers => Some(TileSet::Besiegers),
            Expansion::Cathars => Some(TileSet::Cathars),
            Expansion::Siege => Some(TileSet::Siege),
            Expansion::Abbot | Expansion::KingRobber => None,
        }
    }

    /// Whether this engine version plays the toggle. Setup refuses the others.
    pub fn supported(self) -> bool {
        true
    }
}

impl fmt::Display for Expansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Rule variants. Each field says which rule it changes.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Farmers (R-BASE-13). On in the 2nd edition; off is the common "no farmers" house rule:
    /// fields can then not be occupied and nothing scores for them.
    #[serde(default = "yes")]
    pub farmers: bool,
    /// R-BASE-7 (the first edition's rule): a completed city of exactly 2 tiles scores 1 per
    /// tile and shield (0 when besieged, R-SIEGE-2). Off: 2 per tile and shield like any city.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tiny_city: bool,
    /// R-RIVER-6 (1st-edition rule): allow River II with the City of Carcassonne, discarding
    /// river tiles that cannot be placed. Off: setup refuses the pair.
    #[serde(default, skip_serializing_if = "is_false")]
    pub river_with_city_discard: bool,
    /// R-CKR-7: how the Count moves after a follower enters the city.
    #[serde(default)]
    pub count_moves: CountMoves,
    /// R-CKR-6 (1st edition): before final scoring, followers leave the city one at a time
    /// for matching features, incomplete ones and fields too. Off: they score nothing.
    #[serde(default, skip_serializing_if = "is_false")]
    pub final_redeploy: bool,
    /// R-CKR-10: how the King and Robber Baron score at the end.
    #[serde(default)]
    pub king_robber_scoring: KingRobberScoring,
    /// R-SIEGE-5: which tiles of a besieged city a monastery must touch for an escape.
    #[serde(default)]
    pub siege_escape: SiegeEscape,
}

fn yes() -> bool {
    true
}

impl Default for Options {
    fn default() -> Self {
        Options {
            farmers: true,
            tiny_city: false,
            river_with_city_discard: false,
            count_moves: CountMoves::Free,
            final_redeploy: false,
            king_robber_scoring: KingRobberScoring::Official,
            siege_escape: SiegeEscape::SiegeTile,
        }
    }
}

/// A player at the table.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    pub name: String,
}

/// Everything that defines a game except its seed.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// In seat (turn) order.
    pub players: Vec<PlayerSetup>,
    /// Toggles; `base` is implied.
    #[serde(default = "base_only")]
    pub sets: Vec<Expansion>,
    #[serde(default)]
    pub options: Options,
    /// Tile ids drawn first, in this order (the rest of the bag follows, shuffled).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw_order: Vec<String>,
    /// The bag holds only the `draw_order` tiles: the game ends when they are used up.
    /// For scenarios, puzzles and rule tests.
    #[serde(default, skip_serializing_if = "is_false")]
    pub draw_order_only: bool,
}

fn base_only() -> Vec<Expansion> {
    vec![Expansion::Base]
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Setup {
    /// A base game for `n` players named "Player 1" ….
    pub fn base(n: usize) -> Setup {
        Setup {
            players: (1..=n)
                .map(|i| PlayerSetup {
                    name: format!("Player {i}"),
                })
                .collect(),
            sets: base_only(),
            options: Options::default(),
            draw_order: Vec::new(),
            draw_order_only: false,
        }
    }

    pub fn has(&self, e: Expansion) -> bool {
        e == Expansion::Base || self.sets.contains(&e)
    }

    /// Checks the setup and resolves the forced draw order.
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong, in words a player understands: the first of
    /// [`Setup::problems`].
    pub fn validate(&self) -> Result<Vec<TileTypeId>, SetupError> {
        match self.problems().into_iter().next() {
            Some(first) => Err(first),
            None => self.forced_draws(),
        }
    }

    /// Every reason this setup cannot start, in the order [`Setup::validate`] meets them
    /// (a setup screen lists them all at once).
    pub fn problems(&self) -> Vec<SetupError> {
        let mut out = Vec::new();
        let (min, max) = (2, Rules::of(self).max_players());
        let n = self.players.len();
        if n < min {
            out.push(SetupError::TooFewPlayers { min, got: n });
        }
        if n > max {
            out.push(SetupError::TooManyPlayers { max, got: n });
        }
        for (seat, p) in self.players.iter().enumerate() {
            if p.name.trim().is_empty() {
                out.push(SetupError::EmptyName { seat });
            }
        }
        if self.has(Expansion::River2)
            && self.has(Expansion::CityOfCarcassonne)
            && !self.options.river_with_city_discard
        {
            out.push(SetupError::RiverWithCity);
        }
        if self.has(Expansion::Cathars) && self.has(Expansion::Siege) {
            out.push(SetupError::CatharsWithSiege);
        }
        for &e in &self.sets {
            if !e.supported() {
                out.push(SetupError::ExpansionNotSupported { expansion: e });
            }
        }
        if let Err(e) = self.forced_draws() {
            out.push(e);
        }
        out
    }

    /// The `draw_order` tiles as tile types, each taken from the bag.
    fn forced_draws(&self) -> Result<Vec<TileTypeId>, SetupError> {
        let cat = catalogue();
        let mut available = self.bag();
        let mut forced = Vec::with_capacity(self.draw_order.len());
        for id in &self.draw_order {
            let t = cat
                .id(id)
                .ok_or_else(|| SetupError::UnknownTile { tile: id.clone() })?;
            let i = available
                .iter()
                .position(|&a| a == t)
                .ok_or_else(|| SetupError::TileNotAvailable { tile: id.clone() })?;
            available.swap_remove(i);
            forced.push(t);
        }
        Ok(forced)
    }

    /// The drawable tiles of this setup (start tiles excluded), in catalogue order.
    pub fn bag(&self) -> Vec<TileTypeId> {
        let cat = catalogue();
        let sets: Vec<TileSet> = self.active_sets();
        let rules = Rules::of(self);
        let mut bag = Vec::new();
        for (i, t) in cat.tiles.iter().enumerate() {
            if sets.contains(&t.set) && !t.is_start && !river::excluded(&rules, t) {
                for _ in 0..t.count {
                    bag.push(TileTypeId(i as u16));
                }
            }
        }
        bag
    }

    fn active_sets(&self) -> Vec<TileSet> {
        let mut sets = vec![TileSet::Base];
        sets.extend(self.sets.iter().filter_map(|e| e.tile_set()));
        sets
    }
}

/// Why a setup was refused.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum SetupError {
    TooFewPlayers {
        min: usize,
        got: usize,
    },
    TooManyPlayers {
        max: usize,
        got: usize,
    },
    EmptyName {
        seat: usize,
    },
    ExpansionNotSupported {
        expansion: Expansion,
    },
    UnknownTile {
        tile: String,
    },
    TileNotAvailable {
        tile: String,
    },
    /// River II and the City of Carcassonne together need `river_with_city_discard`.
    RiverWithCity,
    /// The Cathars and the Siege sets are two printings of the same tiles (R-SIEGE-1).
    CatharsWithSiege,
}

impl SetupError {
    /// The rule the setup breaks.
    pub fn rule(&self) -> &'static str {
        match self {
            SetupError::TooFewPlayers { .. } => "R-BASE-1",
            SetupError::TooManyPlayers { max, .. } => {
                if *max == 6 {
                    "R-IC-4"
                } else {
                    "R-BASE-1"
                }
            }
            SetupError::EmptyName { .. } => "R-BASE-1",
            SetupError::ExpansionNotSupported { .. } => "toggles",
            SetupError::UnknownTile { .. } | SetupError::TileNotAvailable { .. } => "R-BASE-2",
            SetupError::RiverWithCity => "R-RIVER-6",
            SetupError::CatharsWithSiege => "R-SIEGE-1",
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooFewPlayers { min, got } => {
                write!(f, "a game needs at least {min} players, this one has {got}")
            }
            SetupError::TooManyPlayers { max, got } => write!(
                f,
                "at most {max} players can play with these expansions, this game has {got}{}",
                if *max == 5 {
                    " (a 6th player needs Inns & Cathedrals)"
                } else {
                    ""
                }
            ),
            SetupError::EmptyName { seat } => write!(f, "player {} has no name", seat + 1),
            SetupError::ExpansionNotSupported { expansion } => write!(
                f,
                "the expansion `{expansion}` is not available in this version yet"
            ),
            SetupError::UnknownTile { tile } => write!(f, "no tile is called `{tile}`"),
            SetupError::TileNotAvailable { tile } => write!(
                f,
                "the draw order asks for more copies of `{tile}` than the chosen sets hold"
            ),
            SetupError::RiverWithCity => write!(
                f,
                "The River II is not played with the City of Carcassonne (2nd-edition rule); \
                 turn on the option river_with_city_discard to play them together"
            ),
            SetupError::CatharsWithSiege => write!(
                f,
                "Cathars and Siege are two printings of the same four tiles: choose one of them"
            ),
        }
    }
}

impl std::error::Error for SetupError {}
