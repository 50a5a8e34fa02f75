//! The table as the UI shows it, built from a game: every option and scoring comes from here
//! as facts, so the UI never computes a rule or a score (it only puts the facts into words).

use crate::turns::TurnLog;
use crate::types::*;
use carcassonne_engine::game::Segment;
use carcassonne_engine::score;
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    catalogue, Action, CellFit, DecisionKind, FeatureRef, FollowerKind, Game, Pos, ScoreEntry,
};

/// A seat as recorded when the game started (names and colours do not follow later edits).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatInfo {
    pub name: String,
    pub colour: String,
    /// The bot's id for a bot seat (a seat its table plays by itself).
    pub bot: Option<String>,
    pub profile: Option<i64>,
}

/// What a view needs besides the game: which game, how far along, who sits where.
#[derive(Clone, Copy, Debug)]
pub struct TableMeta<'a> {
    pub id: i64,
    /// Stamps the view; a play on an older view is refused.
    pub state: u32,
    pub seats: &'a [SeatInfo],
    pub last_placed: Option<Pos>,
    pub last_placed_by: Option<u8>,
    pub turns: &'a TurnLog,
}

pub fn game_view(g: &Game, s: &TableMeta) -> GameView {
    let rules = g.rules();
    let kinds: Vec<FollowerKind> = FollowerKind::ALL
        .into_iter()
        .filter(|k| match k {
            FollowerKind::Meeple => true,
            FollowerKind::BigMeeple => rules.inns_cathedrals,
            FollowerKind::Abbot => rules.abbot,
        })
        .collect();
    let seats = s
        .seats
        .iter()
        .enumerate()
        .map(|(i, info)| SeatView {
            seat: i as u8,
            name: info.name.clone(),
            colour: info.colour.clone(),
            bot: info.bot.clone(),
            profile: info.profile,
            score: g.scores().get(i).copied().unwrap_or(0),
            supply: kinds
                .iter()
                .map(|&kind| Supply {
                    kind,
                    count: g.supply(i as u8, kind),
                })
                .collect(),
        })
        .collect();
    let tiles = g
        .board()
        .tiles
        .iter()
        .map(|t| PlacedView {
            tile: catalogue().tile(t.tile).id.clone(),
            at: t.pos,
            rotation: t.rotation,
        })
        .collect();
    // Final scoring sends every follower home: the final board shows where they stood.
    let followers = match s.turns.final_scoring() {
        Some(f) if g.is_over() => f
            .followers
            .iter()
            .map(|f| follower_view(g, f.seat, f.kind, f.at, f.feature))
            .collect(),
        _ => g
            .followers()
            .iter()
            .map(|f| follower_view(g, f.owner, f.kind, f.at, f.feature))
            .collect(),
    };
    let city = rules.city.then(|| CityView {
        count: g.count(),
        followers: g
            .city()
            .iter()
            .map(|c| CityFollowerView {
                seat: c.owner,
                kind: c.kind,
                quarter: c.quarter,
            })
            .collect(),
    });
    let (king, robber) = g.king_and_robber();
    let holder = |h: Option<carcassonne_engine::expansions::king_robber::Holder>| {
        h.map(|h| CardHolder {
            seat: h.seat,
            tiles: h.tiles,
        })
    };
    let report = g.is_over().then(|| final_report(g));
    GameView {
        id: s.id,
        state: s.state,
        sets: g.setup().sets.clone(),
        options: g.setup().options.clone(),
        seats,
        tiles,
        last_placed: s.last_placed,
        last_placed_by: s.last_placed_by,
        followers,
        city,
        king: holder(king),
        robber: holder(robber),
        tiles_left: g.remaining_tiles().len() as u32,
        tiles_left_by_type: tiles_by_type(g),
        hard_cells: hard_cells(g),
        projection: (!g.is_over()).then(|| projection(g)),
        farms: (rules.farmers && !g.is_over()).then(|| farms(g)),
        purist: false,
        pending: pending_view(g, s.seats),
        scores: g.score_log().iter().map(score_line).collect(),
        turns: s.turns.turns().to_vec(),
        final_scoring: s.turns.final_scoring().cloned(),
        over: g.is_over(),
        report,
    }
}

