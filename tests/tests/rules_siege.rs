//! Rule tests for Besiegers, Cathars and Siege (R-SIEGE-1 … R-SIEGE-5), on the hand-computed
//! golden games `tests/golden/s*.json` and on small games built in code.

use carcassonne_engine::expansions::count::Quarter;
use carcassonne_engine::expansions::siege::SiegeEscape;
use carcassonne_engine::features::FLAG_BESIEGED;
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    Action, Decision, DecisionKind, Event, Expansion, FeatureRef, FollowerKind, Game, PlayError,
    Pos, Record, RecordError, ScoreEntry, ScoreTime, Setup, SetupError,
};
use carcassonne_tests::{
    entries, feature, golden, load, meeple, only, place, refused, scored, steps, tiles_of,
};

fn escape(x: i32, y: i32, name: &str) -> Action {
    Action::Escape {
        at: Pos::new(x, y),
        feature: feature(name),
    }
}

fn waits_for(game: &Game, seat: u8, kind: DecisionKind) {
    assert_eq!(game.pending(), Some(Decision { seat, kind }));
}

/// The active seat must place a tile (whatever it is): the previous turn is over.
fn waits_for_placement(game: &Game, seat: u8) {
    match game.pending() {
        Some(Decision {
            seat: s,
            kind: DecisionKind::PlaceTile { .. },
        }) => assert_eq!(s, seat, "seat {seat} should place the next tile"),
        other => panic!("expected seat {seat} to place a tile, pending is {other:?}"),
    }
}

/// The followers of `seat` on the board, as (tile, feature, kind).
fn on_board(game: &Game, seat: u8) -> Vec<(Pos, FeatureRef, FollowerKind)> {
    let mut v: Vec<_> = game
        .followers()
        .iter()
        .filter(|f| f.owner == seat)
        .map(|f| (f.at, f.feature, f.kind))
        .collect();
    v.sort();
    v
}

fn besieged(game: &Game, at: Pos, name: &str) -> bool {
    let root = game
        .feature_at(at, feature(name))
        .expect("a feature is there");
    game.graph().flags(root) & FLAG_BESIEGED != 0
}

/// A two-player game whose bag holds exactly `tiles`, in this order.
fn scenario(sets: &[Expansion], siege_escape: SiegeEscape, tiles: &[&str]) -> Game {
    let mut setup = Setup::base(2);
    setup.sets = sets.to_vec();
    setup.options.siege_escape = siege_escape;
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    Game::new(setup, 5).expect("a valid scenario setup")
}

/// Plays `actions` as (seat, action) pairs, panicking on a refusal.
fn play_seats(game: &mut Game, actions: &[(u8, Action)]) {
    for (i, (seat, a)) in actions.iter().enumerate() {
        game.apply(*seat, a)
            .unwrap_or_else(|e| panic!("action #{i} {a:?} refused: {e}"));
    }
}

/// A golden record with one tile of the draw order swapped for another (and the `tile`
/// checks of the actions dropped), replayed without its `expected` scores.
fn variant(name: &str, edit: impl FnOnce(&mut Record)) -> Result<Game, RecordError> {
    let mut record = load(name);
    for a in &mut record.actions {
        a.tile = None;
    }
    record.expected = None;
    edit(&mut record);
    record.replay()
}

// ---------------------------------------------------------------------------------------
// R-SIEGE-1: a city holding a besieger/cathar/siege tile is besieged, however many; the
// Cathars and the Siege sets are one set in two printings.

#[test]
fn r_siege_1_cathars_and_siege_together_are_refused() {
    let with = |sets: &[Expansion]| {
        let mut s = Setup::base(2);
        s.sets = sets.to_vec();
        Game::new(s, 1)
    };
    let err = with(&[Expansion::Base, Expansion::Cathars, Expansion::Siege])
        .expect_err("Cathars and Siege are the same tiles");
    assert_eq!(err, SetupError::CatharsWithSiege);
    assert_eq!(err.rule(), "R-SIEGE-1");
    // Through a record too: s02 (Cathars) with Siege added is refused before any action.
    let refused = variant("s02_besieged_incomplete_next_to_normal.json", |r| {
        r.setup.sets.push(Expansion::Siege);
    });
    assert_eq!(
        refused.err(),
        Some(RecordError::Setup {
            index: None,
            error: SetupError::CatharsWithSiege
        })
    );
    // Every other combination of the three sets is accepted.
    for sets in [
        vec![Expansion::Besiegers],
        vec![Expansion::Cathars],
        vec![Expansion::Siege],
        vec![Expansion::Besiegers, Expansion::Cathars],
        vec![Expansion::Besiegers, Expansion::Siege],
    ] {
        let game = with(&sets).unwrap_or_else(|e| panic!("{sets:?} refused: {e}"));
        assert!(game.rules().siege, "{sets:?} plays besieged cities");
    }
    assert!(!with(&[Expansion::Base]).expect("base").rules().siege);
}

