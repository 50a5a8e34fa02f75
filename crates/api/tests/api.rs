//! The API handlers without Tauri, on real SQLite files in temporary folders.

mod common;
use common::{api_at, profile};

use carcassonne_api::*;
use carcassonne_engine::{Action, DecisionKind, Expansion, SetupError};
use carcassonne_store::Store;
use std::path::Path;

fn two_humans(api: &mut Api, sets: Vec<Expansion>, seed: u64) -> GameView {
    let ann = profile(api, "Ann", "#1f6fd1");
    let bob = profile(api, "Bob", "#e8741c");
    api.new_game(NewGameRequest {
        seats: vec![
            SeatRequest::Human { profile: ann },
            SeatRequest::Human { profile: bob },
        ],
        order: SeatOrder::AsListed,
        sets,
        options: Default::default(),
        seed: Some(seed),
    })
    .expect("game starts")
}

/// Plays the first listed option of every decision (placements first), `n` actions.
fn play_first(api: &mut Api, mut view: GameView, n: usize) -> GameView {
    for _ in 0..n {
        let Some(p) = view.pending.clone() else { break };
        let action = match p.placements.first() {
            Some(pl) => Action::Place {
                at: pl.at,
                rotation: pl.rotations[0],
            },
            None => p.choices[0].action,
        };
        view = api
            .play(PlayRequest {
                game: view.id,
                seat: p.decision.seat,
                state: view.state,
                action,
            })
            .expect("a listed action is legal")
            .view;
    }
    view
}

#[test]
fn a_new_game_lists_placements_and_then_follower_spots() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let view = two_humans(&mut api, vec![], 3);
    assert_eq!(view.seats.len(), 2);
    assert_eq!(view.seats[0].name, "Ann");
    assert_eq!(view.tiles.len(), 1, "the start tile");
    let p = view.pending.clone().unwrap();
    assert!(matches!(p.decision.kind, DecisionKind::PlaceTile { .. }));
    assert!(p.tile.is_some());
    assert!(!p.placements.is_empty());
    assert!(p.placements.iter().all(|pl| !pl.rotations.is_empty()));
    assert_eq!(view.tiles_left, 70, "71 land tiles, one of them drawn");
    let view = play_first(&mut api, view, 1);
    let p = view.pending.unwrap();
    assert!(matches!(p.decision.kind, DecisionKind::Deploy { .. }));
    assert!(p.choices.iter().any(|c| c.action == Action::Pass
        && c.label
            == ChoiceLabel::Pass {
                declined: Declined::Deploy
            }));
    let deploys: Vec<_> = p
        .choices
        .iter()
        .filter(|c| matches!(c.action, Action::Deploy { .. }))
        .collect();
    assert!(!deploys.is_empty());
    assert!(deploys
        .iter()
        .all(|c| c.feature_id.is_some() && c.at.is_some()));
    assert_eq!(view.last_placed, Some(view.tiles[1].at));
    assert_eq!(view.last_placed_by, Some(0));
}

#[test]
fn preview_shows_follower_spots_without_playing() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let view = two_humans(&mut api, vec![], 5);
    let pl = view.pending.clone().unwrap().placements[0].clone();
    let preview = api
        .preview(PreviewRequest {
            game: view.id,
            state: view.state,
            at: pl.at,
            rotation: pl.rotations[0],
        })
        .unwrap();
    assert!(preview.choices.iter().any(|c| c.action == Action::Pass));
    let again = api.game_view(GameRequest { game: view.id }).unwrap();
    assert_eq!(again, view, "a preview changes nothing");
    let bad = api.preview(PreviewRequest {
        game: view.id,
        state: view.state,
        at: carcassonne_engine::Pos::new(40, 40),
        rotation: 0,
    });
    assert!(matches!(bad, Err(ApiError::IllegalMove { .. })));
}

