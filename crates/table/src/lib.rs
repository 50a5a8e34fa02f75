//! The table as a screen shows it, built from a game: every option and scoring comes from
//! here as facts (kinds, counts, seats, rule IDs), so no UI computes a rule or a score; the UI
//! puts the facts into words. The app's API (a game on this device) and the
//! LAN host (a game over the network) both send these views, so both look the same.

pub mod catalogue;
pub mod preview;
pub mod turns;
pub mod types;
pub mod view;
pub mod why;

pub use turns::TurnLog;
pub use types::*;
pub use view::{game_view, pending_view, score_line, without_aids, SeatInfo, TableMeta};
pub use why::{why, Reason};

/// Seat colours, in seat order by default: blue, vermilion, bluish green and reddish purple
/// from Okabe and Ito's colour-blind-safe set, with black and yellow, so that every pair stays
/// apart under protanopia, deuteranopia and tritanopia (ui/tests/unit/palette.test.ts simulates
/// them). A seat also carries a shape, so colour is never the only cue.
pub const COLOURS: [&str; 6] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#222222", "#e8c21c",
];
