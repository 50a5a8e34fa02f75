//! A pure, deterministic Carcassonne rules engine.
//!
//! One way in: build a [`Game`] from a [`Setup`] and a seed, ask it what it is waiting for
//! ([`Game::pending`]) and which actions are legal ([`Game::legal_actions`]), and
//! [`Game::apply`] an action for a seat. An illegal action is refused with a [`PlayError`]
//! naming the rule broken, and the game is unchanged. No I/O, no clock, no global RNG: the
//! same setup, seed and actions give the same game on every machine.
//!
//! ```
//! use carcassonne_engine::{Action, Game, Setup};
//!
//! let mut game = Game::new(Setup::base(2), 42).expect("a valid setup");
//! let decision = game.pending().expect("the game has started");
//! assert_eq!(decision.seat, 0);
//! let place = game.legal_actions()[0];
//! let events = game.apply(0, &place).expect("a legal placement");
//! assert!(!events.is_empty());
//! // Now seat 0 may deploy a follower on the tile it placed, or pass.
//! assert!(game.legal_actions().contains(&Action::Pass));
//! game.apply(0, &Action::Pass).expect("passing is legal");
//! assert_eq!(game.pending().map(|d| d.seat), Some(1));
//! ```

pub mod action;
pub mod board;
pub mod expansions;
pub mod features;
pub mod game;
pub mod playout;
pub mod record;
pub mod rng;
pub mod score;
pub mod setup;
pub mod tiles;

pub use action::{
    Action, BoardFollower, Decision, DecisionKind, Event, FeatureRef, FollowerKind, PlayError,
};
pub use board::Pos;
pub use game::{
    CellFit, EventSink, Farm, FarmCity, Farms, FeatureProjection, Follower, Game, HardCell,
    NoEvents, Phase, Projection,
};
pub use record::{Expected, Record, RecordError, RecordedAction};
pub use rng::Rng;
pub use score::{ScoreEntry, ScoreTime};
pub use setup::{Expansion, Options, PlayerSetup, Seat, Setup, SetupError};
pub use tiles::{catalogue, Catalogue, TileTypeId};