#[test]
fn r_siege_1_a_city_joined_to_a_siege_tile_is_besieged() {
    let record = load("s06_three_siege_tiles_one_city.json");
    let start = Game::new(record.setup.clone(), record.seed).expect("valid setup");
    assert!(
        !besieged(&start, Pos::new(0, 0), "N"),
        "the start city holds no siege tile yet"
    );
    let s = steps("s06_three_siege_tiles_one_city.json");
    // Action #0 joins besiegers/city3 to the start city: the whole city is besieged.
    assert!(besieged(&s[0].0, Pos::new(0, 0), "N"));
    assert!(besieged(&s[0].0, Pos::new(0, -1), "W"));
    // The normal city of s05 ([1,0] + [1,-1]) is not, and scores R-BASE-7 in the same game.
    let game = golden("s05_farm_besieged_city_counts_double.json");
    assert!(!besieged(&game, Pos::new(1, -1), "S"));
    assert!(besieged(&game, Pos::new(0, 0), "N"));
    let normal = only(&game, "R-BASE-7");
    assert_eq!(tiles_of(normal), vec![Pos::new(1, -1), Pos::new(1, 0)]);
    assert_eq!(normal.points, 4);
}

#[test]
fn r_siege_1_several_siege_tiles_have_no_extra_effect() {
    let game = golden("s06_three_siege_tiles_one_city.json");
    let city = only(&game, "R-SIEGE-2");
    assert_eq!(
        tiles_of(city),
        vec![
            Pos::new(-1, -1),
            Pos::new(0, -1),
            Pos::new(0, 0),
            Pos::new(1, -1)
        ]
    );
    assert_eq!(city.shields, 0);
    assert_eq!(
        city.points, 4,
        "1 per tile, whatever the number of siege tiles"
    );
    assert_eq!(*city.winners, [0]);
    let field = only(&game, "R-SIEGE-4");
    assert_eq!(
        field.count, 1,
        "the besieged city counts once for the field"
    );
    assert_eq!(field.points, 6);
    assert_eq!(*field.winners, [1]);
    assert_eq!(game.scores(), &[4, 6]);
}

// ---------------------------------------------------------------------------------------
// R-SIEGE-2: a completed besieged city scores 1 per tile and shield (2 and 2 with a
// cathedral).

#[test]
fn r_siege_2_completed_besieged_city_scores_one_per_tile_and_shield() {
    let s = steps("s01_besieged_city_completed.json");
    let (game, events) = &s[3];
    let now: Vec<&ScoreEntry> = scored(events)
        .into_iter()
        .filter(|e| e.when == ScoreTime::Turn)
        .collect();
    assert_eq!(now.len(), 1, "the city scores in Ben's turn: {now:?}");
    let e = now[0];
    assert_eq!(e.rule, "R-SIEGE-2");
    assert_eq!(e.kind, FeatureKind::City);
    assert_eq!(e.when, ScoreTime::Turn);
    assert_eq!(
        tiles_of(e),
        vec![Pos::new(0, -1), Pos::new(0, 0), Pos::new(1, -1)]
    );
    assert_eq!(e.shields, 1);
    assert_eq!(e.points, 4, "3 tiles x 1 + 1 shield x 1");
    assert_eq!(*e.winners, [0]);
    assert_eq!(
        game.supply(0, FollowerKind::Meeple),
        7,
        "the knight is back"
    );
    assert!(entries(game, "R-BASE-7").is_empty());
    // The same layout without the siege marker (Inns & Cathedrals' city1_road_s) scores 8.
    let plain = variant("s01_besieged_city_completed.json", |r| {
        r.setup.sets.push(Expansion::InnsCathedrals);
        r.setup.draw_order[1] = "ic/city1_road_s".into();
    })
    .expect("the plain variant replays");
    assert!(entries(&plain, "R-SIEGE-2").is_empty());
    assert_eq!(only(&plain, "R-BASE-7").points, 8);
    assert_eq!(plain.scores(), &[8, 1]);
}

