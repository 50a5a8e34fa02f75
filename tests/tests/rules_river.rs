//! Rule tests for The River I and II, R-RIVER-1 … R-RIVER-6, on the hand-computed golden
//! games `tests/golden/r*.json`, on small games built in code and on whole random games.

use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::tiles::{FeatureKind, RiverRole, RiverSetup, Side, Terrain, TileSet};
use carcassonne_engine::{
    catalogue, Action, Event, Expansion, FollowerKind, Game, PlayError, Pos, Rng, Setup,
    SetupError, TileTypeId,
};
use carcassonne_tests::{
    drawn, feature, golden, golden_files, load, meeple, ok, place, refused, steps, tile, tiles_of,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn id(t: TileTypeId) -> &'static str {
    &catalogue().tile(t).id
}

fn setup_with(players: usize, sets: &[Expansion]) -> Setup {
    let mut setup = Setup::base(players);
    setup.sets = sets.to_vec();
    setup
}

/// A game with these toggles whose bag holds exactly `tiles`, in this order.
fn scenario(sets: &[Expansion], tiles: &[&str]) -> Game {
    let mut setup = setup_with(2, sets);
    setup.draw_order = tiles.iter().map(|t| (*t).to_string()).collect();
    setup.draw_order_only = true;
    Game::new(setup, 99).expect("a valid scenario setup")
}

/// One draw from the bag: the tile, and whether it was discarded (R-BASE-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Draw {
    tile: TileTypeId,
    discarded: bool,
}

