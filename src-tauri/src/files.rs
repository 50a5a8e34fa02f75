//! Files through the platform's Save and Open dialogs (tauri-plugin-dialog): the app
//! exports a game to the file the player names, imports the record file the player picks, and
//! lets the host of a TLS table pick its certificate and key. The words of the dialogs (titles,
//! filter names) come from the UI.

use crate::{with, Shared};
use carcassonne_api::{Api, ApiError, FileProblem, GameRequest, ImportRequest, Imported};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use tauri::{AppHandle, Runtime, State};
use tauri_plugin_dialog::{DialogExt, FilePath};

/// Larger than any record of a game: a file this size is not one.
const MAX_RECORD_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Deserialize)]
pub struct SaveRecordRequest {
    game: i64,
    /// The dialog's name for record files, in the player's language.
    filter: String,
}

#[derive(Deserialize)]
pub struct OpenRecordRequest {
    filter: String,
}

fn file_error(problem: FileProblem, detail: impl ToString) -> ApiError {
    ApiError::File {
        problem,
        detail: detail.to_string(),
    }
}

fn local(path: FilePath, problem: FileProblem) -> Result<PathBuf, ApiError> {
    path.into_path().map_err(|e| file_error(problem, e))
}

/// Exports the game into a file the player names; false when the player cancelled.
#[tauri::command(async)]
pub fn save_record_file<R: Runtime>(
    app: AppHandle<R>,
    s: State<'_, Shared>,
    req: SaveRecordRequest,
) -> Result<bool, ApiError> {
    let name = carcassonne_api::records::record_file_name(req.game);
    let Some(path) = app
        .dialog()
        .file()
        .add_filter(&req.filter, &["json"])
        .set_file_name(&name)
        .blocking_save_file()
    else {
        return Ok(false);
    };
    let path = local(path, FileProblem::CannotWrite)?;
    with(&s, |a| export_to(a, req.game, &path))?;
    Ok(true)
}

/// Writes a saved game's record file at `path` (what the Save dialog's command does once the
/// player named the file).
///
/// # Errors
/// The game cannot be exported, or the file cannot be written.
pub fn export_to(api: &mut Api, game: i64, path: &Path) -> Result<(), ApiError> {
    let file = api.export_record(GameRequest { game })?;
    std::fs::write(path, file.json).map_err(|e| file_error(FileProblem::CannotWrite, e))
}

/// Imports the record file at `path` (what the Open dialog's command does once the player
/// picked it): too large, unreadable or refused by the engine, nothing is saved.
///
/// # Errors
/// The file cannot be read or is too large, or the engine refuses the record.
pub fn import_from(api: &mut Api, path: &Path) -> Result<Imported, ApiError> {
    let size = std::fs::metadata(path)
        .map_err(|e| file_error(FileProblem::CannotRead, e))?
        .len();
    if size > MAX_RECORD_BYTES {
        return Err(file_error(FileProblem::TooLarge, size));
    }
    let json = std::fs::read_to_string(path).map_err(|e| file_error(FileProblem::CannotRead, e))?;
    api.import_record(ImportRequest { json })
}

/// Imports the record file the player picks; none when the player cancelled.
#[tauri::command(async)]
pub fn open_record_file<R: Runtime>(
    app: AppHandle<R>,
    s: State<'_, Shared>,
    req: OpenRecordRequest,
) -> Result<Option<Imported>, ApiError> {
    let Some(path) = app
        .dialog()
        .file()
        .add_filter(&req.filter, &["json"])
        .blocking_pick_file()
    else {
        return Ok(None);
    };
    let path = local(path, FileProblem::CannotRead)?;
    with(&s, |a| import_from(a, &path)).map(Some)
}

#[derive(Deserialize)]
pub struct PickPemRequest {
    /// The dialog's title (which file: the certificate or its key), in the player's language.
    title: String,
    filter: String,
}

/// The path of a PEM file the player picks (a TLS table's certificate or key); none when the
/// player cancelled. The file is read when the table starts, which names a wrong one.
#[tauri::command(async)]
pub fn pick_pem_file<R: Runtime>(
    app: AppHandle<R>,
    req: PickPemRequest,
) -> Result<Option<String>, ApiError> {
    let Some(path) = app
        .dialog()
        .file()
        .set_title(&req.title)
        .add_filter(&req.filter, &["pem", "crt", "key"])
        .blocking_pick_file()
    else {
        return Ok(None);
    };
    let path = local(path, FileProblem::CannotRead)?;
    Ok(Some(path.display().to_string()))
}
