//! The history list and the replay viewer: every game of every status listed; the table at any
//! action of a saved game is the table the players saw then (rebuilt by the engine).

mod common;
use common::api_at;

use carcassonne_api::*;
use carcassonne_engine::Expansion;
use carcassonne_store::GameStatus;

fn bots(api: &mut Api, sets: Vec<Expansion>, seed: u64) -> GameView {
    let bot = |colour: &str| SeatRequest::Bot {
        bot: "random".into(),
        colour: colour.into(),
    };
    api.new_game(NewGameRequest {
        seats: vec![bot("#1f6fd1"), bot("#e8741c"), bot("#2e9e44")],
        order: SeatOrder::AsListed,
        sets,
        options: Default::default(),
        seed: Some(seed),
    })
    .expect("game starts")
}

/// Lets the bots play `n` actions (or to the end), keeping every view they produced.
fn run(api: &mut Api, mut view: GameView, n: usize, seen: &mut Vec<GameView>) -> GameView {
    seen.push(view.clone());
    for _ in 0..n {
        if view.pending.is_none() {
            break;
        }
        view = api
            .bot_move(GameRequest { game: view.id })
            .expect("a bot plays")
            .view;
        seen.push(view.clone());
    }
    view
}

fn every_set() -> Vec<Expansion> {
    Expansion::ALL
        .into_iter()
        .filter(|e| !matches!(e, Expansion::River1 | Expansion::River2 | Expansion::Siege))
        .collect()
}

#[test]
fn the_replay_at_any_action_is_the_table_as_it_was_played() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let mut seen = Vec::new();
    let start = bots(&mut api, every_set(), 5);
    let end = run(&mut api, start, usize::MAX, &mut seen);
    assert!(end.over);
    // a new process: nothing in memory but the database
    drop(api);
    let api = api_at(dir.path());
    let first = api
        .replay(ReplayRequest {
            game: end.id,
            at: 0,
        })
        .unwrap();
    assert_eq!(first.actions, end.state);
    assert_eq!(first.status, GameStatus::Finished);
    assert_eq!(first.turn_starts.len(), end.turns.len());
    for at in [
        0,
        1,
        2,
        end.state / 3,
        end.state / 2,
        end.state - 1,
        end.state,
    ] {
        let r = api.replay(ReplayRequest { game: end.id, at }).unwrap();
        assert_eq!(r.view, seen[at as usize], "the table after {at} actions");
    }
    // past the end: the end
    let past = api
        .replay(ReplayRequest {
            game: end.id,
            at: end.state + 50,
        })
        .unwrap();
    assert_eq!(past.view, end);
}

#[test]
fn history_lists_every_game_with_its_status_sets_and_scores_and_deletes_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let mut seen = Vec::new();
    let finished = bots(&mut api, vec![Expansion::Abbot], 1);
    let finished = run(&mut api, finished, usize::MAX, &mut seen);
    let playing = bots(&mut api, vec![], 2);
    let playing = run(&mut api, playing, 7, &mut seen);
    let abandoned = bots(&mut api, vec![Expansion::InnsCathedrals], 3);
    api.abandon_game(GameRequest { game: abandoned.id })
        .unwrap();

    let list = api.history().unwrap();
    let entry = |id: i64| list.iter().find(|e| e.id == id).expect("listed");
    assert_eq!(list.len(), 3);
    let f = entry(finished.id);
    assert_eq!(f.status, GameStatus::Finished);
    assert_eq!(f.sets, vec![Expansion::Abbot]);
    assert_eq!(f.turns as usize, finished.turns.len());
    let scores: Vec<u32> = f.seats.iter().map(|s| s.score.expect("a score")).collect();
    assert_eq!(
        scores,
        finished.seats.iter().map(|s| s.score).collect::<Vec<_>>()
    );
    let winners: Vec<bool> = f.seats.iter().map(|s| s.winner).collect();
    let report = finished.report.clone().unwrap();
    assert_eq!(
        winners,
        (0..3u8)
            .map(|i| report.winners.contains(&i))
            .collect::<Vec<_>>()
    );
    assert_eq!(entry(playing.id).status, GameStatus::Playing);
    assert_eq!(entry(playing.id).actions, playing.state);
    assert!(entry(playing.id).seats.iter().all(|s| s.score.is_none()));
    assert_eq!(entry(abandoned.id).status, GameStatus::Abandoned);
    assert!(!f.damaged);

    api.delete_game(GameRequest { game: finished.id }).unwrap();
    assert_eq!(api.history().unwrap().len(), 2);
    assert!(matches!(
        api.replay(ReplayRequest {
            game: finished.id,
            at: 0
        }),
        Err(ApiError::Store { .. }) | Err(ApiError::NotFound { .. })
    ));
    assert!(api.delete_game(GameRequest { game: finished.id }).is_err());
}

#[test]
fn r_base_2_play_on_from_here_starts_a_branch_with_the_same_draws_and_other_seats() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let mut seen = Vec::new();
    let start = bots(&mut api, vec![Expansion::Abbot], 17);
    let end = run(&mut api, start, usize::MAX, &mut seen);
    // the middle of the game, at a placement: the first seat becomes a guest
    let at = end.turns[end.turns.len() / 2].first_action;
    let seats = vec![
        SeatRequest::Guest {
            name: "Zoé".into(),
            colour: "#1f6fd1".into(),
        },
        SeatRequest::Bot {
            bot: "easy".into(),
            colour: "#e8741c".into(),
        },
        SeatRequest::Bot {
            bot: "random".into(),
            colour: "#2e9e44".into(),
        },
    ];
    let branch = api
        .branch_game(BranchRequest {
            game: end.id,
            at,
            seats: seats.clone(),
        })
        .unwrap();
    let then = &seen[at as usize];
    assert_eq!(branch.state, at);
    assert_eq!(branch.tiles, then.tiles);
    assert_eq!(branch.scores, then.scores);
    assert_eq!(
        branch.pending.as_ref().map(|p| p.decision.clone()),
        then.pending.as_ref().map(|p| p.decision.clone()),
        "the same tile is drawn: the seed is the parent's"
    );
    assert_eq!(branch.seats[0].name, "Zoé");
    assert_eq!(branch.seats[1].bot.as_deref(), Some("easy"));
    let listed = api.history().unwrap();
    let entry = listed.iter().find(|e| e.id == branch.id).unwrap();
    assert_eq!(entry.status, GameStatus::Playing);
    assert_eq!(
        entry.branch_of,
        Some(carcassonne_store::Branch {
            game: Some(end.id),
            at
        })
    );
    // a finished game's last point has nothing to play on
    assert!(matches!(
        api.branch_game(BranchRequest {
            game: end.id,
            at: end.state,
            seats
        }),
        Err(ApiError::GameOver)
    ));
    // the parent deleted: the branch stays, its link is gone
    api.delete_game(GameRequest { game: end.id }).unwrap();
    let entry = api
        .history()
        .unwrap()
        .into_iter()
        .find(|e| e.id == branch.id)
        .unwrap();
    assert_eq!(entry.branch_of.map(|b| (b.game, b.at)), Some((None, at)));
}
