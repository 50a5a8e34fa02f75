//! Property tests over random seeds and arbitrary inputs: the engine's invariants.

use carcassonne_engine::expansions::count::{CountMoves, Quarter};
use carcassonne_engine::expansions::king_robber::KingRobberScoring;
use carcassonne_engine::expansions::siege::SiegeEscape;
use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::tiles::Slot;
use carcassonne_engine::{
    catalogue, Action, Expansion, FeatureRef, FollowerKind, Game, Phase, Pos, Record, Rng, Setup,
};
use proptest::prelude::*;

/// Every expansion toggle (all but `base`); a game takes the subset given by a bit mask.
const TOGGLES: &[Expansion] = Expansion::ALL.split_at(1).1;

/// Every toggle that can be played together.
const ALL_TOGGLES: u16 = (1 << 10) - 1;

fn players_setup(n: usize, farmers: bool, toggles: u16) -> Setup {
    let mut s = Setup::base(n);
    s.options.farmers = farmers;
    for (i, t) in TOGGLES.iter().enumerate() {
        if toggles & (1 << i) != 0 {
            s.sets.push(*t);
        }
    }
    // Cathars and Siege are one set in two printings (R-SIEGE-1): keep one.
    if s.has(Expansion::Cathars) {
        s.sets.retain(|&e| e != Expansion::Siege);
    }
    // River II with the city needs the 1st-edition rule (R-RIVER-6).
    s.options.river_with_city_discard = true;
    // The options vary with the mask too, so every one of them gets played.
    s.options.count_moves =
        [CountMoves::Free, CountMoves::Clockwise, CountMoves::Follow][usize::from(toggles % 3)];
    s.options.final_redeploy = toggles % 5 < 3;
    s.options.king_robber_scoring = [
        KingRobberScoring::Official,
        KingRobberScoring::Flat10,
        KingRobberScoring::Flat15_40,
        KingRobberScoring::Continuous,
    ][usize::from(toggles % 7 % 4)];
    s.options.tiny_city = toggles % 11 < 5;
    s.options.siege_escape = if toggles.is_multiple_of(2) {
        SiegeEscape::SiegeTile
    } else {
        SiegeEscape::AnyCityTile
    };
    if !s.has(Expansion::InnsCathedrals) && n > 5 {
        s.players.truncate(5);
    }
    s
}

/// Followers in supply, on the board and in the City of Carcassonne, per seat.
fn followers_per_seat(game: &Game) -> Vec<u32> {
    (0..game.players())
        .map(|seat| {
            let seat = seat as u8;
            let supply: u32 = FollowerKind::ALL
                .iter()
                .map(|&k| u32::from(game.supply(seat, k)))
                .sum();
            let on_board = game.followers().iter().filter(|f| f.owner == seat).count() as u32;
            let in_city = game.city().iter().filter(|f| f.owner == seat).count() as u32;
            supply + on_board + in_city
        })
        .collect()
}

/// Is `action` in the legal list, up to equivalent rotations of symmetric tiles?
fn listed_as_legal(game: &Game, action: &Action) -> bool {
    let legal = game.legal_actions();
    match (*action, game.phase()) {
        (Action::Place { at, rotation }, Phase::Place { tile }) => {
            let distinct = catalogue().tile(tile).distinct_rotations;
            rotation < 4
                && legal.contains(&Action::Place {
                    at,
                    rotation: rotation % distinct,
                })
        }
        _ => legal.contains(action),
    }
}

fn arb_feature() -> impl Strategy<Value = FeatureRef> {
    prop_oneof![
        (0u8..12).prop_map(|s| FeatureRef::Port(Slot(s))),
        Just(FeatureRef::Monastery),
        Just(FeatureRef::Shrine),
        Just(FeatureRef::Garden),
        any::<u8>().prop_map(FeatureRef::InnerField),
    ]
}

fn arb_follower() -> impl Strategy<Value = FollowerKind> {
    prop_oneof![
        Just(FollowerKind::Meeple),
        Just(FollowerKind::BigMeeple),
        Just(FollowerKind::Abbot),
    ]
}

