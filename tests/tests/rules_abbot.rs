//! Rule tests for The Abbot (R-ABBOT-1 … R-ABBOT-4), on the hand-computed golden games
//! `tests/golden/x*_abbot_*.json` / `x07_garden_without_abbot.json` and on small games built
//! in code. The French rule page (`shared/seeds/003_af18345421393fce.txt`) is the authority.

use carcassonne_engine::score::ScoreEntry;
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    Action, DecisionKind, Event, Expansion, FeatureRef, FollowerKind, Game, Phase, PlayError, Pos,
    ScoreTime, Setup,
};
use carcassonne_tests::{
    deploy, entries, feature, golden, load, meeple, place, refused, scored, steps, tiles_of,
};

fn abbot(name: &str) -> Action {
    deploy(name, FollowerKind::Abbot)
}

/// A two-player game whose bag holds exactly `tiles`, in this order, with or without the
/// Abbot toggle.
fn scenario(tiles: &[&str], with_abbot: bool) -> Game {
    let mut setup = Setup::base(2);
    if with_abbot {
        setup.sets = vec![Expansion::Base, Expansion::Abbot];
    }
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    Game::new(setup, 3).expect("a valid scenario setup")
}

/// Places the drawn tile for `seat`, then takes `then` (deploy, pass or recall); returns the
/// events of the second action.
fn turn(game: &mut Game, seat: u8, at: (i32, i32, u8), then: &Action) -> Vec<Event> {
    game.apply(seat, &place(at.0, at.1, at.2))
        .unwrap_or_else(|e| panic!("placement {at:?} by seat {seat} refused: {e}"));
    game.apply(seat, then)
        .unwrap_or_else(|e| panic!("{then:?} by seat {seat} refused: {e}"))
}

fn abbot_of(game: &Game, seat: u8) -> Option<(Pos, FeatureRef)> {
    game.followers()
        .iter()
        .find(|f| f.owner == seat && f.kind == FollowerKind::Abbot)
        .map(|f| (f.at, f.feature))
}

// ---------------------------------------------------------------------------------------
// R-ABBOT-1: each player has 1 abbot, deployed only on a monastery, shrine or garden of the
// tile just placed, instead of a normal follower (one figure per turn).

#[test]
fn r_abbot_1_each_player_has_one_abbot_besides_seven_meeples() {
    let game = scenario(&["base/monastery"], true);
    for seat in 0..2 {
        assert_eq!(game.supply(seat, FollowerKind::Abbot), 1);
        assert_eq!(game.supply(seat, FollowerKind::Meeple), 7);
        assert_eq!(game.supply(seat, FollowerKind::BigMeeple), 0);
    }
    let plain = scenario(&["base/monastery"], false);
    for seat in 0..2 {
        assert_eq!(
            plain.supply(seat, FollowerKind::Abbot),
            0,
            "no abbot without the toggle"
        );
        assert_eq!(plain.supply(seat, FollowerKind::Meeple), 7);
    }
}

#[test]
fn r_abbot_1_abbot_refused_on_road_city_and_field() {
    let mut game = scenario(&["base/city1_road_straight"], true);
    // City cap turned south closes the start city; a road W-E and a field north.
    game.apply(0, &place(0, -1, 2)).expect("fits");
    for name in ["S", "E", "W", "N1"] {
        let refusal = PlayError::NotOccupiable {
            feature: feature(name),
            follower: FollowerKind::Abbot,
        };
        assert_eq!(refusal.rule(), "R-ABBOT-1", "the abbot's own rule");
        refused(&mut game, 0, &abbot(name), refusal);
    }
    // The tile has no monastery at all.
    refused(
        &mut game,
        0,
        &abbot("monastery"),
        PlayError::NoSuchFeature {
            feature: FeatureRef::Monastery,
        },
    );
    let legal = game.legal_actions();
    assert!(
        !legal.iter().any(|a| matches!(
            a,
            Action::Deploy {
                follower: FollowerKind::Abbot,
                ..
            }
        )),
        "no abbot deploy on a road, city or field: {legal:?}"
    );
    // A meeple may still go on the city (and scores it at once: 2 tiles = 4).
    game.apply(0, &meeple("S")).expect("a knight on the city");
    assert_eq!(game.scores(), &[4, 0]);
    assert_eq!(
        game.supply(0, FollowerKind::Abbot),
        1,
        "the abbot never left"
    );
}

