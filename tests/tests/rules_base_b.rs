//! Rule tests for the base game's scoring rules R-BASE-8 … R-BASE-14, on the hand-computed
//! golden games `tests/golden/b*.json` and on small games built in code.

use carcassonne_engine::score::{self, ScoreEntry};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    Action, Event, FeatureRef, FollowerKind, Game, PlayError, Pos, ScoreTime, Setup,
};
use carcassonne_tests::{entries, golden, meeple, place, scored, steps, tiles_of};

/// The only score entry of `kind` scored at `when`.
fn only_at(game: &Game, kind: FeatureKind, when: ScoreTime) -> ScoreEntry {
    let found: Vec<&ScoreEntry> = game
        .score_log()
        .iter()
        .filter(|e| e.kind == kind && e.when == when)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "expected one {kind:?} entry at {when:?}: {found:?}"
    );
    found[0].clone()
}

/// A two-player game whose bag holds exactly `tiles`, in this order.
fn scenario(tiles: &[&str]) -> Game {
    let mut setup = Setup::base(2);
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    Game::new(setup, 3).expect("a valid scenario setup")
}

// ---------------------------------------------------------------------------------------
// R-BASE-8: a monastery is complete when all 8 neighbours are placed; it scores 9.

#[test]
fn r_base_8_monastery_completed_late_scores_nine() {
    let game = golden("b01_monastery_completed_late.json");
    let e = entries(&game, "R-BASE-8");
    assert_eq!(
        e.len(),
        1,
        "one completed monastery: {:?}",
        game.score_log()
    );
    let m = e[0];
    assert_eq!(m.kind, FeatureKind::Monastery);
    assert_eq!(m.when, ScoreTime::Turn);
    assert_eq!(tiles_of(m), vec![Pos::new(0, 1)]);
    assert_eq!(m.count, 8);
    assert_eq!(m.points, 9);
    assert_eq!(*m.winners, [0]);
    assert_eq!(game.scores(), &[9, 3]);
}

#[test]
fn r_base_8_monastery_scores_only_when_the_eighth_neighbour_is_placed() {
    let s = steps("b01_monastery_completed_late.json");
    // 8 turns of 2 actions: the monastery (turn 1) must not score during turns 1–7.
    for (i, (game, events)) in s.iter().enumerate().take(14) {
        assert!(
            scored(events).is_empty() && game.score_log().is_empty(),
            "nothing may score before the 8th neighbour (after action #{i})"
        );
        if i >= 1 {
            assert_eq!(
                game.supply(0, FollowerKind::Meeple),
                6,
                "the monk stays out"
            );
        }
    }
    // Turn 8 (seat 1) places the 8th neighbour: the monk scores 9 in that step.
    let (_, events) = &s[15];
    let monastery: Vec<&ScoreEntry> = scored(events)
        .into_iter()
        .filter(|e| e.rule == "R-BASE-8")
        .collect();
    assert_eq!(monastery.len(), 1);
    assert_eq!(monastery[0].points, 9);
    assert_eq!(*monastery[0].winners, [0]);
}

#[test]
fn r_base_8_seven_neighbours_do_not_complete_a_monastery() {
    let s = steps("b01_monastery_completed_late.json");
    let (game, _) = &s[13];
    let at = Pos::new(0, 1);
    assert_eq!(game.board().neighbours_placed(at), 7);
    assert!(
        game.followers()
            .iter()
            .any(|f| f.at == at && f.feature == FeatureRef::Monastery && f.owner == 0),
        "the monk is still on the monastery with 7 neighbours"
    );
}

// ---------------------------------------------------------------------------------------
// R-BASE-9: majority; a completed feature with no follower scores nothing but is completed.

#[test]
fn r_base_9_completed_city_without_follower_has_no_winners() {
    let game = golden("b03_monastery_road.json");
    let cities = entries(&game, "R-BASE-7");
    assert_eq!(cities.len(), 1);
    let c = cities[0];
    assert_eq!(c.kind, FeatureKind::City);
    assert_eq!(c.when, ScoreTime::Turn);
    assert_eq!(c.tiles.len(), 2);
    assert_eq!(c.points, 4, "the completed city is still measured");
    assert_eq!(*c.strength, [0, 0]);
    assert!(c.winners.is_empty(), "nobody occupied the city: {c:?}");
    // Nobody got those 4 points: Ada has only her monastery (4), Ben his road (3).
    assert_eq!(game.scores(), &[4, 3]);
}

