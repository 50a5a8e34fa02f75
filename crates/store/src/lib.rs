//! The app's local data store, on SQLite: player profiles, saved games (every action, as it
//! happens) and per-profile statistics.
//!
//! One [`Store`] owns one SQLite connection to one file. The store takes the time as an
//! argument (`now`, unix seconds) instead of reading the clock, so it is deterministic to test.
//! Setups and actions are the engine's JSON, which the store keeps as text without looking
//! inside (it only checks the text is well-formed JSON).
//!
//! ```
//! use carcassonne_store::{NewGame, SeatEntry, Store};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("carcassonne.sqlite3");
//! let now = 1_700_000_000;
//!
//! let mut store = Store::open(&path)?;
//! let ada = store.create_profile("Ada", "#1f77b4", now)?;
//! let game = store.create_game(
//!     &NewGame {
//!         setup: r#"{"players":["Ada","Easy bot"]}"#.into(),
//!         seed: 42,
//!         seats: vec![SeatEntry::profile(&ada), SeatEntry::bot("easy", "Easy bot", "#d62728")],
//!     },
//!     now,
//! )?;
//! // Each action is on disk when append_action returns.
//! store.append_action(game, 0, 0, r#"{"place":[0,1,"N"]}"#, now + 5)?;
//! store.append_action(game, 1, 1, r#"{"place":[1,0,"E"]}"#, now + 6)?;
//! drop(store); // the app quits, or is killed
//!
//! let mut store = Store::open(&path)?;
//! let saved = store.load_game(game)?;
//! assert_eq!(saved.seed, 42);
//! assert_eq!(saved.actions.len(), 2);
//! assert_eq!(saved.actions[1].seat, 1);
//!
//! store.finish_game(game, &[31, 27], &[0], now + 600)?;
//! let stats = store.stats(ada.id)?;
//! assert_eq!((stats.played, stats.wins, stats.best_score), (1, 1, 31));
//! # Ok(())
//! # }
//! ```
//!
//! # Durability
//!
//! Every write ([`Store::append_action`] above all) is one SQLite transaction, committed
//! before the function returns, with `PRAGMA synchronous = FULL` (and `fullfsync` on macOS): once
//! it returns `Ok`, the action survives the app being killed, crashing or the power failing, and
//! a write that fails leaves nothing behind. The app should therefore save each action *before*
//! showing its result. The file uses SQLite's rollback journal rather than WAL: the store is
//! one file (plus a short-lived `-journal` during a write) that a player can copy or back up,
//! it works on any file system (WAL needs shared memory, which network drives lack), and an
//! `EXCLUSIVE` lock held by another program is seen at once as [`StoreError::Locked`]
//! instead of reads silently going on beside it. A board game writes a few small transactions
//! a minute, so WAL's faster commits are not needed. If another program holds the lock, an
//! operation waits up to [`BUSY_TIMEOUT`] and then fails with [`StoreError::Locked`] rather
//! than hanging.
//!
//! # Schema and migrations
//!
//! The schema is built by numbered SQL files (`migrations/0001_init.sql`, ...; see
//! [`MIGRATIONS`]), embedded in the binary. [`Store::open`] applies the missing ones in order,
//! each in its own transaction together with its `PRAGMA user_version` bump, and refuses a file
//! of a newer version ([`StoreError::NewerSchema`]) or of another application
//! ([`StoreError::NotADatabase`]). Foreign keys are enforced.

mod error;
mod links;
mod migrate;
mod salvage;
mod types;

use std::path::Path;
use std::time::Duration;

use rusqlite::{
    params, Connection, OpenFlags, OptionalExtension, Transaction, TransactionBehavior,
};

use error::Fail;
pub use error::{Entity, JsonField, NameProblem, StoreError, MAX_PROBLEMS};
pub use links::TableLink;
pub use migrate::{Migration, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION};
pub use salvage::Recovery;
pub use types::{
    Branch, GameListing, GameResult, GameStatus, GameSummary, ListedSeat, NewGame, Player, Profile,
    ProfileStats, SavedAction, SavedGame, SeatEntry,
};

/// Longest name of a profile or a seat, in characters (Unicode scalar values), after trimming.
pub const MAX_NAME_CHARS: usize = 24;
/// Most seats in a game.
pub const MAX_SEATS: usize = 6;
/// Longest bot id, in characters.
pub const MAX_BOT_CHARS: usize = 32;
/// How long an operation waits for another program's lock before [`StoreError::Locked`].
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(2);

/// The app's data store: one SQLite connection to one file.
///
/// Every method that writes takes `&mut self` and is one transaction; every method that reads
/// several tables reads them in one transaction, so it sees a consistent state.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    /// Shown in errors.
    path: String,
}

