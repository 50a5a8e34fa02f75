//! Shared helpers for the workspace tests: locating and running golden games.

use carcassonne_engine::{Game, Record};
use std::path::{Path, PathBuf};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// `tests/golden/`.
pub fn golden_dir() -> PathBuf {
    root().join("tests").join("golden")
}

/// Every golden record file, sorted by name.
pub fn golden_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Loads a record by file name in `tests/golden/`.
pub fn load(name: &str) -> Record {
    let path = golden_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Record::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Replays a golden game, checks its expected scores, returns the final game.
pub fn golden(name: &str) -> Game {
    let record = load(name);
    assert!(record.expected.is_some(), "{name} has no expected scores");
    record.verify().unwrap_or_else(|e| panic!("{name}: {e}"))
}
