//! What the engine offers, for the new-game screen and the tile art: expansions, options,
//! bots and the tile catalogue (the app's API and the LAN host answer them alike).

use carcassonne_engine::expansions::count::CountMoves;
use carcassonne_engine::expansions::king_robber::KingRobberScoring;
use carcassonne_engine::expansions::siege::SiegeEscape;
use carcassonne_engine::tiles::CATALOGUE_JSON;
use carcassonne_engine::{catalogue, Expansion, Options};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

fn describe(e: Expansion) -> (&'static str, &'static str) {
    match e {
        Expansion::Base => ("Base game", "72 land tiles with farmers (2nd edition)"),
        Expansion::River1 => ("The River", "Start with a river of 12 tiles"),
        Expansion::River2 => (
            "The River II",
            "A forked river with a volcano, lake inn and pig herd",
        ),
        Expansion::Abbot => ("The Abbot", "An abbot per player, and gardens"),
        Expansion::InnsCathedrals => (
            "Inns & Cathedrals",
            "Inns, cathedrals, a big meeple each, up to 6 players",
        ),
        Expansion::CityOfCarcassonne => (
            "City of Carcassonne & the Count",
            "Start from the walled city; followers wait in its quarters",
        ),
        Expansion::KingRobber => (
            "King & Robber Baron",
            "Bonuses for the largest city and road",
        ),
        Expansion::Shrines => ("Heretics & Shrines", "Shrines challenge nearby monasteries"),
        Expansion::CkrLand => ("New land tiles", "The land tiles of Count, King & Robber"),
        Expansion::Besiegers => ("The Besiegers", "Besieged cities are worth less to knights"),
        Expansion::Cathars => ("The Cathars", "Besieged cities (Cathars tiles)"),
        Expansion::Siege => ("The Siege", "Besieged cities (Siege tiles)"),
    }
}

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
            name: "Farmers".into(),
            description:
                "Followers may lie in fields and score completed cities at the end (R-BASE-13)"
                    .into(),
            expansion: None,
            values: vec![
                OptionValue {
                    value: json!(true),
                    label: "On".into(),
                },
                OptionValue {
                    value: json!(false),
                    label: "Off".into(),
                },
            ],
            default: json!(defaults.farmers),
        },
        OptionInfo {
            key: "river_with_city_discard".into(),
            name: "River II with the City".into(),
            description:
                "Play River II with the City of Carcassonne: its spring and lake are set aside"
                    .into(),
            expansion: Some(Expansion::River2),
            values: vec![
                OptionValue {
                    value: json!(false),
                    label: "Not allowed".into(),
                },
                OptionValue {
                    value: json!(true),
                    label: "Allowed".into(),
                },
            ],
            default: json!(defaults.river_with_city_discard),
        },
        OptionInfo {
            key: "count_moves".into(),
            name: "The Count moves".into(),
            description: "How the Count moves when a follower enters the city (R-CKR-7)".into(),
            expansion: Some(Expansion::CityOfCarcassonne),
            values: vec![
                OptionValue {
                    value: value(CountMoves::Free),
                    label: "Anywhere (official)".into(),
                },
                OptionValue {
                    value: value(CountMoves::Clockwise),
                    label: "One quarter clockwise".into(),
                },
                OptionValue {
                    value: value(CountMoves::Follow),
                    label: "To the quarter used".into(),
                },
            ],
            default: value(defaults.count_moves),
        },
        OptionInfo {
            key: "final_redeploy".into(),
            name: "Last move out of the city".into(),
            description: "At the end, followers in the city may move onto features (R-CKR-6)"
                .into(),
            expansion: Some(Expansion::CityOfCarcassonne),
            values: vec![
                OptionValue {
                    value: json!(false),
                    label: "Off".into(),
                },
                OptionValue {
                    value: json!(true),
                    label: "On".into(),
                },
            ],
            default: json!(defaults.final_redeploy),
        },
        OptionInfo {
            key: "king_robber_scoring".into(),
            name: "King & Robber bonus".into(),
            description: "How the King and the Robber Baron score at the end (R-CKR-10)".into(),
            expansion: Some(Expansion::KingRobber),
            values: vec![
                OptionValue {
                    value: value(KingRobberScoring::Official),
                    label: "1 per completed city/road (official)".into(),
                },
                OptionValue {
                    value: value(KingRobberScoring::Flat10),
                    label: "10 each".into(),
                },
                OptionValue {
                    value: value(KingRobberScoring::Flat15_40),
                    label: "15 each, 40 for both".into(),
                },
            ],
            default: value(defaults.king_robber_scoring),
        },
        OptionInfo {
            key: "siege_escape".into(),
            name: "Escape from a siege".into(),
            description: "When a knight may leave a besieged city (R-SIEGE-5)".into(),
            expansion: Some(Expansion::Besiegers),
            values: vec![
                OptionValue {
                    value: value(SiegeEscape::SiegeTile),
                    label: "A monastery or shrine next to a siege tile (official)".into(),
                },
                OptionValue {
                    value: value(SiegeEscape::AnyCityTile),
                    label: "A monastery or shrine next to any tile of the city".into(),
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
            .map(|e| {
                let (name, description) = describe(e);
                ExpansionInfo {
                    id: e,
                    name: name.into(),
                    description: description.into(),
                    tiles: tiles_of(e),
                }
            })
            .collect(),
        options,
        bots: vec![
            BotInfo {
                id: "random".into(),
                name: "Random".into(),
                description: "Plays any legal move".into(),
            },
            BotInfo {
                id: "easy".into(),
                name: "Easy".into(),
                description: "Scores what it sees, often slips".into(),
            },
            BotInfo {
                id: "medium".into(),
                name: "Medium".into(),
                description: "Looks a few turns ahead".into(),
            },
            BotInfo {
                id: "hard".into(),
                name: "Hard".into(),
                description: "Weighs every draw and reply".into(),
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
/// The embedded catalogue does not read as tiles (the message says why).
pub fn tiles() -> Result<Vec<TileInfo>, String> {
    let raw: RawCatalogue =
        serde_json::from_str(CATALOGUE_JSON).map_err(|e| format!("tile catalogue: {e}"))?;
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
    pub name: String,
    pub description: String,
    /// Tiles the expansion adds to the bag.
    pub tiles: u32,
}

/// One rule variant: its values, the default, and the expansion it belongs to.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionInfo {
    /// The field of `Options` it sets.
    pub key: String,
    pub name: String,
    pub description: String,
    /// Shown only when this expansion is on (none: always).
    pub expansion: Option<Expansion>,
    pub values: Vec<OptionValue>,
    pub default: serde_json::Value,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionValue {
    pub value: serde_json::Value,
    pub label: String,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotInfo {
    pub id: String,
    pub name: String,
    pub description: String,
}

/// A tile type as drawn by the UI: the catalogue's own fields (tiles/FORMAT.md).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileInfo {
    pub id: String,
    pub set: String,
    pub name: String,
    pub count: u32,
    pub edges: TileEdges,
    pub features: Vec<TileFeatureInfo>,
    #[serde(default)]
    pub river_role: Option<String>,
    #[serde(default)]
    pub board_position: Option<BoardPosition>,
}

/// Edge terrains in canonical orientation: `field`, `road`, `city`, `river`, `internal`.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileEdges {
    #[serde(rename = "N")]
    pub n: String,
    #[serde(rename = "E")]
    pub e: String,
    #[serde(rename = "S")]
    pub s: String,
    #[serde(rename = "W")]
    pub w: String,
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
    pub kind: String,
    pub ports: Vec<String>,
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
