//! The game record: save file, replay and notation. Versioned JSON holding the setup, the
//! seed, every action with its seat, and optionally the expected final scores
//! (`docs/record-format.md`).

use crate::action::{Action, PlayError};
use crate::game::{Game, NoEvents};
use crate::score::{categories, CategoryTotals};
use crate::setup::{Seat, Setup, SetupError};
use crate::tiles::TileTypeId;
use crate::DecisionKind;
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::fmt;

pub const RECORD_FORMAT: &str = "carcassonne-record";
/// The newest record version this engine writes; it reads every version up to this one.
pub const RECORD_VERSION: u32 = 1;

/// One step of the format's history: rewrites a record of version `n` (as JSON) into version
/// `n + 1`, or says why it cannot.
pub type Upgrade = fn(&mut Value) -> Result<(), String>;

/// `UPGRADES[i]` brings version `i + 1` to `i + 2`. A new version adds its step here (and a
/// frozen fixture of the old version stays in tests/records-v1/), so every old file still opens.
const UPGRADES: &[Upgrade] = &[];
const _: () = assert!(UPGRADES.len() + 1 == RECORD_VERSION as usize);

/// Brings a record of version `from` (1-based, at most `steps.len() + 1`) to version
/// `steps.len() + 1` by running the steps after it in order.
fn upgrade(v: &mut Value, from: u32, steps: &[Upgrade]) -> Result<(), RecordError> {
    for (i, step) in steps
        .iter()
        .enumerate()
        .skip(from.saturating_sub(1) as usize)
    {
        step(v).map_err(|why| RecordError::Malformed {
            message: format!("upgrading from version {}: {why}", i + 1),
        })?;
        v["version"] = Value::from(i + 2);
    }
    Ok(())
}

/// A whole game as data.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always `carcassonne-record`.
    pub format: String,
    pub version: u32,
    /// A free description (what a scenario shows, who played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub setup: Setup,
    /// The seed of the game's random generator (R-BASE-2).
    pub seed: u64,
    pub actions: Vec<RecordedAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<Expected>,
}

/// One action with the seat that took it; for a placement, optionally the tile id drawn,
/// which replay checks (it makes records readable and catches a wrong seed).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "RecordedActionShape"))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedAction {
    pub seat: Seat,
    pub action: Action,
    pub tile: Option<TileTypeId>,
}

/// The JSON shape of a [`RecordedAction`], for its TypeScript declaration.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS, Serialize)]
#[allow(dead_code)]
struct RecordedActionShape {
    seat: Seat,
    #[serde(flatten)]
    action: Action,
    #[ts(optional)]
    tile: Option<TileTypeId>,
}

impl Serialize for RecordedAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = Map::new();
        map.insert("seat".into(), Value::from(self.seat));
        if let Value::Object(a) =
            serde_json::to_value(self.action).map_err(serde::ser::Error::custom)?
        {
            map.extend(a);
        }
        if let Some(t) = self.tile {
            map.insert(
                "tile".into(),
                serde_json::to_value(t).map_err(serde::ser::Error::custom)?,
            );
        }
        Value::Object(map).serialize(s)
    }
}

impl<'de> Deserialize<'de> for RecordedAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut map = Map::<String, Value>::deserialize(d)?;
        let seat = map
            .remove("seat")
            .ok_or_else(|| de::Error::missing_field("seat"))?;
        let seat: Seat = serde_json::from_value(seat).map_err(de::Error::custom)?;
        let tile = match map.remove("tile") {
            None => None,
            Some(t) => Some(serde_json::from_value(t).map_err(de::Error::custom)?),
        };
        let action: Action =
            serde_json::from_value(Value::Object(map)).map_err(de::Error::custom)?;
        Ok(RecordedAction { seat, action, tile })
    }
}

/// What a finished game must score (golden games, regression records).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// Final score per seat.
    pub scores: Vec<u32>,
    /// Optionally, per seat, the points by category.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub categories: Option<Vec<CategoryTotals>>,
}

