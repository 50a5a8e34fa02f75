//! Rule tests for Count, King & Robber: the King and the Robber Baron (R-CKR-8 … R-CKR-10),
//! shrines and challenges (R-CKR-11 … R-CKR-13) and the new land tiles (R-CKR-14), on the
//! hand-computed golden games `tests/golden/k*.json` and on small games built in code. The
//! French rule page (`shared/seeds/000_40eb2823f1437ade.txt`) is the authority.

use carcassonne_engine::expansions::count::Quarter;
use carcassonne_engine::expansions::king_robber::{Holder, KingRobberScoring};
use carcassonne_engine::score::ScoreEntry;
use carcassonne_engine::tiles::{catalogue, FeatureKind, TileSet};
use carcassonne_engine::{
    Action, DecisionKind, Event, Expansion, FeatureRef, FollowerKind, Game, PlayError, Pos,
    ScoreTime, Setup, SetupError,
};
use carcassonne_tests::{
    deploy, entries, feature, golden, load, meeple, place, play, refused, scored, steps, tile,
    tiles_of,
};

// ---------------------------------------------------------------------------------------
// Helpers

/// Replays a golden record with a changed setup (another toggle set or option) and returns
/// the final game.
fn replay_with(name: &str, change: impl FnOnce(&mut Setup)) -> Game {
    let record = load(name);
    let mut setup = record.setup.clone();
    change(&mut setup);
    let mut game = Game::new(setup, record.seed).expect("a valid setup");
    for (i, ra) in record.actions.iter().enumerate() {
        game.apply(ra.seat, &ra.action)
            .unwrap_or_else(|e| panic!("{name} (changed): action #{i} refused: {e}"));
    }
    assert!(game.is_over(), "{name} (changed) must still finish");
    game
}

/// The scorings of phase 3 among `events` (the last action of a game also runs final scoring).
fn turn_scored(events: &[Event]) -> Vec<&ScoreEntry> {
    scored(events)
        .into_iter()
        .filter(|e| e.when == ScoreTime::Turn)
        .collect()
}

fn king_taken(events: &[Event]) -> Vec<(u8, u16)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::KingTaken { seat, tiles } => Some((*seat, *tiles)),
            _ => None,
        })
        .collect()
}

fn robber_taken(events: &[Event]) -> Vec<(u8, u16)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RobberTaken { seat, tiles } => Some((*seat, *tiles)),
            _ => None,
        })
        .collect()
}

fn holder(seat: u8, tiles: u16) -> Option<Holder> {
    Some(Holder { seat, tiles })
}

/// A two-player game with these toggles whose bag holds exactly `tiles`, in this order.
fn scenario(sets: &[Expansion], tiles: &[&str]) -> Game {
    let mut setup = Setup::base(2);
    setup.sets = sets.to_vec();
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    Game::new(setup, 5).expect("a valid scenario setup")
}

/// The follower standing on the centre feature (monastery, shrine) of the tile at `at`.
fn centre_followers(game: &Game, at: Pos) -> Vec<(u8, FollowerKind)> {
    game.followers()
        .iter()
        .filter(|f| f.at == at && matches!(f.feature, FeatureRef::Monastery | FeatureRef::Shrine))
        .map(|f| (f.owner, f.kind))
        .collect()
}

const SHRINES: [Expansion; 2] = [Expansion::Base, Expansion::Shrines];

/// The tiles of `k09`: road [1,0], monastery [0,1], shrine [1,1], then the shrine's other
/// neighbours, its 8th being [1,2] (the monastery then has 5 neighbours).
const K09_TILES: [&str; 8] = [
    "base/road_straight",
    "base/monastery",
    "ckr_shrines/shrine",
    "base/road_curve",
    "base/city1",
    "base/city1",
    "base/road_curve",
    "base/city1",
];

/// `k09` with the deployments of turn 2 (monastery) and turn 3 (shrine) chosen by the caller;
/// returns the game and the events of the last turn.
fn k09_with(on_monastery: Action, on_shrine: Action) -> (Game, Vec<Event>) {
    let mut game = scenario(&SHRINES, &K09_TILES);
    play(
        &mut game,
        &[
            place(1, 0, 0),
            Action::Pass,
            place(0, 1, 0),
            on_monastery,
            place(1, 1, 0),
            on_shrine,
            place(2, 0, 1),
            Action::Pass,
            place(2, 1, 1),
            Action::Pass,
            place(0, 2, 2),
            Action::Pass,
            place(2, 2, 3),
            Action::Pass,
            place(1, 2, 2),
        ],
    );
    let last = play(&mut game, &[Action::Pass]);
    assert!(game.is_over());
    (game, last)
}

// ---------------------------------------------------------------------------------------
// R-CKR-8: the first completed city takes the King, whoever scores it; later only a city with
// strictly more tiles. Same for roads and the Robber Baron.

#[test]
fn r_ckr_8_first_city_takes_the_king_whoever_scores_it() {
    let s = steps("k01_king_first_city_then_strictly_larger.json");
    // Turn 1 (actions 0-1): Ada closes the start city, 2 tiles.
    assert_eq!(
        s[0].0.king_and_robber(),
        (None, None),
        "nothing before a city"
    );
    assert_eq!(king_taken(&s[1].1), vec![(0, 2)]);
    assert_eq!(s[1].0.king_and_robber().0, holder(0, 2));
    // Turn 6 (actions 10-11): Ben closes Ada's 3-tile city; Ada scores, Ben takes the King.
    let (game, events) = &s[11];
    let city = turn_scored(events);
    assert_eq!(city.len(), 1);
    assert_eq!((city[0].winners.to_vec(), city[0].points), (vec![0], 6));
    assert_eq!(city[0].tiles.len(), 3);
    assert_eq!(king_taken(events), vec![(1, 3)]);
    assert_eq!(game.king_and_robber(), (holder(1, 3), None));
}

