//! Schema migrations: numbered SQL files under `migrations/`, applied in order.

use rusqlite::{Connection, TransactionBehavior};

use crate::error::Fail;
use crate::StoreError;

/// One step of the schema: the SQL that takes a store from `version - 1` to `version`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Migration {
    /// The schema version after this step (`PRAGMA user_version`).
    pub version: u32,
    /// The file's name without its number, e.g. `"init"`.
    pub name: &'static str,
    /// The SQL, run as one batch inside the step's transaction.
    pub sql: &'static str,
}

/// Every migration, in order; `MIGRATIONS[i].version == i + 1`.
///
/// Public so tests (and tools) can build a store of any older version exactly as an older
/// app did: apply `MIGRATIONS[..k]`, each in a transaction with `PRAGMA user_version`.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "init",
        sql: include_str!("../migrations/0001_init.sql"),
    },
    Migration {
        version: 2,
        name: "results",
        sql: include_str!("../migrations/0002_results.sql"),
    },
    Migration {
        version: 3,
        name: "action_count",
        sql: include_str!("../migrations/0003_action_count.sql"),
    },
    Migration {
        version: 4,
        name: "branches",
        sql: include_str!("../migrations/0004_branches.sql"),
    },
    Migration {
        version: 5,
        name: "table_links",
        sql: include_str!("../migrations/0005_table_links.sql"),
    },
];

/// The schema version this build writes: the last migration's.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// `PRAGMA application_id` of a store ("Carc"), set by the first migration.
pub const APPLICATION_ID: i32 = 0x4361_7263;

/// Reads `PRAGMA user_version`.
pub(crate) fn user_version(conn: &Connection) -> Result<u32, Fail> {
    let v: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    u32::try_from(v).map_err(|_| Fail::Corrupt(format!("negative schema version {v}")))
}

/// Checks the file is an empty database or one of ours, refuses a newer schema, and applies
/// the missing migrations, each in its own `IMMEDIATE` transaction with its version bump (so
/// a crash mid-way leaves the store at the previous version, never half-migrated).
pub(crate) fn migrate(conn: &mut Connection) -> Result<(), Fail> {
    let app_id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let version = user_version(conn)?;
    if app_id != APPLICATION_ID {
        let objects: i64 =
            conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))?;
        if app_id != 0 || version != 0 || objects != 0 {
            return Err(Fail::Corrupt(format!(
                "a SQLite database of another application \
                 (application_id {app_id}, user_version {version}, {objects} schema objects)"
            )));
        }
    }
    check_not_newer(version)?;
    for m in MIGRATIONS.iter().filter(|m| m.version > version) {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        // Another process may have migrated while we waited for the lock.
        let now = user_version(&tx)?;
        check_not_newer(now)?;
        if now >= m.version {
            continue;
        }
        tx.execute_batch(m.sql)?;
        tx.pragma_update(None, "user_version", m.version)?;
        tx.commit()?;
    }
    Ok(())
}

fn check_not_newer(found: u32) -> Result<(), Fail> {
    if found > SCHEMA_VERSION {
        return Err(Fail::Store(StoreError::NewerSchema {
            found,
            supported: SCHEMA_VERSION,
        }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_numbered_consecutively_from_one() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version as usize, i + 1, "migration {}", m.name);
            assert!(!m.sql.trim().is_empty(), "migration {} is empty", m.name);
        }
        assert_eq!(SCHEMA_VERSION as usize, MIGRATIONS.len());
    }

    #[test]
    fn migrations_files_match_their_numbers() {
        // The crate's migration folder holds exactly the embedded files, named NNNN_name.sql.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let expected: Vec<String> = MIGRATIONS
            .iter()
            .map(|m| format!("{:04}_{}.sql", m.version, m.name))
            .collect();
        assert_eq!(files, expected);
    }
}
