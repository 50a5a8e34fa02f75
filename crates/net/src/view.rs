//! What a client knows, built only from the host's messages: a pure fold over [`ServerMsg`]
//! used by the app, the phone page's logic (mirrored in JS) and the tests.
//!
//! It also watches the host: state numbers must follow each other with no gap, a snapshot after
//! a reconnection must extend what was seen live, and at the end [`ClientView::verify`] checks
//! the draws (see [`crate::fair`]).

use crate::fair::{self, FairnessError, Observed, Pins};
use crate::protocol::{
    ChatLine, GameResult, HandOver, LobbyView, Phase, Reject, SeatAskView, ServerMsg, Snapshot,
    Step, UndoAskView, UndoneView, You,
};
use carcassonne_engine::{Action, Decision, DecisionKind, RecordedAction, Seat, Setup};
use carcassonne_table::GameView;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq)]
pub struct ClientView {
    pub you: Option<You>,
    pub room: String,
    pub state: u64,
    pub phase: Phase,
    pub lobby: Option<LobbyView>,
    pub setup: Option<Setup>,
    pub commitment: Option<String>,
    pub contributions: Vec<Option<String>>,
    /// During the draw: which seats have committed and revealed (from the last snapshot).
    pub committed: Vec<bool>,
    pub contributed: Vec<bool>,
    /// The contributions' commitments, once the host asked for the reveals.
    pub commitments: Option<Vec<Option<String>>>,
    /// The draw step already sent on this connection (cleared by a snapshot).
    pub draw_sent: Option<DrawDuty>,
    /// What this client contributed (set by whoever sent it).
    pub my_contribution: Option<String>,
    /// Every action, as applied; each placement notes the tile shown live.
    pub history: Vec<RecordedAction>,
    pub pending: Option<Decision>,
    pub legal: Vec<Action>,
    pub scores: Vec<u32>,
    pub result: Option<GameResult>,
    pub chat: Vec<ChatLine>,
    pub rejections: Vec<Reject>,
    /// The first inconsistency seen in the host's messages (a gap, a rewritten history).
    pub desync: Option<Desync>,
    /// The draw's commitments and shares as first shown, for the whole game (see [`Pins`]).
    pub pins: Pins,
    /// Another connection took this seat over.
    pub superseded: bool,
    /// The host's operator removed this connection.
    pub removed: bool,
    /// The countdowns announced (seat, step, why, seconds), in order.
    pub countdowns: Vec<(Seat, Step, HandOver, u64)>,
    /// The seats handed to bots and why, in order.
    pub hand_overs: Vec<(Seat, HandOver)>,
    /// The table as the host last showed it.
    pub table: Option<GameView>,
    /// The undo request standing, as the host announced it.
    pub undo: Option<UndoAskView>,
    /// The turns taken back in this game, in order.
    pub undone: Vec<UndoneView>,
    /// Spectators' requests for a seat, standing.
    pub seat_asks: Vec<SeatAskView>,
}

impl Default for ClientView {
    fn default() -> Self {
        ClientView {
            you: None,
            room: String::new(),
            state: 0,
            phase: Phase::Lobby,
            lobby: None,
            setup: None,
            commitment: None,
            contributions: Vec::new(),
            committed: Vec::new(),
            contributed: Vec::new(),
            commitments: None,
            draw_sent: None,
            my_contribution: None,
            history: Vec::new(),
            pending: None,
            legal: Vec::new(),
            scores: Vec::new(),
            result: None,
            chat: Vec::new(),
            rejections: Vec::new(),
            desync: None,
            pins: Pins::default(),
            superseded: false,
            removed: false,
            countdowns: Vec::new(),
            hand_overs: Vec::new(),
            table: None,
            undo: None,
            undone: Vec::new(),
            seat_asks: Vec::new(),
        }
    }
}

impl ClientView {
    pub fn seat(&self) -> Option<Seat> {
        match self.you {
            Some(You::Player { seat, .. }) => Some(seat),
            _ => None,
        }
    }

