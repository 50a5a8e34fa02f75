//! Every store schema the app has shipped opens forever and plays on: `tests/schemas/vK.sqlite3`
//! is a store frozen at schema version K with real games in it (made once by
//! `examples/freeze_schema.rs`, its bytes pinned by `SHA256SUMS`). Opened by today's app, each
//! lists its games, replays the finished one to its saved scores, exports and imports it, and
//! plays the unfinished one to the end. From version 5, its kept LAN table lists with its seat,
//! token and the draw's pins as the app reads them; before, none is kept.

mod common;

use carcassonne_api::*;
use carcassonne_engine::Expansion;
use carcassonne_store::{Branch, GameStatus, SCHEMA_VERSION};
use common::{api_at, play_on};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

fn frozen(k: u32) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/schemas/v{k}.sqlite3"))
}

/// The frozen store at version `k`, copied where the app keeps its store.
fn app_on_frozen(k: u32, dir: &Path) -> Api {
    std::fs::copy(frozen(k), dir.join("carcassonne.sqlite3")).expect("the frozen store copies");
    api_at(dir)
}

/// Game 1: Ada and Bob with the Abbot, this many actions in; game 2: Ada against the easy bot,
/// finished with these scores; game 3 (from version 4): game 2 played on from action 20; from
/// version 5, Ada's seat at a LAN table kept.
const GAME_1_ACTIONS: u32 = 32;
const GAME_2_SCORES: [u32; 2] = [20, 28];

#[test]
fn every_schema_version_has_a_frozen_store_with_its_pinned_bytes() {
    let sums = std::fs::read_to_string(frozen(1).with_file_name("SHA256SUMS")).expect("SHA256SUMS");
    for k in 1..=SCHEMA_VERSION {
        let bytes = std::fs::read(frozen(k)).unwrap_or_else(|_| {
            panic!("schema version {k} has no frozen store: cargo run -p carcassonne-api --example freeze_schema -- {k}")
        });
        let line = format!("{:x}  v{k}.sqlite3", Sha256::digest(&bytes));
        assert!(
            sums.lines().any(|l| l == line),
            "v{k}.sqlite3 changed or is not in SHA256SUMS (a frozen store is never rewritten): {line}"
        );
    }
}

#[test]
fn r_base_12_a_store_of_every_schema_version_lists_its_games_replays_them_and_plays_on() {
    for k in 1..=SCHEMA_VERSION {
        let dir = tempfile::tempdir().unwrap();
        let mut api = app_on_frozen(k, dir.path());
        let history = api.history().expect("history");
        let ids: Vec<i64> = history.iter().map(|g| g.id).collect();
        let expected_ids: &[i64] = if k >= 4 { &[1, 2, 3] } else { &[1, 2] };
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, expected_ids, "v{k}: the games listed");
        let entry = |id: i64| history.iter().find(|g| g.id == id).expect("listed");

        let first = entry(1);
        assert_eq!(first.status, GameStatus::Playing, "v{k}");
        assert_eq!(first.sets, [Expansion::Abbot], "v{k}");
        assert_eq!(first.actions, GAME_1_ACTIONS, "v{k}");
        assert!(!first.damaged, "v{k}");

        // A version-1 store kept no results: its finished game reads as abandoned (migration 2).
        let second = entry(2);
        let scores: Vec<Option<u32>> = second.seats.iter().map(|s| s.score).collect();
        if k == 1 {
            assert_eq!(second.status, GameStatus::Abandoned, "v{k}");
            assert_eq!(scores, [None, None], "v{k}");
        } else {
            assert_eq!(second.status, GameStatus::Finished, "v{k}");
            assert_eq!(scores, GAME_2_SCORES.map(Some), "v{k}");
            replayed_to_its_scores_and_round_trips(&mut api, second);
        }
        if k >= 4 {
            assert_eq!(
                entry(3).branch_of,
                Some(Branch {
                    game: Some(2),
                    at: 20
                }),
                "v{k}"
            );
            let view = api
                .open_game(GameRequest { game: 3 })
                .expect("the branch opens");
            assert!(
                play_on(&mut api, view, 2).state > 20,
                "v{k}: the branch plays on"
            );
        }
        plays_game_1_to_the_end(&mut api, k);
        kept_table(&mut api, k, dir.path());
    }
}

