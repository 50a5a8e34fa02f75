//! The turn log: one entry per placed tile with its followers and score lines, final scoring
//! on its own with the followers that stood on the final board (R-BASE-12).

use carcassonne_engine::{catalogue, Action, CellFit, Expansion, Game, Record, Setup};
use carcassonne_table::{game_view, CellFitKind, SeatInfo, TableMeta, TurnEvent, TurnLog};

/// Plays a whole game (deploying whenever it can, so features score), recording every action.
fn play_out(setup: Setup, seed: u64) -> (Game, TurnLog, Record) {
    let mut game = Game::new(setup.clone(), seed).expect("a valid setup");
    let mut log = TurnLog::default();
    let mut record = Record::new(setup, seed);
    let mut index = 0;
    while let Some(seat) = game.pending_seat() {
        let actions = game.legal_actions();
        let action = *actions
            .iter()
            .find(|a| matches!(a, Action::Deploy { .. }))
            .unwrap_or(&actions[0]);
        record.push(&game, seat, action);
        let events = game.apply(seat, &action).expect("a legal action");
        log.record(&game, index, &events);
        index += 1;
    }
    (game, log, record)
}

fn seats(n: usize) -> Vec<SeatInfo> {
    (0..n)
        .map(|i| SeatInfo {
            name: format!("P{i}"),
            colour: "#000000".into(),
            bot: None,
            profile: None,
        })
        .collect()
}

fn every_set(players: usize) -> Setup {
    let mut setup = Setup::base(players);
    setup.sets = Expansion::ALL
        .into_iter()
        .filter(|e| !matches!(e, Expansion::River1 | Expansion::River2 | Expansion::Siege))
        .collect();
    setup
        .validate()
        .expect("every set but the rivers and Siege (Cathars stands for it) is a valid setup");
    setup
}

#[test]
fn r_base_12_every_tile_has_one_turn_and_every_score_line_one_place() {
    for (setup, seed) in [(Setup::base(2), 11), (every_set(4), 12), (every_set(6), 13)] {
        // The start tile (or the city's boards, R-CKR-1) is on the board before any turn.
        let at_start = Game::new(setup.clone(), seed)
            .expect("a game")
            .board()
            .tiles
            .len();
        let (game, log, _) = play_out(setup, seed);
        assert!(game.is_over());
        let board = game.board().tiles.len();
        assert_eq!(
            log.turns().len(),
            board - at_start,
            "one turn per placed tile"
        );
        let mut lines: Vec<u32> = log.turns().iter().flat_map(|t| t.scores.clone()).collect();
        lines.extend(&log.final_scoring().expect("final scoring").scores);
        lines.sort_unstable();
        let all: Vec<u32> = (0..game.score_log().len() as u32).collect();
        assert_eq!(
            lines, all,
            "each score line belongs to exactly one turn or the end"
        );
        // First actions increase: each turn starts after the previous one.
        assert!(log
            .turns()
            .windows(2)
            .all(|w| w[0].first_action < w[1].first_action));
    }
}

#[test]
fn r_base_12_the_final_board_shows_the_followers_final_scoring_sent_home() {
    let (game, log, _) = play_out(every_set(3), 21);
    assert!(
        game.followers().is_empty(),
        "final scoring empties the board"
    );
    let standing = &log.final_scoring().expect("final scoring").followers;
    assert!(
        !standing.is_empty(),
        "a deploying game ends with followers out"
    );
    let s = seats(3);
    let view = game_view(
        &game,
        &TableMeta {
            id: 1,
            state: 0,
            seats: &s,
            last_placed: None,
            last_placed_by: None,
            turns: &log,
        },
    );
    assert!(view.over);
    assert_eq!(view.followers.len(), standing.len());
    for (f, b) in view.followers.iter().zip(standing) {
        assert_eq!(
            (f.seat, f.kind, f.at, f.feature),
            (b.seat, b.kind, b.at, b.feature)
        );
        assert!(!f.feature_id.is_empty(), "the art needs the feature");
    }
    assert_eq!(view.turns.len(), log.turns().len());
}

#[test]
fn r_base_3_deployed_followers_are_in_their_turn() {
    let (_, log, _) = play_out(Setup::base(2), 5);
    let deployed = log
        .turns()
        .iter()
        .flat_map(|t| t.events.iter().map(move |e| (t.seat, e)))
        .filter(|(_, e)| matches!(e, TurnEvent::Deployed { .. }))
        .collect::<Vec<_>>();
    assert!(!deployed.is_empty());
    for (turn_seat, e) in deployed {
        let TurnEvent::Deployed {
            seat, feature_kind, ..
        } = e
        else {
            unreachable!()
        };
        assert_eq!(*seat, turn_seat, "a follower is deployed in its own turn");
        assert!(feature_kind.is_some());
    }
}

#[test]
fn a_log_rebuilt_from_the_record_is_the_log_built_while_playing() {
    let (_, log, record) = play_out(every_set(4), 31);
    assert_eq!(
        TurnLog::from_record(&record).expect("the record replays"),
        log
    );
}

