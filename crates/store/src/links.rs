//! The LAN tables this device joined and has not finished with (schema version 5): where each
//! is, the seat it holds there with the token that takes it back, and what the host showed of
//! its fair draw (the pins, kept as the JSON text the API gives, which the store only checks is
//! well-formed). The app keeps a link from its first welcome at the table until the game ends
//! and has been checked, or until the player forgets it.

use rusqlite::{params, Connection, OptionalExtension, Row};

use crate::error::Fail;
use crate::{Store, StoreError};

/// One table this device joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLink {
    /// `host:port`.
    pub address: String,
    /// The room code, in upper case.
    pub room: String,
    /// Over TLS.
    pub tls: bool,
    /// The certificate's SHA-256 fingerprint the join link pinned (hex), if any.
    pub cert_pin: Option<String>,
    /// This device's seat, and its token (both or neither: a spectator has none).
    pub seat: Option<u8>,
    pub token: Option<String>,
    /// The name this device sat under.
    pub name: String,
    /// The draw's commitments and shares as first shown (JSON text).
    pub pins: String,
    /// This device's revealed share (hex), once sent.
    pub mine: Option<String>,
    /// Unix seconds.
    pub created: i64,
    pub updated: i64,
}

const COLUMNS: &str =
    "address, room, tls, cert_pin, seat, token, name, pins, mine, created, updated";

fn from_row(r: &Row<'_>) -> rusqlite::Result<TableLink> {
    Ok(TableLink {
        address: r.get(0)?,
        room: r.get(1)?,
        tls: r.get(2)?,
        cert_pin: r.get(3)?,
        seat: r.get(4)?,
        token: r.get(5)?,
        name: r.get(6)?,
        pins: r.get(7)?,
        mine: r.get(8)?,
        created: r.get(9)?,
        updated: r.get(10)?,
    })
}

fn one(conn: &Connection, address: &str, room: &str) -> Result<Option<TableLink>, Fail> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM table_links WHERE address = ?1 AND room = ?2"),
            params![address, room],
            from_row,
        )
        .optional()?)
}

impl Store {
    /// Keeps a table's link, or updates the one kept for the same address and room (its
    /// `created` stays the first one's); `link.updated` is set to `now`.
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be written, or SQLite's checks refuse the link:
    /// pins that are not JSON, a seat without a token (or a token without a seat), a seat
    /// above 5.
    pub fn keep_table_link(&mut self, link: &TableLink, now: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                &format!(
                    "INSERT INTO table_links ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)
                     ON CONFLICT (address, room) DO UPDATE SET
                       tls = excluded.tls, cert_pin = excluded.cert_pin, seat = excluded.seat,
                       token = excluded.token, name = excluded.name, pins = excluded.pins,
                       mine = excluded.mine, updated = excluded.updated"
                ),
                params![
                    link.address,
                    link.room,
                    link.tls,
                    link.cert_pin,
                    link.seat,
                    link.token,
                    link.name,
                    link.pins,
                    link.mine,
                    now,
                ],
            )?;
            Ok(())
        })
    }

    /// The links kept, the latest used first.
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be read.
    pub fn table_links(&self) -> Result<Vec<TableLink>, StoreError> {
        self.read(|conn| {
            let mut st = conn.prepare(&format!(
                "SELECT {COLUMNS} FROM table_links ORDER BY updated DESC, address, room"
            ))?;
            let rows = st.query_map([], from_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    /// The link kept for the table at `address` (`host:port`) with this room code, if any.
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be read.
    pub fn table_link(&self, address: &str, room: &str) -> Result<Option<TableLink>, StoreError> {
        self.read(|conn| one(conn, address, room))
    }

    /// Forgets a table's link; says whether there was one.
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be written.
    pub fn forget_table_link(&mut self, address: &str, room: &str) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.execute(
                "DELETE FROM table_links WHERE address = ?1 AND room = ?2",
                params![address, room],
            )? > 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(room: &str) -> TableLink {
        TableLink {
            address: "192.168.1.20:7878".into(),
            room: room.into(),
            tls: false,
            cert_pin: None,
            seat: Some(1),
            token: Some("t0k3n".into()),
            name: "Ada".into(),
            pins: r#"{"commitment":"ab"}"#.into(),
            mine: None,
            created: 0,
            updated: 0,
        }
    }

    #[test]
    fn a_link_is_kept_updated_in_place_listed_latest_first_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.sqlite3");
        let mut store = Store::open(&path).unwrap();
        store.keep_table_link(&link("ABCD"), 100).unwrap();
        store.keep_table_link(&link("WXYZ"), 200).unwrap();
        let mut later = link("ABCD");
        later.pins = r#"{"commitment":"ab","commitments":["cd",null]}"#.into();
        later.mine = Some("ee".into());
        store.keep_table_link(&later, 300).unwrap();
        drop(store); // the app closes

        let mut store = Store::open(&path).unwrap();
        let kept = store.table_links().unwrap();
        assert_eq!(
            kept.iter().map(|l| l.room.as_str()).collect::<Vec<_>>(),
            ["ABCD", "WXYZ"]
        );
        let first = &kept[0];
        assert_eq!((first.created, first.updated), (100, 300));
        assert_eq!(first.pins, later.pins);
        assert_eq!(first.mine.as_deref(), Some("ee"));
        assert_eq!(
            store.table_link("192.168.1.20:7878", "WXYZ").unwrap(),
            Some(TableLink {
                created: 200,
                updated: 200,
                ..link("WXYZ")
            })
        );
        assert!(store
            .forget_table_link("192.168.1.20:7878", "ABCD")
            .unwrap());
        assert!(!store
            .forget_table_link("192.168.1.20:7878", "ABCD")
            .unwrap());
        assert_eq!(store.table_links().unwrap().len(), 1);
    }

    #[test]
    fn a_link_that_breaks_the_rules_is_refused_and_nothing_is_kept() {
        let mut store = Store::open_in_memory().unwrap();
        let bad = [
            TableLink {
                pins: "not json".into(),
                ..link("A")
            },
            TableLink {
                token: None,
                ..link("B")
            },
            TableLink {
                seat: Some(6),
                ..link("C")
            },
        ];
        for l in &bad {
            assert!(store.keep_table_link(l, 1).is_err(), "{l:?}");
        }
        assert!(store.table_links().unwrap().is_empty());
        // a spectator: neither seat nor token
        let watcher = TableLink {
            seat: None,
            token: None,
            ..link("D")
        };
        store.keep_table_link(&watcher, 1).unwrap();
        assert_eq!(store.table_links().unwrap()[0].seat, None);
    }
}
