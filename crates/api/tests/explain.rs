//! Hints that give the whole turn with its reasons, and bots whose every turn says why
//! (issue 30 item 5): the reasons' numbers checked against what the engine then scores.

mod common;
use common::api_at;

use carcassonne_ai::{Bot, BotSpec, Budget};
use carcassonne_api::*;
use carcassonne_engine::{Action, Game, PlayerSetup, Pos, Setup};

fn guest(name: &str, colour: &str) -> SeatRequest {
    SeatRequest::Guest {
        name: name.into(),
        colour: colour.into(),
    }
}

fn bot(level: &str, colour: &str) -> SeatRequest {
    SeatRequest::Bot {
        bot: level.into(),
        colour: colour.into(),
    }
}

fn start(api: &mut Api, seats: Vec<SeatRequest>, seed: u64) -> GameView {
    api.new_game(NewGameRequest {
        seats,
        order: SeatOrder::AsListed,
        sets: vec![],
        options: Default::default(),
        seed: Some(seed),
    })
    .expect("game starts")
}

/// The engine's game as the API set it up (the same players, sets and seed).
fn engine_game(view: &GameView, seed: u64) -> Game {
    let setup = Setup {
        players: view
            .seats
            .iter()
            .map(|s| PlayerSetup {
                name: s.name.clone(),
            })
            .collect(),
        sets: vec![],
        options: Default::default(),
        draw_order: Vec::new(),
        draw_order_only: false,
    };
    Game::new(setup, seed).expect("a valid setup")
}

/// The occupied feature of the projection a follower of `seat` deployed at `at` stands on.
fn projected(view: &GameView, seat: u8, at: Pos) -> Option<&FeatureProjectionView> {
    view.projection
        .as_ref()?
        .features
        .iter()
        .find(|f| f.followers.iter().any(|x| x.seat == seat && x.at == at))
}

/// Checks each reason's numbers against the table after the turn (`before`, `after`: the
/// views around it; `seat` played it, placing at `at`).
fn check_numbers(reasons: &[Reason], before: &GameView, after: &GameView, seat: u8, at: Pos) {
    let s = usize::from(seat);
    let turn = after.turns.last().expect("the turn is logged");
    for r in reasons {
        match r {
            Reason::Completes { points, .. } => {
                // R-BASE-6, R-BASE-7, R-BASE-8: what the engine's turn scoring paid the seat.
                assert_eq!(
                    after.seats[s].score - before.seats[s].score,
                    *points,
                    "{r:?}"
                );
                let lines: u32 = turn
                    .scores
                    .iter()
                    .map(|&i| &after.scores[i as usize].entry)
                    .filter(|e| e.winners.contains(&seat))
                    .map(|e| e.points)
                    .sum();
                assert_eq!(lines, *points, "{r:?}: the turn's score lines");
            }
            Reason::Claims { points, tiles, .. } => {
                let f = projected(after, seat, at).expect("the follower stands on its feature");
                let done = f.if_completed.as_ref().expect("a city or road completes");
                assert_eq!(
                    done.points, *points,
                    "{r:?}: the engine's if-completed entry"
                );
                assert!(*tiles >= 1);
            }
            Reason::Cloister { points, .. } | Reason::Farms { points, .. } => {
                let f = projected(after, seat, at).expect("the follower stands on its feature");
                assert_eq!(f.at_end.points, *points, "{r:?}: the engine's final entry");
            }
            Reason::KeepsFollowers { left } => {
                let meeples = after.seats[s]
                    .supply
                    .iter()
                    .find(|x| x.kind == carcassonne_engine::FollowerKind::Meeple)
                    .map_or(0, |x| x.count);
                assert_eq!(*left, meeples, "{r:?}");
            }
            Reason::Quiet { ways } => {
                let listed: u32 = before
                    .pending
                    .as_ref()
                    .map(|p| {
                        p.placements
                            .iter()
                            .map(|pl| pl.rotations.len() as u32)
                            .sum()
                    })
                    .unwrap_or(0);
                assert_eq!(*ways, listed, "{r:?}: the placements the engine listed");
            }
            Reason::TakesOver { rivals, .. } | Reason::Shares { rivals, .. } => {
                assert!(!rivals.is_empty() && !rivals.contains(&seat), "{r:?}");
            }
            Reason::Grows { tiles, .. } => assert!(*tiles >= 2, "{r:?}"),
            Reason::Blocks { rivals, .. } => {
                assert!(!rivals.is_empty() && !rivals.contains(&seat), "{r:?}");
                // The engine's holes: one next to the tile that was not there before.
                let holes = |v: &GameView| -> Vec<Pos> {
                    v.hard_cells
                        .iter()
                        .filter(|c| c.fit == CellFitKind::Dead)
                        .map(|c| c.at)
                        .filter(|p| (p.x - at.x).abs() + (p.y - at.y).abs() == 1)
                        .collect()
                };
                let was = holes(before);
                assert!(
                    holes(after).iter().any(|p| !was.contains(p)),
                    "{r:?}: a new hole next to the tile"
                );
            }
        }
    }
}

