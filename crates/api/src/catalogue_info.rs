//! What the engine offers, for the new-game screen and the tile art: expansions, options,
//! bots and the tile catalogue. Ids and values only: the UI names and describes them.

use crate::error::ApiError;
use crate::types::*;
use carcassonne_engine::expansions::count::CountMoves;
use carcassonne_engine::expansions::king_robber::KingRobberScoring;
use carcassonne_engine::expansions::siege::SiegeEscape;
use carcassonne_engine::tiles::CATALOGUE_JSON;
use carcassonne_engine::{catalogue, Expansion, Options};
use serde::Deserialize;
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
            expansion: None,
            values: vec![
                OptionValue { value: json!(true) },
                OptionValue {
                    value: json!(false),
                },
            ],
            default: json!(defaults.farmers),
        },
        OptionInfo {
            key: "river_with_city_discard".into(),
            expansion: Some(Expansion::River2),
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
            expansion: Some(Expansion::CityOfCarcassonne),
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
            expansion: Some(Expansion::CityOfCarcassonne),
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
            expansion: Some(Expansion::KingRobber),
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
            ],
            default: value(defaults.king_robber_scoring),
        },
        OptionInfo {
            key: "siege_escape".into(),
            expansion: Some(Expansion::Besiegers),
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
        colours: crate::api::COLOURS.iter().map(|c| c.to_string()).collect(),
        min_players: 2,
        max_players: 6,
    }
}

#[derive(Deserialize)]
struct RawCatalogue {
    tiles: Vec<TileInfo>,
}

/// The catalogue's tile types as the art draws them.
pub fn tiles() -> Result<Vec<TileInfo>, ApiError> {
    let raw: RawCatalogue = serde_json::from_str(CATALOGUE_JSON)
        .map_err(|e| ApiError::bad_request(format!("tile catalogue: {e}")))?;
    Ok(raw.tiles)
}
