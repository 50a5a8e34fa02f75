//! The farm view (issue 30, item 4): each field's segments, farmers, owners and supplied
//! cities, on hand-built positions and against the engine's own final scoring.

use carcassonne_engine::game::Segment;
use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    Action, Expansion, Farm, Farms, FeatureRef, FollowerKind, Game, Phase, Pos, Rng, ScoreTime,
    Setup,
};

fn setup(sets: &[Expansion], order: &[&str]) -> Setup {
    let mut s = Setup::base(2);
    s.sets = sets.to_vec();
    s.draw_order = order.iter().map(|s| s.to_string()).collect();
    // One tile more than the position needs: the game must not end (and send every farmer
    // home) with the last one placed.
    s.draw_order.push("base/monastery".into());
    s.draw_order_only = true;
    s
}

fn port(name: &str) -> FeatureRef {
    name.parse().expect("a feature name")
}

fn seg(x: i32, y: i32, name: &str) -> Segment {
    Segment {
        at: Pos::new(x, y),
        feature: port(name),
    }
}

/// The drawn tile goes to [x, y]; then `follower` on `feature` (or a pass), then every
/// choice up to the next draw is declined.
fn play(g: &mut Game, x: i32, y: i32, rotation: u8, deploy: Option<(FollowerKind, &str)>) {
    let seat = g.pending_seat().expect("a seat to play");
    g.apply(
        seat,
        &Action::Place {
            at: Pos::new(x, y),
            rotation,
        },
    )
    .unwrap_or_else(|e| panic!("placing at [{x}, {y}] r{rotation}: {e:?}"));
    if let Some((follower, feature)) = deploy {
        g.apply(
            seat,
            &Action::Deploy {
                follower,
                feature: port(feature),
            },
        )
        .unwrap_or_else(|e| panic!("deploying on {feature}: {e:?}"));
    }
    while let Some(seat) = g.pending_seat() {
        if matches!(g.phase(), Phase::Place { .. }) {
            break;
        }
        g.apply(seat, &Action::Pass).expect("pass");
    }
}

/// The field holding `segment`.
fn field(farms: &Farms, segment: Segment) -> &Farm {
    farms
        .fields
        .iter()
        .find(|f| f.segments.contains(&segment))
        .unwrap_or_else(|| panic!("no field holds {segment:?}: {farms:#?}"))
}

/// The start tile (city north, road west–east), then: seat 0 puts a road west–east at [1, 0]
/// and a farmer north of the road (the start's north field); seat 1 puts a city cap at
/// [0, -1] facing south, closing the start's city (two tiles, completed, nobody in it), and
/// `second` on its field; with `join`, seat 0 puts a monastery at [1, -1] that joins the two
/// fields.
fn two_farmers(sets: &[Expansion], second: FollowerKind, join: bool) -> Game {
    let order = ["base/road_straight", "base/city1", "base/monastery"];
    let mut g = Game::new(setup(sets, &order), 1).expect("a game");
    play(&mut g, 1, 0, 0, Some((FollowerKind::Meeple, "N1")));
    play(&mut g, 0, -1, 2, Some((second, "N1")));
    if join {
        play(&mut g, 1, -1, 0, None);
    }
    g
}

#[test]
fn r_base_13_a_completed_city_supplies_every_field_it_touches() {
    let g = two_farmers(&[], FollowerKind::Meeple, false);
    let farms = g.farms();
    // The city: the start's cap and the new cap, completed.
    assert_eq!(farms.cities.len(), 1, "{farms:#?}");
    assert_eq!(
        farms.cities[0].segments,
        vec![seg(0, -1, "S"), seg(0, 0, "N")]
    );
    assert!(!farms.cities[0].besieged);
    let north = field(&farms, seg(1, 0, "N1"));
    assert_eq!(north.segments, vec![seg(0, 0, "E1"), seg(1, 0, "N1")]);
    assert_eq!(north.strength, vec![1, 0]);
    assert_eq!(north.owners, vec![0]);
    assert_eq!(north.cities, vec![0]);
    assert_eq!(north.points, 3);
    let top = field(&farms, seg(0, -1, "N1"));
    assert_eq!(top.owners, vec![1]);
    assert_eq!(top.cities, vec![0], "one city scores for several fields");
    assert_eq!(top.points, 3);
    // The start's south field and the road's: nobody farms them, no city touches them.
    let south = field(&farms, seg(0, 0, "E2"));
    assert_eq!(south.segments, vec![seg(0, 0, "E2"), seg(1, 0, "E2")]);
    assert!(south.owners.is_empty() && south.cities.is_empty());
    assert_eq!(south.strength, vec![0, 0]);
    assert_eq!(farms.fields.len(), 3, "{farms:#?}");
}

#[test]
fn r_base_13_an_incomplete_city_supplies_nothing() {
    let order = ["base/road_straight"];
    let mut g = Game::new(setup(&[], &order), 1).expect("a game");
    play(&mut g, 1, 0, 0, Some((FollowerKind::Meeple, "N1")));
    let farms = g.farms();
    let north = field(&farms, seg(1, 0, "N1"));
    assert_eq!(north.owners, vec![0]);
    assert!(north.cities.is_empty() && farms.cities.is_empty());
    assert_eq!(north.points, 0);
}