#[test]
fn r_ckr_8_equal_city_does_not_take_the_king() {
    let s = steps("k01_king_first_city_then_strictly_larger.json");
    // Turn 4 (actions 6-7): Ben closes his own 2-tile city while Ada holds a 2-tile King.
    let (game, events) = &s[7];
    let city = scored(events);
    assert_eq!(city.len(), 1, "{events:?}");
    assert_eq!((city[0].winners.to_vec(), city[0].points), (vec![1], 4));
    assert_eq!(city[0].tiles.len(), 2);
    assert!(king_taken(events).is_empty(), "an equal city takes nothing");
    assert_eq!(game.king_and_robber().0, holder(0, 2));
}

#[test]
fn r_ckr_8_robber_goes_by_tiles_not_points() {
    let s = steps("k03_robber_inn_road.json");
    // Turn 2: Ben closes Ada's 3-tile road.
    assert_eq!(robber_taken(&s[3].1), vec![(1, 3)]);
    // Turn 5: Ada closes Ben's 4-tile inn road (8 points to Ben): 4 > 3 tiles.
    let (game, events) = s.last().expect("actions");
    let road = scored(events);
    assert_eq!(road[0].rule, "R-IC-1");
    assert_eq!((road[0].winners.to_vec(), road[0].points), (vec![1], 8));
    assert_eq!(robber_taken(events), vec![(0, 4)]);
    assert_eq!(game.king_and_robber(), (None, holder(0, 4)));
    assert!(king_taken(&s.iter().flat_map(|x| x.1.clone()).collect::<Vec<_>>()).is_empty());
}

#[test]
fn r_ckr_8_equal_road_does_not_take_the_robber() {
    let s = steps("k08_king_robber_flat15_40_split.json");
    // Turn 5 (actions 8-9): Ben closes a 3-tile road; turn 6 (actions 10-11): Cid closes
    // another 3-tile road, empty: completed, but not larger.
    assert_eq!(robber_taken(&s[9].1), vec![(1, 3)]);
    let (game, events) = &s[11];
    let road = turn_scored(events);
    assert_eq!(road.len(), 1);
    assert_eq!((road[0].tiles.len(), road[0].winners.len()), (3, 0));
    assert!(robber_taken(events).is_empty());
    assert_eq!(game.king_and_robber(), (holder(0, 2), holder(1, 3)));
}

#[test]
fn r_ckr_8_city_of_carcassonne_never_takes_the_king() {
    let s = steps("k05_king_robber_city_of_carcassonne.json");
    // The City of Carcassonne is a completed 12-space city from the start, yet nobody holds
    // the King, and a 2-tile city takes it.
    assert_eq!(s[1].0.king_and_robber(), (None, None));
    assert_eq!(king_taken(&s[3].1), vec![(1, 2)]);
    assert_eq!(s[3].0.king_and_robber().0, holder(1, 2));
    // The road from the City's north-east cell [3,0] to the junction [3,-1]: 2 tiles.
    let (game, events) = s.last().expect("actions");
    assert_eq!(robber_taken(events), vec![(0, 2)]);
    assert_eq!(game.king_and_robber(), (holder(1, 2), holder(0, 2)));
}

#[test]
fn r_ckr_8_no_king_nor_robber_without_the_toggle() {
    let game = replay_with("k01_king_first_city_then_strictly_larger.json", |s| {
        s.sets.retain(|&e| e != Expansion::KingRobber);
    });
    assert_eq!(game.king_and_robber(), (None, None));
    assert!(entries(&game, "R-CKR-9").is_empty());
    assert_eq!(game.scores(), &[10, 4], "Ben loses the King's 3 points");
}

// ---------------------------------------------------------------------------------------
// R-CKR-9: at the end the King scores 1 per completed city (the City of Carcassonne and
// cathedral cities included, 1 each), the Robber 1 per completed road (inn roads 1 each);
// road length is counted in tiles, junction tiles included.

#[test]
fn r_ckr_9_king_counts_a_cathedral_city_once() {
    let game = golden("k02_king_with_cathedral_city.json");
    let cathedral = entries(&game, "R-IC-2");
    assert_eq!(cathedral.len(), 1);
    assert_eq!((cathedral[0].tiles.len(), cathedral[0].points), (5, 15));
    let king = entries(&game, "R-CKR-9");
    assert_eq!(king.len(), 1, "only the King is held");
    assert_eq!(king[0].kind, FeatureKind::City);
    assert_eq!(king[0].when, ScoreTime::Final);
    assert_eq!(*king[0].winners, [1]);
    assert_eq!((king[0].count, king[0].points), (2, 2));
    assert_eq!(game.scores(), &[19, 2]);
}

#[test]
fn r_ckr_9_robber_counts_an_inn_road_once() {
    let game = golden("k03_robber_inn_road.json");
    let robber = entries(&game, "R-CKR-9");
    assert_eq!(robber.len(), 1);
    assert_eq!(robber[0].kind, FeatureKind::Road);
    assert_eq!(*robber[0].winners, [0]);
    assert_eq!((robber[0].count, robber[0].points), (2, 2));
    assert_eq!(game.scores(), &[5, 8]);
}

