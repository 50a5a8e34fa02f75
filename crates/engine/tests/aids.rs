//! The learning aids computed by the engine: dead and single-fit cells (issue 30, item 2)
//! and projected points (item 3), on hand-built positions and random playouts.

use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    catalogue, Action, CellFit, Event, Expansion, FollowerKind, Game, HardCell, Phase, Pos, Rng,
    ScoreTime, Setup, TileTypeId,
};
use std::collections::HashMap;

fn id(s: &str) -> TileTypeId {
    catalogue().id(s).unwrap_or_else(|| panic!("no tile {s}"))
}

fn setup(sets: &[Expansion], order: &[&str], only: bool) -> Setup {
    let mut s = Setup::base(2);
    s.sets = sets.to_vec();
    s.draw_order = order.iter().map(|s| s.to_string()).collect();
    s.draw_order_only = only;
    s
}

/// Every set that goes with every other (the rivers and Siege aside).
fn land_sets() -> Vec<Expansion> {
    Expansion::ALL
        .into_iter()
        .filter(|e| !matches!(e, Expansion::River1 | Expansion::River2 | Expansion::Siege))
        .collect()
}

/// Places the drawn tile, then declines every choice up to the next draw.
fn place(g: &mut Game, x: i32, y: i32, rotation: u8) {
    let seat = g.pending_seat().expect("a seat to play");
    g.apply(
        seat,
        &Action::Place {
            at: Pos::new(x, y),
            rotation,
        },
    )
    .unwrap_or_else(|e| panic!("placing at [{x}, {y}] r{rotation}: {e:?}"));
    while let Some(seat) = g.pending_seat() {
        if matches!(g.phase(), Phase::Place { .. }) {
            break;
        }
        g.apply(seat, &Action::Pass).expect("pass");
    }
}

fn fit_at(g: &Game, x: i32, y: i32) -> Option<CellFit> {
    g.hard_cells()
        .into_iter()
        .find(|c| c.pos == Pos::new(x, y))
        .map(|c| c.fit)
}

/// The answer by brute force over the engine's public placement check.
fn fitting_types(g: &Game, at: Pos) -> Vec<TileTypeId> {
    g.tile_types_to_come()
        .into_iter()
        .filter(|&t| (0..4).any(|r| g.check_placement(t, at, r).is_ok()))
        .collect()
}

/// Around the start tile's city: [0, -1] must take a city north and south and a road east.
fn surround_north_of_start(g: &mut Game, west_road: bool) {
    place(g, 1, 0, 0); // road straight, west–east
    place(g, 1, -1, 1); // road curve: south field, west road (into the cell)
    place(g, 1, -2, 1); // road straight, north–south: west field
    place(g, 0, -2, 2); // city1 turned: its city faces south (into the cell)
    place(g, -1, 0, 0); // road straight, west–east
                        // West of the cell: a monastery (field) or a road curve turned so its road faces east.
    place(g, -1, -1, if west_road { 2 } else { 0 });
}

#[test]
fn r_base_4_a_cell_surrounded_so_that_no_tile_fits_is_dead() {
    let order = [
        "base/road_straight",
        "base/road_curve",
        "base/road_straight",
        "base/city1",
        "base/road_straight",
        "base/monastery",
    ];
    // Every land set but the City of Carcassonne, whose board replaces the start tile.
    let mut sets = land_sets();
    sets.retain(|e| *e != Expansion::CityOfCarcassonne);
    for sets in [vec![Expansion::Base], sets] {
        let mut g = Game::new(setup(&sets, &order, false), 1).expect("a game");
        surround_north_of_start(&mut g, false);
        // City north and south, road east, field west: no tile of any set has that.
        assert_eq!(fit_at(&g, 0, -1), Some(CellFit::Dead), "{sets:?}");
        assert!(fitting_types(&g, Pos::new(0, -1)).is_empty());
        // The open cells around it are not holes: the full bag still has many tiles.
        assert_eq!(fit_at(&g, 0, 1), None);
    }
}