/// The view of a purist table: every learning aid's facts left out (the bag by type, dead
/// cells, projections, fields), so no screen can show them, and marked as purist.
pub fn without_aids(mut view: GameView) -> GameView {
    view.tiles_left_by_type = Vec::new();
    view.hard_cells = Vec::new();
    view.projection = None;
    view.farms = None;
    for turn in &mut view.turns {
        turn.why.clear();
    }
    view.purist = true;
    view
}

/// The bag by tile type: `remaining_tiles` is sorted, so equal types are next to each other.
fn tiles_by_type(g: &Game) -> Vec<TileCount> {
    let mut out: Vec<(carcassonne_engine::TileTypeId, u32)> = Vec::new();
    for tile in g.remaining_tiles() {
        match out.last_mut() {
            Some((last, n)) if *last == tile => *n += 1,
            _ => out.push((tile, 1)),
        }
    }
    out.into_iter()
        .map(|(tile, count)| TileCount {
            tile: catalogue().tile(tile).id.clone(),
            count,
        })
        .collect()
}

/// The dead and single-fit cells (none once the game is over: nothing is to come).
fn hard_cells(g: &Game) -> Vec<HardCellView> {
    if g.is_over() {
        return Vec::new();
    }
    g.hard_cells()
        .into_iter()
        .map(|c| {
            let (fit, tile) = match c.fit {
                CellFit::Dead => (CellFitKind::Dead, None),
                CellFit::Single(t) => (CellFitKind::Single, Some(catalogue().tile(t).id.clone())),
            };
            HardCellView {
                at: c.pos,
                fit,
                tile,
            }
        })
        .collect()
}

fn points(e: &ScoreEntry) -> PointsView {
    PointsView {
        points: e.points,
        winners: e.winners.to_vec(),
        rule: e.rule.to_string(),
    }
}

fn projection(g: &Game) -> ProjectionView {
    let p = g.projection();
    ProjectionView {
        scores: p.scores,
        features: p
            .features
            .iter()
            .map(|f| FeatureProjectionView {
                kind: f.kind,
                followers: f
                    .followers
                    .iter()
                    .map(|b| follower_view(g, b.seat, b.kind, b.at, b.feature))
                    .collect(),
                at_end: points(&f.at_end),
                if_completed: f.if_completed.as_ref().map(points),
            })
            .collect(),
    }
}

fn farms(g: &Game) -> FarmsView {
    let segments = |segs: &[Segment]| -> Vec<SegmentView> {
        segs.iter()
            .map(|s| SegmentView {
                at: s.at,
                feature_id: feature_id(g, s.at, s.feature).unwrap_or_default(),
            })
            .collect()
    };
    let f = g.farms();
    FarmsView {
        fields: f
            .fields
            .iter()
            .map(|x| FieldView {
                id: x.id,
                segments: segments(&x.segments),
                strength: x.strength.clone(),
                owners: x.owners.clone(),
                cities: x.cities.iter().map(|&c| c as u32).collect(),
                city_of_carcassonne: x.city_of_carcassonne,
                points: x.points,
            })
            .collect(),
        cities: f
            .cities
            .iter()
            .map(|c| FarmCityView {
                segments: segments(&c.segments),
                besieged: c.besieged,
            })
            .collect(),
    }
}

fn final_report(g: &Game) -> FinalReport {
    let standings: Vec<Standing> = score::standings(g.scores())
        .into_iter()
        .map(|(rank, seats)| Standing {
            rank: rank as u32,
            seats,
        })
        .collect();
    let winners = standings
        .first()
        .map(|s| s.seats.clone())
        .unwrap_or_default();
    FinalReport {
        standings,
        winners,
        categories: score::categories(g.score_log(), g.players()),
    }
}

fn follower_view(
    g: &Game,
    seat: u8,
    kind: FollowerKind,
    at: Pos,
    feature: FeatureRef,
) -> FollowerView {
    FollowerView {
        seat,
        kind,
        at,
        feature,
        feature_id: feature_id(g, at, feature).unwrap_or_default(),
    }
}

fn feature_id(g: &Game, at: Pos, feature: FeatureRef) -> Option<String> {
    g.local_feature(at, feature).map(|f| f.local_id.clone())
}

fn feature_kind(g: &Game, at: Pos, feature: FeatureRef) -> Option<FeatureKind> {
    g.local_feature(at, feature).map(|f| f.kind)
}

