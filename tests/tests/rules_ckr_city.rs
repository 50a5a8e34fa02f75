//! Rule tests for the City of Carcassonne and the Count, R-CKR-1 … R-CKR-7, on the
//! hand-computed golden games `tests/golden/c*.json` (replayed action by action) and on small
//! games built in code. The authority is the French rule page (seed 000): Example 1 is
//! `c01`, Example 2 is `c02`.

use carcassonne_engine::expansions::count::{CityFollower, Quarter};
use carcassonne_engine::score::ScoreEntry;
use carcassonne_engine::tiles::{FeatureKind, Side};
use carcassonne_engine::{
    catalogue, Action, Decision, DecisionKind, Event, Expansion, FeatureRef, FollowerKind, Game,
    PlayError, Pos, ScoreTime, Setup,
};
use carcassonne_tests::{feature, golden, load, place, refused, scored, tiles_of};

/// Every golden game of this file.
const GAMES: [&str; 14] = [
    "c01_example1_red_closes_blues_city.json",
    "c02_example2_red_takes_blues_road.json",
    "c03_redeploy_onto_unoccupied_city.json",
    "c04_count_blocks_the_castle.json",
    "c05_count_moves_clockwise.json",
    "c06_count_moves_follow.json",
    "c07_three_players_redeploy_order.json",
    "c08_final_redeploy_road_and_field.json",
    "c09_big_meeple_and_abbot_in_the_city.json",
    "c10_field_city_of_carcassonne_plus_city.json",
    "c11_no_city_deploy_when_active_also_scored.json",
    "c12_king_robber_with_the_city.json",
    "c13_shrine_two_monks_from_the_cathedral.json",
    "c14_final_redeploy_count_blocks_market.json",
];

/// The game after the first `n` actions of a golden record, and the events of the last one.
fn after(name: &str, n: usize) -> (Game, Vec<Event>) {
    let record = load(name);
    assert!(
        n <= record.actions.len(),
        "{name} has fewer than {n} actions"
    );
    let mut game = Game::new(record.setup.clone(), record.seed).expect("golden setup is valid");
    let mut events = Vec::new();
    for (i, ra) in record.actions.iter().take(n).enumerate() {
        events = game
            .apply(ra.seat, &ra.action)
            .unwrap_or_else(|e| panic!("{name}: action #{i} refused: {e}"));
    }
    (game, events)
}

/// A golden record replayed to its end with `extra` tiles added to its draw order, so the
/// game goes on to the next turn instead of ending (what comes after the last turn).
fn extended(name: &str, extra: &[&str]) -> Game {
    let record = load(name);
    let mut setup = record.setup.clone();
    setup
        .draw_order
        .extend(extra.iter().map(|t| (*t).to_string()));
    let mut game = Game::new(setup, record.seed).expect("extended setup is valid");
    for (i, ra) in record.actions.iter().enumerate() {
        game.apply(ra.seat, &ra.action)
            .unwrap_or_else(|e| panic!("{name}+: action #{i} refused: {e}"));
    }
    game
}

/// A game with the City of Carcassonne whose bag holds exactly `tiles`.
fn city_game(players: usize, tiles: &[&str]) -> Game {
    let mut setup = Setup::base(players);
    setup.sets = vec![Expansion::Base, Expansion::CityOfCarcassonne];
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    Game::new(setup, 1).expect("a valid city setup")
}

fn redeployed(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::FollowerRedeployed { .. }))
        .count()
}

fn city_deploy(quarter: Quarter, follower: FollowerKind) -> Action {
    Action::CityDeploy { quarter, follower }
}

fn follower(owner: u8, kind: FollowerKind, quarter: Quarter) -> CityFollower {
    CityFollower {
        owner,
        kind,
        quarter,
    }
}

/// The pending seat is asked to place a tile (a new turn has started).
fn placing(game: &Game, seat: u8) -> bool {
    matches!(
        game.pending(),
        Some(Decision {
            seat: s,
            kind: DecisionKind::PlaceTile { .. }
        }) if s == seat
    )
}

/// Asserts the pending decision is a redeploy for `seat` from `quarter` onto the feature
/// `(at, port)` (compared as features: any tile/port of it may name it).
fn assert_redeploy(game: &Game, seat: u8, quarter: Quarter, at: Pos, port: &str) {
    let Some(Decision {
        seat: s,
        kind:
            DecisionKind::Redeploy {
                at: a,
                feature: f,
                quarter: q,
            },
    }) = game.pending()
    else {
        panic!("expected a redeploy decision, got {:?}", game.pending());
    };
    assert_eq!(s, seat, "the seat asked to redeploy");
    assert_eq!(q, quarter, "the quarter of the redeploy");
    assert_eq!(
        game.feature_at(a, f),
        game.feature_at(at, feature(port)),
        "the redeploy names the feature at {at} {port}"
    );
    assert!(game.feature_at(a, f).is_some());
}

/// The one score entry whose tiles include `at` and that has this kind.
fn entry_at(game: &Game, kind: FeatureKind, at: Pos) -> ScoreEntry {
    let found: Vec<&ScoreEntry> = game
        .score_log()
        .iter()
        .filter(|e| e.kind == kind && e.tiles.contains(&at))
        .collect();
    assert_eq!(found.len(), 1, "one {kind:?} entry at {at}: {found:?}");
    found[0].clone()
}

#[test]
fn every_city_golden_game_scores_as_hand_computed() {
    for name in GAMES {
        let game = golden(name);
        assert!(game.is_over(), "{name} is finished");
        let record = load(name);
        assert!(
            record.setup.sets.contains(&Expansion::CityOfCarcassonne),
            "{name} plays with the City of Carcassonne"
        );
        assert!(record.setup.draw_order_only, "{name} has a forced bag");
    }
}

