//! A store that cannot be opened as it is: the damaged file is set aside byte for byte, a new
//! store takes its place, and every profile and game that can still be read is kept in it.

use std::path::{Path, PathBuf};

use carcassonne_store::{GameStatus, SavedAction, Store, StoreError, SCHEMA_VERSION};
use rusqlite::Connection;
use tempfile::TempDir;

use crate::common::{duel, solo, T0};

const ACTIONS: u32 = 60;
const LATER: i64 = T0 + 86_400;

fn action(i: u32) -> String {
    format!(r#"{{"i":{i},"pad":"{}"}}"#, "x".repeat(300))
}

/// Two profiles, their finished duel, and a guest's playing game of [`ACTIONS`] actions.
fn saved_store() -> (TempDir, PathBuf, i64, i64) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("carcassonne.sqlite3");
    let mut store = Store::open(&path).expect("a new store");
    let ada = store.create_profile("Ada", "#111111", T0).expect("Ada");
    let bob = store.create_profile("Bob", "#222222", T0).expect("Bob");
    let finished = duel(&mut store, &ada, &bob, T0);
    store
        .append_action(finished, 0, 0, r#"{"first":true}"#, T0)
        .expect("an action");
    store
        .finish_game(finished, &[12, 30], &[1], T0)
        .expect("finished");
    let playing = solo(&mut store, T0);
    for i in 0..ACTIONS {
        store
            .append_action(playing, i, 0, &action(i), T0)
            .expect("an action");
    }
    drop(store);
    (dir, path, finished, playing)
}

fn page_size(bytes: &[u8]) -> usize {
    usize::from(u16::from_be_bytes([bytes[16], bytes[17]]))
}

/// The game in `store` whose seats are the guest's (the playing one).
fn guest_game(store: &Store) -> i64 {
    let games = store.unfinished_games().expect("the list");
    assert_eq!(games.len(), 1, "one playing game: {games:?}");
    games[0].id
}

#[test]
fn a_store_damaged_in_a_games_pages_keeps_the_profiles_and_the_games_up_to_the_damage() {
    let (dir, path, _, _) = saved_store();
    let whole = std::fs::read(&path).expect("the bytes");
    let page = page_size(&whole);
    // The page that holds the guest game's action 40: its count of cells flipped.
    let needle = br#"{"i":40,"#;
    let at = whole
        .windows(needle.len())
        .position(|w| w == needle)
        .expect("action 40 in the file");
    let mut bytes = whole.clone();
    bytes[at / page * page + 3] ^= 0x01;
    std::fs::write(&path, &bytes).expect("the damaged file");
    assert!(matches!(
        Store::open(&path),
        Err(StoreError::Damaged { .. })
    ));

    let (store, recovery) = Store::open_or_recover(&path, LATER).expect("a recovered store");
    let recovery = recovery.expect("a recovery was made");
    assert!(matches!(recovery.problem, StoreError::Damaged { .. }));
    let kept_at = PathBuf::from(&recovery.kept_at);
    assert_eq!(
        kept_at,
        dir.path()
            .join(format!("carcassonne.sqlite3.damaged-{LATER}"))
    );
    assert!(
        std::fs::read(&kept_at).expect("the damaged file") == bytes,
        "set aside as it was"
    );

    let names: Vec<String> = store
        .profiles()
        .expect("profiles")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ada", "Bob"]);
    assert_eq!(recovery.profiles, 2);
    assert_eq!(
        (recovery.games, recovery.partial_games, recovery.lost_games),
        (1, 1, 0)
    );

    let listing = store.games().expect("the games");
    let finished = listing
        .iter()
        .find(|g| g.status == GameStatus::Finished)
        .expect("the duel");
    let duel = store.load_game(finished.id).expect("the duel opens");
    assert_eq!(duel.result.expect("its result").scores, [12, 30]);
    let ada = store.profiles().expect("profiles")[0].id;
    assert!(
        store.stats(ada).expect("Ada's statistics").played == 1,
        "Ada's game still counts"
    );

    let guest = store
        .load_game(guest_game(&store))
        .expect("the guest game opens");
    let read = guest.actions.len();
    assert!(
        (1..ACTIONS as usize).contains(&read),
        "a part of it: {read}"
    );
    let expected: Vec<SavedAction> = (0..read as u32)
        .map(|i| SavedAction {
            seat: 0,
            action: action(i),
        })
        .collect();
    assert_eq!(
        guest.actions, expected,
        "exactly the actions before the damage"
    );
    drop(store);
    assert!(Store::open(&path).is_ok(), "the new store opens as it is");
}

#[test]
fn an_empty_file_is_set_aside_and_the_app_starts_with_a_new_store() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("carcassonne.sqlite3");
    std::fs::write(&path, b"").expect("an empty file");
    let (store, recovery) = Store::open_or_recover(&path, LATER).expect("a new store");
    let recovery = recovery.expect("a recovery");
    assert!(matches!(recovery.problem, StoreError::EmptyFile { .. }));
    assert_eq!(
        (recovery.profiles, recovery.games, recovery.lost_games),
        (0, 0, 0)
    );
    assert!(store.profiles().expect("read").is_empty());
    assert_eq!(std::fs::read(&recovery.kept_at).expect("kept"), b"");
    // A second damaged file the same second does not take the first one's place.
    drop(store);
    std::fs::write(&path, b"not a store at all, but somebody's bytes").expect("garbage");
    let (_, again) = Store::open_or_recover(&path, LATER).expect("a new store");
    let again = again.expect("a recovery");
    assert_ne!(again.kept_at, recovery.kept_at);
    assert_eq!(
        std::fs::read(&again.kept_at).expect("kept"),
        b"not a store at all, but somebody's bytes"
    );
    assert_eq!(std::fs::read(&recovery.kept_at).expect("still there"), b"");
}

#[test]
fn a_whole_store_or_a_newer_one_is_never_moved() {
    let (_dir, path, _, playing) = saved_store();
    let (store, recovery) = Store::open_or_recover(&path, LATER).expect("the store");
    assert_eq!(recovery, None);
    assert_eq!(
        store.load_game(playing).expect("the game").actions.len(),
        ACTIONS as usize
    );
    drop(store);
    Connection::open(&path)
        .expect("the file")
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .expect("a newer version");
    assert!(matches!(
        Store::open_or_recover(&path, LATER),
        Err(StoreError::NewerSchema { .. })
    ));
    assert!(
        only_file(path.parent().expect("its folder"), &path),
        "nothing set aside"
    );
}

fn only_file(dir: &Path, file: &Path) -> bool {
    let names: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    names == [file.to_path_buf()]
}
