//! Tiles as data: the catalogue (`crates/engine/data/catalogue.json`, embedded at compile time;
//! its format is `crates/engine/data/FORMAT.md`), validated when loaded, and compiled into
//! per-rotation lookup tables.

mod geometry;
mod raw;

pub use geometry::{Side, Slot, Terrain};

use crate::features::Node;
use raw::{RawCatalogue, RawFeature, RawTile};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// The embedded copy of the shared catalogue; `make sync-tiles` refreshes it and a test checks
/// that it matches the shared file.
pub const CATALOGUE_JSON: &str = include_str!("../../data/catalogue.json");

/// Index of a tile type in the catalogue; written as the tile's string id in JSON.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "String"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileTypeId(pub u16);

impl TileTypeId {
    /// The catalogue id (`base/city1`), if the catalogue has this index.
    pub fn name(self) -> Option<&'static str> {
        catalogue()
            .tiles
            .get(usize::from(self.0))
            .map(|t| t.id.as_str())
    }
}

/// The catalogue id, the name every message and record gives a tile; `#n` for an index the
/// catalogue lacks.
impl fmt::Display for TileTypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(id) => f.write_str(id),
            None => write!(f, "#{}", self.0),
        }
    }
}

/// The catalogue's tile sets (`set` in the tile format), not the game's toggles.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TileSet {
    Base,
    River1,
    River2,
    InnsCathedrals,
    CkrShrines,
    CkrLand,
    CkrCity,
    Besiegers,
    Cathars,
    Siege,
}

impl TileSet {
    pub const ALL: [TileSet; 10] = [
        TileSet::Base,
        TileSet::River1,
        TileSet::River2,
        TileSet::InnsCathedrals,
        TileSet::CkrShrines,
        TileSet::CkrLand,
        TileSet::CkrCity,
        TileSet::Besiegers,
        TileSet::Cathars,
        TileSet::Siege,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TileSet::Base => "base",
            TileSet::River1 => "river1",
            TileSet::River2 => "river2",
            TileSet::InnsCathedrals => "inns_cathedrals",
            TileSet::CkrShrines => "ckr_shrines",
            TileSet::CkrLand => "ckr_land",
            TileSet::CkrCity => "ckr_city",
            TileSet::Besiegers => "besiegers",
            TileSet::Cathars => "cathars",
            TileSet::Siege => "siege",
        }
    }

    fn from_name(s: &str) -> Option<TileSet> {
        TileSet::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// What a feature is (tile format §3).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeatureKind {
    City,
    Road,
    River,
    Field,
    Monastery,
    Shrine,
    Garden,
    Volcano,
}

impl FeatureKind {
    fn from_name(s: &str) -> Option<FeatureKind> {
        Some(match s {
            "city" => FeatureKind::City,
            "road" => FeatureKind::Road,
            "river" => FeatureKind::River,
            "field" => FeatureKind::Field,
            "monastery" => FeatureKind::Monastery,
            "shrine" => FeatureKind::Shrine,
            "garden" => FeatureKind::Garden,
            "volcano" => FeatureKind::Volcano,
            _ => return None,
        })
    }

    /// Features that sit in the centre of a tile and are scored by their 8 neighbours.
    pub fn is_cloister_like(self) -> bool {
        matches!(
            self,
            FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden
        )
    }

    /// Features that are complete when no edge is left open.
    pub fn is_edge_closed(self) -> bool {
        matches!(self, FeatureKind::City | FeatureKind::Road)
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            FeatureKind::City => "city",
            FeatureKind::Road => "road",
            FeatureKind::River => "river",
            FeatureKind::Field => "field",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Shrine => "shrine",
            FeatureKind::Garden => "garden",
            FeatureKind::Volcano => "volcano",
        };
        f.write_str(s)
    }
}

/// One feature of a tile type, in canonical orientation.
#[derive(Clone, Debug)]
pub struct FeatureDef {
    /// The tile-local id (`city1`, `field2`, ...).
    pub local_id: String,
    pub kind: FeatureKind,
    /// Bit `i` set = the feature owns slot `i` (canonical orientation).
    pub slots: u16,
    pub pennants: u8,
    pub cathedral: bool,
    pub besieged: bool,
    pub inn: bool,
    pub inner: bool,
    pub pig_herd: bool,
    /// Indices (into the tile's features) of the cities this field touches.
    pub borders_cities: Vec<u8>,
    pub borders_city_of_carcassonne: bool,
}