/// The pending decision of `g` with its options (also used on a copy of the game, to
/// preview the follower spots of a tentative placement).
pub fn pending_view(g: &Game, seats: &[SeatInfo]) -> Option<PendingView> {
    let decision = g.pending()?;
    let by_bot = seats
        .get(usize::from(decision.seat))
        .is_some_and(|i| i.bot.is_some());
    let mut placements: Vec<PlacementOption> = Vec::new();
    let mut choices = Vec::new();
    for action in g.legal_actions() {
        match action {
            Action::Place { at, rotation } => match placements.iter_mut().find(|p| p.at == at) {
                Some(p) => p.rotations.push(rotation),
                None => placements.push(PlacementOption {
                    at,
                    rotations: vec![rotation],
                }),
            },
            _ => choices.push(choice(g, &decision.kind, action)),
        }
    }
    let tile = match decision.kind {
        DecisionKind::PlaceTile { tile } => Some(catalogue().tile(tile).id.clone()),
        _ => None,
    };
    Some(PendingView {
        decision,
        tile,
        by_bot,
        placements,
        choices,
    })
}

/// The decision a pass declines.
fn declined(kind: &DecisionKind) -> Declined {
    match kind {
        DecisionKind::PlaceTile { .. } => Declined::PlaceTile,
        DecisionKind::Deploy { .. } => Declined::Deploy,
        DecisionKind::Redeploy { .. } => Declined::Redeploy,
        DecisionKind::CityDeploy => Declined::CityDeploy,
        DecisionKind::MoveCount { .. } => Declined::MoveCount,
        DecisionKind::Escape => Declined::Escape,
        DecisionKind::FinalRedeploy => Declined::FinalRedeploy,
    }
}

/// Where on the board an action acts (a feature of a placed tile), if anywhere.
fn acts_on(kind: &DecisionKind, action: Action) -> Option<(Pos, FeatureRef)> {
    match (action, kind) {
        (Action::Deploy { feature, .. }, DecisionKind::Deploy { at }) => Some((*at, feature)),
        (Action::Redeploy { .. }, DecisionKind::Redeploy { at, feature, .. }) => {
            Some((*at, *feature))
        }
        (Action::Escape { at, feature }, _) | (Action::FinalRedeploy { at, feature, .. }, _) => {
            Some((at, feature))
        }
        _ => None,
    }
}

fn choice(g: &Game, kind: &DecisionKind, action: Action) -> ChoiceOption {
    let label = match action {
        Action::Deploy { follower, .. } => ChoiceLabel::Deploy { follower },
        Action::Pass => ChoiceLabel::Pass {
            declined: declined(kind),
        },
        Action::RecallAbbot => ChoiceLabel::RecallAbbot,
        Action::Redeploy { follower } => ChoiceLabel::Redeploy {
            follower,
            quarter: match kind {
                DecisionKind::Redeploy { quarter, .. } => Some(*quarter),
                _ => None,
            },
        },
        Action::CityDeploy { quarter, follower } => ChoiceLabel::CityDeploy { follower, quarter },
        Action::MoveCount { quarter } => ChoiceLabel::MoveCount { quarter },
        Action::Escape { .. } => ChoiceLabel::Escape,
        Action::FinalRedeploy { follower, .. } => ChoiceLabel::FinalRedeploy { follower },
        Action::Place { .. } => ChoiceLabel::Place,
    };
    let on = acts_on(kind, action);
    ChoiceOption {
        action,
        at: on.map(|(at, _)| at),
        feature_id: on.and_then(|(at, f)| feature_id(g, at, f)),
        feature_kind: on.and_then(|(at, f)| feature_kind(g, at, f)),
        label,
    }
}

/// One scoring as facts: the entry, and which card's bonus it is when it is one.
pub fn score_line(e: &ScoreEntry) -> ScoreLine {
    // The engine marks card bonuses by their rules; the card is the one of the kind scored.
    let bonus = score::BONUS_RULES
        .contains(&&*e.rule)
        .then_some(match e.kind {
            FeatureKind::City => Bonus::King,
            _ => Bonus::RobberBaron,
        });
    ScoreLine {
        entry: e.clone(),
        bonus,
    }
}