#[test]
fn the_last_turn_of_a_person_is_where_an_undo_goes_back_to() {
    let (_, log, _) = play_out(Setup::base(2), 41);
    let last = log.turns().last().expect("turns");
    assert_eq!(log.last_turn_of(|_| true), Some(last.first_action));
    let of_seat_0 = log
        .turns()
        .iter()
        .rev()
        .find(|t| t.seat == 0)
        .expect("seat 0 played");
    assert_eq!(log.last_turn_of(|s| s == 0), Some(of_seat_0.first_action));
    assert_eq!(log.last_turn_of(|_| false), None);
}

#[test]
fn r_base_4_the_bag_by_tile_type_adds_up_to_the_tiles_left_at_every_turn() {
    let setup = every_set(3);
    let mut game = Game::new(setup, 8).expect("a game");
    let s = seats(3);
    let log = TurnLog::default();
    let mut checked = 0;
    while let Some(seat) = game.pending_seat() {
        let view = game_view(
            &game,
            &TableMeta {
                id: 1,
                state: 0,
                seats: &s,
                last_placed: None,
                last_placed_by: None,
                turns: &log,
            },
        );
        let total: u32 = view.tiles_left_by_type.iter().map(|t| t.count).sum();
        assert_eq!(total, view.tiles_left);
        assert!(view.tiles_left_by_type.iter().all(|t| t.count > 0));
        let mut ids: Vec<&str> = view
            .tiles_left_by_type
            .iter()
            .map(|t| t.tile.as_str())
            .collect();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "each type once");
        checked += 1;
        let action = game.legal_actions()[0];
        game.apply(seat, &action).expect("legal");
    }
    assert!(checked > 50);
}

#[test]
fn r_base_4_and_r_base_12_the_view_carries_the_engines_hard_cells_and_projection() {
    let setup = every_set(3);
    let mut game = Game::new(setup, 9).expect("a game");
    let s = seats(3);
    let log = TurnLog::default();
    let (mut dead, mut single, mut projected) = (0, 0, 0);
    while let Some(seat) = game.pending_seat() {
        let view = game_view(
            &game,
            &TableMeta {
                id: 1,
                state: 0,
                seats: &s,
                last_placed: None,
                last_placed_by: None,
                turns: &log,
            },
        );
        let cells = game.hard_cells();
        assert_eq!(view.hard_cells.len(), cells.len());
        for (v, c) in view.hard_cells.iter().zip(&cells) {
            assert_eq!(v.at, c.pos);
            match c.fit {
                CellFit::Dead => {
                    assert_eq!((v.fit, v.tile.as_deref()), (CellFitKind::Dead, None));
                    dead += 1;
                }
                CellFit::Single(t) => {
                    let id = catalogue().tile(t).id.as_str();
                    assert_eq!((v.fit, v.tile.as_deref()), (CellFitKind::Single, Some(id)));
                    single += 1;
                }
            }
        }
        let p = view.projection.expect("a game not over has a projection");
        assert_eq!(p.scores, game.ended_now().scores());
        // Between turns every follower on the board is on exactly one projected feature (in
        // the middle of a turn, those on features the turn completes are scored first).
        let between = view.pending.as_ref().is_some_and(|p| p.tile.is_some());
        for f in view.followers.iter().filter(|_| between) {
            let on = p
                .features
                .iter()
                .filter(|x| x.followers.contains(f))
                .count();
            assert_eq!(on, 1, "{f:?}");
            projected += 1;
        }
        let actions = game.legal_actions();
        let action = *actions
            .iter()
            .find(|a| matches!(a, Action::Deploy { .. }))
            .unwrap_or(&actions[0]);
        game.apply(seat, &action).expect("legal");
    }
    let over = game_view(
        &game,
        &TableMeta {
            id: 1,
            state: 0,
            seats: &s,
            last_placed: None,
            last_placed_by: None,
            turns: &log,
        },
    );
    assert!(over.hard_cells.is_empty() && over.projection.is_none());
    assert!(
        dead > 0 && single > 0 && projected > 100,
        "{dead} {single} {projected}"
    );
}

#[test]
fn a_log_rebuilt_from_a_record_explains_the_seats_asked_and_only_them() {
    // As a LAN table rebuilds its log after an undo or a restart: its bots' turns explained,
    // with the reasons the turns got as they were played.
    let (_, _, record) = play_out(every_set(3), 21);
    let rebuilt = TurnLog::from_record_explaining(&record, |seat| seat == 1).expect("replays");
    let mut game = Game::new(record.setup.clone(), record.seed).expect("a game");
    let mut live = TurnLog::default();
    for (index, a) in record.actions.iter().enumerate() {
        let before = (a.seat == 1).then(|| game.clone());
        let events = game.apply(a.seat, &a.action).expect("legal");
        live.record_turn(before.as_ref(), &game, index as u32, &events);
    }
    assert_eq!(rebuilt.turns(), live.turns());
    let seat = |s: u8| rebuilt.turns().iter().filter(move |t| t.seat == s);
    assert!(seat(1).count() > 10);
    assert!(
        seat(1).all(|t| !t.why.is_empty()),
        "every turn of seat 1 has its reasons"
    );
    assert!(
        seat(0).chain(seat(2)).all(|t| t.why.is_empty()),
        "the other seats' turns none"
    );
    let plain = TurnLog::from_record(&record).expect("replays");
    assert!(plain.turns().iter().all(|t| t.why.is_empty()));
}
