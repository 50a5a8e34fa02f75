//! The Tauri shell: every command is a one-line adapter over [`carcassonne_api::Api`];
//! settings live in tauri-plugin-store, games and profiles in SQLite (crates/store).

pub mod files;
mod settings;
mod webkit;

use carcassonne_api::*;
use std::sync::Mutex;
use tauri::{Manager, Runtime, State};

/// The API behind a lock: commands run one at a time, in the order they arrive.
pub struct Shared(pub Mutex<Api>);

fn with<T>(
    s: &State<'_, Shared>,
    f: impl FnOnce(&mut Api) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let mut api =
        s.0.lock()
            .map_err(|_| ApiError::bad_request("the app hit an internal error; restart it"))?;
    f(&mut api)
}

#[tauri::command(async)]
fn app_info(s: State<'_, Shared>) -> Result<AppInfo, ApiError> {
    with(&s, |a| Ok(a.app_info()))
}
#[tauri::command(async)]
fn tiles(s: State<'_, Shared>) -> Result<Vec<TileInfo>, ApiError> {
    with(&s, |a| a.tiles())
}
#[tauri::command(async)]
fn profiles(s: State<'_, Shared>) -> Result<Vec<ProfileCard>, ApiError> {
    with(&s, |a| a.profiles())
}
#[tauri::command(async)]
fn create_profile(s: State<'_, Shared>, req: ProfileRequest) -> Result<Profile, ApiError> {
    with(&s, |a| a.create_profile(req))
}
#[tauri::command(async)]
fn update_profile(s: State<'_, Shared>, req: UpdateProfileRequest) -> Result<Profile, ApiError> {
    with(&s, |a| a.update_profile(req))
}
#[tauri::command(async)]
fn delete_profile(s: State<'_, Shared>, req: IdRequest) -> Result<(), ApiError> {
    with(&s, |a| a.delete_profile(req.id))
}
#[tauri::command(async)]
fn check_setup(s: State<'_, Shared>, req: NewGameRequest) -> Result<SetupCheck, ApiError> {
    with(&s, |a| Ok(a.check_setup(&req)))
}
#[tauri::command(async)]
fn new_game(s: State<'_, Shared>, req: NewGameRequest) -> Result<GameView, ApiError> {
    with(&s, |a| a.new_game(req))
}
#[tauri::command(async)]
fn unfinished_games(s: State<'_, Shared>) -> Result<Vec<GameSummary>, ApiError> {
    with(&s, |a| a.unfinished_games())
}
#[tauri::command(async)]
fn open_game(s: State<'_, Shared>, req: GameRequest) -> Result<GameView, ApiError> {
    with(&s, |a| a.open_game(req))
}
#[tauri::command(async)]
fn game_view(s: State<'_, Shared>, req: GameRequest) -> Result<GameView, ApiError> {
    with(&s, |a| a.game_view(req))
}
#[tauri::command(async)]
fn play(s: State<'_, Shared>, req: PlayRequest) -> Result<PlayResult, ApiError> {
    with(&s, |a| a.play(req))
}
#[tauri::command(async)]
fn preview(s: State<'_, Shared>, req: PreviewRequest) -> Result<PreviewView, ApiError> {
    with(&s, |a| a.preview(req))
}
#[tauri::command(async)]
fn bot_move(s: State<'_, Shared>, req: GameRequest) -> Result<PlayResult, ApiError> {
    with(&s, |a| a.bot_move(req))
}
#[tauri::command(async)]
fn hint(s: State<'_, Shared>, req: GameRequest) -> Result<Hint, ApiError> {
    with(&s, |a| a.hint(req))
}
#[tauri::command(async)]
fn undo_turn(s: State<'_, Shared>, req: UndoRequest) -> Result<GameView, ApiError> {
    with(&s, |a| a.undo_turn(req))
}
#[tauri::command(async)]
fn store_recovery(s: State<'_, Shared>) -> Result<Option<Recovery>, ApiError> {
    with(&s, |a| Ok(a.store_recovery()))
}

#[tauri::command(async)]
fn dismiss_recovery(s: State<'_, Shared>) -> Result<(), ApiError> {
    with(&s, |a| {
        a.dismiss_recovery();
        Ok(())
    })
}

