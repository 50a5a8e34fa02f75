//! The game state machine: `Game::new(setup, seed)`, `pending()`, `legal_actions()` and
//! `apply(seat, action)`, the one way in.

use crate::action::{
    Action, BoardFollower, Decision, DecisionKind, Event, FeatureRef, FollowerKind, PlayError,
};
use crate::board::{clone_with_capacity, Board, PlacedTile, Pos, NO_TILE};
use crate::expansions::count::{CityFollower, Quarter};
use crate::expansions::king_robber::Holder;
use crate::expansions::river::{self, Stage};
use crate::expansions::{abbot, inns_cathedrals, shrines, siege, Rules};
use crate::features::{FeatureGraph, NodeId, FLAG_BESIEGED, FLAG_CATHEDRAL, FLAG_INN, FLAG_SCORED};
use crate::rng::Rng;
use crate::score::{self, PerSeat, ScoreEntry, ScoreTime, TileList, MAX_SEATS};
use crate::setup::{Seat, Setup, SetupError};
use crate::tiles::{
    catalogue, FeatureDef, FeatureKind, Side, Slot, TileType, TileTypeId, NO_FEATURE,
};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::sync::Arc;

mod chosen;
mod farm;
mod holes;
mod projection;
mod turn;

pub(crate) use chosen::Deployment;
pub use farm::{Farm, FarmCity, Farms, Segment};
pub use holes::{CellFit, HardCell};
pub use projection::{FeatureProjection, Projection};
pub use turn::{Completed, Step, TurnSteps};

/// Where the game sends its events.
pub trait EventSink {
    /// `make` builds the event; a sink that drops events never calls it.
    fn emit(&mut self, make: impl FnOnce() -> Event);

    /// Whether this sink keeps events at all (a scoring then skips building its breakdown
    /// when the game keeps no score log either, see [`Game::stop_score_log`]).
    fn wants(&self) -> bool {
        true
    }

    /// Whether a drawn tile is checked for a placement at once, and discarded if it has
    /// none (R-BASE-4). Only the engine's own random playout says no (the argument's type
    /// cannot be named outside the engine): its next move looks for a placement anyway, and
    /// discards the tile then ([`Game::discard_unplaceable`]).
    fn checks_draws(&self, _: sealed::Engine) -> bool {
        true
    }
}

mod sealed {
    /// Only the engine can call or override [`super::EventSink::checks_draws`].
    pub struct Engine;
}

/// A random playout's sink ([`crate::playout::play_out`]): drops every event, and defers
/// the check of a drawn tile to the placement that follows.
pub(crate) struct PlayoutEvents;

impl EventSink for PlayoutEvents {
    fn emit(&mut self, _make: impl FnOnce() -> Event) {}

    fn wants(&self) -> bool {
        false
    }

    fn checks_draws(&self, _: sealed::Engine) -> bool {
        false
    }
}

impl EventSink for Vec<Event> {
    fn emit(&mut self, make: impl FnOnce() -> Event) {
        self.push(make());
    }
}

/// A sink that drops every event without building it.
pub struct NoEvents;

impl EventSink for NoEvents {
    fn emit(&mut self, _make: impl FnOnce() -> Event) {}

    fn wants(&self) -> bool {
        false
    }
}

/// How many rotations a fit-table entry (a set of 4 rotation bits) holds: a nibble lookup,
/// cheaper than `count_ones` without a popcount instruction.
fn rotations(bits: u8) -> u32 {
    ((0x4332_3221_3221_2110u64 >> (u32::from(bits & 15) * 4)) & 15) as u32
}

/// Random draws of a (cell, rotation) pair before [`Game::random_placement`] counts instead.
const PICK_TRIES: u32 = 32;

/// Score-log entries a game makes room for at its first scoring (a base game logs ~20).
const LOG_ROOM: usize = 24;

/// Normal meeples per player (R-BASE-1).
pub const MEEPLES_PER_PLAYER: u8 = 7;

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The active seat must place `tile` (R-BASE-3 step 1).
    Place { tile: TileTypeId },
    /// The active seat may deploy on the tile just placed (step 2); scoring (step 3) follows.
    Deploy { tile_index: u16 },
    /// `seat` may move followers from the City of Carcassonne onto the feature about to be
    /// scored (R-CKR-4).
    Redeploy { seat: Seat },
    /// The active seat may put a follower into the City of Carcassonne (R-CKR-3).
    CityDeploy,
    /// The active seat may move the Count (R-CKR-3).
    MoveCount,
    /// The active seat may let a knight escape from a besieged city (R-SIEGE-5).
    Escape,
    /// Option `final_redeploy`: `seat` may move a follower out of the city (R-CKR-6).
    FinalRedeploy { seat: Seat },
    /// Final scoring is done.
    Over,
}

/// A [`Phase`] packed into one number: the tag in the low byte, the variant's value above it.
/// Every action writes the phase and the next one reads it; as an enum it is written as two
/// stores (tag, value) and read as one load, which the processor cannot forward from its
/// store buffer and stalls on.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Phase", into = "Phase")]
struct PackedPhase(u32);

impl From<Phase> for PackedPhase {
    fn from(p: Phase) -> PackedPhase {
        let (tag, value) = match p {
            Phase::Place { tile } => (0, u32::from(tile.0)),
            Phase::Deploy { tile_index } => (1, u32::from(tile_index)),
            Phase::Redeploy { seat } => (2, u32::from(seat)),
            Phase::CityDeploy => (3, 0),
            Phase::MoveCount => (4, 0),
            Phase::Escape => (5, 0),
            Phase::FinalRedeploy { seat } => (6, u32::from(seat)),
            Phase::Over => (7, 0),
        };
        PackedPhase(tag | value << 8)
    }
}

impl From<PackedPhase> for Phase {
    fn from(PackedPhase(bits): PackedPhase) -> Phase {
        let value = bits >> 8;
        match bits & 0xff {
            0 => Phase::Place {
                tile: TileTypeId(value as u16),
            },
            1 => Phase::Deploy {
                tile_index: value as u16,
            },
            2 => Phase::Redeploy {
                seat: value as Seat,
            },
            3 => Phase::CityDeploy,
            4 => Phase::MoveCount,
            5 => Phase::Escape,
            6 => Phase::FinalRedeploy {
                seat: value as Seat,
            },
            // 7; only `From<Phase>` makes one.
            _ => Phase::Over,
        }
    }
}

impl std::fmt::Debug for PackedPhase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Phase::from(*self).fmt(f)
    }
}

/// One stage of the draw: forced draws in order, or a shuffled heap drawn at random.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile {
    /// Drawn from the end in order (forced draws, the fork) rather than at random.
    pub ordered: bool,
    pub tiles: Vec<TileTypeId>,
}

impl Clone for Pile {
    fn clone(&self) -> Self {
        Pile {
            ordered: self.ordered,
            tiles: self.tiles.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.ordered = source.ordered;
        self.tiles.clone_from(&source.tiles);
    }
}

/// A follower on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Follower {
    pub owner: Seat,
    pub kind: FollowerKind,
    /// The feature segment it stands on.
    pub node: NodeId,
    pub at: Pos,
    pub feature: FeatureRef,
}

/// A whole game. Plain data: clone it to explore, serialise it to inspect; saves use the
/// record (setup + seed + actions) instead.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Shared between copies: it never changes during a game.
    setup: Arc<Setup>,
    seed: u64,
    rng: Rng,
    board: Board,
    graph: FeatureGraph,
    /// The monasteries, shrines and gardens (when they score, R-ABBOT-2) not yet surrounded,
    /// with their nodes: a tile completes those within one step of it (R-BASE-8).
    incomplete_cloisters: Vec<(Pos, NodeId)>,
    followers: Vec<Follower>,
    /// Per seat, followers in supply indexed by `FollowerKind as usize`.
    supply: Vec<[u8; 3]>,
    scores: Vec<u32>,
    /// Shared between copies until one scores: searches copy games far more often than
    /// they score, and each entry holds several allocations.
    log: Arc<Vec<ScoreEntry>>,
    /// Scorings no longer add to `log` ([`Game::stop_score_log`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    log_stopped: bool,
    /// The tiles still to draw, in stages; the current stage is last (R-RIVER-1).
    piles: Vec<Pile>,
    discarded: Vec<TileTypeId>,
    /// The setup's toggles, resolved.
    rules: Rules,
    /// Followers waiting in the City of Carcassonne (R-CKR-1).
    city: Vec<CityFollower>,
    /// The Count's quarter (R-CKR-2).
    count: Quarter,
    /// Holders of the King and the Robber Baron (R-CKR-8).
    king: Option<Holder>,
    robber: Option<Holder>,
    /// The turn's progress after the deploy step.
    steps: TurnSteps,
    active: Seat,
    phase: PackedPhase,
    turn: u32,
}

impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            setup: Arc::clone(&self.setup),
            seed: self.seed,
            rng: self.rng.clone(),
            board: self.board.clone(),
            graph: self.graph.clone(),
            incomplete_cloisters: clone_with_capacity(&self.incomplete_cloisters),
            followers: clone_with_capacity(&self.followers),
            supply: self.supply.clone(),
            scores: self.scores.clone(),
            log: Arc::clone(&self.log),
            log_stopped: self.log_stopped,
            piles: self.piles.clone(),
            discarded: clone_with_capacity(&self.discarded),
            rules: self.rules,
            city: self.city.clone(),
            count: self.count,
            king: self.king,
            robber: self.robber,
            steps: self.steps.clone(),
            active: self.active,
            phase: self.phase,
            turn: self.turn,
        }
    }

    /// Reuses this game's buffers: a search or a benchmark that copies one position over and
    /// over allocates nothing for it once warm.
    fn clone_from(&mut self, source: &Self) {
        self.setup.clone_from(&source.setup);
        self.seed = source.seed;
        self.rng.clone_from(&source.rng);
        self.board.clone_from(&source.board);
        self.graph.clone_from(&source.graph);
        self.incomplete_cloisters
            .clone_from(&source.incomplete_cloisters);
        self.followers.clone_from(&source.followers);
        self.supply.clone_from(&source.supply);
        self.scores.clone_from(&source.scores);
        match Arc::get_mut(&mut self.log) {
            // A copy that logged on its own keeps the room for the next game's entries.
            Some(own) if source.log.is_empty() => own.clear(),
            _ => self.log.clone_from(&source.log),
        }
        self.log_stopped = source.log_stopped;
        self.piles.clone_from(&source.piles);
        self.discarded.clone_from(&source.discarded);
        self.rules = source.rules;
        self.city.clone_from(&source.city);
        self.count = source.count;
        self.king = source.king;
        self.robber = source.robber;
        self.steps.clone_from(&source.steps);
        self.active = source.active;
        self.phase = source.phase;
        self.turn = source.turn;
    }
}

impl Game {
    /// Sets up a game: places the start tile and draws the first tile for seat 0.
    ///
    /// # Errors
    /// A [`SetupError`] if the setup is refused (player count, unsupported expansion, an
    /// unknown or unavailable tile in the draw order).
    pub fn new(setup: Setup, seed: u64) -> Result<Game, SetupError> {
        let forced = setup.validate()?;
        let cat = catalogue();
        let rules = Rules::of(&setup);
        let piles = Self::draw_piles(&setup, &rules, forced);
        let n = setup.players.len();
        let tiles = piles.iter().map(|p| p.tiles.len()).sum::<usize>() + 1;
        let mut game = Game {
            supply: vec![rules.supply(); n],
            scores: vec![0; n],
            setup: Arc::new(setup),
            seed,
            rng: Rng::new(seed),
            board: Board::with_capacity(tiles),
            // About 4 features per tile; the log about one entry per two tiles.
            graph: FeatureGraph::with_capacity(4 * tiles),
            incomplete_cloisters: Vec::with_capacity(8),
            followers: Vec::with_capacity(8 * n),
            log: Arc::new(Vec::with_capacity(tiles / 2 + 8)),
            log_stopped: false,
            piles,
            discarded: Vec::with_capacity(4),
            rules,
            city: Vec::new(),
            count: Quarter::Castle,
            king: None,
            robber: None,
            steps: TurnSteps {
                queue: Vec::with_capacity(13),
                ..TurnSteps::default()
            },
            active: 0,
            phase: Phase::Over.into(),
            turn: 0,
        };
        // R-BASE-2 / R-RIVER-1 / R-CKR-1: the start tile, spring or city board, face up.
        for (id, at) in river::start_tiles(&rules) {
            let start = cat.id(id).unwrap_or(TileTypeId(0));
            game.put_tile(start, at, 0);
        }
        game.draw(&mut NoEvents);
        Ok(game)
    }

    /// The draw stages, current last: forced draws, then the river (fork, shuffled river
    /// tiles, the tiles set aside for the end), then the land tiles (R-RIVER-1).
    fn draw_piles(setup: &Setup, rules: &Rules, forced: Vec<TileTypeId>) -> Vec<Pile> {
        let cat = catalogue();
        let mut rest = if setup.draw_order_only {
            Vec::new()
        } else {
            setup.bag()
        };
        for t in &forced {
            if let Some(i) = rest.iter().position(|b| b == t) {
                rest.swap_remove(i);
            }
        }
        rest.sort_unstable();
        let of_stage = |stage: Stage| -> Vec<TileTypeId> {
            rest.iter()
                .copied()
                .filter(|&t| river::stage(rules, cat.tile(t)) == stage)
                .collect()
        };
        let mut forced = forced;
        forced.reverse();
        // With the City of Carcassonne as the start, the spring is the first river tile drawn.
        let spring: Vec<TileTypeId> = match river::spring(rules) {
            Some(id) if rules.city && !setup.draw_order_only => cat.id(id).into_iter().collect(),
            _ => Vec::new(),
        };
        let piles = vec![
            Pile {
                ordered: false,
                tiles: of_stage(Stage::Land),
            },
            Pile {
                ordered: false,
                tiles: of_stage(Stage::Last),
            },
            Pile {
                ordered: false,
                tiles: of_stage(Stage::River),
            },
            Pile {
                ordered: true,
                tiles: of_stage(Stage::Fork),
            },
            Pile {
                ordered: true,
                tiles: spring,
            },
            Pile {
                ordered: true,
                tiles: forced,
            },
        ];
        piles.into_iter().filter(|p| !p.tiles.is_empty()).collect()
    }

