//! Golden games: every level plays fixed-seed games with budgets in iterations, and the
//! decisions (each action with the bot's top three candidates and its work) must stay as
//! they are. A change that should not change how the bots play keeps this green; one that
//! should, updates the hashes after checking the new games (`GOLDEN_PRINT=1 cargo test
//! --release -p carcassonne-ai --test golden -- --nocapture` prints them).

use carcassonne_ai::{Bot, BotSpec, Budget};
use carcassonne_engine::{Game, Setup};

/// Plays a 2-player base game: `spec` at seat 0, and at seat 1 too on odd seeds (greedy
/// otherwise), each bot seeded from the game's seed. One line per decision.
fn play(spec: &str, seed: u64, budget: Budget) -> String {
    let spec: BotSpec = spec.parse().expect("a bot");
    let mut game = Game::new(Setup::base(2), seed).expect("setup");
    let mut bots: Vec<Box<dyn Bot>> = (0..2u64)
        .map(|s| {
            if s == 0 || seed % 2 == 1 {
                spec.build(seed * 10 + s)
            } else {
                BotSpec::Greedy.build(seed * 10 + s)
            }
        })
        .collect();
    let mut out = String::new();
    let mut k = 0;
    while let Some(d) = game.pending() {
        let t = bots[usize::from(d.seat)]
            .think(&game, budget)
            .expect("an answer");
        let top: Vec<String> = t
            .candidates
            .iter()
            .take(3)
            .map(|c| format!("{:?}/{:?}/{:?}/{}", c.action, c.value, c.reward, c.visits))
            .collect();
        out += &format!(
            "{spec} base2 s{seed} {k} seat{} {:?} it={} [{}]\n",
            d.seat,
            t.action,
            t.iterations,
            top.join(" ")
        );
        game.apply(d.seat, &t.action).expect("a legal action");
        k += 1;
    }
    out += &format!("{spec} base2 s{seed} end scores={:?}\n", game.scores());
    out
}

/// FNV-1a: a hash that stays the same across Rust versions.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn check(spec: &str, seed: u64, budget: Budget, expected: u64) {
    let games = play(spec, seed, budget);
    if std::env::var_os("GOLDEN_PRINT").is_some() {
        print!("{games}");
    }
    assert_eq!(
        fnv(&games),
        expected,
        "{spec} on seed {seed} plays otherwise than before"
    );
}

#[test]
fn easy_plays_as_before() {
    check("easy", 1, Budget::default(), 3_164_383_149_144_509_146);
    check("easy", 2, Budget::default(), 7_183_472_823_734_477_616);
}

#[test]
fn medium_plays_as_before() {
    check("medium", 2, Budget::default(), 11_500_429_708_048_185_916);
}

#[test]
fn hard_plays_as_before() {
    // Positions enough for the expectimax stages in some decisions, for their narrowed
    // replies in others, not in the rest (the search answers those), and for the playouts.
    check(
        "hard",
        1,
        Budget::iterations(20_000),
        10_383_874_261_673_245_057,
    );
}