#[test]
fn r_ckr_9_junction_roads_are_measured_in_tiles() {
    let s = steps("k04_robber_junction_roads.json");
    // Crossroads [-1,0] to junction [1,0]: 3 tiles.
    assert_eq!(robber_taken(&s[3].1), vec![(1, 3)]);
    // The U from the crossroads' south road to the junction's south road: 5 tiles, both
    // junction tiles included.
    let u = scored(&s[9].1);
    assert_eq!(u.len(), 1);
    let tiles = tiles_of(u[0]);
    let mut want = vec![
        Pos::new(-1, 0),
        Pos::new(-1, 1),
        Pos::new(0, 1),
        Pos::new(1, 1),
        Pos::new(1, 0),
    ];
    want.sort();
    assert_eq!(tiles, want);
    assert_eq!(robber_taken(&s[9].1), vec![(0, 5)]);
    // The 2-tile road between two junctions completes too, empty, and counts at the end.
    let (game, events) = s.last().expect("actions");
    assert!(robber_taken(events).is_empty());
    let robber = entries(game, "R-CKR-9");
    assert_eq!(robber.len(), 1);
    assert_eq!((robber[0].winners.to_vec(), robber[0].count), (vec![0], 3));
    assert_eq!(robber[0].points, 3);
    assert_eq!(game.scores(), &[6, 5]);
}

#[test]
fn r_ckr_9_city_of_carcassonne_counts_for_the_king() {
    let game = golden("k05_king_robber_city_of_carcassonne.json");
    let bonus = entries(&game, "R-CKR-9");
    let king: Vec<_> = bonus
        .iter()
        .filter(|e| e.kind == FeatureKind::City)
        .collect();
    let robber: Vec<_> = bonus
        .iter()
        .filter(|e| e.kind == FeatureKind::Road)
        .collect();
    assert_eq!(king.len(), 1);
    assert_eq!(*king[0].winners, [1]);
    // One completed landscape city + the City of Carcassonne.
    assert_eq!((king[0].count, king[0].points), (2, 2));
    assert_eq!(robber.len(), 1);
    assert_eq!(*robber[0].winners, [0]);
    assert_eq!((robber[0].count, robber[0].points), (1, 1));
    // Ben's meeple still in the castle scores nothing.
    assert_eq!(game.city().len(), 1);
    assert_eq!(game.scores(), &[7, 2]);
}

#[test]
fn r_ckr_9_the_king_counts_every_completed_city_not_only_his_own() {
    let game = golden("k01_king_first_city_then_strictly_larger.json");
    let king = entries(&game, "R-CKR-9");
    assert_eq!(king.len(), 1);
    assert_eq!(*king[0].winners, [1]);
    assert_eq!((king[0].count, king[0].points), (3, 3));
}

// ---------------------------------------------------------------------------------------
// R-CKR-10: option king_robber_scoring: flat10 (10 per card), flat15_40 (15 per card, 40 for
// one player holding both).

fn bonus_of(game: &Game, seat: u8) -> u32 {
    entries(game, "R-CKR-10")
        .iter()
        .filter(|e| *e.winners == [seat])
        .map(|e| e.points)
        .sum()
}

#[test]
fn r_ckr_10_flat10_gives_ten_per_card() {
    let game = golden("k06_king_robber_flat10.json");
    assert_eq!(game.rules().king_robber_scoring, KingRobberScoring::Flat10);
    assert!(entries(&game, "R-CKR-9").is_empty());
    let flat = entries(&game, "R-CKR-10");
    assert_eq!(flat.len(), 2);
    assert_eq!((bonus_of(&game, 0), bonus_of(&game, 1)), (10, 10));
    assert_eq!(game.scores(), &[14, 13]);
    // The same game under the official rule: 1 completed city, 1 completed road.
    let official = replay_with("k06_king_robber_flat10.json", |s| {
        s.options.king_robber_scoring = KingRobberScoring::Official;
    });
    assert_eq!(official.scores(), &[5, 4]);
}

#[test]
fn r_ckr_10_flat15_40_gives_forty_for_both_cards() {
    let game = golden("k07_king_robber_flat15_40_both_cards.json");
    assert_eq!(game.king_and_robber(), (holder(0, 2), holder(0, 3)));
    assert_eq!(bonus_of(&game, 0), 40);
    assert_eq!(bonus_of(&game, 1), 0);
    assert_eq!(game.scores(), &[44, 3]);
    let flat10 = replay_with("k07_king_robber_flat15_40_both_cards.json", |s| {
        s.options.king_robber_scoring = KingRobberScoring::Flat10;
    });
    assert_eq!(flat10.scores(), &[24, 3], "flat10 has no both-cards bonus");
}

#[test]
fn r_ckr_10_flat15_40_gives_fifteen_per_card_in_two_hands() {
    let game = golden("k08_king_robber_flat15_40_split.json");
    assert_eq!(
        (bonus_of(&game, 0), bonus_of(&game, 1), bonus_of(&game, 2)),
        (15, 15, 0)
    );
    assert_eq!(game.scores(), &[19, 18, 0]);
}

// ---------------------------------------------------------------------------------------
// R-CKR-10 `continuous` (the seed's third variant): in each turn that completes cities
// (roads), whoever held the King (Robber Baron) before that turn's hand-over scores 1 per city
// (road) completed; nobody for the first completion; no final bonus.

/// The (seat, points, count, when) of each R-CKR-10 entry of `kind`, in order.
fn continuous_points(game: &Game, kind: FeatureKind) -> Vec<(u8, u32, u16, ScoreTime)> {
    entries(game, "R-CKR-10")
        .iter()
        .filter(|e| e.kind == kind)
        .map(|e| (e.winners[0], e.points, e.count, e.when))
        .collect()
}

