//! `carcassonne-ui-server --dist ui/dist --data DIR [--port P]`: serves the UI's files and
//! answers `POST /api/<command>` with the same handlers as the app's Tauri commands, so the
//! UI runs in any browser (its tests run in Debian's chromium). Listens on 127.0.0.1 only,
//! prints `listening on http://127.0.0.1:PORT`, and stops when its standard input closes
//! (so a test's server never outlives the test). Only the page it serves may call the API
//! ([`access`]): its own `Host` and `Origin`, and this run's token, given in `index.html`.

mod access;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::middleware::from_fn_with_state;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use carcassonne_api::{dispatch, Api, ApiError, JsonFileSettings};
use carcassonne_store::Store;
use serde_json::Value;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

struct Config {
    dist: PathBuf,
    data: PathBuf,
    port: u16,
    lan_loopback: bool,
}

fn parse_args() -> Result<Config, String> {
    let mut dist = PathBuf::from("ui/dist");
    let mut data = None;
    let mut port = 0u16;
    let mut lan_loopback = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--dist" => dist = PathBuf::from(value()?),
            "--data" => data = Some(PathBuf::from(value()?)),
            "--port" => {
                port = value()?
                    .parse()
                    .map_err(|_| "--port takes a number".to_string())?
            }
            // LAN tables hosted from the UI stay on 127.0.0.1, unadvertised (tests).
            "--lan-loopback" => lan_loopback = true,
            "-h" | "--help" => {
                return Err(
                    "usage: carcassonne-ui-server --data DIR [--dist ui/dist] [--port P] [--lan-loopback]".into(),
                )
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let data = data.ok_or("--data DIR is required (where the SQLite file and settings go)")?;
    Ok(Config {
        dist,
        data,
        port,
        lan_loopback,
    })
}

#[derive(Clone)]
struct AppState {
    api: Arc<Mutex<Api>>,
    dist: Arc<PathBuf>,
    access: access::Access,
}

async fn command(State(s): State<AppState>, Path(name): Path<String>, body: Bytes) -> Response {
    let args: Value = if body.is_empty() {
        Value::Null
    } else {
        match serde_json::from_slice(&body) {
            Ok(v) => v,
            Err(e) => return error(ApiError::bad_request(format!("body is not JSON: {e}"))),
        }
    };
    let api = s.api.clone();
    // Handlers may think (bots) or write to disk: keep them off the async workers.
    let result = tokio::task::spawn_blocking(move || {
        let mut api = api
            .lock()
            .map_err(|_| ApiError::bad_request("the server hit an internal error"))?;
        dispatch(&mut api, &name, &args)
    })
    .await;
    match result {
        Ok(Ok(v)) => (StatusCode::OK, axum::Json(v)).into_response(),
        Ok(Err(e)) => error(e),
        Err(_) => error(ApiError::bad_request("the command failed")),
    }
}

fn error(e: ApiError) -> Response {
    let body = serde_json::to_value(&e).unwrap_or(Value::Null);
    (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(body)).into_response()
}

async fn file(State(s): State<AppState>, path: Option<Path<String>>) -> Response {
    let rel = path.map_or_else(|| "index.html".to_string(), |Path(p)| p);
    if rel.split('/').any(|part| part == ".." || part.is_empty()) {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    let full = s.dist.join(&rel);
    let Ok(bytes) = tokio::fs::read(&full).await else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let mime = carcassonne_net::transport::mime_of(&rel);
    if rel != "index.html" {
        return ([(header::CONTENT_TYPE, mime)], bytes).into_response();
    }
    // The page with this run's token: never cached, never framed by another site's page.
    let page = access::with_token(&bytes, s.access.token());
    let headers = [
        (header::CONTENT_TYPE, mime),
        (header::CACHE_CONTROL, "no-store"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    (headers, page).into_response()
}

async fn serve(config: Config) -> Result<(), String> {
    std::fs::create_dir_all(&config.data)
        .map_err(|e| format!("cannot create {}: {e}", config.data.display()))?;
    let (store, recovery) =
        Store::open_or_recover(&config.data.join("carcassonne.sqlite3"), unix_now())
            .map_err(|e| e.to_string())?;
    let settings = JsonFileSettings::new(config.data.join("settings.json"));
    let mut api = Api::new(store, Box::new(settings));
    api.set_store_recovery(recovery);
    api.set_lan_loopback_only(config.lan_loopback);
    api.set_table_save_path(config.data.join("hosted-table.json"));
    api.set_ui_files(carcassonne_net::transport::dir_assets(config.dist.clone()));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", config.port))
        .await
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", config.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    // The rules name the port actually bound (`--port 0` picks one).
    let access = access::Access::new(addr.port())?;
    let state = AppState {
        api: Arc::new(Mutex::new(api)),
        dist: Arc::new(config.dist),
        access: access.clone(),
    };
    let api_route =
        post(command).route_layer(from_fn_with_state(access.clone(), access::token_required));
    let app = Router::new()
        .route("/api/{name}", api_route)
        .route("/", get(file))
        .route("/{*path}", get(file))
        .layer(from_fn_with_state(access, access::same_origin_only))
        .with_state(state);
    println!("listening on http://{addr}");
    let stdin_closed = async {
        let _ = tokio::task::spawn_blocking(|| {
            let mut sink = Vec::new();
            let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut sink);
        })
        .await;
    };
    axum::serve(listener, app)
        .with_graceful_shutdown(stdin_closed)
        .await
        .map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let config = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("carcassonne-ui-server: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("carcassonne-ui-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("carcassonne-ui-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Seconds since 1970 (names the damaged file a recovery sets aside).
fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