/// Lookup tables for one rotation of a tile type.
#[derive(Clone, Copy, Debug)]
pub struct Oriented {
    /// Terrain code of each side (board orientation), 4 bits per side, N in the low bits.
    pub edges: u16,
    /// Feature index owning each slot (board orientation), `NO_FEATURE` if none.
    pub slot_feature: [u8; 12],
}

pub const NO_FEATURE: u8 = u8::MAX;

/// The role of a river tile (tile format §4).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiverRole {
    Source,
    End,
    Course,
    Fork,
}

/// How a river tile is sequenced (tile format §4, R-RIVER-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiverSetup {
    Start,
    FirstAfterStart,
    Last,
    Shuffled,
}

/// A validated tile type.
#[derive(Clone, Debug)]
pub struct TileType {
    pub id: String,
    pub set: TileSet,
    pub name: String,
    pub count: u32,
    pub count_first_edition: u32,
    pub is_start: bool,
    /// Canonical edge terrains, N E S W.
    pub edges: [Terrain; 4],
    pub features: Vec<FeatureDef>,
    /// Each feature as a graph segment before placement (`features`' order): placing the
    /// tile copies them.
    pub nodes: Vec<Node>,
    pub has_garden: bool,
    pub distinct_rotations: u8,
    pub river_role: Option<RiverRole>,
    pub river_setup: Option<RiverSetup>,
    /// City of Carcassonne cells: (col, row).
    pub board_position: Option<(u8, u8)>,
    pub meeples_allowed: bool,
    pub oriented: [Oriented; 4],
    /// For every frontier requirement code (3 bits of terrain per side, 0 = free), the bit
    /// set of distinct rotations that fit: placement search is one lookup per frontier cell.
    pub fit: Vec<u8>,
    /// Index of the tile's monastery, shrine or garden, if it has one.
    pub cloister: Option<u8>,
    /// The tile carries a river that bends (two river edges at a corner): its placements
    /// are checked against U-turns too (R-RIVER-2).
    pub river_curve: bool,
}

/// Number of frontier requirement codes: 6 values (none + 5 terrains) on each of 4 sides.
pub const FIT_CODES: usize = 6 * 6 * 6 * 6;

/// The weight of each side's terrain code in a requirement code (base 6, N lowest). Small
/// tables keep the per-tile lookup within a few cache lines.
pub const FIT_SIDE_WEIGHT: [u16; 4] = [1, 6, 36, 216];

/// `has_river`: a river tile fits only where it continues a river, i.e. where the cell
/// demands a river on some side (R-RIVER-2); edge matching then puts its river there.
fn fit_table(oriented: &[Oriented; 4], distinct: u8, has_river: bool) -> Vec<u8> {
    let mut table = vec![0u8; FIT_CODES];
    for (code, entry) in table.iter_mut().enumerate() {
        let demands_river = FIT_SIDE_WEIGHT
            .iter()
            .any(|&w| (code / usize::from(w)) % 6 == Terrain::River as usize);
        if has_river && !demands_river {
            continue;
        }
        let mut mask = 0u16;
        let mut want = 0u16;
        for (side, &weight) in FIT_SIDE_WEIGHT.iter().enumerate() {
            let t = (code / usize::from(weight)) % 6;
            if t != 0 {
                mask |= 0xF << (4 * side);
                want |= (t as u16) << (4 * side);
            }
        }
        for r in 0..distinct {
            if oriented[usize::from(r)].edges & mask == want {
                *entry |= 1 << r;
            }
        }
    }
    table
}

impl TileType {
    pub fn has_river(&self) -> bool {
        self.edges.contains(&Terrain::River)
    }

    /// The terrain of `side` once the tile is turned `rotation` quarter turns clockwise.
    pub fn edge(&self, rotation: u8, side: Side) -> Terrain {
        self.edges[(side as usize + 4 - usize::from(rotation & 3)) & 3]
    }
}

/// Summary of one catalogue set.
#[derive(Clone, Debug)]
pub struct SetInfo {
    pub set: TileSet,
    pub tiles: u32,
    pub tile_types: u32,
}