#[test]
fn r_ckr_10_continuous_pays_the_king_each_turn_a_city_is_completed() {
    let s = steps("k16_king_continuous_points_per_city.json");
    // T1 (actions 0-1): the first city; nobody held the King, nobody is paid.
    assert!(turn_scored(&s[1].1).iter().all(|e| e.rule != "R-CKR-10"));
    assert_eq!(king_taken(&s[1].1), vec![(0, 2)]);
    // T4: Ben's 2-tile city pays Ada, who keeps the King.
    let t4 = turn_scored(&s[7].1);
    let bonus: Vec<_> = t4.iter().filter(|e| e.rule == "R-CKR-10").collect();
    assert_eq!(bonus.len(), 1);
    assert_eq!(
        (bonus[0].winners.as_slice(), bonus[0].points),
        (&[0u8][..], 1)
    );
    assert!(king_taken(&s[7].1).is_empty());
    // T6: the 3-tile city pays Ada, who held the King before the hand-over, then Ben takes it.
    let t6 = turn_scored(&s[11].1);
    assert!(t6
        .iter()
        .any(|e| e.rule == "R-CKR-10" && *e.winners == [0] && e.points == 1));
    assert_eq!(king_taken(&s[11].1), vec![(1, 3)]);
    let game = golden("k16_king_continuous_points_per_city.json");
    assert_eq!(
        game.rules().king_robber_scoring,
        KingRobberScoring::Continuous
    );
    assert_eq!(
        continuous_points(&game, FeatureKind::City),
        vec![(0, 1, 1, ScoreTime::Turn), (0, 1, 1, ScoreTime::Turn)],
        "no final bonus"
    );
    assert!(entries(&game, "R-CKR-9").is_empty());
    assert_eq!(game.scores(), &[12, 4]);
    // The official rule on the same moves: the King's holder at the end scores 3.
    let official = replay_with("k16_king_continuous_points_per_city.json", |s| {
        s.options.king_robber_scoring = KingRobberScoring::Official;
    });
    assert_eq!(official.scores(), &[10, 7]);
}

#[test]
fn r_ckr_10_continuous_pays_the_robber_for_every_completed_road_even_unoccupied() {
    let game = golden("k17_robber_continuous_points_per_road.json");
    // T5 pays Ben (holder before Ada took the Robber); T6's empty road pays Ada.
    assert_eq!(
        continuous_points(&game, FeatureKind::Road),
        vec![(1, 1, 1, ScoreTime::Turn), (0, 1, 1, ScoreTime::Turn)]
    );
    assert_eq!(game.king_and_robber(), (None, holder(0, 5)));
    assert_eq!(game.scores(), &[4, 6]);
    let official = replay_with("k17_robber_continuous_points_per_road.json", |s| {
        s.options.king_robber_scoring = KingRobberScoring::Official;
    });
    assert_eq!(official.scores(), &[6, 5]);
}

#[test]
fn r_ckr_10_continuous_pays_the_holder_before_the_hand_over_for_every_city_of_the_turn() {
    // Ada closes the start city (2 tiles) and takes the King. Ben's last tile, base/city1x2_nw
    // turned W-S at [1,-2], closes two 3-tile cities at once: the first takes the King for
    // Ben, but Ada held it before the hand-over and scores 2.
    let mut setup = Setup::base(2);
    setup.sets = vec![Expansion::Base, Expansion::KingRobber];
    setup.options.king_robber_scoring = KingRobberScoring::Continuous;
    setup.draw_order = [
        "base/city1",
        "base/city2_we",
        "base/city1",
        "base/city1_road_straight",
        "base/city2_we_pennant",
        "base/city1x2_nw",
    ]
    .map(String::from)
    .to_vec();
    setup.draw_order_only = true;
    let mut game = Game::new(setup, 5).expect("valid");
    let pass = Action::Pass;
    play(
        &mut game,
        &[
            place(0, -1, 2),
            pass,
            place(0, -2, 0),
            pass,
            place(-1, -2, 1),
            pass,
            place(1, 0, 0),
            pass,
            place(1, -1, 1),
            pass,
            place(1, -2, 3),
        ],
    );
    let events = play(&mut game, &[pass]);
    let now = turn_scored(&events);
    let cities: Vec<_> = now.iter().filter(|e| e.rule == "R-BASE-7").collect();
    assert_eq!(cities.len(), 2);
    assert!(cities.iter().all(|e| e.tiles.len() == 3));
    assert_eq!(king_taken(&events), vec![(1, 3)]);
    assert_eq!(
        continuous_points(&game, FeatureKind::City),
        vec![(0, 2, 2, ScoreTime::Turn)]
    );
    assert!(game.is_over());
    assert_eq!(game.scores(), &[2, 0], "no final bonus for Ben's King");
}

// ---------------------------------------------------------------------------------------
// R-CKR-11: a shrine is placed, occupied and scored like a monastery (heretic; abbot and big
// meeple allowed).

#[test]
fn r_ckr_11_shrine_takes_a_meeple_a_big_meeple_or_an_abbot() {
    let mut game = scenario(
        &[
            Expansion::Base,
            Expansion::Shrines,
            Expansion::Abbot,
            Expansion::InnsCathedrals,
        ],
        &["ckr_shrines/shrine_road"],
    );
    play(&mut game, &[place(1, 0, 1)]);
    let legal = game.legal_actions();
    for follower in FollowerKind::ALL {
        assert!(
            legal.contains(&deploy("shrine", follower)),
            "{follower:?} on the shrine: {legal:?}"
        );
    }
    refused(
        &mut game,
        0,
        &meeple("monastery"),
        PlayError::NoSuchFeature {
            feature: FeatureRef::Monastery,
        },
    );
    play(&mut game, &[deploy("shrine", FollowerKind::Abbot)]);
    assert!(game.is_over());
    // 1 + 1 neighbour (the start tile), scored by the abbot like a monk (R-ABBOT-4).
    let e = &game.score_log()[0];
    assert_eq!(e.kind, FeatureKind::Shrine);
    assert_eq!((e.count, e.points, e.winners.to_vec()), (1, 2, vec![0]));
}

