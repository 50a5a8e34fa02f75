//! The game in a web page: the app's API ([`carcassonne_api`] without the LAN) compiled to
//! WebAssembly, called by command name with JSON exactly as the UI calls the app, so every
//! screen runs unchanged on a phone with no host. The store lives in memory; the page keeps
//! its image in the browser's storage: after each command that wrote ([`WebApp::changes`]
//! moved) it takes the image ([`WebApp::image`]) and saves it before it shows the result.
//!
//! ```
//! use carcassonne_web::WebApp;
//!
//! let mut app = WebApp::open(&[], "").unwrap();
//! let before = app.changes();
//! let ann = app
//!     .call("create_profile", r##"{"req":{"name":"Ann","colour":"#1f6fd1"}}"##)
//!     .unwrap();
//! assert!(ann.contains("Ann"));
//! assert!(app.changes() > before, "a written row: the page saves the image");
//! let again = WebApp::open(&app.image().unwrap(), "").unwrap();
//! ```

use carcassonne_api::{dispatch, Api, ApiError, MemorySettings, Settings, Store};
use carcassonne_engine::playout::{play_out, Scratch};
use carcassonne_engine::{Game, Rng, Setup};

mod exports;

/// The app in a page: its API over a store kept as an image.
pub struct WebApp {
    api: Api,
}

impl WebApp {
    /// Opens the store from its saved image (no bytes: a new store) with the saved settings
    /// (the JSON `save_settings` returned; empty: the defaults).
    ///
    /// # Errors
    /// [`ApiError::Store`] for an image that is not a store, [`ApiError::Settings`] for
    /// settings that do not parse.
    pub fn open(image: &[u8], settings: &str) -> Result<WebApp, ApiError> {
        let store = Store::open_image(image)?;
        let saved: Option<Settings> = if settings.trim().is_empty() {
            None
        } else {
            Some(
                serde_json::from_str(settings).map_err(|e| ApiError::Settings {
                    problem: carcassonne_api::SettingsProblem::Invalid,
                    detail: e.to_string(),
                })?,
            )
        };
        Ok(WebApp {
            api: Api::new(store, Box::new(MemorySettings(saved))),
        })
    }

    /// Runs command `name` with `args` (`{"req": ...}`, or empty for commands without one);
    /// the result as JSON.
    ///
    /// # Errors
    /// The command's [`ApiError`] (an unknown name or unreadable arguments: `bad_request`).
    pub fn call(&mut self, name: &str, args: &str) -> Result<String, ApiError> {
        let args: serde_json::Value = if args.trim().is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::from_str(args)
                .map_err(|e| ApiError::bad_request(format!("arguments: {e}")))?
        };
        let out = match name {
            CHECK_DRAWS => check_draws(&args)?,
            KEEP_TABLE_GAME => self.keep_table_game(&args)?,
            _ => dispatch(&mut self.api, name, &args)?,
        };
        serde_json::to_string(&out).map_err(|e| ApiError::bad_request(e.to_string()))
    }

    /// [`KEEP_TABLE_GAME`]: checks the draws as [`CHECK_DRAWS`] does and, when they check
    /// out, keeps the game in this device's history.
    fn keep_table_game(&mut self, args: &serde_json::Value) -> Result<serde_json::Value, ApiError> {
        let req: KeepRequest = serde_json::from_value(args.clone())
            .map_err(|e| ApiError::bad_request(format!("bad request: {e}")))?;
        let (check, record) = carcassonne_fair::checked_record(&req.req);
        let game = match record {
            Some(record) => Some(self.api.keep_checked_game(&record, &req.seats, req.you)?),
            None => None,
        };
        Ok(serde_json::json!({ "check": check, "game": game }))
    }

    /// Rows written since the store was opened.
    pub fn changes(&mut self) -> u64 {
        self.api.store_mut().changes()
    }

    /// The store's whole image, for the page to save.
    ///
    /// # Errors
    /// [`ApiError::Store`] if SQLite cannot copy it (out of memory).
    pub fn image(&mut self) -> Result<Vec<u8>, ApiError> {
        Ok(self.api.store_mut().image()?)
    }
}

/// The page's own command (the app checks a table's draws with `lan_verify`, on what its
/// Rust client saw): a finished LAN game as the page saw it, checked by replay with the
/// engine, `{"req": PageCheckRequest}` → [`DrawCheck`](carcassonne_fair::DrawCheck).
pub const CHECK_DRAWS: &str = "check_draws";

/// The page's command at the end of a table's game: `{"req": PageCheckRequest, "seats":
/// [SeatView], "you": seat | null}` → `{"check": DrawCheck, "game": id | null}`, the game kept
/// in this device's history only when its draws check out (the app's `lan_verify` does the
/// same for the app).
pub const KEEP_TABLE_GAME: &str = "keep_table_game";

#[derive(serde::Deserialize)]
struct KeepRequest {
    req: carcassonne_fair::PageCheckRequest,
    seats: Vec<carcassonne_table::types::SeatView>,
    you: Option<u8>,
}

fn check_draws(args: &serde_json::Value) -> Result<serde_json::Value, ApiError> {
    let req = args
        .get("req")
        .ok_or_else(|| ApiError::bad_request("missing argument `req`"))?;
    let req: carcassonne_fair::PageCheckRequest = serde_json::from_value(req.clone())
        .map_err(|e| ApiError::bad_request(format!("bad request: {e}")))?;
    serde_json::to_value(carcassonne_fair::check_page(&req))
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// Plays `games` random full base games (2 players, farmers) from fixed seeds; returns the
/// actions played. The page times it against the native `carcassonne bench`.
pub fn random_playouts(games: u32) -> u64 {
    let Ok(start) = Game::new(Setup::base(2), 0) else {
        return 0;
    };
    let mut scratch = Scratch::default();
    let mut actions = 0u64;
    // As `carcassonne bench`: every playout copies the start into the same game.
    let mut game = start.clone();
    for g in 0..games {
        game.clone_from(&start);
        game.reseed(u64::from(g));
        let mut rng = Rng::new(u64::from(g));
        actions += play_out(&mut game, &mut rng, &mut scratch) as u64;
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_draws_answers_a_typed_verdict_and_refuses_no_request() {
        let mut app = WebApp::open(&[], "").expect("a new store");
        let req = r#"{"req":{"commitment":"","commitments":[],"contributions":[],"mine":null,"placed":[],"message":"not json"}}"#;
        let out: serde_json::Value =
            serde_json::from_str(&app.call(CHECK_DRAWS, req).expect("a verdict")).expect("json");
        assert_eq!(out["ok"], false);
        assert_eq!(out["problem"]["problem"], "malformed");
        assert_eq!(out["draw"], serde_json::Value::Null);
        assert!(app.call(CHECK_DRAWS, "").is_err(), "no request");
    }

    #[test]
    fn a_table_game_whose_draws_do_not_check_out_is_not_kept() {
        let mut app = WebApp::open(&[], "").expect("a new store");
        let req = r#"{"req":{"commitment":"","commitments":[],"contributions":[],"mine":null,"placed":[],"message":"{}"},"seats":[],"you":null}"#;
        let out: serde_json::Value =
            serde_json::from_str(&app.call(KEEP_TABLE_GAME, req).expect("a verdict"))
                .expect("json");
        assert_eq!(out["check"]["ok"], false);
        assert_eq!(out["game"], serde_json::Value::Null);
        assert_eq!(app.changes(), 0, "nothing written");
        assert!(app.call(KEEP_TABLE_GAME, "{}").is_err(), "no request");
    }
}