    pub fn token(&self) -> Option<&str> {
        match &self.you {
            Some(You::Player { token, .. }) => Some(token),
            _ => None,
        }
    }

    /// Whether this client must act now (the host sent its legal actions).
    pub fn my_turn(&self) -> bool {
        self.phase == Phase::Playing
            && self.seat().is_some()
            && self.pending.as_ref().map(|d| d.seat) == self.seat()
            && !self.legal.is_empty()
    }

    /// What this player owes the draw now (from what the host said and what was already
    /// sent), if anything.
    pub fn draw_duty(&self) -> Option<DrawDuty> {
        let seat = usize::from(self.seat()?);
        if self.phase != Phase::Drawing {
            return None;
        }
        let duty = match &self.commitments {
            None => (self.committed.get(seat) != Some(&true)).then_some(DrawDuty::Commit),
            // Only seats whose commitment was published reveal (a forfeited seat does not).
            Some(c) => (c.get(seat).is_some_and(Option::is_some)
                && self.contributed.get(seat) != Some(&true))
            .then_some(DrawDuty::Reveal),
        };
        duty.filter(|d| self.draw_sent != Some(*d))
    }

    /// Folds one message in.
    pub fn on(&mut self, msg: &ServerMsg) {
        match msg {
            ServerMsg::Welcome { you, snapshot } => {
                self.you = Some(you.clone());
                self.load(snapshot);
            }
            ServerMsg::Snapshot { snapshot } => self.load(snapshot),
            ServerMsg::Lobby { state, lobby } => {
                self.step(*state);
                self.lobby = Some(lobby.clone());
            }
            ServerMsg::Started {
                state,
                commitment,
                setup,
            } => {
                self.step(*state);
                self.phase = Phase::Drawing;
                self.pins.commitment(commitment);
                self.commitment = Some(commitment.clone());
                self.setup = Some((**setup).clone());
            }
            ServerMsg::RevealNow { state, commitments } => {
                self.step(*state);
                self.pins.commitments(commitments);
                self.commitments = Some(commitments.clone());
            }
            ServerMsg::GameBegins {
                state,
                contributions,
                pending,
                legal,
                view,
            } => {
                self.step(*state);
                self.table = view.as_deref().cloned();
                self.phase = Phase::Playing;
                self.pins.contributions(contributions);
                self.contributions = contributions.clone();
                self.pending = pending.clone();
                self.legal = legal.clone();
            }
            ServerMsg::Applied {
                state,
                seat,
                action,
                events: _,
                pending,
                scores,
                legal,
                view,
            } => {
                self.step(*state);
                self.table = view.as_deref().cloned();
                let tile = match (self.pending.as_ref().map(|d| &d.kind), action) {
                    (Some(DecisionKind::PlaceTile { tile }), Action::Place { .. }) => Some(*tile),
                    _ => None,
                };
                self.history.push(RecordedAction {
                    seat: *seat,
                    action: *action,
                    tile,
                });
                self.pending = pending.clone();
                self.scores = scores.clone();
                self.legal = legal.clone();
            }
            ServerMsg::GameOver { state, result } => {
                self.step(*state);
                self.phase = Phase::Over;
                self.pending = None;
                self.legal.clear();
                self.scores = result.scores.clone();
                self.pins.commitment(&result.commitment);
                self.result = Some((**result).clone());
            }
            ServerMsg::SeatChanged {
                state,
                seat,
                kind,
                reason,
                name,
            } => {
                self.step(*state);
                if let Some(reason) = reason {
                    self.hand_overs.push((*seat, *reason));
                }
                if let Some(s) = self
                    .lobby
                    .as_mut()
                    .and_then(|l| l.seats.get_mut(usize::from(*seat)))
                {
                    s.kind = *kind;
                    if let Some(name) = name {
                        s.name.clone_from(name);
                    }
                }
            }
            ServerMsg::SeatAsked { id, name, seat } => self.seat_asks.push(SeatAskView {
                id: *id,
                name: name.clone(),
                seat: *seat,
            }),
            ServerMsg::SeatAskEnded { id, .. } => self.seat_asks.retain(|a| a.id != *id),
            ServerMsg::Presence { seat, connected } => {
                if let Some(s) = self
                    .lobby
                    .as_mut()
                    .and_then(|l| l.seats.get_mut(usize::from(*seat)))
                {
                    s.connected = *connected;
                }
            }
            ServerMsg::Chat { from, text } => self.chat.push(ChatLine {
                from: from.clone(),
                text: text.clone(),
            }),
            ServerMsg::Emote { .. } => {}
            ServerMsg::Rejected { reason } => self.rejections.push(reason.clone()),
            ServerMsg::Superseded => self.superseded = true,
            ServerMsg::Removed => self.removed = true,
            ServerMsg::Countdown {
                seat,
                step,
                reason,
                seconds,
            } => self.countdowns.push((*seat, *step, *reason, *seconds)),
            ServerMsg::Preview { .. } => {}
            ServerMsg::UndoAsked { seat, waiting } => {
                self.undo = Some(UndoAskView {
                    seat: *seat,
                    waiting: waiting.clone(),
                });
            }
            ServerMsg::UndoDropped { .. } => self.undo = None,
            ServerMsg::Undone {
                state,
                seat,
                kept,
                pending,
                scores,
                legal,
                view,
            } => {
                self.step(*state);
                self.take_back(*seat, *kept);
                self.table = view.as_deref().cloned();
                self.pending = pending.clone();
                self.scores = scores.clone();
                self.legal = legal.clone();
            }
        }
    }