#[test]
fn r_ckr_11_shrine_scores_nine_when_surrounded() {
    let game = golden("k09_shrine_next_to_monastery_wins_challenge.json");
    let nine: Vec<_> = entries(&game, "R-CKR-11");
    assert_eq!(nine.len(), 1);
    assert_eq!(nine[0].kind, FeatureKind::Shrine);
    assert_eq!(tiles_of(nine[0]), vec![Pos::new(1, 1)]);
    assert_eq!((nine[0].count, nine[0].points), (8, 9));
    assert_eq!(*nine[0].winners, [0]);
}

#[test]
fn r_ckr_11_big_meeple_heretic_scores_like_a_meeple() {
    let game = golden("k12_challenge_unresolved_at_end.json");
    let shrine: Vec<_> = game
        .score_log()
        .iter()
        .filter(|e| e.kind == FeatureKind::Shrine)
        .collect();
    assert_eq!(shrine.len(), 1);
    assert_eq!(*shrine[0].strength, [2, 0]);
    assert_eq!((shrine[0].count, shrine[0].points), (5, 6));
}

#[test]
fn r_ckr_11_shrine_tiles_come_only_with_the_toggle() {
    let mut setup = Setup::base(2);
    setup.draw_order = vec!["ckr_shrines/shrine".into()];
    assert_eq!(
        Game::new(setup.clone(), 1).err(),
        Some(SetupError::TileNotAvailable {
            tile: "ckr_shrines/shrine".into()
        })
    );
    setup.sets = SHRINES.to_vec();
    assert!(Game::new(setup.clone(), 1).is_ok());
    let cat = catalogue();
    let shrines = setup
        .bag()
        .iter()
        .filter(|&&t| cat.tile(t).set == TileSet::CkrShrines)
        .count();
    assert_eq!(shrines, 5, "the 5 shrine tiles of the 2nd edition");
}

// ---------------------------------------------------------------------------------------
// R-CKR-12: a shrine may not be placed with more than one monastery among its 8 neighbours,
// nor a monastery with more than one shrine.

/// Two monasteries M1 [0,1] and M2 [2,2] (diagonal to [1,1]), or two shrines there when
/// `shrines_first`; then the other kind is drawn.
fn two_cloisters(first: &str, second: &str, last: &str) -> Game {
    let mut game = scenario(
        &SHRINES,
        &[
            first,
            "base/road_straight",
            "base/road_curve",
            "base/city1",
            second,
            last,
        ],
    );
    play(
        &mut game,
        &[
            place(0, 1, 0),
            Action::Pass,
            place(1, 0, 0),
            Action::Pass,
            place(2, 0, 1),
            Action::Pass,
            place(2, 1, 1),
            Action::Pass,
            place(2, 2, 0),
            Action::Pass,
        ],
    );
    game
}

fn assert_refused_next_to_two(game: &mut Game) {
    let seat = game.pending().expect("a tile to place").seat;
    let legal = game.legal_actions();
    // [1,1] touches [0,1] (side) and [2,2] (corner); [1,2] touches [2,2] (side) and [0,1]
    // (corner). Their edges all match (fields): only R-CKR-12 forbids them.
    for at in [Pos::new(1, 1), Pos::new(1, 2)] {
        for r in 0..4u8 {
            let a = Action::Place { at, rotation: r };
            assert!(!legal.contains(&a), "{a:?} must not be legal");
        }
        let before = game.clone();
        let err = game.apply(seat, &Action::Place { at, rotation: 0 });
        assert_eq!(err, Err(PlayError::ShrineNeighbours), "at {at}");
        assert_eq!(err.as_ref().err().map(PlayError::rule), Some("R-CKR-12"));
        assert_eq!(*game, before, "a refused placement changes nothing");
    }
    // Next to only one of them: allowed.
    for at in [Pos::new(-1, 1), Pos::new(0, 2), Pos::new(3, 2)] {
        assert!(
            legal
                .iter()
                .any(|a| matches!(a, Action::Place { at: p, .. } if *p == at)),
            "{at} touches one only: {legal:?}"
        );
    }
}

#[test]
fn r_ckr_12_shrine_next_to_two_monasteries_is_refused() {
    let mut game = two_cloisters("base/monastery", "base/monastery", "ckr_shrines/shrine");
    assert_refused_next_to_two(&mut game);
    play(&mut game, &[place(-1, 1, 0), Action::Pass]);
    assert!(game.is_over());
}

#[test]
fn r_ckr_12_monastery_next_to_two_shrines_is_refused() {
    let mut game = two_cloisters(
        "ckr_shrines/shrine",
        "ckr_shrines/shrine_road",
        "base/monastery",
    );
    assert_refused_next_to_two(&mut game);
}

#[test]
fn r_ckr_12_shrine_next_to_one_monastery_is_allowed() {
    let s = steps("k09_shrine_next_to_monastery_wins_challenge.json");
    // After turn 2 (action 3), the shrine is drawn; [1,1] touches the monastery [0,1] only.
    let game = &s[3].0;
    assert!(matches!(
        game.pending().map(|d| d.kind),
        Some(DecisionKind::PlaceTile { .. })
    ));
    assert!(game.legal_actions().contains(&place(1, 1, 0)));
    assert_eq!(
        game.check_placement(tile("ckr_shrines/shrine"), Pos::new(1, 1), 0),
        Ok(())
    );
}

#[test]
fn r_ckr_12_only_rival_kinds_count() {
    // Monasteries may touch monasteries freely: the limit is on the rival kind only.
    let mut game = scenario(
        &SHRINES,
        &["base/monastery", "base/monastery", "base/monastery"],
    );
    play(
        &mut game,
        &[place(0, 1, 0), Action::Pass, place(1, 1, 0), Action::Pass],
    );
    assert!(game.legal_actions().contains(&place(-1, 1, 0)));
}

// ---------------------------------------------------------------------------------------
// R-CKR-13: challenges.