/// Version 5 kept Ada's seat at a LAN table: listed for the "Rejoin the table" card, its
/// pins read as the fair crate's, and forgotten when asked. Before, no table is kept.
fn kept_table(api: &mut Api, k: u32, dir: &Path) {
    let kept = api.lan_kept_link().expect("the kept tables");
    if k < 5 {
        assert_eq!(kept, [], "v{k}: no table kept");
        return;
    }
    assert_eq!(
        kept,
        [KeptLink {
            address: "192.168.1.20:7878".into(),
            room: "K7QXD".into(),
            seat: Some(1),
            token: Some("s3at-t0ken".into()),
            name: "Ada".into(),
            updated: 1_700_000_000,
        }],
        "v{k}"
    );
    let conn = rusqlite::Connection::open(dir.join("carcassonne.sqlite3")).expect("opens");
    let pins: String = conn
        .query_row("SELECT pins FROM table_links", [], |r| r.get(0))
        .expect("the pins");
    let pins: carcassonne_net::fair::Pins = serde_json::from_str(&pins).expect("the fair crate's");
    assert_eq!(pins.commitment, Some("c0".repeat(32)), "v{k}");
    assert_eq!(pins.commitments.len(), 2, "v{k}");
    assert_eq!(pins.broken, None, "v{k}");
    drop(conn);
    let req = LanConnectRequest {
        address: "192.168.1.20:7878".into(),
        room: "k7qxd".into(),
    };
    assert!(api.lan_forget_link(&req).expect("forgets"), "v{k}");
    assert_eq!(api.lan_kept_link().expect("kept"), [], "v{k}");
}

/// R-BASE-12: the engine, replaying the saved actions, ends the game on the saved scores; the
/// exported record imports as a new game with the same end.
fn replayed_to_its_scores_and_round_trips(api: &mut Api, entry: &HistoryEntry) {
    let end = api
        .replay(ReplayRequest {
            game: entry.id,
            at: entry.actions,
        })
        .expect("replays");
    let shown: Vec<u32> = end.view.seats.iter().map(|s| s.score).collect();
    assert_eq!(shown, GAME_2_SCORES, "the replay ends on the saved scores");
    let file = api
        .export_record(GameRequest { game: entry.id })
        .expect("exports");
    let imported = api
        .import_record(ImportRequest {
            json: file.json.clone(),
        })
        .expect("imports");
    let again = api
        .export_record(GameRequest {
            game: imported.game,
        })
        .expect("exports");
    assert_eq!(
        again.json, file.json,
        "export, import, export: the same record"
    );
}

fn plays_game_1_to_the_end(api: &mut Api, k: u32) {
    let view = api
        .open_game(GameRequest { game: 1 })
        .expect("game 1 opens");
    assert_eq!(
        view.state, GAME_1_ACTIONS,
        "v{k}: resumed where it was saved"
    );
    let end = play_on(api, view, usize::MAX);
    assert!(end.pending.is_none(), "v{k}: played to the end");
    let listed = api.history().expect("history");
    let game = listed.iter().find(|g| g.id == 1).expect("listed");
    assert_eq!(game.status, GameStatus::Finished, "v{k}");
    let scores: Vec<u32> = end.seats.iter().map(|s| s.score).collect();
    assert_eq!(
        game.seats.iter().map(|s| s.score).collect::<Vec<_>>(),
        scores.iter().copied().map(Some).collect::<Vec<_>>(),
        "v{k}: its result is saved"
    );
}
