//! Commands by name, for the UI test server (HTTP) — the same names, arguments and results
//! as the app's Tauri commands, so the UI has one client for both.

use crate::api::Api;
use crate::error::ApiError;
use crate::types::IdRequest;
#[cfg(feature = "lan")]
use crate::types::{LanLink, LanSendRequest};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// Every command: its name, the request type's name (none: no argument) and the response's.
pub const COMMANDS: &[(&str, Option<&str>, &str)] = &[
    ("app_info", None, "AppInfo"),
    ("tiles", None, "Array<TileInfo>"),
    ("profiles", None, "Array<ProfileCard>"),
    ("create_profile", Some("ProfileRequest"), "Profile"),
    ("update_profile", Some("UpdateProfileRequest"), "Profile"),
    ("delete_profile", Some("IdRequest"), "null"),
    ("check_setup", Some("NewGameRequest"), "SetupCheck"),
    ("new_game", Some("NewGameRequest"), "GameView"),
    ("unfinished_games", None, "Array<GameSummary>"),
    ("open_game", Some("GameRequest"), "GameView"),
    ("game_view", Some("GameRequest"), "GameView"),
    ("play", Some("PlayRequest"), "PlayResult"),
    ("preview", Some("PreviewRequest"), "PreviewView"),
    ("bot_move", Some("GameRequest"), "PlayResult"),
    ("hint", Some("GameRequest"), "Hint"),
    ("undo_turn", Some("UndoRequest"), "GameView"),
    ("history", None, "Array<HistoryEntry>"),
    ("delete_game", Some("GameRequest"), "null"),
    ("statistics", Some("IdRequest"), "ProfileStatistics"),
    ("replay", Some("ReplayRequest"), "ReplayView"),
    ("branch_game", Some("BranchRequest"), "GameView"),
    ("export_record", Some("GameRequest"), "RecordFile"),
    ("import_record", Some("ImportRequest"), "Imported"),
    ("abandon_game", Some("GameRequest"), "null"),
    ("store_recovery", None, "Recovery | null"),
    ("dismiss_recovery", None, "null"),
    ("tutorial", None, "Tutorial"),
    ("tutorial_game", Some("TutorialRequest"), "GameView"),
    ("settings", None, "Settings"),
    ("save_settings", Some("Settings"), "Settings"),
    ("lan_host", Some("LanHostRequest"), "LanHostInfo"),
    ("lan_status", None, "LanHostInfo | null"),
    ("lan_stop", None, "boolean"),
    ("lan_saved_table", None, "SavedTable | null"),
    ("lan_resume", None, "LanHostInfo"),
    ("lan_discard_saved", None, "boolean"),
    ("lan_tables", None, "Array<LanTable>"),
    ("lan_connect", Some("LanConnectRequest"), "LanLink"),
    ("lan_poll", Some("LanLink"), "LanPoll"),
    ("lan_send", Some("LanSendRequest"), "null"),
    ("lan_disconnect", Some("LanLink"), "boolean"),
    ("lan_verify", Some("LanConnectRequest"), "LanVerdict"),
    ("lan_kept_link", None, "Array<KeptLink>"),
    ("lan_forget_link", Some("LanConnectRequest"), "boolean"),
];

fn req<T: DeserializeOwned>(args: &Value) -> Result<T, ApiError> {
    let v = args
        .get("req")
        .ok_or_else(|| ApiError::bad_request("missing argument `req`"))?;
    serde_json::from_value(v.clone())
        .map_err(|e| ApiError::bad_request(format!("bad request: {e}")))
}

fn out<T: Serialize>(r: Result<T, ApiError>) -> Result<Value, ApiError> {
    r.and_then(|v| serde_json::to_value(v).map_err(|e| ApiError::bad_request(e.to_string())))
}

/// Runs command `name` with `args` (`{"req": ...}` for commands that take one).
///
/// # Errors
/// The command's error, or [`ApiError::BadRequest`] for an unknown name or a request that
/// does not parse.
pub fn dispatch(api: &mut Api, name: &str, args: &Value) -> Result<Value, ApiError> {
    match name {
        "app_info" => out(Ok(api.app_info())),
        "tiles" => out(api.tiles()),
        "profiles" => out(api.profiles()),
        "create_profile" => out(api.create_profile(req(args)?)),
        "update_profile" => out(api.update_profile(req(args)?)),
        "delete_profile" => out(api.delete_profile(req::<IdRequest>(args)?.id)),
        "check_setup" => out(Ok(api.check_setup(&req(args)?))),
        "new_game" => out(api.new_game(req(args)?)),
        "unfinished_games" => out(api.unfinished_games()),
        "open_game" => out(api.open_game(req(args)?)),
        "game_view" => out(api.game_view(req(args)?)),
        "play" => out(api.play(req(args)?)),
        "preview" => out(api.preview(req(args)?)),
        "bot_move" => out(api.bot_move(req(args)?)),
        "hint" => out(api.hint(req(args)?)),
        "undo_turn" => out(api.undo_turn(req(args)?)),
        "history" => out(api.history()),
        "delete_game" => out(api.delete_game(req(args)?)),
        "statistics" => out(api.statistics(req(args)?)),
        "replay" => out(api.replay(req(args)?)),
        "branch_game" => out(api.branch_game(req(args)?)),
        "export_record" => out(api.export_record(req(args)?)),
        "import_record" => out(api.import_record(req(args)?)),
        "abandon_game" => out(api.abandon_game(req(args)?)),
        "store_recovery" => out(Ok(api.store_recovery())),
        "dismiss_recovery" => {
            api.dismiss_recovery();
            out(Ok(()))
        }
        "tutorial" => out(api.tutorial()),
        "tutorial_game" => out(api.tutorial_game(req(args)?)),
        "settings" => out(api.settings()),
        "save_settings" => out(api.save_settings(req(args)?)),
        #[cfg(feature = "lan")]
        lan if lan.starts_with("lan_") => dispatch_lan(api, name, args),
        _ => Err(ApiError::bad_request(format!("unknown command `{name}`"))),
    }
}

#[cfg(feature = "lan")]
fn dispatch_lan(api: &mut Api, name: &str, args: &Value) -> Result<Value, ApiError> {
    match name {
        "lan_host" => out(api.lan_host(req(args)?)),
        "lan_status" => out(Ok(api.lan_status())),
        "lan_stop" => out(Ok(api.lan_stop())),
        "lan_saved_table" => out(Ok(api.lan_saved_table())),
        "lan_resume" => out(api.lan_resume()),
        "lan_discard_saved" => out(Ok(api.lan_discard_saved())),
        "lan_tables" => out(crate::lan::find_tables(std::time::Duration::from_secs(2))),
        "lan_connect" => out(api.lan_connect(&req(args)?)),
        "lan_poll" => out(api.lan_poll(req::<LanLink>(args)?.link)),
        "lan_send" => {
            let r: LanSendRequest = req(args)?;
            out(api.lan_send(r.link, r.text))
        }
        "lan_disconnect" => out(Ok(api.lan_disconnect(req::<LanLink>(args)?.link))),
        "lan_verify" => out(api.lan_verify(&req(args)?)),
        "lan_kept_link" => out(api.lan_kept_link()),
        "lan_forget_link" => out(api.lan_forget_link(&req(args)?)),
        _ => Err(ApiError::bad_request(format!("unknown command `{name}`"))),
    }
}
