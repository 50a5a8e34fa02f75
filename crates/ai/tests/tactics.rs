//! Small positions where one move is clearly best; the greedy and the search bots find it.

mod common;

use carcassonne_ai::{Bot, BotSpec, Budget};
use carcassonne_engine::{Action, FollowerKind, Game, Pos};
use common::{deploy, place, script, scripted};

const BOTS: [&str; 5] = ["greedy", "expecti", "mcts", "medium", "hard"];

/// Search bots get 2,000 iterations; the expectimax bot and `hard`, which count positions
/// valued, their own budget (these small bags need little of it, so `hard` answers with the
/// expectimax bot, not its fallback search).
fn budget(spec: &str) -> Budget {
    if spec == "expecti" || spec == "hard" {
        Budget::default()
    } else {
        Budget::iterations(2000)
    }
}

fn answer(spec: &str, game: &Game) -> Action {
    let mut bot = spec.parse::<BotSpec>().expect("a bot").build(1);
    let thought = bot.think(game, budget(spec)).expect("an answer");
    if spec == "hard" {
        // The search's candidates carry rewards; the expectimax bot's and the playouts' do not.
        assert!(
            thought.candidates.iter().all(|c| c.reward.is_none()),
            "hard answered with its fallback search"
        );
    }
    thought.action
}

/// Seat 0 owns a city of 6 tiles and 3 shields with one gap left, and draws the tile that
/// closes it: 20 points now (R-BASE-7) and the meeple back, against 9 at the end.
fn city_with_one_gap() -> Game {
    let mut game = scripted(
        2,
        &[
            "base/city2_we_pennant",
            "base/city4_pennant",
            "base/city1",
            "base/city1",
            "base/city2_we_pennant",
            "base/road_straight",
            "base/city1",
            "base/road_straight",
            "base/road_straight",
        ],
    );
    script(
        &mut game,
        &[
            // Seat 0: north of the start tile's city, city N-S, and a knight on it.
            place(0, -1, 1),
            deploy("N"),
            // Seat 1: the city grows but is taken; seat 1 builds it anyway.
            place(0, -2, 0),
            Action::Pass,
            place(-1, -2, 1),
            Action::Pass,
            place(1, -2, 3),
            Action::Pass,
            place(0, -3, 1),
            Action::Pass,
            place(1, 0, 0),
            Action::Pass,
        ],
    );
    game
}

#[test]
fn the_scenario_city_is_seat_0s_and_closes_at_one_spot() {
    let game = city_with_one_gap();
    let d = game.pending().expect("seat 0 to place");
    assert_eq!(d.seat, 0);
    let closing = place(0, -4, 2);
    assert!(game.legal_actions().contains(&closing));
    assert!(game.legal_actions().len() > 10, "many other placements");
    let mut after = game.clone();
    after.apply(0, &closing).expect("legal");
    after.apply(0, &Action::Pass).expect("legal");
    assert_eq!(after.scores()[0], 20, "6 tiles and 3 shields, complete");
}

#[test]
fn greedy_and_search_close_their_own_big_city() {
    let game = city_with_one_gap();
    for spec in BOTS {
        assert_eq!(answer(spec, &game), place(0, -4, 2), "{spec}");
    }
}

/// Seat 0 has six monks out and one meeple left. It has just placed a road at the end of
/// seat 1's road; the only free feature is the field south of it, which touches no city
/// and never will. Seat 0's next tile closes the start tile's city (4 points) — if it
/// still has a meeple.
fn last_meeple_and_a_hopeless_field() -> Game {
    let mut game = scripted(
        2,
        &[
            "base/monastery",
            "base/road_straight",
            "base/monastery",
            "base/road_straight",
            "base/monastery",
            "base/road_straight",
            "base/monastery",
            "base/road_straight",
            "base/monastery_road",
            "base/road_straight",
            "base/monastery_road",
            "base/road_straight",
            "base/road_straight",
            "base/road_curve",
            "base/city1",
        ],
    );
    let monk = deploy("monastery");
    script(
        &mut game,
        &[
            place(0, 1, 0),
            monk,
            // Seat 1 takes the road, then the field north of it (it touches the city).
            place(1, 0, 0),
            deploy("E"),
            place(1, 1, 0),
            monk,
            place(-1, 0, 0),
            deploy("N1"),
            place(-1, 1, 0),
            monk,
            place(2, 0, 0),
            Action::Pass,
            place(2, 1, 0),
            monk,
            place(-2, 0, 0),
            Action::Pass,
            place(-2, 1, 0),
            monk,
            place(3, 0, 0),
            Action::Pass,
            place(3, 1, 0),
            monk,
            place(-3, 0, 0),
            Action::Pass,
            // Seat 0 extends the road; now it may deploy.
            place(4, 0, 0),
        ],
    );
    game
}

#[test]
fn the_scenario_offers_only_the_hopeless_field() {
    let game = last_meeple_and_a_hopeless_field();
    let d = game.pending().expect("seat 0 to deploy");
    assert_eq!(d.seat, 0);
    assert_eq!(game.supply(0, FollowerKind::Meeple), 1);
    let legal = game.legal_actions();
    assert_eq!(legal.len(), 2, "{legal:?}");
    assert_eq!(legal[1], Action::Pass);
    let field = legal[0];
    let Action::Deploy { feature, .. } = field else {
        panic!("a deployment first: {legal:?}");
    };
    let at = Pos::new(4, 0);
    let node = game.feature_at(at, feature).expect("a feature");
    // It is the field south of the road.
    assert_eq!(
        Some(node),
        game.feature_at(at, "S1".parse().expect("a port"))
    );
    assert!(game.field_cities(node).is_empty());
    // Keeping the meeple pays: seat 0's last tile closes the start city with it.
    let mut keep = game.clone();
    script(
        &mut keep,
        &[
            Action::Pass,
            place(5, 0, 0),
            Action::Pass,
            place(0, -1, 2),
            deploy("S"),
        ],
    );
    assert!(keep.is_over());
    let mut waste = game.clone();
    script(
        &mut waste,
        &[field, place(5, 0, 0), Action::Pass, place(0, -1, 2)],
    );
    assert!(keep.scores()[0] >= waste.scores()[0] + 4);
}

#[test]
fn greedy_and_search_keep_the_last_meeple() {
    let game = last_meeple_and_a_hopeless_field();
    for spec in BOTS {
        assert_eq!(answer(spec, &game), Action::Pass, "{spec}");
        let mut bot = spec.parse::<BotSpec>().expect("a bot").build(1);
        let why = bot.explain(&game, budget(spec), 2).expect("an answer");
        assert_eq!(why.len(), 2);
        assert!(why[0].value > why[1].value, "{spec}: {why:?}");
    }
}
