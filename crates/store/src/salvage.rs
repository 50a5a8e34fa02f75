//! Keeping what can be read from a damaged store: the damaged file is set aside under a new
//! name (never changed, never deleted), a new store takes its place, and every profile and
//! every game (up to its first unreadable action) that can still be read is copied into it.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};
use serde::{Deserialize, Serialize};

use crate::error::Fail;
use crate::types::{GameResult, GameStatus, NewGame, Player, SavedAction, SeatEntry};
use crate::{Store, StoreError};

/// What [`Store::open_or_recover`] did with a store it could not open as it was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Recovery {
    /// Why the file could not be opened as it was.
    pub problem: StoreError,
    /// Where the damaged file now is, byte for byte as it was found.
    pub kept_at: String,
    /// Profiles copied into the new store.
    pub profiles: u32,
    /// Games copied whole.
    pub games: u32,
    /// Games copied up to their first unreadable action (their status is then `playing`,
    /// so they can be continued from there).
    pub partial_games: u32,
    /// Games of which nothing usable could be read (not even their setup and seats).
    pub lost_games: u32,
}

impl Store {
    /// Opens the store at `path` as [`Store::open`] does; a file that is damaged, empty or not
    /// a store is renamed `<name>.damaged-<now>` (left exactly as it was), a new store is made
    /// at `path`, and what can be read from the old file is copied into it.
    ///
    /// # Errors
    /// Any other [`StoreError`] of [`Store::open`] (nothing is moved then), and the original
    /// error if the damaged file cannot be set aside.
    pub fn open_or_recover(path: &Path, now: i64) -> Result<(Store, Option<Recovery>), StoreError> {
        let problem = match Store::open(path) {
            Ok(store) => return Ok((store, None)),
            Err(
                e @ (StoreError::Damaged { .. }
                | StoreError::EmptyFile { .. }
                | StoreError::NotADatabase { .. }),
            ) => e,
            Err(e) => return Err(e),
        };
        let aside = aside_name(path, now);
        if std::fs::rename(path, &aside).is_err() {
            return Err(problem);
        }
        let mut store = Store::open(path)?;
        let mut recovery = Recovery {
            problem,
            kept_at: aside.display().to_string(),
            profiles: 0,
            games: 0,
            partial_games: 0,
            lost_games: 0,
        };
        // A file SQLite cannot read at all (an empty one) leaves the new store empty.
        if let Ok(old) = Connection::open_with_flags(&aside, OpenFlags::SQLITE_OPEN_READ_ONLY) {
            copy_readable(&old, &mut store, &mut recovery)?;
        }
        Ok((store, Some(recovery)))
    }
}

/// `store.sqlite3` → `store.sqlite3.damaged-<now>` (with `-2`, `-3`… if that exists).
fn aside_name(path: &Path, now: i64) -> PathBuf {
    let base = format!("{}.damaged-{now}", path.display());
    let mut candidate = PathBuf::from(&base);
    let mut n = 2;
    while candidate.exists() {
        candidate = PathBuf::from(format!("{base}-{n}"));
        n += 1;
    }
    candidate
}

/// Rows read until the first one SQLite cannot read: a damaged page ends the scan, the rows
/// before it are kept.
fn readable_rows<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Vec<T> {
    let Ok(mut stmt) = conn.prepare(sql) else {
        return Vec::new();
    };
    let Ok(rows) = stmt.query_map(params, row) else {
        return Vec::new();
    };
    rows.map_while(Result::ok).collect()
}

struct OldProfile {
    id: i64,
    name: String,
    colour: String,
    created: i64,
}

struct OldGame {
    id: i64,
    setup: String,
    seed: i64,
    status: String,
    created: i64,
    action_count: u32,
    parent: Option<(i64, u32)>,
}

