//! Record files: any saved game exported and imported again (the engine checks it whole);
//! a file that is not a record, a newer version, or an illegal action is refused by name and
//! leaves the database as it was.

mod common;
use common::api_at;

use carcassonne_api::*;
use carcassonne_engine::RecordError;
use carcassonne_store::GameStatus;
use std::path::Path;

fn bot_game(api: &mut Api, seed: u64, n: usize) -> GameView {
    let bot = |colour: &str| SeatRequest::Bot {
        bot: "random".into(),
        colour: colour.into(),
    };
    let mut view = api
        .new_game(NewGameRequest {
            seats: vec![bot("#1f6fd1"), bot("#e8741c")],
            order: SeatOrder::AsListed,
            sets: vec![carcassonne_engine::Expansion::Abbot],
            options: Default::default(),
            seed: Some(seed),
        })
        .expect("game starts");
    for _ in 0..n {
        if view.pending.is_none() {
            break;
        }
        view = api
            .bot_move(GameRequest { game: view.id })
            .expect("a bot plays")
            .view;
    }
    view
}

#[test]
fn r_base_2_a_finished_game_exported_and_imported_replays_to_the_same_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let end = bot_game(&mut api, 12, usize::MAX);
    assert!(end.over);
    let file = api.export_record(GameRequest { game: end.id }).unwrap();
    assert!(file.name.ends_with(".json"));
    let imported = api
        .import_record(ImportRequest { json: file.json })
        .unwrap();
    assert!(imported.over);
    assert_ne!(imported.game, end.id);
    let entry = api
        .history()
        .unwrap()
        .into_iter()
        .find(|e| e.id == imported.game)
        .unwrap();
    assert_eq!(entry.status, GameStatus::Finished);
    let scores: Vec<u32> = entry.seats.iter().map(|s| s.score.unwrap()).collect();
    assert_eq!(
        scores,
        end.seats.iter().map(|s| s.score).collect::<Vec<_>>()
    );
    let replayed = api
        .replay(ReplayRequest {
            game: imported.game,
            at: u32::MAX,
        })
        .unwrap();
    assert_eq!(replayed.view.tiles, end.tiles);
    assert_eq!(replayed.view.scores, end.scores);
}

#[test]
fn an_unfinished_record_is_imported_and_can_be_played_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let mid = bot_game(&mut api, 13, 20);
    let file = api.export_record(GameRequest { game: mid.id }).unwrap();
    let imported = api
        .import_record(ImportRequest { json: file.json })
        .unwrap();
    assert!(!imported.over);
    let view = api
        .open_game(GameRequest {
            game: imported.game,
        })
        .unwrap();
    assert_eq!(view.tiles, mid.tiles);
    assert_eq!(
        view.pending.as_ref().map(|p| p.decision.clone()),
        mid.pending.as_ref().map(|p| p.decision.clone())
    );
    // the seats are people now (a record names players, not bots): a person plays on
    let p = view.pending.clone().unwrap();
    let pl = &p.placements[0];
    let next = api
        .play(PlayRequest {
            game: view.id,
            seat: p.decision.seat,
            state: view.state,
            action: carcassonne_engine::Action::Place {
                at: pl.at,
                rotation: pl.rotations[0],
            },
        })
        .unwrap();
    assert_eq!(next.view.state, view.state + 1);
}

#[test]
fn refused_records_say_why_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let game = bot_game(&mut api, 14, 12);
    let good = api
        .export_record(GameRequest { game: game.id })
        .unwrap()
        .json;
    let before = api.history().unwrap().len();
    let refuse = |api: &mut Api, json: String| match api.import_record(ImportRequest { json }) {
        Err(ApiError::Record { error, rule }) => (error, rule),
        other => panic!("refused as a record problem, got {other:?}"),
    };

    let (e, _) = refuse(&mut api, "not a record at all".into());
    assert!(matches!(e, RecordError::Malformed { .. }));

    let newer = good.replacen("\"version\": 1", "\"version\": 99", 1);
    assert_ne!(newer, good);
    let (e, _) = refuse(&mut api, newer);
    assert_eq!(
        e,
        RecordError::UnsupportedVersion {
            found: 99,
            supported: 1
        }
    );

    // the third action placed somewhere else: far from every tile (R-BASE-4)
    let mut value: serde_json::Value = serde_json::from_str(&good).unwrap();
    let actions = value["actions"].as_array_mut().unwrap();
    let place = actions
        .iter_mut()
        .enumerate()
        .skip(2)
        .find(|(_, a)| a["type"] == "place")
        .map(|(i, a)| {
            a["at"] = serde_json::json!([40, 40]);
            i
        })
        .unwrap();
    let (e, rule) = refuse(&mut api, value.to_string());
    match e {
        RecordError::IllegalAction { index, .. } => assert_eq!(index, place),
        other => panic!("an illegal action, got {other:?}"),
    }
    assert_eq!(rule.as_deref(), Some("R-BASE-4"));
    assert_eq!(api.history().unwrap().len(), before, "nothing was saved");
}