// ---------------------------------------------------------------------------------------
// R-CKR-1: the city board replaces the start tile; its outer edges must be matched; it is one
// completed city for farmers and the King; four quarters for four kinds of feature.

#[test]
fn r_ckr_1_the_twelve_city_cells_replace_the_start_tile() {
    let mut setup = Setup::base(2);
    setup.sets = vec![Expansion::Base, Expansion::CityOfCarcassonne];
    let game = Game::new(setup, 5).expect("a valid setup");
    let cat = catalogue();
    let tiles = &game.board().tiles;
    assert_eq!(tiles.len(), 12, "only the 12 cells are on the board");
    for (i, t) in tiles.iter().enumerate() {
        let id = format!("ckr_city/cell{:02}", i + 1);
        let pos = Pos::new((i % 4) as i32, (i / 4) as i32);
        let at = game
            .board()
            .tile_at(pos)
            .unwrap_or_else(|| panic!("a cell at {pos}"));
        assert_eq!(cat.tile(at.tile).id, id, "cell (col,row) at {pos}");
        assert_eq!(at.rotation, 0);
        assert_ne!(cat.tile(t.tile).id, "base/start");
    }
    let start = cat.id("base/start").expect("the base start tile exists");
    assert!(
        !game.remaining_tiles().contains(&start),
        "the base start tile is out of the game"
    );
    let Some(Decision {
        seat: 0,
        kind: DecisionKind::PlaceTile { tile },
    }) = game.pending()
    else {
        panic!("seat 0 places first: {:?}", game.pending());
    };
    assert_ne!(tile, start);
    assert_eq!(
        game.remaining_tiles().len() + 1,
        71,
        "the 71 other base tiles: one drawn, the rest in the bag"
    );
    assert_eq!(game.count(), Quarter::Castle);
}

#[test]
fn r_ckr_1_placed_tiles_must_match_the_city_outer_edges() {
    let mut game = city_game(2, &["base/city1", "base/city1"]);
    let before = game.clone();
    // [0,2] has a small city on its south edge: a field there does not match.
    assert_eq!(
        game.apply(0, &place(0, 3, 2)),
        Err(PlayError::EdgeMismatch { side: Side::N })
    );
    // [3,0] has a road on its north edge.
    assert_eq!(
        game.apply(0, &place(3, -1, 0)),
        Err(PlayError::EdgeMismatch { side: Side::S })
    );
    // Cells are placed tiles, even the interior ones.
    assert_eq!(
        game.apply(0, &place(1, 1, 0)),
        Err(PlayError::PositionTaken { at: Pos::new(1, 1) })
    );
    assert_eq!(game, before, "refused placements change nothing");
    let legal = game.legal_actions();
    assert!(legal.contains(&place(0, 3, 0)), "city to city at [0,3]");
    assert!(legal.contains(&place(4, 2, 3)), "city to city at [4,2]");
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Place { at, .. }
            if *at == Pos::new(2, 3) || *at == Pos::new(3, -1) || *at == Pos::new(-1, 0))),
        "a city cap cannot meet the City's roads"
    );
    game.apply(0, &place(0, 3, 0))
        .expect("the cap closes the small city");
}

#[test]
fn r_ckr_1_a_field_touching_the_city_counts_it_as_a_completed_city() {
    let game = golden("c10_field_city_of_carcassonne_plus_city.json");
    // Blue's north strip: the completed city [1,-1]/[1,-2] and the City itself.
    let north = entry_at(&game, FeatureKind::Field, Pos::new(1, -1));
    assert_eq!(north.rule, "R-BASE-13");
    assert_eq!(north.when, ScoreTime::Final);
    assert_eq!(north.count, 2);
    assert_eq!(north.points, 6);
    assert_eq!(*north.winners, [0]);
    assert!(north.tiles.contains(&Pos::new(3, 0)));
    // Red's field north of the wall does not touch the City: 3 only.
    let outside = entry_at(&game, FeatureKind::Field, Pos::new(1, -2));
    assert_eq!(outside.count, 1);
    assert_eq!(outside.points, 3);
    assert_eq!(*outside.winners, [1]);
    // Red's west/south strip: the completed city [0,2]/[0,3] and the City.
    let west = entry_at(&game, FeatureKind::Field, Pos::new(-1, 2));
    assert_eq!(west.count, 2);
    assert_eq!(west.points, 6);
    assert_eq!(*west.winners, [1]);
    assert!(west.tiles.contains(&Pos::new(2, 2)) && west.tiles.contains(&Pos::new(0, 1)));
    assert_eq!(game.scores(), &[10, 9]);
}

#[test]
fn r_ckr_1_each_quarter_serves_one_kind_of_feature() {
    assert_eq!(
        Quarter::for_feature(FeatureKind::City),
        Some(Quarter::Castle)
    );
    assert_eq!(
        Quarter::for_feature(FeatureKind::Road),
        Some(Quarter::Blacksmith)
    );
    assert_eq!(
        Quarter::for_feature(FeatureKind::Monastery),
        Some(Quarter::Cathedral)
    );
    assert_eq!(
        Quarter::for_feature(FeatureKind::Shrine),
        Some(Quarter::Cathedral)
    );
    assert_eq!(
        Quarter::for_feature(FeatureKind::Field),
        Some(Quarter::Market)
    );
    assert_eq!(
        Quarter::for_feature(FeatureKind::Garden),
        None,
        "no garden from the cathedral"
    );
}