#[test]
fn r_base_4_a_cell_only_one_tile_type_fits_is_single_fit_and_takes_that_tile() {
    let order = [
        "base/road_straight",
        "base/road_curve",
        "base/road_straight",
        "base/city1",
        "base/road_straight",
        "base/road_curve",
        "ic/city1x2_ns_roads_we",
        "base/road_straight",
    ];
    let mut g = Game::new(setup(&[Expansion::InnsCathedrals], &order, true), 1).expect("a game");
    surround_north_of_start(&mut g, true);
    // City north and south, road east and west: only the Inns & Cathedrals tile, in hand.
    let single = CellFit::Single(id("ic/city1x2_ns_roads_we"));
    assert_eq!(fit_at(&g, 0, -1), Some(single));
    assert_eq!(
        fitting_types(&g, Pos::new(0, -1)),
        vec![id("ic/city1x2_ns_roads_we")]
    );
    place(&mut g, 0, -1, 0);
    assert!(g.board().tile_at(Pos::new(0, -1)).is_some());
    // The last tile to come is a straight road: every cell it fits is single-fit now.
    assert_eq!(g.tile_types_to_come(), vec![id("base/road_straight")]);
    assert_eq!(
        fit_at(&g, 0, -3),
        Some(CellFit::Single(id("base/road_straight")))
    );
}

#[test]
fn r_river_2_a_river_end_that_only_a_u_turn_would_continue_is_dead() {
    let order = [
        "river1/curve",
        "base/monastery",
        "base/monastery",
        "base/road_straight",
        "river1/curve_garden",
    ];
    let mut g = Game::new(setup(&[Expansion::River1], &order, true), 1).expect("a game");
    place(&mut g, 1, 0, 0); // from the spring eastwards, turning right (south)
    place(&mut g, 2, 0, 0);
    place(&mut g, 2, 1, 0); // a field east of the river's end
                            // In hand: a straight road. To come: a river curve. At [1, 1] the river arrives from
                            // the north and the east is a field, so the curve must turn right again: a U-turn.
    let end = *g
        .board()
        .frontier_at(Pos::new(1, 1))
        .expect("the river's end");
    let curve = catalogue().tile(id("river1/curve_garden"));
    assert_ne!(curve.fit[usize::from(end.code)], 0, "its edges match");
    assert_eq!(fit_at(&g, 1, 1), Some(CellFit::Dead));
    assert!(fitting_types(&g, Pos::new(1, 1)).is_empty());
    // A river curve never fits a cell that demands no river (R-RIVER-2): below the spring,
    // only the straight road in hand does.
    assert_eq!(
        fit_at(&g, 0, 1),
        Some(CellFit::Single(id("base/road_straight")))
    );
}

#[test]
fn r_ckr_1_cells_next_to_the_city_of_carcassonne_must_match_its_outer_edges() {
    // The city's cell01 at [0, 0] has a road going west.
    for (last, fit) in [
        ("base/city1", CellFit::Dead),
        (
            "base/road_straight",
            CellFit::Single(id("base/road_straight")),
        ),
    ] {
        let order = ["base/monastery", last];
        let g = Game::new(setup(&[Expansion::CityOfCarcassonne], &order, true), 1).expect("a game");
        assert_eq!(fit_at(&g, -1, 0), Some(fit), "{last}");
        // North of the city, a field: both tiles to come fit.
        assert_eq!(fit_at(&g, 0, -1), None);
    }
}

/// The setups of the playout checks: base, every land set, each river, both rivers, and
/// everything with the first edition's river-with-city rule.
fn playout_setups() -> Vec<Setup> {
    let mut all = Setup::base(4);
    all.sets = Expansion::ALL
        .into_iter()
        .filter(|e| *e != Expansion::Siege)
        .collect();
    all.options.river_with_city_discard = true;
    all.options.final_redeploy = true;
    vec![
        Setup::base(2),
        setup(&land_sets(), &[], false),
        setup(&[Expansion::River1], &[], false),
        setup(&[Expansion::River2], &[], false),
        setup(
            &[Expansion::River1, Expansion::River2, Expansion::Shrines],
            &[],
            false,
        ),
        all,
    ]
}

