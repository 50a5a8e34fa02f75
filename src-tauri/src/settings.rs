//! Settings in tauri-plugin-store (one JSON file the plugin writes), behind the API's
//! settings trait.

use carcassonne_api::{ApiError, Settings, SettingsBackend, SettingsProblem};
use std::path::Path;
use std::sync::Arc;
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::{Store, StoreExt};

const KEY: &str = "settings";

pub struct PluginSettings<R: Runtime> {
    store: Arc<Store<R>>,
}

impl<R: Runtime> PluginSettings<R> {
    pub fn open(app: &AppHandle<R>, dir: &Path) -> Result<Self, tauri_plugin_store::Error> {
        Ok(PluginSettings {
            store: app.store(dir.join("settings.json"))?,
        })
    }
}

fn error(e: impl std::fmt::Display) -> ApiError {
    ApiError::Settings {
        problem: SettingsProblem::CannotWrite,
        detail: e.to_string(),
    }
}

impl<R: Runtime> SettingsBackend for PluginSettings<R> {
    fn load(&self) -> Result<Settings, ApiError> {
        match self.store.get(KEY) {
            // Unreadable settings (an older or edited file) fall back to the defaults
            // rather than keeping the app from starting.
            Some(v) => Ok(serde_json::from_value(v).unwrap_or_default()),
            None => Ok(Settings::default()),
        }
    }

    fn save(&mut self, settings: &Settings) -> Result<(), ApiError> {
        let value = serde_json::to_value(settings).map_err(error)?;
        self.store.set(KEY, value);
        self.store.save().map_err(error)
    }
}