#[tauri::command(async)]
fn history(s: State<'_, Shared>) -> Result<Vec<HistoryEntry>, ApiError> {
    with(&s, |a| a.history())
}
#[tauri::command(async)]
fn delete_game(s: State<'_, Shared>, req: GameRequest) -> Result<(), ApiError> {
    with(&s, |a| a.delete_game(req))
}
#[tauri::command(async)]
fn statistics(s: State<'_, Shared>, req: IdRequest) -> Result<ProfileStatistics, ApiError> {
    with(&s, |a| a.statistics(req))
}
#[tauri::command(async)]
fn replay(s: State<'_, Shared>, req: ReplayRequest) -> Result<ReplayView, ApiError> {
    with(&s, |a| a.replay(req))
}
#[tauri::command(async)]
fn branch_game(s: State<'_, Shared>, req: BranchRequest) -> Result<GameView, ApiError> {
    with(&s, |a| a.branch_game(req))
}
#[tauri::command(async)]
fn export_record(s: State<'_, Shared>, req: GameRequest) -> Result<RecordFile, ApiError> {
    with(&s, |a| a.export_record(req))
}
#[tauri::command(async)]
fn import_record(s: State<'_, Shared>, req: ImportRequest) -> Result<Imported, ApiError> {
    with(&s, |a| a.import_record(req))
}
#[tauri::command(async)]
fn abandon_game(s: State<'_, Shared>, req: GameRequest) -> Result<(), ApiError> {
    with(&s, |a| a.abandon_game(req))
}
#[tauri::command(async)]
fn tutorial(s: State<'_, Shared>) -> Result<tutorial::Tutorial, ApiError> {
    with(&s, |a| a.tutorial())
}
#[tauri::command(async)]
fn tutorial_game(
    s: State<'_, Shared>,
    req: tutorial::TutorialRequest,
) -> Result<GameView, ApiError> {
    with(&s, |a| a.tutorial_game(req))
}
#[tauri::command(async)]
fn settings(s: State<'_, Shared>) -> Result<Settings, ApiError> {
    with(&s, |a| a.settings())
}
#[tauri::command(async)]
fn save_settings(s: State<'_, Shared>, req: Settings) -> Result<Settings, ApiError> {
    with(&s, |a| a.save_settings(req))
}

#[tauri::command(async)]
fn lan_host(s: State<'_, Shared>, req: LanHostRequest) -> Result<LanHostInfo, ApiError> {
    with(&s, |a| a.lan_host(req))
}
#[tauri::command(async)]
fn lan_status(s: State<'_, Shared>) -> Result<Option<LanHostInfo>, ApiError> {
    with(&s, |a| Ok(a.lan_status()))
}
#[tauri::command(async)]
fn lan_stop(s: State<'_, Shared>) -> Result<bool, ApiError> {
    with(&s, |a| Ok(a.lan_stop()))
}
#[tauri::command(async)]
fn lan_saved_table(s: State<'_, Shared>) -> Result<Option<SavedTable>, ApiError> {
    with(&s, |a| Ok(a.lan_saved_table()))
}
#[tauri::command(async)]
fn lan_resume(s: State<'_, Shared>) -> Result<LanHostInfo, ApiError> {
    with(&s, |a| a.lan_resume())
}
#[tauri::command(async)]
fn lan_discard_saved(s: State<'_, Shared>) -> Result<bool, ApiError> {
    with(&s, |a| Ok(a.lan_discard_saved()))
}
#[tauri::command(async)]
fn lan_tables() -> Result<Vec<LanTable>, ApiError> {
    carcassonne_api::lan::find_tables(std::time::Duration::from_secs(2))
}

#[tauri::command(async)]
fn lan_connect(s: State<'_, Shared>, req: LanConnectRequest) -> Result<LanLink, ApiError> {
    with(&s, |a| a.lan_connect(&req))
}
#[tauri::command(async)]
fn lan_poll(s: State<'_, Shared>, req: LanLink) -> Result<LanPoll, ApiError> {
    with(&s, |a| a.lan_poll(req.link))
}
#[tauri::command(async)]
fn lan_send(s: State<'_, Shared>, req: LanSendRequest) -> Result<(), ApiError> {
    with(&s, |a| a.lan_send(req.link, req.text))
}
#[tauri::command(async)]
fn lan_disconnect(s: State<'_, Shared>, req: LanLink) -> Result<bool, ApiError> {
    with(&s, |a| Ok(a.lan_disconnect(req.link)))
}
#[tauri::command(async)]
fn lan_verify(s: State<'_, Shared>, req: LanConnectRequest) -> Result<LanVerdict, ApiError> {
    with(&s, |a| a.lan_verify(&req))
}
#[tauri::command(async)]
fn lan_kept_link(s: State<'_, Shared>) -> Result<Vec<KeptLink>, ApiError> {
    with(&s, |a| a.lan_kept_link())
}
#[tauri::command(async)]
fn lan_forget_link(s: State<'_, Shared>, req: LanConnectRequest) -> Result<bool, ApiError> {
    with(&s, |a| a.lan_forget_link(&req))
}

