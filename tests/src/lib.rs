//! Shared helpers for the workspace tests: locating and running golden games, and the small
//! builders and checks the rule tests (`tests/rules_*.rs`) have in common.
//!
//! Every helper panics with a message naming what went wrong (the bad name, the refused
//! action, the golden file) rather than returning an error: they are meant for tests.

use carcassonne_engine::score::ScoreEntry;
use carcassonne_engine::{
    catalogue, Action, DecisionKind, Event, FeatureRef, FollowerKind, Game, PlayError, Pos, Record,
    TileTypeId,
};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------------------------
// Golden games
// ---------------------------------------------------------------------------------------------

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// `tests/golden/`.
pub fn golden_dir() -> PathBuf {
    root().join("tests").join("golden")
}

/// Every golden record file, sorted by name.
pub fn golden_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Loads a record by file name in `tests/golden/`.
pub fn load(name: &str) -> Record {
    let path = golden_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Record::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Replays a golden game, checks its expected scores, returns the final game.
pub fn golden(name: &str) -> Game {
    let record = load(name);
    assert!(record.expected.is_some(), "{name} has no expected scores");
    record.verify().unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The game state and the events after each action of the golden record `name`, replayed
/// one action at a time (index `i` = after action `i`).
///
/// Panics if the setup is invalid or an action is refused.
pub fn steps(name: &str) -> Vec<(Game, Vec<Event>)> {
    let record = load(name);
    let mut game = Game::new(record.setup.clone(), record.seed)
        .unwrap_or_else(|e| panic!("{name}: golden setup is invalid: {e}"));
    let mut out = Vec::new();
    for (i, ra) in record.actions.iter().enumerate() {
        let events = game
            .apply(ra.seat, &ra.action)
            .unwrap_or_else(|e| panic!("{name}: action #{i} refused: {e}"));
        out.push((game.clone(), events));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Names and actions
// ---------------------------------------------------------------------------------------------

/// The catalogue tile with this id (`"base/city1"`); panics if there is none.
pub fn tile(id: &str) -> TileTypeId {
    catalogue()
        .id(id)
        .unwrap_or_else(|| panic!("no tile `{id}` in the catalogue"))
}

/// The feature (port) with this name (`"N"`, `"E1"`, `"monastery"`, …); panics on a bad name.
pub fn feature(name: &str) -> FeatureRef {
    name.parse()
        .unwrap_or_else(|e| panic!("bad feature `{name}`: {e}"))
}

/// Places the drawn tile at `(x, y)` turned `rotation` quarter turns.
pub fn place(x: i32, y: i32, rotation: u8) -> Action {
    Action::Place {
        at: Pos::new(x, y),
        rotation,
    }
}

/// Deploys a `follower` on the feature `name` of the tile just placed.
pub fn deploy(name: &str, follower: FollowerKind) -> Action {
    Action::Deploy {
        feature: feature(name),
        follower,
    }
}

/// Deploys a normal meeple on the feature `name` of the tile just placed.
pub fn meeple(name: &str) -> Action {
    deploy(name, FollowerKind::Meeple)
}

// ---------------------------------------------------------------------------------------------
// Playing and checking
// ---------------------------------------------------------------------------------------------

/// Applies an action of `seat` that must be legal; returns its events.
pub fn ok(game: &mut Game, seat: u8, action: &Action) -> Vec<Event> {
    game.apply(seat, action)
        .unwrap_or_else(|e| panic!("seat {seat} {action:?} refused: {e}"))
}

/// Applies an action of `seat` that must be refused with exactly `expected`, and checks
/// the game is unchanged by the attempt.
pub fn refused(game: &mut Game, seat: u8, action: &Action, expected: PlayError) {
    let before = game.clone();
    let got = game.apply(seat, action);
    assert_eq!(got, Err(expected), "seat {seat} {action:?}");
    assert_eq!(
        *game, before,
        "a refused {action:?} must leave the game unchanged"
    );
}

/// Applies each action for the seat the game waits for, in order, panicking on a refusal;
/// returns the events of all of them, in order.
pub fn play(game: &mut Game, actions: &[Action]) -> Vec<Event> {
    let mut all = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let seat = game
            .pending()
            .unwrap_or_else(|| panic!("action #{i} {a:?}: the game is over"))
            .seat;
        let events = game
            .apply(seat, a)
            .unwrap_or_else(|e| panic!("action #{i} {a:?} refused for seat {seat}: {e}"));
        all.extend(events);
    }
    all
}

/// The tile the active seat must place now (`None` when another decision is pending or the
/// game is over).
pub fn drawn(game: &Game) -> Option<TileTypeId> {
    match game.pending().map(|d| d.kind) {
        Some(DecisionKind::PlaceTile { tile }) => Some(tile),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Scores
// ---------------------------------------------------------------------------------------------

/// The score entries produced by one action's events.
pub fn scored(events: &[Event]) -> Vec<&ScoreEntry> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// A score entry's tiles sorted by position: the log lists them in the order they were
/// placed, a test names them by where they are.
pub fn tiles_of(entry: &ScoreEntry) -> Vec<Pos> {
    let mut tiles = entry.tiles.to_vec();
    tiles.sort_unstable();
    tiles
}

/// The entries of the game's score log with this rule (`"R-BASE-7"`), in order.
pub fn entries<'a>(game: &'a Game, rule: &str) -> Vec<&'a ScoreEntry> {
    game.score_log().iter().filter(|e| e.rule == rule).collect()
}

/// The one entry of the game's score log with this rule; panics unless there is exactly one.
pub fn only<'a>(game: &'a Game, rule: &str) -> &'a ScoreEntry {
    let e = entries(game, rule);
    assert_eq!(
        e.len(),
        1,
        "expected one {rule} entry: {:?}",
        game.score_log()
    );
    e[0]
}