#[test]
fn r_base_4_a_dead_cell_is_never_filled_and_a_single_fit_cell_only_takes_its_tile() {
    let mut dead_seen = 0;
    let mut single_seen = 0;
    for (i, s) in playout_setups().into_iter().enumerate() {
        for seed in 0..3u64 {
            let mut g = Game::new(s.clone(), 100 * i as u64 + seed).expect("a game");
            let mut rng = Rng::new(seed);
            let mut scratch = Scratch::default();
            let mut dead: Vec<Pos> = Vec::new();
            let mut single: HashMap<Pos, TileTypeId> = HashMap::new();
            while let Some(action) = random_action(&g, &mut rng, &mut scratch) {
                if matches!(g.phase(), Phase::Place { .. }) {
                    let hard = g.hard_cells();
                    check_against_brute_force(&g, &hard);
                    for d in &dead {
                        assert!(hard.contains(&HardCell {
                            pos: *d,
                            fit: CellFit::Dead
                        }));
                    }
                    for c in hard {
                        match c.fit {
                            CellFit::Dead if !dead.contains(&c.pos) => dead.push(c.pos),
                            CellFit::Single(t) => {
                                single.insert(c.pos, t);
                            }
                            _ => {}
                        }
                    }
                }
                let seat = g.pending_seat().expect("a seat");
                for e in g.apply(seat, &action).expect("a listed action") {
                    if let Event::TilePlaced { tile, at, .. } = e {
                        assert!(!dead.contains(&at), "{at} was reported dead");
                        if let Some(&t) = single.get(&at) {
                            assert_eq!(t, tile, "{at} took another tile than its single fit");
                        }
                    }
                }
            }
            dead_seen += dead.len();
            single_seen += single.len();
        }
    }
    assert!(
        dead_seen > 20 && single_seen > 20,
        "{dead_seen} {single_seen}"
    );
}

/// Each frontier cell: dead when no type passes `check_placement`, single-fit when one does.
fn check_against_brute_force(g: &Game, hard: &[HardCell]) {
    for f in &g.board().frontier {
        let types = fitting_types(g, f.pos);
        let expected = match types.as_slice() {
            [] => Some(CellFit::Dead),
            [t] => Some(CellFit::Single(*t)),
            _ => None,
        };
        let got = hard.iter().find(|c| c.pos == f.pos).map(|c| c.fit);
        assert_eq!(got, expected, "at {}", f.pos);
    }
}

#[test]
fn hard_cells_stay_fast_on_a_mid_game_board_with_every_set() {
    let mut s = Setup::base(4);
    s.sets = Expansion::ALL
        .into_iter()
        .filter(|e| *e != Expansion::Siege)
        .collect();
    s.options.river_with_city_discard = true;
    let mut g = Game::new(s, 7).expect("a game");
    let mut rng = Rng::new(7);
    let mut scratch = Scratch::default();
    while g.board().tiles.len() < 60 {
        let a = random_action(&g, &mut rng, &mut scratch).expect("not over yet");
        g.apply(g.pending_seat().expect("a seat"), &a)
            .expect("legal");
    }
    let runs = 200u32;
    let start = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..runs {
        n += std::hint::black_box(g.hard_cells()).len();
    }
    let per_call = start.elapsed() / runs;
    let start = std::time::Instant::now();
    for _ in 0..runs {
        n += std::hint::black_box(g.projection()).features.len();
    }
    let projection = start.elapsed() / runs;
    eprintln!(
        "frontier {} cells, {} types to come: hard_cells {per_call:?}, projection {projection:?} per call ({n})",
        g.board().frontier.len(),
        g.tile_types_to_come().len()
    );
    // Generous bounds (a loaded CI machine): it runs on every view.
    assert!(per_call.as_micros() < 2_000, "{per_call:?}");
    assert!(projection.as_micros() < 5_000, "{projection:?}");
}

