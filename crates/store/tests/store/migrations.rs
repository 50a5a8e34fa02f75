//! Schema migrations: a new file, every older schema version, and a newer one.

use std::path::Path;

use carcassonne_store::{
    GameStatus, Player, SavedAction, Store, StoreError, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION,
};
use rusqlite::Connection;

use crate::common::{new_store, T0};

/// Builds a store file at schema version `k` exactly as an app of that version did: the first
/// `k` migrations, each in a transaction with its `user_version`.
fn store_at_version(path: &Path, k: u32) -> rusqlite::Result<Connection> {
    let mut conn = Connection::open(path)?;
    for m in &MIGRATIONS[..k as usize] {
        let tx = conn.transaction()?;
        tx.execute_batch(m.sql)?;
        tx.pragma_update(None, "user_version", m.version)?;
        tx.commit()?;
    }
    Ok(conn)
}

fn user_version(path: &Path) -> rusqlite::Result<u32> {
    Connection::open(path)?.pragma_query_value(None, "user_version", |r| r.get(0))
}

/// Writes, with raw SQL in the shape of schema version `k`, the same story for every `k`:
/// profiles Ada (1) and Bob (2); game 1 playing between them with 3 actions; game 2
/// abandoned; game 3 marked finished.
fn write_fixture(conn: &Connection, k: u32) -> rusqlite::Result<()> {
    match k {
        1 => conn.execute_batch(FIXTURE_V1),
        // Version 2 keeps results: a finished game has scores, so game 3 (which a version-1
        // store marked finished, without any) is written as version 2 left it: abandoned.
        2 => conn.execute_batch(&FIXTURE_V1.replace("6, 'finished'", "6, 'abandoned'")),
        // Version 3 keeps each game's action count beside its actions; version 4 a branch's
        // parent (none here).
        3 | 4 => {
            conn.execute_batch(&FIXTURE_V1.replace("6, 'finished'", "6, 'abandoned'"))?;
            conn.execute_batch(
                "UPDATE games SET action_count =
                     (SELECT count(*) FROM actions WHERE game_id = games.id)",
            )
        }
        _ => panic!("no fixture for schema version {k}: add one in the shape of that version"),
    }
}

/// The story in the shape of schema version 1.
const FIXTURE_V1: &str = r##"
                INSERT INTO profiles (id, name, name_key, colour, created) VALUES
                    (1, 'Ada', 'ada', '#111111', 1700000000),
                    (2, 'Bob', 'bob', '#222222', 1700000001);
                INSERT INTO games (id, setup, seed, status, created, updated) VALUES
                    (1, '{"players":2}', -2, 'playing', 1700000010, 1700000013),
                    (2, '{}', 5, 'abandoned', 1700000020, 1700000021),
                    (3, '{}', 6, 'finished', 1700000030, 1700000031);
                INSERT INTO game_seats (game_id, seat, profile_id, bot, name, colour) VALUES
                    (1, 0, 1, NULL, 'Ada', '#111111'),
                    (1, 1, 2, NULL, 'Bob', '#222222'),
                    (2, 0, 1, NULL, 'Ada', '#111111'),
                    (2, 1, NULL, 'easy', 'Easy bot', '#333333'),
                    (3, 0, 2, NULL, 'Bob', '#222222');
                INSERT INTO actions (game_id, idx, seat, action, created) VALUES
                    (1, 0, 0, '{"a":0}', 1700000011),
                    (1, 1, 1, '{"a":1}', 1700000012),
                    (1, 2, 0, '{"a":2}', 1700000013),
                    (2, 0, 0, '{"b":0}', 1700000021);
                "##;