#[test]
fn every_action_is_saved_and_a_restart_resumes_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let view = {
        let mut api = api_at(dir.path());
        let view = two_humans(&mut api, vec![Expansion::InnsCathedrals], 11);
        play_first(&mut api, view, 25)
    };
    // A new process: nothing in memory.
    let mut api = api_at(dir.path());
    let games = api.unfinished_games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].actions, view.state);
    let resumed = api.open_game(GameRequest { game: view.id }).unwrap();
    assert_eq!(resumed, view);
}

#[test]
fn refused_moves_change_nothing_and_name_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let view = two_humans(&mut api, vec![], 8);
    let err = api
        .play(PlayRequest {
            game: view.id,
            seat: 1,
            state: view.state,
            action: Action::Pass,
        })
        .unwrap_err();
    match &err {
        ApiError::IllegalMove { rule, .. } => assert_eq!(rule, "R-BASE-3"),
        other => panic!("expected an illegal move, got {other:?}"),
    }
    let json = serde_json::to_value(&err).unwrap();
    assert_eq!(
        json["kind"], "illegal_move",
        "errors cross IPC as tagged unions"
    );
    assert_eq!(json["error"]["error"], "not_your_turn");
    let stale = api
        .play(PlayRequest {
            game: view.id,
            seat: 0,
            state: view.state + 1,
            action: Action::Pass,
        })
        .unwrap_err();
    assert!(matches!(stale, ApiError::StaleState { .. }));
    assert_eq!(api.game_view(GameRequest { game: view.id }).unwrap(), view);
    let reopened = api_at(dir.path())
        .open_game(GameRequest { game: view.id })
        .unwrap();
    assert_eq!(reopened.state, 0, "nothing was saved");
}

#[test]
fn a_full_game_with_bots_ends_with_a_report_and_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let ann = profile(&mut api, "Ann", "#1f6fd1");
    let mut view = api
        .new_game(NewGameRequest {
            seats: vec![
                SeatRequest::Human { profile: ann },
                SeatRequest::Bot {
                    bot: "random".into(),
                    colour: "#e8741c".into(),
                },
            ],
            order: SeatOrder::AsListed,
            sets: vec![],
            options: Default::default(),
            seed: Some(21),
        })
        .unwrap();
    let mut bot_moves = 0;
    while let Some(p) = view.pending.clone() {
        if p.by_bot {
            view = api.bot_move(GameRequest { game: view.id }).unwrap().view;
            bot_moves += 1;
        } else {
            assert!(matches!(
                api.bot_move(GameRequest { game: view.id }),
                Err(ApiError::NotABotTurn)
            ));
            view = play_first(&mut api, view, 1);
        }
    }
    assert!(bot_moves > 30);
    assert!(view.over);
    let report = view.report.clone().unwrap();
    assert!(!report.winners.is_empty());
    for (seat, c) in report.categories.iter().enumerate() {
        assert_eq!(c.total(), view.seats[seat].score, "categories add up");
    }
    assert!(view.scores.iter().all(|l| l.entry.rule.starts_with("R-")));
    assert!(api.unfinished_games().unwrap().is_empty());
    let cards = api.profiles().unwrap();
    assert_eq!(cards[0].stats.played, 1);
    assert_eq!(cards[0].stats.best_score, view.seats[0].score);
}

#[test]
fn setup_problems_are_explained_before_starting() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let ann = profile(&mut api, "Ann", "#1f6fd1");
    let lone = NewGameRequest {
        seats: vec![SeatRequest::Human { profile: ann }],
        order: SeatOrder::AsListed,
        sets: vec![
            Expansion::River2,
            Expansion::CityOfCarcassonne,
            Expansion::Cathars,
            Expansion::Siege,
        ],
        options: Default::default(),
        seed: None,
    };
    let check = api.check_setup(&lone);
    assert!(!check.ok);
    assert_eq!(check.problems.len(), 3, "{:?}", check.problems);
    // Codes with their arguments, worded by the UI.
    let setup = |e: &SetupError| {
        check
            .problems
            .iter()
            .any(|p| matches!(p, SetupProblem::Setup { error } if error == e))
    };
    assert!(setup(&SetupError::TooFewPlayers { min: 2, got: 1 }));
    assert!(setup(&SetupError::CatharsWithSiege));
    assert!(setup(&SetupError::RiverWithCity), "every problem at once");
    assert!(matches!(
        api.new_game(lone),
        Err(ApiError::InvalidSetup { problems }) if problems == check.problems
    ));
    assert!(api.unfinished_games().unwrap().is_empty());
}

