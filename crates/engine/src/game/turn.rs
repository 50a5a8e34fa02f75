//! The rest of a turn after the deploy step (R-BASE-3 step 3 and the expansions' steps 3–5 of the
//! turn order): for each completed feature, redeploys from the
//! City of Carcassonne in seat order, challenges, scoring and the King/Robber; then the city
//! deploy and the Count; then a siege escape; then the next player. Each step that needs a
//! player's choice stops with a pending decision and resumes when it is answered.

use super::{EventSink, Follower, Game, Phase};
use crate::action::{Action, Event, FeatureRef, FollowerKind, PlayError};
use crate::board::{clone_with_capacity, Pos};
use crate::expansions::count::{self, CityFollower, Quarter};
use crate::expansions::king_robber::{self, Holder};
use crate::expansions::{abbot, shrines};
use crate::features::{NodeId, FLAG_BESIEGED, FLAG_SCORED};
use crate::score::{self, PerSeat, ScoreEntry, ScoreTime, TileList};
use crate::setup::Seat;
use crate::tiles::{catalogue, FeatureKind};
use serde::{Deserialize, Serialize};

/// A feature completed by the tile just placed, waiting to be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Completed {
    /// The root (roads, cities) or the cloister's own node.
    pub node: NodeId,
    pub kind: FeatureKind,
    /// A tile of the feature (the cloister's tile).
    pub at: Pos,
}

/// Where the turn is after the deploy step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Scoring the completed features one by one.
    #[default]
    Scoring,
    /// The City of Carcassonne deploy (R-CKR-3).
    City,
    /// The Count's move after a city deploy (R-CKR-3, `count_moves: free`).
    Count,
    /// A knight's escape (R-SIEGE-5).
    Escape,
    /// Next player.
    Done,
}

/// The progress of the turn's late steps.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnSteps {
    pub step: Step,
    pub queue: Vec<Completed>,
    /// Index in `queue` of the feature being scored.
    pub next: u16,
    /// How many seats of the redeploy round (or of the final redeploy) were asked already.
    pub asked: u8,
    /// In phase 3, the active player scored points / another player did (R-CKR-3, R-CKR-5).
    pub active_scored: bool,
    pub others_scored: bool,
    /// Who held the King and the Robber Baron when the turn's scoring began: the seats the
    /// `continuous` variant pays (R-CKR-10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_before: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robber_before: Option<Seat>,
    /// The Count's quarter while the turn's features were scored (R-CKR-4), to tell why a
    /// redeploy was never asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked: Option<Quarter>,
    /// The active player moved a follower out of the city onto the feature being scored.
    #[serde(default, skip_serializing_if = "is_false")]
    pub active_redeployed: bool,
    /// The active player scored with such a follower this turn (R-CKR-5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub active_scored_from_city: bool,
}