/// A tile definition that breaks an invariant of the tile format, named by its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueError {
    /// The tile id (or `catalogue` / a set name for whole-catalogue problems).
    pub tile: String,
    pub problem: String,
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile catalogue: {}: {}", self.tile, self.problem)
    }
}

impl std::error::Error for CatalogueError {}

fn err(tile: &str, problem: impl Into<String>) -> CatalogueError {
    CatalogueError {
        tile: tile.to_string(),
        problem: problem.into(),
    }
}

/// The validated tile catalogue.
#[derive(Debug)]
pub struct Catalogue {
    pub tiles: Vec<TileType>,
    pub sets: Vec<SetInfo>,
    by_id: HashMap<String, TileTypeId>,
}

impl Catalogue {
    /// Parses and validates a catalogue in the shared JSON format.
    ///
    /// # Errors
    /// The first broken definition found, with its tile id.
    pub fn from_json(json: &str) -> Result<Catalogue, CatalogueError> {
        let raw: RawCatalogue = serde_json::from_str(json)
            .map_err(|e| err("catalogue", format!("not valid catalogue JSON: {e}")))?;
        let mut tiles = Vec::with_capacity(raw.tiles.len());
        let mut by_id = HashMap::new();
        for rt in &raw.tiles {
            let t = compile_tile(rt)?;
            let id = TileTypeId(tiles.len() as u16);
            if by_id.insert(t.id.clone(), id).is_some() {
                return Err(err(&t.id, "duplicate tile id"));
            }
            tiles.push(t);
        }
        let mut sets = Vec::new();
        let mut total = 0;
        for (name, rs) in &raw.sets {
            let set = TileSet::from_name(name).ok_or_else(|| err(name, "unknown set"))?;
            let count: u32 = tiles.iter().filter(|t| t.set == set).map(|t| t.count).sum();
            let types = tiles.iter().filter(|t| t.set == set && t.count > 0).count() as u32;
            if count != rs.tiles || count != rs.expected_tiles {
                return Err(err(
                    name,
                    format!(
                        "set holds {count} tiles, catalogue says {} (expected {})",
                        rs.tiles, rs.expected_tiles
                    ),
                ));
            }
            if types != rs.tile_types {
                return Err(err(
                    name,
                    format!(
                        "set has {types} tile types, catalogue says {}",
                        rs.tile_types
                    ),
                ));
            }
            total += count;
            sets.push(SetInfo {
                set,
                tiles: count,
                tile_types: types,
            });
        }
        if let Some(t) = tiles.iter().find(|t| !sets.iter().any(|s| s.set == t.set)) {
            return Err(err(&t.id, "its set is not described in `sets`"));
        }
        if total != raw.total_tiles {
            return Err(err(
                "catalogue",
                format!(
                    "sets hold {total} tiles, total_tiles says {}",
                    raw.total_tiles
                ),
            ));
        }
        Ok(Catalogue { tiles, sets, by_id })
    }

    pub fn id(&self, name: &str) -> Option<TileTypeId> {
        self.by_id.get(name).copied()
    }

    pub fn tile(&self, id: TileTypeId) -> &TileType {
        &self.tiles[usize::from(id.0)]
    }
}

/// The embedded catalogue, validated once.
pub fn catalogue() -> &'static Catalogue {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| {
        // The embedded copy is checked by the crate's tests; failing here is a build defect.
        Catalogue::from_json(CATALOGUE_JSON)
            .unwrap_or_else(|e| panic!("embedded tile catalogue is invalid: {e}"))
    })
}

fn parse_terrain(id: &str, s: &str) -> Result<Terrain, CatalogueError> {
    Ok(match s {
        "field" => Terrain::Field,
        "road" => Terrain::Road,
        "city" => Terrain::City,
        "river" => Terrain::River,
        "internal" => Terrain::Internal,
        _ => return Err(err(id, format!("unknown terrain `{s}`"))),
    })
}

fn terrain_letter(t: Terrain) -> char {
    match t {
        Terrain::Field => 'F',
        Terrain::Road => 'R',
        Terrain::City => 'C',
        Terrain::River => 'I',
        Terrain::Internal => '-',
    }
}

