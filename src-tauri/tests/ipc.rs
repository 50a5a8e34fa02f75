//! The app's commands through Tauri's IPC on the mock runtime: names, the `req` argument,
//! results and tagged errors as the UI receives them.

use carcassonne_api::{Api, MemorySettings, Store};
use carcassonne_app::{with_commands, Shared};
use serde_json::{json, Value};
use std::sync::Mutex;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, mock_context, noop_assets, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindowBuilder};

fn request(cmd: &str, body: Value) -> InvokeRequest {
    InvokeRequest {
        cmd: cmd.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: "tauri://localhost".parse().expect("a URL"),
        body: InvokeBody::Json(body),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    }
}

#[test]
fn commands_answer_through_ipc_with_results_and_tagged_errors() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("carcassonne.sqlite3")).unwrap();
    let app = with_commands(mock_builder())
        .build(mock_context(noop_assets()))
        .expect("the mock app builds");
    app.manage(Shared(Mutex::new(Api::new(
        store,
        Box::new(MemorySettings::default()),
    ))));
    let webview = WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("a mock window");

    let call = |cmd: &str, body: Value| {
        get_ipc_response(&webview, request(cmd, body))
            .map(|b| b.deserialize::<Value>().expect("JSON"))
    };

    let ann = call(
        "create_profile",
        json!({"req": {"name": "Ann", "colour": "#1f6fd1"}}),
    )
    .expect("profile created");
    assert_eq!(ann["name"], "Ann");
    let bob = call(
        "create_profile",
        json!({"req": {"name": "Bob", "colour": "#e8741c"}}),
    )
    .expect("profile created");

    let dup = call(
        "create_profile",
        json!({"req": {"name": "ann", "colour": "#2e9e44"}}),
    )
    .expect_err("a duplicate name is refused");
    assert_eq!(dup["kind"], "store");
    assert_eq!(dup["error"]["kind"], "duplicate_name");

    let view = call(
        "new_game",
        json!({"req": {
            "seats": [{"type": "human", "profile": ann["id"]}, {"type": "human", "profile": bob["id"]}],
            "sets": ["abbot"],
            "seed": 9
        }}),
    )
    .expect("a game starts");
    assert_eq!(view["seats"][1]["name"], "Bob");
    let placement = &view["pending"]["placements"][0];
    let played = call(
        "play",
        json!({"req": {
            "game": view["id"], "seat": 0, "state": 0,
            "action": {"type": "place", "at": placement["at"], "rotation": placement["rotations"][0]}
        }}),
    )
    .expect("a listed placement is legal");
    assert_eq!(played["view"]["state"], 1);
    assert_eq!(played["events"][0]["event"], "tile_placed");

    let wrong = call(
        "play",
        json!({"req": {"game": view["id"], "seat": 1, "state": 1, "action": {"type": "pass"}}}),
    )
    .expect_err("not seat 1's turn");
    assert_eq!(wrong["kind"], "illegal_move");
    assert_eq!(wrong["rule"], "R-BASE-3");

    let games = call("unfinished_games", json!({})).expect("listed");
    assert_eq!(games.as_array().map(Vec::len), Some(1));
}