    /// Cuts the history seen at `kept` actions: only for the request everyone was shown
    /// (a host cannot rewrite the game by calling it an undo).
    fn take_back(&mut self, seat: Seat, kept: u32) {
        let announced = self.undo.take().is_some_and(|u| u.seat == seat);
        let kept_len = usize::try_from(kept).unwrap_or(usize::MAX);
        if (!announced || kept_len > self.history.len()) && self.desync.is_none() {
            self.desync = Some(Desync::UnannouncedUndo {
                kept,
                seen: self.history.len(),
            });
        }
        self.history.truncate(kept_len);
        self.undone.push(UndoneView { seat, kept });
    }

    /// State numbers go up by exactly one per broadcast change.
    fn step(&mut self, state: u64) {
        if state != self.state + 1 && self.desync.is_none() {
            self.desync = Some(Desync::StateGap {
                state,
                after: self.state,
            });
        }
        self.state = state;
    }

    fn load(&mut self, s: &Snapshot) {
        // Turns taken back while this client was away cut what it saw, as they would have live.
        for u in s.undone.iter().skip(self.undone.len()) {
            self.history
                .truncate(usize::try_from(u.kept).unwrap_or(usize::MAX));
        }
        if s.undone.len() >= self.undone.len() {
            self.undone = s.undone.clone();
        }
        // What was seen live must be a prefix of the host's history: nothing lost or rewritten.
        let seen = self.history.len();
        if s.history.get(..seen) != Some(&self.history[..]) && self.desync.is_none() {
            self.desync = Some(Desync::HistoryRewritten {
                actions: s.history.len(),
                seen,
            });
        }
        if s.state < self.state && self.desync.is_none() {
            self.desync = Some(Desync::SnapshotBehind {
                state: s.state,
                after: self.state,
            });
        }
        self.pin(s);
        self.room = s.room.clone();
        self.state = s.state;
        self.phase = s.phase;
        self.lobby = Some(s.lobby.clone());
        self.setup = s.setup.clone();
        self.commitment = s.commitment.clone();
        self.contributions = s.contributions.clone();
        self.committed = s.committed.clone();
        self.contributed = s.contributed.clone();
        self.commitments = s.commitments.clone();
        self.draw_sent = None;
        self.history = s.history.clone();
        self.pending = s.pending.clone();
        self.scores = s.scores.clone();
        self.legal = s.legal.clone();
        self.result = s.result.clone();
        self.chat = s.chat.clone();
        self.table = s.view.clone();
        self.undo = s.undo.clone();
        self.seat_asks = s.seat_asks.clone();
        for c in &s.countdowns {
            self.countdowns.push((c.seat, c.step, c.reason, c.seconds));
        }
    }