#[test]
fn r_siege_2_besieged_city_with_a_cathedral_scores_two_per_tile_and_shield() {
    let game = golden("s03_besieged_cathedral_city_completed.json");
    let e = only(&game, "R-SIEGE-2");
    assert_eq!(e.when, ScoreTime::Turn);
    assert_eq!(e.tiles.len(), 6);
    assert_eq!(e.shields, 1);
    assert_eq!(e.points, 14, "6 tiles x 2 + 1 shield x 2 (not 3 and 3)");
    assert_eq!(*e.winners, [0]);
    assert!(entries(&game, "R-IC-2").is_empty(), "the siege rule wins");
    assert_eq!(game.scores(), &[14, 1]);
}

#[test]
fn r_siege_2_tiny_besieged_city_scores_nothing() {
    // With option tiny_city (R-BASE-7), a completed besieged city of 2 tiles scores 0: one
    // point less per tile and shield than the tiny city's 1.
    let game = golden("s14_tiny_besieged_city_scores_nothing.json");
    let e = only(&game, "R-SIEGE-2");
    assert_eq!((e.tiles.len(), e.points, e.when), (2, 0, ScoreTime::Turn));
    assert_eq!(
        *e.winners,
        [0],
        "Ada's knight had the majority, for nothing"
    );
    let tiny = only(&game, "R-BASE-7");
    assert_eq!((tiny.tiles.len(), tiny.points), (2, 2));
    assert_eq!(game.scores(), &[0, 2]);
    // Without the option the besieged city scores 1 per tile (R-SIEGE-2), the other 2 per tile.
    let off = variant("s14_tiny_besieged_city_scores_nothing.json", |r| {
        r.setup.options.tiny_city = false;
    })
    .expect("replays");
    assert_eq!(only(&off, "R-SIEGE-2").points, 2);
    assert_eq!(off.scores(), &[2, 4]);
    // A larger besieged city is no tiny city: s01's 3 tiles and 1 shield still score 4.
    let s01 = variant("s01_besieged_city_completed.json", |r| {
        r.setup.options.tiny_city = true;
    })
    .expect("replays");
    assert_eq!(only(&s01, "R-SIEGE-2").points, 4);
}

// ---------------------------------------------------------------------------------------
// R-SIEGE-3: an incomplete besieged city scores 0 at the end.

#[test]
fn r_siege_3_incomplete_besieged_city_scores_zero_next_to_a_normal_one() {
    let game = golden("s02_besieged_incomplete_next_to_normal.json");
    let siege = only(&game, "R-SIEGE-3");
    assert_eq!(siege.kind, FeatureKind::City);
    assert_eq!(siege.when, ScoreTime::Final);
    assert_eq!(
        tiles_of(siege),
        vec![Pos::new(0, -1), Pos::new(0, 0), Pos::new(1, -1)]
    );
    assert_eq!(*siege.strength, [1, 0]);
    assert_eq!(*siege.winners, [0]);
    assert_eq!(siege.points, 0);
    let normal: Vec<&ScoreEntry> = entries(&game, "R-BASE-12")
        .into_iter()
        .filter(|e| e.kind == FeatureKind::City)
        .collect();
    assert_eq!(normal.len(), 1);
    assert_eq!(tiles_of(normal[0]), vec![Pos::new(0, 1), Pos::new(1, 1)]);
    assert_eq!(normal[0].shields, 1);
    assert_eq!(normal[0].points, 3, "2 tiles + 1 shield");
    assert_eq!(*normal[0].winners, [1]);
    assert_eq!(game.scores(), &[0, 3]);
}

#[test]
fn r_siege_3_incomplete_besieged_city_with_a_cathedral_scores_zero() {
    let game = golden("s04_besieged_cathedral_city_incomplete.json");
    let e = only(&game, "R-SIEGE-3");
    assert_eq!(e.when, ScoreTime::Final);
    assert_eq!(e.tiles.len(), 4);
    assert_eq!(e.shields, 1);
    assert_eq!(*e.winners, [0]);
    assert_eq!(e.points, 0);
    assert!(entries(&game, "R-IC-2").is_empty());
    assert_eq!(game.scores(), &[0, 1]);
}

