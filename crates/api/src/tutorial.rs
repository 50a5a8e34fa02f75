//! The tutorial: a guided first game on the app's own board. Its script is data, here and
//! nowhere else: the tiles drawn (in order, and only those), and every turn of both seats —
//! the learner's (seat 0), each teaching one thing, and the scripted opponent's (seat 1),
//! played by `bot_move`. A tutorial game is an ordinary saved game whose setup is the
//! tutorial's; on it `play` accepts only the script's move and `bot_move` plays the script.
//! The step a learner is at follows from the tiles placed, so a tutorial left is resumed
//! where it stopped. The sentences are the UI's (`ui/src/i18n/*-tutorial.ts`).

use crate::error::ApiError;
use carcassonne_engine::{Action, Expansion, FeatureRef, FollowerKind, Options, Pos, Setup};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a learner's turn teaches (the UI words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TutorialTopic {
    /// Put a tile where its edges match (R-BASE-4).
    Placing,
    /// Turn the tile before putting it down (R-BASE-4).
    Rotating,
    /// A follower on a city: a knight (R-BASE-5).
    Knight,
    /// A follower on a road: a thief (R-BASE-5).
    Thief,
    /// A completed city scores for its knight, who comes back (R-BASE-7).
    Scoring,
    /// A follower on a monastery: a monk (R-BASE-5; unfinished at the end, R-BASE-12).
    Monk,
    /// A follower lying in a field: a farmer (R-BASE-13).
    Farmer,
    /// The last tile: the game ends, what is unfinished scores and the fields too (R-BASE-12,
    /// R-BASE-13).
    End,
}

/// One turn of the script.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TutorialTurn {
    /// 0: the learner, 1: the scripted opponent.
    pub seat: u8,
    /// The tile drawn for this turn (a catalogue id).
    pub tile: String,
    /// Where it goes.
    pub at: Pos,
    /// The rotations accepted there: one, unless the tile looks the same turned (the first is
    /// the one the opponent plays and the UI shows).
    pub rotations: Vec<u8>,
    /// The follower decision after the placement: a `deploy` or a `pass`.
    pub follower: Action,
    /// What the turn teaches (the learner's turns only).
    pub topic: Option<TutorialTopic>,
}

/// The script, and the unfinished tutorial game on this device (if any).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Tutorial {
    pub turns: Vec<TutorialTurn>,
    #[ts(type = "number | null")]
    pub game: Option<i64>,
}

/// Start a tutorial game: the two seats' names and colours (the UI's words).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TutorialRequest {
    pub learner: String,
    pub opponent: String,
    pub learner_colour: String,
    pub opponent_colour: String,
}

/// The bot id stored for the opponent's seat: the UI runs it like any bot, and `bot_move`
/// plays the script instead of asking it.
pub const OPPONENT_BOT: &str = "easy";

type Line = (
    u8,
    &'static str,
    (i32, i32),
    &'static [u8],
    Option<&'static str>,
    Option<TutorialTopic>,
);

/// The script: seat, tile, cell, rotations accepted, the follower's feature (none: no
/// follower), what the turn teaches. The start tile has its city to the north and its road
/// running west–east; y grows to the south.
const SCRIPT: &[Line] = &[
    // A road curve carries the start tile's road east, then south.
    (
        0,
        "base/road_curve",
        (1, 0),
        &[0],
        None,
        Some(TutorialTopic::Placing),
    ),
    (1, "base/road_straight", (-1, 0), &[0], None, None),
    // Turned three times, the city runs down into the start's city and out to the west.
    (
        0,
        "base/city2_nw",
        (0, -1),
        &[3],
        None,
        Some(TutorialTopic::Rotating),
    ),
    (1, "base/road_straight", (1, 1), &[1], None, None),
    // The city goes on west, then north: a knight on it.
    (
        0,
        "base/city2_nw",
        (-1, -1),
        &[1],
        Some("N"),
        Some(TutorialTopic::Knight),
    ),
    (1, "base/city1", (0, 1), &[2], Some("S"), None),
    // A junction ends the road in the west: a thief on it.
    (
        0,
        "base/road_junction3",
        (-2, 0),
        &[0],
        Some("E"),
        Some(TutorialTopic::Thief),
    ),
    (1, "base/road_curve", (1, 2), &[2], None, None),
    // The city is closed: 4 tiles, 8 points for the knight.
    (
        0,
        "base/city1",
        (-1, -2),
        &[2],
        None,
        Some(TutorialTopic::Scoring),
    ),
    // The opponent closes a small city of its own: 2 tiles, 4 points.
    (1, "base/city1", (0, 2), &[0], None, None),
    (
        0,
        "base/monastery",
        (1, -1),
        &[0],
        Some("monastery"),
        Some(TutorialTopic::Monk),
    ),
    (1, "base/road_curve", (0, -2), &[2], None, None),
    // The field east of the road touches the closed city: a farmer in it.
    (
        0,
        "base/city1",
        (2, 0),
        &[1],
        Some("N1"),
        Some(TutorialTopic::Farmer),
    ),
    (1, "base/road_straight", (-3, 0), &[0], None, None),
    (
        0,
        "base/road_curve",
        (2, -1),
        &[2],
        None,
        Some(TutorialTopic::End),
    ),
];

fn feature(name: &str) -> Result<FeatureRef, ApiError> {
    name.parse()
        .map_err(|_| ApiError::bad_request(format!("tutorial: no feature `{name}`")))
}

