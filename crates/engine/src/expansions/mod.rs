//! Expansion rules, one module each. The game calls them at fixed points of the turn
//! (setup, placement, deployment, scoring); with a toggle off, each is a no-op.

pub mod abbot;
pub mod count;
pub mod inns_cathedrals;
pub mod king_robber;
pub mod river;
pub mod shrines;
pub mod siege;

use crate::action::FollowerKind;
use crate::setup::{Expansion, Setup};
use serde::{Deserialize, Serialize};

/// The toggles and options of a game, resolved once from its setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Option `farmers` (R-BASE-13).
    pub farmers: bool,
    /// Option `tiny_city` (R-BASE-7).
    pub tiny_city: bool,
    pub river1: bool,
    pub river2: bool,
    /// The abbot figure; gardens are features (R-ABBOT-1, R-ABBOT-2).
    pub abbot: bool,
    /// Inns, cathedrals, the big meeple, a 6th player (R-IC-1 … R-IC-4).
    pub inns_cathedrals: bool,
    /// The City of Carcassonne and the Count (R-CKR-1 … R-CKR-7).
    pub city: bool,
    /// Option `count_moves` (R-CKR-7).
    pub count_moves: count::CountMoves,
    /// Option `final_redeploy` (R-CKR-6).
    pub final_redeploy: bool,
    /// The King and Robber Baron (R-CKR-8 … R-CKR-10).
    pub king_robber: bool,
    /// Option `king_robber_scoring` (R-CKR-10).
    pub king_robber_scoring: king_robber::KingRobberScoring,
    /// Shrines and challenges (R-CKR-11 … R-CKR-13).
    pub shrines: bool,
    /// Besieged cities (any of `besiegers`, `cathars`, `siege`; R-SIEGE-1 … R-SIEGE-5).
    pub siege: bool,
    /// Option `siege_escape` (R-SIEGE-5).
    pub siege_escape: siege::SiegeEscape,
}

impl Rules {
    pub fn of(setup: &Setup) -> Rules {
        Rules {
            farmers: setup.options.farmers,
            tiny_city: setup.options.tiny_city,
            river1: setup.has(Expansion::River1),
            river2: setup.has(Expansion::River2),
            abbot: setup.has(Expansion::Abbot),
            inns_cathedrals: setup.has(Expansion::InnsCathedrals),
            city: setup.has(Expansion::CityOfCarcassonne),
            count_moves: setup.options.count_moves,
            final_redeploy: setup.options.final_redeploy,
            king_robber: setup.has(Expansion::KingRobber),
            king_robber_scoring: setup.options.king_robber_scoring,
            shrines: setup.has(Expansion::Shrines),
            siege: setup.has(Expansion::Besiegers)
                || setup.has(Expansion::Cathars)
                || setup.has(Expansion::Siege),
            siege_escape: setup.options.siege_escape,
        }
    }

    /// Whether a turn may need decisions after the deploy step (redeploys, the city, escapes).
    pub fn has_late_decisions(&self) -> bool {
        self.city || self.siege
    }

    pub fn river(&self) -> bool {
        self.river1 || self.river2
    }

    /// R-BASE-1: 2–5 players, 6 with Inns & Cathedrals (R-IC-4).
    pub fn max_players(&self) -> usize {
        if self.inns_cathedrals {
            6
        } else {
            5
        }
    }

    /// Each player's supply at the start, indexed by `FollowerKind as usize`.
    pub fn supply(&self) -> [u8; 3] {
        [
            crate::game::MEEPLES_PER_PLAYER,
            inns_cathedrals::big_meeples(self),
            abbot::abbots(self),
        ]
    }

    /// Whether this kind of follower is part of the game.
    pub fn has_follower(&self, kind: FollowerKind) -> bool {
        self.supply()[kind as usize] > 0
    }
}
