//! The table as the UI shows it, built from a game: every label and explanation comes from
//! here, so the UI never computes a rule or a score.

use crate::types::*;
use carcassonne_engine::expansions::count::Quarter;
use carcassonne_engine::score::{self, ScoreTime};
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{
    catalogue, Action, DecisionKind, FeatureRef, FollowerKind, Game, Pos, ScoreEntry,
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
    let followers = g
        .followers()
        .iter()
        .map(|f| FollowerView {
            seat: f.owner,
            kind: f.kind,
            at: f.at,
            feature: f.feature,
            feature_id: feature_id(g, f.at, f.feature).unwrap_or_default(),
        })
        .collect();
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
        pending: pending_view(g, s.seats),
        scores: g
            .score_log()
            .iter()
            .map(|e| ScoreLine {
                text: explain(e, s.seats),
                entry: e.clone(),
            })
            .collect(),
        over: g.is_over(),
        report,
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
    let seat = usize::from(decision.seat);
    let name = seats.get(seat).map_or("?", |i| i.name.as_str());
    let by_bot = seats.get(seat).is_some_and(|i| i.bot.is_some());
    let actions = g.legal_actions();
    let mut placements: Vec<PlacementOption> = Vec::new();
    let mut choices = Vec::new();
    let deploy_at = match decision.kind {
        DecisionKind::Deploy { at } => Some(at),
        _ => None,
    };
    for action in actions {
        match action {
            Action::Place { at, rotation } => match placements.iter_mut().find(|p| p.at == at) {
                Some(p) => p.rotations.push(rotation),
                None => placements.push(PlacementOption {
                    at,
                    rotations: vec![rotation],
                }),
            },
            _ => choices.push(choice(g, &decision.kind, deploy_at, action)),
        }
    }
    let tile = match decision.kind {
        DecisionKind::PlaceTile { tile } => Some(catalogue().tile(tile).id.clone()),
        _ => None,
    };
    let what = match &decision.kind {
        DecisionKind::PlaceTile { .. } => "place the tile".to_string(),
        DecisionKind::Deploy { .. } => "deploy a follower on the tile, or pass".to_string(),
        DecisionKind::Redeploy { quarter, .. } => format!(
            "move followers from the {} quarter onto the feature being scored, or pass",
            quarter_name(*quarter)
        ),
        DecisionKind::CityDeploy => {
            "put a follower into the City of Carcassonne, or pass".to_string()
        }
        DecisionKind::MoveCount { .. } => "move the Count, or leave him".to_string(),
        DecisionKind::Escape => "let a knight escape from a besieged city, or pass".to_string(),
        DecisionKind::FinalRedeploy => {
            "move a follower out of the city onto a feature, or pass".to_string()
        }
    };
    Some(PendingView {
        prompt: format!("{name}: {what}"),
        decision,
        tile,
        by_bot,
        placements,
        choices,
    })
}

fn choice(g: &Game, kind: &DecisionKind, deploy_at: Option<Pos>, action: Action) -> ChoiceOption {
    let mut at = None;
    let mut feature_id_ = None;
    let mut feature_kind_ = None;
    let mut on = |pos: Pos, f: FeatureRef| {
        at = Some(pos);
        feature_id_ = feature_id(g, pos, f);
        let k = feature_kind(g, pos, f);
        feature_kind_ = k.map(|k| k.to_string());
        k.map_or_else(|| "feature".to_string(), kind_name)
    };
    let label = match action {
        Action::Deploy { feature, follower } => match deploy_at {
            Some(pos) => {
                let what = on(pos, feature);
                format!("{} on the {what}", follower_name(follower))
            }
            None => format!("{} on {feature}", follower_name(follower)),
        },
        Action::Pass => match kind {
            DecisionKind::Deploy { .. } => "No follower".into(),
            DecisionKind::Redeploy { .. } | DecisionKind::FinalRedeploy => "Done".into(),
            DecisionKind::CityDeploy => "Stay out of the city".into(),
            DecisionKind::MoveCount { .. } => "Leave the Count".into(),
            DecisionKind::Escape => "No escape".into(),
            DecisionKind::PlaceTile { .. } => "Pass".into(),
        },
        Action::RecallAbbot => "Take the abbot back (scores now)".into(),
        Action::Redeploy { follower } => {
            let what = match kind {
                DecisionKind::Redeploy {
                    at: pos,
                    feature,
                    quarter,
                } => {
                    let what = on(*pos, *feature);
                    format!(
                        "from the {} quarter onto the {what}",
                        quarter_name(*quarter)
                    )
                }
                _ => "from the city".into(),
            };
            format!("{} {what}", follower_name(follower))
        }
        Action::CityDeploy { quarter, follower } => format!(
            "{} into the {} quarter",
            follower_name(follower),
            quarter_name(quarter)
        ),
        Action::MoveCount { quarter } => format!("Count to the {} quarter", quarter_name(quarter)),
        Action::Escape { at: pos, feature } => {
            on(pos, feature);
            "Knight escapes from the besieged city".into()
        }
        Action::FinalRedeploy {
            follower,
            at: pos,
            feature,
        } => {
            let what = on(pos, feature);
            format!("{} from the city onto the {what}", follower_name(follower))
        }
        Action::Place { .. } => "Place the tile".into(),
    };
    ChoiceOption {
        action,
        at,
        feature_id: feature_id_,
        feature_kind: feature_kind_,
        label,
    }
}