#[test]
fn r_ckr_1_the_city_counts_for_the_king_but_never_takes_it() {
    let (game, events) = after("c12_king_robber_with_the_city.json", 4);
    assert!(
        events.contains(&Event::KingTaken { seat: 1, tiles: 2 }),
        "the first completed city (not the City itself) gives Red the King: {events:?}"
    );
    let (king, _) = game.king_and_robber();
    assert_eq!(king.map(|h| (h.seat, h.tiles)), Some((1, 2)));
    let game = golden("c12_king_robber_with_the_city.json");
    let bonuses: Vec<&ScoreEntry> = game
        .score_log()
        .iter()
        .filter(|e| e.rule == "R-CKR-9")
        .collect();
    assert_eq!(bonuses.len(), 2, "{bonuses:?}");
    let king = bonuses
        .iter()
        .find(|e| e.kind == FeatureKind::City)
        .expect("the King's bonus");
    assert_eq!(
        king.count, 3,
        "two completed cities and the City of Carcassonne"
    );
    assert_eq!(king.points, 3);
    assert_eq!(*king.winners, [1]);
    let robber = bonuses
        .iter()
        .find(|e| e.kind == FeatureKind::Road)
        .expect("the Robber's bonus");
    assert_eq!((robber.count, robber.points), (1, 1));
    assert_eq!(*robber.winners, [0]);
    assert_eq!(game.scores(), &[7, 5]);
}

// ---------------------------------------------------------------------------------------
// R-CKR-2: the Count starts in the castle and never leaves the city.

#[test]
fn r_ckr_2_the_count_starts_in_the_castle() {
    let game = city_game(3, &["base/city1"]);
    assert_eq!(game.count(), Quarter::Castle);
    assert!(game.city().is_empty(), "nobody starts in the city");
}

#[test]
fn r_ckr_2_the_count_only_moves_between_the_four_quarters() {
    let (game, _) = after("c01_example1_red_closes_blues_city.json", 5);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::MoveCount {
                count: Quarter::Castle
            }
        })
    );
    let mut legal = game.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        Action::MoveCount {
            quarter: Quarter::Market,
        },
        Action::MoveCount {
            quarter: Quarter::Blacksmith,
        },
        Action::MoveCount {
            quarter: Quarter::Cathedral,
        },
        Action::Pass,
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, want);
}

// ---------------------------------------------------------------------------------------
// R-CKR-3: the city deploy after a scoring where someone else scored and the active player
// did not; any quarter (abbot: cathedral only), at most one, then the Count (free).

#[test]
fn r_ckr_3_example1_red_may_deploy_into_the_city_after_blue_scores() {
    let name = "c01_example1_red_closes_blues_city.json";
    let (game, events) = after(name, 4);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].kind, s[0].points), (FeatureKind::City, 4));
    assert_eq!(
        *s[0].winners,
        [0],
        "Blue's knight scores the city Red closed"
    );
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::CityDeploy
        })
    );
    let legal = game.legal_actions();
    assert_eq!(legal.len(), 5, "4 quarters x meeple, then pass: {legal:?}");
    for q in Quarter::ALL {
        assert!(legal.contains(&city_deploy(q, FollowerKind::Meeple)));
    }
    assert_eq!(legal.last(), Some(&Action::Pass));

    let (game, events) = after(name, 5);
    assert_eq!(
        events,
        vec![Event::CityDeployed {
            seat: 1,
            follower: FollowerKind::Meeple,
            quarter: Quarter::Castle
        }],
        "into the Count's own quarter, and nothing else happens yet"
    );
    assert_eq!(
        game.city(),
        &[follower(1, FollowerKind::Meeple, Quarter::Castle)]
    );
    assert_eq!(game.supply(1, FollowerKind::Meeple), 6);
    assert!(matches!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::MoveCount { .. }
        })
    ));

    let (game, events) = after(name, 6);
    assert_eq!(
        events.first(),
        Some(&Event::CountMoved {
            quarter: Quarter::Market
        })
    );
    assert_eq!(game.count(), Quarter::Market);
    assert!(game.is_over());
    assert_eq!(game.scores(), &[4, 0]);
}

#[test]
fn r_ckr_3_no_city_deploy_when_the_active_player_also_scored() {
    let game = extended(
        "c11_no_city_deploy_when_active_also_scored.json",
        &["base/road_straight"],
    );
    let log = game.score_log();
    assert_eq!(log.len(), 2, "{log:?}");
    assert!(log
        .iter()
        .any(|e| e.kind == FeatureKind::City && *e.winners == [0] && e.points == 4));
    assert!(log
        .iter()
        .any(|e| e.kind == FeatureKind::Road && *e.winners == [1] && e.points == 3));
    assert!(
        placing(&game, 0),
        "Red scored too: straight on to Blue's turn, {:?}",
        game.pending()
    );
    assert!(game.city().is_empty());
}

#[test]
fn r_ckr_3_no_city_deploy_when_nobody_scored() {
    // c10 T2: Red closes an empty city.
    let (game, events) = after("c10_field_city_of_carcassonne_plus_city.json", 4);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert!(s[0].winners.is_empty());
    assert!(placing(&game, 0), "{:?}", game.pending());
    // c06 T6: Red closes the City's empty south-west city; its castle knight is blocked.
    let game = extended("c06_count_moves_follow.json", &["base/road_straight"]);
    assert!(placing(&game, 0), "{:?}", game.pending());
    assert_eq!(
        game.city(),
        &[follower(1, FollowerKind::Meeple, Quarter::Castle)]
    );
}