// ---------------------------------------------------------------------------------------
// R-SIEGE-4: a completed besieged city counts 6 for farmers instead of 3.

#[test]
fn r_siege_4_besieged_city_counts_double_for_farmers() {
    let game = golden("s05_farm_besieged_city_counts_double.json");
    let fields = entries(&game, "R-SIEGE-4");
    assert_eq!(fields.len(), 2, "{:?}", game.score_log());
    let ben = fields
        .iter()
        .find(|e| *e.winners == [1])
        .expect("Ben's field");
    assert_eq!(ben.kind, FeatureKind::Field);
    assert_eq!(ben.count, 2, "the besieged city and the normal city");
    assert_eq!(ben.points, 9, "6 + 3");
    let ada = fields
        .iter()
        .find(|e| *e.winners == [0])
        .expect("Ada's field");
    assert_eq!(ada.count, 1);
    assert_eq!(ada.points, 6);
    assert!(entries(&game, "R-BASE-13").is_empty());
    // With a plain cap instead of the siege tile, both cities count 3.
    let plain = variant("s05_farm_besieged_city_counts_double.json", |r| {
        r.setup.sets.push(Expansion::InnsCathedrals);
        r.setup.draw_order[0] = "ic/city1_road_s".into();
    })
    .expect("the plain variant replays");
    assert!(entries(&plain, "R-SIEGE-4").is_empty());
    let mut points: Vec<u32> = entries(&plain, "R-BASE-13")
        .iter()
        .map(|e| e.points)
        .collect();
    points.sort_unstable();
    assert_eq!(points, vec![3, 6]);
    assert_eq!(plain.scores(), &[4 + 4 + 3, 6]);
}

#[test]
fn r_siege_4_incomplete_besieged_city_is_worth_nothing_to_farmers() {
    // s11: Ada's field touches the completed besieged city A and the open besieged city B.
    let game = golden("s11_one_knight_escapes_per_turn.json");
    let field = only(&game, "R-SIEGE-4");
    assert_eq!(*field.winners, [0]);
    assert_eq!(field.count, 1, "only the completed city counts");
    assert_eq!(field.points, 6);
}

// ---------------------------------------------------------------------------------------
// R-SIEGE-5: at the end of their own turn, a player may take one knight back from a besieged
// city next to a monastery or shrine (option `siege_escape`); one per turn; the City of
// Carcassonne deploy comes first.

#[test]
fn r_siege_5_knight_escapes_through_a_monastery_next_to_a_siege_tile() {
    let s = steps("s07_escape_via_monastery.json");
    // Ben placed the monastery but has no knight in the city: no escape for him.
    waits_for_placement(&s[3].0, 0);
    // Ada's turn: after her deploy, the escape decision for her one knight.
    let (game, _) = &s[5];
    waits_for(game, 0, DecisionKind::Escape);
    assert_eq!(game.legal_actions(), vec![escape(0, -1, "S"), Action::Pass]);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 5);
    // The escape: the knight goes home and nothing scores.
    let (after, events) = &s[6];
    assert!(events.contains(&Event::KnightEscaped {
        seat: 0,
        at: Pos::new(0, -1)
    }));
    assert!(scored(events).is_empty());
    assert_eq!(after.score_log(), game.score_log());
    assert_eq!(after.scores(), game.scores());
    assert_eq!(after.supply(0, FollowerKind::Meeple), 6);
    assert_eq!(
        on_board(after, 0),
        vec![(Pos::new(1, 0), feature("E"), FollowerKind::Meeple)],
        "only the thief is left"
    );
    let city = after
        .feature_at(Pos::new(0, -1), feature("S"))
        .expect("the city");
    assert_eq!(after.graph().occupants(city), 0);
    waits_for_placement(after, 1);
    // Ben could then put his own knight into the empty city, and is offered the escape too.
    waits_for(&s[8].0, 1, DecisionKind::Escape);
    let game = golden("s07_escape_via_monastery.json");
    let city = only(&game, "R-SIEGE-2");
    assert_eq!(*city.winners, [1], "Ada left: only Ben scores");
    assert_eq!(city.points, 4);
}