impl Store {
    /// Opens the store at `path`, creating the file if it is missing (but not its folder), and
    /// migrates it to [`SCHEMA_VERSION`].
    ///
    /// # Errors
    /// [`StoreError::CannotOpen`] if the file cannot be opened or created,
    /// [`StoreError::NotADatabase`] for a file that is not SQLite, is damaged or belongs to
    /// another application, [`StoreError::NewerSchema`] for a store written by a newer app,
    /// [`StoreError::Locked`] if another program holds the lock for longer than
    /// [`BUSY_TIMEOUT`], [`StoreError::ReadOnly`] if the file cannot be written.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let shown = path.display().to_string();
        check_existing_file(path, &shown)?;
        // No SQLITE_OPEN_URI: the path is a file name, never interpreted as a URI.
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| match e {
            rusqlite::Error::SqliteFailure(f, msg) => StoreError::CannotOpen {
                path: shown.clone(),
                detail: msg.unwrap_or_else(|| f.to_string()),
            },
            e => StoreError::CannotOpen {
                path: shown.clone(),
                detail: e.to_string(),
            },
        })?;
        Store::init(conn, shown)
    }

    /// Opens a new, empty store in memory (for tests and tools; nothing is kept).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite cannot allocate it.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let path = ":memory:".to_owned();
        let conn = Connection::open_in_memory().map_err(|e| error::from_sqlite(&path, e))?;
        Store::init(conn, path)
    }

    /// Opens a store from a database image (the bytes [`Store::image`] gave, kept by a web
    /// page in its own storage), checked and migrated as a file is; no bytes make a new store.
    /// The store lives in memory: the page saves its image after each change.
    ///
    /// # Errors
    /// As [`Store::open`]: [`StoreError::NotADatabase`] for bytes that are not a store.
    pub fn open_image(bytes: &[u8]) -> Result<Store, StoreError> {
        const HEADER: &[u8; 16] = b"SQLite format 3\0";
        let path = "(this browser's storage)".to_owned();
        if !bytes.is_empty() && !bytes.starts_with(HEADER) {
            return Err(StoreError::NotADatabase {
                path,
                detail: "file is not a database".to_owned(),
            });
        }
        let mut conn = Connection::open_in_memory().map_err(|e| error::from_sqlite(&path, e))?;
        if !bytes.is_empty() {
            conn.deserialize_read_exact(rusqlite::MAIN_DB, bytes, bytes.len(), false)
                .map_err(|e| error::from_sqlite(&path, e))?;
        }
        Store::init(conn, path)
    }

    /// The whole database as one image, for [`Store::open_image`].
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite cannot copy it (out of memory).
    pub fn image(&mut self) -> Result<Vec<u8>, StoreError> {
        let data = self
            .conn
            .serialize(rusqlite::MAIN_DB)
            .map_err(|e| error::from_sqlite(&self.path, e))?;
        Ok(data.to_vec())
    }

    /// Rows written since the store was opened: a page saves the image when this moves.
    pub fn changes(&self) -> u64 {
        self.conn.total_changes()
    }

    fn init(mut conn: Connection, path: String) -> Result<Store, StoreError> {
        let setup = |conn: &mut Connection| -> Result<(), Fail> {
            conn.busy_timeout(BUSY_TIMEOUT)?;
            conn.pragma_update(None, "foreign_keys", true)?;
            // Each commit reaches the disk before it returns (see the crate doc, Durability).
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.pragma_update(None, "fullfsync", true)?;
            // The first statement that reads the file: a foreign or damaged file, or another
            // program's lock, shows here. Rollback journal, not WAL: see the crate doc.
            let _mode: String =
                conn.pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get(0))?;
            if conn.is_readonly(rusqlite::MAIN_DB)? {
                return Err(Fail::Store(StoreError::ReadOnly));
            }
            // Before anything is written (migrations): a damaged file is reported and left
            // exactly as it is.
            quick_check(conn)?;
            migrate::migrate(conn)
        };
        setup(&mut conn).map_err(|e| e.into_store(&path))?;
        Ok(Store { conn, path })
    }

    /// The store's schema version (`PRAGMA user_version`); [`SCHEMA_VERSION`] once opened.
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be read.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        self.read(migrate::user_version)
    }

    // ---- profiles ----

    /// Creates a profile. The name is trimmed; the colour is stored in lower case.
    ///
    /// # Errors
    /// [`StoreError::InvalidName`], [`StoreError::InvalidColour`],
    /// [`StoreError::DuplicateName`] if another profile has the same name ignoring case.
    pub fn create_profile(
        &mut self,
        name: &str,
        colour: &str,
        now: i64,
    ) -> Result<Profile, StoreError> {
        let name = clean_name(name)?;
        let colour = clean_colour(colour)?;
        self.write(|tx| {
            check_name_free(tx, &name, None)?;
            tx.execute(
                "INSERT INTO profiles (name, name_key, colour, created) VALUES (?1, ?2, ?3, ?4)",
                params![name, name_key(&name), colour, now],
            )?;
            Ok(Profile {
                id: tx.last_insert_rowid(),
                name,
                colour,
                created: now,
            })
        })
    }

    /// Every profile, ordered by name (ignoring case).
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be read.
    pub fn profiles(&self) -> Result<Vec<Profile>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id, name, colour, created FROM profiles ORDER BY name_key, name, id",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(Profile {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    colour: r.get(2)?,
                    created: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    /// Renames and recolours a profile. Games already saved keep the name and colour their
    /// seats had.
    ///
    /// # Errors
    /// As [`Store::create_profile`], and [`StoreError::NotFound`] if there is no such profile.
    pub fn update_profile(
        &mut self,
        id: i64,
        name: &str,
        colour: &str,
    ) -> Result<Profile, StoreError> {
        let name = clean_name(name)?;
        let colour = clean_colour(colour)?;
        self.write(|tx| {
            let created: i64 = tx
                .query_row("SELECT created FROM profiles WHERE id = ?1", [id], |r| {
                    r.get(0)
                })
                .optional()?
                .ok_or(StoreError::NotFound {
                    what: Entity::Profile,
                    id,
                })?;
            check_name_free(tx, &name, Some(id))?;
            tx.execute(
                "UPDATE profiles SET name = ?2, name_key = ?3, colour = ?4 WHERE id = ?1",
                params![id, name, name_key(&name), colour],
            )?;
            Ok(Profile {
                id,
                name,
                colour,
                created,
            })
        })
    }

    /// Deletes a profile. Their past games stay: their seats keep the name and colour and
    /// become guest seats ([`Player::Human`] with no profile).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such profile.
    pub fn delete_profile(&mut self, id: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            let n = tx.execute("DELETE FROM profiles WHERE id = ?1", [id])?;
            if n == 0 {
                return Err(StoreError::NotFound {
                    what: Entity::Profile,
                    id,
                }
                .into());
            }
            Ok(())
        })
    }

    // ---- games ----

    /// Starts saving a new game, with status [`GameStatus::Playing`] and no actions; returns
    /// its id. Seat `i` is `new.seats[i]`.
    ///
    /// # Errors
    /// [`StoreError::InvalidJson`] for a malformed setup, [`StoreError::SeatCount`],
    /// [`StoreError::InvalidName`] / [`StoreError::InvalidColour`] / [`StoreError::InvalidBot`]
    /// for a seat, [`StoreError::ProfileSeatedTwice`], [`StoreError::NotFound`] for a seat's
    /// profile that does not exist.
    pub fn create_game(&mut self, new: &NewGame, now: i64) -> Result<i64, StoreError> {
        self.create_game_with(new, &[], None, None, now)
    }

    /// A whole game at once, in one transaction: its seats, its `actions` in order and, when
    /// given, its final result (an imported record) and the game it branches off (`parent`:
    /// a game id and how many of its actions this one starts with). On any error nothing was
    /// written.
    ///
    /// # Errors
    /// As [`Store::create_game`], [`Store::append_action`] and [`Store::finish_game`].
    pub fn create_game_with(
        &mut self,
        new: &NewGame,
        actions: &[SavedAction],
        result: Option<&GameResult>,
        parent: Option<(i64, u32)>,
        now: i64,
    ) -> Result<i64, StoreError> {
        check_json(&new.setup, JsonField::Setup)?;
        for a in actions {
            check_json(&a.action, JsonField::Action)?;
        }
        let (seats, seated) = checked_seats(new)?;
        self.write(|tx| {
            let game = insert_game(tx, new, &seats, &seated, now)?;
            let count = u8::try_from(seats.len()).unwrap_or(u8::MAX);
            for (index, a) in (0u32..).zip(actions) {
                if a.seat >= count {
                    return Err(StoreError::InvalidSeat {
                        seat: a.seat,
                        seats: count,
                    }
                    .into());
                }
                tx.prepare_cached(
                    "INSERT INTO actions (game_id, idx, seat, action, created)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                )?
                .execute(params![game, index, a.seat, a.action, now])?;
            }
            let saved = u32::try_from(actions.len()).unwrap_or(u32::MAX);
            tx.prepare_cached(
                "UPDATE games SET action_count = ?2, parent_id = ?3, parent_action = ?4
                 WHERE id = ?1",
            )?
            .execute(params![
                game,
                saved,
                parent.map(|p| p.0),
                parent.map(|p| p.1)
            ])?;
            if let Some(r) = result {
                record_result(tx, game, count, &r.scores, &r.winners)?;
                set_status(tx, game, GameStatus::Finished, now)?;
            }
            Ok(game)
        })
    }

    /// Saves one action of a playing game, durably, before returning. `index` must be exactly
    /// the number of actions already saved (0 for the first).
    ///
    /// # Errors
    /// [`StoreError::ActionOutOfOrder`] for a gap or a duplicate index,
    /// [`StoreError::NotFound`], [`StoreError::GameNotPlaying`], [`StoreError::InvalidSeat`],
    /// [`StoreError::InvalidJson`]; [`StoreError::DiskFull`] and the like if it could not be
    /// written. On any error nothing was written.
    pub fn append_action(
        &mut self,
        game: i64,
        index: u32,
        seat: u8,
        action_json: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        check_json(action_json, JsonField::Action)?;
        self.write(|tx| {
            let seats = playing_game_seats(tx, game)?;
            if seat >= seats {
                return Err(StoreError::InvalidSeat { seat, seats }.into());
            }
            let expected: u32 = tx
                .prepare_cached("SELECT coalesce(max(idx) + 1, 0) FROM actions WHERE game_id = ?1")?
                .query_row([game], |r| r.get(0))?;
            if index != expected {
                return Err(StoreError::ActionOutOfOrder {
                    expected,
                    got: index,
                }
                .into());
            }
            tx.prepare_cached(
                "INSERT INTO actions (game_id, idx, seat, action, created)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![game, index, seat, action_json, now])?;
            // The count the game's record expects, in the same transaction (see load_game).
            tx.prepare_cached("UPDATE games SET updated = ?2, action_count = ?3 WHERE id = ?1")?
                .execute(params![game, now, index + 1])?;
            Ok(())
        })
    }

    /// Forgets a playing game's actions from `keep` on (an undo): the game replays to the
    /// position before action `keep`. Nothing changes when `keep` is at or past the end.
    ///
    /// # Errors
    /// [`StoreError::NotFound`], [`StoreError::GameNotPlaying`].
    pub fn truncate_actions(&mut self, game: i64, keep: u32, now: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            playing_game_seats(tx, game)?;
            let removed = tx
                .prepare_cached("DELETE FROM actions WHERE game_id = ?1 AND idx >= ?2")?
                .execute(params![game, keep])?;
            if removed > 0 {
                tx.prepare_cached(
                    "UPDATE games SET updated = ?2, action_count = ?3 WHERE id = ?1",
                )?
                .execute(params![game, now, keep])?;
            }
            Ok(())
        })
    }

    /// Records a playing game's final scores (one per seat, in seat order) and its winners
    /// (seat indices; several after a tie), and marks it [`GameStatus::Finished`].
    ///
    /// # Errors
    /// [`StoreError::NotFound`], [`StoreError::GameNotPlaying`],
    /// [`StoreError::WrongScoreCount`], [`StoreError::InvalidSeat`] for a winner.
    pub fn finish_game(
        &mut self,
        game: i64,
        scores: &[u32],
        winners: &[u8],
        now: i64,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            let seats = playing_game_seats(tx, game)?;
            record_result(tx, game, seats, scores, winners)?;
            set_status(tx, game, GameStatus::Finished, now)
        })
    }

    /// Marks a playing game [`GameStatus::Abandoned`]: it is kept, but no longer listed as
    /// unfinished nor counted in statistics.
    ///
    /// # Errors
    /// [`StoreError::NotFound`], [`StoreError::GameNotPlaying`].
    pub fn abandon_game(&mut self, game: i64, now: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            playing_game_seats(tx, game)?;
            set_status(tx, game, GameStatus::Abandoned, now)
        })
    }

    /// The games still [`GameStatus::Playing`], most recently played first (by `updated`, then
    /// newest id first).
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be read.
    pub fn unfinished_games(&self) -> Result<Vec<GameSummary>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id, created, updated,
                        (SELECT count(*) FROM actions WHERE game_id = games.id),
                        (SELECT count(*) FROM actions WHERE game_id = games.id
                           AND json_extract(action, '$.type') = 'place')
                 FROM games WHERE status = 'playing'
                 ORDER BY updated DESC, id DESC",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(GameSummary {
                    id: r.get(0)?,
                    created: r.get(1)?,
                    updated: r.get(2)?,
                    seats: Vec::new(),
                    actions: r.get(3)?,
                    turns: r.get(4)?,
                })
            })?;
            let mut games = rows.collect::<Result<Vec<_>, _>>()?;
            for g in &mut games {
                g.seats = load_seats(conn, g.id)?
                    .into_iter()
                    .map(|s| s.entry)
                    .collect();
            }
            Ok(games)
        })
    }

    /// Every game of every status, most recently played first: the history list.
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be read, or a seat breaks the store's rules.
    pub fn games(&self) -> Result<Vec<GameListing>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id, status, created, updated, setup,
                        (SELECT count(*) FROM actions WHERE game_id = games.id),
                        (SELECT count(*) FROM actions WHERE game_id = games.id
                           AND json_extract(action, '$.type') = 'place'),
                        parent_id, parent_action
                 FROM games ORDER BY updated DESC, id DESC",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, u32>(5)?,
                    r.get::<_, u32>(6)?,
                    r.get::<_, Option<i64>>(7)?,
                    r.get::<_, Option<u32>>(8)?,
                ))
            })?;
            let mut games = Vec::new();
            for row in rows {
                let (id, status, created, updated, setup, actions, turns, parent, at) = row?;
                games.push(GameListing {
                    id,
                    status: parse_status(&status, id)?,
                    created,
                    updated,
                    seats: load_seats(conn, id)?
                        .into_iter()
                        .map(|s| ListedSeat {
                            entry: s.entry,
                            score: s.score,
                            winner: s.winner,
                        })
                        .collect(),
                    setup,
                    actions,
                    turns,
                    branch_of: at.map(|at| Branch { game: parent, at }),
                });
            }
            Ok(games)
        })
    }

    /// Deletes a game of any status with its seats and actions (the player asked, and
    /// confirmed). Its profiles' statistics no longer count it.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such game.
    pub fn delete_game(&mut self, game: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            let gone = tx.execute("DELETE FROM games WHERE id = ?1", [game])?;
            if gone == 0 {
                return Err(StoreError::NotFound {
                    what: Entity::Game,
                    id: game,
                }
                .into());
            }
            Ok(())
        })
    }

    /// Everything saved about a game: setup, seed, status, seats, every action in order, and
    /// the result if it is finished.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such game; [`StoreError::NotADatabase`] if
    /// what is saved breaks the store's rules (e.g. a gap in the actions).
    pub fn load_game(&self, game: i64) -> Result<SavedGame, StoreError> {
        self.read(|conn| {
            let row = conn
                .query_row(
                    "SELECT setup, seed, status, created, updated, action_count
                     FROM games WHERE id = ?1",
                    [game],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, i64>(1)?,
                            r.get::<_, String>(2)?,
                            r.get::<_, i64>(3)?,
                            r.get::<_, i64>(4)?,
                            r.get::<_, u32>(5)?,
                        ))
                    },
                )
                .optional()?;
            let (setup, seed, status, created, updated, expected) =
                row.ok_or(StoreError::NotFound {
                    what: Entity::Game,
                    id: game,
                })?;
            let status = parse_status(&status, game)?;
            let seats = load_seats(conn, game)?;

            let mut stmt = conn
                .prepare("SELECT idx, seat, action FROM actions WHERE game_id = ?1 ORDER BY idx")?;
            let rows = stmt.query_map([game], |r| {
                Ok((
                    r.get::<_, u32>(0)?,
                    r.get::<_, u8>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })?;
            let mut actions = Vec::new();
            for row in rows {
                let (idx, seat, action) = row?;
                if usize::try_from(idx).ok() != Some(actions.len()) {
                    return Err(Fail::Corrupt(format!(
                        "game {game}: action {idx} where action {} was expected",
                        actions.len()
                    )));
                }
                actions.push(SavedAction { seat, action });
            }
            check_action_count(game, expected, actions.len())?;

            let result = if status == GameStatus::Finished {
                let mut scores = Vec::with_capacity(seats.len());
                let mut winners = Vec::new();
                for (i, s) in seats.iter().enumerate() {
                    let score = s.score.ok_or_else(|| {
                        Fail::Corrupt(format!("finished game {game}: seat {i} has no score"))
                    })?;
                    scores.push(score);
                    if s.winner {
                        winners.push(u8::try_from(i).unwrap_or(u8::MAX));
                    }
                }
                Some(GameResult { scores, winners })
            } else {
                None
            };

            Ok(SavedGame {
                id: game,
                setup,
                seed: seed_from_sql(seed),
                status,
                created,
                updated,
                seats: seats.into_iter().map(|s| s.entry).collect(),
                actions,
                result,
            })
        })
    }

    // ---- statistics ----

    /// A profile's statistics over its finished games.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such profile.
    pub fn stats(&self, profile: i64) -> Result<ProfileStats, StoreError> {
        self.read(|conn| {
            let exists = conn
                .query_row(
                    "SELECT 1 FROM profiles WHERE id = ?1",
                    [profile],
                    |_| Ok(()),
                )
                .optional()?;
            if exists.is_none() {
                return Err(StoreError::NotFound {
                    what: Entity::Profile,
                    id: profile,
                }
                .into());
            }
            let (played, wins, average, best) = conn.query_row(
                "SELECT count(*), coalesce(sum(s.winner), 0), avg(s.score),
                        coalesce(max(s.score), 0)
                 FROM game_seats s JOIN games g ON g.id = s.game_id
                 WHERE s.profile_id = ?1 AND g.status = 'finished' AND s.score IS NOT NULL",
                [profile],
                |r| {
                    Ok((
                        r.get::<_, u32>(0)?,
                        r.get::<_, u32>(1)?,
                        r.get::<_, Option<f64>>(2)?,
                        r.get::<_, u32>(3)?,
                    ))
                },
            )?;
            Ok(ProfileStats {
                profile,
                played,
                wins,
                average_score: average.unwrap_or(0.0),
                best_score: best,
            })
        })
    }

    // ---- plumbing ----

    /// Runs `f` in one `IMMEDIATE` transaction (the write lock taken at once, so two writers
    /// never deadlock upgrading) and commits it; on any error everything is rolled back.
    fn write<T>(
        &mut self,
        f: impl FnOnce(&Transaction<'_>) -> Result<T, Fail>,
    ) -> Result<T, StoreError> {
        let conn = &mut self.conn;
        let run = move || -> Result<T, Fail> {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&tx)?;
            tx.commit()?;
            Ok(value)
        };
        run().map_err(|e| e.into_store(&self.path))
    }

    /// Runs `f` in one read transaction, so it sees a single consistent state.
    fn read<T>(&self, f: impl FnOnce(&Connection) -> Result<T, Fail>) -> Result<T, StoreError> {
        let run = || -> Result<T, Fail> {
            let tx = self.conn.unchecked_transaction()?;
            let value = f(&tx)?;
            tx.finish()?;
            Ok(value)
        };
        run().map_err(|e| e.into_store(&self.path))
    }
}