#[test]
fn r_base_9_tie_on_a_field_both_score() {
    let game = golden("b07_fields_merged_tie.json");
    let f = only_at(&game, FeatureKind::Field, ScoreTime::Final);
    assert_eq!(*f.strength, [1, 1]);
    assert_eq!(*f.winners, [0, 1]);
    assert_eq!(f.points, 3);
    assert_eq!(game.scores(), &[3, 3]);
}

#[test]
fn r_base_9_two_farmers_beat_one_after_a_merge() {
    let s = steps("b08_fields_merged_majority.json");
    // Before the monastery at [1,-1] (the last turn), the three farmers stand in three
    // different fields.
    let (before, _) = &s[7];
    let roots: Vec<_> = [
        (Pos::new(1, 0), "N1"),
        (Pos::new(2, -1), "N1"),
        (Pos::new(0, -1), "N1"),
    ]
    .iter()
    .map(|&(at, port)| {
        before
            .feature_at(at, port.parse().expect("a port"))
            .expect("a field there")
    })
    .collect();
    assert!(roots[0] != roots[1] && roots[1] != roots[2] && roots[0] != roots[2]);

    let game = golden("b08_fields_merged_majority.json");
    let f = only_at(&game, FeatureKind::Field, ScoreTime::Final);
    assert_eq!(*f.strength, [2, 1]);
    assert_eq!(*f.winners, [0], "only the majority scores");
    assert_eq!(f.count, 2);
    assert_eq!(f.points, 6);
    assert_eq!(game.scores(), &[6, 4]);
}

// ---------------------------------------------------------------------------------------
// R-BASE-10: a follower may be deployed and scored (returned) in the same turn.

#[test]
fn r_base_10_knight_deployed_and_scored_same_turn_returns_to_supply() {
    let mut game = scenario(&["base/city1", "base/road_straight"]);
    game.apply(0, &place(0, -1, 2))
        .expect("the cap closes the start city");
    let events = game.apply(0, &meeple("S")).expect("a knight on the city");
    let deployed = events
        .iter()
        .position(|e| matches!(e, Event::FollowerDeployed { seat: 0, .. }))
        .expect("the knight was deployed");
    let scored_at = events
        .iter()
        .position(|e| matches!(e, Event::Scored(s) if s.rule == "R-BASE-7"))
        .expect("the city was scored in the same step");
    assert!(deployed < scored_at);
    let s = scored(&events);
    assert_eq!(s.len(), 1);
    assert_eq!(*s[0].winners, [0]);
    assert_eq!(s[0].points, 4);
    assert_eq!(game.scores(), &[4, 0]);
    assert_eq!(
        game.supply(0, FollowerKind::Meeple),
        7,
        "the knight is back"
    );
    assert!(game.followers().is_empty());
    assert!(!game.is_over(), "one tile is left");
    assert_eq!(game.active_seat(), 1);
}

#[test]
fn r_base_10_thief_closing_a_road_is_back_in_supply_at_once() {
    let s = steps("b03_monastery_road.json");
    // Action #3: Ben deploys a thief on the road his monastery_road tile closes.
    let (game, events) = &s[3];
    let roads: Vec<&ScoreEntry> = scored(events)
        .into_iter()
        .filter(|e| e.kind == FeatureKind::Road)
        .collect();
    assert_eq!(roads.len(), 1);
    assert_eq!(roads[0].rule, "R-BASE-6");
    assert_eq!(roads[0].tiles.len(), 3);
    assert_eq!(*roads[0].winners, [1]);
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7);
    assert_eq!(game.scores(), &[0, 3]);
}

// ---------------------------------------------------------------------------------------
// R-BASE-11: farmers stay until the end; several scorings of one turn happen in one step.