#[test]
fn r_base_2_export_of_an_imported_record_is_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    for (seed, n) in [(15, usize::MAX), (16, 9)] {
        let game = bot_game(&mut api, seed, n);
        let first = api.export_record(GameRequest { game: game.id }).unwrap();
        let imported = api
            .import_record(ImportRequest {
                json: first.json.clone(),
            })
            .unwrap();
        let again = api
            .export_record(GameRequest {
                game: imported.game,
            })
            .unwrap();
        assert_eq!(again.json, first.json, "seed {seed}: the same bytes");
    }
}

/// Every golden game (tests/golden: hand-scored, every expansion) opens in the app, and its
/// replay at each turn's start is the engine's own table after that many actions.
#[test]
fn every_golden_record_imports_and_replays_as_the_engine_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(&golden)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 90, "the golden games are there");
    for path in files {
        let json = std::fs::read_to_string(&path).unwrap();
        let record = carcassonne_engine::Record::from_json(&json).unwrap();
        let imported = api
            .import_record(ImportRequest { json })
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let first = api
            .replay(ReplayRequest {
                game: imported.game,
                at: 0,
            })
            .unwrap();
        let mut engine = carcassonne_engine::Game::new(record.setup.clone(), record.seed).unwrap();
        let mut at = 0u32;
        for a in &record.actions {
            engine.apply(a.seat, &a.action).unwrap();
            at += 1;
            if !first.turn_starts.contains(&at) && at != first.actions {
                continue;
            }
            let r = api
                .replay(ReplayRequest {
                    game: imported.game,
                    at,
                })
                .unwrap();
            let name = path.display();
            assert_eq!(
                r.view.tiles.len(),
                engine.board().tiles.len(),
                "{name} at {at}"
            );
            let scores: Vec<u32> = r.view.seats.iter().map(|s| s.score).collect();
            assert_eq!(scores, engine.scores(), "{name} at {at}");
            assert_eq!(
                r.view.scores.len(),
                engine.score_log().len(),
                "{name} at {at}"
            );
            assert_eq!(r.view.over, engine.is_over(), "{name} at {at}");
        }
    }
}

/// The frozen version-1 files (tests/records-v1): never edited (their SHA-256 sums are listed
/// in SHA256SUMS), they must open in every later version of the app. The hand-scored ones
/// replay to their expected scores; the app's own exports replay to the end and import as
/// finished games.
#[test]
fn frozen_version_1_records_open_forever() {
    use sha2::{Digest, Sha256};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/records-v1");
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).expect("SHA256SUMS");
    let listed: Vec<(&str, &str)> = sums.lines().filter_map(|l| l.split_once("  ")).collect();
    let on_disk = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert!(
        listed.len() >= 20 && listed.len() == on_disk,
        "every file is listed once"
    );
    let store_dir = tempfile::tempdir().unwrap();
    let mut api = api_at(store_dir.path());
    for (sum, name) in listed {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let hex: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(
            hex, sum,
            "{name} was edited: a frozen file must stay as it was written"
        );
        let json = String::from_utf8(bytes).unwrap();
        let record =
            carcassonne_engine::Record::from_json(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.version, 1, "{name}");
        let game = record.replay().unwrap_or_else(|e| panic!("{name}: {e}"));
        let imported = api
            .import_record(ImportRequest { json })
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let replay = api
            .replay(ReplayRequest {
                game: imported.game,
                at: u32::MAX,
            })
            .unwrap();
        let scores: Vec<u32> = replay.view.seats.iter().map(|s| s.score).collect();
        assert_eq!(scores, game.scores(), "{name}");
        if name.starts_with("app_") {
            assert!(game.is_over(), "{name} is a whole game");
            assert_eq!(replay.status, GameStatus::Finished, "{name}");
        }
    }
}