/// Why a record cannot be replayed, or does not score as it says.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum RecordError {
    /// Not JSON, or not a record.
    Malformed { message: String },
    /// A version this program does not read: newer than [`RECORD_VERSION`], or 0 (also for
    /// a missing or non-numeric version), which no version of the format ever was.
    UnsupportedVersion { found: u32, supported: u32 },
    Setup {
        index: Option<usize>,
        error: SetupError,
    },
    /// Action `index` (0-based) is illegal.
    IllegalAction { index: usize, error: PlayError },
    /// Action `index` names a tile other than the one drawn.
    WrongTile {
        index: usize,
        recorded: TileTypeId,
        drawn: Option<TileTypeId>,
    },
    /// Expected scores are given but the actions stop before the game ends.
    NotFinished { actions: usize },
    /// The game scored differently from `expected`.
    ScoreMismatch {
        expected: Vec<u32>,
        actual: Vec<u32>,
    },
    CategoryMismatch {
        expected: Vec<CategoryTotals>,
        actual: Vec<CategoryTotals>,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Malformed { message } => write!(f, "not a valid game record: {message}"),
            // Only a version above ours is newer: 0 (or none, or not a number) never existed.
            RecordError::UnsupportedVersion { found, supported } if found > supported => write!(
                f,
                "record version {found} is newer than this program reads (up to {supported})"
            ),
            RecordError::UnsupportedVersion { found, supported } => write!(
                f,
                "record version {found} is unsupported (this program reads versions 1 to {supported})"
            ),
            RecordError::Setup { error, .. } => write!(f, "setup refused: {error}"),
            RecordError::IllegalAction { index, error } => {
                write!(f, "action #{index} is illegal: {error}")
            }
            RecordError::WrongTile {
                index,
                recorded,
                drawn,
            } => match drawn {
                Some(drawn) => write!(
                    f,
                    "action #{index} places {recorded} but the tile drawn is {drawn}"
                ),
                None => write!(
                    f,
                    "action #{index} places {recorded} but no tile waits to be placed"
                ),
            },
            RecordError::NotFinished { actions } => write!(
                f,
                "the record has expected scores but its {actions} actions do not finish the game"
            ),
            RecordError::ScoreMismatch { expected, actual } => {
                write!(
                    f,
                    "expected scores {expected:?}, the game scored {actual:?}"
                )
            }
            RecordError::CategoryMismatch { expected, actual } => write!(
                f,
                "expected categories {expected:?}, the game scored {actual:?}"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// An empty record for a new game.
    pub fn new(setup: Setup, seed: u64) -> Record {
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            title: None,
            setup,
            seed,
            actions: Vec::new(),
            expected: None,
        }
    }

    /// Parses a record.
    ///
    /// # Errors
    /// [`RecordError::Malformed`] or [`RecordError::UnsupportedVersion`].
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        // Read the version first so a newer file gets the right message, not a field error.
        let v: Value = serde_json::from_str(json).map_err(|e| RecordError::Malformed {
            message: e.to_string(),
        })?;
        if v.get("format").and_then(Value::as_str) != Some(RECORD_FORMAT) {
            return Err(RecordError::Malformed {
                message: format!("`format` must be \"{RECORD_FORMAT}\""),
            });
        }
        let version = v.get("version").and_then(Value::as_u64).unwrap_or(0);
        if version == 0 || version > u64::from(RECORD_VERSION) {
            return Err(RecordError::UnsupportedVersion {
                found: version.min(u64::from(u32::MAX)) as u32,
                supported: RECORD_VERSION,
            });
        }
        let mut v = v;
        upgrade(&mut v, version as u32, UPGRADES)?;
        serde_json::from_value(v).map_err(|e| RecordError::Malformed {
            message: e.to_string(),
        })
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Appends an action taken in `game` before it was applied (records the drawn tile).
    pub fn push(&mut self, game: &Game, seat: Seat, action: Action) {
        let tile = match (game.pending().map(|d| d.kind), action) {
            (Some(DecisionKind::PlaceTile { tile }), Action::Place { .. }) => Some(tile),
            _ => None,
        };
        self.actions.push(RecordedAction { seat, action, tile });
    }

    /// Replays the record and returns the game in its final state.
    ///
    /// # Errors
    /// The setup refused, or the index of the first illegal action and the rule it breaks.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(self.setup.clone(), self.seed)
            .map_err(|error| RecordError::Setup { index: None, error })?;
        for (index, ra) in self.actions.iter().enumerate() {
            if let (Some(recorded), Action::Place { .. }) = (ra.tile, ra.action) {
                let drawn = match game.pending().map(|d| d.kind) {
                    Some(DecisionKind::PlaceTile { tile }) => Some(tile),
                    _ => None,
                };
                if drawn != Some(recorded) {
                    return Err(RecordError::WrongTile {
                        index,
                        recorded,
                        drawn,
                    });
                }
            }
            game.apply_into(ra.seat, &ra.action, &mut NoEvents)
                .map_err(|error| RecordError::IllegalAction { index, error })?;
        }
        Ok(game)
    }

    /// Replays and compares with `expected` (if any).
    ///
    /// # Errors
    /// As [`Record::replay`], or how the scores differ.
    pub fn verify(&self) -> Result<Game, RecordError> {
        let game = self.replay()?;
        let Some(expected) = &self.expected else {
            return Ok(game);
        };
        if !game.is_over() {
            return Err(RecordError::NotFinished {
                actions: self.actions.len(),
            });
        }
        if expected.scores != game.scores() {
            return Err(RecordError::ScoreMismatch {
                expected: expected.scores.clone(),
                actual: game.scores().to_vec(),
            });
        }
        if let Some(cats) = &expected.categories {
            let actual = categories(game.score_log(), game.players());
            if *cats != actual {
                return Err(RecordError::CategoryMismatch {
                    expected: cats.clone(),
                    actual,
                });
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod version_tests {
    use super::*;

    fn record_with_version(version: &str) -> String {
        format!(
            r#"{{"format": "{RECORD_FORMAT}", "version": {version}, "setup": {{}}, "seed": 1, "actions": []}}"#
        )
    }

    #[test]
    fn version_0_is_unsupported_not_newer() {
        for version in ["0", "-1", "\"1\"", "null"] {
            let err = Record::from_json(&record_with_version(version)).unwrap_err();
            assert_eq!(
                err,
                RecordError::UnsupportedVersion {
                    found: 0,
                    supported: RECORD_VERSION
                },
                "version {version}"
            );
            let said = err.to_string();
            assert!(said.contains("unsupported"), "version {version}: {said}");
            assert!(!said.contains("newer"), "version {version}: {said}");
        }
        let newer = RECORD_VERSION + 1;
        let said = Record::from_json(&record_with_version(&newer.to_string()))
            .unwrap_err()
            .to_string();
        assert!(said.contains("newer"), "{said}");
    }

    /// A made-up history of three versions: 2 renamed `seed` from `rng`, 3 added `title`.
    fn history() -> [Upgrade; 2] {
        fn rename(v: &mut Value) -> Result<(), String> {
            let o = v.as_object_mut().ok_or("not an object")?;
            let rng = o.remove("rng").ok_or("no `rng`")?;
            o.insert("seed".into(), rng);
            Ok(())
        }
        fn titled(v: &mut Value) -> Result<(), String> {
            v["title"] = Value::from("upgraded");
            Ok(())
        }
        [rename, titled]
    }

    #[test]
    fn an_old_record_is_upgraded_step_by_step_to_the_newest_version() {
        let steps = history();
        let mut v1: Value = serde_json::from_str(r#"{"version": 1, "rng": 7}"#).unwrap();
        upgrade(&mut v1, 1, &steps).unwrap();
        assert_eq!(
            v1,
            serde_json::json!({"version": 3, "seed": 7, "title": "upgraded"})
        );
        // a version-2 file skips the rename it already has
        let mut v2: Value = serde_json::from_str(r#"{"version": 2, "seed": 7}"#).unwrap();
        upgrade(&mut v2, 2, &steps).unwrap();
        assert_eq!(
            v2,
            serde_json::json!({"version": 3, "seed": 7, "title": "upgraded"})
        );
        // the newest version is left as it is
        let mut v3 = v2.clone();
        upgrade(&mut v3, 3, &steps).unwrap();
        assert_eq!(v3, v2);
        // a step that cannot apply says which version it was upgrading
        let mut broken: Value = serde_json::from_str(r#"{"version": 1}"#).unwrap();
        let err = upgrade(&mut broken, 1, &steps).unwrap_err();
        assert!(err.to_string().contains("version 1"), "{err}");
    }
}

#[cfg(test)]
mod naming_tests {
    use super::*;
    use crate::tiles::catalogue;

    /// Errors name tiles by their catalogue id in words. (Debug output keeps the index: the
    /// bots seed each decision from its debug text, and their choices must not move.)
    #[test]
    fn a_wrong_tile_is_named_by_its_catalogue_id() {
        // Embedded at build time: the engine's sources do no I/O, tests included.
        let text = include_str!("../../../docs/example-record.json");
        let mut record = Record::from_json(text).expect("parses");
        // The first placement says it places a road, but the drawn tile is the city cap.
        record.actions[0].tile = catalogue().id("base/road_straight");
        let err = record.replay().expect_err("the wrong tile is refused");
        assert!(
            matches!(err, RecordError::WrongTile { index: 0, .. }),
            "{err:?}"
        );
        let text = err.to_string();
        assert!(text.contains("base/road_straight"), "{text}");
        assert!(text.contains("base/city1"), "{text}");
        assert!(!text.contains("TileTypeId("), "{text}");
        assert_eq!(TileTypeId(u16::MAX).to_string(), format!("#{}", u16::MAX));
    }
}