/// What every fixture must read as after migrating, and that the store is usable.
fn check_fixture_migrated(path: &Path) -> Result<(), StoreError> {
    let mut store = Store::open(path)?;
    assert_eq!(store.schema_version()?, SCHEMA_VERSION);
    // Version 5 keeps the LAN tables joined: none before it.
    assert_eq!(store.table_links()?, []);

    let profiles = store.profiles()?;
    let names: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ada", "Bob"]);

    let unfinished = store.unfinished_games()?;
    assert_eq!(unfinished.len(), 1);
    assert_eq!((unfinished[0].id, unfinished[0].actions), (1, 3));
    let game = store.load_game(1)?;
    assert_eq!(
        game.seed,
        u64::MAX - 1,
        "seed -2 is the bit-cast of u64::MAX - 1"
    );
    assert_eq!(game.setup, r#"{"players":2}"#);
    assert_eq!(
        game.actions,
        vec![
            SavedAction {
                seat: 0,
                action: r#"{"a":0}"#.into()
            },
            SavedAction {
                seat: 1,
                action: r#"{"a":1}"#.into()
            },
            SavedAction {
                seat: 0,
                action: r#"{"a":2}"#.into()
            },
        ]
    );
    let abandoned = store.load_game(2)?;
    assert_eq!(abandoned.status, GameStatus::Abandoned);
    assert_eq!(
        abandoned.seats[1].player,
        Player::Bot { bot: "easy".into() }
    );
    // A game a version-1 store marked finished has no scores: it is now abandoned.
    assert_eq!(store.load_game(3)?.status, GameStatus::Abandoned);
    // Older games branch off nothing.
    assert!(store.games()?.iter().all(|g| g.branch_of.is_none()));

    // Usable: the old game goes on, finishes, and counts.
    store.append_action(1, 3, 1, r#"{"a":3}"#, T0 + 100)?;
    assert_eq!(
        store.append_action(1, 5, 1, "{}", T0 + 101),
        Err(StoreError::ActionOutOfOrder {
            expected: 4,
            got: 5
        })
    );
    store.finish_game(1, &[20, 30], &[1], T0 + 102)?;
    let bob = store.stats(2)?;
    assert_eq!((bob.played, bob.wins, bob.best_score), (1, 1, 30));
    assert_eq!(store.stats(1)?.wins, 0);
    let cy = store.create_profile("Cy", "#444444", T0)?;
    assert_eq!(cy.id, 3);
    assert_eq!(
        store.create_profile("ADA", "#444444", T0),
        Err(StoreError::DuplicateName { name: "ADA".into() })
    );
    drop(store);

    // Opening again changes nothing.
    let store = Store::open(path)?;
    assert_eq!(store.schema_version()?, SCHEMA_VERSION);
    assert_eq!(store.profiles()?.len(), 3);
    assert_eq!(store.load_game(1)?.actions.len(), 4);
    Ok(())
}

#[test]
fn a_new_file_gets_the_latest_schema() {
    let (_dir, path, store) = new_store();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    drop(store);
    let conn = Connection::open(&path).unwrap();
    let app_id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(app_id, APPLICATION_ID);
    assert_eq!(user_version(&path).unwrap(), SCHEMA_VERSION);
    // (An existing zero-length file is lost data, not a new store: see damage.rs.)
}

#[test]
fn every_older_schema_version_migrates_with_its_data() {
    const {
        assert!(
            SCHEMA_VERSION >= 2,
            "at least one older version to migrate from"
        )
    };
    for k in 1..SCHEMA_VERSION {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("v{k}.sqlite3"));
        let conn = store_at_version(&path, k).unwrap();
        write_fixture(&conn, k).unwrap();
        drop(conn);
        assert_eq!(user_version(&path).unwrap(), k);
        check_fixture_migrated(&path).unwrap();
        assert_eq!(
            user_version(&path).unwrap(),
            SCHEMA_VERSION,
            "from version {k}"
        );
    }
}

#[test]
fn a_newer_schema_is_refused_and_left_alone() {
    let (_dir, path, mut store) = new_store();
    store.create_profile("Ada", "#111111", T0).unwrap();
    drop(store);
    let newer = SCHEMA_VERSION + 1;
    Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", newer)
        .unwrap();

    assert_eq!(
        Store::open(&path).unwrap_err(),
        StoreError::NewerSchema {
            found: newer,
            supported: SCHEMA_VERSION
        }
    );
    assert_eq!(user_version(&path).unwrap(), newer, "never downgraded");
}

#[test]
fn another_applications_database_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.sqlite3");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE profiles (x); INSERT INTO profiles VALUES (42);")
        .unwrap();
    drop(conn);

    let err = Store::open(&path).unwrap_err();
    assert!(
        matches!(&err, StoreError::NotADatabase { path: p, .. } if *p == path.display().to_string()),
        "{err:?}"
    );
    let conn = Connection::open(&path).unwrap();
    let x: i64 = conn
        .query_row("SELECT x FROM profiles", [], |r| r.get(0))
        .unwrap();
    assert_eq!(x, 42);
    assert_eq!(user_version(&path).unwrap(), 0);
}