#[test]
fn r_ckr_3_the_abbot_may_only_enter_the_cathedral() {
    let (mut game, _) = after("c09_big_meeple_and_abbot_in_the_city.json", 11);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::CityDeploy
        })
    );
    let before = game.clone();
    for q in [Quarter::Castle, Quarter::Market, Quarter::Blacksmith] {
        assert_eq!(
            game.apply(1, &city_deploy(q, FollowerKind::Abbot)),
            Err(PlayError::QuarterNotAllowed {
                quarter: q,
                follower: FollowerKind::Abbot
            })
        );
        assert!(!game
            .legal_actions()
            .contains(&city_deploy(q, FollowerKind::Abbot)));
    }
    assert_eq!(game, before, "refused city deploys change nothing");
    let legal = game.legal_actions();
    assert!(legal.contains(&city_deploy(Quarter::Cathedral, FollowerKind::Abbot)));
    for q in Quarter::ALL {
        assert!(
            legal.contains(&city_deploy(q, FollowerKind::Meeple)),
            "a meeple may go anywhere"
        );
    }
    game.apply(1, &city_deploy(Quarter::Cathedral, FollowerKind::Abbot))
        .expect("the abbot enters the cathedral");
    assert_eq!(
        game.city(),
        &[
            follower(1, FollowerKind::BigMeeple, Quarter::Castle),
            follower(1, FollowerKind::Abbot, Quarter::Cathedral)
        ]
    );
    assert_eq!(game.supply(1, FollowerKind::Abbot), 0);
}

#[test]
fn r_ckr_3_the_big_meeple_may_enter_any_quarter() {
    let (game, _) = after("c09_big_meeple_and_abbot_in_the_city.json", 4);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::CityDeploy
        })
    );
    let legal = game.legal_actions();
    for q in Quarter::ALL {
        assert!(legal.contains(&city_deploy(q, FollowerKind::BigMeeple)));
    }
    let (game, events) = after("c09_big_meeple_and_abbot_in_the_city.json", 5);
    assert_eq!(
        events,
        vec![Event::CityDeployed {
            seat: 1,
            follower: FollowerKind::BigMeeple,
            quarter: Quarter::Castle
        }]
    );
    assert_eq!(game.supply(1, FollowerKind::BigMeeple), 0);
}

#[test]
fn r_ckr_3_a_city_deploy_is_refused_when_not_offered() {
    // c05 T5: Blue scored its own road; the next decision is Red's placement.
    let (mut game, _) = after("c05_count_moves_clockwise.json", 12);
    assert!(placing(&game, 1), "{:?}", game.pending());
    let before = game.clone();
    let deploy = city_deploy(Quarter::Castle, FollowerKind::Meeple);
    // Blue's turn scored only Blue: the rule that skipped the city deploy says why.
    assert_eq!(game.apply(0, &deploy), Err(PlayError::CityDeployNotEarned));
    assert_eq!(PlayError::CityDeployNotEarned.rule(), "R-CKR-3");
    assert_eq!(
        game.apply(1, &deploy),
        Err(PlayError::WrongAction {
            expected: "place".into()
        })
    );
    assert_eq!(game, before);
    // At most one per turn: after the deploy only the Count may move.
    let (mut game, _) = after("c01_example1_red_closes_blues_city.json", 5);
    refused(
        &mut game,
        1,
        &deploy,
        PlayError::WrongAction {
            expected: "move_count or pass".into(),
        },
    );
}

#[test]
fn r_ckr_4_a_redeploy_the_count_blocked_is_refused_citing_r_ckr_4() {
    // c05 T5: Blue ends the south road; Red's meeple waits in the blacksmith, the Count's
    // quarter, so nobody was asked. Red's redeploy afterwards cites the Count's rule.
    let (mut game, _) = after("c05_count_moves_clockwise.json", 12);
    assert!(placing(&game, 1), "{:?}", game.pending());
    assert_eq!(game.count(), Quarter::Blacksmith);
    let redeploy = Action::Redeploy {
        follower: FollowerKind::Meeple,
    };
    let blocked = PlayError::QuarterBlocked {
        quarter: Quarter::Blacksmith,
    };
    assert_eq!(blocked.rule(), "R-CKR-4");
    refused(&mut game, 1, &redeploy, blocked);
    // c04: the Count in the castle kept Red's knight from the completed city.
    let mut c04 = extended("c04_count_blocks_the_castle.json", &["base/road_straight"]);
    assert!(placing(&c04, 1), "{:?}", c04.pending());
    refused(
        &mut c04,
        1,
        &redeploy,
        PlayError::QuarterBlocked {
            quarter: Quarter::Castle,
        },
    );
    // Blue has nobody in the city: the turn's order answers (R-BASE-3).
    let err = c04.apply(0, &redeploy).expect_err("refused");
    assert_eq!(err.rule(), "R-BASE-3");
}

#[test]
fn r_ckr_5_no_city_deploy_after_scoring_with_a_redeployed_follower() {
    // c05 T6: Red closes a city, moves the castle meeple onto it and scores 4 with it: Red
    // has scored this turn (R-CKR-5), so a city deploy afterwards cites R-CKR-5.
    let mut game = extended("c05_count_moves_clockwise.json", &["base/road_straight"]);
    assert!(placing(&game, 0), "{:?}", game.pending());
    let refusal = PlayError::ScoredFromTheCity;
    assert_eq!(refusal.rule(), "R-CKR-5");
    refused(
        &mut game,
        1,
        &city_deploy(Quarter::Market, FollowerKind::Meeple),
        refusal,
    );
}

#[test]
fn r_ckr_7_a_count_move_is_refused_when_the_count_moves_by_himself() {
    // c05 plays count_moves clockwise: nobody moves the Count, at any time (R-CKR-7).
    for n in [4, 12] {
        let (mut game, _) = after("c05_count_moves_clockwise.json", n);
        for seat in [0, 1] {
            refused(
                &mut game,
                seat,
                &Action::MoveCount {
                    quarter: Quarter::Cathedral,
                },
                PlayError::CountMovesByItself,
            );
        }
    }
    assert_eq!(PlayError::CountMovesByItself.rule(), "R-CKR-7");
}

