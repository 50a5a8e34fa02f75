//! The table as a screen shows it, built from a game: every label and explanation comes from
//! here, so no UI computes a rule or a score. The app's API (a game on this device) and the
//! LAN host (a game over the network) both send these views, so both look the same.

pub mod catalogue;
pub mod preview;
pub mod types;
pub mod view;

pub use types::*;
pub use view::{
    explain, follower_name, game_view, pending_view, quarter_name, SeatInfo, TableMeta,
};

/// Seat colours, in seat order by default (distinct for colour-blind players too:
/// blue, orange, green, pink, black, yellow).
pub const COLOURS: [&str; 6] = [
    "#1f6fd1", "#e8741c", "#2e9e44", "#d6338a", "#222222", "#e8c21c",
];