#[test]
fn r_abbot_1_abbot_on_a_monastery_is_listed_and_deployed() {
    let mut game = scenario(&["base/monastery", "base/road_straight"], true);
    game.apply(0, &place(0, 1, 0))
        .expect("fits south of the start");
    let legal = game.legal_actions();
    assert!(legal.contains(&abbot("monastery")), "{legal:?}");
    assert!(legal.contains(&meeple("monastery")), "{legal:?}");
    let abbot_deploys: Vec<&Action> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Deploy {
                    follower: FollowerKind::Abbot,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(
        abbot_deploys,
        vec![&abbot("monastery")],
        "only the monastery"
    );
    assert!(
        !legal.contains(&Action::RecallAbbot),
        "no abbot on the board yet"
    );
    let events = game
        .apply(0, &abbot("monastery"))
        .expect("abbot on the monastery");
    assert!(events.contains(&Event::FollowerDeployed {
        seat: 0,
        at: Pos::new(0, 1),
        feature: FeatureRef::Monastery,
        follower: FollowerKind::Abbot,
    }));
    assert_eq!(game.supply(0, FollowerKind::Abbot), 0);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7, "no meeple used");
    assert_eq!(
        abbot_of(&game, 0),
        Some((Pos::new(0, 1), FeatureRef::Monastery))
    );
}

#[test]
fn r_abbot_1_abbot_not_in_a_game_without_the_toggle() {
    let mut game = scenario(&["base/monastery", "base/road_straight_garden"], false);
    game.apply(0, &place(0, 1, 0)).expect("fits");
    refused(
        &mut game,
        0,
        &abbot("monastery"),
        PlayError::FollowerNotInGame {
            follower: FollowerKind::Abbot,
        },
    );
    refused(
        &mut game,
        0,
        &Action::RecallAbbot,
        PlayError::NoAbbotToRecall,
    );
    let legal = game.legal_actions();
    assert!(
        legal.iter().all(|a| !matches!(
            a,
            Action::RecallAbbot
                | Action::Deploy {
                    follower: FollowerKind::Abbot,
                    ..
                }
        )),
        "{legal:?}"
    );
    game.apply(0, &meeple("monastery")).expect("a monk is fine");
}

#[test]
fn r_abbot_1_only_one_abbot_per_player() {
    let mut game = scenario(
        &[
            "base/monastery",
            "base/road_straight",
            "base/monastery",
            "base/road_straight",
        ],
        true,
    );
    turn(&mut game, 0, (0, 1, 0), &abbot("monastery"));
    turn(&mut game, 1, (1, 0, 0), &Action::Pass);
    game.apply(0, &place(-1, 1, 0))
        .expect("fits west of the first monastery");
    refused(
        &mut game,
        0,
        &abbot("monastery"),
        PlayError::NoFollowerLeft {
            follower: FollowerKind::Abbot,
        },
    );
    let legal = game.legal_actions();
    assert!(!legal.contains(&abbot("monastery")), "{legal:?}");
    assert!(legal.contains(&meeple("monastery")), "{legal:?}");
    assert!(legal.contains(&Action::RecallAbbot), "{legal:?}");
    // A normal monk on the second monastery while the abbot stays on the first.
    game.apply(0, &meeple("monastery")).expect("a monk");
    let mine: Vec<(FollowerKind, Pos)> = game
        .followers()
        .iter()
        .filter(|f| f.owner == 0)
        .map(|f| (f.kind, f.at))
        .collect();
    assert_eq!(
        mine,
        vec![
            (FollowerKind::Abbot, Pos::new(0, 1)),
            (FollowerKind::Meeple, Pos::new(-1, 1))
        ]
    );
}