#[test]
fn r_ckr_3_the_count_moves_only_after_a_city_deploy() {
    let mut game = extended(
        "c03_redeploy_onto_unoccupied_city.json",
        &["base/road_straight"],
    );
    // The record ends with Blue's pass at the city deploy: Blue may not move the Count.
    assert!(placing(&game, 1), "{:?}", game.pending());
    assert_eq!(game.count(), Quarter::Cathedral);
    let (mut offered, _) = after("c03_redeploy_onto_unoccupied_city.json", 9);
    assert_eq!(
        offered.pending(),
        Some(Decision {
            seat: 0,
            kind: DecisionKind::CityDeploy
        })
    );
    let before = offered.clone();
    assert_eq!(
        offered.apply(
            0,
            &Action::MoveCount {
                quarter: Quarter::Castle
            }
        ),
        Err(PlayError::WrongAction {
            expected: "city_deploy or pass".into()
        })
    );
    assert_eq!(offered, before);
    let before = game.clone();
    assert!(game
        .apply(
            1,
            &Action::MoveCount {
                quarter: Quarter::Castle
            }
        )
        .is_err());
    assert_eq!(game, before);
}

// ---------------------------------------------------------------------------------------
// R-CKR-4: redeploys before scoring, in seat order from the left of the active player,
// onto occupied or empty features; the moved followers count for the majority; the Count
// blocks its quarter.

#[test]
fn r_ckr_4_redeploy_order_starts_left_of_the_active_player() {
    let name = "c07_three_players_redeploy_order.json";
    let (game, events) = after(name, 16);
    assert!(
        scored(&events).is_empty(),
        "the road waits for the redeploys"
    );
    // Ben (seat 1) completed the road: Cid (seat 2) first, then Ada, then Ben.
    assert_redeploy(&game, 2, Quarter::Blacksmith, Pos::new(2, 3), "N");
    assert_eq!(
        game.legal_actions(),
        vec![
            Action::Redeploy {
                follower: FollowerKind::Meeple
            },
            Action::Pass
        ]
    );
    let (game, events) = after(name, 17);
    assert_eq!(redeployed(&events), 1);
    assert_redeploy(&game, 0, Quarter::Blacksmith, Pos::new(2, 2), "S");
    let (game, _) = after(name, 18);
    assert_redeploy(&game, 1, Quarter::Blacksmith, Pos::new(2, 3), "N");
    let (game, events) = after(name, 19);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].kind, FeatureKind::Road);
    assert_eq!(*s[0].strength, [0, 1, 1]);
    assert_eq!(*s[0].winners, [1, 2]);
    assert_eq!(s[0].points, 2);
    assert!(game.is_over());
}

#[test]
fn r_ckr_4_example2_red_moves_two_from_the_blacksmith_and_takes_blues_road() {
    let name = "c02_example2_red_takes_blues_road.json";
    // Red places the straight and deploys nothing: Blue, left of Red, is asked first.
    let (game, events) = after(name, 18);
    assert!(scored(&events).is_empty());
    assert_redeploy(&game, 0, Quarter::Blacksmith, Pos::new(3, -1), "N");
    assert_eq!(
        game.city(),
        &[
            follower(1, FollowerKind::Meeple, Quarter::Blacksmith),
            follower(1, FollowerKind::Meeple, Quarter::Blacksmith),
            follower(0, FollowerKind::Meeple, Quarter::Blacksmith)
        ]
    );
    let (game, events) = after(name, 19);
    assert_eq!(redeployed(&events), 0, "Blue declines");
    assert_redeploy(&game, 1, Quarter::Blacksmith, Pos::new(3, -1), "N");
    let (game, events) = after(name, 20);
    assert_eq!(redeployed(&events), 1);
    assert!(matches!(
        events[0],
        Event::FollowerRedeployed {
            seat: 1,
            follower: FollowerKind::Meeple,
            from: Quarter::Blacksmith,
            ..
        }
    ));
    assert_redeploy(&game, 1, Quarter::Blacksmith, Pos::new(3, -1), "N");
    let (game, events) = after(name, 21);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    let road = s[0];
    assert_eq!(road.kind, FeatureKind::Road);
    assert_eq!(
        tiles_of(road),
        vec![Pos::new(3, -2), Pos::new(3, -1), Pos::new(3, 0)]
    );
    assert_eq!(
        *road.strength,
        [1, 2],
        "majority counts the moved followers"
    );
    assert_eq!(*road.winners, [1]);
    assert_eq!(road.points, 3);
    assert_eq!(
        game.city(),
        &[follower(0, FollowerKind::Meeple, Quarter::Blacksmith)]
    );
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7, "all of Red's back");
    assert_eq!(game.scores(), &[8, 7]);
}

#[test]
fn r_ckr_4_a_follower_may_join_an_unoccupied_completed_city() {
    let name = "c03_redeploy_onto_unoccupied_city.json";
    let (game, events) = after(name, 8);
    assert!(scored(&events).is_empty(), "scoring waits for the redeploy");
    assert_redeploy(&game, 1, Quarter::Castle, Pos::new(0, 3), "N");
    let (game, events) = after(name, 9);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].kind, FeatureKind::City);
    assert_eq!(tiles_of(s[0]), vec![Pos::new(0, 2), Pos::new(0, 3)]);
    assert_eq!(*s[0].strength, [0, 1]);
    assert_eq!(*s[0].winners, [1]);
    assert_eq!(s[0].points, 4);
    assert!(game.city().is_empty());
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7);
}

#[test]
fn r_ckr_4_the_count_blocks_its_quarter() {
    // c04: Red's knight waits in the castle with the Count; Blue closes a city: nobody asked.
    let (game, events) = after("c04_count_blocks_the_castle.json", 8);
    assert_eq!(redeployed(&events), 0);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!(*s[0].strength, [1, 0]);
    assert_eq!(*s[0].winners, [0]);
    assert_eq!(s[0].points, 4);
    assert_eq!(game.count(), Quarter::Castle);
    assert_eq!(
        game.city(),
        &[follower(1, FollowerKind::Meeple, Quarter::Castle)]
    );
    // c05 T5 (clockwise): the Count reached the blacksmith; Blue's road scores at once.
    let (game, events) = after("c05_count_moves_clockwise.json", 12);
    assert_eq!(game.count(), Quarter::Blacksmith);
    assert_eq!(redeployed(&events), 0);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].kind, s[0].points), (FeatureKind::Road, 2));
    assert_eq!(*s[0].winners, [0]);
    assert!(placing(&game, 1));
}