/// Refuses a file that exists but cannot be a store: empty (SQLite would silently make a new
/// store of it) or not starting with SQLite's header. A missing file is a new store.
fn check_existing_file(path: &Path, shown: &str) -> Result<(), StoreError> {
    const HEADER: &[u8; 16] = b"SQLite format 3\0";
    let Ok(mut file) = std::fs::File::open(path) else {
        return Ok(()); // missing (or unreadable: SQLite's own open says why)
    };
    let mut head = Vec::with_capacity(HEADER.len());
    let read = std::io::Read::read_to_end(&mut std::io::Read::take(&mut file, 16), &mut head);
    match read {
        Ok(0) => Err(StoreError::EmptyFile {
            path: shown.to_owned(),
        }),
        Ok(_) if head != HEADER => Err(StoreError::NotADatabase {
            path: shown.to_owned(),
            detail: "file is not a database".to_owned(),
        }),
        _ => Ok(()),
    }
}

/// `PRAGMA quick_check`: the file's structure (pages, b-trees, indexes' sizes) is sound.
fn quick_check(conn: &Connection) -> Result<(), Fail> {
    let mut stmt = conn.prepare("PRAGMA quick_check")?;
    let found = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .take(error::MAX_PROBLEMS)
        .collect::<Result<Vec<_>, _>>()?;
    if found.len() == 1 && found[0] == "ok" {
        return Ok(());
    }
    Err(Fail::Damaged(found))
}

