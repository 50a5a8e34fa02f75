//! The table's clock: nobody can hold a table by staying connected and silent. A seat the
//! table waits on (its turn, or its share at the draw's commit or reveal step) past the host's
//! turn timer, or one the host's operator gives away, is first announced to everyone with a
//! `countdown` of the grace period, then handed to a bot if it still has not acted.

use super::{HostState, Outgoing};
use crate::protocol::{CountdownView, HandOver, Phase, SeatKind, ServerMsg, Step};
use carcassonne_engine::{Game, Seat};
use std::collections::BTreeMap;
use std::time::Duration;

/// What the table waits for, as the clock sees it: a new value restarts the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Waiting {
    /// A seat's move: the clock runs for the seat's whole turn, all its decisions, from the
    /// first action after another seat's (its index in the record). The bots' turns in
    /// between mean the next turn is a new one, even when the same seat is to act.
    Turn(Seat, usize),
    /// Shares at the draw's first or second round.
    Commit,
    Reveal,
}

impl Waiting {
    fn step(self) -> Step {
        match self {
            Waiting::Turn(..) => Step::Turn,
            Waiting::Commit => Step::Commit,
            Waiting::Reveal => Step::Reveal,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub(super) struct Clock {
    /// What the table waits for, and since when.
    waiting: Option<(Waiting, Duration)>,
    /// The hand-overs announced: by seat, when it is due and why.
    deadlines: BTreeMap<Seat, (Duration, HandOver)>,
    /// The time of the last event (for the seconds left a snapshot shows).
    pub(super) now: Duration,
}

impl Clock {
    /// The countdowns running, with the seconds left.
    pub(super) fn countdowns(&self) -> Vec<CountdownView> {
        let Some((what, _)) = self.waiting else {
            return Vec::new();
        };
        self.deadlines
            .iter()
            .map(|(&seat, &(at, reason))| CountdownView {
                seat,
                step: what.step(),
                reason,
                seconds: ceil_secs(at.saturating_sub(self.now)),
            })
            .collect()
    }
}

/// Whole seconds, rounded up (what a countdown shows).
fn ceil_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

impl HostState {
    /// What the table waits for now and from which human seats (bots never keep it waiting).
    fn waiting(&self) -> Option<(Waiting, Vec<Seat>)> {
        let human = |s: usize| self.seats.get(s).map(|s| s.kind) == Some(SeatKind::Human);
        match self.phase {
            Phase::Drawing => {
                let (what, owes): (Waiting, fn(&super::SeatSlot) -> bool) = if self.reveal {
                    (Waiting::Reveal, |s| s.contribution.is_none())
                } else {
                    (Waiting::Commit, |s| s.commit.is_none())
                };
                let seats = (0..self.seats.len())
                    .filter(|&i| self.seats[i].owes_share() && owes(&self.seats[i]))
                    .map(|i| i as Seat)
                    .collect();
                Some((what, seats))
            }
            Phase::Playing => {
                let seat = self.game.as_ref().and_then(Game::pending_seat)?;
                let actions = self.record.as_ref().map_or(&[][..], |r| &r.actions[..]);
                let began = actions
                    .iter()
                    .rposition(|a| a.seat != seat)
                    .map_or(0, |i| i + 1);
                human(usize::from(seat)).then(|| (Waiting::Turn(seat, began), vec![seat]))
            }
            Phase::Lobby | Phase::Over => None,
        }
    }

    /// Restarts the clock when what the table waits for changed, and forgets the countdowns
    /// of seats it no longer waits on. Returns what it waits for now.
    fn sync_clock(&mut self, now: Duration) -> Option<(Waiting, Vec<Seat>)> {
        let current = self.waiting();
        let what = current.as_ref().map(|(w, _)| *w);
        if self.clock.waiting.map(|(w, _)| w) != what {
            self.clock.waiting = what.map(|w| (w, now));
            self.clock.deadlines.clear();
        }
        let seats = current.as_ref().map(|(_, s)| s.as_slice()).unwrap_or(&[]);
        self.clock.deadlines.retain(|s, _| seats.contains(s));
        current
    }

    /// After every message and tick: restarts the clock on a new step, announces the
    /// countdowns of seats past the turn timer, and hands over those whose countdown ended.
    pub(super) fn watch_clock(&mut self, now: Duration, out: &mut Vec<Outgoing>) {
        let Some((what, seats)) = self.sync_clock(now) else {
            return;
        };
        let since = self.clock.waiting.map_or(now, |(_, t)| t);
        if let Some(timer) = self.config.turn_timer {
            if now.saturating_sub(since) >= timer {
                for &seat in &seats {
                    if !self.clock.deadlines.contains_key(&seat) {
                        self.announce(seat, what.step(), HandOver::Timer, now, out);
                    }
                }
            }
        }
        let due: Vec<(Seat, HandOver)> = self
            .clock
            .deadlines
            .iter()
            .filter(|(_, (at, _))| now >= *at)
            .map(|(&seat, &(_, reason))| (seat, reason))
            .collect();
        for (seat, reason) in due {
            // A hand-over may end the draw or let bots end the game: ask again each time.
            if self.waiting().is_some_and(|(_, s)| s.contains(&seat)) {
                self.hand_to_bot(seat, reason, out);
            }
        }
        // The step the hand-overs led to starts its clock now.
        self.sync_clock(now);
    }

    /// Tells everyone that `seat` goes to a bot after the grace period unless it acts.
    fn announce(
        &mut self,
        seat: Seat,
        step: Step,
        reason: HandOver,
        now: Duration,
        out: &mut Vec<Outgoing>,
    ) {
        let grace = self.config.bot_grace;
        self.clock.deadlines.insert(seat, (now + grace, reason));
        let msg = ServerMsg::Countdown {
            seat,
            step,
            reason,
            seconds: ceil_secs(grace),
        };
        self.broadcast(out, &msg);
    }

    /// The host's operator gives away a connected seat: only one the table waits on, and
    /// only after a countdown everyone sees. `Err` is the refusal.
    pub(super) fn give_away_connected(
        &mut self,
        seat: Seat,
        now: Duration,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), crate::protocol::Reject> {
        let Some((what, seats)) = self.sync_clock(now) else {
            return Err(crate::protocol::Reject::SeatTaken { seat });
        };
        if !seats.contains(&seat) {
            return Err(crate::protocol::Reject::SeatTaken { seat });
        }
        match self.clock.deadlines.get(&seat) {
            None => {
                self.announce(seat, what.step(), HandOver::Host, now, out);
                Ok(())
            }
            Some(&(at, _)) if now >= at => {
                self.hand_to_bot(seat, HandOver::Host, out);
                Ok(())
            }
            Some(&(at, _)) => Err(crate::protocol::Reject::NotAwayLongEnough {
                seat,
                seconds_left: ceil_secs(at - now),
            }),
        }
    }
}