#[test]
fn r_ckr_4_a_redeploy_needs_a_follower_in_that_quarter() {
    let name = "c09_big_meeple_and_abbot_in_the_city.json";
    // T6: the monastery is complete; Red has only the abbot in the cathedral.
    let (mut game, _) = after(name, 17);
    assert_redeploy(&game, 1, Quarter::Cathedral, Pos::new(1, -1), "monastery");
    assert_eq!(
        game.legal_actions(),
        vec![
            Action::Redeploy {
                follower: FollowerKind::Abbot
            },
            Action::Pass
        ]
    );
    let before = game.clone();
    for kind in [FollowerKind::Meeple, FollowerKind::BigMeeple] {
        assert_eq!(
            game.apply(1, &Action::Redeploy { follower: kind }),
            Err(PlayError::NoFollowerInQuarter {
                quarter: Quarter::Cathedral
            })
        );
    }
    assert_eq!(
        game.apply(
            0,
            &Action::Redeploy {
                follower: FollowerKind::Meeple
            }
        ),
        Err(PlayError::NotYourTurn {
            seat: 0,
            expected: 1
        })
    );
    assert_eq!(
        game.apply(1, &city_deploy(Quarter::Castle, FollowerKind::Meeple)),
        Err(PlayError::WrongAction {
            expected: "redeploy or pass".into()
        })
    );
    assert_eq!(game, before);
    // T7: Blue closes a city; Red's castle holds the big meeple, not a meeple.
    let (mut game, _) = after(name, 20);
    assert_redeploy(&game, 1, Quarter::Castle, Pos::new(0, 3), "N");
    refused(
        &mut game,
        1,
        &Action::Redeploy {
            follower: FollowerKind::Meeple,
        },
        PlayError::NoFollowerInQuarter {
            quarter: Quarter::Castle,
        },
    );
}

#[test]
fn r_ckr_4_the_abbot_and_the_big_meeple_join_completed_features() {
    let name = "c09_big_meeple_and_abbot_in_the_city.json";
    let (game, events) = after(name, 18);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].kind, FeatureKind::Monastery);
    assert_eq!(tiles_of(s[0]), vec![Pos::new(1, -1)]);
    assert_eq!(*s[0].strength, [1, 1], "the monk and the abbot");
    assert_eq!(*s[0].winners, [0, 1]);
    assert_eq!(s[0].points, 9);
    assert_eq!(game.supply(1, FollowerKind::Abbot), 1, "the abbot is back");
    let (game, events) = after(name, 21);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].kind, FeatureKind::City);
    assert_eq!(*s[0].strength, [1, 2], "the big meeple counts 2");
    assert_eq!(*s[0].winners, [1]);
    assert_eq!(s[0].points, 4);
    assert_eq!(game.supply(1, FollowerKind::BigMeeple), 1);
}

#[test]
fn r_ckr_4_cathedral_followers_join_a_completed_shrine() {
    let name = "c13_shrine_two_monks_from_the_cathedral.json";
    let (game, _) = after(name, 16);
    assert_redeploy(&game, 1, Quarter::Cathedral, Pos::new(1, -1), "shrine");
    let (game, events) = after(name, 18);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].kind, FeatureKind::Shrine);
    assert_eq!(*s[0].strength, [1, 2]);
    assert_eq!(*s[0].winners, [1]);
    assert_eq!(s[0].points, 9);
    assert!(game.city().is_empty());
    assert_eq!(game.scores(), &[8, 9]);
}

// ---------------------------------------------------------------------------------------
// R-CKR-5: scoring with a redeployed follower is scoring (for the city deploy).

#[test]
fn r_ckr_5_an_active_player_scoring_with_a_redeployed_follower_gets_no_city_deploy() {
    let name = "c09_big_meeple_and_abbot_in_the_city.json";
    // T6: Red completed the monastery and scored 9 through the abbot, Blue 9 through the monk.
    let (game, _) = after(name, 18);
    assert!(
        placing(&game, 0),
        "Red scored via the redeployed abbot: no city deploy, {:?}",
        game.pending()
    );
    // T7: Red's big meeple took Blue's city during Blue's turn: Blue may deploy.
    let (game, _) = after(name, 21);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 0,
            kind: DecisionKind::CityDeploy
        })
    );
    // c03: Red's redeployed knight is "another player scoring" for Blue.
    let (game, _) = after("c03_redeploy_onto_unoccupied_city.json", 9);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 0,
            kind: DecisionKind::CityDeploy
        })
    );
}

// ---------------------------------------------------------------------------------------
// R-CKR-6: followers left in the city score nothing; option final_redeploy.

#[test]
fn r_ckr_6_followers_left_in_the_city_score_nothing() {
    let game = golden("c07_three_players_redeploy_order.json");
    assert_eq!(
        game.city(),
        &[follower(0, FollowerKind::Meeple, Quarter::Blacksmith)]
    );
    assert_eq!(game.supply(0, FollowerKind::Meeple), 6);
    let ada: Vec<&ScoreEntry> = game
        .score_log()
        .iter()
        .filter(|e| e.winners.contains(&0))
        .collect();
    assert_eq!(ada.len(), 1, "only Ada's city: {ada:?}");
    assert!(game.score_log().iter().all(|e| e.when == ScoreTime::Turn));
    assert_eq!(game.scores(), &[4, 6, 6]);
}