    /// A snapshot's commitments and shares against the ones first seen.
    fn pin(&mut self, s: &Snapshot) {
        if let Some(c) = &s.commitment {
            self.pins.commitment(c);
        }
        if let Some(c) = &s.commitments {
            self.pins.commitments(c);
        }
        // The shares are shown once the game began (none before).
        if s.setup.is_some() && matches!(s.phase, Phase::Playing | Phase::Over) {
            self.pins.contributions(&s.contributions);
        }
        if let Some(r) = &s.result {
            self.pins.commitment(&r.commitment);
        }
    }

    /// What this client saw, for the fairness check: the commitments and shares as first
    /// shown (the pins), not as the host repeats them later.
    pub fn observed(&self) -> Observed {
        Observed {
            commitment: self.pins.commitment.clone().unwrap_or_default(),
            commitments: self.pins.commitments.clone(),
            contributions: self
                .pins
                .contributions
                .clone()
                .unwrap_or_else(|| self.contributions.clone()),
            mine: match (self.seat(), &self.my_contribution) {
                (Some(seat), Some(c)) => Some((usize::from(seat), c.clone())),
                _ => None,
            },
            placed: self.history.iter().filter_map(|a| a.tile).collect(),
        }
    }

    /// After the game: the host never showed other commitments or shares than the first
    /// ones, its messages followed each other, its secret matches its commitment, the
    /// contributions are the ones announced, the record's seed follows from them and
    /// replaying it draws what was shown, and the record holds exactly the actions seen.
    ///
    /// # Errors
    /// The first check that fails.
    pub fn verify(&self) -> Result<(), VerifyError> {
        if let Some(reason) = &self.pins.broken {
            return Err(VerifyError::Unfair {
                reason: reason.clone(),
            });
        }
        if let Some(desync) = &self.desync {
            return Err(VerifyError::Desync {
                desync: desync.clone(),
            });
        }
        let Some(result) = &self.result else {
            return Err(VerifyError::NotOver);
        };
        let observed = self.observed();
        fair::check_finished(
            &observed,
            &result.contributions,
            &result.secret,
            &result.record,
        )?;
        if result.record.actions != self.history {
            return Err(VerifyError::HistoryDiffers);
        }
        Ok(())
    }
}

/// The two rounds of the fair draw, from a player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawDuty {
    /// Send the hash of a fresh contribution.
    Commit,
    /// Send the contribution committed to.
    Reveal,
}

/// Why [`ClientView::verify`] failed: facts, for the UI to put into words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanCheckProblem"))]
#[serde(tag = "check", rename_all = "snake_case")]
pub enum VerifyError {
    NotOver,
    /// The draws do not check out.
    Unfair {
        reason: FairnessError,
    },
    /// The final record is not the actions this client saw applied.
    HistoryDiffers,
    /// The host's messages did not follow each other.
    Desync {
        desync: Desync,
    },
}

impl From<FairnessError> for VerifyError {
    fn from(reason: FairnessError) -> Self {
        VerifyError::Unfair { reason }
    }
}

/// An inconsistency in the host's messages, as a client sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LanDesync"))]
#[serde(tag = "desync", rename_all = "snake_case")]
pub enum Desync {
    /// State `state` came right after `after`: numbers go up by exactly one.
    StateGap { state: u64, after: u64 },
    /// A snapshot of state `state`, older than the `after` already seen.
    SnapshotBehind { state: u64, after: u64 },
    /// A snapshot whose history (`actions` long) does not extend the `seen` actions.
    HistoryRewritten { actions: usize, seen: usize },
    /// The host took the game back to `kept` of the `seen` actions without a request for it
    /// shown first.
    UnannouncedUndo { kept: u32, seen: usize },
}
