//! Pass-and-play: undo of the last turn a person played (with the bots' turns
//! after it), on disk as in memory, and the seeded draw gives the same tile again (R-BASE-2).

mod common;
use common::{api_at, person, person_turn};

use carcassonne_api::*;

fn new_game(api: &mut Api, seats: Vec<SeatRequest>) -> GameView {
    api.new_game(NewGameRequest {
        seats,
        order: SeatOrder::AsListed,
        sets: vec![],
        options: Default::default(),
        seed: Some(77),
    })
    .expect("game starts")
}

fn undo(api: &mut Api, view: &GameView) -> Result<GameView, ApiError> {
    api.undo_turn(UndoRequest {
        game: view.id,
        state: view.state,
    })
}

#[test]
fn r_base_2_undo_takes_back_a_persons_turn_and_the_same_tile_comes_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let ann = person(&mut api, "Ann", "#1f6fd1");
    let bob = person(&mut api, "Bob", "#e8741c");
    let start = new_game(&mut api, vec![ann, bob]);
    assert!(matches!(
        undo(&mut api, &start),
        Err(ApiError::NothingToUndo)
    ));
    let after_ann = person_turn(&mut api, start.clone());
    let before_bob = after_ann.clone();
    let after_bob = person_turn(&mut api, after_ann);
    assert_eq!(after_bob.turns.len(), 2);

    let undone = undo(&mut api, &after_bob).expect("undo Bob's turn");
    // The table is exactly as it was before Bob played: same tile drawn, same choices.
    assert_eq!(undone.tiles, before_bob.tiles);
    assert_eq!(undone.pending, before_bob.pending);
    assert_eq!(undone.turns, before_bob.turns);
    assert_eq!(undone.state, before_bob.state);

    // On disk too: a new process resumes the undone game.
    drop(api);
    let mut api = api_at(dir.path());
    let games = api.unfinished_games().unwrap();
    assert_eq!(games[0].actions, before_bob.state);
    assert_eq!(games[0].turns, 1, "a summary counts turns, not actions");
    let resumed = api.open_game(GameRequest { game: start.id }).unwrap();
    assert_eq!(resumed.pending, before_bob.pending);
}

#[test]
fn undo_with_a_bot_takes_back_the_bots_turn_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let ann = person(&mut api, "Ann", "#1f6fd1");
    let bot = SeatRequest::Bot {
        bot: "random".into(),
        colour: "#e8741c".into(),
    };
    let start = new_game(&mut api, vec![ann, bot]);
    let mut view = person_turn(&mut api, start.clone());
    while view.pending.as_ref().is_some_and(|p| p.by_bot) {
        view = api.bot_move(GameRequest { game: view.id }).unwrap().view;
    }
    assert_eq!(view.turns.len(), 2);
    let undone = undo(&mut api, &view).expect("undo");
    assert_eq!(undone.turns.len(), 0, "Ann's turn and the bot's after it");
    assert_eq!(undone.pending, start.pending, "Ann has the same tile again");
}

#[test]
fn undo_is_refused_when_off_on_a_stale_view_and_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let ann = person(&mut api, "Ann", "#1f6fd1");
    let bob = person(&mut api, "Bob", "#e8741c");
    let start = new_game(&mut api, vec![ann, bob]);
    let view = person_turn(&mut api, start.clone());
    assert!(matches!(
        undo(&mut api, &start),
        Err(ApiError::StaleState { .. })
    ));
    let mut settings = api.settings().unwrap();
    settings.allow_undo = false;
    api.save_settings(settings.clone()).unwrap();
    assert!(matches!(undo(&mut api, &view), Err(ApiError::UndoOff)));
    assert_eq!(api.game_view(GameRequest { game: view.id }).unwrap(), view);
    settings.allow_undo = true;
    api.save_settings(settings).unwrap();

    let mut end = view;
    while end.pending.is_some() {
        end = person_turn(&mut api, end);
    }
    assert!(end.over);
    assert!(matches!(undo(&mut api, &end), Err(ApiError::GameOver)));
}

#[test]
fn guests_sit_without_a_profile_and_are_saved_with_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let guest = |name: &str, colour: &str| SeatRequest::Guest {
        name: name.into(),
        colour: colour.into(),
    };
    let view = new_game(
        &mut api,
        vec![guest("  Zoé ", "#1f6fd1"), guest("Yann", "#e8741c")],
    );
    assert_eq!(view.seats[0].name, "Zoé", "trimmed as a profile's name is");
    assert!(view
        .seats
        .iter()
        .all(|s| s.profile.is_none() && s.bot.is_none()));
    assert!(api.profiles().unwrap().is_empty(), "no profile was made");
    let view = person_turn(&mut api, view);
    drop(api);
    let mut api = api_at(dir.path());
    let resumed = api.open_game(GameRequest { game: view.id }).unwrap();
    assert_eq!(resumed.seats, view.seats);
    assert_eq!(resumed.turns, view.turns);

    // a name that cannot be one, and the same person twice, are refused before anything is saved
    let check = api.check_setup(&NewGameRequest {
        seats: vec![
            guest("", "#1f6fd1"),
            guest("Yann", "#e8741c"),
            guest("yann", "#2e9e44"),
        ],
        order: SeatOrder::AsListed,
        sets: vec![],
        options: Default::default(),
        seed: None,
    });
    assert!(!check.ok);
    assert!(check.problems.contains(&SetupProblem::GuestName {
        seat: 0,
        reason: carcassonne_store::NameProblem::Empty
    }));
    assert!(check.problems.contains(&SetupProblem::SeatedTwice {
        name: "yann".into()
    }));
}