#[test]
fn r_siege_5_any_port_and_any_tile_of_the_besieged_city_names_the_escape() {
    // s07: Ada's knight stands on [0,-1] (besiegers/city3 turned south: city S+W+E), deployed
    // with "S". Every port of that segment, and every tile of the city with any of its ports,
    // names the same escape (the record format: any port of a feature names it).
    let s = steps("s07_escape_via_monastery.json");
    let (pending, _) = &s[5];
    let mut by_s = pending.clone();
    let events_s = by_s
        .apply(0, &escape(0, -1, "S"))
        .expect("the listed escape");
    for (x, y, port) in [(0, -1, "W"), (0, -1, "E"), (0, 0, "N")] {
        let mut game = pending.clone();
        let events = game
            .apply(0, &escape(x, y, port))
            .unwrap_or_else(|e| panic!("escape by {port} at [{x},{y}] refused: {e}"));
        assert_eq!(events, events_s, "by {port} at [{x},{y}]");
        assert_eq!(game, by_s);
    }
    // The start tile's road is no part of the city: refused.
    let mut game = pending.clone();
    refused(&mut game, 0, &escape(0, 0, "E"), PlayError::NoEscape);
    // The whole game replays with the escape named by another port.
    let other_port = variant("s07_escape_via_monastery.json", |r| {
        r.actions[6].action = escape(0, -1, "E");
    })
    .expect("replays");
    assert_eq!(other_port.scores(), &[2, 8]);
}

#[test]
fn r_siege_5_refused_escapes_leave_the_game_unchanged() {
    let s = steps("s07_escape_via_monastery.json");
    let mut game = s[5].0.clone();
    // The thief on the road is no knight; no follower at all stands on [5,5].
    refused(&mut game, 0, &escape(1, 0, "E"), PlayError::NoEscape);
    refused(&mut game, 0, &escape(5, 5, "S"), PlayError::NoEscape);
    assert_eq!(PlayError::NoEscape.rule(), "R-SIEGE-5");
    refused(
        &mut game,
        1,
        &escape(0, -1, "S"),
        PlayError::NotYourTurn {
            seat: 1,
            expected: 0,
        },
    );
    refused(
        &mut game,
        0,
        &place(2, 0, 0),
        PlayError::WrongAction {
            expected: "escape or pass".into(),
        },
    );
    // Before the deploy step is over, no escape either.
    let mut deploying = s[4].0.clone();
    refused(
        &mut deploying,
        0,
        &escape(0, -1, "S"),
        PlayError::WrongAction {
            expected: "deploy, pass or recall_abbot".into(),
        },
    );
}

#[test]
fn r_siege_5_pass_keeps_the_knight() {
    let s = steps("s12_escape_after_city_deploy.json");
    waits_for(&s[5].0, 0, DecisionKind::Escape);
    let (game, events) = &s[6];
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::KnightEscaped { .. })));
    assert_eq!(
        on_board(game, 0),
        vec![(Pos::new(4, 2), feature("W"), FollowerKind::Meeple)]
    );
    assert_eq!(game.supply(0, FollowerKind::Meeple), 6);
    waits_for_placement(game, 1);
}

#[test]
fn r_siege_5_knight_escapes_through_a_diagonal_shrine() {
    let s = steps("s08_escape_via_shrine.json");
    let (game, _) = &s[5];
    let shrine = game
        .feature_at(Pos::new(1, 0), FeatureRef::Shrine)
        .expect("the shrine at [1,0]");
    assert_eq!(game.graph().node(shrine).kind, FeatureKind::Shrine);
    waits_for(game, 0, DecisionKind::Escape);
    assert_eq!(game.legal_actions(), vec![escape(0, -1, "S"), Action::Pass]);
    let (after, _) = &s[6];
    assert_eq!(after.supply(0, FollowerKind::Meeple), 6);
    let game = golden("s08_escape_via_shrine.json");
    let city = only(&game, "R-SIEGE-2");
    assert!(city.winners.is_empty(), "the city closes empty");
    assert_eq!(game.scores(), &[3, 4]);
}

