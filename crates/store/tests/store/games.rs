//! Saving games action by action, resuming them, finishing and abandoning them.

use carcassonne_store::{
    Entity, GameResult, GameStatus, JsonField, NameProblem, NewGame, Player, SavedAction,
    SeatEntry, Store, StoreError,
};

use crate::common::{duel, new_store, solo, T0};

#[test]
fn every_action_is_saved_and_a_reopened_store_resumes_the_game() {
    let (_dir, path, mut store) = new_store();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let setup = r#"{"players":["Ada","Easy","Guest"],"expansions":["river"]}"#;
    let seats = vec![
        SeatEntry::profile(&ada),
        SeatEntry::bot("easy", "Easy bot", "#222222"),
        SeatEntry::guest("Guest", "#333333"),
    ];
    let game = store
        .create_game(
            &NewGame {
                setup: setup.into(),
                seed: 0xdead_beef_cafe_f00d,
                seats: seats.clone(),
            },
            T0,
        )
        .unwrap();
    let actions: Vec<(u8, String)> = (0..30u8)
        .map(|i| (i % 3, format!(r#"{{"n":{i},"place":[{i},-1,"N"]}}"#)))
        .collect();
    for (i, (seat, json)) in (0u32..).zip(&actions) {
        store
            .append_action(game, i, *seat, json, T0 + 10 + i64::from(i))
            .unwrap();
    }
    drop(store); // as if the app were killed here

    let store = Store::open(&path).unwrap();
    let saved = store.load_game(game).unwrap();
    assert_eq!(saved.id, game);
    assert_eq!(saved.setup, setup);
    assert_eq!(saved.seed, 0xdead_beef_cafe_f00d);
    assert_eq!(saved.status, GameStatus::Playing);
    assert_eq!(saved.created, T0);
    assert_eq!(saved.updated, T0 + 10 + 29);
    assert_eq!(saved.seats, seats);
    let expected: Vec<SavedAction> = actions
        .into_iter()
        .map(|(seat, action)| SavedAction { seat, action })
        .collect();
    assert_eq!(saved.actions, expected);
    assert_eq!(saved.result, None);
}

#[test]
fn an_out_of_order_action_writes_nothing() {
    let (_dir, path, mut store) = new_store();
    let game = solo(&mut store, T0);
    store
        .append_action(game, 0, 0, r#"{"a":0}"#, T0 + 1)
        .unwrap();
    store
        .append_action(game, 1, 0, r#"{"a":1}"#, T0 + 2)
        .unwrap();

    let gap = store.append_action(game, 3, 0, r#"{"a":3}"#, T0 + 3);
    assert_eq!(
        gap,
        Err(StoreError::ActionOutOfOrder {
            expected: 2,
            got: 3
        })
    );
    let duplicate = store.append_action(game, 1, 0, r#"{"a":"again"}"#, T0 + 4);
    assert_eq!(
        duplicate,
        Err(StoreError::ActionOutOfOrder {
            expected: 2,
            got: 1
        })
    );
    let bad_json = store.append_action(game, 2, 0, "{not json", T0 + 5);
    assert!(matches!(
        bad_json,
        Err(StoreError::InvalidJson {
            what: JsonField::Action,
            ..
        })
    ));
    let bad_seat = store.append_action(game, 2, 1, "{}", T0 + 6);
    assert_eq!(bad_seat, Err(StoreError::InvalidSeat { seat: 1, seats: 1 }));
    let no_game = store.append_action(game + 1, 0, 0, "{}", T0 + 7);
    assert_eq!(
        no_game,
        Err(StoreError::NotFound {
            what: Entity::Game,
            id: game + 1
        })
    );
    drop(store);

    let mut store = Store::open(&path).unwrap();
    let saved = store.load_game(game).unwrap();
    let texts: Vec<&str> = saved.actions.iter().map(|a| a.action.as_str()).collect();
    assert_eq!(texts, [r#"{"a":0}"#, r#"{"a":1}"#]);
    assert_eq!(
        saved.updated,
        T0 + 2,
        "a refused action does not touch the game"
    );
    assert_eq!(store.unfinished_games().unwrap()[0].actions, 2);
    // The right next index still works.
    store
        .append_action(game, 2, 0, r#"{"a":2}"#, T0 + 8)
        .unwrap();
    assert_eq!(store.load_game(game).unwrap().actions.len(), 3);
}

#[test]
fn finished_and_abandoned_games_cannot_change() {
    let (_dir, _path, mut store) = new_store();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let bob = store.create_profile("Bob", "#222222", T0).unwrap();
    let game = duel(&mut store, &ada, &bob, T0);
    store.append_action(game, 0, 0, "{}", T0 + 1).unwrap();

    assert_eq!(
        store.finish_game(game, &[3], &[0], T0 + 2),
        Err(StoreError::WrongScoreCount {
            expected: 2,
            got: 1
        })
    );
    assert_eq!(
        store.finish_game(game, &[3, 4], &[2], T0 + 2),
        Err(StoreError::InvalidSeat { seat: 2, seats: 2 })
    );
    assert_eq!(store.load_game(game).unwrap().status, GameStatus::Playing);

    store.finish_game(game, &[12, 12], &[1, 0], T0 + 3).unwrap();
    let saved = store.load_game(game).unwrap();
    assert_eq!(saved.status, GameStatus::Finished);
    assert_eq!(saved.updated, T0 + 3);
    assert_eq!(
        saved.result,
        Some(GameResult {
            scores: vec![12, 12],
            winners: vec![0, 1]
        })
    );
    let finished = Err(StoreError::GameNotPlaying {
        id: game,
        status: GameStatus::Finished,
    });
    assert_eq!(store.append_action(game, 1, 1, "{}", T0 + 4), finished);
    assert_eq!(store.finish_game(game, &[1, 1], &[0], T0 + 4), finished);
    assert_eq!(store.abandon_game(game, T0 + 4), finished);

    let other = duel(&mut store, &ada, &bob, T0 + 5);
    store.abandon_game(other, T0 + 6).unwrap();
    let saved = store.load_game(other).unwrap();
    assert_eq!(saved.status, GameStatus::Abandoned);
    assert_eq!(saved.result, None);
    assert_eq!(
        store.append_action(other, 0, 0, "{}", T0 + 7),
        Err(StoreError::GameNotPlaying {
            id: other,
            status: GameStatus::Abandoned
        })
    );
    assert_eq!(
        store.load_game(other + 100),
        Err(StoreError::NotFound {
            what: Entity::Game,
            id: other + 100
        })
    );
}

#[test]
fn a_bad_new_game_is_refused_and_nothing_is_written() {
    let (_dir, _path, mut store) = new_store();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let ok_seat = SeatEntry::profile(&ada);
    let game = |setup: &str, seats: Vec<SeatEntry>| NewGame {
        setup: setup.into(),
        seed: 3,
        seats,
    };
    let cases = [
        (game("{}", vec![]), StoreError::SeatCount { got: 0 }),
        (
            game("{}", vec![SeatEntry::guest("G", "#000000"); 7]),
            StoreError::SeatCount { got: 7 },
        ),
        (
            game("{}", vec![ok_seat.clone(), ok_seat.clone()]),
            StoreError::ProfileSeatedTwice { profile: ada.id },
        ),
        (
            game(
                "{}",
                vec![SeatEntry {
                    player: Player::Human {
                        profile: Some(ada.id + 1),
                    },
                    name: "Ghost".into(),
                    colour: "#000000".into(),
                }],
            ),
            StoreError::NotFound {
                what: Entity::Profile,
                id: ada.id + 1,
            },
        ),
        (
            game("{}", vec![SeatEntry::guest("  ", "#000000")]),
            StoreError::InvalidName {
                reason: NameProblem::Empty,
            },
        ),
        (
            game("{}", vec![SeatEntry::guest("G", "black")]),
            StoreError::InvalidColour {
                colour: "black".into(),
            },
        ),
        (
            game("{}", vec![SeatEntry::bot("", "Bot", "#000000")]),
            StoreError::InvalidBot { bot: String::new() },
        ),
    ];
    for (new, expected) in cases {
        assert_eq!(store.create_game(&new, T0), Err(expected));
    }
    assert!(matches!(
        store.create_game(&game("{\"players\":", vec![ok_seat.clone()]), T0),
        Err(StoreError::InvalidJson {
            what: JsonField::Setup,
            ..
        })
    ));
    assert!(store.unfinished_games().unwrap().is_empty());

    // Six seats is the most; the first game gets id 1 since nothing was written before.
    let six = game(
        "[]",
        (0..6)
            .map(|i| SeatEntry::bot("easy", &format!("Bot {i}"), "#000000"))
            .collect(),
    );
    assert_eq!(store.create_game(&six, T0).unwrap(), 1);
}

#[test]
fn unfinished_games_lists_playing_games_most_recently_played_first() {
    let (_dir, path, mut store) = new_store();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let bob = store.create_profile("Bob", "#222222", T0).unwrap();
    let old = duel(&mut store, &ada, &bob, T0);
    let finished = duel(&mut store, &ada, &bob, T0 + 10);
    let abandoned = solo(&mut store, T0 + 20);
    let newest = solo(&mut store, T0 + 30);
    let same_time = solo(&mut store, T0 + 30);
    store.finish_game(finished, &[1, 2], &[1], T0 + 40).unwrap();
    store.abandon_game(abandoned, T0 + 41).unwrap();
    // Playing the old game makes it the most recent.
    store.append_action(old, 0, 0, "{}", T0 + 50).unwrap();
    store.append_action(old, 1, 1, "{}", T0 + 51).unwrap();
    drop(store);

    let store = Store::open(&path).unwrap();
    let list = store.unfinished_games().unwrap();
    let ids: Vec<i64> = list.iter().map(|g| g.id).collect();
    assert_eq!(ids, [old, same_time, newest], "ties: newest game first");
    let first = &list[0];
    assert_eq!(
        (first.created, first.updated, first.actions),
        (T0, T0 + 51, 2)
    );
    assert_eq!(
        first.seats,
        vec![SeatEntry::profile(&ada), SeatEntry::profile(&bob)]
    );
    assert_eq!(list[1].actions, 0);
    assert_eq!(list[1].seats, vec![SeatEntry::guest("Guest", "#101010")]);
}

#[test]
fn a_whole_game_is_saved_at_once_or_not_at_all() {
    let (_dir, _path, mut store) = new_store();
    let new = NewGame {
        setup: r#"{"players":["A","B"]}"#.into(),
        seed: 5,
        seats: vec![
            SeatEntry::guest("A", "#111111"),
            SeatEntry::guest("B", "#222222"),
        ],
    };
    let action = |seat: u8| SavedAction {
        seat,
        action: r#"{"type":"pass"}"#.into(),
    };
    // the last action names a seat the game does not have: nothing is written
    let err = store
        .create_game_with(&new, &[action(0), action(1), action(2)], None, None, T0)
        .unwrap_err();
    assert!(matches!(err, StoreError::InvalidSeat { seat: 2, seats: 2 }));
    assert!(
        store.games().unwrap().is_empty(),
        "no game, no seats, no action"
    );

    let result = GameResult {
        scores: vec![3, 9],
        winners: vec![1],
    };
    let id = store
        .create_game_with(&new, &[action(0), action(1)], Some(&result), None, T0)
        .unwrap();
    let saved = store.load_game(id).unwrap();
    assert_eq!(saved.status, GameStatus::Finished);
    assert_eq!(saved.actions, vec![action(0), action(1)]);
    assert_eq!(saved.result, Some(result));
    let listed = store.games().unwrap();
    assert_eq!(listed[0].actions, 2);
    assert!(listed[0].seats[1].winner);
    store.delete_game(id).unwrap();
    assert!(store.games().unwrap().is_empty());
    assert!(matches!(
        store.delete_game(id),
        Err(StoreError::NotFound { .. })
    ));
}