#[test]
fn r_abbot_1_one_figure_per_turn_deploy_then_no_recall() {
    // x06: with her abbot on the garden at [0,-1], Ada deploys a meeple on the road of the
    // garden tile at [1,0]; then her turn is over: no recall on top of it.
    let s = steps("x06_abbot_stays_meeple_on_road.json");
    let (before_deploy, _) = &s[4];
    assert!(before_deploy.legal_actions().contains(&Action::RecallAbbot));
    let (game, _) = &s[5];
    assert_eq!(game.active_seat(), 1);
    assert!(matches!(game.phase(), Phase::Place { .. }));
    let mut g = game.clone();
    refused(
        &mut g,
        0,
        &Action::RecallAbbot,
        PlayError::NotYourTurn {
            seat: 0,
            expected: 1,
        },
    );
    assert_eq!(
        abbot_of(game, 0),
        Some((Pos::new(0, -1), FeatureRef::Garden)),
        "the abbot stays on the first garden"
    );
    assert!(game.followers().iter().any(|f| f.owner == 0
        && f.kind == FollowerKind::Meeple
        && f.at == Pos::new(1, 0)
        && f.feature == feature("E")));
    assert_eq!(game.supply(0, FollowerKind::Meeple), 6);
    assert_eq!(game.supply(0, FollowerKind::Abbot), 0);
    let end = golden("x06_abbot_stays_meeple_on_road.json");
    assert_eq!(end.scores(), &[12, 1]);
}

#[test]
fn r_abbot_1_abbot_on_a_garden_instead_of_a_knight() {
    // x06 turn 1: the garden city cap closes the start city; Ada's one figure is the abbot,
    // so the completed city scores for nobody.
    let s = steps("x06_abbot_stays_meeple_on_road.json");
    let (game, events) = &s[1];
    let e = scored(events);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].kind, FeatureKind::City);
    assert_eq!(e[0].when, ScoreTime::Turn);
    assert!(e[0].winners.is_empty());
    assert_eq!(game.scores(), &[0, 0]);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7);
    assert_eq!(game.supply(0, FollowerKind::Abbot), 0);
}

// ---------------------------------------------------------------------------------------
// R-ABBOT-2: a garden is scored like a monastery; only the abbot may occupy it.

