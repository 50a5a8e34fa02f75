//! A damaged store is reported, never opened as if whole nor as a new store, and the file is
//! left exactly as it was: a flipped byte in a saved game's pages, a cut-off file, an empty
//! file, rows lost without SQLite noticing.

use std::path::{Path, PathBuf};

use carcassonne_store::{Store, StoreError};
use rusqlite::Connection;
use tempfile::TempDir;

use crate::common::{solo, T0};

const ACTIONS: u32 = 60;

/// A store holding one game of [`ACTIONS`] actions, spread over several pages.
fn saved_game() -> (TempDir, PathBuf, i64) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("store.sqlite3");
    let mut store = Store::open(&path).expect("a new store");
    let game = solo(&mut store, T0);
    for i in 0..ACTIONS {
        let action = format!(r#"{{"i":{i},"pad":"{}"}}"#, "x".repeat(300));
        store
            .append_action(game, i, 0, &action, T0)
            .expect("an action");
    }
    drop(store);
    (dir, path, game)
}

/// What the app sees when it resumes the game: the actions it reads, or the error.
fn resume(path: &Path, game: i64) -> Result<usize, StoreError> {
    Ok(Store::open(path)?.load_game(game)?.actions.len())
}

fn page_size(bytes: &[u8]) -> usize {
    usize::from(u16::from_be_bytes([bytes[16], bytes[17]]))
}

/// Writes `bytes` to `path`, resumes the game, and checks the file was not changed.
fn resume_damaged(path: &Path, game: i64, bytes: &[u8]) -> Result<usize, StoreError> {
    std::fs::write(path, bytes).expect("write the damaged copy");
    let seen = resume(path, game);
    assert!(
        std::fs::read(path).expect("read back") == bytes,
        "the damaged file was changed"
    );
    seen
}

#[test]
fn a_flipped_byte_in_a_saved_games_pages_is_reported() {
    let (_dir, path, game) = saved_game();
    let whole = std::fs::read(&path).expect("the store's bytes");
    assert_eq!(
        resume(&path, game).expect("the whole store"),
        ACTIONS as usize
    );
    let page = page_size(&whole);
    let pages = whole.len() / page;
    assert!(pages >= 8, "the game spans several pages ({pages})");
    // Each page after the first (the schema): one byte of its b-tree header flipped at a time
    // (the number of cells, where the cells start, the first cell's pointer).
    let mut missed = Vec::new();
    for p in 1..pages {
        let cells = u16::from_be_bytes([whole[p * page + 3], whole[p * page + 4]]);
        for offset in [3, 4, 5, 8, 9] {
            // An empty leaf page (an empty table's root) has no cell pointer: nothing to damage.
            let leaf = whole[p * page] & 0x08 != 0;
            if offset >= 8 && leaf && cells == 0 {
                continue;
            }
            let mut bytes = whole.clone();
            bytes[p * page + offset] ^= 0x01;
            if let Ok(n) = resume_damaged(&path, game, &bytes) {
                missed.push((p, offset, n));
            }
        }
    }
    assert!(
        missed.is_empty(),
        "opened without an error (page, byte, actions read): {missed:?}"
    );
}

#[test]
fn a_cut_off_file_is_reported() {
    let (_dir, path, game) = saved_game();
    let whole = std::fs::read(&path).expect("the store's bytes");
    let page = page_size(&whole);
    for cut in [
        whole.len() - page,
        whole.len() / 2,
        2 * page,
        page + 100,
        100,
    ] {
        let seen = resume_damaged(&path, game, &whole[..cut]);
        assert!(seen.is_err(), "cut at {cut} of {}: {seen:?}", whole.len());
    }
}

#[test]
fn an_empty_or_foreign_file_is_an_error_not_a_new_store() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("store.sqlite3");
    std::fs::write(&path, b"").expect("an empty file");
    assert_eq!(
        Store::open(&path).map(|_| ()),
        Err(StoreError::EmptyFile {
            path: path.display().to_string()
        })
    );
    assert_eq!(std::fs::read(&path).expect("read back"), b"", "left empty");
    std::fs::write(&path, b"hello").expect("a short file");
    assert!(
        matches!(Store::open(&path), Err(StoreError::NotADatabase { .. })),
        "a 5-byte file"
    );
    assert_eq!(std::fs::read(&path).expect("read back"), b"hello");
    // A missing file is a new store.
    let fresh = dir.path().join("new.sqlite3");
    assert!(Store::open(&fresh)
        .expect("a new store")
        .profiles()
        .expect("read")
        .is_empty());
}

#[test]
fn actions_lost_without_sqlite_noticing_are_reported_by_the_count() {
    // What a damaged page did in the hostile test: the game opened at 11 of 60 actions. Rows
    // lost that way pass SQLite's checks; the game's own record of its count does not.
    let (_dir, path, game) = saved_game();
    let raw = Connection::open(&path).expect("the file");
    raw.execute(
        "DELETE FROM actions WHERE game_id = ?1 AND idx >= 11",
        [game],
    )
    .expect("lose rows");
    drop(raw);
    let bytes = std::fs::read(&path).expect("the store's bytes");
    assert_eq!(
        resume(&path, game),
        Err(StoreError::GameDamaged {
            game,
            expected: ACTIONS,
            readable: 11
        })
    );
    assert!(
        std::fs::read(&path).expect("read back") == bytes,
        "left as it was"
    );
}