/// A whole random game (uniform random legal actions); returns it with every draw in order.
/// The river stage, at the start, always has a placement for its first tile.
fn random_game(setup: Setup, seed: u64) -> (Game, Vec<Draw>) {
    let mut game = Game::new(setup, seed).expect("a valid setup");
    let mut draws: Vec<Draw> = drawn(&game)
        .map(|tile| Draw {
            tile,
            discarded: false,
        })
        .into_iter()
        .collect();
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut scratch = Scratch::default();
    let mut events = Vec::new();
    let mut actions = 0;
    while let Some(action) = random_action(&game, &mut rng, &mut scratch) {
        let seat = game.pending().map(|d| d.seat).expect("a pending decision");
        events.clear();
        game.apply_into(seat, &action, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
        for ev in &events {
            match ev {
                Event::TileDrawn { tile, .. } => draws.push(Draw {
                    tile: *tile,
                    discarded: false,
                }),
                Event::TileDiscarded { tile, .. } => draws.push(Draw {
                    tile: *tile,
                    discarded: true,
                }),
                _ => {}
            }
        }
        actions += 1;
        assert!(actions < 10_000, "seed {seed}: the game does not end");
    }
    assert!(game.is_over(), "seed {seed}: the game ends");
    (game, draws)
}

fn is_river(t: TileTypeId) -> bool {
    catalogue().tile(t).river_role.is_some()
}

fn role(t: TileTypeId) -> Option<RiverRole> {
    catalogue().tile(t).river_role
}

/// Copies of the tiles of `set` in the catalogue (start tiles included).
fn copies(set: TileSet) -> usize {
    catalogue()
        .tiles
        .iter()
        .filter(|t| t.set == set)
        .map(|t| t.count as usize)
        .sum()
}

/// Placed river edges that face an empty cell: the open ends of the river.
fn open_river_ends(game: &Game) -> Vec<(Pos, Side)> {
    let cat = catalogue();
    let board = game.board();
    let mut out = Vec::new();
    for pt in &board.tiles {
        let t = cat.tile(pt.tile);
        for s in Side::ALL {
            if t.edge(pt.rotation, s) == Terrain::River && !board.is_occupied(pt.pos.step(s)) {
                out.push((pt.pos, s));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// R-RIVER-1 The spring replaces the start tile; river tiles first, the lake last
// ---------------------------------------------------------------------------------------------

#[test]
fn r_river_1_spring_replaces_the_start_tile() {
    for (sets, spring) in [
        (vec![Expansion::River1], "river1/spring"),
        (vec![Expansion::River2], "river2/spring"),
    ] {
        let game = Game::new(setup_with(2, &sets), 11).expect("a valid setup");
        assert_eq!(game.board().tiles.len(), 1, "{sets:?}: only the spring");
        let start = game
            .board()
            .tile_at(Pos::new(0, 0))
            .expect("a tile at [0,0]");
        assert_eq!(id(start.tile), spring, "{sets:?}");
        assert_eq!(start.rotation, 0);
        // The spring's river leaves through E.
        assert_eq!(
            catalogue().tile(start.tile).edge(0, Side::E),
            Terrain::River
        );
        let mut all = game.remaining_tiles();
        all.extend(drawn(&game));
        assert!(
            !all.contains(&tile("base/start")),
            "{sets:?}: base/start out"
        );
        assert!(
            !all.contains(&tile(spring)),
            "{sets:?}: the spring is not drawn"
        );
        let river_set = if sets == [Expansion::River1] {
            TileSet::River1
        } else {
            TileSet::River2
        };
        // Every base tile but the start tile, every river tile but the spring.
        assert_eq!(
            all.len(),
            copies(TileSet::Base) - 1 + copies(river_set) - 1,
            "{sets:?}"
        );
    }
    // Without a river, the start tile is still the base one.
    let game = Game::new(Setup::base(2), 11).expect("a valid setup");
    let start = game.board().tile_at(Pos::new(0, 0)).expect("start tile");
    assert_eq!(id(start.tile), "base/start");
}

#[test]
fn r_river_1_river_tiles_are_drawn_first_and_the_lake_last() {
    let river_tiles = copies(TileSet::River1) - 1; // 11 without the spring
    let land_tiles = copies(TileSet::Base) - 1;
    let mut orders = Vec::new();
    for seed in 0..40 {
        let (game, draws) = random_game(setup_with(2, &[Expansion::River1]), seed);
        assert_eq!(draws.len(), river_tiles + land_tiles, "seed {seed}");
        let (river, land) = draws.split_at(river_tiles);
        assert!(
            river.iter().all(|d| is_river(d.tile)),
            "seed {seed}: the first {river_tiles} draws are river tiles: {:?}",
            river.iter().map(|d| id(d.tile)).collect::<Vec<_>>()
        );
        assert!(
            land.iter()
                .all(|d| catalogue().tile(d.tile).set == TileSet::Base),
            "seed {seed}: then only land tiles"
        );
        // River I's lake is set aside (`river_setup: last`) and comes last.
        assert_eq!(
            id(river[river_tiles - 1].tile),
            "river1/lake",
            "seed {seed}"
        );
        assert!(river[..river_tiles - 1]
            .iter()
            .all(|d| role(d.tile) == Some(RiverRole::Course)));
        // The discards are exactly the tiles that never reached the board.
        let discarded: Vec<TileTypeId> = draws
            .iter()
            .filter(|d| d.discarded)
            .map(|d| d.tile)
            .collect();
        assert_eq!(game.discarded(), discarded.as_slice(), "seed {seed}");
        orders.push(river.iter().map(|d| d.tile).collect::<Vec<TileTypeId>>());
    }
    // The course tiles in between are shuffled: the seeds do not all give one order.
    orders.sort();
    orders.dedup();
    assert!(orders.len() > 20, "only {} river orders", orders.len());
}

#[test]
fn r_river_1_the_set_aside_tiles_match_the_catalogue() {
    // `river_setup` drives the draw: only the lakes are set aside for the end, only the fork
    // comes first, and the springs start the game.
    for t in &catalogue().tiles {
        match t.river_setup {
            Some(RiverSetup::Start) => assert_eq!(t.river_role, Some(RiverRole::Source)),
            Some(RiverSetup::FirstAfterStart) => assert_eq!(t.river_role, Some(RiverRole::Fork)),
            Some(RiverSetup::Last) => assert_eq!(t.river_role, Some(RiverRole::End), "{}", t.id),
            _ => {}
        }
    }
    let last: Vec<&str> = catalogue()
        .tiles
        .iter()
        .filter(|t| t.river_setup == Some(RiverSetup::Last))
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(last, vec!["river1/lake", "river2/lake_volcano"]);
}

#[test]
fn r_river_1_golden_river1_game() {
    let game = golden("r01_river1_banks_bridge_monastery.json");
    let spring = game.board().tile_at(Pos::new(0, 0)).expect("spring");
    assert_eq!(id(spring.tile), "river1/spring");
    assert_eq!(game.scores(), &[11, 11]);
}

// ---------------------------------------------------------------------------------------------
// R-RIVER-2 Continue the river; no U-turn; an unplaceable river tile is discarded
// ---------------------------------------------------------------------------------------------

#[test]
fn r_river_2_river_tile_must_continue_the_river() {
    let mut game = scenario(
        &[Expansion::River1],
        &["river1/straight", "river1/lake", "base/road_straight"],
    );
    assert_eq!(drawn(&game), Some(tile("river1/straight")));
    // North of the spring the edges match (field to field), but the river would start
    // from nowhere.
    assert_eq!(
        game.check_placement(tile("river1/straight"), Pos::new(0, -1), 0),
        Err(PlayError::RiverNotContinued)
    );
    refused(&mut game, 0, &place(0, -1, 0), PlayError::RiverNotContinued);
    refused(&mut game, 0, &place(0, 1, 2), PlayError::RiverNotContinued);
    // Turned N-S at [1,0] its field edge would face the spring's river.
    refused(
        &mut game,
        0,
        &place(1, 0, 1),
        PlayError::EdgeMismatch { side: Side::W },
    );
    assert_eq!(PlayError::RiverNotContinued.rule(), "R-RIVER-2");
    // The only legal places continue the river from the spring's open end.
    let legal = game.legal_actions();
    assert!(!legal.is_empty());
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Place { at, .. } if *at == Pos::new(1, 0))));
    ok(&mut game, 0, &place(1, 0, 0));
    ok(&mut game, 0, &Action::Pass);
    // The lake too must touch the open end: north of the straight its edges match, but its
    // river would face nothing.
    assert_eq!(drawn(&game), Some(tile("river1/lake")));
    refused(&mut game, 1, &place(1, -1, 0), PlayError::RiverNotContinued);
    ok(&mut game, 1, &place(2, 0, 0));
    ok(&mut game, 1, &Action::Pass);
    assert_eq!(open_river_ends(&game), vec![]);
}

#[test]
fn r_river_2_u_turn_is_refused() {
    // The spring sends the river east; [1,0] curve turns it right (south). A second right
    // turn at [1,1] (towards the west) would be a U-turn; a left turn (east) is fine.
    let mut game = scenario(
        &[Expansion::River1],
        &["river1/curve", "river1/curve_garden", "river1/lake"],
    );
    ok(&mut game, 0, &place(1, 0, 0));
    ok(&mut game, 0, &Action::Pass);
    let curve = tile("river1/curve_garden");
    assert_eq!(drawn(&game), Some(curve));
    // Turned 1 the curve runs N-W: every edge matches ([0,1] is empty), only the turn is wrong.
    assert_eq!(
        game.check_placement(curve, Pos::new(1, 1), 1),
        Err(PlayError::RiverUTurn)
    );
    refused(&mut game, 1, &place(1, 1, 1), PlayError::RiverUTurn);
    assert_eq!(PlayError::RiverUTurn.rule(), "R-RIVER-2");
    let legal = game.legal_actions();
    assert!(!legal.contains(&place(1, 1, 1)), "the U-turn is not listed");
    // Turned 2 it runs N-E: a left turn after a right turn.
    assert!(legal.contains(&place(1, 1, 2)));
    assert_eq!(game.check_placement(curve, Pos::new(1, 1), 2), Ok(()));
    ok(&mut game, 1, &place(1, 1, 2));
    ok(&mut game, 1, &Action::Pass);
    // The lake continues from [1,1] east: [2,1], river from W.
    assert_eq!(drawn(&game), Some(tile("river1/lake")));
    assert_eq!(
        game.legal_actions(),
        vec![place(2, 1, 0)],
        "the lake goes only at the open end"
    );
}

#[test]
fn r_river_2_left_u_turn_refused_and_no_turn_to_repeat_after_spring_or_fork() {
    // Left then left: spring east, [1,0] curve turned 1 runs W-N (left, north), a curve at
    // [1,-1] turned 0 (S-W, left again, west) is a U-turn; turned 3 (S-E, right) is fine.
    let mut game = scenario(
        &[Expansion::River1],
        &["river1/curve", "river1/road_curve_curve", "river1/lake"],
    );
    ok(&mut game, 0, &place(1, 0, 1));
    ok(&mut game, 0, &Action::Pass);
    let rcc = tile("river1/road_curve_curve");
    assert_eq!(
        game.check_placement(rcc, Pos::new(1, -1), 0),
        Err(PlayError::RiverUTurn)
    );
    refused(&mut game, 1, &place(1, -1, 0), PlayError::RiverUTurn);
    ok(&mut game, 1, &place(1, -1, 3));
    ok(&mut game, 1, &Action::Pass);
    // The river now heads east from [1,-1]: the lake at [2,-1].
    assert_eq!(game.legal_actions(), vec![place(2, -1, 0)]);

    // A curve right after the spring or right after the fork has no turn to repeat.
    let mut game = scenario(
        &[Expansion::River2],
        &["river2/fork", "river2/curve_garden"],
    );
    ok(&mut game, 0, &place(1, 0, 0));
    ok(&mut game, 0, &Action::Pass);
    let cg = tile("river2/curve_garden");
    // North arm: both turns allowed ([1,-1] turned 0: S-W; turned 3: S-E).
    assert_eq!(game.check_placement(cg, Pos::new(1, -1), 0), Ok(()));
    assert_eq!(game.check_placement(cg, Pos::new(1, -1), 3), Ok(()));
    // East arm: both turns allowed ([2,0] turned 0: W-S; turned 1: W-N).
    assert_eq!(game.check_placement(cg, Pos::new(2, 0), 0), Ok(()));
    assert_eq!(game.check_placement(cg, Pos::new(2, 0), 1), Ok(()));
}

#[test]
fn r_river_2_unplaceable_river_tile_is_discarded_and_play_goes_on() {
    // r03: the only open river end is [0,-1], heading west right above the spring; the
    // straight city1_road_bridge would put its city or road against the spring's field.
    let bridge = tile("river2/city1_road_bridge");
    let s = steps("r03_river2_unplaceable_river_tile_discarded.json");
    // Action 5 is Ada's pass after placing lake_city; Ben's draw follows.
    let (game, events) = &s[5];
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::TileDiscarded { .. }))
            .collect::<Vec<_>>(),
        vec![&Event::TileDiscarded {
            seat: 1,
            tile: bridge
        }]
    );
    assert!(events.contains(&Event::TileDrawn {
        seat: 1,
        tile: tile("river2/lake_volcano")
    }));
    assert_eq!(open_river_ends(game), vec![(Pos::new(1, -1), Side::W)]);
    for r in 0..4 {
        assert!(
            game.check_placement(bridge, Pos::new(0, -1), r).is_err(),
            "rotation {r}"
        );
    }
    let final_game = golden("r03_river2_unplaceable_river_tile_discarded.json");
    assert_eq!(final_game.discarded(), &[bridge]);
    assert!(final_game.is_over());
    assert_eq!(final_game.scores(), &[4, 3]);
    // The river was still closed by the lake after the discard.
    assert_eq!(open_river_ends(&final_game), vec![]);
}