#[test]
fn r_ckr_6_without_the_option_the_city_followers_stay_put() {
    // c08 without final_redeploy: the game ends right after the last turn.
    let mut record = load("c08_final_redeploy_road_and_field.json");
    record.setup.options.final_redeploy = false;
    let mut game = Game::new(record.setup.clone(), record.seed).expect("valid setup");
    for ra in record.actions.iter().take(18) {
        game.apply(ra.seat, &ra.action).expect("legal");
    }
    assert!(game.is_over());
    assert_eq!(game.city().len(), 3);
    assert_eq!(game.scores(), &[8, 4]);
}

#[test]
fn r_ckr_6_final_redeploy_names_its_target_by_any_tile_and_port() {
    // c08's final redeploys, each naming its feature by another tile and port of it (the
    // record format: any port of a feature names it): the same game, the same scores.
    let name = "c08_final_redeploy_road_and_field.json";
    let record = load(name);
    let mut game = Game::new(record.setup.clone(), record.seed).expect("valid setup");
    let mut renamed = 0;
    for ra in &record.actions {
        let mut action = ra.action;
        if let Action::FinalRedeploy {
            follower,
            at,
            feature: f,
        } = ra.action
        {
            let root = game.feature_at(at, f).expect("names a feature");
            let other = game
                .board()
                .tiles
                .iter()
                .flat_map(|t| {
                    (0..12u8)
                        .map(move |s| (t.pos, FeatureRef::Port(carcassonne_engine::tiles::Slot(s))))
                })
                .find(|&(p, g)| (p, g) != (at, f) && game.feature_at(p, g) == Some(root))
                .expect("another name");
            action = Action::FinalRedeploy {
                follower,
                at: other.0,
                feature: other.1,
            };
            renamed += 1;
        }
        game.apply(ra.seat, &action)
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    }
    assert_eq!(renamed, 3);
    assert_eq!(game.scores(), golden(name).scores());
}

#[test]
fn r_ckr_6_final_redeploy_one_follower_per_seat_from_the_left_of_the_last_player() {
    let name = "c08_final_redeploy_road_and_field.json";
    let (mut game, _) = after(name, 18);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 0,
            kind: DecisionKind::FinalRedeploy
        }),
        "Red placed the last tile: Blue is asked first"
    );
    assert!(game.score_log().iter().all(|e| e.when == ScoreTime::Turn));
    let legal = game.legal_actions();
    assert_eq!(legal.last(), Some(&Action::Pass));
    let targets: Vec<FeatureKind> = legal
        .iter()
        .filter_map(|a| match a {
            Action::FinalRedeploy {
                follower: FollowerKind::Meeple,
                at,
                feature: f,
            } => game.feature_at(*at, *f).map(|r| game.graph().node(r).kind),
            _ => None,
        })
        .collect();
    assert_eq!(targets.len(), legal.len() - 1);
    assert!(
        !targets.is_empty() && targets.iter().all(|&k| k == FeatureKind::Road),
        "Blue's blacksmith meeple may go to any unscored road: {legal:?}"
    );
    let west_road = game.feature_at(Pos::new(-1, 0), feature("W"));
    assert!(legal
        .iter()
        .any(|a| matches!(a, Action::FinalRedeploy { at, feature: f, .. }
        if game.feature_at(*at, *f) == west_road)));
    let before = game.clone();
    // Blue has only a blacksmith meeple: no field, no completed (scored) city.
    for (at, port) in [(Pos::new(1, 0), "N1"), (Pos::new(0, -1), "N")] {
        assert_eq!(
            game.apply(
                0,
                &Action::FinalRedeploy {
                    follower: FollowerKind::Meeple,
                    at,
                    feature: feature(port),
                }
            ),
            Err(PlayError::NotARedeployTarget {
                at,
                feature: feature(port)
            })
        );
    }
    assert_eq!(game, before);
    let (game, events) = after(name, 19);
    assert_eq!(redeployed(&events), 1, "one follower per turn of the round");
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::FinalRedeploy
        })
    );
    let (game, _) = after(name, 20);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::FinalRedeploy
        }),
        "Blue has nothing left and is skipped"
    );
    let (game, _) = after(name, 21);
    assert!(game.is_over());
    assert!(game.city().is_empty());
    let road = entry_at(&game, FeatureKind::Road, Pos::new(-1, 0));
    assert_eq!(road.when, ScoreTime::Final);
    assert_eq!(tiles_of(&road), vec![Pos::new(-1, 0), Pos::new(0, 0)]);
    assert_eq!(*road.strength, [1, 1]);
    assert_eq!(road.points, 2);
    let field = entry_at(&game, FeatureKind::Field, Pos::new(1, 0));
    assert_eq!(field.count, 3, "two completed cities and the City");
    assert_eq!(field.points, 9);
    assert_eq!(*field.winners, [1]);
    assert_eq!(game.scores(), &[10, 15]);
}