    /// Replaces the generator that draws the rest of the bag (forced draws stay first). The
    /// tiles left are unchanged, only their order: what a determinized search does with a
    /// copy of the game, and what a benchmark does to play many games from one start.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = Rng::new(seed);
    }

    /// The tiles the next draw picks from at random (with repeats, one entry per tile), or
    /// `None` when the next draw is not random (a forced or ordered pile is on top, or the
    /// bag is empty). Public, like [`Game::remaining_tiles`]: a search weighs each possible
    /// draw by its count here.
    pub fn next_draw_pool(&self) -> Option<&[TileTypeId]> {
        let pile = self.piles.iter().rev().find(|p| !p.tiles.is_empty())?;
        (!pile.ordered).then_some(pile.tiles.as_slice())
    }

    /// Makes `tile` the next tile drawn, if the next draw is random and may give it (see
    /// [`Game::next_draw_pool`]); false otherwise, the game unchanged. Like
    /// [`Game::reseed`], for a search's copy of the game: it fixes one hidden fact, so the
    /// copy no longer replays from its seed.
    pub fn set_next_draw(&mut self, tile: TileTypeId) -> bool {
        let Some((tiles, i)) = self.in_next_draw(tile) else {
            return false;
        };
        tiles.swap_remove(i);
        self.piles.push(Pile {
            ordered: true,
            tiles: vec![tile],
        });
        true
    }

    /// Replaces the tile just drawn (the pending placement's) by `tile`, taken from the
    /// next draw's random pool, where the drawn tile goes back; false and unchanged when no
    /// placement is pending, the pool is not random or lacks `tile`, or `tile` fits
    /// nowhere. For a search's copy of the game, to weigh each tile a seat may hold.
    pub fn swap_drawn(&mut self, tile: TileTypeId) -> bool {
        let Phase::Place { tile: drawn } = self.phase() else {
            return false;
        };
        if drawn == tile {
            return true;
        }
        if !self.has_placement(tile) {
            return false;
        }
        let Some((tiles, i)) = self.in_next_draw(tile) else {
            return false;
        };
        tiles[i] = drawn;
        self.phase = Phase::Place { tile }.into();
        true
    }

    /// The random pile the next draw takes from, and where `tile` lies in it.
    fn in_next_draw(&mut self, tile: TileTypeId) -> Option<(&mut Vec<TileTypeId>, usize)> {
        let pile = self.piles.iter_mut().rev().find(|p| !p.tiles.is_empty())?;
        if pile.ordered {
            return None;
        }
        let i = pile.tiles.iter().position(|&t| t == tile)?;
        Some((&mut pile.tiles, i))
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn followers(&self) -> &[Follower] {
        &self.followers
    }

    /// Followers of each kind left in a seat's supply.
    pub fn supply(&self, seat: Seat, kind: FollowerKind) -> u8 {
        self.supply
            .get(usize::from(seat))
            .map_or(0, |s| s[kind as usize])
    }

    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// Every scoring so far, in order (the breakdown, R-BASE-14); after
    /// [`Game::stop_score_log`], those before it.
    pub fn score_log(&self) -> &[ScoreEntry] {
        &self.log
    }

    /// Later scorings change the scores but add nothing to [`Game::score_log`], and with a
    /// sink that keeps no events ([`NoEvents`]) they skip building their breakdown at all:
    /// for the copies a search or a playout plays on, which read only the scores. The game
    /// plays exactly as before (same scores, same decisions); copies keep the setting.
    pub fn stop_score_log(&mut self) {
        self.log_stopped = true;
    }

    /// Whether a scoring must build its breakdown entry (for the log or for an event).
    fn entries_wanted(&self, events: &impl EventSink) -> bool {
        !self.log_stopped || events.wants() || self.players() > MAX_SEATS
    }

    pub fn phase(&self) -> Phase {
        self.phase.into()
    }

    pub fn active_seat(&self) -> Seat {
        self.active
    }

    pub fn is_over(&self) -> bool {
        self.phase() == Phase::Over
    }

    pub fn discarded(&self) -> &[TileTypeId] {
        &self.discarded
    }

    /// The setup's toggles, resolved.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The tiles still to be drawn, sorted (which tiles remain is public; their order is not).
    pub fn remaining_tiles(&self) -> Vec<TileTypeId> {
        let mut v: Vec<TileTypeId> = self
            .piles
            .iter()
            .flat_map(|p| p.tiles.iter())
            .copied()
            .collect();
        v.sort_unstable();
        v
    }

    pub fn players(&self) -> usize {
        self.setup.players.len()
    }

    /// The decision the game waits for: which seat, and what kind of action.
    pub fn pending(&self) -> Option<Decision> {
        let kind = match self.phase() {
            Phase::Place { tile } => DecisionKind::PlaceTile { tile },
            Phase::Deploy { tile_index } => DecisionKind::Deploy {
                at: self.board.tiles[usize::from(tile_index)].pos,
            },
            Phase::Redeploy { seat } => {
                let c = self.redeploy_target()?;
                let (at, feature) = self.anchor(c.node);
                return Some(Decision {
                    seat,
                    kind: DecisionKind::Redeploy {
                        at,
                        feature,
                        quarter: Quarter::for_feature(c.kind)?,
                    },
                });
            }
            Phase::CityDeploy => DecisionKind::CityDeploy,
            Phase::MoveCount => DecisionKind::MoveCount { count: self.count },
            Phase::Escape => DecisionKind::Escape,
            Phase::FinalRedeploy { seat } => {
                return Some(Decision {
                    seat,
                    kind: DecisionKind::FinalRedeploy,
                })
            }
            Phase::Over => return None,
        };
        Some(Decision {
            seat: self.active,
            kind,
        })
    }

    /// The seat that must act now, if any.
    pub fn pending_seat(&self) -> Option<Seat> {
        match self.phase() {
            Phase::Over => None,
            Phase::Redeploy { seat } | Phase::FinalRedeploy { seat } => Some(seat),
            _ => Some(self.active),
        }
    }

    /// Followers waiting in the City of Carcassonne.
    pub fn city(&self) -> &[CityFollower] {
        &self.city
    }

    /// The Count's quarter.
    pub fn count(&self) -> Quarter {
        self.count
    }

    /// Who holds the King and the Robber Baron (R-CKR-8).
    pub fn king_and_robber(&self) -> (Option<Holder>, Option<Holder>) {
        (self.king, self.robber)
    }

    /// Every legal action for the pending decision (one per distinct placement).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase() {
            Phase::Place { tile } => {
                let mut ps = Vec::new();
                self.placements(tile, &mut ps);
                out.extend(
                    ps.into_iter()
                        .map(|(at, rotation)| Action::Place { at, rotation }),
                );
            }
            Phase::Deploy { .. } => {
                self.deployments(&mut out);
                out.push(Action::Pass);
            }
            Phase::Over => {}
            _ => self.late_actions(&mut out),
        }
        out
    }

    /// The actions of the decisions after the deploy step (expansions), `pass` last.
    fn late_actions(&self, out: &mut Vec<Action>) {
        match self.phase() {
            Phase::Redeploy { seat } => {
                if let Some(q) = self
                    .redeploy_target()
                    .and_then(|c| Quarter::for_feature(c.kind))
                {
                    for k in FollowerKind::ALL {
                        if self
                            .city
                            .iter()
                            .any(|f| f.owner == seat && f.quarter == q && f.kind == k)
                        {
                            out.push(Action::Redeploy { follower: k });
                        }
                    }
                }
            }
            Phase::CityDeploy => {
                for follower in FollowerKind::ALL {
                    if self.supply(self.active, follower) == 0 {
                        continue;
                    }
                    for quarter in Quarter::ALL {
                        if quarter.admits(follower) {
                            out.push(Action::CityDeploy { quarter, follower });
                        }
                    }
                }
            }
            Phase::MoveCount => {
                for quarter in Quarter::ALL {
                    if quarter != self.count {
                        out.push(Action::MoveCount { quarter });
                    }
                }
            }
            Phase::Escape => {
                for i in self.escapes() {
                    let f = self.followers[i];
                    let a = Action::Escape {
                        at: f.at,
                        feature: f.feature,
                    };
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
            Phase::FinalRedeploy { seat } => {
                for (follower, root, _) in self.final_targets(seat) {
                    let (at, feature) = self.anchor(root);
                    out.push(Action::FinalRedeploy {
                        follower,
                        at,
                        feature,
                    });
                }
            }
            _ => return,
        }
        out.push(Action::Pass);
    }

    /// The active seat's abbot on the board, if any (R-ABBOT-3).
    fn abbot_on_board(&self) -> Option<usize> {
        if !self.follower_in_game(FollowerKind::Abbot) {
            return None;
        }
        self.followers
            .iter()
            .position(|f| f.owner == self.active && f.kind == FollowerKind::Abbot)
    }

    /// The legal (position, rotation) pairs for `tile`, one per distinct layout.
    pub fn placements(&self, tile: TileTypeId, out: &mut Vec<(Pos, u8)>) {
        let t = catalogue().tile(tile);
        if self.needs_extra_check(t) {
            out.clear();
            self.each_checked_placement(t, tile, &self.rival_cloisters(t), |p, r| {
                out.push((p, r));
                ControlFlow::Continue(())
            });
            return;
        }
        let fit = t.fit.as_slice();
        // Branch-free: write all four rotations of every cell, keep those that fit.
        out.clear();
        out.resize(self.board.frontier.len() * 4, (Pos::new(0, 0), 0));
        let mut n = 0;
        for f in &self.board.frontier {
            let bits = fit[usize::from(f.code)];
            for r in 0..4u8 {
                out[n] = (f.pos, r);
                n += usize::from((bits >> r) & 1);
            }
        }
        out.truncate(n);
    }

    /// Walks the placements of a tile that needs the checks beyond edge matching, in the
    /// same order as `placements`, until `visit` breaks. Shrine neighbours (R-CKR-12) depend
    /// only on the position: `rivals` ([`Self::rival_cloisters`]) are found once per tile.
    fn each_checked_placement(
        &self,
        t: &TileType,
        tile: TileTypeId,
        rivals: &[Pos],
        mut visit: impl FnMut(Pos, u8) -> ControlFlow<()>,
    ) {
        for f in &self.board.frontier {
            let bits = t.fit[usize::from(f.code)];
            for r in 0..4u8 {
                if bits & (1 << r) != 0
                    && self.passes_extra_checks(t, tile, rivals, f.pos, r)
                    && visit(f.pos, r).is_break()
                {
                    return;
                }
            }
        }
    }

    /// Whether a placement that matches its edges also passes the checks beyond them
    /// (`each_checked_placement`'s test for one pair).
    fn passes_extra_checks(
        &self,
        t: &TileType,
        tile: TileTypeId,
        rivals: &[Pos],
        at: Pos,
        rotation: u8,
    ) -> bool {
        !shrines::too_many_rivals(rivals, at)
            && (!t.river_curve
                || river::check(catalogue(), &self.board, tile, at, rotation).is_ok())
    }

    /// `placement_count` for a tile that needs the checks beyond edge matching.
    fn checked_count(&self, t: &TileType, tile: TileTypeId, rivals: &[Pos]) -> u32 {
        let mut n = 0;
        self.each_checked_placement(t, tile, rivals, |_, _| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// `nth_placement` for a tile that needs the checks beyond edge matching.
    fn checked_nth(
        &self,
        t: &TileType,
        tile: TileTypeId,
        rivals: &[Pos],
        mut k: u32,
    ) -> Option<(Pos, u8)> {
        let mut found = None;
        self.each_checked_placement(t, tile, rivals, |p, r| {
            if k == 0 {
                found = Some((p, r));
                return ControlFlow::Break(());
            }
            k -= 1;
            ControlFlow::Continue(())
        });
        found
    }

    /// Placement rules beyond edge matching (and river continuation, in the fit tables) apply
    /// to this tile: U-turns (R-RIVER-2) and shrine neighbours (R-CKR-12).
    fn needs_extra_check(&self, t: &TileType) -> bool {
        t.river_curve
            || (self.rules.shrines
                && t.cloister.is_some_and(|i| {
                    matches!(
                        t.features[usize::from(i)].kind,
                        FeatureKind::Monastery | FeatureKind::Shrine
                    )
                }))
    }

    /// With shrines on, the positions of the cloisters a monastery or shrine tile may not
    /// have two of around it (R-CKR-12).
    fn rival_cloisters(&self, t: &TileType) -> Vec<Pos> {
        let cat = catalogue();
        let rival = t
            .cloister
            .and_then(|i| shrines::rival(t.features[usize::from(i)].kind));
        match rival {
            Some(rival) if self.rules.shrines => self
                .board
                .tiles
                .iter()
                .filter(|pt| {
                    let tt = cat.tile(pt.tile);
                    tt.cloister
                        .is_some_and(|i| tt.features[usize::from(i)].kind == rival)
                })
                .map(|pt| pt.pos)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The placement rules beyond edge matching.
    fn extra_check(&self, tile: TileTypeId, at: Pos, rotation: u8) -> Result<(), PlayError> {
        let cat = catalogue();
        river::check(cat, &self.board, tile, at, rotation)?;
        if self.rules.shrines {
            shrines::check(cat, &self.board, tile, at)?;
        }
        Ok(())
    }

    /// How many (position, rotation) pairs `placements` would list, without listing them.
    pub fn placement_count(&self, tile: TileTypeId) -> u32 {
        let t = catalogue().tile(tile);
        if self.needs_extra_check(t) {
            return self.checked_count(t, tile, &self.rival_cloisters(t));
        }
        let fit = t.fit.as_slice();
        self.board
            .frontier
            .iter()
            .map(|f| rotations(fit[usize::from(f.code)]))
            .sum()
    }

    /// A uniformly random placement of `tile` among `placements` (for random play), or `None`
    /// when it has none. `prefix` is a buffer the caller reuses. Faster than
    /// [`Game::pick_placement`], but draws a different placement from the same generator.
    ///
    /// Draws a (frontier cell, distinct rotation) pair uniformly and keeps it when the tile
    /// goes there: what is kept is uniform over the placements. In a base game at least one
    /// draw in six is kept, still fewer steps than a walk over the frontier. After
    /// [`PICK_TRIES`] misses (a tile that fits few cells) it counts the placements and picks
    /// one by index, which is uniform too, so the mixture is.
    pub fn random_placement(
        &self,
        tile: TileTypeId,
        prefix: &mut Vec<u32>,
        rng: &mut Rng,
    ) -> Option<(Pos, u8)> {
        let t = catalogue().tile(tile);
        let frontier = &self.board.frontier;
        // Only the tile's distinct rotations (1, 2 or 4) have fit bits: a symmetric tile
        // draws among fewer rotations and misses less.
        let shift = u32::from(t.distinct_rotations).trailing_zeros().min(2);
        let pairs = u32::try_from(frontier.len())
            .ok()?
            .checked_mul(1 << shift)?;
        if pairs == 0 {
            return None;
        }
        let checked = self.needs_extra_check(t);
        // The rival cloisters once for every draw and both walks.
        let rivals = if checked {
            self.rival_cloisters(t)
        } else {
            Vec::new()
        };
        let fit = t.fit.as_slice();
        // A local copy keeps the generator's state in registers through the draws.
        let mut draws = rng.clone();
        let mut kept = None;
        for _ in 0..PICK_TRIES {
            let k = draws.below(pairs);
            let Some(f) = frontier.get((k >> shift) as usize) else {
                break;
            };
            let r = (k & ((1 << shift) - 1)) as u8;
            if fit
                .get(usize::from(f.code))
                .is_some_and(|&bits| bits & (1 << r) != 0)
                && (!checked || self.passes_extra_checks(t, tile, &rivals, f.pos, r))
            {
                kept = Some((f.pos, r));
                break;
            }
        }
        *rng = draws;
        if kept.is_some() {
            return kept;
        }
        self.counted_pick(t, tile, &rivals, prefix, |n| rng.below(n.max(1)))
    }

    /// `nth_placement(tile, pick(placement_count(tile)))` in one pass over the frontier (for
    /// random play): `pick` gets the number of placements and returns the index of the one
    /// wanted. `prefix` is a buffer the caller reuses.
    pub fn pick_placement(
        &self,
        tile: TileTypeId,
        prefix: &mut Vec<u32>,
        pick: impl FnOnce(u32) -> u32,
    ) -> Option<(Pos, u8)> {
        let t = catalogue().tile(tile);
        self.counted_pick(t, tile, &self.rival_cloisters(t), prefix, pick)
    }

    /// [`Game::pick_placement`] with the rival cloisters already found.
    fn counted_pick(
        &self,
        t: &TileType,
        tile: TileTypeId,
        rivals: &[Pos],
        prefix: &mut Vec<u32>,
        pick: impl FnOnce(u32) -> u32,
    ) -> Option<(Pos, u8)> {
        if self.needs_extra_check(t) {
            let k = pick(self.checked_count(t, tile, rivals));
            return self.checked_nth(t, tile, rivals, k);
        }
        let fit = t.fit.as_slice();
        let frontier = &self.board.frontier;
        // prefix[i]: the placements on the first i + 1 frontier cells.
        let mut total = 0;
        prefix.clear();
        prefix.resize(frontier.len(), 0);
        for (p, f) in prefix.iter_mut().zip(frontier) {
            total += rotations(fit[usize::from(f.code)]);
            *p = total;
        }
        let k = pick(total);
        let i = prefix.partition_point(|&c| c <= k);
        let f = frontier.get(i)?;
        let mut bits = fit[usize::from(f.code)];
        // k's rank among this cell's rotations.
        for _ in 0..k - (prefix[i] - rotations(bits)) {
            bits &= bits - 1;
        }
        Some((f.pos, bits.trailing_zeros() as u8))
    }

    /// The `k`-th pair of `placements`' order, without listing the others (for random play).
    pub fn nth_placement(&self, tile: TileTypeId, mut k: u32) -> Option<(Pos, u8)> {
        let t = catalogue().tile(tile);
        if self.needs_extra_check(t) {
            return self.checked_nth(t, tile, &self.rival_cloisters(t), k);
        }
        let fit = t.fit.as_slice();
        for f in &self.board.frontier {
            let mut bits = fit[usize::from(f.code)];
            let n = rotations(bits);
            if k < n {
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Some((f.pos, bits.trailing_zeros() as u8));
            }
            k -= n;
        }
        None
    }

    fn has_placement(&self, tile: TileTypeId) -> bool {
        let t = catalogue().tile(tile);
        if self.needs_extra_check(t) {
            let mut any = false;
            self.each_checked_placement(t, tile, &self.rival_cloisters(t), |_, _| {
                any = true;
                ControlFlow::Break(())
            });
            return any;
        }
        let fit = t.fit.as_slice();
        self.board
            .frontier
            .iter()
            .any(|f| fit[usize::from(f.code)] != 0)
    }

    /// Checks a placement of the drawn tile without applying it.
    ///
    /// # Errors
    /// Why the tile cannot go there (R-BASE-4).
    pub fn check_placement(
        &self,
        tile: TileTypeId,
        at: Pos,
        rotation: u8,
    ) -> Result<(), PlayError> {
        if rotation > 3 {
            return Err(PlayError::InvalidRotation { rotation });
        }
        if self.board.is_occupied(at) {
            return Err(PlayError::PositionTaken { at });
        }
        let Some(cell) = self.board.frontier_at(at) else {
            return Err(PlayError::NotAdjacent { at });
        };
        let cat = catalogue();
        let edges = cat.tile(tile).oriented[usize::from(rotation)].edges;
        if cell.fits(edges) {
            return self.extra_check(tile, at, rotation);
        }
        let side = Side::ALL
            .into_iter()
            .find(|&s| {
                let m = 0xF << (4 * s as u16);
                cell.mask & m != 0 && edges & m != cell.want & m
            })
            .unwrap_or(Side::N);
        Err(PlayError::EdgeMismatch { side })
    }

    /// Applies `action` for `seat` and returns what happened.
    ///
    /// # Errors
    /// A [`PlayError`] naming the rule broken; the game is then unchanged.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], giving events to a sink: a caller's reused `Vec<Event>`, or
    /// [`NoEvents`] when nobody listens (playouts, replays), which skips building them.
    ///
    /// # Errors
    /// As [`Game::apply`]; the sink receives nothing on error.
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut impl EventSink,
    ) -> Result<(), PlayError> {
        let Some(expected) = self.pending_seat() else {
            return Err(PlayError::GameOver);
        };
        if self.late_action_out_of_step(action) {
            if let Some(e) = self.skipped_step(seat, action) {
                return Err(e);
            }
        }
        if seat != expected {
            return Err(PlayError::NotYourTurn { seat, expected });
        }
        match (self.phase(), *action) {
            (Phase::Place { tile }, Action::Place { at, rotation }) => {
                self.check_placement(tile, at, rotation)?;
                self.place_chosen(at, rotation);
                events.emit(|| Event::TilePlaced {
                    seat,
                    tile,
                    at,
                    rotation,
                });
                Ok(())
            }
            (Phase::Deploy { tile_index }, Action::Deploy { feature, follower }) => {
                let d = self.check_deploy(tile_index, feature, follower)?;
                self.deploy_on(tile_index, d, feature, events);
                Ok(())
            }
            (Phase::Deploy { tile_index }, Action::Pass) => {
                events.emit(|| Event::Passed { seat });
                self.end_turn(tile_index, events);
                Ok(())
            }
            (Phase::Deploy { tile_index }, Action::RecallAbbot) => {
                let i = self.abbot_on_board().ok_or(PlayError::NoAbbotToRecall)?;
                let abbot = self.followers[i];
                events.emit(|| Event::AbbotRecalled { seat, at: abbot.at });
                // R-ABBOT-3: scored at once as if the game ended, then the abbot returns.
                self.score_cloister(abbot.node, abbot.at, ScoreTime::Recall, events);
                self.end_turn(tile_index, events);
                Ok(())
            }
            (Phase::Redeploy { .. }, Action::Redeploy { follower }) => {
                self.redeploy(seat, follower, events)
            }
            (Phase::Redeploy { .. }, Action::Pass) => {
                self.redeploy_pass(events);
                Ok(())
            }
            (Phase::CityDeploy, Action::CityDeploy { quarter, follower }) => {
                self.city_deploy(seat, quarter, follower, events)
            }
            (Phase::MoveCount, Action::MoveCount { quarter }) => {
                self.move_count(quarter, events);
                Ok(())
            }
            (Phase::Escape, Action::Escape { at, feature }) => {
                self.escape(seat, at, feature, events)
            }
            (Phase::CityDeploy | Phase::MoveCount | Phase::Escape, Action::Pass) => {
                self.advance(events);
                Ok(())
            }
            (
                Phase::FinalRedeploy { .. },
                Action::FinalRedeploy {
                    follower,
                    at,
                    feature,
                },
            ) => self.final_redeploy(seat, follower, at, feature, events),
            (Phase::FinalRedeploy { .. }, Action::Pass) => {
                self.final_redeploy_pass(events);
                Ok(())
            }
            (Phase::Redeploy { .. }, _) => Err(PlayError::WrongAction {
                expected: "redeploy or pass".into(),
            }),
            (Phase::CityDeploy, _) => Err(PlayError::WrongAction {
                expected: "city_deploy or pass".into(),
            }),
            (Phase::MoveCount, _) => Err(PlayError::WrongAction {
                expected: "move_count or pass".into(),
            }),
            (Phase::Escape, _) => Err(PlayError::WrongAction {
                expected: "escape or pass".into(),
            }),
            (Phase::FinalRedeploy { .. }, _) => Err(PlayError::WrongAction {
                expected: "final_redeploy or pass".into(),
            }),
            (Phase::Place { .. }, _) => Err(PlayError::WrongAction {
                expected: "place".into(),
            }),
            (Phase::Deploy { .. }, _) => Err(PlayError::WrongAction {
                expected: "deploy, pass or recall_abbot".into(),
            }),
            (Phase::Over, _) => Err(PlayError::GameOver),
        }
    }

    /// Whether `action` belongs to a late step (redeploy, city deploy, Count move, escape)
    /// that the pending decision does not ask for: `skipped_step` may name the rule that
    /// skipped it.
    fn late_action_out_of_step(&self, action: &Action) -> bool {
        match action {
            Action::Redeploy { .. } => !matches!(self.phase(), Phase::Redeploy { .. }),
            Action::CityDeploy { .. } => !matches!(self.phase(), Phase::CityDeploy),
            Action::MoveCount { .. } => !matches!(self.phase(), Phase::MoveCount),
            Action::Escape { .. } => !matches!(self.phase(), Phase::Escape),
            _ => false,
        }
    }

    /// Puts a tile on the board and merges its features with its neighbours'.
    fn put_tile(&mut self, tile: TileTypeId, at: Pos, rotation: u8) -> usize {
        let cat = catalogue();
        let t = cat.tile(tile);
        let o = &t.oriented[usize::from(rotation & 3)];
        let first_node = self.graph.len() as NodeId;
        let (idx, neighbours) = self.board.place_looking(
            PlacedTile {
                tile,
                pos: at,
                rotation: rotation & 3,
                first_node,
            },
            o.edges,
        );
        self.graph.add_tile(idx as u16, &t.nodes);
        if let Some(fi) = t.cloister {
            let kind = t.features[usize::from(fi)].kind;
            if abbot::scored_like_monastery(&self.rules, kind) {
                self.incomplete_cloisters
                    .push((at, first_node + NodeId::from(fi)));
            }
        }
        for side in Side::ALL {
            let ni = (neighbours >> (16 * side as u32)) as u16;
            if ni == NO_TILE {
                continue;
            }
            let nt = self.board.tiles[usize::from(ni)];
            let no = &cat.tile(nt.tile).oriented[usize::from(nt.rotation)];
            for part in 0..3 {
                let s = Slot::new(side, part);
                let f = o.slot_feature[usize::from(s.0)];
                let g = no.slot_feature[usize::from(s.facing().0)];
                if f != NO_FEATURE && g != NO_FEATURE {
                    self.graph.connect(
                        first_node + NodeId::from(f),
                        nt.first_node + NodeId::from(g),
                    );
                }
            }
        }
        idx
    }

    /// Resolves a feature reference on a placed tile to the feature's index.
    fn feature_index(&self, tile_index: u16, feature: FeatureRef) -> Option<usize> {
        let pt = self.board.tiles[usize::from(tile_index)];
        let t = catalogue().tile(pt.tile);
        match feature {
            FeatureRef::Port(s) => {
                let f = t.oriented[usize::from(pt.rotation)].slot_feature[usize::from(s.0 % 12)];
                (f != NO_FEATURE).then_some(usize::from(f))
            }
            FeatureRef::Monastery => t
                .features
                .iter()
                .position(|f| f.kind == FeatureKind::Monastery),
            FeatureRef::Shrine => t
                .features
                .iter()
                .position(|f| f.kind == FeatureKind::Shrine),
            FeatureRef::Garden => t
                .features
                .iter()
                .position(|f| f.kind == FeatureKind::Garden),
            FeatureRef::InnerField(n) => t
                .features
                .iter()
                .enumerate()
                .filter(|(_, f)| f.inner)
                .nth(usize::from(n).saturating_sub(1))
                .map(|(i, _)| i),
        }
    }

    /// The canonical way to name feature `fi` of a placed tile.
    fn feature_ref(pt: &PlacedTile, t: &TileType, fi: usize) -> FeatureRef {
        let f = &t.features[fi];
        match f.kind {
            FeatureKind::Monastery => FeatureRef::Monastery,
            FeatureKind::Shrine => FeatureRef::Shrine,
            FeatureKind::Garden => FeatureRef::Garden,
            _ if f.inner => {
                let n = t.features[..=fi].iter().filter(|g| g.inner).count();
                FeatureRef::InnerField(n as u8)
            }
            _ => {
                let o = &t.oriented[usize::from(pt.rotation)];
                let s = (0..12u8)
                    .find(|&s| usize::from(o.slot_feature[usize::from(s)]) == fi)
                    .unwrap_or(0);
                FeatureRef::Port(Slot(s))
            }
        }
    }

    /// Can `follower` stand on a feature of this kind in this game (R-BASE-5)?
    fn occupiable(&self, kind: FeatureKind, follower: FollowerKind) -> bool {
        abbot::occupiable(&self.rules, kind, follower)
    }

    fn follower_in_game(&self, follower: FollowerKind) -> bool {
        self.rules.has_follower(follower)
    }

    fn check_deploy(
        &self,
        tile_index: u16,
        feature: FeatureRef,
        follower: FollowerKind,
    ) -> Result<Deployment, PlayError> {
        if !self.follower_in_game(follower) {
            return Err(PlayError::FollowerNotInGame { follower });
        }
        let fi = self
            .feature_index(tile_index, feature)
            .ok_or(PlayError::NoSuchFeature { feature })?;
        let pt = self.board.tiles[usize::from(tile_index)];
        let kind = catalogue().tile(pt.tile).features[fi].kind;
        if kind == FeatureKind::Field && !self.rules.farmers {
            return Err(PlayError::FarmersOff);
        }
        if !self.occupiable(kind, follower) {
            return Err(PlayError::NotOccupiable { feature, follower });
        }
        let node = pt.first_node + fi as NodeId;
        // `root` does not compress paths, so the state stays unchanged on error.
        if self.graph.occupants(self.graph.root(node)) > 0 {
            return Err(PlayError::FeatureOccupied { feature });
        }
        if self.supply(self.active, follower) == 0 {
            return Err(PlayError::NoFollowerLeft { follower });
        }
        Ok(Deployment {
            feature: fi as u8,
            node,
            follower,
        })
    }

    fn strengths(&mut self, root: NodeId) -> PerSeat<u8> {
        let mut strength: PerSeat<u8> =
            std::iter::repeat_n(0, self.players().min(MAX_SEATS)).collect();
        self.strengths_into(root, &mut strength);
        strength
    }

    /// Follower strength per seat on the feature `root` (R-BASE-9), into `strength` (one
    /// zeroed entry per seat).
    fn strengths_into(&mut self, root: NodeId, strength: &mut [u8]) {
        // The feature's follower count says when the rest of the list can be skipped.
        let mut left = self.graph.occupants(root);
        let mut i = 0;
        while left > 0 && i < self.followers.len() {
            let f = self.followers[i];
            if self.graph.find(f.node) == root {
                left -= 1;
                if let Some(s) = strength.get_mut(usize::from(f.owner)) {
                    *s += f.kind.strength();
                }
            }
            i += 1;
        }
    }

    /// Returns every follower on the feature to its owner (R-BASE-9).
    fn return_followers(&mut self, root: NodeId) {
        let mut i = 0;
        while self.graph.occupants(root) > 0 && i < self.followers.len() {
            let f = self.followers[i];
            if self.graph.find(f.node) == root {
                self.supply[usize::from(f.owner)][f.kind as usize] += 1;
                self.graph.remove_occupant(root);
                self.followers.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    fn award(&mut self, entry: ScoreEntry, events: &mut impl EventSink) {
        for &w in &entry.winners {
            self.pay(w, entry.points, entry.when);
        }
        events.emit(|| Event::Scored(entry.clone()));
        if !self.log_stopped {
            let log = Arc::make_mut(&mut self.log);
            if log.capacity() == 0 {
                // A copy's first scoring copies the shared, empty log without room: make
                // room for a base game's entries at once rather than regrowing.
                log.reserve(LOG_ROOM);
            }
            log.push(entry);
        }
    }

    /// `award` without a breakdown entry: pays the majority of `strength` (R-BASE-9).
    fn award_points(&mut self, strength: &[u8], points: u32, when: ScoreTime) {
        let best = strength.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return;
        }
        for (seat, &s) in strength.iter().enumerate() {
            if s == best {
                self.pay(seat as Seat, points, when);
            }
        }
    }

    /// A winner of a scoring gets its points.
    fn pay(&mut self, w: Seat, points: u32, when: ScoreTime) {
        self.scores[usize::from(w)] += points;
        // Who scored in phase 3 decides the city deploy (R-CKR-3, R-CKR-5).
        if when == ScoreTime::Turn && points > 0 {
            if w == self.active {
                self.steps.active_scored = true;
                self.steps.active_scored_from_city |= self.steps.active_redeployed;
            } else {
                self.steps.others_scored = true;
            }
        }
    }

    /// The positions of the distinct tiles a feature spans, in the order they were placed: a
    /// tile crossed twice counts once (R-BASE-6, R-BASE-7).
    fn feature_tiles(&self, root: NodeId) -> TileList {
        let Some((seen, n)) = self.tile_set(root) else {
            return self.feature_tiles_long(root);
        };
        let mut tiles = TileList::with_capacity(n);
        for (w, &word) in seen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let t = w * 64 + bits.trailing_zeros() as usize;
                tiles.push(self.board.tiles[t].pos);
                bits &= bits - 1;
            }
        }
        tiles
    }

    /// `feature_tiles` for a board with more tiles than [`Game::tile_set`] holds.
    fn feature_tiles_long(&self, root: NodeId) -> TileList {
        let mut indices: Vec<u16> = self
            .graph
            .members(root)
            .map(|m| self.graph.node(m).tile)
            .collect();
        indices.sort_unstable();
        indices.dedup();
        indices
            .into_iter()
            .map(|t| self.board.tiles[usize::from(t)].pos)
            .collect()
    }

    /// How many distinct tiles a feature spans (`feature_tiles(root).len()` without the list).
    fn feature_tile_count(&self, root: NodeId) -> usize {
        match self.tile_set(root) {
            Some((_, n)) => n,
            None => self.feature_tiles_long(root).len(),
        }
    }

    /// The tiles a feature spans as bits by tile index, and how many; `None` past the 512th
    /// tile, which no set of tiles reaches.
    fn tile_set(&self, root: NodeId) -> Option<([u64; 8], usize)> {
        let mut seen = [0u64; 8];
        let mut n = 0;
        for m in self.graph.members(root) {
            let t = usize::from(self.graph.node(m).tile);
            let word = seen.get_mut(t / 64)?;
            let bit = 1u64 << (t % 64);
            n += usize::from(*word & bit == 0);
            *word |= bit;
        }
        Some((seen, n))
    }

    /// Scores a road or city; returns its size in tiles.
    fn score_edge_feature(
        &mut self,
        root: NodeId,
        when: ScoreTime,
        events: &mut impl EventSink,
    ) -> u16 {
        if !self.entries_wanted(events) {
            let n = self.feature_tile_count(root);
            let (_, points) = self.edge_points(root, n, when);
            let mut strength = [0u8; MAX_SEATS];
            let players = self.players();
            self.strengths_into(root, &mut strength[..players]);
            self.graph.set_flag(root, FLAG_SCORED);
            self.return_followers(root);
            self.award_points(&strength[..players], points, when);
            return n as u16;
        }
        let entry = self.edge_feature_entry(root, when);
        let n = entry.tiles.len();
        self.graph.set_flag(root, FLAG_SCORED);
        self.return_followers(root);
        self.award(entry, events);
        n as u16
    }

    /// What scoring a road or city at `when` gives, without scoring it (`&mut` only for the
    /// graph's path compression): the scoring above, and the projections (`projection.rs`).
    fn edge_feature_entry(&mut self, root: NodeId, when: ScoreTime) -> ScoreEntry {
        let kind = self.graph.node(root).kind;
        let tiles = self.feature_tiles(root);
        let (rule, points) = self.edge_points(root, tiles.len(), when);
        let shields = if kind == FeatureKind::City {
            self.graph.pennants(root)
        } else {
            0
        };
        let strength = self.strengths(root);
        let winners = score::majority(&strength);
        ScoreEntry {
            rule: rule.into(),
            kind,
            when,
            tiles,
            shields,
            count: 0,
            strength,
            winners,
            points,
        }
    }

    /// The rule and points of scoring the road or city `root`, `n` tiles, at `when`.
    fn edge_points(&self, root: NodeId, n: usize, when: ScoreTime) -> (&'static str, u32) {
        let kind = self.graph.node(root).kind;
        let shields = if kind == FeatureKind::City {
            self.graph.pennants(root)
        } else {
            0
        };
        let flags = self.graph.flags(root);
        match (kind, when) {
            // Inns count only with Inns & Cathedrals: River II's lake inn is scenery otherwise.
            (FeatureKind::Road, _) if flags & FLAG_INN != 0 && self.rules.inns_cathedrals => {
                ("R-IC-1", inns_cathedrals::inn_road(n, when))
            }
            (FeatureKind::City, _) if flags & FLAG_BESIEGED != 0 && self.rules.siege => (
                if when == ScoreTime::Turn {
                    "R-SIEGE-2"
                } else {
                    "R-SIEGE-3"
                },
                if self.tiny_city(kind, n, when) {
                    siege::besieged_tiny_city()
                } else {
                    siege::besieged_city(n, shields, flags & FLAG_CATHEDRAL != 0, when)
                },
            ),
            (FeatureKind::City, _) if flags & FLAG_CATHEDRAL != 0 => {
                ("R-IC-2", inns_cathedrals::cathedral_city(n, shields, when))
            }
            (FeatureKind::Road, ScoreTime::Turn) => ("R-BASE-6", score::completed_road(n)),
            (FeatureKind::Road, _) => ("R-BASE-12", score::final_road(n)),
            (_, ScoreTime::Turn) if self.tiny_city(kind, n, when) => {
                ("R-BASE-7", score::tiny_city(n, shields))
            }
            (_, ScoreTime::Turn) => ("R-BASE-7", score::completed_city(n, shields)),
            (_, _) => ("R-BASE-12", score::final_city(n, shields)),
        }
    }

    /// Option `tiny_city` (R-BASE-7): a completed city of exactly 2 tiles scores less.
    fn tiny_city(&self, kind: FeatureKind, tiles: usize, when: ScoreTime) -> bool {
        self.rules.tiny_city && kind == FeatureKind::City && tiles == 2 && when == ScoreTime::Turn
    }

    fn score_cloister(
        &mut self,
        node: NodeId,
        at: Pos,
        when: ScoreTime,
        events: &mut impl EventSink,
    ) {
        if self.graph.flags(node) & FLAG_SCORED != 0 {
            return;
        }
        if !self.entries_wanted(events) {
            let points = match when {
                ScoreTime::Turn => score::completed_monastery(),
                ScoreTime::Final | ScoreTime::Recall => {
                    score::final_monastery(self.board.neighbours_placed(at))
                }
            };
            let mut strength = [0u8; MAX_SEATS];
            let players = self.players();
            self.strengths_into(node, &mut strength[..players]);
            if when != ScoreTime::Recall {
                self.graph.set_flag(node, FLAG_SCORED);
            }
            self.return_followers(node);
            self.award_points(&strength[..players], points, when);
            return;
        }
        let entry = self.cloister_entry(node, at, when);
        if when != ScoreTime::Recall {
            self.graph.set_flag(node, FLAG_SCORED);
        }
        self.return_followers(node);
        self.award(entry, events);
    }

    /// What scoring the monastery, shrine or garden `node` at `at` gives at `when`, without
    /// scoring it.
    fn cloister_entry(&mut self, node: NodeId, at: Pos, when: ScoreTime) -> ScoreEntry {
        let neighbours = self.board.neighbours_placed(at);
        let kind = self.graph.node(node).kind;
        let points = match when {
            ScoreTime::Turn => score::completed_monastery(),
            ScoreTime::Final | ScoreTime::Recall => score::final_monastery(neighbours),
        };
        let rule = match (when, kind) {
            (ScoreTime::Recall, _) => "R-ABBOT-3",
            (_, FeatureKind::Garden) => "R-ABBOT-2",
            (ScoreTime::Turn, FeatureKind::Shrine) => "R-CKR-11",
            (ScoreTime::Turn, _) => "R-BASE-8",
            (ScoreTime::Final, _) => {
                let by_abbot = self
                    .followers
                    .iter()
                    .any(|f| f.node == node && f.kind == FollowerKind::Abbot);
                if by_abbot {
                    "R-ABBOT-4"
                } else {
                    "R-BASE-12"
                }
            }
        };
        let strength = self.strengths(node);
        let winners = score::majority(&strength);
        ScoreEntry {
            rule: rule.into(),
            kind,
            when,
            tiles: smallvec::smallvec![at],
            shields: 0,
            count: u16::from(neighbours),
            strength,
            winners,
            points,
        }
    }

    /// Draws the next tile for the active seat, discarding tiles that fit nowhere (R-BASE-4);
    /// with the bag empty, the game ends (R-BASE-12).
    fn draw(&mut self, events: &mut impl EventSink) {
        loop {
            while self.piles.last().is_some_and(|p| p.tiles.is_empty()) {
                self.piles.pop();
            }
            let Some(pile) = self.piles.last_mut() else {
                if self.final_redeploy_due() {
                    self.steps.asked = 0;
                    self.steps.next = 0;
                    self.continue_final_redeploy(events);
                } else {
                    self.final_scoring(events);
                }
                return;
            };
            let i = if pile.ordered {
                pile.tiles.len() - 1
            } else {
                self.rng.below(pile.tiles.len() as u32) as usize
            };
            let tile = pile.tiles.swap_remove(i);
            if !events.checks_draws(sealed::Engine) || self.has_placement(tile) {
                events.emit(|| Event::TileDrawn {
                    seat: self.active,
                    tile,
                });
                self.phase = Phase::Place { tile }.into();
                return;
            }
            self.discarded.push(tile);
            events.emit(|| Event::TileDiscarded {
                seat: self.active,
                tile,
            });
        }
    }

    /// A tile drawn without the check ([`EventSink::checks_draws`]) that turns out to have
    /// no placement: discarded, and the next one drawn, as the draw would have done
    /// (R-BASE-4). False if the drawn tile has a placement after all.
    pub(crate) fn discard_unplaceable(&mut self) -> bool {
        let Phase::Place { tile } = self.phase() else {
            return false;
        };
        if self.has_placement(tile) {
            return false;
        }
        self.discarded.push(tile);
        self.draw(&mut PlayoutEvents);
        true
    }

    /// Final scoring (R-BASE-12, R-BASE-13): roads, cities, monasteries, then fields.
    fn final_scoring(&mut self, events: &mut impl EventSink) {
        events.emit(|| Event::FinalScoring {
            followers: self
                .followers
                .iter()
                .map(|f| BoardFollower {
                    seat: f.owner,
                    kind: f.kind,
                    at: f.at,
                    feature: f.feature,
                })
                .collect(),
        });
        for (order, root, at) in self.final_groups() {
            match order {
                0 | 1 => {
                    self.score_edge_feature(root, ScoreTime::Final, events);
                }
                2 => self.score_cloister(root, at, ScoreTime::Final, events),
                _ => self.score_field(root, events),
            }
        }
        self.king_robber_bonus(events);
        self.phase = Phase::Over.into();
        events.emit(|| Event::GameOver {
            scores: self.scores.clone(),
        });
    }

    /// The occupied features final scoring scores, in its order: roads (0), cities (1),
    /// monastery-like features (2), then fields (3); each with its root and a follower's tile.
    fn final_groups(&mut self) -> Vec<(u8, NodeId, Pos)> {
        let mut groups: Vec<(u8, NodeId, Pos)> = Vec::new();
        for i in 0..self.followers.len() {
            let f = self.followers[i];
            let root = self.graph.find(f.node);
            let kind = self.graph.node(root).kind;
            let order = match kind {
                FeatureKind::Road => 0,
                FeatureKind::City => 1,
                FeatureKind::Field => 3,
                _ => 2,
            };
            if !groups.iter().any(|g| g.1 == root) {
                groups.push((order, root, f.at));
            }
        }
        groups.sort_by_key(|g| (g.0, g.1));
        groups
    }

    /// The completed cities a field touches, each once (R-BASE-13).
    pub fn field_cities(&self, field: NodeId) -> Vec<NodeId> {
        let cat = catalogue();
        let mut cities: Vec<NodeId> = Vec::new();
        for m in self.graph.members(field) {
            let n = self.graph.node(m);
            let pt = self.board.tiles[usize::from(n.tile)];
            let def = &cat.tile(pt.tile).features[usize::from(n.feature)];
            for &c in &def.borders_cities {
                let city = self.graph.root(pt.first_node + NodeId::from(c));
                if self.graph.open_edges(city) == 0 && !cities.contains(&city) {
                    cities.push(city);
                }
            }
        }
        cities
    }

    fn score_field(&mut self, root: NodeId, events: &mut impl EventSink) {
        if !self.entries_wanted(events) {
            let cities = self.field_cities(root);
            let points = self.field_points(root, &cities);
            let mut strength = [0u8; MAX_SEATS];
            let players = self.players();
            self.strengths_into(root, &mut strength[..players]);
            self.return_followers(root);
            self.award_points(&strength[..players], points, ScoreTime::Final);
            return;
        }
        let entry = self.field_entry(root);
        self.return_followers(root);
        self.award(entry, events);
    }

    /// What scoring the field `root` at the end gives, without scoring it.
    fn field_entry(&mut self, root: NodeId) -> ScoreEntry {
        let cities = self.field_cities(root);
        let board_city = self.field_touches_city_board(root);
        let points = self.field_points(root, &cities);
        let besieged = self.rules.siege
            && cities
                .iter()
                .any(|&c| self.graph.flags(c) & FLAG_BESIEGED != 0);
        let tiles = self.feature_tiles(root);
        let strength = self.strengths(root);
        let winners = score::majority(&strength);
        ScoreEntry {
            rule: if besieged { "R-SIEGE-4" } else { "R-BASE-13" }.into(),
            kind: FeatureKind::Field,
            when: ScoreTime::Final,
            tiles,
            shields: 0,
            count: (cities.len() + usize::from(board_city)) as u16,
            strength,
            winners,
            points,
        }
    }

    /// What the field `root`, touching the completed `cities`, scores at the end.
    fn field_points(&self, root: NodeId, cities: &[NodeId]) -> u32 {
        // R-BASE-13 3 per completed city; R-SIEGE-4 6 per besieged one; R-CKR-1 the City of
        // Carcassonne is one more completed city.
        cities
            .iter()
            .map(|&c| {
                siege::field_value(self.rules.siege && self.graph.flags(c) & FLAG_BESIEGED != 0)
            })
            .sum::<u32>()
            + if self.field_touches_city_board(root) {
                score::field(1)
            } else {
                0
            }
    }

    /// The root node of the feature `feature` of the tile at `at`, for inspection.
    pub fn feature_at(&self, at: Pos, feature: FeatureRef) -> Option<NodeId> {
        let ti = self.board.tile_index_at(at)?;
        let fi = self.feature_index(ti as u16, feature)?;
        Some(
            self.graph
                .root(self.board.tiles[ti].first_node + fi as NodeId),
        )
    }

    /// The segment node that `feature` names on the tile at `at` (any of its ports names it).
    pub(crate) fn segment_at(&self, at: Pos, feature: FeatureRef) -> Option<NodeId> {
        let ti = self.board.tile_index_at(at)?;
        let fi = self.feature_index(ti as u16, feature)?;
        Some(self.board.tiles[ti].first_node + fi as NodeId)
    }

    /// The tile-local feature (its catalogue definition) that `feature` names on the tile at
    /// `at`, for drawing: followers stand on a feature of the tile's art.
    pub fn local_feature(&self, at: Pos, feature: FeatureRef) -> Option<&'static FeatureDef> {
        let ti = self.board.tile_index_at(at)?;
        let fi = self.feature_index(ti as u16, feature)?;
        catalogue().tile(self.board.tiles[ti].tile).features.get(fi)
    }

    pub fn graph(&self) -> &FeatureGraph {
        &self.graph
    }

    /// Turns completed so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set but `left_out` (the Cathars and Siege are one set in two printings), River II
    /// beside the City with its discard option, `players` seats.
    pub(crate) fn every_set_but(left_out: crate::setup::Expansion, players: usize) -> Setup {
        let mut setup = Setup::base(players);
        setup.sets = crate::setup::Expansion::ALL.to_vec();
        setup.sets.retain(|&e| e != left_out);
        setup.options.river_with_city_discard = true;
        setup
    }

    /// Base tiles take the fit tables alone; with every set, river curves (R-RIVER-2) and
    /// cloisters beside shrines (R-CKR-12) take the checks beyond them.
    #[test]
    fn nth_placement_walks_the_listed_placements() {
        let every_set = every_set_but(crate::setup::Expansion::Cathars, 2);
        let mut checked = 0;
        for (setup, seed) in [(Setup::base(2), 3), (every_set.clone(), 3), (every_set, 8)] {
            checked += walk_placements(Game::new(setup, seed).unwrap(), seed);
        }
        assert!(
            checked > 20,
            "{checked} placements of tiles that take the extra checks"
        );
    }

    /// Checks every placement query against the listed placements at each tile of a random
    /// game; returns how many of those tiles took the checks beyond the fit tables.
    fn walk_placements(mut game: Game, seed: u64) -> usize {
        let mut rng = Rng::new(seed + 2);
        let mut scratch = crate::playout::Scratch::default();
        let mut checked = 0;
        while !game.is_over() {
            if let Phase::Place { tile } = game.phase() {
                checked += usize::from(game.needs_extra_check(catalogue().tile(tile)));
                let mut listed = Vec::new();
                game.placements(tile, &mut listed);
                assert_eq!(game.placement_count(tile) as usize, listed.len());
                let mut prefix = Vec::new();
                for (k, p) in listed.iter().enumerate() {
                    assert_eq!(game.nth_placement(tile, k as u32), Some(*p));
                    let picked = game.pick_placement(tile, &mut prefix, |n| {
                        assert_eq!(n as usize, listed.len());
                        k as u32
                    });
                    assert_eq!(picked, Some(*p));
                }
                assert_eq!(game.nth_placement(tile, listed.len() as u32), None);
                let past = game.pick_placement(tile, &mut prefix, |n| n);
                assert_eq!(past, None);
                for _ in 0..8 {
                    let picked = game.random_placement(tile, &mut prefix, &mut rng);
                    assert!(picked.is_some_and(|p| listed.contains(&p)), "{picked:?}");
                }
            }
            let a = crate::playout::random_action(&game, &mut rng, &mut scratch).unwrap();
            game.apply(game.pending_seat().unwrap(), &a).unwrap();
        }
        checked
    }

    /// `clone_from` (which keeps the target's buffers) copies exactly: from a game further on
    /// into one behind it and back, with every set, so every buffer grows and shrinks.
    #[test]
    fn clone_from_copies_a_game_exactly() {
        let all = every_set_but(crate::setup::Expansion::Cathars, 3);
        let mut rng = Rng::new(4);
        let mut scratch = crate::playout::Scratch::default();
        let mut snapshots = vec![Game::new(all.clone(), 4).unwrap()];
        let mut game = snapshots[0].clone();
        let mut mid_scoring = 0;
        while let Some(a) = crate::playout::random_action(&game, &mut rng, &mut scratch) {
            let turn = game.turn();
            game.apply(game.pending_seat().unwrap(), &a).unwrap();
            // Every 30 turns, and while a turn's scoring waits for a decision.
            if !game.steps.queue.is_empty() && mid_scoring < 3 {
                mid_scoring += 1;
                snapshots.push(game.clone());
            } else if game.turn() != turn && game.turn() % 30 == 0 || game.is_over() {
                snapshots.push(game.clone());
            }
        }
        assert!(
            mid_scoring == 3 && snapshots.len() >= 6,
            "{} snapshots",
            snapshots.len()
        );
        let mut copy = Game::new(Setup::base(2), 9).unwrap();
        for source in snapshots.iter().chain(snapshots.iter().rev()) {
            copy.clone_from(source);
            assert_eq!(&copy, source);
        }
        // A copy plays on as its source does.
        let mut source = snapshots[1].clone();
        copy.clone_from(&source);
        let (mut ra, mut rb) = (Rng::new(5), Rng::new(5));
        while let Some(a) = crate::playout::random_action(&source, &mut ra, &mut scratch) {
            let b = crate::playout::random_action(&copy, &mut rb, &mut scratch).unwrap();
            assert_eq!(a, b);
            source.apply(source.pending_seat().unwrap(), &a).unwrap();
            copy.apply(copy.pending_seat().unwrap(), &b).unwrap();
        }
        assert_eq!(copy, source);
    }

    /// Random play draws every placement of the drawn tile (R-BASE-4) equally often: a
    /// chi-squared test over 400 draws per placement at several points of a game.
    #[test]
    fn random_placements_are_uniform() {
        let mut game = Game::new(Setup::base(2), 5).unwrap();
        let mut rng = Rng::new(11);
        let mut scratch = crate::playout::Scratch::default();
        let mut tested = 0;
        while !game.is_over() {
            if let Phase::Place { tile } = game.phase() {
                if game.turn() % 10 == 5 {
                    let mut listed = Vec::new();
                    game.placements(tile, &mut listed);
                    let draws_each = 400.0;
                    let mut counts = vec![0.0f64; listed.len()];
                    let mut prefix = Vec::new();
                    for _ in 0..400 * listed.len() {
                        let p = game.random_placement(tile, &mut prefix, &mut rng).unwrap();
                        counts[listed.iter().position(|&q| q == p).unwrap()] += 1.0;
                    }
                    let chi2: f64 = counts
                        .iter()
                        .map(|c| (c - draws_each).powi(2) / draws_each)
                        .sum();
                    // Mean: the degrees of freedom; 6 standard deviations above it.
                    let dof = listed.len() as f64 - 1.0;
                    assert!(
                        chi2 <= dof + 6.0 * (2.0 * dof).sqrt() + 1.0,
                        "turn {}: chi2 {chi2:.1} over {} placements: {counts:?}",
                        game.turn(),
                        listed.len()
                    );
                    tested += 1;
                }
            }
            let a = crate::playout::random_action(&game, &mut rng, &mut scratch).unwrap();
            game.apply(game.pending_seat().unwrap(), &a).unwrap();
        }
        assert!(tested >= 6, "{tested} positions tested");
    }

    #[test]
    fn a_copy_without_the_score_log_plays_the_same_game() {
        let all = every_set_but(crate::setup::Expansion::Siege, 3);
        let mut siege = every_set_but(crate::setup::Expansion::Cathars, 3);
        siege.options.final_redeploy = true;
        for (setup, games) in [(Setup::base(2), 20), (all, 10), (siege, 10)] {
            for seed in 0..games {
                let mut logged = Game::new(setup.clone(), seed).unwrap();
                let mut quiet = logged.clone();
                quiet.stop_score_log();
                let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
                let (mut sa, mut sb) = Default::default();
                while let Some(a) = crate::playout::random_action(&logged, &mut ra, &mut sa) {
                    let b = crate::playout::random_action(&quiet, &mut rb, &mut sb);
                    assert_eq!(Some(a), b);
                    let seat = logged.pending_seat().unwrap();
                    logged.apply_into(seat, &a, &mut NoEvents).unwrap();
                    quiet.apply_into(seat, &a, &mut NoEvents).unwrap();
                    assert_eq!(logged.scores(), quiet.scores());
                    assert_eq!(logged.graph(), quiet.graph());
                    assert_eq!(logged.followers(), quiet.followers());
                    assert_eq!(logged.phase(), quiet.phase());
                }
                assert!(quiet.is_over());
                assert!(quiet.score_log().is_empty());
                assert!(!logged.score_log().is_empty());
                for n in 0..logged.graph().len() as NodeId {
                    let root = logged.graph().root(n);
                    assert_eq!(
                        logged.feature_tile_count(root),
                        logged.feature_tiles(root).len()
                    );
                }
            }
        }
    }

    /// The packed phase holds every phase as it is, and is written as the phase it packs.
    #[test]
    fn a_packed_phase_is_the_phase_it_packs() {
        let phases = [
            Phase::Place {
                tile: TileTypeId(0),
            },
            Phase::Place {
                tile: TileTypeId(catalogue().tiles.len() as u16 - 1),
            },
            Phase::Deploy {
                tile_index: u16::MAX,
            },
            Phase::Redeploy { seat: 5 },
            Phase::CityDeploy,
            Phase::MoveCount,
            Phase::Escape,
            Phase::FinalRedeploy { seat: u8::MAX },
            Phase::Over,
        ];
        for p in phases {
            let packed = PackedPhase::from(p);
            assert_eq!(Phase::from(packed), p);
            assert_eq!(
                serde_json::to_value(packed).unwrap(),
                serde_json::to_value(p).unwrap()
            );
            let back: PackedPhase =
                serde_json::from_value(serde_json::to_value(p).unwrap()).unwrap();
            assert!(back == packed, "{p:?}");
        }
    }

    /// A copy reset to a position without scorings keeps no entry of the game it played,
    /// and plays on exactly as a fresh copy does.
    #[test]
    fn a_reset_copy_forgets_its_score_log() {
        let start = Game::new(Setup::base(2), 4).unwrap();
        let mut copy = start.clone();
        let mut scratch = crate::playout::Scratch::default();
        crate::playout::play_out(&mut copy, &mut Rng::new(1), &mut scratch);
        assert!(!copy.score_log().is_empty());
        copy.clone_from(&start);
        assert!(copy.score_log().is_empty());
        assert!(copy == start);
        let mut fresh = start.clone();
        crate::playout::play_out(&mut copy, &mut Rng::new(2), &mut scratch);
        crate::playout::play_out(&mut fresh, &mut Rng::new(2), &mut scratch);
        assert_eq!(copy.score_log(), fresh.score_log());
        assert!(copy == fresh);
    }

    #[test]
    fn set_next_draw_fixes_the_next_tile_and_keeps_the_rest() {
        let mut drawn = 0;
        let mut rng = Rng::new(9);
        let mut scratch = crate::playout::Scratch::default();
        let mut game = Game::new(Setup::base(2), 4).unwrap();
        for _ in 0..30 {
            let pool: Vec<TileTypeId> = game.next_draw_pool().unwrap().to_vec();
            // Every type the pool holds, and only those, can be fixed; the rarest one here.
            let wanted = *pool
                .iter()
                .min_by_key(|t| (pool.iter().filter(|u| u == t).count(), t.0))
                .unwrap();
            let absent = (0..400u16)
                .map(TileTypeId)
                .find(|t| !pool.contains(t))
                .unwrap();
            let mut copy = game.clone();
            assert!(!copy.set_next_draw(absent));
            assert!(copy.set_next_draw(wanted));
            assert_eq!(copy.remaining_tiles(), game.remaining_tiles());
            assert!(
                copy.next_draw_pool().is_none(),
                "the fixed tile is not random"
            );
            let turn = copy.turn();
            while copy.turn() == turn {
                let a = crate::playout::random_action(&copy, &mut rng, &mut scratch).unwrap();
                copy.apply(copy.pending_seat().unwrap(), &a).unwrap();
            }
            if copy.discarded().len() == game.discarded().len() {
                assert_eq!(copy.phase(), Phase::Place { tile: wanted });
                drawn += 1;
            }
            let a = crate::playout::random_action(&game, &mut rng, &mut scratch).unwrap();
            game.apply(game.pending_seat().unwrap(), &a).unwrap();
        }
        assert!(drawn > 20, "the fixed tile came next only {drawn} times");
    }

    #[test]
    fn swap_drawn_trades_the_pending_tile_with_one_of_the_pool() {
        let mut rng = Rng::new(11);
        let mut scratch = crate::playout::Scratch::default();
        let mut game = Game::new(Setup::base(2), 6).unwrap();
        let mut swapped = 0;
        for _ in 0..60 {
            if let Phase::Place { tile: drawn } = game.phase() {
                let pool: Vec<TileTypeId> = game.next_draw_pool().unwrap().to_vec();
                for &t in &pool {
                    let mut copy = game.clone();
                    if copy.swap_drawn(t) {
                        swapped += 1;
                        assert_eq!(copy.phase(), Phase::Place { tile: t });
                        assert!(copy.placement_count(t) > 0);
                        let mut expected = pool.clone();
                        let i = expected.iter().position(|&u| u == t).unwrap();
                        expected[i] = drawn;
                        expected.sort_unstable();
                        let mut now = copy.next_draw_pool().unwrap().to_vec();
                        now.sort_unstable();
                        assert_eq!(now, expected);
                    } else {
                        assert_eq!(copy.placement_count(t), 0, "refused a tile that fits");
                        assert_eq!(copy.phase(), Phase::Place { tile: drawn });
                    }
                }
            } else {
                assert!(!game.clone().swap_drawn(TileTypeId(0)));
            }
            let a = crate::playout::random_action(&game, &mut rng, &mut scratch).unwrap();
            game.apply(game.pending_seat().unwrap(), &a).unwrap();
        }
        assert!(swapped > 100);
    }
}