/// A game's actions as read against the count its record says were saved.
fn check_action_count(game: i64, expected: u32, read: usize) -> Result<(), Fail> {
    let readable = u32::try_from(read).unwrap_or(u32::MAX);
    if readable == expected {
        return Ok(());
    }
    Err(StoreError::GameDamaged {
        game,
        expected,
        readable,
    }
    .into())
}

/// A seat as stored, with its result columns.
struct StoredSeat {
    entry: SeatEntry,
    score: Option<u32>,
    winner: bool,
}

fn load_seats(conn: &Connection, game: i64) -> Result<Vec<StoredSeat>, Fail> {
    let mut stmt = conn.prepare_cached(
        "SELECT seat, profile_id, bot, name, colour, score, winner
         FROM game_seats WHERE game_id = ?1 ORDER BY seat",
    )?;
    let rows = stmt.query_map([game], |r| {
        Ok((
            r.get::<_, u8>(0)?,
            r.get::<_, Option<i64>>(1)?,
            r.get::<_, Option<String>>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, Option<u32>>(5)?,
            r.get::<_, bool>(6)?,
        ))
    })?;
    let mut seats = Vec::new();
    for row in rows {
        let (seat, profile, bot, name, colour, score, winner) = row?;
        if usize::from(seat) != seats.len() {
            return Err(Fail::Corrupt(format!(
                "game {game}: seat {seat} where seat {} was expected",
                seats.len()
            )));
        }
        let player = match (profile, bot) {
            (profile, None) => Player::Human { profile },
            (None, Some(bot)) => Player::Bot { bot },
            (Some(_), Some(_)) => {
                return Err(Fail::Corrupt(format!(
                    "game {game}: seat {seat} is both a profile and a bot"
                )))
            }
        };
        seats.push(StoredSeat {
            entry: SeatEntry {
                player,
                name,
                colour,
            },
            score,
            winner,
        });
    }
    Ok(seats)
}