#[test]
fn r_abbot_2_meeple_refused_on_a_garden() {
    let mut game = scenario(&["base/road_straight_garden", "base/road_straight"], true);
    game.apply(0, &place(1, 0, 0))
        .expect("fits east of the start");
    let refusal = PlayError::NotOccupiable {
        feature: FeatureRef::Garden,
        follower: FollowerKind::Meeple,
    };
    // The refusal cites the garden's rule, not the general deploy rule (R-BASE-5).
    assert_eq!(refusal.rule(), "R-ABBOT-2");
    assert!(refusal.to_string().ends_with("(R-ABBOT-2)"), "{refusal}");
    refused(&mut game, 0, &meeple("garden"), refusal);
    let big = PlayError::NotOccupiable {
        feature: FeatureRef::Garden,
        follower: FollowerKind::BigMeeple,
    };
    assert_eq!(big.rule(), "R-ABBOT-2");
    let legal = game.legal_actions();
    let on_garden: Vec<&Action> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Deploy {
                    feature: FeatureRef::Garden,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(
        on_garden,
        vec![&abbot("garden")],
        "only the abbot: {legal:?}"
    );
    assert!(legal.contains(&meeple("E")), "the road takes a meeple");
    game.apply(0, &abbot("garden"))
        .expect("the abbot on the garden");
    assert_eq!(
        abbot_of(&game, 0),
        Some((Pos::new(1, 0), FeatureRef::Garden))
    );
}

#[test]
fn r_abbot_2_garden_completed_scores_nine() {
    let game = golden("x03_abbot_garden_completed.json");
    let e = entries(&game, "R-ABBOT-2");
    assert_eq!(e.len(), 1, "{:?}", game.score_log());
    assert_eq!(e[0].kind, FeatureKind::Garden);
    assert_eq!(e[0].when, ScoreTime::Turn);
    assert_eq!(tiles_of(e[0]), vec![Pos::new(0, 1)]);
    assert_eq!(e[0].count, 8);
    assert_eq!(e[0].points, 9);
    assert_eq!(*e[0].winners, [0]);
    assert_eq!(game.scores(), &[15, 4]);
}

#[test]
fn r_abbot_2_garden_scores_when_the_eighth_neighbour_is_placed() {
    let s = steps("x03_abbot_garden_completed.json");
    // Before Ben's last tile (action 14), the garden has 7 neighbours and the abbot stays.
    let (game, _) = &s[13];
    assert_eq!(game.board().neighbours_placed(Pos::new(0, 1)), 7);
    assert!(game
        .score_log()
        .iter()
        .all(|e| e.kind != FeatureKind::Garden));
    assert_eq!(
        abbot_of(game, 0),
        Some((Pos::new(0, 1), FeatureRef::Garden))
    );
    // Ben's tile at [1,2] and his pass: the garden scores 9 for Ada in Ben's turn.
    let (game, events) = &s[15];
    let gardens: Vec<&ScoreEntry> = scored(events)
        .into_iter()
        .filter(|e| e.kind == FeatureKind::Garden)
        .collect();
    assert_eq!(gardens.len(), 1);
    assert_eq!(gardens[0].rule, "R-ABBOT-2");
    assert_eq!(gardens[0].points, 9);
    assert_eq!(*gardens[0].winners, [0]);
    assert_eq!(abbot_of(game, 0), None, "the abbot returns");
    assert_eq!(game.supply(0, FollowerKind::Abbot), 1);
}

#[test]
fn r_abbot_2_garden_incomplete_at_the_end_scores_one_plus_neighbours() {
    let game = golden("x04_abbot_garden_incomplete.json");
    let gardens: Vec<(Pos, u16, u32, Vec<u8>)> = entries(&game, "R-ABBOT-2")
        .into_iter()
        .map(|e| {
            assert_eq!(e.kind, FeatureKind::Garden);
            assert_eq!(e.when, ScoreTime::Final);
            (e.tiles[0], e.count, e.points, e.winners.to_vec())
        })
        .collect();
    assert_eq!(
        gardens,
        vec![
            (Pos::new(1, 0), 3, 4, vec![0]),
            (Pos::new(-1, 0), 2, 3, vec![1]),
        ]
    );
    assert_eq!(game.scores(), &[8, 3]);
    for seat in 0..2 {
        assert_eq!(game.supply(seat, FollowerKind::Abbot), 1);
    }
}

#[test]
fn r_abbot_2_gardens_are_scenery_without_the_toggle() {
    let game = golden("x07_garden_without_abbot.json");
    assert_eq!(game.board().neighbours_placed(Pos::new(0, 1)), 8);
    assert!(
        game.score_log()
            .iter()
            .all(|e| e.kind != FeatureKind::Garden),
        "a surrounded garden scores nothing without the Abbot: {:?}",
        game.score_log()
    );
    // The garden tile's city did score for Ada's knight.
    let city = entries(&game, "R-BASE-7");
    assert_eq!(city.len(), 1);
    assert_eq!(*city[0].winners, [0]);
    assert!(city[0].tiles.contains(&Pos::new(0, 1)));
    assert_eq!(game.scores(), &[10, 3]);

    // On the garden tile, nobody can take the garden; its city, road, fields stay open.
    let mut g = scenario(&["base/road_straight_garden"], false);
    g.apply(0, &place(1, 0, 0)).expect("fits");
    refused(
        &mut g,
        0,
        &meeple("garden"),
        PlayError::NotOccupiable {
            feature: FeatureRef::Garden,
            follower: FollowerKind::Meeple,
        },
    );
    refused(
        &mut g,
        0,
        &abbot("garden"),
        PlayError::FollowerNotInGame {
            follower: FollowerKind::Abbot,
        },
    );
    let legal = g.legal_actions();
    assert!(legal.contains(&meeple("E")) && legal.contains(&meeple("N1")));
    assert!(
        legal.iter().all(|a| !matches!(
            a,
            Action::Deploy {
                feature: FeatureRef::Garden,
                ..
            }
        )),
        "{legal:?}"
    );
}

#[test]
fn r_abbot_2_completed_garden_without_abbot_scores_for_nobody() {
    // With the toggle, a garden surrounded with nobody on it is completed (9) for nobody.
    let mut game = scenario(
        &[
            "base/city1_garden",
            "base/city1",
            "base/road_straight",
            "base/road_straight",
            "base/monastery",
            "base/city1",
            "base/city1",
            "base/city1",
        ],
        true,
    );
    let moves = [
        (0, 1, 1),
        (1, 1, 3),
        (1, 0, 0),
        (-1, 0, 0),
        (-1, 1, 0),
        (-1, 2, 2),
        (0, 2, 2),
    ];
    for (i, at) in moves.into_iter().enumerate() {
        turn(&mut game, (i % 2) as u8, at, &Action::Pass);
    }
    let events = turn(&mut game, 1, (1, 2, 2), &Action::Pass);
    let gardens: Vec<&ScoreEntry> = scored(&events)
        .into_iter()
        .filter(|e| e.kind == FeatureKind::Garden)
        .collect();
    assert_eq!(gardens.len(), 1, "{events:?}");
    assert_eq!(gardens[0].rule, "R-ABBOT-2");
    assert_eq!(gardens[0].when, ScoreTime::Turn);
    assert_eq!((gardens[0].count, gardens[0].points), (8, 9));
    assert!(gardens[0].winners.is_empty());
    assert_eq!(game.scores(), &[0, 0]);
}

// ---------------------------------------------------------------------------------------
// R-ABBOT-3: in phase 2, instead of deploying, a player may take back the abbot: its feature
// scores at once as at the end (1 + neighbours), then the normal scoring of the turn.

#[test]
fn r_abbot_3_recall_scores_at_once() {
    let s = steps("x01_abbot_recall_from_garden.json");
    let (before, _) = &s[8];
    assert_eq!(before.scores(), &[0, 4]);
    assert!(before.legal_actions().contains(&Action::RecallAbbot));
    let (game, events) = &s[9];
    assert_eq!(
        events[0],
        Event::AbbotRecalled {
            seat: 0,
            at: Pos::new(1, 0)
        }
    );
    let e = scored(events);
    assert_eq!(e.len(), 1, "{events:?}");
    assert_eq!(e[0].rule, "R-ABBOT-3");
    assert_eq!(e[0].kind, FeatureKind::Garden);
    assert_eq!(e[0].when, ScoreTime::Recall);
    assert_eq!(tiles_of(e[0]), vec![Pos::new(1, 0)]);
    assert_eq!(e[0].count, 5);
    assert_eq!(
        e[0].points, 6,
        "1 + 5 neighbours, the French rule's example"
    );
    assert_eq!(*e[0].winners, [0]);
    assert_eq!(game.scores(), &[6, 4], "scored at once, not at the end");
    assert_eq!(game.supply(0, FollowerKind::Abbot), 1);
    assert_eq!(abbot_of(game, 0), None);
}

#[test]
fn r_abbot_3_recalled_abbot_is_redeployed_later() {
    let s = steps("x01_abbot_recall_from_garden.json");
    let (game, _) = &s[13];
    assert_eq!(
        abbot_of(game, 0),
        Some((Pos::new(2, -1), FeatureRef::Garden))
    );
    assert_eq!(game.supply(0, FollowerKind::Abbot), 0);
    let end = golden("x01_abbot_recall_from_garden.json");
    let finals: Vec<&ScoreEntry> = end
        .score_log()
        .iter()
        .filter(|e| e.kind == FeatureKind::Garden && e.when == ScoreTime::Final)
        .collect();
    assert_eq!(finals.len(), 1);
    assert_eq!(tiles_of(finals[0]), vec![Pos::new(2, -1)]);
    assert_eq!((finals[0].count, finals[0].points), (5, 6));
    assert_eq!(end.scores(), &[12, 4]);
}

#[test]
fn r_abbot_3_recall_from_a_monastery_then_the_turns_scoring() {
    let s = steps("x02_abbot_recall_from_monastery.json");
    let (game, events) = &s[9];
    let e = scored(events);
    assert_eq!(e.len(), 2, "{events:?}");
    // First the recall (phase 2), then the road completed by the tile (phase 3).
    assert_eq!(e[0].rule, "R-ABBOT-3");
    assert_eq!(e[0].kind, FeatureKind::Monastery);
    assert_eq!(e[0].when, ScoreTime::Recall);
    assert_eq!((e[0].count, e[0].points), (4, 5));
    assert_eq!(*e[0].winners, [0]);
    assert_eq!(e[1].rule, "R-BASE-6");
    assert_eq!(e[1].kind, FeatureKind::Road);
    assert_eq!(e[1].points, 3);
    assert_eq!(*e[1].winners, [0]);
    assert_eq!(game.scores(), &[8, 0]);
    assert_eq!(game.supply(0, FollowerKind::Abbot), 1);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7);
    // The emptied monastery is completed later and scores for nobody.
    let (_, events) = &s[17];
    let m: Vec<&ScoreEntry> = scored(events)
        .into_iter()
        .filter(|e| e.kind == FeatureKind::Monastery)
        .collect();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].rule, "R-BASE-8");
    assert!(m[0].winners.is_empty());
    assert_eq!(
        golden("x02_abbot_recall_from_monastery.json").scores(),
        &[8, 4]
    );
}