#[test]
fn r_ckr_13_first_completed_wins_challenge() {
    let s = steps("k09_shrine_next_to_monastery_wins_challenge.json");
    // Before the last turn both figures stand.
    let before_last = &s[s.len() - 3].0;
    assert_eq!(
        centre_followers(before_last, Pos::new(0, 1)),
        vec![(1, FollowerKind::Meeple)]
    );
    assert_eq!(before_last.supply(1, FollowerKind::Meeple), 6);
    let (game, events) = s.last().expect("actions");
    let e = scored(events);
    assert_eq!(e.len(), 2, "{events:?}");
    // The loser first: the monastery, 5 neighbours, Ben's monk home for 0.
    assert_eq!(e[0].rule, "R-CKR-13");
    assert_eq!(e[0].kind, FeatureKind::Monastery);
    assert_eq!(tiles_of(e[0]), vec![Pos::new(0, 1)]);
    assert_eq!(e[0].count, 5);
    assert_eq!(*e[0].strength, [0, 1]);
    assert!(e[0].winners.is_empty());
    assert_eq!(e[0].points, 0);
    // Then the shrine: 9 for Ada.
    assert_eq!((e[1].kind, e[1].points), (FeatureKind::Shrine, 9));
    assert_eq!(*e[1].winners, [0]);
    assert!(game.followers().is_empty());
    assert_eq!(game.supply(1, FollowerKind::Meeple), 7);
    assert_eq!(game.scores(), &[9, 0]);
}

#[test]
fn r_ckr_13_own_followers_challenge_each_other() {
    // One player on both: Ada places the monastery with a monk and the shrine with a heretic.
    let mut game = scenario(
        &SHRINES,
        &[
            "base/monastery",
            "base/road_straight",
            "ckr_shrines/shrine",
            "base/road_curve",
            "base/city1",
            "base/city1",
            "base/road_curve",
            "base/city1",
        ],
    );
    play(
        &mut game,
        &[
            place(0, 1, 0),
            meeple("monastery"),
            place(1, 0, 0),
            Action::Pass,
            place(1, 1, 0),
            meeple("shrine"),
            place(2, 0, 1),
            Action::Pass,
            place(2, 1, 1),
            Action::Pass,
            place(0, 2, 2),
            Action::Pass,
            place(2, 2, 3),
            Action::Pass,
            place(1, 2, 2),
        ],
    );
    let last = play(&mut game, &[Action::Pass]);
    let e = scored(&last);
    assert_eq!(e.len(), 2);
    assert_eq!(e[0].rule, "R-CKR-13");
    assert_eq!(*e[0].strength, [1, 0], "Ada's own monk loses");
    assert_eq!((e[1].winners.to_vec(), e[1].points), (vec![0], 9));
    assert_eq!(game.scores(), &[9, 0]);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 7);
}

#[test]
fn r_ckr_13_an_empty_cloister_challenges_nobody() {
    // The shrine completes first but nobody is on it: Ben's monk stays and scores at the end
    // as an incomplete monastery, 1 + 5 neighbours.
    let (game, last) = k09_with(meeple("monastery"), Action::Pass);
    let done = turn_scored(&last);
    assert_eq!(done.len(), 1, "{done:?}");
    assert_eq!(done[0].kind, FeatureKind::Shrine);
    assert!(
        done[0].winners.is_empty(),
        "an empty shrine scores for nobody"
    );
    assert!(entries(&game, "R-CKR-13").is_empty());
    let m = entries(&game, "R-BASE-12");
    assert_eq!(m.len(), 1);
    assert_eq!(
        (m[0].kind, m[0].count, m[0].points),
        (FeatureKind::Monastery, 5, 6)
    );
    assert_eq!(game.scores(), &[0, 6]);
}

#[test]
fn r_ckr_13_heretic_loser_may_deploy_into_the_city() {
    let s = steps("k10_heretic_loses_owner_enters_city.json");
    // Action 13: Ada's pass after the cap [1,-2] that completes Ben's monastery.
    let (game, events) = &s[13];
    let e = scored(events);
    assert_eq!(e.len(), 2, "{events:?}");
    assert_eq!(e[0].rule, "R-CKR-13");
    assert_eq!(e[0].kind, FeatureKind::Shrine);
    assert_eq!((e[0].count, e[0].points), (7, 0));
    assert_eq!(*e[0].strength, [1, 0]);
    assert_eq!(
        (e[1].kind, e[1].winners.to_vec()),
        (FeatureKind::Monastery, vec![1])
    );
    let d = game.pending().expect("the turn goes on");
    assert_eq!((d.seat, d.kind), (0, DecisionKind::CityDeploy));
    assert!(game.legal_actions().contains(&Action::CityDeploy {
        quarter: Quarter::Cathedral,
        follower: FollowerKind::Meeple
    }));
    assert_eq!(
        game.supply(0, FollowerKind::Meeple),
        7,
        "the heretic is home"
    );
    // Action 14: the meeple enters the cathedral quarter.
    assert_eq!(s[14].0.city().len(), 1);
    assert_eq!(s[14].0.supply(0, FollowerKind::Meeple), 6);
    // Action 18: when the empty shrine completes, Ada's meeple leaves the cathedral for it.
    let (game, events) = &s[18];
    assert!(events.iter().any(|e| matches!(
        e,
        Event::FollowerRedeployed {
            seat: 0,
            from: Quarter::Cathedral,
            ..
        }
    )));
    let e = scored(events);
    assert_eq!(
        (e[0].kind, e[0].points, e[0].winners.to_vec()),
        (FeatureKind::Shrine, 9, vec![0])
    );
    assert!(game.city().is_empty());
    // Ben scored nothing that turn while Ada did: Ben may deploy into the city.
    assert_eq!(
        game.pending().map(|d| (d.seat, d.kind)),
        Some((1, DecisionKind::CityDeploy))
    );
    let (end, _) = s.last().expect("actions");
    assert_eq!(end.scores(), &[9, 9]);
}

