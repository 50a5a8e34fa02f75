//! The catalogue JSON as written in `crates/engine/data/catalogue.json` (`data/FORMAT.md`
//! §3–6), before validation. Unknown keys are ignored so that the catalogue can grow.

use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
pub(crate) struct RawCatalogue {
    pub sets: BTreeMap<String, RawSet>,
    pub total_tiles: u32,
    pub tiles: Vec<RawTile>,
}

#[derive(Deserialize)]
pub(crate) struct RawSet {
    pub expected_tiles: u32,
    pub tiles: u32,
    pub tile_types: u32,
}

#[derive(Deserialize)]
pub(crate) struct RawTile {
    pub id: String,
    pub set: String,
    pub name: String,
    pub count: u32,
    pub count_first_edition: Option<u32>,
    #[serde(default)]
    pub is_start: bool,
    pub edge_code: String,
    pub edges: BTreeMap<String, String>,
    pub edge_segments: BTreeMap<String, Vec<String>>,
    pub features: Vec<RawFeature>,
    #[serde(default)]
    pub has_garden: bool,
    /// Absent for City of Carcassonne cells, which never turn.
    pub distinct_rotations: Option<u8>,
    pub river_role: Option<String>,
    pub river_setup: Option<String>,
    pub board_position: Option<RawBoardPosition>,
    pub meeples_allowed: Option<bool>,
}

#[derive(Deserialize)]
pub(crate) struct RawBoardPosition {
    pub col: u8,
    pub row: u8,
}

#[derive(Deserialize)]
pub(crate) struct RawFeature {
    pub id: String,
    pub kind: String,
    #[serde(default)]
    pub ports: Vec<String>,
    #[serde(default)]
    pub pennants: u8,
    #[serde(default)]
    pub cathedral: bool,
    #[serde(default)]
    pub besieged: bool,
    #[serde(default)]
    pub inn: bool,
    #[serde(default)]
    pub inner: bool,
    #[serde(default)]
    pub pig_herd: bool,
    #[serde(default)]
    pub borders_cities: Vec<String>,
    #[serde(default)]
    pub borders_city_of_carcassonne: bool,
}