/// Actions near the board (likely to hit real cases) and anywhere in i32 (edge cases).
fn arb_action() -> impl Strategy<Value = Action> {
    let near = (-8i32..8, -8i32..8, 0u8..6).prop_map(|(x, y, r)| Action::Place {
        at: Pos::new(x, y),
        rotation: r,
    });
    let far = (any::<i32>(), any::<i32>(), any::<u8>()).prop_map(|(x, y, r)| Action::Place {
        at: Pos::new(x, y),
        rotation: r,
    });
    let deploy = (arb_feature(), arb_follower())
        .prop_map(|(feature, follower)| Action::Deploy { feature, follower });
    let quarter = || {
        prop_oneof![
            Just(Quarter::Castle),
            Just(Quarter::Market),
            Just(Quarter::Blacksmith),
            Just(Quarter::Cathedral),
        ]
    };
    let late = prop_oneof![
        arb_follower().prop_map(|follower| Action::Redeploy { follower }),
        (quarter(), arb_follower())
            .prop_map(|(quarter, follower)| Action::CityDeploy { quarter, follower }),
        quarter().prop_map(|quarter| Action::MoveCount { quarter }),
        (-8i32..8, -8i32..8, arb_feature()).prop_map(|(x, y, feature)| Action::Escape {
            at: Pos::new(x, y),
            feature
        }),
        (arb_follower(), -8i32..8, -8i32..8, arb_feature()).prop_map(
            |(follower, x, y, feature)| Action::FinalRedeploy {
                follower,
                at: Pos::new(x, y),
                feature
            }
        ),
    ];
    prop_oneof![
        near,
        far,
        deploy,
        late,
        Just(Action::Pass),
        Just(Action::RecallAbbot)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Every listed action applies; followers are conserved; scores never go down; the
    /// record of the game replays to the identical final state.
    #[test]
    fn random_games_keep_the_invariants(
        seed in any::<u64>(),
        players in 2usize..=6,
        farmers in any::<bool>(),
        toggles in 0u16..(1 << 11),
    ) {
        let setup = players_setup(players, farmers, toggles);
        let mut game = Game::new(setup.clone(), seed).expect("valid setup");
        let per_seat: u32 = game.rules().supply().iter().map(|&n| u32::from(n)).sum();
        let mut record = Record::new(setup, seed);
        let mut rng = Rng::new(seed.rotate_left(17));
        let mut scratch = Scratch::default();
        let mut step = 0u32;
        while let Some(action) = random_action(&game, &mut rng, &mut scratch) {
            // Every legal action applies (checked on copies, on a sample of turns to stay fast).
            if step.is_multiple_of(5) {
                for a in game.legal_actions() {
                    let mut copy = game.clone();
                    prop_assert!(copy.apply(game.pending_seat().expect("pending"), &a).is_ok(), "listed action {a:?} refused");
                }
            }
            let before = game.scores().to_vec();
            let seat = game.pending_seat().expect("pending");
            record.push(&game, seat, action);
            game.apply(seat, &action).expect("random_action picks legal actions");
            for (b, a) in before.iter().zip(game.scores()) {
                prop_assert!(a >= b, "a score went down: {before:?} -> {:?}", game.scores());
            }
            prop_assert!(followers_per_seat(&game).iter().all(|&n| n == per_seat));
            step += 1;
        }
        prop_assert!(game.is_over());
        prop_assert!(game.followers().is_empty(), "final scoring returns every follower");
        prop_assert_eq!(followers_per_seat(&game), vec![per_seat; game.players()]);
        let reread = Record::from_json(&record.to_json()).expect("the record parses back");
        let replayed = reread.replay().expect("the record replays");
        prop_assert_eq!(&replayed, &game);
    }

    /// Arbitrary actions at arbitrary moments: refused ones leave the state byte-identical,
    /// accepted ones are exactly the listed ones, and nothing panics.
    #[test]
    fn arbitrary_actions_are_refused_cleanly(
        seed in any::<u64>(),
        warmup in 0usize..120,
        seat in 0u8..7,
        toggles in 0u16..(1 << 11),
        actions in proptest::collection::vec(arb_action(), 1..12),
    ) {
        let mut game = Game::new(players_setup(3, true, toggles), seed).expect("valid setup");
        let mut rng = Rng::new(seed);
        let mut scratch = Scratch::default();
        for _ in 0..warmup {
            let Some(a) = random_action(&game, &mut rng, &mut scratch) else { break };
            game.apply(game.pending_seat().expect("pending"), &a).expect("legal");
        }
        for action in actions {
            let before = game.clone();
            let before_json = serde_json::to_string(&game).expect("state serialises");
            let legal = game.pending_seat() == Some(seat) && !game.is_over() && listed_as_legal(&game, &action);
            // Deploys, escapes and final redeploys may name a feature by any of its ports.
            let is_deploy = matches!(
                action,
                Action::Deploy { .. } | Action::Escape { .. } | Action::FinalRedeploy { .. }
            );
            match game.apply(seat, &action) {
                Ok(events) => {
                    prop_assert!(!events.is_empty());
                    // Deploys may name a feature by any of its ports; places and passes
                    // must be listed exactly.
                    prop_assert!(legal || is_deploy, "unlisted action accepted: {action:?}");
                }
                Err(e) => {
                    prop_assert!(!legal, "listed action {action:?} refused: {e}");
                    prop_assert!(!e.rule().is_empty());
                    prop_assert_eq!(&game, &before);
                    prop_assert_eq!(serde_json::to_string(&game).expect("serialises"), before_json);
                }
            }
        }
    }
}

#[test]
fn a_deploy_by_any_port_of_a_feature_is_the_same_deploy() {
    // base/road_straight east of the start: its field north of the road owns N1, N2, E1, W2.
    let mut setup = Setup::base(2);
    // A second tile keeps the game going, so the farmer is still on the board.
    setup.draw_order = vec!["base/road_straight".into(), "base/monastery".into()];
    setup.draw_order_only = true;
    let mut a = Game::new(setup, 1).expect("valid");
    a.apply(
        0,
        &Action::Place {
            at: Pos::new(1, 0),
            rotation: 0,
        },
    )
    .expect("fits");
    let mut b = a.clone();
    let by = |s: &str| Action::Deploy {
        feature: FeatureRef::Port(s.parse().expect("port")),
        follower: FollowerKind::Meeple,
    };
    a.apply(0, &by("N1")).expect("field by N1");
    b.apply(0, &by("E1")).expect("field by E1");
    assert_eq!(a.scores(), b.scores());
    assert_eq!(a.followers()[0].node, b.followers()[0].node);
}

/// Every expansion alone, all of them together, and all but one: random games finish with
/// followers conserved and replay identically from their record (the proptest above samples
/// the other combinations).
#[test]
fn every_toggle_plays_to_the_end() {
    let mut masks: Vec<u16> = vec![0, ALL_TOGGLES];
    masks.extend((0..TOGGLES.len()).map(|i| 1u16 << i));
    masks.extend((0..10).map(|i| ALL_TOGGLES & !(1u16 << i)));
    for toggles in masks {
        for seed in 0..3u64 {
            let players = 2 + (seed as usize + usize::from(toggles)) % 5;
            let setup = players_setup(players, seed % 2 == 0, toggles);
            let mut game = Game::new(setup.clone(), seed).expect("valid setup");
            let per_seat: u32 = game.rules().supply().iter().map(|&n| u32::from(n)).sum();
            let mut record = Record::new(setup, seed);
            let mut rng = Rng::new(seed + 100);
            let mut scratch = Scratch::default();
            while let Some(a) = random_action(&game, &mut rng, &mut scratch) {
                let seat = game.pending_seat().expect("pending");
                record.push(&game, seat, a);
                game.apply(seat, &a).expect("legal");
                assert!(followers_per_seat(&game).iter().all(|&n| n == per_seat));
            }
            assert!(game.is_over(), "toggles {toggles:011b} seed {seed}");
            assert_eq!(record.replay().expect("replays"), game);
        }
    }
}