#[test]
fn r_abbot_3_recall_refused_without_an_abbot_on_the_board() {
    let mut game = scenario(&["base/monastery", "base/road_straight"], true);
    game.apply(0, &place(0, 1, 0)).expect("fits");
    assert!(!game.legal_actions().contains(&Action::RecallAbbot));
    refused(
        &mut game,
        0,
        &Action::RecallAbbot,
        PlayError::NoAbbotToRecall,
    );
    game.apply(0, &abbot("monastery")).expect("abbot out");
    // Ben has no abbot on the board: no recall for him even though Ada's abbot is out.
    game.apply(1, &place(1, 0, 0)).expect("fits");
    assert!(!game.legal_actions().contains(&Action::RecallAbbot));
    refused(
        &mut game,
        1,
        &Action::RecallAbbot,
        PlayError::NoAbbotToRecall,
    );
    assert_eq!(
        abbot_of(&game, 0),
        Some((Pos::new(0, 1), FeatureRef::Monastery))
    );
}

#[test]
fn r_abbot_3_recall_listed_only_when_the_seat_has_an_abbot_out() {
    // x08: Ada's abbot is out from action 1, Ben's from action 3 to his recall (action 11)
    // and again from action 15 on.
    let record = load("x08_abbot_mixed_two_players.json");
    let s = steps("x08_abbot_mixed_two_players.json");
    let mut game = Game::new(record.setup.clone(), record.seed).expect("valid");
    for (i, ra) in record.actions.iter().enumerate() {
        if let Some(DecisionKind::Deploy { .. }) = game.pending().map(|d| d.kind) {
            let seat = game.active_seat();
            let out = abbot_of(&game, seat).is_some();
            assert_eq!(
                game.legal_actions().contains(&Action::RecallAbbot),
                out,
                "action #{i}, seat {seat}"
            );
        }
        game.apply(ra.seat, &ra.action).expect("golden action");
        assert_eq!(game, s[i].0);
    }
}