#[test]
fn r_ckr_13_completing_player_who_wins_gets_no_city_deploy() {
    // Ada completes her own monastery (9) while Ben's heretic next to it loses: she scored,
    // so no city deploy is offered and the game ends with the last tile.
    let mut game = scenario(
        &[
            Expansion::Base,
            Expansion::CityOfCarcassonne,
            Expansion::Shrines,
        ],
        &[
            "base/monastery",
            "ckr_shrines/shrine",
            "base/road_curve",
            "base/road_curve",
            "base/city1",
            "base/road_curve",
            "base/city1",
        ],
    );
    play(
        &mut game,
        &[
            place(1, -1, 0),
            meeple("monastery"),
            place(2, -1, 0),
            meeple("shrine"),
            place(0, -1, 1),
            Action::Pass,
            place(0, -2, 0),
            Action::Pass,
            place(2, -2, 0),
            Action::Pass,
            place(3, -1, 3),
            Action::Pass,
            place(1, -2, 0),
            Action::Pass,
        ],
    );
    assert_eq!(game.scores(), &[9, 0]);
    assert_eq!(entries(&game, "R-CKR-13").len(), 1);
    assert!(game.is_over());
    assert!(game.city().is_empty());
}

#[test]
fn r_ckr_13_both_completed_by_one_tile_score_nine() {
    let s = steps("k11_challenge_both_completed_same_tile.json");
    let (game, events) = s.last().expect("actions");
    let e = scored(events);
    assert_eq!(e.len(), 2, "{events:?}");
    assert!(e.iter().all(|x| {
        let rule = if x.kind == FeatureKind::Shrine {
            "R-CKR-11"
        } else {
            "R-BASE-8"
        };
        x.rule == rule && x.points == 9 && x.count == 8
    }));
    let mut winners: Vec<u8> = e.iter().flat_map(|x| x.winners.to_vec()).collect();
    winners.sort();
    assert_eq!(winners, vec![0, 1]);
    assert!(entries(game, "R-CKR-13").is_empty());
    // One tile earlier neither was complete.
    assert!(s[s.len() - 3].0.score_log().is_empty());
    assert_eq!(game.scores(), &[9, 9]);
}

#[test]
fn r_ckr_13_unresolved_challenge_scores_as_incomplete() {
    let game = golden("k12_challenge_unresolved_at_end.json");
    assert!(entries(&game, "R-CKR-13").is_empty());
    let fin = entries(&game, "R-BASE-12");
    assert_eq!(fin.len(), 2);
    let m = fin
        .iter()
        .find(|e| e.kind == FeatureKind::Monastery)
        .expect("monastery");
    let sh = fin
        .iter()
        .find(|e| e.kind == FeatureKind::Shrine)
        .expect("shrine");
    assert_eq!((m.count, m.points, m.winners.to_vec()), (4, 5, vec![1]));
    assert_eq!((sh.count, sh.points, sh.winners.to_vec()), (5, 6, vec![0]));
    assert_eq!(game.scores(), &[6, 5]);
}

#[test]
fn r_ckr_13_recalled_abbot_leaves_the_challenge() {
    let game = golden("k13_abbot_recalled_leaves_challenge.json");
    let recall = entries(&game, "R-ABBOT-3");
    assert_eq!(recall.len(), 1);
    assert_eq!(
        (
            recall[0].count,
            recall[0].points,
            recall[0].winners.to_vec()
        ),
        (5, 6, vec![1])
    );
    assert!(entries(&game, "R-CKR-13").is_empty());
    assert_eq!(game.scores(), &[9, 6]);
    // Without the recall (Ben passes instead), the abbot loses the challenge on turn 9.
    let record = load("k13_abbot_recalled_leaves_challenge.json");
    let mut alt = Game::new(record.setup.clone(), record.seed).expect("valid setup");
    for ra in &record.actions {
        let a = if ra.action == Action::RecallAbbot {
            Action::Pass
        } else {
            ra.action
        };
        alt.apply(ra.seat, &a).expect("legal");
    }
    let lost = entries(&alt, "R-CKR-13");
    assert_eq!(lost.len(), 1);
    assert_eq!(lost[0].kind, FeatureKind::Monastery);
    assert_eq!(*lost[0].strength, [0, 1]);
    assert_eq!(alt.scores(), &[9, 0]);
    assert_eq!(alt.supply(1, FollowerKind::Abbot), 1, "the abbot is home");
}