#[test]
fn r_base_11_farmer_stays_while_its_cities_are_completed() {
    let s = steps("b10_farmer_stays.json");
    let farmer_on_board = |g: &Game| {
        g.followers()
            .iter()
            .any(|f| f.owner == 0 && f.at == Pos::new(1, 0))
    };
    // From the deploy (action #1) until the last action, Ada's farmer is on the board and
    // out of supply.
    for (i, (game, _)) in s.iter().enumerate().take(s.len() - 1).skip(1) {
        assert!(farmer_on_board(game), "farmer gone after action #{i}");
        assert_eq!(game.supply(0, FollowerKind::Meeple), 6, "after action #{i}");
    }
    // Action #3: Ben closes the east city its field touches; the farmer does not return.
    let cities: Vec<&ScoreEntry> = scored(&s[3].1)
        .into_iter()
        .filter(|e| e.kind == FeatureKind::City)
        .collect();
    assert_eq!(cities.len(), 1);
    assert_eq!(*cities[0].winners, [1]);
    // Action #5: Ada's own knight closes the start city and returns; the farmer still stays.
    let cities: Vec<&ScoreEntry> = scored(&s[5].1)
        .into_iter()
        .filter(|e| e.kind == FeatureKind::City)
        .collect();
    assert_eq!(cities.len(), 1);
    assert_eq!(*cities[0].winners, [0]);
    assert_eq!(s[5].0.supply(0, FollowerKind::Meeple), 6);
    // At the end the farmer scores both completed cities.
    let game = golden("b10_farmer_stays.json");
    let f = only_at(&game, FeatureKind::Field, ScoreTime::Final);
    assert_eq!(*f.winners, [0]);
    assert_eq!(f.count, 2);
    assert_eq!(f.points, 6);
    assert_eq!(game.scores(), &[10, 4]);
}

#[test]
fn r_base_11_no_field_is_scored_during_the_game() {
    for name in [
        "b04_field_three_cities.json",
        "b07_fields_merged_tie.json",
        "b08_fields_merged_majority.json",
        "b09_one_city_two_fields.json",
        "b10_farmer_stays.json",
    ] {
        let game = golden(name);
        assert!(
            game.score_log()
                .iter()
                .filter(|e| e.kind == FeatureKind::Field)
                .all(|e| e.when == ScoreTime::Final),
            "{name}: a field scored before the end"
        );
    }
}

#[test]
fn r_base_11_one_tile_completing_two_features_scores_both_in_one_step() {
    let mut game = scenario(&[
        "base/road_straight",
        "base/monastery_road",
        "base/city1_road_junction3",
        "base/road_straight",
    ]);
    game.apply(0, &place(1, 0, 0))
        .expect("road east of the start");
    game.apply(0, &Action::Pass).expect("pass");
    // Ben: a monastery whose road leads west, with a thief on that road.
    game.apply(1, &place(1, -1, 1))
        .expect("monastery_road at [1,-1]");
    game.apply(1, &meeple("W")).expect("a thief on the road");
    // Ada: the junction tile closes the start city (city S) and Ben's road (E) at once.
    game.apply(0, &place(0, -1, 2))
        .expect("junction tile above the start");
    let events = game.apply(0, &meeple("S")).expect("a knight on the city");
    let s = scored(&events);
    assert_eq!(s.len(), 2, "city and road scored in the same step: {s:?}");
    let city = s
        .iter()
        .find(|e| e.kind == FeatureKind::City)
        .expect("the city");
    let road = s
        .iter()
        .find(|e| e.kind == FeatureKind::Road)
        .expect("the road");
    assert_eq!((city.points, city.winners.to_vec()), (4, vec![0]));
    assert_eq!((road.points, road.winners.to_vec()), (2, vec![1]));
    assert_eq!(game.scores(), &[4, 2]);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7);
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7);
}

// ---------------------------------------------------------------------------------------
// R-BASE-12: the game ends after the last tile; incomplete features score at the end.

