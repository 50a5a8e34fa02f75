//! Helpers shared by the test modules.

use std::path::PathBuf;

use carcassonne_store::{NewGame, Profile, SeatEntry, Store};
use tempfile::TempDir;

/// A start time for tests (unix seconds); the store never reads the clock.
pub const T0: i64 = 1_700_000_000;

/// A fresh store in a file of its own temporary folder (kept alive by the returned `TempDir`).
pub fn new_store() -> (TempDir, PathBuf, Store) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("store.sqlite3");
    let store = Store::open(&path).expect("a new store");
    (dir, path, store)
}

/// A two-seat game between two profiles.
pub fn duel(store: &mut Store, a: &Profile, b: &Profile, now: i64) -> i64 {
    store
        .create_game(
            &NewGame {
                setup: r#"{"players":2}"#.into(),
                seed: 7,
                seats: vec![SeatEntry::profile(a), SeatEntry::profile(b)],
            },
            now,
        )
        .expect("a new two-seat game")
}

/// A one-seat game for a guest.
pub fn solo(store: &mut Store, now: i64) -> i64 {
    store
        .create_game(
            &NewGame {
                setup: "{}".into(),
                seed: 1,
                seats: vec![SeatEntry::guest("Guest", "#101010")],
            },
            now,
        )
        .expect("a new one-seat game")
}
