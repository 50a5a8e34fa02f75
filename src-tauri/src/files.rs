//! Record files through the platform's Save and Open dialogs (tauri-plugin-dialog): the app
//! exports a game to the file the player names, and imports the file the player picks. The
//! words of the dialog (its filter's name) come from the UI.

use crate::{with, Shared};
use carcassonne_api::{ApiError, FileProblem, GameRequest, ImportRequest, Imported};
use serde::Deserialize;
use std::path::PathBuf;
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
    let file = with(&s, |a| a.export_record(GameRequest { game: req.game }))?;
    let Some(path) = app
        .dialog()
        .file()
        .add_filter(&req.filter, &["json"])
        .set_file_name(&file.name)
        .blocking_save_file()
    else {
        return Ok(false);
    };
    let path = local(path, FileProblem::CannotWrite)?;
    std::fs::write(&path, file.json).map_err(|e| file_error(FileProblem::CannotWrite, e))?;
    Ok(true)
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
    let size = std::fs::metadata(&path)
        .map_err(|e| file_error(FileProblem::CannotRead, e))?
        .len();
    if size > MAX_RECORD_BYTES {
        return Err(file_error(FileProblem::TooLarge, size));
    }
    let json =
        std::fs::read_to_string(&path).map_err(|e| file_error(FileProblem::CannotRead, e))?;
    with(&s, |a| a.import_record(ImportRequest { json })).map(Some)
}