#[test]
fn r_river_2_curve_that_fits_only_as_a_u_turn_is_discarded() {
    // [1,0] curve turned 1 turns the river left (north). Land tiles forced early box in the
    // east side of the open end [1,-1]: the next curve could only turn left again there.
    let mut game = scenario(
        &[Expansion::River1],
        &[
            "river1/curve",
            "base/monastery",
            "base/monastery",
            "river1/curve_garden",
            "base/road_straight",
        ],
    );
    ok(&mut game, 0, &place(1, 0, 1));
    ok(&mut game, 0, &Action::Pass);
    ok(&mut game, 1, &place(2, 0, 0));
    ok(&mut game, 1, &Action::Pass);
    ok(&mut game, 0, &place(2, -1, 0));
    let cg = tile("river1/curve_garden");
    // Left again (S-W) matches every edge but is a U-turn; right (S-E) meets the monastery's
    // field edge at [2,-1].
    assert_eq!(
        game.check_placement(cg, Pos::new(1, -1), 0),
        Err(PlayError::RiverUTurn)
    );
    assert_eq!(
        game.check_placement(cg, Pos::new(1, -1), 3),
        Err(PlayError::EdgeMismatch { side: Side::E })
    );
    let events = ok(&mut game, 0, &Action::Pass);
    assert!(events.contains(&Event::TileDiscarded { seat: 1, tile: cg }));
    assert_eq!(drawn(&game), Some(tile("base/road_straight")));
    assert_eq!(game.pending().map(|d| d.seat), Some(1));
    assert_eq!(game.discarded(), &[cg]);
}