/// Ada turns `city_tile` south onto the start city [0,-1] with a knight, Ben puts
/// `cloister_tile` north of it [0,-2], Ada extends the start road [1,0]: is Ada then offered
/// the escape?
fn escape_offered(sets: &[Expansion], city_tile: &str, cloister_tile: &str) -> bool {
    let mut game = scenario(
        sets,
        SiegeEscape::SiegeTile,
        &[
            city_tile,
            cloister_tile,
            "base/road_straight",
            "base/road_straight",
        ],
    );
    play_seats(
        &mut game,
        &[
            (0, place(0, -1, 2)),
            (0, meeple("S")),
            (1, place(0, -2, 0)),
            (1, Action::Pass),
            (0, place(1, 0, 0)),
            (0, Action::Pass),
        ],
    );
    match game.pending().map(|d| (d.seat, d.kind)) {
        Some((0, DecisionKind::Escape)) => true,
        Some((1, DecisionKind::PlaceTile { .. })) => false,
        other => panic!("unexpected pending decision {other:?}"),
    }
}

#[test]
fn r_siege_5_only_a_besieged_city_and_a_monastery_or_shrine_allow_an_escape() {
    let sets = [Expansion::Base, Expansion::Abbot, Expansion::Besiegers];
    // Control: the siege tile and a monastery north of it.
    assert!(escape_offered(&sets, "besiegers/city3", "base/monastery"));
    // The same city without a siege tile: no escape.
    assert!(!escape_offered(&sets, "base/city3", "base/monastery"));
    // A garden (even with the Abbot) is not a monastery: no escape.
    assert!(!escape_offered(
        &sets,
        "besiegers/city3",
        "base/city1_garden"
    ));
}

#[test]
fn r_siege_5_any_city_tile_allows_an_escape_that_siege_tile_refuses() {
    let record = load("s09_escape_any_city_tile.json");
    assert_eq!(record.setup.options.siege_escape, SiegeEscape::AnyCityTile);
    let s = steps("s09_escape_any_city_tile.json");
    waits_for(&s[5].0, 0, DecisionKind::Escape);
    assert_eq!(
        s[5].0.legal_actions(),
        vec![escape(0, -1, "S"), Action::Pass]
    );
    // The same tiles with the default rule (s10): the turn ends without an escape.
    assert_eq!(
        load("s10_siege_tile_refuses_escape.json")
            .setup
            .options
            .siege_escape,
        SiegeEscape::SiegeTile
    );
    let t = steps("s10_siege_tile_refuses_escape.json");
    let mut game = t[5].0.clone();
    waits_for_placement(&game, 1);
    // The escape step was skipped for want of a way out: the refusal says so (R-SIEGE-5),
    // not the turn's order (R-BASE-3).
    let err = game.apply(0, &escape(0, -1, "S")).expect_err("no way out");
    assert_eq!(
        (err.clone(), err.rule()),
        (PlayError::NoEscape, "R-SIEGE-5")
    );
    refused(&mut game, 0, &escape(0, -1, "S"), PlayError::NoEscape);
    // s09's actions under siege_tile are refused at the escape.
    let strict = variant("s09_escape_any_city_tile.json", |r| {
        r.setup.options.siege_escape = SiegeEscape::SiegeTile;
    });
    assert_eq!(
        strict.err(),
        Some(RecordError::IllegalAction {
            index: 6,
            error: PlayError::NoEscape
        })
    );
    let strict = golden("s10_siege_tile_refuses_escape.json");
    assert_eq!(*only(&strict, "R-SIEGE-2").winners, [0]);
    assert_eq!(strict.scores(), &[9, 0]);
}

#[test]
fn r_siege_5_one_knight_per_turn() {
    let s = steps("s11_one_knight_escapes_per_turn.json");
    let (game, _) = &s[9];
    waits_for(game, 0, DecisionKind::Escape);
    let mut offered = game.legal_actions();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![escape(0, -1, "S"), escape(0, 1, "S"), Action::Pass];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, want, "both knights may leave, one of them");
    // One escape ends the turn: the other knight stays, and a second escape is refused.
    let mut game = s[10].0.clone();
    waits_for_placement(&game, 1);
    assert_eq!(
        on_board(&game, 0),
        vec![(Pos::new(0, 1), feature("S"), FollowerKind::Meeple)]
    );
    assert_eq!(game.supply(0, FollowerKind::Meeple), 6);
    // At most one knight per turn (R-SIEGE-5).
    refused(&mut game, 0, &escape(0, 1, "S"), PlayError::NoEscape);
    // Ada's next turn: the other knight may leave then.
    let (game, _) = &s[14];
    waits_for(game, 0, DecisionKind::Escape);
    assert_eq!(game.legal_actions(), vec![escape(0, 1, "S"), Action::Pass]);
    let end = golden("s11_one_knight_escapes_per_turn.json");
    assert!(entries(&end, "R-SIEGE-3").is_empty(), "city B is empty");
    assert!(only(&end, "R-SIEGE-2").winners.is_empty(), "city A too");
}