#[test]
fn r_abbot_3_recall_then_deploy_in_the_same_turn_is_impossible() {
    let s = steps("x01_abbot_recall_from_garden.json");
    let (game, _) = &s[9];
    assert_eq!(game.active_seat(), 1, "the recall ends Ada's turn");
    assert!(matches!(game.phase(), Phase::Place { .. }));
    let mut g = game.clone();
    refused(
        &mut g,
        0,
        &meeple("N"),
        PlayError::NotYourTurn {
            seat: 0,
            expected: 1,
        },
    );
    refused(
        &mut g,
        0,
        &abbot("garden"),
        PlayError::NotYourTurn {
            seat: 0,
            expected: 1,
        },
    );
    assert_eq!(g.supply(0, FollowerKind::Meeple), 7);
}

#[test]
fn r_abbot_3_recall_only_in_the_deploy_step() {
    let s = steps("x01_abbot_recall_from_garden.json");
    let (game, _) = &s[7];
    let mut g = game.clone();
    assert!(matches!(g.phase(), Phase::Place { .. }));
    refused(
        &mut g,
        0,
        &Action::RecallAbbot,
        PlayError::WrongAction {
            expected: "place".into(),
        },
    );
}

#[test]
fn r_abbot_3_recall_allowed_with_no_meeple_left() {
    // Ada puts her abbot and all 7 meeples out, none of them scored; Ben plays far to the
    // north. With an empty supply, Ada may still take the abbot back (French rule, note 10).
    let tiles = [
        "base/monastery",
        "base/city1x2_ns",
        "base/monastery",
        "base/city1x2_ns",
        "base/monastery",
        "base/city1",
        "base/monastery",
        "base/road_straight",
        "base/monastery_road",
        "base/road_straight",
        "base/monastery_road",
        "base/road_straight",
        "base/road_straight",
        "base/road_straight",
        "base/city1",
        "base/road_straight",
        "base/road_straight",
        // One tile left for Ben, so that the recall is not followed by the final scoring.
        "base/road_curve",
    ];
    let mut game = scenario(&tiles, true);
    let ada: [((i32, i32, u8), Action); 8] = [
        ((0, 1, 0), abbot("monastery")),
        ((1, 1, 0), meeple("monastery")),
        ((2, 1, 0), meeple("monastery")),
        ((3, 1, 0), meeple("monastery")),
        ((-1, 1, 0), meeple("monastery")),
        ((4, 1, 0), meeple("monastery")),
        ((1, 0, 0), meeple("E")),
        ((0, 2, 2), meeple("S")),
    ];
    let ben = [
        (0, -1, 0),
        (0, -2, 0),
        (0, -3, 2),
        (0, -4, 0),
        (1, -4, 0),
        (2, -4, 0),
        (3, -4, 0),
        (4, -4, 0),
    ];
    for (a, b) in ada.iter().zip(ben) {
        turn(&mut game, 0, a.0, &a.1);
        turn(&mut game, 1, b, &Action::Pass);
    }
    assert!(game.score_log().iter().all(|e| *e.winners != [0]));
    assert_eq!(game.supply(0, FollowerKind::Meeple), 0);
    assert_eq!(game.supply(0, FollowerKind::Abbot), 0);
    game.apply(0, &place(2, 0, 0))
        .expect("the road goes on east");
    let mut legal = game.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, vec![Action::Pass, Action::RecallAbbot]);
    let events = game.apply(0, &Action::RecallAbbot).expect("recall");
    let e = scored(&events);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].rule, "R-ABBOT-3");
    // [0,1]: [0,0], [1,0], [-1,1], [1,1], [0,2] placed; [-1,0], [-1,2], [1,2] empty.
    assert_eq!((e[0].count, e[0].points), (5, 6));
    assert_eq!(game.scores(), &[6, 0]);
    assert_eq!(game.supply(0, FollowerKind::Abbot), 1);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 0);
}

