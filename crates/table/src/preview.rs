//! A tentative placement's follower choices, for the app's API and the LAN host alike: the
//! player sees where a follower could go before the placement counts, and may still take
//! the tile back.

use crate::types::ChoiceOption;
use crate::view::{pending_view, SeatInfo};
use carcassonne_engine::{Action, Game, PlayError, Pos};

/// The choices `seat` would have after placing the drawn tile at `at`, turned `rotation`;
/// `game` itself is left as it is.
///
/// # Errors
/// The placement is not legal for `seat` now.
pub fn choices_after_placing(
    game: &Game,
    seats: &[SeatInfo],
    seat: u8,
    at: Pos,
    rotation: u8,
) -> Result<Vec<ChoiceOption>, PlayError> {
    let mut next = game.clone();
    next.apply(seat, &Action::Place { at, rotation })?;
    Ok(pending_view(&next, seats)
        .filter(|p| p.decision.seat == seat)
        .map(|p| p.choices)
        .unwrap_or_default())
}