#[test]
fn r_siege_5_escaped_knight_cannot_enter_the_city_of_carcassonne_the_same_turn() {
    let s = steps("s12_escape_after_city_deploy.json");
    // Ada closed Ben's road (3 to Ben, nothing to her): the city deploy comes first, while
    // her knight is still in the besieged city.
    let (game, events) = &s[10];
    let now = scored(events);
    assert_eq!(now.len(), 1);
    assert_eq!((&*now[0].rule, now[0].points), ("R-BASE-6", 3));
    assert_eq!(*now[0].winners, [1]);
    waits_for(game, 0, DecisionKind::CityDeploy);
    assert_eq!(
        on_board(game, 0),
        vec![(Pos::new(4, 2), feature("W"), FollowerKind::Meeple)]
    );
    assert_eq!(game.supply(0, FollowerKind::Meeple), 6);
    assert!(!game
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Escape { .. })));
    let mut early = game.clone();
    refused(
        &mut early,
        0,
        &escape(4, 2, "W"),
        PlayError::WrongAction {
            expected: "city_deploy or pass".into(),
        },
    );
    // City deploy, then the Count, then the escape.
    assert_eq!(s[11].0.city().len(), 1);
    assert!(matches!(
        s[11].0.pending().map(|d| d.kind),
        Some(DecisionKind::MoveCount { .. })
    ));
    waits_for(&s[12].0, 0, DecisionKind::Escape);
    let mut game = s[13].0.clone();
    assert!(on_board(&game, 0).is_empty());
    assert_eq!(
        game.supply(0, FollowerKind::Meeple),
        6,
        "7 - 1 in the castle"
    );
    // The turn is over: the knight, back in supply, cannot go into the city now.
    waits_for_placement(&game, 1);
    refused(
        &mut game,
        0,
        &Action::CityDeploy {
            quarter: Quarter::Castle,
            follower: FollowerKind::Meeple,
        },
        PlayError::NotYourTurn {
            seat: 0,
            expected: 1,
        },
    );
    assert_eq!(
        game.city().len(),
        1,
        "only the meeple deployed before the escape"
    );
}

#[test]
fn r_siege_5_escape_is_offered_on_the_last_turn_before_final_scoring() {
    let s = steps("s12_escape_after_city_deploy.json");
    let (last, _) = &s[15];
    assert!(!last.is_over());
    waits_for(last, 1, DecisionKind::Escape);
    assert!(entries(last, "R-SIEGE-3").is_empty());
    let (end, _) = &s[16];
    assert!(end.is_over());
    let e = only(end, "R-SIEGE-3");
    assert_eq!(*e.winners, [1]);
    assert_eq!(e.tiles.len(), 3);
    assert_eq!(e.points, 0);
}

#[test]
fn r_siege_5_big_meeple_escapes_back_to_supply() {
    let s = steps("s13_big_meeple_escapes.json");
    assert_eq!(s[5].0.supply(0, FollowerKind::BigMeeple), 0);
    waits_for(&s[5].0, 0, DecisionKind::Escape);
    assert_eq!(s[6].0.supply(0, FollowerKind::BigMeeple), 1);
    assert_eq!(s[6].0.supply(0, FollowerKind::Meeple), 7);
    // Had Ada passed instead, Ben could not have put his big meeple into her city.
    let stays = variant("s13_big_meeple_escapes.json", |r| {
        r.actions[6].action = Action::Pass;
    });
    assert_eq!(
        stays.err(),
        Some(RecordError::IllegalAction {
            index: 8,
            error: PlayError::FeatureOccupied {
                feature: feature("W")
            }
        })
    );
    let game = golden("s13_big_meeple_escapes.json");
    assert_eq!(game.scores(), &[4, 7]);
}