pub fn follower_name(k: FollowerKind) -> &'static str {
    match k {
        FollowerKind::Meeple => "Meeple",
        FollowerKind::BigMeeple => "Big meeple",
        FollowerKind::Abbot => "Abbot",
    }
}

pub fn quarter_name(q: Quarter) -> &'static str {
    match q {
        Quarter::Castle => "castle",
        Quarter::Market => "market",
        Quarter::Blacksmith => "blacksmith",
        Quarter::Cathedral => "cathedral",
    }
}

fn kind_name(k: FeatureKind) -> String {
    match k {
        FeatureKind::Field => "field (farmer)".into(),
        other => other.to_string(),
    }
}

/// One scoring in a sentence: who, how much, for what, and by which rule.
pub fn explain(e: &ScoreEntry, seats: &[SeatInfo]) -> String {
    let names: Vec<&str> = e
        .winners
        .iter()
        .map(|&w| seats.get(usize::from(w)).map_or("?", |i| i.name.as_str()))
        .collect();
    let who = match names.len() {
        0 => "Nobody".to_string(),
        1 => names[0].to_string(),
        _ => {
            let (last, rest) = names.split_last().map_or(("", &[][..]), |(l, r)| (*l, r));
            format!("{} and {last}", rest.join(", "))
        }
    };
    let tiles = e.tiles.len();
    let done = match e.when {
        ScoreTime::Turn => "completed",
        ScoreTime::Final | ScoreTime::Recall => "unfinished",
    };
    let what = match e.kind {
        FeatureKind::Road => format!("{done} road of {tiles} tile{}", plural(tiles)),
        FeatureKind::City => {
            let shields = usize::from(e.shields);
            if shields > 0 {
                format!(
                    "{done} city of {tiles} tile{} and {shields} shield{}",
                    plural(tiles),
                    plural(shields)
                )
            } else {
                format!("{done} city of {tiles} tile{}", plural(tiles))
            }
        }
        FeatureKind::Field => {
            let c = usize::from(e.count);
            format!(
                "field supplying {c} completed cit{}",
                if c == 1 { "y" } else { "ies" }
            )
        }
        FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => {
            let n = usize::from(e.count);
            format!("{} with {n} neighbour{}", e.kind, plural(n))
        }
        other => other.to_string(),
    };
    let what = match e.rule.as_str() {
        "R-CKR-9" => "the King (completed cities)".to_string(),
        "R-CKR-10" => "the Robber Baron (completed roads)".to_string(),
        _ => what,
    };
    let recall = if e.when == ScoreTime::Recall {
        " (abbot taken back)"
    } else {
        ""
    };
    if names.is_empty() {
        format!("Nobody scores the {what}{recall} ({})", e.rule)
    } else {
        format!(
            "{who} score{} {} for the {what}{recall} ({})",
            if names.len() == 1 { "s" } else { "" },
            e.points,
            e.rule
        )
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
