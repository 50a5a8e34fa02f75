//! Helpers shared by the bot tests: setups, scripted positions, and games played by bots.

#![allow(dead_code)]

use carcassonne_ai::{Bot, Budget, GreedyBot};
use carcassonne_engine::{Action, Expansion, FeatureRef, FollowerKind, Game, Pos, Setup};

/// The expansions of the brief, all on.
pub fn expansions_i(players: usize) -> Setup {
    let mut s = Setup::base(players);
    s.sets = vec![
        Expansion::Base,
        Expansion::River1,
        Expansion::River2,
        Expansion::Abbot,
        Expansion::InnsCathedrals,
    ];
    s
}

/// Every set that can be played together (Cathars and Siege are the same tiles; River II
/// with the City of Carcassonne needs the 1st-edition discard option), with the options
/// that add decisions (the final redeploy out of the city).
pub fn everything(players: usize) -> Setup {
    let mut s = Setup::base(players);
    s.sets = Expansion::ALL
        .into_iter()
        .filter(|&e| e != Expansion::Siege)
        .collect();
    s.options.river_with_city_discard = true;
    s.options.final_redeploy = true;
    s
}

/// A base game whose bag holds exactly `tiles`, drawn in this order.
pub fn scripted(players: usize, tiles: &[&str]) -> Game {
    let mut s = Setup::base(players);
    s.draw_order = tiles.iter().map(|t| t.to_string()).collect();
    s.draw_order_only = true;
    Game::new(s, 1).expect("a valid scripted setup")
}

pub fn place(x: i32, y: i32, rotation: u8) -> Action {
    Action::Place {
        at: Pos::new(x, y),
        rotation,
    }
}

pub fn deploy(feature: &str) -> Action {
    Action::Deploy {
        feature: feature.parse::<FeatureRef>().expect("a feature name"),
        follower: FollowerKind::Meeple,
    }
}

/// Plays scripted actions for whoever is pending; panics with the step if one is refused.
pub fn script(game: &mut Game, actions: &[Action]) {
    for (i, a) in actions.iter().enumerate() {
        let seat = game.pending_seat().expect("the game goes on");
        if let Err(e) = game.apply(seat, a) {
            panic!("scripted step {i} ({a:?}) refused: {e}");
        }
    }
}

/// Plays a whole game with one bot per seat, checking that every answer is listed by the
/// engine before applying it. Returns the decisions taken.
pub fn play_checked(game: &mut Game, bots: &mut [Box<dyn Bot>], budget: Budget) -> usize {
    let mut n = 0;
    while let Some(d) = game.pending() {
        let seat = usize::from(d.seat);
        let legal = game.legal_actions();
        let bot = &mut bots[seat % bots.len()];
        let action = bot
            .choose(game, budget)
            .unwrap_or_else(|e| panic!("{} has no answer to {d:?}: {e}", bot.name()));
        assert!(
            legal.contains(&action),
            "{} chose {action:?}, not listed for {d:?}",
            bot.name()
        );
        game.apply(d.seat, &action)
            .unwrap_or_else(|e| panic!("{} chose {action:?}, refused: {e}", bot.name()));
        n += 1;
    }
    n
}

/// The position after `decisions` decisions of greedy bots seeded `seed`.
pub fn after_greedy(setup: Setup, seed: u64, decisions: usize) -> Game {
    let mut game = Game::new(setup, seed).expect("setup");
    let mut bot = GreedyBot::new(seed);
    for _ in 0..decisions {
        let seat = game.pending_seat().expect("the game goes on");
        let a = bot.choose(&game, Budget::default()).expect("an answer");
        game.apply(seat, &a).expect("legal");
    }
    game
}