/// Opens a LAN table's page (served by its host) in a window of its own: the table's page
/// is the client, whoever hosts. Only http(s) addresses; the page gets no app permissions.
#[tauri::command(async)]
fn open_table<R: Runtime>(app: tauri::AppHandle<R>, url: String) -> Result<(), ApiError> {
    let parsed: tauri::Url = url
        .parse()
        .map_err(|_| ApiError::bad_request(format!("not an address: {url}")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(ApiError::bad_request(
            "a table's address starts with http://",
        ));
    }
    let label = format!("table-{}", app.webview_windows().len());
    tauri::WebviewWindowBuilder::new(&app, label, tauri::WebviewUrl::External(parsed))
        .title("Carcassonne — table")
        .inner_size(900.0, 760.0)
        .build()
        .map(|_| ())
        .map_err(|e| ApiError::lan(LanProblem::CannotOpenWindow, Some(e.to_string())))
}

/// The app's commands on a builder of any runtime (the real one, or the mock one in tests).
pub fn with_commands<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        app_info,
        tiles,
        profiles,
        create_profile,
        update_profile,
        delete_profile,
        check_setup,
        new_game,
        unfinished_games,
        open_game,
        game_view,
        play,
        preview,
        bot_move,
        hint,
        undo_turn,
        store_recovery,
        dismiss_recovery,
        history,
        delete_game,
        statistics,
        replay,
        branch_game,
        export_record,
        import_record,
        files::save_record_file,
        files::open_record_file,
        files::pick_pem_file,
        abandon_game,
        tutorial,
        tutorial_game,
        settings,
        save_settings,
        lan_host,
        lan_status,
        lan_stop,
        lan_saved_table,
        lan_resume,
        lan_discard_saved,
        lan_tables,
        lan_connect,
        lan_poll,
        lan_send,
        lan_disconnect,
        lan_verify,
        lan_kept_link,
        lan_forget_link,
        open_table
    ])
}

/// Opens the store in the app's data folder (or `CARCASSONNE_DATA_DIR`, for tests) and
/// the settings in tauri-plugin-store.
fn setup<R: Runtime>(app: &mut tauri::App<R>) -> Result<(), Box<dyn std::error::Error>> {
    let dir = match std::env::var_os("CARCASSONNE_DATA_DIR") {
        Some(d) => std::path::PathBuf::from(d),
        None => app.path().app_data_dir()?,
    };
    std::fs::create_dir_all(&dir)?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    // A damaged store is set aside and what can be read is kept: the app still starts.
    let (store, recovery) = Store::open_or_recover(&dir.join("carcassonne.sqlite3"), now)?;
    let settings = settings::PluginSettings::open(app.handle(), &dir)?;
    let mut api = Api::new(store, Box::new(settings));
    api.set_store_recovery(recovery);
    // Tests keep hosted tables on 127.0.0.1, unadvertised.
    api.set_lan_loopback_only(std::env::var_os("CARCASSONNE_LAN_LOOPBACK").is_some());
    api.set_table_save_path(dir.join("hosted-table.json"));
    // Tables hosted from the app serve the app's own UI (embedded in the binary) to phones.
    let resolver = app.asset_resolver();
    api.set_ui_files(std::sync::Arc::new(move |path: &str| {
        resolver
            .get(path.to_owned())
            .map(|a| carcassonne_api::lan::Asset {
                bytes: a.bytes,
                mime: a.mime_type,
            })
    }));
    app.manage(Shared(Mutex::new(api)));
    if let Some(main) = app.get_webview_window("main") {
        webkit::lighten(&main);
    }
    Ok(())
}

pub fn run() {
    // WebKitGTK's DMA-BUF renderer doubles the web process's memory here (240 → 120 MB under
    // Xvfb) and shows blank windows on some GPU drivers; the app draws plain SVG and does not
    // need it. A user's own setting wins.
    #[cfg(target_os = "linux")]
    if std::env::var_os("WEBKIT_DISABLE_DMABUF_RENDERER").is_none() {
        std::env::set_var("WEBKIT_DISABLE_DMABUF_RENDERER", "1");
    }
    let app = with_commands(tauri::Builder::default())
        .plugin(tauri_plugin_store::Builder::default().build())
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| setup(app))
        .run(tauri::generate_context!());
    if let Err(e) = app {
        eprintln!("carcassonne: the app could not start: {e}");
        std::process::exit(1);
    }
}
