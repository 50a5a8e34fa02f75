//! The table as a screen shows it, built from a game: every option and scoring comes from
//! here as facts (kinds, counts, seats, rule IDs), so no UI computes a rule or a score; the UI
//! puts the facts into words. The app's API (a game on this device) and the
//! LAN host (a game over the network) both send these views, so both look the same.

pub mod catalogue;
pub mod preview;
pub mod turns;
pub mod types;
pub mod view;

pub use turns::TurnLog;
pub use types::*;
pub use view::{game_view, pending_view, score_line, without_aids, SeatInfo, TableMeta};

/// Seat colours, in seat order by default (distinct for colour-blind players too:
/// blue, orange, green, pink, black, yellow).
pub const COLOURS: [&str; 6] = [
    "#1f6fd1", "#e8741c", "#2e9e44", "#d6338a", "#222222", "#e8c21c",
];