#[test]
fn r_ckr_6_the_count_blocks_the_final_redeploy() {
    let name = "c14_final_redeploy_count_blocks_market.json";
    let (game, _) = after(name, 14);
    assert_eq!(game.count(), Quarter::Market);
    assert_eq!(
        game.pending(),
        Some(Decision {
            seat: 1,
            kind: DecisionKind::FinalRedeploy
        }),
        "Blue placed the last tile: Red is asked first"
    );
    assert_eq!(
        game.legal_actions(),
        vec![
            Action::FinalRedeploy {
                follower: FollowerKind::Meeple,
                at: Pos::new(1, -1),
                feature: FeatureRef::Monastery,
            },
            Action::Pass
        ],
        "the market is blocked: no field; only the monastery"
    );
    let mut blocked = game.clone();
    assert_eq!(
        blocked.apply(
            1,
            &Action::FinalRedeploy {
                follower: FollowerKind::Meeple,
                at: Pos::new(1, 0),
                feature: feature("N1"),
            }
        ),
        Err(PlayError::NotARedeployTarget {
            at: Pos::new(1, 0),
            feature: feature("N1")
        })
    );
    assert_eq!(blocked, game);
    let (game, _) = after(name, 15);
    assert!(game.is_over());
    assert_eq!(
        game.city(),
        &[follower(1, FollowerKind::Meeple, Quarter::Market)]
    );
    let m = entry_at(&game, FeatureKind::Monastery, Pos::new(1, -1));
    assert_eq!(m.when, ScoreTime::Final);
    assert_eq!((m.count, m.points), (7, 8));
    assert_eq!(*m.winners, [1]);
    assert_eq!(game.scores(), &[8, 8]);
}

// ---------------------------------------------------------------------------------------
// R-CKR-7: option count_moves.

#[test]
fn r_ckr_7_clockwise_moves_the_count_one_quarter_per_new_follower() {
    let name = "c05_count_moves_clockwise.json";
    let (game, events) = after(name, 5);
    let city_events: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::CityDeployed { .. } | Event::CountMoved { .. }))
        .collect();
    assert_eq!(
        city_events,
        vec![
            &Event::CityDeployed {
                seat: 1,
                follower: FollowerKind::Meeple,
                quarter: Quarter::Blacksmith
            },
            &Event::CountMoved {
                quarter: Quarter::Market
            }
        ]
    );
    assert_eq!(game.count(), Quarter::Market);
    assert!(
        placing(&game, 0),
        "no move_count decision: {:?}",
        game.pending()
    );
    let (game, events) = after(name, 10);
    assert!(events.contains(&Event::CountMoved {
        quarter: Quarter::Blacksmith
    }));
    assert_eq!(game.count(), Quarter::Blacksmith);
    assert!(placing(&game, 0));
}

#[test]
fn r_ckr_7_follow_moves_the_count_to_the_quarter_just_used() {
    let name = "c06_count_moves_follow.json";
    let (game, events) = after(name, 5);
    assert!(events.contains(&Event::CountMoved {
        quarter: Quarter::Blacksmith
    }));
    assert_eq!(game.count(), Quarter::Blacksmith);
    assert!(
        placing(&game, 0),
        "no move_count decision: {:?}",
        game.pending()
    );
    let (game, _) = after(name, 10);
    assert_eq!(game.count(), Quarter::Castle);
    // The blacksmith is free again: Red is asked to join Blue's road.
    let (game, _) = after(name, 12);
    assert_redeploy(&game, 1, Quarter::Blacksmith, Pos::new(2, 3), "N");
}

#[test]
fn r_ckr_7_free_lets_the_player_choose_after_deploying() {
    let name = "c01_example1_red_closes_blues_city.json";
    let (mut game, _) = after(name, 5);
    let before = game.clone();
    game.apply(1, &Action::Pass)
        .expect("leaving the Count is allowed");
    assert_eq!(game.count(), Quarter::Castle);
    let mut moved = before;
    moved
        .apply(
            1,
            &Action::MoveCount {
                quarter: Quarter::Cathedral,
            },
        )
        .expect("any other quarter");
    assert_eq!(moved.count(), Quarter::Cathedral);
    let record = load(name);
    assert_eq!(
        record.setup.options.count_moves,
        carcassonne_engine::expansions::count::CountMoves::Free
    );
}

#[test]
fn r_ckr_3_the_abbot_recall_does_not_count_as_scoring() {
    // Blue's knight on a cap at [1,-1]; Red's abbot on a monastery at [0,-1]; Red closes
    // Blue's city at [1,-2] and, in phase 2, recalls the abbot (1 + 5 neighbours = 6).
    let mut setup = Setup::base(2);
    setup.sets = vec![
        Expansion::Base,
        Expansion::Abbot,
        Expansion::CityOfCarcassonne,
    ];
    setup.draw_order = [
        "base/city1",
        "base/monastery",
        "base/road_straight",
        "base/city1",
    ]
    .iter()
    .map(|t| (*t).to_string())
    .collect();
    setup.draw_order_only = true;
    let mut game = Game::new(setup, 1).expect("a valid setup");
    let turns: [(u8, Action, Action); 3] = [
        (
            0,
            place(1, -1, 0),
            Action::Deploy {
                feature: feature("N"),
                follower: FollowerKind::Meeple,
            },
        ),
        (
            1,
            place(0, -1, 0),
            Action::Deploy {
                feature: FeatureRef::Monastery,
                follower: FollowerKind::Abbot,
            },
        ),
        (0, place(-1, 0, 0), Action::Pass),
    ];
    for (seat, p, d) in turns {
        game.apply(seat, &p).expect("legal placement");
        game.apply(seat, &d).expect("legal deploy");
    }
    game.apply(1, &place(1, -2, 2))
        .expect("Red closes Blue's city");
    let passed = {
        let mut g = game.clone();
        g.apply(1, &Action::Pass).expect("pass");
        g
    };
    let events = game.apply(1, &Action::RecallAbbot).expect("recall");
    let s = scored(&events);
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!((&*s[0].rule, s[0].points), ("R-ABBOT-3", 6));
    assert_eq!(*s[0].winners, [1]);
    assert_eq!((s[1].kind, s[1].points), (FeatureKind::City, 4));
    assert_eq!(*s[1].winners, [0]);
    let offered = Some(Decision {
        seat: 1,
        kind: DecisionKind::CityDeploy,
    });
    assert_eq!(
        game.pending(),
        offered,
        "the recall's points are not phase-3 points"
    );
    assert_eq!(passed.pending(), offered);
    assert_eq!(game.scores(), &[4, 6]);
}