fn compile_tile(rt: &RawTile) -> Result<TileType, CatalogueError> {
    let id = rt.id.as_str();
    let set =
        TileSet::from_name(&rt.set).ok_or_else(|| err(id, format!("unknown set `{}`", rt.set)))?;
    let mut edges = [Terrain::Field; 4];
    for side in Side::ALL {
        let name = side_name(side);
        let t = rt
            .edges
            .get(name)
            .ok_or_else(|| err(id, format!("edge {name} missing")))?;
        edges[side as usize] = parse_terrain(id, t)?;
    }
    if rt.edges.len() != 4 {
        return Err(err(id, "edges must name exactly N, E, S, W"));
    }
    let code: String = edges.iter().map(|&t| terrain_letter(t)).collect();
    if code != rt.edge_code {
        return Err(err(
            id,
            format!("edge_code {} disagrees with edges ({code})", rt.edge_code),
        ));
    }

    let mut features = Vec::with_capacity(rt.features.len());
    let mut owner = [NO_FEATURE; 12];
    for (fi, rf) in rt.features.iter().enumerate() {
        let f = compile_feature(id, rf, &rt.features)?;
        for s in 0..12u8 {
            if f.slots & (1 << s) != 0 {
                if owner[usize::from(s)] != NO_FEATURE {
                    return Err(err(
                        id,
                        format!("port {} is owned by two features", Slot(s)),
                    ));
                }
                owner[usize::from(s)] = fi as u8;
            }
        }
        features.push(f);
    }
    if features.len() >= usize::from(NO_FEATURE) {
        return Err(err(id, "too many features"));
    }

    check_edges(id, rt, &edges, &owner, &features)?;

    let has_garden = features.iter().any(|f| f.kind == FeatureKind::Garden);
    if has_garden != rt.has_garden {
        return Err(err(id, "has_garden disagrees with the features"));
    }

    let oriented = [0u8, 1, 2, 3].map(|r| orient(&edges, &owner, r));
    let distinct = match (rt.distinct_rotations, &rt.board_position) {
        // City cells are placed as laid out, never turned.
        (None, Some(_)) => 1,
        (None, None) => return Err(err(id, "distinct_rotations missing")),
        (Some(given), _) => {
            let distinct = distinct_rotations(&edges, &features);
            if distinct != given {
                return Err(err(
                    id,
                    format!("distinct_rotations is {given}, the layout has {distinct}"),
                ));
            }
            distinct
        }
    };

    let river_role = match rt.river_role.as_deref() {
        None => None,
        Some("source") => Some(RiverRole::Source),
        Some("end") => Some(RiverRole::End),
        Some("course") => Some(RiverRole::Course),
        Some("fork") => Some(RiverRole::Fork),
        Some(o) => return Err(err(id, format!("unknown river_role `{o}`"))),
    };
    let river_setup = match rt.river_setup.as_deref() {
        None => None,
        Some("start") => Some(RiverSetup::Start),
        Some("first_after_start") => Some(RiverSetup::FirstAfterStart),
        Some("last") => Some(RiverSetup::Last),
        Some("shuffled") => Some(RiverSetup::Shuffled),
        Some(o) => return Err(err(id, format!("unknown river_setup `{o}`"))),
    };
    let river_ports = features
        .iter()
        .filter(|f| f.kind == FeatureKind::River)
        .map(|f| f.slots.count_ones())
        .sum::<u32>();
    let expected_role = match river_ports {
        0 => None,
        1 => Some([RiverRole::Source, RiverRole::End].as_slice()),
        2 => Some([RiverRole::Course].as_slice()),
        _ => Some([RiverRole::Fork].as_slice()),
    };
    match (expected_role, river_role) {
        (None, None) => {}
        (Some(roles), Some(r)) if roles.contains(&r) => {}
        _ => {
            return Err(err(
                id,
                format!("river_role {river_role:?} does not fit {river_ports} river ports"),
            ))
        }
    }

    let cloister = features
        .iter()
        .position(|f| f.kind.is_cloister_like())
        .map(|i| i as u8);
    let river_curve = {
        let sides: Vec<usize> = (0..4).filter(|&i| edges[i] == Terrain::River).collect();
        sides.len() == 2 && sides[1] - sides[0] != 2
    };
    Ok(TileType {
        id: rt.id.clone(),
        set,
        name: rt.name.clone(),
        count: rt.count,
        count_first_edition: rt.count_first_edition.unwrap_or(rt.count),
        is_start: rt.is_start,
        edges,
        nodes: features
            .iter()
            .enumerate()
            .map(|(fi, f)| Node::template(f, fi as u8))
            .collect(),
        features,
        has_garden,
        distinct_rotations: distinct,
        river_role,
        river_setup,
        board_position: rt.board_position.as_ref().map(|p| (p.col, p.row)),
        meeples_allowed: rt.meeples_allowed.unwrap_or(true),
        // A spring starts a river rather than continuing one.
        fit: fit_table(
            &oriented,
            distinct,
            river_ports > 0 && river_role != Some(RiverRole::Source),
        ),
        cloister,
        river_curve,
        oriented,
    })
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::N => "N",
        Side::E => "E",
        Side::S => "S",
        Side::W => "W",
    }
}