/// The script's turns.
///
/// # Errors
/// Only if the script itself names a feature that does not exist (a test plays it through).
pub fn turns() -> Result<Vec<TutorialTurn>, ApiError> {
    SCRIPT
        .iter()
        .map(|&(seat, tile, (x, y), rotations, deploy, topic)| {
            Ok(TutorialTurn {
                seat,
                tile: tile.to_string(),
                at: Pos::new(x, y),
                rotations: rotations.to_vec(),
                follower: match deploy {
                    Some(name) => Action::Deploy {
                        feature: feature(name)?,
                        follower: FollowerKind::Meeple,
                    },
                    None => Action::Pass,
                },
                topic,
            })
        })
        .collect()
}

/// The tutorial's engine setup: two seats, the base game with farmers, the script's tiles
/// only.
pub fn setup(learner: &str, opponent: &str) -> Setup {
    let mut s = Setup::base(2);
    s.players[0].name = learner.to_string();
    s.players[1].name = opponent.to_string();
    s.sets = vec![Expansion::Base];
    s.options = Options::default();
    s.draw_order = SCRIPT.iter().map(|l| l.1.to_string()).collect();
    s.draw_order_only = true;
    s
}

/// Whether a game's setup is the tutorial's (whatever the seats are called).
pub fn is_tutorial(s: &Setup) -> bool {
    s.draw_order_only
        && s.players.len() == 2
        && s.options == Options::default()
        && s.sets.iter().all(|&e| e == Expansion::Base)
        && s.draw_order.len() == SCRIPT.len()
        && s.draw_order.iter().zip(SCRIPT).all(|(d, l)| d == l.1)
}

/// The script's move for the decision after `placed` tiles were put down (the start tile
/// not counted): the placement when `placing`, else the follower decision.
///
/// # Errors
/// [`ApiError::GameOver`] past the script's end.
pub fn expected(placed: usize, placing: bool) -> Result<(TutorialTurn, Action), ApiError> {
    let turn = turns()?.into_iter().nth(placed).ok_or(ApiError::GameOver)?;
    let action = if placing {
        Action::Place {
            at: turn.at,
            rotation: turn.rotations.first().copied().unwrap_or(0),
        }
    } else {
        turn.follower
    };
    Ok((turn, action))
}

/// Whether `action` is the script's for this decision; a refusal names the script's turn.
///
/// # Errors
/// [`ApiError::TutorialMove`] for any other move.
pub fn check(placed: usize, action: &Action) -> Result<(), ApiError> {
    let placing = matches!(action, Action::Place { .. });
    let (turn, want) = expected(placed, placing)?;
    let ok = match (action, want) {
        (Action::Place { at, rotation }, Action::Place { at: want_at, .. }) => {
            *at == want_at && turn.rotations.contains(rotation)
        }
        (a, w) => *a == w,
    };
    if ok {
        Ok(())
    } else {
        Err(ApiError::TutorialMove {
            turn: u32::try_from(placed).unwrap_or(u32::MAX),
        })
    }
}

impl crate::Api {
    /// The script, and the tutorial game left unfinished on this device (the latest), if any.
    ///
    /// # Errors
    /// The store's, when the games cannot be read.
    pub fn tutorial(&self) -> Result<Tutorial, ApiError> {
        Ok(Tutorial {
            turns: turns()?,
            game: self.unfinished_tutorials()?.first().copied(),
        })
    }

    /// The unfinished tutorial games, most recently played first.
    pub(crate) fn unfinished_tutorials(&self) -> Result<Vec<i64>, ApiError> {
        Ok(self
            .store
            .games()?
            .into_iter()
            .filter(|g| g.status == carcassonne_store::GameStatus::Playing)
            .filter(|g| serde_json::from_str::<Setup>(&g.setup).is_ok_and(|s| is_tutorial(&s)))
            .map(|g| g.id)
            .collect())
    }

    /// Starts a tutorial game (an unfinished one is abandoned first: one tutorial at a time).
    ///
    /// # Errors
    /// A name the store refuses, two seats of one colour, or the store's error.
    pub fn tutorial_game(&mut self, req: TutorialRequest) -> Result<crate::GameView, ApiError> {
        let problem = |p| ApiError::InvalidSetup { problems: vec![p] };
        let names = [&req.learner, &req.opponent].map(|n| carcassonne_store::checked_name(n));
        let mut checked = Vec::new();
        for (seat, n) in names.into_iter().enumerate() {
            checked.push(
                n.map_err(|reason| problem(crate::SetupProblem::GuestName { seat, reason }))?,
            );
        }
        if req
            .learner_colour
            .eq_ignore_ascii_case(&req.opponent_colour)
        {
            return Err(problem(crate::SetupProblem::SameColour {
                name: req.opponent.clone(),
            }));
        }
        for id in self.unfinished_tutorials()? {
            self.abandon_game(crate::GameRequest { game: id })?;
        }
        let seats = vec![
            crate::session::SeatInfo {
                name: checked[0].clone(),
                colour: req.learner_colour.clone(),
                bot: None,
                profile: None,
            },
            crate::session::SeatInfo {
                name: checked[1].clone(),
                colour: req.opponent_colour.clone(),
                bot: Some(OPPONENT_BOT.to_string()),
                profile: None,
            },
        ];
        let setup = setup(&checked[0], &checked[1]);
        self.start_game(setup, 1, seats)
    }
}