/// Plays a random game and, at some turns, compares the projection with a game whose bag
/// really runs out there: the same tiles drawn so far, nothing more (`draw_order_only`),
/// the same actions, then every later choice declined.
fn projection_matches_a_real_ending(s: &Setup, seed: u64) -> usize {
    let mut g = Game::new(s.clone(), seed).expect("a game");
    let mut rng = Rng::new(seed);
    let mut scratch = Scratch::default();
    // The draws made by `Game::new`: discards, then the first tile.
    let mut drawn: Vec<TileTypeId> = g.discarded().to_vec();
    if let Phase::Place { tile } = g.phase() {
        drawn.push(tile);
    }
    let mut drawn: Vec<String> = drawn
        .into_iter()
        .map(|t| catalogue().tile(t).id.clone())
        .collect();
    let mut actions: Vec<(u8, Action)> = Vec::new();
    let mut checked = 0;
    let mut turn = 0;
    while let Some(action) = random_action(&g, &mut rng, &mut scratch) {
        // Every 7th turn, between turns and in the middle of one (a tile just placed).
        let between = matches!(g.phase(), Phase::Place { .. });
        let mid = matches!(g.phase(), Phase::Deploy { .. });
        if (between || mid) && turn % 7 == 3 {
            // Between turns the tile in hand (the last drawn) is not part of the ending.
            let upto = if between {
                drawn.len() - 1
            } else {
                drawn.len()
            };
            let mut short = s.clone();
            short.draw_order = drawn[..upto].to_vec();
            short.draw_order_only = true;
            let mut real = Game::new(short, seed).expect("the same tiles are available");
            for (k, (seat, a)) in actions.iter().enumerate() {
                real.apply(*seat, a)
                    .unwrap_or_else(|e| panic!("{:?} action {k} {a:?}: {e:?}", s.sets));
            }
            while let Some(seat) = real.pending_seat() {
                real.apply(seat, &Action::Pass).expect("declined");
            }
            let p = g.projection();
            assert_eq!(p.scores, real.scores(), "turn {turn}");
            assert_eq!(g.ended_now().scores(), real.scores());
            // Each feature's entry is final scoring's own line for it.
            let finals: Vec<_> = real
                .score_log()
                .iter()
                .filter(|e| e.when == ScoreTime::Final && !e.rule.starts_with("R-CKR-"))
                .collect();
            let mut ends: Vec<_> = p.features.iter().map(|f| &f.at_end).collect();
            let mut finals_sorted = finals.clone();
            ends.sort_by_key(|e| format!("{e:?}"));
            finals_sorted.sort_by_key(|e| format!("{e:?}"));
            assert_eq!(ends, finals_sorted, "turn {turn}");
            checked += 1;
        }
        if matches!(g.phase(), Phase::Place { .. }) {
            turn += 1;
        }
        let seat = g.pending_seat().expect("a seat");
        for e in g.apply(seat, &action).expect("a listed action") {
            if let Event::TileDrawn { tile, .. } | Event::TileDiscarded { tile, .. } = e {
                drawn.push(catalogue().tile(tile).id.clone());
            }
        }
        actions.push((seat, action));
    }
    checked
}

#[test]
fn r_base_12_projected_scores_equal_final_scoring_when_the_bag_runs_out_there() {
    let mut sets: Vec<Vec<Expansion>> = vec![vec![Expansion::Base]];
    // Each set on its own, then every land set together.
    for e in Expansion::ALL {
        if !matches!(e, Expansion::Base | Expansion::River1 | Expansion::River2) {
            sets.push(vec![e]);
        }
    }
    sets.push(land_sets());
    sets.push(vec![Expansion::River1, Expansion::River2]);
    let mut checked = 0;
    for (i, s) in sets.iter().enumerate() {
        let mut setup = setup(s, &[], false);
        setup.players = Setup::base(3).players;
        if s.contains(&Expansion::CityOfCarcassonne) {
            // The first edition's final redeploy (declined, like every late choice).
            setup.options.final_redeploy = i % 2 == 0;
        }
        checked += projection_matches_a_real_ending(&setup, 40 + i as u64);
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn r_base_7_an_open_city_projects_its_end_value_and_its_completed_value() {
    let order = ["base/city3", "base/road_straight"];
    let mut g = Game::new(setup(&[Expansion::Base], &order, true), 1).expect("a game");
    // A three-sided city north of the start, joining the start's city: open east and west.
    g.apply(
        0,
        &Action::Place {
            at: Pos::new(0, -1),
            rotation: 2,
        },
    )
    .expect("placed");
    let knight = g
        .legal_actions()
        .into_iter()
        .find(|a| match a {
            Action::Deploy { feature, follower } => {
                *follower == FollowerKind::Meeple
                    && g.local_feature(Pos::new(0, -1), *feature)
                        .is_some_and(|d| d.kind == FeatureKind::City)
            }
            _ => false,
        })
        .expect("a knight on the city");
    g.apply(0, &knight).expect("deployed");
    let p = g.projection();
    assert_eq!(p.features.len(), 1);
    let city = &p.features[0];
    assert_eq!(city.kind, FeatureKind::City);
    assert_eq!(city.followers.len(), 1);
    // R-BASE-12: an open city at the end, 1 per tile; R-BASE-7: completed, 2 per tile.
    assert_eq!(
        (city.at_end.points, city.at_end.winners.to_vec()),
        (2, vec![0])
    );
    let done = city.if_completed.as_ref().expect("a city can be completed");
    assert_eq!((done.points, &*done.rule), (4, "R-BASE-7"));
    assert_eq!(p.scores, vec![2, 0]);
    // The projection leaves the game as it was.
    assert_eq!(g.scores(), &[0, 0]);
    assert_eq!(g.followers().len(), 1);
}