fn compile_feature(
    id: &str,
    rf: &RawFeature,
    all: &[RawFeature],
) -> Result<FeatureDef, CatalogueError> {
    let kind = FeatureKind::from_name(&rf.kind)
        .ok_or_else(|| err(id, format!("{}: unknown kind `{}`", rf.id, rf.kind)))?;
    let mut slots = 0u16;
    for p in &rf.ports {
        let s: Slot = p
            .parse()
            .map_err(|_| err(id, format!("{}: unknown port `{p}`", rf.id)))?;
        if slots & (1 << s.0) != 0 {
            return Err(err(id, format!("{}: port {p} listed twice", rf.id)));
        }
        let ok = match kind {
            FeatureKind::City | FeatureKind::Road | FeatureKind::River => s.is_middle(),
            FeatureKind::Field => !s.is_middle(),
            _ => false,
        };
        if !ok {
            return Err(err(id, format!("{}: a {kind} cannot own port {p}", rf.id)));
        }
        slots |= 1 << s.0;
    }
    let needs_ports = matches!(
        kind,
        FeatureKind::City | FeatureKind::Road | FeatureKind::River
    ) || (kind == FeatureKind::Field && !rf.inner);
    if needs_ports && slots == 0 {
        return Err(err(id, format!("{}: a {kind} without ports", rf.id)));
    }
    if rf.inner && (kind != FeatureKind::Field || slots != 0) {
        return Err(err(
            id,
            format!("{}: only a field without ports is inner", rf.id),
        ));
    }
    let mut borders = Vec::new();
    for b in &rf.borders_cities {
        let idx = all
            .iter()
            .position(|f| &f.id == b && f.kind == "city")
            .ok_or_else(|| err(id, format!("{}: borders unknown city `{b}`", rf.id)))?;
        borders.push(idx as u8);
    }
    if !borders.is_empty() && kind != FeatureKind::Field {
        return Err(err(id, format!("{}: only fields border cities", rf.id)));
    }
    Ok(FeatureDef {
        local_id: rf.id.clone(),
        kind,
        slots,
        pennants: rf.pennants,
        cathedral: rf.cathedral,
        besieged: rf.besieged,
        inn: rf.inn,
        inner: rf.inner,
        pig_herd: rf.pig_herd,
        borders_cities: borders,
        borders_city_of_carcassonne: rf.borders_city_of_carcassonne,
    })
}