/// The number of seats of a game that must be playing.
type CheckedSeat = (Option<i64>, Option<String>, String, String);

/// A new game's seats, checked and cleaned, and the profiles seated.
fn checked_seats(new: &NewGame) -> Result<(Vec<CheckedSeat>, Vec<i64>), StoreError> {
    if new.seats.is_empty() || new.seats.len() > MAX_SEATS {
        return Err(StoreError::SeatCount {
            got: u32::try_from(new.seats.len()).unwrap_or(u32::MAX),
        });
    }
    let mut seats = Vec::with_capacity(new.seats.len());
    let mut seated = Vec::new();
    for s in &new.seats {
        let (profile, bot) = match &s.player {
            Player::Human { profile } => (*profile, None),
            Player::Bot { bot } => (None, Some(clean_bot(bot)?)),
        };
        if let Some(p) = profile {
            if seated.contains(&p) {
                return Err(StoreError::ProfileSeatedTwice { profile: p });
            }
            seated.push(p);
        }
        seats.push((profile, bot, clean_name(&s.name)?, clean_colour(&s.colour)?));
    }
    Ok((seats, seated))
}

/// Inserts a playing game and its seats (their profiles must exist); returns its id.
fn insert_game(
    tx: &Transaction<'_>,
    new: &NewGame,
    seats: &[CheckedSeat],
    seated: &[i64],
    now: i64,
) -> Result<i64, Fail> {
    for &p in seated {
        let exists = tx
            .query_row("SELECT 1 FROM profiles WHERE id = ?1", [p], |_| Ok(()))
            .optional()?;
        if exists.is_none() {
            return Err(StoreError::NotFound {
                what: Entity::Profile,
                id: p,
            }
            .into());
        }
    }
    tx.execute(
        "INSERT INTO games (setup, seed, status, created, updated)
         VALUES (?1, ?2, 'playing', ?3, ?3)",
        params![new.setup, seed_to_sql(new.seed), now],
    )?;
    let game = tx.last_insert_rowid();
    let mut insert = tx.prepare(
        "INSERT INTO game_seats (game_id, seat, profile_id, bot, name, colour)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (seat, (profile, bot, name, colour)) in (0u8..).zip(seats) {
        insert.execute(params![game, seat, profile, bot, name, colour])?;
    }
    Ok(game)
}