#[test]
fn r_abbot_3_recall_from_a_garden_the_same_tile_completes() {
    // French rule, note 14: nothing forbids taking the abbot back from an area the tile
    // just completed. The recall scores 1 + 8 = 9 at once; the completed garden then scores
    // for nobody (the abbot has left).
    let tiles = [
        "base/city1_garden",
        "base/city1",
        "base/road_straight",
        "base/road_straight",
        "base/monastery",
        "base/city1",
        "base/city1",
        "base/city1",
    ];
    let other_tiles = [
        "base/city1_garden",
        "base/city1",
        "base/road_straight",
        "base/road_straight",
        "base/monastery",
        "base/city1",
        "base/city1",
        "base/road_straight",
        "base/city1",
        "base/road_curve",
    ];
    let mut game = scenario(&tiles, true);
    turn(&mut game, 0, (0, 1, 1), &abbot("garden"));
    turn(&mut game, 1, (1, 1, 3), &Action::Pass);
    turn(&mut game, 0, (1, 0, 0), &Action::Pass);
    turn(&mut game, 1, (-1, 0, 0), &Action::Pass);
    turn(&mut game, 0, (-1, 1, 0), &Action::Pass);
    turn(&mut game, 1, (-1, 2, 2), &Action::Pass);
    turn(&mut game, 0, (0, 2, 2), &Action::Pass);
    // Ben's turn: the 8th neighbour; Ada's garden is scored in Ben's turn (not a recall).
    game.apply(1, &place(1, 2, 2)).expect("fits");
    refused(
        &mut game,
        1,
        &Action::RecallAbbot,
        PlayError::NoAbbotToRecall,
    );
    let mut other = scenario(&other_tiles, true);
    // Same game, but Ada places the 8th neighbour herself and recalls.
    turn(&mut other, 0, (0, 1, 1), &abbot("garden"));
    turn(&mut other, 1, (1, 1, 3), &Action::Pass);
    turn(&mut other, 0, (1, 0, 0), &Action::Pass);
    turn(&mut other, 1, (-1, 0, 0), &Action::Pass);
    turn(&mut other, 0, (-1, 1, 0), &Action::Pass);
    turn(&mut other, 1, (-1, 2, 2), &Action::Pass);
    turn(&mut other, 0, (0, 2, 2), &Action::Pass);
    turn(&mut other, 1, (2, 0, 0), &Action::Pass);
    let events = turn(&mut other, 0, (1, 2, 2), &Action::RecallAbbot);
    let e = scored(&events);
    assert_eq!(e.len(), 2, "{events:?}");
    assert_eq!(e[0].rule, "R-ABBOT-3");
    assert_eq!(e[0].when, ScoreTime::Recall);
    assert_eq!((e[0].count, e[0].points), (8, 9));
    assert_eq!(*e[0].winners, [0]);
    assert_eq!(e[1].rule, "R-ABBOT-2");
    assert_eq!(e[1].when, ScoreTime::Turn);
    assert!(e[1].winners.is_empty(), "the abbot has already left");
    assert_eq!(other.scores(), &[9, 0]);
    assert_eq!(other.supply(0, FollowerKind::Abbot), 1);
}