/// Every edge slot belongs to the feature its terrain demands (tile format §2).
fn check_edges(
    id: &str,
    rt: &RawTile,
    edges: &[Terrain; 4],
    owner: &[u8; 12],
    features: &[FeatureDef],
) -> Result<(), CatalogueError> {
    for side in Side::ALL {
        let terrain = edges[side as usize];
        let segs = rt
            .edge_segments
            .get(side_name(side))
            .ok_or_else(|| err(id, format!("edge_segments {} missing", side_name(side))))?;
        if segs.len() != 3 {
            return Err(err(
                id,
                format!("edge_segments {} needs 3 entries", side_name(side)),
            ));
        }
        for part in 0..3u8 {
            let slot = Slot::new(side, part);
            let seg = parse_terrain(id, &segs[usize::from(part)])?;
            let own = owner[usize::from(slot.0)];
            let own_kind = (own != NO_FEATURE).then(|| features[usize::from(own)].kind);
            let expected_seg = match (terrain, part) {
                (Terrain::City, _) => Terrain::City,
                (Terrain::Road, 1) => Terrain::Road,
                (Terrain::River, 1) => Terrain::River,
                (Terrain::Internal, _) => {
                    if own_kind.is_some() {
                        Terrain::Field
                    } else {
                        Terrain::Internal
                    }
                }
                _ => Terrain::Field,
            };
            if seg != expected_seg {
                return Err(err(
                    id,
                    format!("edge_segments of {slot} say {seg:?}, the edge needs {expected_seg:?}"),
                ));
            }
            let expected_owner = match (terrain, part) {
                (Terrain::City, 1) => Some(FeatureKind::City),
                (Terrain::City, _) => None,
                (Terrain::Road, 1) => Some(FeatureKind::Road),
                (Terrain::River, 1) => Some(FeatureKind::River),
                (Terrain::Field, 1) => None,
                (Terrain::Internal, 1) => None,
                (Terrain::Internal, _) => own_kind.filter(|k| *k == FeatureKind::Field),
                _ => Some(FeatureKind::Field),
            };
            if own_kind != expected_owner {
                return Err(err(
                    id,
                    format!(
                        "port {slot} is owned by {:?}, a {terrain:?} edge needs {:?}",
                        own_kind, expected_owner
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn orient(edges: &[Terrain; 4], owner: &[u8; 12], r: u8) -> Oriented {
    let mut packed = 0u16;
    for side in Side::ALL {
        let from = (side as usize + 4 - usize::from(r)) & 3;
        packed |= (edges[from] as u16) << (4 * side as u16);
    }
    let mut slot_feature = [NO_FEATURE; 12];
    for s in 0..12u8 {
        slot_feature[usize::from(Slot(s).rotated(r).0)] = owner[usize::from(s)];
    }
    Oriented {
        edges: packed,
        slot_feature,
    }
}

fn rotate_mask(mask: u16, r: u8) -> u16 {
    let mut out = 0;
    for s in 0..12u8 {
        if mask & (1 << s) != 0 {
            out |= 1 << Slot(s).rotated(r).0;
        }
    }
    out
}

/// The number of rotations that give different layouts (1, 2 or 4).
fn distinct_rotations(edges: &[Terrain; 4], features: &[FeatureDef]) -> u8 {
    let signature = |r: u8| {
        let mut sig: Vec<(u16, FeatureKind, u8, bool, bool, bool, usize)> = features
            .iter()
            .map(|f| {
                (
                    rotate_mask(f.slots, r),
                    f.kind,
                    f.pennants,
                    f.cathedral,
                    f.inn,
                    f.besieged,
                    f.borders_cities.len(),
                )
            })
            .collect();
        sig.sort_by_key(|x| (x.0, x.1 as u8));
        let e: Vec<Terrain> = (0..4)
            .map(|i| edges[(i + 4 - usize::from(r)) & 3])
            .collect();
        (e, sig)
    };
    let base = signature(0);
    for r in [1u8, 2] {
        if signature(r) == base {
            return r;
        }
    }
    4
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tile id is written as its catalogue id; an index the catalogue lacks is an error to
    /// write, not a panic, and an unknown id an error to read.
    #[test]
    fn tile_ids_outside_the_catalogue_are_errors() {
        let last = TileTypeId(catalogue().tiles.len() as u16 - 1);
        let written = serde_json::to_string(&last).unwrap();
        assert_eq!(serde_json::from_str::<TileTypeId>(&written).unwrap(), last);
        let outside = TileTypeId(catalogue().tiles.len() as u16);
        let err = serde_json::to_string(&outside).unwrap_err();
        assert!(err.to_string().contains("not in the catalogue"), "{err}");
        assert!(serde_json::from_str::<TileTypeId>("\"base/nothing\"").is_err());
    }

    #[test]
    fn embedded_catalogue_loads_all_150_tiles() {
        let c = catalogue();
        let total: u32 = c.tiles.iter().map(|t| t.count).sum();
        assert_eq!(total, 150);
        let base: u32 = c
            .tiles
            .iter()
            .filter(|t| t.set == TileSet::Base)
            .map(|t| t.count)
            .sum();
        assert_eq!(base, 72);
        assert_eq!(c.sets.len(), 10);
    }

    #[test]
    fn rotation_moves_edges_clockwise() {
        let c = catalogue();
        let t = c.tile(c.id("base/city1").unwrap());
        assert_eq!(t.edge(0, Side::N), Terrain::City);
        assert_eq!(t.edge(1, Side::E), Terrain::City);
        assert_eq!(t.edge(1, Side::N), Terrain::Field);
        assert_eq!(t.oriented[1].edges & 0xF, Terrain::Field as u16);
        assert_eq!((t.oriented[1].edges >> 4) & 0xF, Terrain::City as u16);
        let city = t.oriented[1].slot_feature[4];
        assert_eq!(t.features[usize::from(city)].kind, FeatureKind::City);
    }

    fn broken(edit: impl Fn(&mut serde_json::Value)) -> CatalogueError {
        let mut v: serde_json::Value =
            serde_json::from_str(CATALOGUE_JSON).expect("catalogue JSON");
        edit(&mut v);
        Catalogue::from_json(&v.to_string()).expect_err("the broken catalogue must be refused")
    }

    fn tile_mut<'a>(v: &'a mut serde_json::Value, id: &str) -> &'a mut serde_json::Value {
        v["tiles"]
            .as_array_mut()
            .and_then(|ts| ts.iter_mut().find(|t| t["id"] == id))
            .expect("tile present")
    }

    #[test]
    fn a_port_owned_twice_fails_with_the_tile_id() {
        let e = broken(|v| {
            // The start tile's road also claims the city's port N.
            tile_mut(v, "base/start")["features"][1]["ports"] = serde_json::json!(["E", "W", "N"]);
        });
        assert_eq!(e.tile, "base/start");
        assert!(e.problem.contains("owned by two features"), "{e}");
    }

    #[test]
    fn an_edge_without_its_feature_fails_with_the_tile_id() {
        let e = broken(|v| {
            tile_mut(v, "base/road_curve")["features"][0]["ports"] = serde_json::json!(["S"]);
        });
        assert_eq!(e.tile, "base/road_curve");
        assert!(e.problem.contains("port W"), "{e}");
    }

    #[test]
    fn an_edge_code_that_disagrees_fails_with_the_tile_id() {
        let e = broken(|v| tile_mut(v, "base/city1")["edge_code"] = serde_json::json!("FFFF"));
        assert_eq!(e.tile, "base/city1");
    }

    #[test]
    fn a_wrong_count_fails_for_its_set() {
        let e = broken(|v| tile_mut(v, "base/road_curve")["count"] = serde_json::json!(9));
        assert_eq!(e.tile, "base");
        assert!(e.problem.contains("73"), "{e}");
    }

    #[test]
    fn a_border_to_an_unknown_city_fails_with_the_tile_id() {
        let e = broken(|v| {
            tile_mut(v, "base/city1")["features"][1]["borders_cities"] =
                serde_json::json!(["city9"]);
        });
        assert_eq!(e.tile, "base/city1");
    }

    #[test]
    fn wrong_distinct_rotations_fail_with_the_tile_id() {
        let e =
            broken(|v| tile_mut(v, "base/monastery")["distinct_rotations"] = serde_json::json!(4));
        assert_eq!(e.tile, "base/monastery");
    }

    #[test]
    fn fit_table_agrees_with_edge_masks() {
        let c = catalogue();
        for t in &c.tiles {
            for code in 0..FIT_CODES {
                for r in 0..t.distinct_rotations {
                    let demands_river = Side::ALL.iter().any(|&s| {
                        (code / usize::from(FIT_SIDE_WEIGHT[s as usize])) % 6
                            == Terrain::River as usize
                    });
                    let mut ok =
                        !t.has_river() || t.river_role == Some(RiverRole::Source) || demands_river;
                    for side in Side::ALL {
                        let need = (code / usize::from(FIT_SIDE_WEIGHT[side as usize])) % 6;
                        if need != 0 && t.edge(r, side) as usize != need {
                            ok = false;
                        }
                    }
                    assert_eq!(
                        t.fit[code] & (1 << r) != 0,
                        ok,
                        "{} code {code} r {r}",
                        t.id
                    );
                }
            }
        }
    }
}