#[test]
fn r_base_12_incomplete_monastery_scores_one_plus_neighbours() {
    let game = golden("b02_monastery_incomplete.json");
    let m = only_at(&game, FeatureKind::Monastery, ScoreTime::Final);
    assert_eq!(m.rule, "R-BASE-12");
    assert_eq!(tiles_of(&m), vec![Pos::new(0, 1)]);
    assert_eq!(m.count, 5);
    assert_eq!(m.points, 6);
    assert_eq!(*m.winners, [0]);
    assert!(entries(&game, "R-BASE-8").is_empty());
}

#[test]
fn r_base_12_monastery_road_tile_scores_as_a_monastery() {
    let game = golden("b03_monastery_road.json");
    let m = only_at(&game, FeatureKind::Monastery, ScoreTime::Final);
    assert_eq!(tiles_of(&m), vec![Pos::new(1, 0)]);
    assert_eq!(m.count, 3);
    assert_eq!(m.points, 4);
    assert_eq!(*m.winners, [0]);
}

#[test]
fn r_base_12_incomplete_road_and_city_with_shields() {
    let game = golden("b11_incomplete_road_and_shield_city.json");
    let road = only_at(&game, FeatureKind::Road, ScoreTime::Final);
    assert_eq!(road.rule, "R-BASE-12");
    assert_eq!(road.tiles.len(), 3);
    assert_eq!(road.points, 3);
    assert_eq!(*road.winners, [1]);
    let city = only_at(&game, FeatureKind::City, ScoreTime::Final);
    assert_eq!(city.rule, "R-BASE-12");
    assert_eq!(city.tiles.len(), 3);
    assert_eq!(city.shields, 2);
    assert_eq!(city.points, 5, "1 per tile + 1 per shield");
    assert_eq!(*city.winners, [0]);
    assert_eq!(game.scores(), &[5, 3]);
}

#[test]
fn r_base_12_game_ends_after_the_last_tile() {
    let s = steps("b11_incomplete_road_and_shield_city.json");
    let last = s.len() - 1;
    for (i, (game, _)) in s.iter().enumerate().take(last) {
        assert!(!game.is_over(), "over too early, after action #{i}");
        assert!(game.score_log().is_empty());
    }
    let (game, events) = &s[last];
    assert!(game.is_over());
    assert!(matches!(events.last(), Some(Event::GameOver { scores }) if scores == &[5, 3]));
    let mut game = game.clone();
    assert_eq!(game.apply(0, &Action::Pass), Err(PlayError::GameOver));
}

#[test]
fn r_base_12_final_scoring_has_every_category() {
    let game = golden("b13_final_every_category.json");
    let road = only_at(&game, FeatureKind::Road, ScoreTime::Final);
    assert_eq!((road.points, road.winners.to_vec()), (3, vec![1]));
    let city = only_at(&game, FeatureKind::City, ScoreTime::Final);
    assert_eq!((city.tiles.len(), city.shields, city.points), (2, 1, 3));
    assert_eq!(*city.winners, [0]);
    let monastery = only_at(&game, FeatureKind::Monastery, ScoreTime::Final);
    assert_eq!((monastery.count, monastery.points), (4, 5));
    let field = only_at(&game, FeatureKind::Field, ScoreTime::Final);
    assert_eq!((field.count, field.points), (1, 3));
    assert_eq!(*field.winners, [0]);
    // Fields come after roads, cities and monasteries.
    let finals: Vec<FeatureKind> = game
        .score_log()
        .iter()
        .filter(|e| e.when == ScoreTime::Final)
        .map(|e| e.kind)
        .collect();
    assert_eq!(finals.last(), Some(&FeatureKind::Field));
    assert_eq!(game.scores(), &[11, 7]);
    // Every figure is back after final scoring.
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7);
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7);
}

// ---------------------------------------------------------------------------------------
// R-BASE-13: 3 per completed city a field touches, each city once per field.

#[test]
fn r_base_13_field_scores_three_per_completed_city() {
    let game = golden("b04_field_three_cities.json");
    let f = only_at(&game, FeatureKind::Field, ScoreTime::Final);
    assert_eq!(f.rule, "R-BASE-13");
    assert_eq!(f.count, 3);
    assert_eq!(f.points, 9);
    assert_eq!(*f.winners, [0]);
    assert_eq!(game.scores(), &[9, 7]);
}