/// Writes a game's final scores (one per seat) and winners.
fn record_result(
    tx: &Transaction<'_>,
    game: i64,
    seats: u8,
    scores: &[u32],
    winners: &[u8],
) -> Result<(), Fail> {
    if scores.len() != usize::from(seats) {
        return Err(StoreError::WrongScoreCount {
            expected: seats,
            got: u32::try_from(scores.len()).unwrap_or(u32::MAX),
        }
        .into());
    }
    if let Some(&seat) = winners.iter().find(|&&w| w >= seats) {
        return Err(StoreError::InvalidSeat { seat, seats }.into());
    }
    let mut update = tx.prepare(
        "UPDATE game_seats SET score = ?3, winner = ?4 WHERE game_id = ?1 AND seat = ?2",
    )?;
    for (seat, score) in (0u8..).zip(scores) {
        let won = winners.contains(&seat);
        update.execute(params![game, seat, score, won])?;
    }
    Ok(())
}

fn playing_game_seats(tx: &Transaction<'_>, game: i64) -> Result<u8, Fail> {
    let row = tx
        .prepare_cached(
            "SELECT status, (SELECT count(*) FROM game_seats WHERE game_id = games.id)
             FROM games WHERE id = ?1",
        )?
        .query_row([game], |r| Ok((r.get::<_, String>(0)?, r.get::<_, u8>(1)?)))
        .optional()?;
    let (status, seats) = row.ok_or(StoreError::NotFound {
        what: Entity::Game,
        id: game,
    })?;
    let status = parse_status(&status, game)?;
    if status != GameStatus::Playing {
        return Err(StoreError::GameNotPlaying { id: game, status }.into());
    }
    Ok(seats)
}

