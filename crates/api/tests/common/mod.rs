//! What the API's test files share: an app on a folder, people's seats, and playing turns the
//! way a person taps (the first placement, then the first choice) or letting the bots move.
#![allow(dead_code)] // each test file uses its own part

use carcassonne_api::*;
use carcassonne_engine::{Action, DecisionKind};
use carcassonne_store::Store;
use std::path::Path;

/// The app's API on the store and settings files in `dir`, as the app opens them.
pub fn api_at(dir: &Path) -> Api {
    let store = Store::open(&dir.join("carcassonne.sqlite3")).expect("store opens");
    Api::new(
        store,
        Box::new(JsonFileSettings::new(dir.join("settings.json"))),
    )
}

/// A new profile's id.
pub fn profile(api: &mut Api, name: &str, colour: &str) -> i64 {
    api.create_profile(ProfileRequest {
        name: name.into(),
        colour: colour.into(),
    })
    .expect("profile")
    .id
}

/// A seat for a new profile.
pub fn person(api: &mut Api, name: &str, colour: &str) -> SeatRequest {
    SeatRequest::Human {
        profile: profile(api, name, colour),
    }
}

/// A person's whole turn: the first placement, then the first choice until the next seat.
pub fn person_turn(api: &mut Api, mut view: GameView) -> GameView {
    let seat = view.pending.as_ref().expect("pending").decision.seat;
    while let Some(p) = view.pending.clone() {
        if p.decision.seat != seat && !view.turns.is_empty() {
            break;
        }
        let action = match p.placements.first() {
            Some(pl) => Action::Place {
                at: pl.at,
                rotation: pl.rotations[0],
            },
            None => p.choices[0].action,
        };
        view = api
            .play(PlayRequest {
                game: view.id,
                seat,
                state: view.state,
                action,
            })
            .expect("legal")
            .view;
        if view.pending.as_ref().is_some_and(|q| {
            q.decision.seat != seat || matches!(q.decision.kind, DecisionKind::PlaceTile { .. })
        }) {
            break;
        }
    }
    view
}

/// Plays on until the game ends or after `steps` moves: bots by the API, people by
/// `person_turn`.
pub fn play_on(api: &mut Api, mut view: GameView, steps: usize) -> GameView {
    for _ in 0..steps {
        let Some(p) = view.pending.as_ref() else {
            break;
        };
        let seat = usize::from(p.decision.seat);
        view = if view.seats[seat].bot.is_some() {
            api.bot_move(GameRequest { game: view.id })
                .expect("a bot plays")
                .view
        } else {
            person_turn(api, view)
        };
    }
    view
}
