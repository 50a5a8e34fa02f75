//! The commands behind the Save and Open dialogs, given a path as the dialog would: a game
//! exported to a file and that file imported again opens in the replay viewer as played; a
//! file that is not a record, or too large, is refused by name and saves nothing.

use carcassonne_api::*;
use carcassonne_app::files::{export_to, import_from};

fn api_in(dir: &std::path::Path) -> Api {
    Api::new(
        Store::open(&dir.join("carcassonne.sqlite3")).expect("store"),
        Box::new(MemorySettings::default()),
    )
}

#[test]
fn a_game_saved_to_a_file_opens_again_in_the_replay_viewer() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_in(dir.path());
    let bot = |colour: &str| SeatRequest::Bot {
        bot: "random".into(),
        colour: colour.into(),
    };
    let mut view = api
        .new_game(NewGameRequest {
            seats: vec![bot("#1f6fd1"), bot("#e8741c")],
            order: SeatOrder::AsListed,
            sets: vec![],
            options: Default::default(),
            seed: Some(3),
        })
        .expect("game");
    while view.pending.is_some() {
        view = api
            .bot_move(GameRequest { game: view.id })
            .expect("bot")
            .view;
    }
    let file = dir.path().join("named by the player.json");
    export_to(&mut api, view.id, &file).expect("written");

    // another device: a fresh database opens the file
    let other = tempfile::tempdir().unwrap();
    let mut friend = api_in(other.path());
    let imported = import_from(&mut friend, &file).expect("imported");
    assert!(imported.over);
    let replay = friend
        .replay(ReplayRequest {
            game: imported.game,
            at: u32::MAX,
        })
        .expect("replay");
    let scores = |seats: &[SeatView]| seats.iter().map(|s| s.score).collect::<Vec<_>>();
    assert_eq!(scores(&replay.view.seats), scores(&view.seats));
    assert_eq!(replay.view.tiles.len(), view.tiles.len());

    // not a record, and a file too large to be one: refused, nothing saved
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"not\": \"a record\"}").unwrap();
    assert!(matches!(
        import_from(&mut friend, &junk),
        Err(ApiError::Record { .. })
    ));
    let huge = dir.path().join("huge.json");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(17 * 1024 * 1024)
        .unwrap();
    assert!(matches!(
        import_from(&mut friend, &huge),
        Err(ApiError::File {
            problem: FileProblem::TooLarge,
            ..
        })
    ));
    let missing = dir.path().join("gone.json");
    assert!(matches!(
        import_from(&mut friend, &missing),
        Err(ApiError::File {
            problem: FileProblem::CannotRead,
            ..
        })
    ));
    assert_eq!(
        friend.history().unwrap().len(),
        1,
        "only the good file was saved"
    );
}