/// Copies keep the queue's capacity: every turn refills it.
impl Clone for TurnSteps {
    fn clone(&self) -> Self {
        TurnSteps {
            queue: clone_with_capacity(&self.queue),
            ..*self
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let mut queue = std::mem::take(&mut self.queue);
        queue.clone_from(&source.queue);
        *self = TurnSteps { queue, ..*source };
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Where `p` comes in the 3 × 3 block around `centre`: the centre first, then
/// [`Pos::around`]'s order.
fn block_order(centre: Pos, p: Pos) -> u8 {
    if p == centre {
        return 0;
    }
    let k = (p.y - centre.y + 1) * 3 + (p.x - centre.x + 1);
    // Row-major 0..9 with the centre (4) left out, shifted past the centre's 0.
    (if k > 4 { k } else { k + 1 }) as u8
}

impl Game {
    /// Step 3 (scoring) onwards (R-BASE-3).
    pub(super) fn end_turn(&mut self, tile_index: u16, events: &mut impl EventSink) {
        self.collect_completed(tile_index);
        self.advance(events);
    }

    /// The features the last tile completed, roads and cities first, then cloisters.
    fn collect_completed(&mut self, tile_index: u16) {
        let cat = catalogue();
        let pt = self.board.tiles[usize::from(tile_index)];
        let t = cat.tile(pt.tile);
        self.steps.queue.clear();
        self.steps.next = 0;
        self.steps.asked = 0;
        self.steps.step = Step::Scoring;
        self.steps.active_scored = false;
        self.steps.others_scored = false;
        self.steps.active_redeployed = false;
        self.steps.active_scored_from_city = false;
        self.steps.blocked = self.rules.city.then_some(self.count);
        self.steps.king_before = self.king.map(|h| h.seat);
        self.steps.robber_before = self.robber.map(|h| h.seat);
        for (fi, f) in t.features.iter().enumerate() {
            if f.kind.is_edge_closed() {
                let r = self.graph.find(pt.first_node + fi as NodeId);
                if self.graph.open_edges(r) == 0
                    && self.graph.flags(r) & FLAG_SCORED == 0
                    && !self.steps.queue.iter().any(|c| c.node == r)
                {
                    self.steps.queue.push(Completed {
                        node: r,
                        kind: f.kind,
                        at: pt.pos,
                    });
                }
            }
        }
        // Monasteries, shrines and gardens on this tile or around it (R-BASE-8), in the
        // order of the 3 × 3 block: this tile first, then `Pos::around`'s.
        let first = self.steps.queue.len();
        let mut i = 0;
        while i < self.incomplete_cloisters.len() {
            let (p, node) = self.incomplete_cloisters[i];
            let near = p.x.abs_diff(pt.pos.x) <= 1 && p.y.abs_diff(pt.pos.y) <= 1;
            if !near || self.board.neighbours_placed(p) < 8 {
                i += 1;
                continue;
            }
            // Surrounded for good: it leaves the list.
            self.incomplete_cloisters.swap_remove(i);
            let kind = self.graph.node(node).kind;
            self.steps.queue.push(Completed { node, kind, at: p });
        }
        self.steps.queue[first..].sort_unstable_by_key(|c| block_order(pt.pos, c.at));
    }

    /// Runs the turn forward until a player must decide or the next turn starts.
    pub(super) fn advance(&mut self, events: &mut impl EventSink) {
        loop {
            match self.steps.step {
                Step::Scoring => {
                    let Some(&c) = self.steps.queue.get(usize::from(self.steps.next)) else {
                        self.continuous_bonus(events);
                        self.steps.step = Step::City;
                        continue;
                    };
                    if let Some(seat) = self.next_redeployer(c) {
                        self.phase = Phase::Redeploy { seat }.into();
                        return;
                    }
                    self.score_completed(c, events);
                    self.steps.active_redeployed = false;
                    self.steps.next += 1;
                    self.steps.asked = 0;
                }
                Step::City => {
                    self.steps.step = Step::Escape;
                    if self.city_deploy_allowed() {
                        self.phase = Phase::CityDeploy.into();
                        return;
                    }
                }
                Step::Count => {
                    self.steps.step = Step::Escape;
                    self.phase = Phase::MoveCount.into();
                    return;
                }
                Step::Escape => {
                    self.steps.step = Step::Done;
                    if self.rules.siege && !self.escapes().is_empty() {
                        self.phase = Phase::Escape.into();
                        return;
                    }
                }
                Step::Done => {
                    // Not `%`: a division costs more than the whole comparison.
                    let next = self.active + 1;
                    self.active = if usize::from(next) == self.players() {
                        0
                    } else {
                        next
                    };
                    self.turn += 1;
                    self.draw(events);
                    return;
                }
            }
        }
    }

    /// The quarter whose followers may join `c`, unless the Count blocks it (R-CKR-4).
    fn open_quarter(&self, kind: FeatureKind) -> Option<Quarter> {
        if !self.rules.city {
            return None;
        }
        Quarter::for_feature(kind).filter(|&q| q != self.count)
    }

    /// The next seat of the redeploy round for `c` that has a follower to move (R-CKR-4).
    fn next_redeployer(&mut self, c: Completed) -> Option<Seat> {
        let q = self.open_quarter(c.kind)?;
        let n = self.players();
        while usize::from(self.steps.asked) < n {
            let seat = ((usize::from(self.active) + 1 + usize::from(self.steps.asked)) % n) as Seat;
            if self.city.iter().any(|f| f.owner == seat && f.quarter == q) {
                return Some(seat);
            }
            self.steps.asked += 1;
        }
        None
    }

    /// The feature being scored, while a redeploy round is asked.
    pub(super) fn redeploy_target(&self) -> Option<Completed> {
        self.steps.queue.get(usize::from(self.steps.next)).copied()
    }

    /// How the feature of node `node` is named on one of its tiles.
    pub(super) fn anchor(&self, node: NodeId) -> (Pos, FeatureRef) {
        let n = self.graph.node(node);
        let pt = self.board.tiles[usize::from(n.tile)];
        let t = catalogue().tile(pt.tile);
        (pt.pos, Self::feature_ref(&pt, t, usize::from(n.feature)))
    }

    /// Moves one of `seat`'s followers from `quarter` onto the feature of `node`.
    fn move_from_city(
        &mut self,
        seat: Seat,
        follower: FollowerKind,
        quarter: Quarter,
        node: NodeId,
        events: &mut impl EventSink,
    ) -> Result<(), PlayError> {
        if quarter == self.count {
            return Err(PlayError::QuarterBlocked { quarter });
        }
        let i = self
            .city
            .iter()
            .position(|f| f.owner == seat && f.kind == follower && f.quarter == quarter)
            .ok_or(PlayError::NoFollowerInQuarter { quarter })?;
        self.city.swap_remove(i);
        let (at, feature) = self.anchor(node);
        let root = self.graph.find(node);
        self.graph.add_occupant(root);
        self.followers.push(Follower {
            owner: seat,
            kind: follower,
            node,
            at,
            feature,
        });
        events.emit(|| Event::FollowerRedeployed {
            seat,
            follower,
            from: quarter,
            at,
            feature,
        });
        Ok(())
    }

    /// A `redeploy` answer in the round for the feature being scored (R-CKR-4).
    pub(super) fn redeploy(
        &mut self,
        seat: Seat,
        follower: FollowerKind,
        events: &mut impl EventSink,
    ) -> Result<(), PlayError> {
        let Some(c) = self.redeploy_target() else {
            return Err(PlayError::WrongAction {
                expected: "pass".into(),
            });
        };
        let quarter = Quarter::for_feature(c.kind).ok_or(PlayError::NotARedeployTarget {
            at: c.at,
            feature: self.anchor(c.node).1,
        })?;
        self.move_from_city(seat, follower, quarter, c.node, events)?;
        if seat == self.active {
            self.steps.active_redeployed = true;
        }
        self.advance(events);
        Ok(())
    }

    /// Why a redeploy, city deploy, Count move or escape that the pending decision does not
    /// ask for is impossible, when its step was skipped or is over: the rule that made it so
    /// (R-CKR-3, R-CKR-4, R-CKR-5, R-CKR-7, R-SIEGE-5). `None` leaves the refusal to the
    /// turn's order (R-BASE-3): the step is still to come, or the seat passed it.
    pub(super) fn skipped_step(&self, seat: Seat, action: &Action) -> Option<PlayError> {
        if let Action::MoveCount { .. } = action {
            // With `clockwise` or `follow` nobody ever moves the Count.
            return (self.rules.city && self.rules.count_moves != count::CountMoves::Free)
                .then_some(PlayError::CountMovesByItself);
        }
        let turn_seat = self.seat_of_scored_turn()?;
        match *action {
            Action::Redeploy { follower } => {
                let blocked = self.steps.blocked?;
                let kept = self.steps.queue.iter().any(|c| {
                    Quarter::for_feature(c.kind) == Some(blocked)
                        && self
                            .city
                            .iter()
                            .any(|f| f.owner == seat && f.quarter == blocked && f.kind == follower)
                });
                kept.then_some(PlayError::QuarterBlocked { quarter: blocked })
            }
            Action::CityDeploy { .. } if self.rules.city && seat == turn_seat => {
                if self.steps.active_scored_from_city {
                    Some(PlayError::ScoredFromTheCity)
                } else if self.city_deploy_earned() {
                    // Offered, and taken or passed: the turn's order refuses a second one.
                    None
                } else {
                    Some(PlayError::CityDeployNotEarned)
                }
            }
            Action::Escape { .. }
                if self.rules.siege
                    && seat == turn_seat
                    && matches!(self.phase(), Phase::Place { .. }) =>
            {
                Some(PlayError::NoEscape)
            }
            _ => None,
        }
    }

    /// The seat whose turn has scored and whose late steps are under way or over: the active
    /// seat after its scoring, or the previous one while the next tile waits to be placed
    /// (the turn's record in `steps` lasts until the next scoring).
    fn seat_of_scored_turn(&self) -> Option<Seat> {
        match self.phase() {
            Phase::CityDeploy | Phase::MoveCount | Phase::Escape => Some(self.active),
            Phase::Place { .. } if self.turn > 0 => {
                let n = self.players() as Seat;
                Some((self.active + n - 1) % n)
            }
            _ => None,
        }
    }

    /// A `pass` in a redeploy round: the next seat is asked.
    pub(super) fn redeploy_pass(&mut self, events: &mut impl EventSink) {
        self.steps.asked += 1;
        self.advance(events);
    }

    /// Scores one completed feature: challenges first for cloisters (R-CKR-13), then the
    /// feature, then the King or the Robber (R-CKR-8).
    fn score_completed(&mut self, c: Completed, events: &mut impl EventSink) {
        match c.kind {
            FeatureKind::City | FeatureKind::Road => {
                let tiles = self.score_edge_feature(c.node, ScoreTime::Turn, events);
                self.update_king_robber(c.kind, tiles, events);
            }
            _ => {
                self.resolve_challenges(c, events);
                self.score_cloister(c.node, c.at, ScoreTime::Turn, events);
            }
        }
    }

    /// R-CKR-8: the active player takes the King (Robber) by completing the first, or a
    /// strictly larger, city (road).
    fn update_king_robber(&mut self, kind: FeatureKind, tiles: u16, events: &mut impl EventSink) {
        if !self.rules.king_robber {
            return;
        }
        let seat = self.active;
        let holder = Some(Holder { seat, tiles });
        match kind {
            FeatureKind::City if king_robber::takes(self.king, tiles) => {
                self.king = holder;
                events.emit(|| Event::KingTaken { seat, tiles });
            }
            FeatureKind::Road if king_robber::takes(self.robber, tiles) => {
                self.robber = holder;
                events.emit(|| Event::RobberTaken { seat, tiles });
            }
            _ => {}
        }
    }

    /// R-CKR-10 `continuous`: once the turn's features are scored, whoever held the King
    /// (Robber Baron) before the turn's hand-over scores 1 per city (road) it completed.
    /// Nobody is paid for the first completion, when no one held the card yet. The points
    /// are scored in phase 3, so they count for the city deploy like any other (R-CKR-3).
    fn continuous_bonus(&mut self, events: &mut impl EventSink) {
        if !self.rules.king_robber
            || self.rules.king_robber_scoring != king_robber::KingRobberScoring::Continuous
        {
            return;
        }
        for (before, kind) in [
            (self.steps.king_before, FeatureKind::City),
            (self.steps.robber_before, FeatureKind::Road),
        ] {
            let Some(seat) = before else { continue };
            let completed = self.steps.queue.iter().filter(|c| c.kind == kind).count();
            if completed == 0 {
                continue;
            }
            let (strength, winners) = score::holder_only(self.players(), seat);
            let entry = ScoreEntry {
                rule: "R-CKR-10".into(),
                kind,
                when: ScoreTime::Turn,
                tiles: TileList::new(),
                shields: 0,
                count: completed as u16,
                strength,
                winners,
                points: completed as u32,
            };
            self.award(entry, events);
        }
    }

    /// R-CKR-13: an occupied monastery (shrine) completed first beats every occupied,
    /// incomplete shrine (monastery) next to it; their followers go back scoring nothing.
    fn resolve_challenges(&mut self, c: Completed, events: &mut impl EventSink) {
        if !self.rules.shrines || self.graph.occupants(c.node) == 0 {
            return;
        }
        let Some(rival) = shrines::rival(c.kind) else {
            return;
        };
        let cat = catalogue();
        let losers: Vec<(NodeId, Pos)> =
            c.at.around()
                .filter_map(|p| {
                    let t = self.board.tile_at(p)?;
                    let tt = cat.tile(t.tile);
                    let fi = tt.cloister?;
                    let node = t.first_node + NodeId::from(fi);
                    (tt.features[usize::from(fi)].kind == rival
                        && self.graph.occupants(node) > 0
                        && self.graph.flags(node) & FLAG_SCORED == 0
                        && self.board.neighbours_placed(p) < 8)
                        .then_some((node, p))
                })
                .collect();
        for (node, at) in losers {
            let strength = self.strengths(node);
            let entry = ScoreEntry {
                rule: "R-CKR-13".into(),
                kind: rival,
                when: ScoreTime::Turn,
                tiles: smallvec::smallvec![at],
                shields: 0,
                count: u16::from(self.board.neighbours_placed(at)),
                strength,
                winners: PerSeat::new(),
                points: 0,
            };
            self.return_followers(node);
            self.award(entry, events);
        }
    }

    /// R-CKR-3: after a scoring in which another player scored and the active one did not.
    fn city_deploy_allowed(&self) -> bool {
        self.city_deploy_earned()
            && FollowerKind::ALL
                .iter()
                .any(|&k| self.supply(self.active, k) > 0)
    }

    /// The turn's scoring lets the active player into the city (R-CKR-3).
    fn city_deploy_earned(&self) -> bool {
        self.rules.city
            && !self.steps.queue.is_empty()
            && self.steps.others_scored
            && !self.steps.active_scored
    }

    /// A `city_deploy` answer (R-CKR-3), then the Count (R-CKR-7).
    pub(super) fn city_deploy(
        &mut self,
        seat: Seat,
        quarter: Quarter,
        follower: FollowerKind,
        events: &mut impl EventSink,
    ) -> Result<(), PlayError> {
        if !self.rules.has_follower(follower) {
            return Err(PlayError::FollowerNotInGame { follower });
        }
        if !quarter.admits(follower) {
            return Err(PlayError::QuarterNotAllowed { quarter, follower });
        }
        if self.supply(seat, follower) == 0 {
            return Err(PlayError::NoFollowerLeft { follower });
        }
        self.supply[usize::from(seat)][follower as usize] -= 1;
        self.city.push(CityFollower {
            owner: seat,
            kind: follower,
            quarter,
        });
        events.emit(|| Event::CityDeployed {
            seat,
            follower,
            quarter,
        });
        match count::automatic_count_move(&self.rules, self.count, quarter) {
            Some(q) => {
                self.count = q;
                events.emit(|| Event::CountMoved { quarter: q });
            }
            None => self.steps.step = Step::Count,
        }
        self.advance(events);
        Ok(())
    }

    /// A `move_count` answer (R-CKR-3).
    pub(super) fn move_count(&mut self, quarter: Quarter, events: &mut impl EventSink) {
        if quarter != self.count {
            self.count = quarter;
            events.emit(|| Event::CountMoved { quarter });
        }
        self.advance(events);
    }

    /// The active player's knights that may escape now (R-SIEGE-5): followers in an
    /// incomplete besieged city with a monastery or shrine next to one of its siege tiles
    /// (option `any_city_tile`: next to any of its tiles).
    pub(super) fn escapes(&self) -> Vec<usize> {
        let cat = catalogue();
        let any_tile =
            self.rules.siege_escape == crate::expansions::siege::SiegeEscape::AnyCityTile;
        let mut out = Vec::new();
        for (i, f) in self.followers.iter().enumerate() {
            // A feature's segments share its kind: test it before walking to the root.
            if f.owner != self.active
                || f.kind == FollowerKind::Abbot
                || self.graph.node(f.node).kind != FeatureKind::City
            {
                continue;
            }
            let root = self.graph.root(f.node);
            if self.graph.flags(root) & FLAG_BESIEGED == 0 || self.graph.open_edges(root) == 0 {
                continue;
            }
            let escape = self.graph.members(root).any(|m| {
                let seg = self.graph.node(m);
                let pt = self.board.tiles[usize::from(seg.tile)];
                let def = &cat.tile(pt.tile).features[usize::from(seg.feature)];
                (any_tile || def.besieged)
                    && pt.pos.around().any(|q| {
                        matches!(
                            shrines::cloister_kind(cat, &self.board, q),
                            Some(FeatureKind::Monastery | FeatureKind::Shrine)
                        )
                    })
            });
            if escape {
                out.push(i);
            }
        }
        out
    }

    /// An `escape` answer: the knight returns to supply, scoring nothing (R-SIEGE-5).
    /// `at` and `feature` name the besieged city by any of its tiles and any port of it
    /// there (like every feature of the record format): the knight standing on that very
    /// segment leaves if there is one, otherwise one of the seat's knights in that city.
    pub(super) fn escape(
        &mut self,
        seat: Seat,
        at: Pos,
        feature: FeatureRef,
        events: &mut impl EventSink,
    ) -> Result<(), PlayError> {
        let segment = self.segment_at(at, feature).ok_or(PlayError::NoEscape)?;
        let city = self.graph.root(segment);
        let candidates = self.escapes();
        let i = candidates
            .iter()
            .copied()
            .find(|&i| self.followers[i].node == segment)
            .or_else(|| {
                candidates
                    .iter()
                    .copied()
                    .find(|&i| self.graph.root(self.followers[i].node) == city)
            })
            .ok_or(PlayError::NoEscape)?;
        let f = self.followers.swap_remove(i);
        let root = self.graph.find(f.node);
        self.graph.remove_occupant(root);
        self.supply[usize::from(seat)][f.kind as usize] += 1;
        // Where the knight stood, whichever tile of the city the action named.
        events.emit(|| Event::KnightEscaped { seat, at: f.at });
        self.advance(events);
        Ok(())
    }

    /// Whether the end of the game first asks for final redeploys (R-CKR-6).
    pub(super) fn final_redeploy_due(&self) -> bool {
        self.rules.city && self.rules.final_redeploy && !self.city.is_empty()
    }

    /// The targets `seat` may send a follower of the city to at the end (R-CKR-6): every
    /// unscored feature of a kind matching an unblocked quarter where the seat has one.
    pub(super) fn final_targets(&self, seat: Seat) -> Vec<(FollowerKind, NodeId, Quarter)> {
        let mut out = Vec::new();
        for root in 0..self.graph.len() as NodeId {
            // Each feature once: at its root.
            if self.graph.root(root) != root || self.graph.flags(root) & FLAG_SCORED != 0 {
                continue;
            }
            let kind = self.graph.node(root).kind;
            if kind == FeatureKind::Field && !self.rules.farmers {
                continue;
            }
            let Some(q) = self.open_quarter(kind) else {
                continue;
            };
            for k in FollowerKind::ALL {
                if self
                    .city
                    .iter()
                    .any(|f| f.owner == seat && f.quarter == q && f.kind == k)
                    && abbot::occupiable(&self.rules, kind, k)
                {
                    out.push((k, root, q));
                }
            }
        }
        out
    }

    /// Asks the next seat that can move a follower out of the city at the end, or runs final
    /// scoring once every seat in a row moved nothing (R-CKR-6). `steps.next` walks the seats
    /// from the left of the last player; `steps.asked` counts seats in a row without a move.
    pub(super) fn continue_final_redeploy(&mut self, events: &mut impl EventSink) {
        let n = self.players();
        while usize::from(self.steps.asked) < n {
            let seat = self.final_seat();
            if !self.final_targets(seat).is_empty() {
                self.phase = Phase::FinalRedeploy { seat }.into();
                return;
            }
            self.steps.asked += 1;
            self.steps.next += 1;
        }
        self.final_scoring(events);
    }

    /// The seat asked now in the final redeploy. When the bag runs out the turn has already
    /// passed on, so `active` is the seat left of the player who placed the last tile.
    fn final_seat(&self) -> Seat {
        let n = self.players();
        ((usize::from(self.active) + usize::from(self.steps.next)) % n) as Seat
    }

    /// A `pass` in the final redeploy.
    pub(super) fn final_redeploy_pass(&mut self, events: &mut impl EventSink) {
        self.steps.asked += 1;
        self.steps.next += 1;
        self.continue_final_redeploy(events);
    }

    /// A `final_redeploy` answer: one follower moves, and the next seat is asked.
    pub(super) fn final_redeploy(
        &mut self,
        seat: Seat,
        follower: FollowerKind,
        at: Pos,
        feature: FeatureRef,
        events: &mut impl EventSink,
    ) -> Result<(), PlayError> {
        let root = self
            .feature_at(at, feature)
            .ok_or(PlayError::NotARedeployTarget { at, feature })?;
        let target = self
            .final_targets(seat)
            .into_iter()
            .find(|&(k, r, _)| r == root && k == follower)
            .ok_or(PlayError::NotARedeployTarget { at, feature })?;
        self.move_from_city(seat, follower, target.2, root, events)?;
        self.steps.asked = 0;
        self.steps.next += 1;
        self.continue_final_redeploy(events);
        Ok(())
    }

    /// The King and Robber bonuses at the end (R-CKR-9, R-CKR-10).
    pub(super) fn king_robber_bonus(&mut self, events: &mut impl EventSink) {
        let scoring = self.rules.king_robber_scoring;
        if !self.rules.king_robber || scoring == king_robber::KingRobberScoring::Continuous {
            return;
        }
        let mut cities = u32::from(self.rules.city);
        let mut roads = 0;
        for root in 0..self.graph.len() as NodeId {
            // Each feature once: at its root.
            if self.graph.root(root) != root || self.graph.open_edges(root) != 0 {
                continue;
            }
            match self.graph.node(root).kind {
                FeatureKind::City => cities += 1,
                FeatureKind::Road => roads += 1,
                _ => {}
            }
        }
        let (king_points, robber_points) =
            king_robber::bonus(scoring, self.king, self.robber, cities, roads);
        let rule = match scoring {
            king_robber::KingRobberScoring::Official => "R-CKR-9",
            _ => "R-CKR-10",
        };
        for (holder, kind, points, count) in [
            (self.king, FeatureKind::City, king_points, cities),
            (self.robber, FeatureKind::Road, robber_points, roads),
        ] {
            let Some(h) = holder else { continue };
            let (strength, winners) = score::holder_only(self.players(), h.seat);
            let entry = ScoreEntry {
                rule: rule.into(),
                kind,
                when: ScoreTime::Final,
                tiles: TileList::new(),
                shields: 0,
                count: count as u16,
                strength,
                winners,
                points,
            };
            self.award(entry, events);
        }
    }

    /// The city of the City of Carcassonne touches a field (R-CKR-1).
    pub(super) fn field_touches_city_board(&self, field: NodeId) -> bool {
        let cat = catalogue();
        self.rules.city
            && self.graph.members(field).any(|m| {
                let n = self.graph.node(m);
                let pt = self.board.tiles[usize::from(n.tile)];
                cat.tile(pt.tile).features[usize::from(n.feature)].borders_city_of_carcassonne
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{random_action, Scratch};
    use crate::rng::Rng;
    use crate::setup::{Expansion, Setup};

    #[test]
    fn block_order_follows_the_centre_then_around() {
        let centre = Pos::new(3, -2);
        let block: Vec<Pos> = std::iter::once(centre).chain(centre.around()).collect();
        for (k, &p) in block.iter().enumerate() {
            assert_eq!(usize::from(block_order(centre, p)), k, "{p:?}");
        }
    }

    /// R-BASE-8, R-ABBOT-2, R-CKR-11: the list of cloisters a tile may complete holds, at
    /// every turn, exactly the scoring cloisters on the board with fewer than 8 neighbours.
    #[test]
    fn incomplete_cloisters_are_the_unsurrounded_ones() {
        let every_set = crate::game::tests::every_set_but(Expansion::Cathars, 3);
        let mut surrounded = 0;
        // Random play seldom surrounds a cloister: about once in 20 base games.
        let games = (0..200).map(|seed| (Setup::base(2), seed));
        for (setup, seed) in games.chain((200..230).map(|seed| (every_set.clone(), seed))) {
            let mut before = 0usize;
            let mut game = Game::new(setup, seed).unwrap();
            let mut rng = Rng::new(seed);
            let mut scratch = Scratch::default();
            while let Some(a) = random_action(&game, &mut rng, &mut scratch) {
                game.apply(game.pending_seat().unwrap(), &a).unwrap();
                // The list follows the turn's scoring step, so compare between turns.
                if !matches!(game.phase(), Phase::Place { .. } | Phase::Over) {
                    continue;
                }
                let cat = catalogue();
                let mut expected: Vec<Pos> = game
                    .board
                    .tiles
                    .iter()
                    .filter(|pt| {
                        let t = cat.tile(pt.tile);
                        t.cloister.is_some_and(|fi| {
                            let kind = t.features[usize::from(fi)].kind;
                            abbot::scored_like_monastery(&game.rules, kind)
                        }) && game.board.neighbours_placed(pt.pos) < 8
                    })
                    .map(|pt| pt.pos)
                    .collect();
                let mut listed: Vec<Pos> =
                    game.incomplete_cloisters.iter().map(|&(p, _)| p).collect();
                expected.sort_unstable();
                listed.sort_unstable();
                assert_eq!(listed, expected, "turn {}", game.turn());
                surrounded += before.saturating_sub(expected.len());
                before = expected.len();
            }
        }
        assert!(surrounded >= 5, "{surrounded} cloisters surrounded");
    }
}
