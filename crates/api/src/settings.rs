//! Where settings live: the app keeps them in tauri-plugin-store (src-tauri), the UI test
//! server and tests in a JSON file. Both behind one small trait.

use crate::error::{ApiError, SettingsProblem};
use crate::types::Settings;
use std::fs;
use std::io::Write;
use std::path::PathBuf;

pub trait SettingsBackend: Send {
    /// The saved settings, or the defaults when none were saved.
    ///
    /// # Errors
    /// [`ApiError::Settings`] when saved settings exist but cannot be read.
    fn load(&self) -> Result<Settings, ApiError>;

    /// # Errors
    /// [`ApiError::Settings`] when they cannot be written (nothing half-written is left).
    fn save(&mut self, settings: &Settings) -> Result<(), ApiError>;
}

/// Settings in a JSON file, written to a temporary file and renamed so a crash mid-write
/// keeps the previous file.
pub struct JsonFileSettings {
    path: PathBuf,
}

impl JsonFileSettings {
    pub fn new(path: impl Into<PathBuf>) -> JsonFileSettings {
        JsonFileSettings { path: path.into() }
    }
}

fn settings_error(problem: SettingsProblem, e: impl std::fmt::Display) -> ApiError {
    ApiError::Settings {
        problem,
        detail: e.to_string(),
    }
}

impl SettingsBackend for JsonFileSettings {
    fn load(&self) -> Result<Settings, ApiError> {
        match fs::read_to_string(&self.path) {
            Ok(text) => {
                serde_json::from_str(&text).map_err(|e| settings_error(SettingsProblem::Invalid, e))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
            Err(e) => Err(settings_error(SettingsProblem::CannotRead, e)),
        }
    }

    fn save(&mut self, settings: &Settings) -> Result<(), ApiError> {
        let text = serde_json::to_string_pretty(settings)
            .map_err(|e| settings_error(SettingsProblem::CannotWrite, e))?;
        let tmp = self.path.with_extension("json.tmp");
        let write = || -> std::io::Result<()> {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            fs::rename(&tmp, &self.path)
        };
        write().map_err(|e| settings_error(SettingsProblem::CannotWrite, e))
    }
}

/// Settings in memory only (tests).
#[derive(Default)]
pub struct MemorySettings(pub Option<Settings>);

impl SettingsBackend for MemorySettings {
    fn load(&self) -> Result<Settings, ApiError> {
        Ok(self.0.clone().unwrap_or_default())
    }

    fn save(&mut self, settings: &Settings) -> Result<(), ApiError> {
        self.0 = Some(settings.clone());
        Ok(())
    }
}
