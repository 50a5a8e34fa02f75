//! Freezes a store at schema version K with real games in it, as an app of that version wrote
//! them, into `crates/api/tests/schemas/vK.sqlite3`; `tests/schemas.rs` then checks forever that
//! the app opens it and plays on. Run it once for each schema version, when that version ships:
//!
//!     cargo run -p carcassonne-api --example freeze_schema -- K
//!
//! and add the file's SHA-256 to `tests/schemas/SHA256SUMS`. It never overwrites a frozen file.
//!
//! The games are played by today's API (the engine's actions and setup are the record format,
//! version 1, which every schema version stores as text), then written with only the columns
//! and tables schema version K has: version 1 keeps no results, version 3 adds each game's action
//! count, version 4 a branch's parent, version 5 the LAN tables the app joined (one kept link).

use std::path::{Path, PathBuf};

use carcassonne_api::*;
use carcassonne_engine::Expansion;
use carcassonne_store::MIGRATIONS;
use rusqlite::{params_from_iter, types::Value, Connection};

#[path = "../tests/common/mod.rs"]
mod common;
use common::{api_at, person, play_on};

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let k: u32 = std::env::args()
        .nth(1)
        .ok_or("usage: freeze_schema K (a schema version)")?
        .parse()?;
    if k == 0 || k as usize > MIGRATIONS.len() {
        return Err(format!("schema versions are 1 to {}", MIGRATIONS.len()).into());
    }
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/schemas/v{k}.sqlite3"));
    if out.exists() {
        return Err(format!("{} is frozen: never rewrite it", out.display()).into());
    }
    let played = tempfile::tempdir()?;
    play_the_games(played.path(), k)?;
    let source = Connection::open(played.path().join("carcassonne.sqlite3"))?;
    let target = Connection::open(&out)?;
    write_at_version(&source, &target, k)?;
    target.execute_batch("VACUUM")?;
    println!("wrote {}", out.display());
    Ok(())
}

/// Ada and Bob; game 1 between them with the Abbot, still playing; game 2, Ada against the
/// easy bot, finished; from version 4, game 3 played on from game 2's 20th action by Bob.
fn play_the_games(dir: &Path, k: u32) -> Result<(), Failure> {
    let mut api = api_at(dir);
    let ada = person(&mut api, "Ada", "#1f6fd1");
    let bob = person(&mut api, "Bob", "#e8741c");
    let easy = SeatRequest::Bot {
        bot: "easy".into(),
        colour: "#2e9e44".into(),
    };
    let game = |seats, sets, seed| NewGameRequest {
        seats,
        order: SeatOrder::AsListed,
        sets,
        options: Default::default(),
        seed: Some(seed),
    };
    let first = api.new_game(game(
        vec![ada.clone(), bob.clone()],
        vec![Expansion::Abbot],
        11,
    ))?;
    play_on(&mut api, first, 16);
    let second = api.new_game(game(vec![ada, easy.clone()], vec![], 12))?;
    let second = play_on(&mut api, second, usize::MAX);
    if second.pending.is_some() {
        return Err("game 2 did not end".into());
    }
    if k >= 4 {
        let branch = api.branch_game(BranchRequest {
            game: second.id,
            at: 20,
            seats: vec![bob, easy],
        })?;
        play_on(&mut api, branch, 4);
    }
    if k >= 5 {
        api.store_mut()
            .keep_table_link(&kept_link(), 1_700_000_000)?;
    }
    Ok(())
}

/// From version 5: Ada's seat at a LAN table, with the draw's pins as the app writes them
/// (the fair crate's `Pins` as JSON) and her revealed share.
fn kept_link() -> carcassonne_store::TableLink {
    let hex = |b: u8| format!("{b:02x}").repeat(32);
    carcassonne_store::TableLink {
        address: "192.168.1.20:7878".into(),
        room: "K7QXD".into(),
        tls: false,
        cert_pin: None,
        seat: Some(1),
        token: Some("s3at-t0ken".into()),
        name: "Ada".into(),
        pins: format!(
            r#"{{"commitment":"{}","commitments":["{}","{}"],"contributions":["{}","{}"],"broken":null}}"#,
            hex(0xc0),
            hex(0xa1),
            hex(0xa2),
            hex(0x01),
            hex(0x02)
        ),
        mine: Some(hex(0x02)),
        created: 0,
        updated: 0,
    }
}

/// Each table's columns at schema version K (the columns later migrations added are left out).
fn columns(table: &str, k: u32) -> Vec<&'static str> {
    let mut c = match table {
        "profiles" => vec!["id", "name", "name_key", "colour", "created"],
        "games" => vec!["id", "setup", "seed", "status", "created", "updated"],
        "game_seats" => vec!["game_id", "seat", "profile_id", "bot", "name", "colour"],
        "table_links" => vec![
            "address", "room", "tls", "cert_pin", "seat", "token", "name", "pins", "mine",
            "created", "updated",
        ],
        _ => vec!["game_id", "idx", "seat", "action", "created"],
    };
    match table {
        "game_seats" if k >= 2 => c.extend(["score", "winner"]),
        "games" if k >= 4 => c.extend(["action_count", "parent_id", "parent_action"]),
        "games" if k >= 3 => c.push("action_count"),
        _ => {}
    }
    c
}

fn write_at_version(source: &Connection, target: &Connection, k: u32) -> Result<(), Failure> {
    for m in &MIGRATIONS[..k as usize] {
        target.execute_batch(&format!(
            "BEGIN; {} PRAGMA user_version = {}; COMMIT;",
            m.sql, m.version
        ))?;
    }
    let mut tables = vec!["profiles", "games", "game_seats", "actions"];
    if k >= 5 {
        tables.push("table_links");
    }
    for table in tables {
        let cols = columns(table, k).join(", ");
        let marks = vec!["?"; columns(table, k).len()].join(", ");
        let mut read = source.prepare(&format!("SELECT {cols} FROM {table} ORDER BY 1, 2"))?;
        let width = read.column_count();
        let rows = read.query_map([], |r| {
            (0..width)
                .map(|i| r.get::<_, Value>(i))
                .collect::<Result<Vec<_>, _>>()
        })?;
        for row in rows {
            target.execute(
                &format!("INSERT INTO {table} ({cols}) VALUES ({marks})"),
                params_from_iter(row?),
            )?;
        }
    }
    Ok(())
}