fn copy_readable(old: &Connection, new: &mut Store, rec: &mut Recovery) -> Result<(), StoreError> {
    let profiles = readable_rows(
        old,
        "SELECT id, name, colour, created FROM profiles ORDER BY id",
        [],
        |r| {
            Ok(OldProfile {
                id: r.get(0)?,
                name: r.get(1)?,
                colour: r.get(2)?,
                created: r.get(3)?,
            })
        },
    );
    let mut profile_ids = std::collections::HashMap::new();
    for p in profiles {
        // A damaged row's name or colour breaks the store's rules: that profile is not kept.
        if let Ok(kept) = new.create_profile(&p.name, &p.colour, p.created) {
            profile_ids.insert(p.id, kept.id);
            rec.profiles += 1;
        }
    }
    let games = readable_rows(
        old,
        "SELECT id, setup, seed, status, created, action_count, parent_id, parent_action
         FROM games ORDER BY id",
        [],
        |r| {
            let parent = match (r.get::<_, Option<i64>>(6)?, r.get::<_, Option<u32>>(7)?) {
                (Some(g), Some(a)) => Some((g, a)),
                _ => None,
            };
            Ok(OldGame {
                id: r.get(0)?,
                setup: r.get(1)?,
                seed: r.get(2)?,
                status: r.get(3)?,
                created: r.get(4)?,
                action_count: r.get(5)?,
                parent,
            })
        },
    );
    let listed: i64 = old
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap_or(0);
    rec.lost_games = u32::try_from(listed.max(0))
        .unwrap_or(u32::MAX)
        .saturating_sub(u32::try_from(games.len()).unwrap_or(u32::MAX));
    let mut game_ids = std::collections::HashMap::new();
    for g in games {
        match copy_game(old, new, &g, &profile_ids, &game_ids) {
            Ok((id, whole)) => {
                game_ids.insert(g.id, id);
                if whole {
                    rec.games += 1;
                } else {
                    rec.partial_games += 1;
                }
            }
            Err(Fail::Store(StoreError::DiskFull)) => return Err(StoreError::DiskFull),
            Err(_) => rec.lost_games += 1,
        }
    }
    Ok(())
}

/// Copies one game: its seats (profiles renumbered), its actions up to the first one that
/// cannot be read, and its result and status when every action was read. Returns its new id
/// and whether it was copied whole.
fn copy_game(
    old: &Connection,
    new: &mut Store,
    g: &OldGame,
    profile_ids: &std::collections::HashMap<i64, i64>,
    game_ids: &std::collections::HashMap<i64, i64>,
) -> Result<(i64, bool), Fail> {
    let stored = crate::load_seats(old, g.id)?;
    let status = crate::parse_status(&g.status, g.id)?;
    let actions = readable_actions(old, g.id);
    let whole = u32::try_from(actions.len()).ok() == Some(g.action_count);
    let result = if whole && status == GameStatus::Finished {
        let scores = stored.iter().map(|s| s.score).collect::<Option<Vec<u32>>>();
        scores.map(|scores| GameResult {
            scores,
            winners: (0u8..)
                .zip(&stored)
                .filter(|(_, s)| s.winner)
                .map(|(i, _)| i)
                .collect(),
        })
    } else {
        None
    };
    let seats = stored
        .into_iter()
        .map(|s| renumbered(s.entry, profile_ids))
        .collect();
    let game = NewGame {
        setup: g.setup.clone(),
        seed: crate::seed_from_sql(g.seed),
        seats,
    };
    let parent = g
        .parent
        .and_then(|(p, at)| game_ids.get(&p).map(|&id| (id, at)));
    let id = new
        .create_game_with(&game, &actions, result.as_ref(), parent, g.created)
        .map_err(Fail::Store)?;
    let whole = whole && (status != GameStatus::Finished || result.is_some());
    if whole && status == GameStatus::Abandoned {
        new.abandon_game(id, g.created).map_err(Fail::Store)?;
    }
    Ok((id, whole))
}

/// A seat's profile as numbered in the new store (a profile that was not kept: a guest of the
/// same name and colour).
fn renumbered(mut seat: SeatEntry, profile_ids: &std::collections::HashMap<i64, i64>) -> SeatEntry {
    if let Player::Human { profile } = &mut seat.player {
        *profile = profile.and_then(|p| profile_ids.get(&p).copied());
    }
    seat
}

/// A game's actions in order, up to the first unreadable one, gap or malformed JSON.
fn readable_actions(old: &Connection, game: i64) -> Vec<SavedAction> {
    let rows = readable_rows(
        old,
        "SELECT idx, seat, action FROM actions WHERE game_id = ?1 ORDER BY idx",
        [game],
        |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u8>(1)?,
                r.get::<_, String>(2)?,
            ))
        },
    );
    (0i64..)
        .zip(rows)
        .take_while(|(expected, (idx, _, action))| {
            idx == expected && serde_json::from_str::<serde::de::IgnoredAny>(action).is_ok()
        })
        .map(|(_, (_, seat, action))| SavedAction { seat, action })
        .collect()
}
