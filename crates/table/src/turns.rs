//! The table's turn log, built from the engine's events as actions are applied: who placed
//! which tile where, what the turn's followers did, and which score lines it produced (as
//! indices into the view's `scores`). A scoring nobody won stays in its turn's entry instead
//! of a line of its own.

use crate::types::{FinalScoringView, TurnEntry, TurnEvent};
use crate::why::why;
use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{catalogue, Event, FeatureRef, Game, Pos, Record, RecordError};

/// Every turn so far, and final scoring once the game is over.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnLog {
    turns: Vec<TurnEntry>,
    final_scoring: Option<FinalScoringView>,
    /// Score lines seen so far: the next `Scored` event is this line of the game's score log.
    scored: u32,
    /// Tiles drawn that fit nowhere, waiting for the turn that places the next tile.
    discarded: Vec<String>,
    /// The game before the last turn's placement, and the events of that turn so far: its
    /// reasons are read from them (none when the log was not given the game before).
    start: Option<Box<Game>>,
    turn_events: Vec<Event>,
}

fn tile_id(tile: carcassonne_engine::TileTypeId) -> String {
    catalogue().tile(tile).id.clone()
}

fn feature_kind(g: &Game, at: Pos, feature: FeatureRef) -> Option<FeatureKind> {
    g.local_feature(at, feature).map(|f| f.kind)
}

impl TurnLog {
    /// The log of a game replayed from its record.
    ///
    /// # Errors
    /// The record's [`RecordError`] when its setup or an action is refused.
    pub fn from_record(record: &Record) -> Result<TurnLog, RecordError> {
        TurnLog::from_record_explaining(record, |_| false)
    }

    /// As [`TurnLog::from_record`], with reasons for the turns of the seats `explained` says
    /// (a table's bots).
    pub fn from_record_explaining(
        record: &Record,
        explained: impl Fn(u8) -> bool,
    ) -> Result<TurnLog, RecordError> {
        let mut game = Game::new(record.setup.clone(), record.seed)
            .map_err(|error| RecordError::Setup { index: None, error })?;
        let mut log = TurnLog::default();
        for (index, ra) in record.actions.iter().enumerate() {
            let before = explained(ra.seat).then(|| game.clone());
            let events = game
                .apply(ra.seat, &ra.action)
                .map_err(|error| RecordError::IllegalAction { index, error })?;
            log.record_turn(before.as_ref(), &game, index as u32, &events);
        }
        Ok(log)
    }

    pub fn turns(&self) -> &[TurnEntry] {
        &self.turns
    }

    pub fn final_scoring(&self) -> Option<&FinalScoringView> {
        self.final_scoring.as_ref()
    }

    /// Notes the events of the action numbered `action` (0-based), applied to give `after`
    /// (the turns get no reasons: see [`TurnLog::record_turn`]).
    pub fn record(&mut self, after: &Game, action: u32, events: &[Event]) {
        for event in events {
            self.note(after, action, event);
        }
    }

    /// As [`TurnLog::record`], and gives the turn its reasons (`TurnEntry::why`) once its seat
    /// is done with it. `before` is the game before the action: given with a placement, the
    /// turn is explained (a bot's turn, say); without it, not. Reasons are read from the
    /// actions, so a log rebuilt from a saved game has the same ones.
    pub fn record_turn(
        &mut self,
        before: Option<&Game>,
        after: &Game,
        action: u32,
        events: &[Event],
    ) {
        let placed = events.iter().any(|e| matches!(e, Event::TilePlaced { .. }));
        if placed {
            self.start = before.map(|b| Box::new(b.clone()));
            self.turn_events.clear();
        }
        self.record(after, action, events);
        let Some(start) = &self.start else {
            return;
        };
        let ending = events
            .iter()
            .position(|e| matches!(e, Event::FinalScoring { .. }));
        let during = &events[..ending.unwrap_or(events.len())];
        self.turn_events.extend(during.iter().cloned());
        let Some(turn) = self.turns.last_mut() else {
            return;
        };
        // Explained once the seat is done: its next decision in the same turn may change why.
        let going_on = ending.is_none() && after.pending_seat() == Some(turn.seat);
        if !going_on {
            turn.why = why(start, after, turn.seat, &self.turn_events);
            self.start = None;
        }
    }

    fn note(&mut self, after: &Game, action: u32, event: &Event) {
        let happened = match event {
            Event::TileDiscarded { tile, .. } => {
                self.discarded.push(tile_id(*tile));
                return;
            }
            Event::TilePlaced {
                seat,
                tile,
                at,
                rotation,
            } => {
                self.turns.push(TurnEntry {
                    seat: *seat,
                    first_action: action,
                    tile: tile_id(*tile),
                    at: *at,
                    rotation: *rotation,
                    discarded: std::mem::take(&mut self.discarded),
                    events: Vec::new(),
                    scores: Vec::new(),
                    why: Vec::new(),
                });
                return;
            }
            Event::Scored(_) => {
                let line = self.scored;
                self.scored += 1;
                match &mut self.final_scoring {
                    Some(f) => f.scores.push(line),
                    None => {
                        if let Some(turn) = self.turns.last_mut() {
                            turn.scores.push(line);
                        }
                    }
                }
                return;
            }
            Event::FinalScoring { followers } => {
                self.final_scoring = Some(FinalScoringView {
                    followers: followers.clone(),
                    scores: Vec::new(),
                });
                return;
            }
            other => match turn_event(after, other) {
                Some(e) => e,
                None => return,
            },
        };
        if let Some(turn) = self.turns.last_mut() {
            turn.events.push(happened);
        }
    }

    /// The first action of the last turn a seat for which `is_person` holds played: where an
    /// undo of the last confirmed turn goes back to.
    pub fn last_turn_of(&self, is_person: impl Fn(u8) -> bool) -> Option<u32> {
        self.last_person_turn(is_person).map(|(_, first)| first)
    }

    /// The seat and first action of the last turn a seat for which `is_person` holds played.
    pub fn last_person_turn(&self, is_person: impl Fn(u8) -> bool) -> Option<(u8, u32)> {
        self.turns
            .iter()
            .rev()
            .find(|t| is_person(t.seat))
            .map(|t| (t.seat, t.first_action))
    }
}

fn turn_event(after: &Game, event: &Event) -> Option<TurnEvent> {
    Some(match *event {
        Event::FollowerDeployed {
            seat,
            at,
            feature,
            follower,
        } => TurnEvent::Deployed {
            seat,
            kind: follower,
            at,
            feature_kind: feature_kind(after, at, feature),
        },
        Event::FollowerRedeployed {
            seat,
            follower,
            from,
            at,
            feature,
        } => TurnEvent::Redeployed {
            seat,
            kind: follower,
            from,
            at,
            feature_kind: feature_kind(after, at, feature),
        },
        Event::CityDeployed {
            seat,
            follower,
            quarter,
        } => TurnEvent::EnteredCity {
            seat,
            kind: follower,
            quarter,
        },
        Event::CountMoved { quarter } => TurnEvent::CountMoved { quarter },
        Event::AbbotRecalled { seat, at } => TurnEvent::AbbotRecalled { seat, at },
        Event::KnightEscaped { seat, at } => TurnEvent::KnightEscaped { seat, at },
        Event::KingTaken { seat, tiles } => TurnEvent::KingTaken { seat, tiles },
        Event::RobberTaken { seat, tiles } => TurnEvent::RobberTaken { seat, tiles },
        _ => return None,
    })
}
