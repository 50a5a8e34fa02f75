//! Files that are not a store, locks held by others, missing folders: typed errors, no panic.

use std::path::Path;
use std::time::{Duration, Instant};

use carcassonne_store::{Store, StoreError};
use rusqlite::Connection;

use crate::common::{new_store, solo, T0};

fn assert_not_a_database(path: &Path) {
    match Store::open(path) {
        Err(StoreError::NotADatabase { path: p, detail }) => {
            assert_eq!(p, path.display().to_string());
            assert!(!detail.is_empty());
        }
        other => panic!(
            "expected NotADatabase for {}, got {other:?}",
            path.display()
        ),
    }
}

#[test]
fn random_bytes_are_not_a_database() {
    let dir = tempfile::tempdir().unwrap();
    // Deterministic "random" bytes (xorshift), several pages' worth.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes: Vec<u8> = (0..16 * 1024)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x.to_le_bytes()[0]
        })
        .collect();
    let path = dir.path().join("random.sqlite3");
    std::fs::write(&path, &bytes).unwrap();
    assert_not_a_database(&path);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the file is left as it was"
    );
}

#[test]
fn a_text_file_is_not_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    let text = "These are my Carcassonne notes, not a database.\n".repeat(200);
    std::fs::write(&path, &text).unwrap();
    assert_not_a_database(&path);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_store_with_a_damaged_header_is_not_a_database() {
    let (_dir, path, mut store) = new_store();
    store.create_profile("Ada", "#111111", T0).unwrap();
    drop(store);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[..16].copy_from_slice(b"SQLite format 4\0");
    std::fs::write(&path, &bytes).unwrap();
    assert_not_a_database(&path);
}

#[test]
fn a_store_with_damaged_pages_gives_not_a_database_not_a_panic() {
    let (_dir, path, mut store) = new_store();
    let game = solo(&mut store, T0);
    for i in 0..200 {
        let action = format!(r#"{{"i":{i},"pad":"{}"}}"#, "x".repeat(200));
        store.append_action(game, i, 0, &action, T0).unwrap();
    }
    drop(store);
    // Overwrite everything after the first page (the schema) with a pattern.
    let mut bytes = std::fs::read(&path).unwrap();
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    assert!(bytes.len() > 2 * page);
    for (i, b) in bytes[page..].iter_mut().enumerate() {
        *b = (i % 251) as u8;
    }
    std::fs::write(&path, &bytes).unwrap();
    // Damage may show at open or at the first read; either way it is typed.
    let err = match Store::open(&path) {
        Err(e) => e,
        Ok(store) => store.load_game(game).unwrap_err(),
    };
    assert!(
        matches!(&err, StoreError::NotADatabase { path: p, .. } | StoreError::Damaged { path: p, .. }
            if *p == path.display().to_string()),
        "{err:?}"
    );
}

#[test]
fn a_locked_store_gives_locked_within_seconds() {
    let (_dir, path, mut store) = new_store();
    let game = solo(&mut store, T0);
    let other = Connection::open(&path).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();

    let start = Instant::now();
    let err = store.append_action(game, 0, 0, "{}", T0 + 1).unwrap_err();
    assert_eq!(
        err,
        StoreError::Locked {
            path: path.display().to_string()
        }
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );

    let start = Instant::now();
    let err = Store::open(&path).unwrap_err();
    assert_eq!(
        err,
        StoreError::Locked {
            path: path.display().to_string()
        }
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );

    other.execute_batch("COMMIT").unwrap();
    assert!(
        store.load_game(game).unwrap().actions.is_empty(),
        "the failed write left nothing"
    );
    store.append_action(game, 0, 0, "{}", T0 + 2).unwrap();
    assert_eq!(
        Store::open(&path)
            .unwrap()
            .load_game(game)
            .unwrap()
            .actions
            .len(),
        1
    );
    assert!(err.to_string().contains("in use by another program"));
}

#[test]
fn a_missing_folder_cannot_be_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no such folder").join("store.sqlite3");
    match Store::open(&path) {
        Err(StoreError::CannotOpen { path: p, .. }) => assert_eq!(p, path.display().to_string()),
        other => panic!("expected CannotOpen, got {other:?}"),
    }
    assert!(
        !path.parent().unwrap().exists(),
        "the folder is not created"
    );
}