// ---------------------------------------------------------------------------------------
// R-ABBOT-4: at final scoring the abbot scores like a monk.

#[test]
fn r_abbot_4_abbot_on_a_monastery_scores_like_a_monk() {
    let game = golden("x05_abbot_monastery_final.json");
    let abbots = entries(&game, "R-ABBOT-4");
    assert_eq!(abbots.len(), 1, "{:?}", game.score_log());
    let a = abbots[0];
    assert_eq!(a.kind, FeatureKind::Monastery);
    assert_eq!(a.when, ScoreTime::Final);
    assert_eq!(tiles_of(a), vec![Pos::new(0, 1)]);
    assert_eq!((a.count, a.points), (5, 6));
    assert_eq!(*a.winners, [0]);
    // Ben's monk on the other monastery, the same computation under R-BASE-12.
    let monks: Vec<&ScoreEntry> = entries(&game, "R-BASE-12")
        .into_iter()
        .filter(|e| e.kind == FeatureKind::Monastery)
        .collect();
    assert_eq!(monks.len(), 1);
    assert_eq!(tiles_of(monks[0]), vec![Pos::new(1, 1)]);
    assert_eq!((monks[0].count, monks[0].points), (4, 5));
    assert_eq!(*monks[0].winners, [1]);
    assert_eq!(game.scores(), &[6, 5]);
    assert_eq!(
        game.supply(0, FollowerKind::Abbot),
        1,
        "returned at the end"
    );
}

#[test]
fn r_abbot_4_mixed_game_abbots_and_meeples() {
    let game = golden("x08_abbot_mixed_two_players.json");
    let abbots = entries(&game, "R-ABBOT-4");
    assert_eq!(abbots.len(), 1);
    assert_eq!(tiles_of(abbots[0]), vec![Pos::new(0, 2)]);
    assert_eq!((abbots[0].count, abbots[0].points), (5, 6));
    assert_eq!(*abbots[0].winners, [1]);
    // Ada's abbot was on a monastery completed during the game: 9 like a monk (R-BASE-8).
    let done = entries(&game, "R-BASE-8");
    assert_eq!(done.len(), 1);
    assert_eq!(tiles_of(done[0]), vec![Pos::new(0, 1)]);
    assert_eq!((done[0].points, done[0].winners.to_vec()), (9, vec![0]));
    let recalls = entries(&game, "R-ABBOT-3");
    assert_eq!(recalls.len(), 1);
    assert_eq!(recalls[0].kind, FeatureKind::Garden);
    assert_eq!((recalls[0].count, recalls[0].points), (3, 4));
    assert_eq!(*recalls[0].winners, [1]);
    assert_eq!(game.scores(), &[14, 18]);
}

#[test]
fn r_abbot_all_golden_games_replay() {
    let expected: [(&str, [u32; 2]); 8] = [
        ("x01_abbot_recall_from_garden.json", [12, 4]),
        ("x02_abbot_recall_from_monastery.json", [8, 4]),
        ("x03_abbot_garden_completed.json", [15, 4]),
        ("x04_abbot_garden_incomplete.json", [8, 3]),
        ("x05_abbot_monastery_final.json", [6, 5]),
        ("x06_abbot_stays_meeple_on_road.json", [12, 1]),
        ("x07_garden_without_abbot.json", [10, 3]),
        ("x08_abbot_mixed_two_players.json", [14, 18]),
    ];
    for (name, scores) in expected {
        let game = golden(name);
        assert!(game.is_over(), "{name}");
        assert_eq!(game.scores(), &scores, "{name}");
        let abbot_on = load(name).setup.sets.contains(&Expansion::Abbot);
        assert_eq!(abbot_on, !name.starts_with("x07"), "{name}");
    }
}
