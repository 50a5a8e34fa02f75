//! The app's API, without Tauri: typed requests and responses ([`types`]), one error type
//! ([`ApiError`], a tagged union), and [`Api`], whose handlers the Tauri commands and the UI
//! test server call. Every action is written to the store before its result is returned.
//!
//! ```
//! use carcassonne_api::{Api, MemorySettings, NewGameRequest, ProfileRequest, SeatRequest};
//! use carcassonne_api::Store;
//!
//! let mut api = Api::new(Store::open_in_memory().unwrap(), Box::new(MemorySettings::default()));
//! let ann = api.create_profile(ProfileRequest { name: "Ann".into(), colour: "#1f6fd1".into() }).unwrap();
//! let view = api
//!     .new_game(NewGameRequest {
//!         seats: vec![
//!             SeatRequest::Human { profile: ann.id },
//!             SeatRequest::Bot { bot: "random".into(), colour: "#e8741c".into() },
//!         ],
//!         order: Default::default(),
//!         sets: vec![],
//!         options: Default::default(),
//!         seed: Some(7),
//!     })
//!     .unwrap();
//! let pending = view.pending.unwrap();
//! assert_eq!(pending.decision.seat, 0);
//! assert!(!pending.placements.is_empty());
//! ```

pub mod api;
#[cfg(feature = "lan")]
pub mod bindings;
pub mod dispatch;
pub mod error;
pub mod history;
#[cfg(feature = "lan")]
pub mod lan;
#[cfg(feature = "lan")]
pub mod lan_link;
pub mod records;
pub mod session;
pub mod settings;
pub mod stats;
pub mod tutorial;
pub mod types;
/// The views of a table (shared with the LAN host).
pub use carcassonne_table::view;

pub use api::Api;
/// The app's database (the Tauri shell and the UI server open it through this crate).
pub use carcassonne_store::{Recovery, Store};
pub use dispatch::dispatch;
pub use error::{
    AccessRefusal, ApiError, FileProblem, LanProblem, Missing, SettingsProblem, SetupProblem,
};
pub use settings::{JsonFileSettings, MemorySettings, SettingsBackend};
pub use stats::ProfileStatistics;
pub use types::*;