#[test]
fn app_info_lists_every_supported_expansion_and_option() {
    let dir = tempfile::tempdir().unwrap();
    let api = api_at(dir.path());
    let info = api.app_info();
    for e in Expansion::ALL.into_iter().filter(|e| *e != Expansion::Base) {
        assert!(info.expansions.iter().any(|x| x.id == e), "{e} missing");
    }
    let defaults = serde_json::to_value(carcassonne_engine::Options::default()).unwrap();
    for o in &info.options {
        // Options equal to their default may be left out of the JSON.
        let default = defaults
            .get(&o.key)
            .cloned()
            .unwrap_or(serde_json::Value::Bool(false));
        assert_eq!(default, o.default, "{}", o.key);
        assert!(o.values.iter().any(|v| v.value == o.default));
    }
    // R-SIEGE-5: a knight escapes a besieged city in each of the three siege sets, so the
    // escape rule is offered whenever one of them is on
    let escape = info
        .options
        .iter()
        .find(|o| o.key == "siege_escape")
        .unwrap();
    for set in [Expansion::Besiegers, Expansion::Cathars, Expansion::Siege] {
        assert!(escape.expansions.contains(&set), "{set}");
    }
    // R-BASE-7: tiny cities are a base-game option, offered with any sets, off by default.
    let tiny = info.options.iter().find(|o| o.key == "tiny_city").unwrap();
    assert!(tiny.expansions.is_empty());
    assert_eq!(tiny.default, serde_json::json!(false));
    assert_eq!(tiny.values.len(), 2);
    // R-CKR-10: the King and Robber's four ways of scoring, `continuous` among them.
    let king = info
        .options
        .iter()
        .find(|o| o.key == "king_robber_scoring")
        .unwrap();
    assert_eq!(king.expansions, vec![Expansion::KingRobber]);
    let values: Vec<&serde_json::Value> = king.values.iter().map(|v| &v.value).collect();
    assert_eq!(
        values,
        ["official", "flat10", "flat15_40", "continuous"]
            .map(serde_json::Value::from)
            .iter()
            .collect::<Vec<_>>()
    );
    assert_eq!(
        api.tiles().unwrap().len(),
        carcassonne_engine::catalogue().tiles.len()
    );
}

#[test]
fn settings_persist_and_the_last_setup_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut api = api_at(dir.path());
        let mut s = api.settings().unwrap();
        assert_eq!(s, Settings::default());
        s.animation = 2;
        s.learning_aids = false;
        s.high_contrast = true;
        s.text_size = 150;
        for bad in [99, 151] {
            let refused = api.save_settings(Settings {
                text_size: bad,
                ..s.clone()
            });
            assert!(
                matches!(refused, Err(ApiError::BadRequest { .. })),
                "{bad}: {refused:?}"
            );
        }
        api.save_settings(s).unwrap();
        two_humans(&mut api, vec![Expansion::Abbot], 1);
    }
    let api = api_at(dir.path());
    let s = api.settings().unwrap();
    assert_eq!(s.animation, 2);
    assert!(!s.learning_aids);
    assert!(s.high_contrast);
    assert_eq!(s.text_size, 150);
    assert_eq!(s.last_setup.unwrap().sets, vec![Expansion::Abbot]);
    std::fs::write(dir.path().join("settings.json"), "{ not json").unwrap();
    assert!(matches!(
        api.settings(),
        Err(ApiError::Settings {
            problem: SettingsProblem::Invalid,
            ..
        })
    ));
}