#[test]
fn a_hint_is_the_whole_turn_the_hint_bot_plays_and_its_reasons_match_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let seed = 11;
    let mut view = start(
        &mut api,
        vec![guest("Ann", "#0072b2"), guest("Bob", "#d55e00")],
        seed,
    );
    let mut game = engine_game(&view, seed);
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let Some(p) = view.pending.clone() else { break };
        let seat = p.decision.seat;
        let hint = api.hint(GameRequest { game: view.id }).expect("a hint");
        // The whole turn, as the greedy bot (the hinting bot) decides each step of it.
        let mut adviser = BotSpec::Greedy.build(seed ^ u64::from(view.state));
        let place = adviser.choose(&game, Budget::default()).unwrap();
        assert_eq!(hint.actions[0], place, "the hint's placement is the bot's");
        let Action::Place { at, rotation } = place else {
            panic!("a turn starts with a placement")
        };
        assert_eq!(hint.placement, Some(HintPlacement { at, rotation }));
        assert!(
            p.placements
                .iter()
                .any(|pl| pl.at == at && pl.rotations.contains(&rotation)),
            "the placement is listed as legal (R-BASE-4)"
        );
        let mut probe = game.clone();
        probe.apply(seat, &place).unwrap();
        let follow = adviser.choose(&probe, Budget::default()).unwrap();
        assert_eq!(
            hint.actions,
            vec![place, follow],
            "then the bot's follower decision"
        );
        let choice = hint
            .choice
            .clone()
            .expect("the follower decision as offered");
        assert_eq!(choice.action, follow);
        if let Action::Deploy { follower, .. } = follow {
            assert_eq!(choice.at, Some(at));
            assert!(choice.feature_id.is_some() && choice.feature_kind.is_some());
            assert_eq!(choice.label, ChoiceLabel::Deploy { follower });
        }
        assert!(!hint.reasons.is_empty(), "a hint always says why");
        // Play it through the API: every action is legal.
        let before = view.clone();
        for a in &hint.actions {
            view = api
                .play(PlayRequest {
                    game: view.id,
                    seat,
                    state: view.state,
                    action: *a,
                })
                .expect("the hint's move is legal")
                .view;
            game.apply(seat, a).unwrap();
        }
        check_numbers(&hint.reasons, &before, &view, seat, at);
        assert!(
            view.turns.last().unwrap().why.is_empty(),
            "a person's turn is not explained in the log"
        );
        for r in &hint.reasons {
            kinds.insert(
                format!("{r:?}")
                    .split([' ', '{'])
                    .next()
                    .unwrap()
                    .to_string(),
            );
        }
    }
    for k in ["Completes", "Claims"] {
        assert!(kinds.contains(k), "{k} among the reasons seen: {kinds:?}");
    }
}

#[test]
fn every_bot_turn_says_why_and_the_reasons_come_back_after_a_reload() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let mut view = start(
        &mut api,
        vec![
            guest("Ann", "#0072b2"),
            bot("easy", "#d55e00"),
            bot("medium", "#009e73"),
        ],
        5,
    );
    let mut bot_turns = 0;
    // A bot's turn in progress: the view before its placement, its seat and cell.
    let mut started: Option<(GameView, u8, Pos)> = None;
    while view.turns.len() < 30 {
        let Some(p) = view.pending.clone() else { break };
        let seat = p.decision.seat;
        if p.by_bot {
            if let (Some(_), Some(pl)) = (p.tile.as_ref(), p.placements.first()) {
                started = Some((view.clone(), seat, pl.at));
            }
            let r = api
                .bot_move(GameRequest { game: view.id })
                .expect("a bot move");
            view = r.view;
            let turn = view.turns.last().expect("the bot's turn is logged");
            assert_eq!(turn.seat, seat);
            if view.pending.as_ref().map(|q| q.decision.seat) != Some(seat) {
                assert!(
                    !turn.why.is_empty(),
                    "the move ending a bot's turn carries its why"
                );
                bot_turns += 1;
                // The turn is over: its reasons' numbers are the engine's.
                let (before, s, _) = started.take().expect("the turn began with a placement");
                assert_eq!(s, seat);
                check_numbers(&turn.why, &before, &view, seat, turn.at);
            }
        } else {
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
                .unwrap()
                .view;
        }
    }
    assert!(bot_turns >= 15, "{bot_turns} bot turns");
    // Every turn's completions agree with its score lines.
    for turn in &view.turns {
        for r in &turn.why {
            if let Reason::Completes { points, .. } = r {
                let lines: u32 = turn
                    .scores
                    .iter()
                    .map(|&i| &view.scores[i as usize].entry)
                    .filter(|e| e.winners.contains(&turn.seat))
                    .map(|e| e.points)
                    .sum();
                assert_eq!(lines, *points, "turn {}: {r:?}", turn.first_action);
            }
        }
    }
    // Reasons are recomputed from the saved actions: a reload (a fresh API on the same
    // files) gives the same log, reasons and all.
    drop(api);
    let mut api = api_at(dir.path());
    let again = api.open_game(GameRequest { game: view.id }).unwrap();
    assert_eq!(again.turns, view.turns);
    // A purist table's views leave the reasons out, like every other aid.
    let purist = carcassonne_table::without_aids(again);
    assert!(purist.turns.iter().all(|t| t.why.is_empty()));
}