#[test]
fn r_ckr_13_recall_on_the_completing_turn_escapes_and_still_allows_the_city() {
    // City of Carcassonne north edge: Ada's heretic on the shrine [2,-1], Ben's abbot on the
    // monastery [1,-1]. Ben's cap [1,-2] completes the shrine; in phase 2 he takes the abbot
    // back (1 + 6 neighbours = 7), so he loses nothing. The recall does not count for the
    // city deploy (R-CKR-3): Ada scored 9 in phase 3, Ben nothing, so Ben may deploy.
    let tiles = [
        "ckr_shrines/shrine",
        "base/monastery",
        "base/road_curve",
        "base/city1",
        "base/city1",
        "base/city1",
    ];
    let sets = [
        Expansion::Base,
        Expansion::CityOfCarcassonne,
        Expansion::Abbot,
        Expansion::Shrines,
    ];
    let opening = [
        place(2, -1, 0),
        meeple("shrine"),
        place(1, -1, 0),
        deploy("monastery", FollowerKind::Abbot),
        place(3, -1, 3),
        Action::Pass,
        place(2, -2, 0),
        Action::Pass,
        place(3, -2, 0),
        Action::Pass,
        place(1, -2, 0),
    ];
    let mut game = scenario(&sets, &tiles);
    play(&mut game, &opening);
    let events = play(&mut game, &[Action::RecallAbbot]);
    let e = scored(&events);
    assert_eq!(e.len(), 2, "{events:?}");
    assert_eq!((&*e[0].rule, e[0].count, e[0].points), ("R-ABBOT-3", 6, 7));
    assert_eq!(
        (e[1].kind, e[1].points, e[1].winners.to_vec()),
        (FeatureKind::Shrine, 9, vec![0])
    );
    assert_eq!(
        game.pending().map(|d| (d.seat, d.kind)),
        Some((1, DecisionKind::CityDeploy))
    );
    play(&mut game, &[Action::Pass]);
    assert_eq!(game.scores(), &[9, 7]);

    // Had Ben passed, his abbot would have lost (0) and he could deploy just the same.
    let mut alt = scenario(&sets, &tiles);
    play(&mut alt, &opening);
    let events = play(&mut alt, &[Action::Pass]);
    let e = scored(&events);
    assert_eq!(
        (&*e[0].rule, e[0].kind),
        ("R-CKR-13", FeatureKind::Monastery)
    );
    assert_eq!(*e[0].strength, [0, 1]);
    assert_eq!(
        alt.pending().map(|d| (d.seat, d.kind)),
        Some((1, DecisionKind::CityDeploy))
    );
}

// ---------------------------------------------------------------------------------------
// R-CKR-14: the 5 new land tiles are shuffled in; the bridge tile has two separate cities.

#[test]
fn r_ckr_14_bridge_tile_has_two_separate_cities() {
    let game = golden("k14_bridge_tile_two_cities.json");
    let bridge = Pos::new(0, -1);
    let ns = game.feature_at(bridge, feature("N")).expect("N city");
    let we = game.feature_at(bridge, feature("W")).expect("W city");
    assert_ne!(ns, we, "two cities on one tile");
    assert_eq!(game.feature_at(bridge, feature("S")), Some(ns));
    assert_eq!(game.feature_at(bridge, feature("E")), Some(we));
    let cities = entries(&game, "R-BASE-7");
    assert_eq!(cities.len(), 2);
    for c in &cities {
        assert_eq!((c.tiles.len(), c.points), (3, 6));
        assert!(
            c.tiles.contains(&bridge),
            "the bridge counts in both: {c:?}"
        );
    }
    assert_ne!(cities[0].tiles, cities[1].tiles);
    assert_eq!(*cities[0].winners, [0]);
    assert_eq!(*cities[1].winners, [1]);
    // The enclosed field on the bridge touches both completed cities.
    let field = entries(&game, "R-BASE-13");
    assert_eq!(field.len(), 1);
    assert_eq!(
        (field[0].count, field[0].points, field[0].winners.to_vec()),
        (2, 6, vec![0])
    );
    assert_eq!(game.king_and_robber().0, holder(0, 3));
    assert_eq!(game.scores(), &[14, 6]);
}

#[test]
fn r_ckr_14_bridge_tile_counts_once_when_both_segments_join() {
    let s = steps("k15_bridge_tile_one_city_through_both_arches.json");
    let bridge = Pos::new(0, -1);
    // After turn 3 the two segments are still two cities, each with one knight.
    let three = &s[5].0;
    assert_ne!(
        three.feature_at(bridge, feature("N")),
        three.feature_at(bridge, feature("W"))
    );
    // Turn 4 joins them.
    let four = &s[7].0;
    assert_eq!(
        four.feature_at(bridge, feature("N")),
        four.feature_at(bridge, feature("W"))
    );
    let (game, events) = s.last().expect("actions");
    let city = turn_scored(events);
    assert_eq!(city.len(), 1);
    assert_eq!(
        city[0].tiles.len(),
        6,
        "the bridge tile once: {:?}",
        city[0].tiles
    );
    assert_eq!(city[0].points, 12);
    assert_eq!(*city[0].winners, [0, 1]);
    assert_eq!(king_taken(events), vec![(0, 6)]);
    let field = entries(game, "R-BASE-13");
    assert_eq!(
        (field[0].count, field[0].points),
        (1, 3),
        "one city, counted once"
    );
    assert_eq!(game.scores(), &[16, 12]);
}

#[test]
fn r_ckr_14_land_tiles_are_shuffled_in() {
    let cat = catalogue();
    let land = |setup: &Setup| -> Vec<String> {
        let mut v: Vec<String> = setup
            .bag()
            .iter()
            .filter(|&&t| cat.tile(t).set == TileSet::CkrLand)
            .map(|&t| cat.tile(t).id.clone())
            .collect();
        v.sort();
        v
    };
    assert!(land(&Setup::base(2)).is_empty());
    let mut setup = Setup::base(2);
    setup.sets = vec![Expansion::Base, Expansion::CkrLand];
    let tiles = land(&setup);
    assert_eq!(
        tiles,
        vec![
            "ckr_land/city1_road_w_garden",
            "ckr_land/city1_road_w_road_curve_es",
            "ckr_land/city2_nw_roads_s_e",
            "ckr_land/city_bridge",
            "ckr_land/monastery_city1",
        ]
    );
    // In a shuffled game they are in the bag, among the base tiles.
    let game = Game::new(setup.clone(), 11).expect("valid");
    let remaining = game.remaining_tiles();
    let in_bag = remaining
        .iter()
        .filter(|&&t| cat.tile(t).set == TileSet::CkrLand)
        .count();
    let first_drawn_is_land = match game.pending().map(|d| d.kind) {
        Some(DecisionKind::PlaceTile { tile }) => cat.tile(tile).set == TileSet::CkrLand,
        _ => false,
    };
    assert_eq!(in_bag + usize::from(first_drawn_is_land), 5);
    assert_eq!(remaining.len() + 1, setup.bag().len());
}
