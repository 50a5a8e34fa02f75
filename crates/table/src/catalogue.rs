//! What the engine offers, for the new-game screen and the tile art: expansions, options,
//! bots and the tile catalogue. Ids and values only: the UI names and describes them. The
//! app's API and the LAN host answer them alike.

use carcassonne_engine::expansions::count::CountMoves;
use carcassonne_engine::expansions::king_robber::KingRobberScoring;
use carcassonne_engine::expansions::siege::SiegeEscape;
use carcassonne_engine::tiles::CATALOGUE_JSON;
use carcassonne_engine::tiles::{FeatureKind, RiverRole, Terrain, TileSet};
use carcassonne_engine::{catalogue, Expansion, Options};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

fn tiles_of(e: Expansion) -> u32 {
    let Some(set) = e.tile_set() else { return 0 };
    catalogue()
        .tiles
        .iter()
        .filter(|t| t.set == set && !t.is_start)
        .map(|t| t.count)
        .sum()
}

fn value<T: serde::Serialize>(v: T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

pub fn app_info() -> AppInfo {
    let defaults = Options::default();
    let options = vec![
        OptionInfo {
            key: "farmers".into(),
            expansions: vec![],
            values: vec![
                OptionValue { value: json!(true) },
                OptionValue {
                    value: json!(false),
                },
            ],
            default: json!(defaults.farmers),
        },
        OptionInfo {
            key: "tiny_city".into(),
            expansions: vec![],
            values: vec![
                OptionValue {
                    value: json!(false),
                },
                OptionValue { value: json!(true) },
            ],
            default: json!(defaults.tiny_city),
        },
        OptionInfo {
            key: "river_with_city_discard".into(),
            expansions: vec![Expansion::River2],
            values: vec![
                OptionValue {
                    value: json!(false),
                },
                OptionValue { value: json!(true) },
            ],
            default: json!(defaults.river_with_city_discard),
        },
        OptionInfo {
            key: "count_moves".into(),
            expansions: vec![Expansion::CityOfCarcassonne],
            values: vec![
                OptionValue {
                    value: value(CountMoves::Free),
                },
                OptionValue {
                    value: value(CountMoves::Clockwise),
                },
                OptionValue {
                    value: value(CountMoves::Follow),
                },
            ],
            default: value(defaults.count_moves),
        },
        OptionInfo {
            key: "final_redeploy".into(),
            expansions: vec![Expansion::CityOfCarcassonne],
            values: vec![
                OptionValue {
                    value: json!(false),
                },
                OptionValue { value: json!(true) },
            ],
            default: json!(defaults.final_redeploy),
        },
        OptionInfo {
            key: "king_robber_scoring".into(),
            expansions: vec![Expansion::KingRobber],
            values: vec![
                OptionValue {
                    value: value(KingRobberScoring::Official),
                },
                OptionValue {
                    value: value(KingRobberScoring::Flat10),
                },
                OptionValue {
                    value: value(KingRobberScoring::Flat15_40),
                },
                OptionValue {
                    value: value(KingRobberScoring::Continuous),
                },
            ],
            default: value(defaults.king_robber_scoring),
        },
        OptionInfo {
            key: "siege_escape".into(),
            expansions: vec![Expansion::Besiegers, Expansion::Cathars, Expansion::Siege],
            values: vec![
                OptionValue {
                    value: value(SiegeEscape::SiegeTile),
                },
                OptionValue {
                    value: value(SiegeEscape::AnyCityTile),
                },
            ],
            default: value(defaults.siege_escape),
        },
    ];
    AppInfo {
        version: env!("CARGO_PKG_VERSION").into(),
        expansions: Expansion::ALL
            .into_iter()
            .filter(|e| e.supported() && *e != Expansion::Base)
            .map(|e| ExpansionInfo {
                id: e,
                tiles: tiles_of(e),
            })
            .collect(),
        options,
        bots: vec![
            BotInfo {
                id: "random".into(),
                name: "Random".into(),
            },
            BotInfo {
                id: "easy".into(),
                name: "Easy".into(),
            },
            BotInfo {
                id: "medium".into(),
                name: "Medium".into(),
            },
            BotInfo {
                id: "hard".into(),
                name: "Hard".into(),
            },
        ],
        colours: crate::COLOURS.iter().map(|c| c.to_string()).collect(),
        min_players: 2,
        max_players: 6,
    }
}

#[derive(Deserialize)]
struct RawCatalogue {
    tiles: Vec<TileInfo>,
}

/// The catalogue's tile types as the art draws them.
///
/// # Errors
/// The embedded catalogue does not read as tiles (the parser says why).
pub fn tiles() -> Result<Vec<TileInfo>, serde_json::Error> {
    let raw: RawCatalogue = serde_json::from_str(CATALOGUE_JSON)?;
    Ok(raw.tiles)
}

/// What the app can do: shown by the new-game screen, so it never lists what the engine lacks.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AppInfo {
    pub version: String,
    pub expansions: Vec<ExpansionInfo>,
    pub options: Vec<OptionInfo>,
    pub bots: Vec<BotInfo>,
    /// Seat colours offered, in order.
    pub colours: Vec<String>,
    pub min_players: u32,
    pub max_players: u32,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExpansionInfo {
    pub id: Expansion,
    /// Tiles the expansion adds to the bag.
    pub tiles: u32,
}

/// One rule variant: its values, the default, and the expansion it belongs to.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionInfo {
    /// The field of `Options` it sets.
    pub key: String,
    /// Shown only when one of these expansions is on (none listed: always).
    pub expansions: Vec<Expansion>,
    pub values: Vec<OptionValue>,
    pub default: serde_json::Value,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionValue {
    pub value: serde_json::Value,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotInfo {
    pub id: String,
    /// The bot's name, also in its seats' names ("Easy bot 1").
    pub name: String,
}

/// A tile type as drawn by the UI: the catalogue's own fields (crates/engine/data/FORMAT.md).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileInfo {
    pub id: String,
    pub set: TileSet,
    pub name: String,
    pub count: u32,
    pub edges: TileEdges,
    pub features: Vec<TileFeatureInfo>,
    #[serde(default)]
    pub river_role: Option<RiverRole>,
    #[serde(default)]
    pub board_position: Option<BoardPosition>,
}

/// Edge terrains in canonical orientation.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileEdges {
    #[serde(rename = "N")]
    pub n: Terrain,
    #[serde(rename = "E")]
    pub e: Terrain,
    #[serde(rename = "S")]
    pub s: Terrain,
    #[serde(rename = "W")]
    pub w: Terrain,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardPosition {
    pub col: u32,
    pub row: u32,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileFeatureInfo {
    pub id: String,
    pub kind: FeatureKind,
    pub ports: Vec<Port>,
    #[serde(default)]
    pub pennants: Option<u32>,
    #[serde(default)]
    pub cathedral: Option<bool>,
    #[serde(default)]
    pub besieged: Option<bool>,
    #[serde(default)]
    pub inn: Option<bool>,
    #[serde(default)]
    pub pig_herd: Option<bool>,
    #[serde(default)]
    pub inner: Option<bool>,
    #[serde(default)]
    pub borders_cities: Option<Vec<String>>,
}

/// An edge slot of a tile (FORMAT.md §2): the middle of a side (`N`, used by roads, rivers and
/// cities) or one of its halves (`N1`, `N2`, fields only); the engine's `Slot` by name.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Port {
    N1,
    N,
    N2,
    E1,
    E,
    E2,
    S1,
    S,
    S2,
    W1,
    W,
    W2,
}

impl Port {
    /// Clockwise from the north-west corner, the engine's slot order.
    pub const ALL: [Port; 12] = [
        Port::N1,
        Port::N,
        Port::N2,
        Port::E1,
        Port::E,
        Port::E2,
        Port::S1,
        Port::S,
        Port::S2,
        Port::W1,
        Port::W,
        Port::W2,
    ];
}
