//! The tutorial (issue 30, item 7): its script is legal in the engine move by move
//! (R-BASE-4 placements, R-BASE-5 followers), scores what its steps say (R-BASE-7 a closed
//! city; at the end R-BASE-12 an unfinished road and monastery, R-BASE-13 a farmer), refuses any other move, plays the opponent from the script, and resumes after a
//! restart at the step it stopped.

mod common;
use common::api_at;

use carcassonne_api::tutorial::{self, TutorialRequest, TutorialTopic};
use carcassonne_api::*;
use carcassonne_engine::{Action, Game, Phase, Pos};

fn request() -> TutorialRequest {
    TutorialRequest {
        learner: "You".into(),
        opponent: "Tutor".into(),
        learner_colour: "#0072b2".into(),
        opponent_colour: "#e69f00".into(),
    }
}

fn place(at: Pos, rotation: u8) -> Action {
    Action::Place { at, rotation }
}

/// Every move of the script is among the engine's legal actions when it comes, every
/// rotation a turn accepts too, and each turn is a placement and a follower decision.
#[test]
fn the_script_is_legal_move_by_move() {
    let turns = tutorial::turns().expect("script");
    assert!(
        (8..=12).contains(&turns.iter().filter(|t| t.topic.is_some()).count()),
        "8 to 12 steps"
    );
    let mut g = Game::new(tutorial::setup("You", "Tutor"), 1).expect("setup");
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(g.turn() as usize, i);
        assert_eq!(g.pending_seat(), Some(t.seat), "turn {i}: seat");
        let Phase::Place { tile } = g.phase() else {
            panic!("turn {i}: no placement pending");
        };
        assert_eq!(tile.to_string(), t.tile, "turn {i}: the tile drawn");
        let legal = g.legal_actions();
        for &r in &t.rotations {
            assert!(
                legal.contains(&place(t.at, r)),
                "turn {i}: {:?} r{r} not legal; legal: {legal:?}",
                t.at
            );
        }
        if t.topic == Some(TutorialTopic::Rotating) {
            let there = legal
                .iter()
                .filter(|a| matches!(a, Action::Place { at, .. } if *at == t.at))
                .count();
            assert!(there >= 2, "turn {i}: the rotating step offers a choice");
        }
        g.apply(t.seat, &place(t.at, t.rotations[0]))
            .expect("placed");
        let legal = g.legal_actions();
        assert!(
            legal.contains(&t.follower),
            "turn {i}: {:?} not legal; legal: {legal:?}",
            t.follower
        );
        g.apply(t.seat, &t.follower).expect("follower");
    }
    assert!(g.is_over(), "the game ends with the script's last tile");
}

fn learner_turn(api: &mut Api, view: GameView, t: &tutorial::TutorialTurn) -> GameView {
    let mut view = api
        .play(PlayRequest {
            game: view.id,
            seat: 0,
            state: view.state,
            action: place(t.at, t.rotations[0]),
        })
        .expect("the script's placement")
        .view;
    view = api
        .play(PlayRequest {
            game: view.id,
            seat: 0,
            state: view.state,
            action: t.follower,
        })
        .expect("the script's follower")
        .view;
    view
}

fn opponent_turn(api: &mut Api, mut view: GameView) -> GameView {
    for _ in 0..2 {
        view = api
            .bot_move(GameRequest { game: view.id })
            .expect("the opponent's scripted move")
            .view;
    }
    view
}

/// The scores the step texts claim: the closed city pays the knight 8 (4 tiles), the
/// opponent's small city 4; at the end the thief's road 6, the monk 7 (the monastery and 6
/// tiles around it), the farmer 3 (one closed city next to the field).
#[test]
fn the_tutorial_plays_to_its_end_and_scores_as_told() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut api = api_at(dir.path());
    let turns = tutorial::turns().expect("script");
    let mut view = api.tutorial_game(request()).expect("tutorial starts");
    assert_eq!(api.tutorial().expect("tutorial").game, Some(view.id));
    assert!(
        api.unfinished_games().expect("games").is_empty(),
        "the tutorial is resumed from its own button, not the list"
    );
    for (i, t) in turns.iter().enumerate() {
        if t.seat == 1 {
            view = opponent_turn(&mut api, view);
        } else {
            // a move off the script is refused and changes nothing
            let wrong = Action::Place {
                at: Pos::new(t.at.x + 9, t.at.y),
                rotation: 0,
            };
            let state = view.state;
            let err = api
                .play(PlayRequest {
                    game: view.id,
                    seat: 0,
                    state,
                    action: wrong,
                })
                .expect_err("refused");
            assert_eq!(err, ApiError::TutorialMove { turn: i as u32 });
            assert_eq!(
                api.game_view(GameRequest { game: view.id })
                    .expect("view")
                    .state,
                state
            );
            view = learner_turn(&mut api, view, t);
        }
        let scores: Vec<u32> = view.seats.iter().map(|s| s.score).collect();
        match t.topic {
            Some(TutorialTopic::Scoring) => assert_eq!(scores, [8, 0], "the city closed"),
            _ if i == 9 => assert_eq!(scores, [8, 4], "the opponent's city"),
            _ => {}
        }
    }
    assert!(view.over);
    let scores: Vec<u32> = view.seats.iter().map(|s| s.score).collect();
    assert_eq!(scores, [8 + 6 + 7 + 3, 4], "the final scores");
    assert_eq!(api.tutorial().expect("tutorial").game, None);
}

/// Left half-way, the tutorial is found again after a restart, at the same turn, and the
/// opponent still plays its script; a new tutorial abandons the old one.
#[test]
fn a_tutorial_left_is_resumed_where_it_stopped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let turns = tutorial::turns().expect("script");
    let id = {
        let mut api = api_at(dir.path());
        let mut view = api.tutorial_game(request()).expect("tutorial starts");
        for t in &turns[..5] {
            view = if t.seat == 0 {
                learner_turn(&mut api, view, t)
            } else {
                opponent_turn(&mut api, view)
            };
        }
        view.id
    };
    let mut api = api_at(dir.path());
    assert_eq!(api.tutorial().expect("tutorial").game, Some(id));
    let view = api.open_game(GameRequest { game: id }).expect("opens");
    assert_eq!(view.turns.len(), 5);
    let view = opponent_turn(&mut api, view);
    assert_eq!(view.tiles.len(), 1 + 6);
    let again = api.tutorial_game(request()).expect("a new tutorial");
    assert_ne!(again.id, id);
    assert_eq!(api.tutorial().expect("tutorial").game, Some(again.id));
    assert!(api.unfinished_games().expect("games").is_empty());
}