fn set_status(tx: &Transaction<'_>, game: i64, status: GameStatus, now: i64) -> Result<(), Fail> {
    tx.execute(
        "UPDATE games SET status = ?2, updated = ?3 WHERE id = ?1",
        params![game, status.as_sql(), now],
    )?;
    Ok(())
}

fn parse_status(s: &str, game: i64) -> Result<GameStatus, Fail> {
    GameStatus::from_sql(s).ok_or_else(|| Fail::Corrupt(format!("game {game} has status {s:?}")))
}

fn check_name_free(tx: &Transaction<'_>, name: &str, except: Option<i64>) -> Result<(), Fail> {
    let taken = tx
        .query_row(
            "SELECT 1 FROM profiles WHERE name_key = ?1 AND id IS NOT ?2",
            params![name_key(name), except],
            |_| Ok(()),
        )
        .optional()?;
    if taken.is_some() {
        return Err(StoreError::DuplicateName {
            name: name.to_owned(),
        }
        .into());
    }
    Ok(())
}

/// The seed is a `u64`; SQLite integers are `i64`: store the same 64 bits.
fn seed_to_sql(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

fn seed_from_sql(seed: i64) -> u64 {
    u64::from_ne_bytes(seed.to_ne_bytes())
}

/// A person's name as the store keeps it (trimmed), or why it cannot be one: the rule for
/// profiles, and for guests who sit without one.
///
/// # Errors
/// The [`NameProblem`].
pub fn checked_name(name: &str) -> Result<String, NameProblem> {
    clean_name(name).map_err(|e| match e {
        StoreError::InvalidName { reason } => reason,
        _ => NameProblem::Empty,
    })
}

/// Trims a name and checks it is 1 to [`MAX_NAME_CHARS`] characters without control characters.
fn clean_name(name: &str) -> Result<String, StoreError> {
    let name = name.trim();
    let reason = if name.is_empty() {
        NameProblem::Empty
    } else if name.chars().any(char::is_control) {
        NameProblem::ControlCharacter
    } else if name.chars().count() > MAX_NAME_CHARS {
        NameProblem::TooLong
    } else {
        return Ok(name.to_owned());
    };
    Err(StoreError::InvalidName { reason })
}

/// What makes two names the same: Unicode lower case (so "Émile" and "émile" clash too).
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Checks `#rrggbb` (either case) and returns it in lower case.
fn clean_colour(colour: &str) -> Result<String, StoreError> {
    match colour.strip_prefix('#') {
        Some(hex) if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Ok(colour.to_ascii_lowercase())
        }
        _ => Err(StoreError::InvalidColour {
            colour: colour.to_owned(),
        }),
    }
}