#[test]
fn a_damaged_save_is_reported_not_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let mut api = api_at(dir.path());
        let view = two_humans(&mut api, vec![], 4);
        play_first(&mut api, view, 4).id
    };
    // An action the engine refuses, appended behind the API's back (an edited file).
    {
        let mut store = Store::open(&dir.path().join("carcassonne.sqlite3")).unwrap();
        let next = store.load_game(id).unwrap().actions.len() as u32;
        store
            .append_action(id, next, 0, r#"{"type":"recall_abbot"}"#, 0)
            .unwrap();
    }
    let mut api = api_at(dir.path());
    let err = api.open_game(GameRequest { game: id }).unwrap_err();
    assert!(matches!(err, ApiError::CorruptSave { .. }), "{err:?}");
}

#[test]
fn dispatch_runs_commands_by_name_and_refuses_unknown_ones() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let created = dispatch(
        &mut api,
        "create_profile",
        &serde_json::json!({"req": {"name": "Cy", "colour": "#2e9e44"}}),
    )
    .unwrap();
    assert_eq!(created["name"], "Cy");
    let listed = dispatch(&mut api, "profiles", &serde_json::Value::Null).unwrap();
    assert_eq!(listed[0]["profile"]["name"], "Cy");
    assert!(matches!(
        dispatch(&mut api, "drop_tables", &serde_json::Value::Null),
        Err(ApiError::BadRequest { .. })
    ));
    assert!(matches!(
        dispatch(
            &mut api,
            "create_profile",
            &serde_json::json!({"req": {"name": 5}})
        ),
        Err(ApiError::BadRequest { .. })
    ));
    let dup = dispatch(
        &mut api,
        "create_profile",
        &serde_json::json!({"req": {"name": "cy", "colour": "#2e9e44"}}),
    )
    .unwrap_err();
    assert!(matches!(dup, ApiError::Store { .. }), "{dup:?}");
}

#[test]
fn bindings_are_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/bindings.ts");
    let fresh = carcassonne_api::bindings::typescript();
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "ui/src/bindings.ts is stale: run `UPDATE_BINDINGS=1 cargo test -p carcassonne-api bindings`"
    );
}

fn http_get(url: &str) -> std::io::Result<String> {
    use std::io::{Read, Write};
    let rest = url.trim_start_matches("http://");
    let (addr, path) = rest.split_once('/').unwrap_or((rest, ""));
    let mut stream = std::net::TcpStream::connect(addr)?;
    write!(
        stream,
        "GET /{path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut body = String::new();
    stream.read_to_string(&mut body)?;
    Ok(body)
}

#[test]
fn hosting_a_lan_table_serves_its_page_with_a_qr_code_until_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    assert_eq!(api.lan_status(), None);
    let info = api
        .lan_host(LanHostRequest {
            name: "Kitchen table".into(),
            seats: 3,
            sets: vec![Expansion::Abbot],
            options: Default::default(),
            port: None,
            loopback_only: true,
            turn_timer: None,
            undo: None,
            away_level: None,
            tls: None,
        })
        .unwrap();
    assert!(
        info.join_url.starts_with("http://127.0.0.1:"),
        "{}",
        info.join_url
    );
    assert!(info.join_url.ends_with(&format!("?room={}", info.room)));
    assert!(info.admin_url.contains("admin="));
    assert!(info.qr_svg.contains("<svg"), "a QR code as SVG");
    let page = http_get(&info.join_url).unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert_eq!(api.lan_status(), Some(info.clone()));
    api.lan_stop();
    assert_eq!(api.lan_status(), None);
    assert!(http_get(&info.join_url).is_err(), "the table is closed");
    let bad = api.lan_host(LanHostRequest {
        name: "x".into(),
        seats: 9,
        sets: vec![],
        options: Default::default(),
        port: None,
        loopback_only: true,
        turn_timer: None,
        undo: None,
        away_level: None,
        tls: None,
    });
    assert!(matches!(bad, Err(ApiError::BadRequest { .. })));
}