#[test]
fn r_base_9_r_base_13_tied_farmers_all_own_their_field_and_its_city_counts_once() {
    let g = two_farmers(&[], FollowerKind::Meeple, true);
    let farms = g.farms();
    let joined = field(&farms, seg(1, -1, "N1"));
    assert_eq!(joined.segments, field(&farms, seg(0, -1, "N1")).segments);
    assert_eq!(joined.segments, field(&farms, seg(0, 0, "E1")).segments);
    assert_eq!(joined.strength, vec![1, 1]);
    assert_eq!(joined.owners, vec![0, 1], "contested: both seats score it");
    // Two of its segments border the city: it still counts once (R-BASE-13).
    assert_eq!(joined.cities, vec![0]);
    assert_eq!(joined.points, 3);
    assert_eq!(farms.fields.len(), 2, "{farms:#?}");
}

#[test]
fn r_ic_3_a_big_meeple_farmer_outweighs_one_farmer() {
    let g = two_farmers(&[Expansion::InnsCathedrals], FollowerKind::BigMeeple, true);
    let farms = g.farms();
    let joined = field(&farms, seg(1, -1, "N1"));
    assert_eq!(joined.strength, vec![1, 2]);
    assert_eq!(joined.owners, vec![1]);
}

#[test]
fn a_fields_id_stays_as_it_grows_and_merges() {
    let before = two_farmers(&[], FollowerKind::Meeple, false).farms();
    let after = two_farmers(&[], FollowerKind::Meeple, true).farms();
    let north = field(&before, seg(1, 0, "N1")).id;
    let top = field(&before, seg(0, -1, "N1")).id;
    let joined = field(&after, seg(1, -1, "N1")).id;
    // The start's north field is the oldest segment of the merged field.
    assert_eq!(joined, north.min(top));
    assert_eq!(joined, north);
}

/// Each occupied field's owners and points equal the entry final scoring writes for it when
/// the game ends there: on random games of every set, Siege's double cities (R-SIEGE-4) and
/// the City of Carcassonne (R-CKR-1) included.
#[test]
fn r_base_13_r_siege_4_r_ckr_1_farms_equal_final_field_scoring() {
    let mut all = Setup::base(4);
    all.sets = Expansion::ALL
        .into_iter()
        .filter(|e| {
            !matches!(
                e,
                Expansion::Cathars | Expansion::Besiegers | Expansion::River1 | Expansion::River2
            )
        })
        .collect();
    let mut checked = 0;
    let mut supplied = 0;
    for (i, s) in [Setup::base(3), all].into_iter().enumerate() {
        for seed in 0..3u64 {
            let mut g = Game::new(s.clone(), 10 * i as u64 + seed).expect("a game");
            let mut rng = Rng::new(seed);
            let mut scratch = Scratch::default();
            let mut turn = 0;
            while let Some(action) = random_action(&g, &mut rng, &mut scratch) {
                if matches!(g.phase(), Phase::Place { .. }) {
                    turn += 1;
                    if turn % 5 == 0 {
                        let (c, s) = check_against_final_scoring(&g);
                        checked += c;
                        supplied += s;
                    }
                }
                let seat = g.pending_seat().expect("a seat");
                g.apply(seat, &action).expect("a listed action");
            }
        }
    }
    assert!(checked > 50 && supplied > 20, "{checked} {supplied}");
}

/// A score entry's tiles (listed in the order they were placed) sorted by position.
fn sorted(tiles: &[Pos]) -> Vec<Pos> {
    let mut tiles = tiles.to_vec();
    tiles.sort_unstable();
    tiles
}

/// Returns how many occupied fields were compared, and how many of them supplied a city.
fn check_against_final_scoring(g: &Game) -> (usize, usize) {
    let farms = g.farms();
    let ended = g.ended_now();
    let mut entries: Vec<_> = ended
        .score_log()
        .iter()
        .filter(|e| e.kind == FeatureKind::Field && e.when == ScoreTime::Final)
        .collect();
    let occupied: Vec<&Farm> = farms
        .fields
        .iter()
        .filter(|f| f.strength.iter().any(|&s| s > 0))
        .collect();
    let compared = entries.len();
    assert_eq!(occupied.len(), compared, "one entry per farmed field");
    let mut supplied = 0;
    for f in occupied {
        let mut tiles: Vec<Pos> = f.segments.iter().map(|s| s.at).collect();
        tiles.sort_unstable();
        tiles.dedup();
        let cities = f.cities.len() + usize::from(f.city_of_carcassonne);
        // Fields on either side of a road can span the same tiles: each farm takes the entry
        // that agrees with it in everything, and no entry serves two farms.
        let i = entries
            .iter()
            .position(|e| {
                sorted(&e.tiles) == tiles
                    && *e.winners == *f.owners
                    && *e.strength == *f.strength
                    && e.points == f.points
                    && usize::from(e.count) == cities
            })
            .unwrap_or_else(|| {
                let same_tiles: Vec<_> = entries
                    .iter()
                    .filter(|e| sorted(&e.tiles) == tiles)
                    .collect();
                panic!("no final entry agrees with the field {f:?}: {same_tiles:?}")
            });
        entries.swap_remove(i);
        supplied += usize::from(cities > 0);
        for &c in &f.cities {
            let city = &farms.cities[c];
            let (at, feature) = (city.segments[0].at, city.segments[0].feature);
            assert_eq!(
                g.local_feature(at, feature).map(|d| d.kind),
                Some(FeatureKind::City)
            );
        }
    }
    (compared, supplied)
}
