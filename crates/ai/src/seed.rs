//! Per-decision generators: a bot derives the generator for one decision from its own seed
//! and public facts about the decision, so its answer depends on (seed, position, budget)
//! only — not on what it was asked before, and never on the game's hidden draw generator.

use carcassonne_engine::{Game, Rng};

fn mix(mut h: u64, x: u64) -> u64 {
    // SplitMix64's finaliser over the running hash: cheap and well spread.
    h ^= x.wrapping_add(0x9E37_79B9_7F4A_7C15).wrapping_add(h << 6);
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

/// The generator a bot seeded `seed` uses for the decision pending in `game`.
pub(crate) fn decision_rng(seed: u64, game: &Game) -> Rng {
    let mut h = mix(seed, u64::from(game.turn()));
    h = mix(h, game.board().tiles.len() as u64);
    if let Some(d) = game.pending() {
        // The decision's debug text names its seat, kind, tile or position: public facts,
        // and it keeps working when the engine adds decision kinds.
        for b in format!("{d:?}").bytes() {
            h = mix(h, u64::from(b));
        }
    }
    for &s in game.scores() {
        h = mix(h, u64::from(s));
    }
    Rng::new(h)
}