#[test]
fn r_river_2_random_rivers_never_u_turn_and_never_stop_the_game() {
    // Every placed two-sided river tile, followed upstream, never turns the same way as the
    // tile it continues; the games all end (R-BASE-4 discards keep them going).
    let cat = catalogue();
    for (sets, seeds) in [
        (vec![Expansion::River1], 0..30u64),
        (vec![Expansion::River2], 100..130),
        (vec![Expansion::River1, Expansion::River2], 200..230),
    ] {
        for seed in seeds {
            let (game, _) = random_game(setup_with(3, &sets), seed);
            let board = game.board();
            // The order of placement: a river tile's upstream neighbour was placed before it.
            let index = |p: Pos| board.tile_index_at(p);
            for (i, pt) in board.tiles.iter().enumerate() {
                let t = cat.tile(pt.tile);
                let sides: Vec<Side> = Side::ALL
                    .into_iter()
                    .filter(|&s| t.edge(pt.rotation, s) == Terrain::River)
                    .collect();
                let [a, b] = sides[..] else { continue };
                // Upstream = the neighbour placed earlier.
                let (inn, out) = match (index(pt.pos.step(a)), index(pt.pos.step(b))) {
                    (Some(ia), Some(ib)) if ia < i && ib < i => continue, // joined two ends
                    (Some(ia), _) if ia < i => (a, b),
                    (_, Some(ib)) if ib < i => (b, a),
                    _ => panic!("seed {seed}: river tile at {} continues nothing", pt.pos),
                };
                let ours = (out as u8 + 4 - inn.opposite() as u8) % 4;
                if ours == 0 {
                    continue;
                }
                let prev = board.tile_at(pt.pos.step(inn)).expect("upstream tile");
                let pt2 = cat.tile(prev.tile);
                let facing = inn.opposite();
                let prev_sides: Vec<Side> = Side::ALL
                    .into_iter()
                    .filter(|&s| pt2.edge(prev.rotation, s) == Terrain::River && s != facing)
                    .collect();
                if let [prev_in] = prev_sides[..] {
                    let theirs = (facing as u8 + 4 - prev_in.opposite() as u8) % 4;
                    assert_ne!(
                        theirs, ours,
                        "seed {seed}: U-turn at {} after {}",
                        pt.pos, prev.pos
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// R-RIVER-3 No follower on the river; banks are separate fields; the rest is normal
// ---------------------------------------------------------------------------------------------

#[test]
fn r_river_3_no_follower_on_the_river() {
    let mut game = scenario(
        &[Expansion::River1],
        &["river1/road_bridge_straight", "river1/lake"],
    );
    // Turned 1: river W-E, road N-S.
    ok(&mut game, 0, &place(1, 0, 1));
    for port in ["E", "W"] {
        refused(
            &mut game,
            0,
            &meeple(port),
            PlayError::NotOccupiable {
                feature: feature(port),
                follower: FollowerKind::Meeple,
            },
        );
    }
    assert_eq!(
        PlayError::NotOccupiable {
            feature: feature("E"),
            follower: FollowerKind::Meeple
        }
        .rule(),
        "R-RIVER-3"
    );
    // Listed: the road and the four bank quadrants (one per feature of the tile, even though
    // the two west quadrants are joined round the spring), never the river.
    let deploys: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Deploy { .. }))
        .collect();
    assert_eq!(deploys.len(), 5, "{deploys:?}");
    for a in &deploys {
        let Action::Deploy { feature: f, .. } = a else {
            continue;
        };
        assert!(
            *f != feature("E") && *f != feature("W"),
            "river port listed: {a:?}"
        );
    }
    // The road on the river tile takes a thief as usual.
    ok(&mut game, 0, &meeple("N"));
    // The lake's river cannot be occupied either.
    ok(&mut game, 1, &place(2, 0, 0));
    refused(
        &mut game,
        1,
        &meeple("W"),
        PlayError::NotOccupiable {
            feature: feature("W"),
            follower: FollowerKind::Meeple,
        },
    );
}

#[test]
fn r_river_3_fields_on_the_two_banks_are_separate() {
    let game = golden("r01_river1_banks_bridge_monastery.json");
    let root = |x: i32, y: i32, port: &str| {
        game.feature_at(Pos::new(x, y), feature(port))
            .expect("a feature there")
    };
    // [2,0] city1x2_straight: the north bank (E1) and the south bank (E2).
    assert_ne!(root(2, 0, "E1"), root(2, 0, "E2"));
    // On the road bridge [1,0] the road splits each bank and does not join the banks.
    assert_ne!(root(1, 0, "E1"), root(1, 0, "E2"));
    assert_eq!(
        root(1, 0, "E1"),
        root(2, 0, "W2"),
        "north bank continues east"
    );
    assert_eq!(
        root(1, 0, "E2"),
        root(2, 0, "W1"),
        "south bank continues east"
    );
    // The spring's field goes round the source: the west quadrants of [1,0] are one field.
    assert_eq!(root(1, 0, "W1"), root(1, 0, "W2"));
    // The two farmers scored separately, each for the one city on its bank.
    let fields: Vec<_> = game
        .score_log()
        .iter()
        .filter(|e| e.kind == FeatureKind::Field)
        .collect();
    let mut winners: Vec<Vec<u8>> = fields.iter().map(|e| e.winners.to_vec()).collect();
    winners.sort();
    assert_eq!(winners, vec![vec![0], vec![1]]);
    assert!(fields.iter().all(|e| e.count == 1 && e.points == 3));
}

#[test]
fn r_river_3_city_bridge_lets_each_bank_pass_under_it() {
    // Spring, then road_bridge_inn turned 1 (road N-S cuts both banks), then city_bridge
    // turned 1 (river W-E, city N-S over it).
    let mut game = scenario(
        &[Expansion::River2],
        &["river2/road_bridge_inn", "river2/city_bridge"],
    );
    ok(&mut game, 0, &place(1, 0, 1));
    ok(&mut game, 0, &Action::Pass);
    ok(&mut game, 1, &place(2, 0, 1));
    let root = |g: &Game, port: &str| {
        g.feature_at(Pos::new(2, 0), feature(port))
            .expect("a feature there")
    };
    // Each bank's field passes under the city, from the W edge to the E edge…
    assert_eq!(root(&game, "W1"), root(&game, "E2"), "south bank");
    assert_eq!(root(&game, "W2"), root(&game, "E1"), "north bank");
    // …but the banks stay apart (the road bridge to the west does not join them either).
    assert_ne!(root(&game, "E1"), root(&game, "E2"));
    // The city over the river is one city, occupiable from either bank.
    assert_eq!(root(&game, "N"), root(&game, "S"));
    ok(&mut game, 1, &meeple("S"));
}

#[test]
fn r_river_3_roads_cities_and_monasteries_on_river_tiles_score_normally() {
    let game = golden("r01_river1_banks_bridge_monastery.json");
    let log = game.score_log();
    let road = log
        .iter()
        .find(|e| e.kind == FeatureKind::Road)
        .expect("the bridge road scored");
    assert_eq!(road.rule, "R-BASE-6");
    assert_eq!(
        tiles_of(road),
        vec![Pos::new(1, -1), Pos::new(1, 0), Pos::new(1, 1)]
    );
    assert_eq!((road.winners.to_vec(), road.points), (vec![0], 3));
    let monastery = log
        .iter()
        .find(|e| e.kind == FeatureKind::Monastery)
        .expect("the river monastery scored");
    assert_eq!(tiles_of(monastery), vec![Pos::new(3, 0)]);
    assert_eq!((monastery.count, monastery.points), (4, 5));
    let cities: Vec<_> = log.iter().filter(|e| e.kind == FeatureKind::City).collect();
    assert_eq!(cities.len(), 2);
    assert!(cities
        .iter()
        .all(|e| e.tiles.contains(&Pos::new(2, 0)) && e.points == 4 && *e.winners == [1]));
    // A river monastery completed by land tiles scores 9 (r08), a bridge road with a big
    // meeple like any road (r06), and a city over the river like any city (r08).
    let r08 = golden("r08_river2_city_bridge_and_monastery.json");
    assert!(r08
        .score_log()
        .iter()
        .any(|e| e.kind == FeatureKind::Monastery
            && tiles_of(e) == vec![Pos::new(3, 0)]
            && e.points == 9));
    assert!(r08.score_log().iter().any(|e| e.kind == FeatureKind::City
        && tiles_of(e) == vec![Pos::new(2, -1), Pos::new(2, 0), Pos::new(2, 1)]
        && e.points == 6));
}

#[test]
fn r_river_3_lake_inn_is_scenery_without_inns_cathedrals() {
    // r05 and r06 are one game; only the toggle differs. The road over road_bridge_inn is
    // 3 tiles: 3 points without Inns & Cathedrals, 6 with it (R-IC-1).
    let without = golden("r05_river2_lake_inn_without_inns_cathedrals.json");
    let with = golden("r06_river2_lake_inn_with_inns_cathedrals.json");
    let road = |g: &Game| {
        g.score_log()
            .iter()
            .find(|e| e.kind == FeatureKind::Road)
            .cloned()
            .expect("the inn road scored")
    };
    let (a, b) = (road(&without), road(&with));
    assert_eq!(a.tiles, b.tiles);
    assert_eq!((&*a.rule, a.points), ("R-BASE-6", 3));
    assert_eq!((&*b.rule, b.points), ("R-IC-1", 6));
    // Incomplete at the end without the toggle: 1 per tile, not 0 (r09).
    let r09 = golden("r09_river2_whole_river_three_players.json");
    let inn_road = r09
        .score_log()
        .iter()
        .find(|e| e.kind == FeatureKind::Road && e.tiles.contains(&Pos::new(1, -1)))
        .expect("the open inn road scored at the end");
    assert_eq!((&*inn_road.rule, inn_road.points), ("R-BASE-12", 3));
}

// ---------------------------------------------------------------------------------------------
// R-RIVER-4 River II: the fork first, both branches continued; lake inn, volcano, pig herd
// ---------------------------------------------------------------------------------------------

#[test]
fn r_river_4_fork_is_drawn_first_and_both_branches_are_continued() {
    let fork = tile("river2/fork");
    let river_tiles = copies(TileSet::River2) - 1;
    let mut lake_city_positions = Vec::new();
    for seed in 0..40 {
        let (game, draws) = random_game(setup_with(2, &[Expansion::River2]), seed);
        assert_eq!(draws[0].tile, fork, "seed {seed}: the fork comes first");
        assert!(!draws[0].discarded);
        let (river, land) = draws.split_at(river_tiles);
        assert!(river.iter().all(|d| is_river(d.tile)), "seed {seed}");
        assert!(land.iter().all(|d| !is_river(d.tile)), "seed {seed}");
        // The volcano lake is set aside for the end; the city lake is shuffled in.
        assert_eq!(id(river[river_tiles - 1].tile), "river2/lake_volcano");
        lake_city_positions.extend(
            river
                .iter()
                .position(|d| d.tile == tile("river2/lake_city")),
        );
        // The fork sits next to the spring, both arms continued (or boxed in, if some
        // river tile had to be discarded).
        let placed = game.board().tiles[1];
        assert_eq!(placed.tile, fork);
        assert_eq!(placed.pos, Pos::new(1, 0));
        if !river.iter().any(|d| d.discarded) {
            let cat = catalogue();
            for s in Side::ALL {
                if cat.tile(fork).edge(placed.rotation, s) == Terrain::River {
                    assert!(
                        game.board().is_occupied(placed.pos.step(s)),
                        "seed {seed}: fork arm {s:?} not continued"
                    );
                }
            }
            assert_eq!(
                open_river_ends(&game),
                vec![],
                "seed {seed}: both branches end in a lake"
            );
        }
    }
    lake_city_positions.sort_unstable();
    lake_city_positions.dedup();
    assert!(
        lake_city_positions.len() > 3,
        "lake_city is shuffled among the river tiles: {lake_city_positions:?}"
    );
}

#[test]
fn r_river_4_golden_fork_branches_meet_land_tiles() {
    // The golden games force the fork first; their branches meet land tiles (r02).
    let game = golden("r02_river2_fork_branches_meet_land.json");
    let fork = game.board().tile_at(Pos::new(1, 0)).expect("fork");
    assert_eq!(id(fork.tile), "river2/fork");
    // The 4-tile city on the north branch's curve and the east branch's bridge tile, closed
    // by land tiles, scored for both knights.
    let city = game
        .score_log()
        .iter()
        .find(|e| e.kind == FeatureKind::City && e.tiles.len() == 4)
        .expect("the 4-tile city");
    assert_eq!((city.shields, city.points), (1, 10));
    assert_eq!(*city.winners, [0, 1]);
    assert_eq!(game.scores(), &[15, 17]);
}

#[test]
fn r_river_4_volcano_and_pig_herd_do_nothing() {
    // The volcano lake: its only occupiable feature is the field round it.
    let mut game = scenario(&[Expansion::River2], &["river2/lake_volcano"]);
    ok(&mut game, 0, &place(1, 0, 0));
    let deploys: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Deploy { .. }))
        .collect();
    assert_eq!(deploys.len(), 1, "only the field: {deploys:?}");
    let Action::Deploy { feature, .. } = deploys[0] else {
        panic!("a deploy");
    };
    let field = game.feature_at(Pos::new(1, 0), feature).expect("field");
    assert_eq!(game.graph().node(field).kind, FeatureKind::Field);
    let vt = catalogue().tile(tile("river2/lake_volcano"));
    assert!(vt.features.iter().any(|f| f.kind == FeatureKind::Volcano));
    ok(&mut game, 0, &Action::Pass);
    assert!(game.is_over());
    assert!(game.score_log().is_empty(), "the volcano scores nothing");

    // The pig herd: a farmer in its field scores 3 per completed city, no bonus (r03).
    let r03 = golden("r03_river2_unplaceable_river_tile_discarded.json");
    let herd = r03.board().tile_at(Pos::new(1, -1)).expect("pig herd tile");
    assert_eq!(id(herd.tile), "river2/curve_pig_herd");
    let field = r03
        .score_log()
        .iter()
        .find(|e| e.kind == FeatureKind::Field)
        .expect("the pig herd field scored");
    assert!(field.tiles.contains(&Pos::new(1, -1)));
    assert_eq!(
        (field.count, field.points, field.winners.to_vec()),
        (1, 3, vec![1])
    );
    // Same in the whole River II game (r09).
    let r09 = golden("r09_river2_whole_river_three_players.json");
    let field = r09
        .score_log()
        .iter()
        .find(|e| e.kind == FeatureKind::Field)
        .expect("the pig herd field scored");
    assert!(field.tiles.contains(&Pos::new(1, -2)));
    assert_eq!((field.count, field.points), (1, 3));
}

#[test]
fn r_river_4_no_scoring_entry_for_river_volcano_or_pig_herd() {
    for seed in 0..20 {
        let (game, _) = random_game(setup_with(3, &[Expansion::River2]), 500 + seed);
        for e in game.score_log() {
            assert!(
                !matches!(e.kind, FeatureKind::River | FeatureKind::Volcano),
                "seed {seed}: {e:?}"
            );
        }
        assert!(
            game.followers().iter().all(|f| {
                game.graph().node(f.node).kind != FeatureKind::River
                    && game.graph().node(f.node).kind != FeatureKind::Volcano
            }),
            "seed {seed}: a follower on a river or volcano"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// R-RIVER-5 Both rivers: River II's spring, the fork first, River I's lake out, lakes last
// ---------------------------------------------------------------------------------------------

#[test]
fn r_river_5_both_rivers_one_spring_and_no_river1_lake() {
    let game = Game::new(setup_with(2, &[Expansion::River1, Expansion::River2]), 3)
        .expect("a valid setup");
    let start = game.board().tile_at(Pos::new(0, 0)).expect("spring");
    assert_eq!(id(start.tile), "river2/spring");
    assert_eq!(game.board().tiles.len(), 1);
    assert_eq!(drawn(&game), Some(tile("river2/fork")));
    let mut all = game.remaining_tiles();
    all.extend(drawn(&game));
    for out in [
        "river1/lake",
        "river1/spring",
        "river2/spring",
        "base/start",
    ] {
        assert!(!all.contains(&tile(out)), "{out} is not in the bag");
    }
    for lake in ["river2/lake_city", "river2/lake_volcano"] {
        assert_eq!(
            all.iter().filter(|&&t| t == tile(lake)).count(),
            1,
            "{lake}"
        );
    }
    assert_eq!(
        all.len(),
        copies(TileSet::Base) - 1 + copies(TileSet::River1) - 2 + copies(TileSet::River2) - 1
    );
}

#[test]
fn r_river_5_fork_first_then_both_rivers_then_the_lakes() {
    let river1 = copies(TileSet::River1) - 2; // no spring, no lake
    let river2 = copies(TileSet::River2) - 1; // no spring
    let n = river1 + river2;
    for seed in 0..30 {
        let (_, draws) = random_game(
            setup_with(2, &[Expansion::River1, Expansion::River2]),
            900 + seed,
        );
        let ids: Vec<&str> = draws.iter().map(|d| id(d.tile)).collect();
        assert_eq!(ids[0], "river2/fork", "seed {seed}");
        let mut lakes = ids[n - 2..n].to_vec();
        lakes.sort_unstable();
        assert_eq!(
            lakes,
            vec!["river2/lake_city", "river2/lake_volcano"],
            "seed {seed}: every lake is set aside for the end"
        );
        assert!(
            draws[1..n - 2]
                .iter()
                .all(|d| role(d.tile) == Some(RiverRole::Course)),
            "seed {seed}: {ids:?}"
        );
        // Both rivers' course tiles are shuffled together.
        for set in [TileSet::River1, TileSet::River2] {
            assert!(draws[1..n - 2]
                .iter()
                .any(|d| catalogue().tile(d.tile).set == set));
        }
        assert!(draws[n..].iter().all(|d| !is_river(d.tile)), "seed {seed}");
        assert!(!ids.contains(&"river1/lake"));
    }
}

#[test]
fn r_river_5_golden_game_with_both_rivers() {
    let record = load("r04_both_rivers_fork_first_lakes_last.json");
    assert!(record.setup.has(Expansion::River1) && record.setup.has(Expansion::River2));
    let game = golden("r04_both_rivers_fork_first_lakes_last.json");
    let spring = game.board().tile_at(Pos::new(0, 0)).expect("spring");
    assert_eq!(id(spring.tile), "river2/spring");
    assert_eq!(game.scores(), &[10, 13]);
    // River I course tiles sit on River II's branches.
    let on_board = |tid: &str| game.board().tiles.iter().any(|t| t.tile == tile(tid));
    assert!(on_board("river1/road_bridge_straight") && on_board("river1/city1x2_straight"));
    assert!(!on_board("river1/lake"));
}

// ---------------------------------------------------------------------------------------------
// R-RIVER-6 River II with the City of Carcassonne
// ---------------------------------------------------------------------------------------------

#[test]
fn r_river_6_river2_with_the_city_is_refused() {
    let setup = setup_with(2, &[Expansion::River2, Expansion::CityOfCarcassonne]);
    let err = Game::new(setup, 1).expect_err("River II + City of Carcassonne is refused");
    assert_eq!(err, SetupError::RiverWithCity);
    assert_eq!(err.rule(), "R-RIVER-6");
    assert!(
        err.to_string().contains("river_with_city_discard"),
        "the message names the option: {err}"
    );
    // Both rivers with the city: refused too (River II is in).
    let setup = setup_with(
        2,
        &[
            Expansion::River1,
            Expansion::River2,
            Expansion::CityOfCarcassonne,
        ],
    );
    assert_eq!(Game::new(setup, 1).err(), Some(SetupError::RiverWithCity));
    // Only River II is concerned.
    let setup = setup_with(2, &[Expansion::River1, Expansion::CityOfCarcassonne]);
    assert_ne!(Game::new(setup, 1).err(), Some(SetupError::RiverWithCity));
}

#[test]
fn r_river_6_discard_option_allows_the_pair() {
    let mut setup = setup_with(2, &[Expansion::River2, Expansion::CityOfCarcassonne]);
    setup.options.river_with_city_discard = true;
    match Game::new(setup.clone(), 1) {
        Err(e) => {
            // The City of Carcassonne itself may not be playable yet: then that is the only
            // complaint left.
            assert_ne!(e, SetupError::RiverWithCity);
            assert!(
                matches!(e, SetupError::ExpansionNotSupported { .. }),
                "unexpected setup error {e:?}"
            );
        }
        Ok(_) => {
            // Played: the game never stops on the river; every river tile is placed or
            // discarded.
            for seed in 0..10 {
                let (game, _) = random_game(setup.clone(), seed);
                let placed = game
                    .board()
                    .tiles
                    .iter()
                    .filter(|t| is_river(t.tile))
                    .count();
                let discarded = game.discarded().iter().filter(|&&t| is_river(t)).count();
                assert_eq!(placed + discarded, copies(TileSet::River2), "seed {seed}");
            }
        }
    }
    // The option is part of the setup and of its record.
    let json = serde_json::to_string(&setup).expect("serialisable");
    assert!(json.contains("\"river_with_city_discard\":true"), "{json}");
}

// ---------------------------------------------------------------------------------------------
// All river golden games
// ---------------------------------------------------------------------------------------------

#[test]
fn river_golden_games_all_replay() {
    let files: Vec<String> = golden_files()
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|n| n.starts_with('r') && n[1..].starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert!(files.len() >= 9, "{files:?}");
    for name in &files {
        let record = load(name);
        assert!(
            record.setup.has(Expansion::River1) || record.setup.has(Expansion::River2),
            "{name} plays a river"
        );
        assert!(record.setup.draw_order_only, "{name}");
        let game = golden(name);
        assert!(game.is_over(), "{name}");
    }
}