#[test]
fn r_base_13_field_counts_each_city_once() {
    let game = golden("b05_field_same_city_two_sides.json");
    let f = only_at(&game, FeatureKind::Field, ScoreTime::Final);
    // The field runs round the city on both sides (6 tiles) and touches it 3 times.
    assert_eq!(f.tiles.len(), 6);
    assert!(f.tiles.contains(&Pos::new(1, -1)) && f.tiles.contains(&Pos::new(-1, -1)));
    assert_eq!(f.count, 1);
    assert_eq!(f.points, 3);
    assert_eq!(*f.winners, [1]);
    assert_eq!(game.scores(), &[9, 3]);
}

#[test]
fn r_base_13_incomplete_city_is_worth_nothing_to_a_field() {
    let game = golden("b06_field_incomplete_city.json");
    let f = only_at(&game, FeatureKind::Field, ScoreTime::Final);
    assert_eq!(f.count, 1, "only the completed start city counts");
    assert_eq!(f.points, 3);
    assert_eq!(*f.winners, [1]);
    let city = only_at(&game, FeatureKind::City, ScoreTime::Final);
    assert_eq!((city.tiles.len(), city.points), (1, 1));
}

#[test]
fn r_base_13_one_city_scores_for_two_fields() {
    let game = golden("b09_one_city_two_fields.json");
    let fields: Vec<&ScoreEntry> = game
        .score_log()
        .iter()
        .filter(|e| e.kind == FeatureKind::Field)
        .collect();
    assert_eq!(fields.len(), 2, "two separate fields");
    for f in &fields {
        assert_eq!(f.rule, "R-BASE-13");
        assert_eq!(f.count, 1);
        assert_eq!(f.points, 3);
        assert_eq!(*f.winners, [0]);
    }
    assert_eq!(game.scores(), &[6, 3]);
}

#[test]
fn r_base_13_no_farmers_option_forbids_farmers() {
    let mut setup = Setup::base(2);
    setup.draw_order = vec!["base/road_straight".into()];
    setup.draw_order_only = true;
    setup.options.farmers = false;
    let mut game = Game::new(setup, 3).expect("valid setup");
    game.apply(0, &place(1, 0, 0)).expect("placement");
    assert_eq!(game.apply(0, &meeple("N1")), Err(PlayError::FarmersOff));
}

// ---------------------------------------------------------------------------------------
// R-BASE-14: ties in the final standing are shared; the breakdown explains every point.

#[test]
fn r_base_14_tied_players_share_a_rank() {
    let game = golden("b12_standings_tie.json");
    assert_eq!(game.scores(), &[4, 4, 3]);
    assert_eq!(
        score::standings(game.scores()),
        vec![(1, vec![0, 1]), (3, vec![2])]
    );
}

#[test]
fn r_base_14_field_tie_gives_a_shared_first_place() {
    let game = golden("b07_fields_merged_tie.json");
    assert_eq!(score::standings(game.scores()), vec![(1, vec![0, 1])]);
}

#[test]
fn r_base_14_breakdown_adds_up_to_the_scores() {
    for name in [
        "b12_standings_tie.json",
        "b13_final_every_category.json",
        "b04_field_three_cities.json",
    ] {
        let game = golden(name);
        let cats = score::categories(game.score_log(), game.players());
        let totals: Vec<u32> = cats.iter().map(score::CategoryTotals::total).collect();
        assert_eq!(totals, game.scores(), "{name}");
    }
    let game = golden("b13_final_every_category.json");
    let cats = score::categories(game.score_log(), game.players());
    assert_eq!(
        (
            cats[0].roads,
            cats[0].cities,
            cats[0].monasteries,
            cats[0].fields
        ),
        (0, 3, 5, 3)
    );
    assert_eq!(
        (
            cats[1].roads,
            cats[1].cities,
            cats[1].monasteries,
            cats[1].fields
        ),
        (3, 4, 0, 0)
    );
}