fn clean_bot(bot: &str) -> Result<String, StoreError> {
    let n = bot.chars().count();
    if n == 0 || n > MAX_BOT_CHARS || bot.chars().any(char::is_control) || bot.trim() != bot {
        return Err(StoreError::InvalidBot {
            bot: bot.to_owned(),
        });
    }
    Ok(bot.to_owned())
}

fn check_json(text: &str, what: JsonField) -> Result<(), StoreError> {
    serde_json::from_str::<serde::de::IgnoredAny>(text)
        .map(|_| ())
        .map_err(|e| StoreError::InvalidJson {
            what,
            detail: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_round_trip_losslessly() {
        for seed in [0, 1, 42, i64::MAX as u64, 1 << 63, u64::MAX] {
            assert_eq!(seed_from_sql(seed_to_sql(seed)), seed);
        }
        let mut store = Store::open_in_memory().unwrap();
        let game = store
            .create_game(
                &NewGame {
                    setup: "{}".into(),
                    seed: u64::MAX - 1,
                    seats: vec![SeatEntry::guest("Ada", "#000000")],
                },
                1,
            )
            .unwrap();
        assert_eq!(store.load_game(game).unwrap().seed, u64::MAX - 1);
    }

    #[test]
    fn names_and_colours_are_checked() {
        assert_eq!(clean_name("  Ada \t").unwrap(), "Ada");
        assert_eq!(clean_name(&"é".repeat(24)).unwrap(), "é".repeat(24));
        let reason = |n: &str| match clean_name(n) {
            Err(StoreError::InvalidName { reason }) => Some(reason),
            _ => None,
        };
        assert_eq!(reason("   "), Some(NameProblem::Empty));
        assert_eq!(reason(&"x".repeat(25)), Some(NameProblem::TooLong));
        assert_eq!(reason("A\nB"), Some(NameProblem::ControlCharacter));
        assert_eq!(clean_colour("#A0b1C2").unwrap(), "#a0b1c2");
        for bad in ["", "#abc", "a0b1c2f", "#a0b1c2f", "#g0b1c2", "#é0b1c"] {
            assert!(clean_colour(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_full_disk_is_disk_full_and_writes_nothing() {
        let mut store = Store::open_in_memory().unwrap();
        let game = store
            .create_game(
                &NewGame {
                    setup: "{}".into(),
                    seed: 1,
                    seats: vec![SeatEntry::guest("Ada", "#000000")],
                },
                1,
            )
            .unwrap();
        // Cap the database at its current size: the next page it needs is "disk full".
        let pages: i64 = store
            .conn
            .pragma_query_value(None, "page_count", |r| r.get(0))
            .unwrap();
        store
            .conn
            .pragma_update(None, "max_page_count", pages)
            .unwrap();
        let big = format!("\"{}\"", "x".repeat(64 * 1024));
        let mut saved = 0;
        let err = loop {
            match store.append_action(game, saved, 0, &big, 2) {
                Ok(()) => saved += 1,
                Err(e) => break e,
            }
            assert!(saved < 100, "the size limit was never reached");
        };
        assert_eq!(err, StoreError::DiskFull);
        assert_eq!(store.load_game(game).unwrap().actions.len(), saved as usize);
    }
}
