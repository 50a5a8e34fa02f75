//! The game part of the host: start and commitment, contributions, actions through the
//! engine, bots, the end and the reveal.

use super::{reject, ConnId, HostState, Outgoing, Role};
use crate::fair;
use crate::protocol::BotLevel;
use crate::protocol::{GameResult, HandOver, Phase, Reject, SeatKind, ServerMsg};
use carcassonne_ai::{Bot, Budget};
use carcassonne_engine::{Action, Game, PlayerSetup, Pos, Record, Seat, Setup};
use std::time::Duration;

/// The seed of the bot at `seat` in a game seeded `game_seed`: the same as pass-and-play's
/// (`crates/api`, `Session::new`), so a bot at a table decides as it would on one device.
pub fn bot_seed(game_seed: u64, seat: Seat) -> u64 {
    game_seed ^ (0xB07 + u64::from(seat))
}

/// A decision for a bot, to think off the host's task: the game as it stands, whose seat,
/// what level and how long. Its answer goes back as [`super::Incoming::BotMove`].
#[derive(Clone)]
pub struct BotJob {
    /// The state number the answer is for.
    pub state: u64,
    pub seat: Seat,
    pub level: BotLevel,
    pub seed: u64,
    /// Per decision; `None`: the level's whole search.
    pub think: Option<Duration>,
    pub game: Game,
}

impl BotJob {
    /// Thinks (as long as the level and `think` allow) and returns the action, or `None`
    /// when the game has no decision (never for a job the host gave).
    pub fn think(&self) -> Option<Action> {
        let budget = self.think.map_or_else(Budget::default, Budget::time);
        let mut bot = self.level.level().bot(self.seed);
        bot.choose(&self.game, budget).ok()
    }

    /// The message that hands the answer back to the host.
    pub fn answer(&self, action: Action) -> super::Incoming {
        super::Incoming::BotMove {
            state: self.state,
            seat: self.seat,
            action,
        }
    }
}

impl HostState {
    pub(super) fn start(&mut self, conn: ConnId, out: &mut Vec<Outgoing>) {
        if self.phase != Phase::Lobby {
            let phase = self.phase;
            return reject(out, conn, Reject::WrongPhase { phase });
        }
        if self.seats.iter().any(|s| s.kind == SeatKind::Empty) {
            return reject(out, conn, Reject::SeatsNotFilled);
        }
        let setup = Setup {
            players: self
                .seats
                .iter()
                .map(|s| PlayerSetup {
                    name: s.name.clone(),
                })
                .collect(),
            sets: self.sets.clone(),
            options: self.options.clone(),
            draw_order: Vec::new(),
            draw_order_only: false,
        };
        if let Err(error) = setup.validate() {
            return reject(out, conn, Reject::Setup { error });
        }
        for s in &mut self.seats {
            s.commit = None;
            s.contribution = None;
            s.forfeit = false;
        }
        self.reveal = false;
        self.setup = Some(setup.clone());
        self.phase = Phase::Drawing;
        self.state += 1;
        let msg = ServerMsg::Started {
            state: self.state,
            commitment: self.commitment_hex(),
            setup: Box::new(setup),
        };
        self.broadcast(out, &msg);
        self.maybe_reveal(out);
    }

    pub(super) fn commitment_hex(&self) -> String {
        fair::to_hex(&fair::commitment(&self.secret))
    }

    /// The seat of a player who may take part in the draw now, or the refusal.
    fn drawing_seat(&self, role: &Role) -> Result<usize, Reject> {
        let Role::Player(seat) = *role else {
            return Err(Reject::NotAPlayer);
        };
        if self.phase != Phase::Drawing {
            return Err(Reject::WrongPhase { phase: self.phase });
        }
        match self.seats.get(usize::from(seat)) {
            None => Err(Reject::NoSuchSeat { seat }),
            Some(s) if s.forfeit => Err(Reject::AlreadyContributed),
            Some(_) => Ok(usize::from(seat)),
        }
    }

    /// First round: a player commits to the hash of its contribution.
    pub(super) fn commit(
        &mut self,
        conn: ConnId,
        role: &Role,
        hash: &str,
        out: &mut Vec<Outgoing>,
    ) {
        let seat = match self.drawing_seat(role) {
            Ok(s) => s,
            Err(r) => return reject(out, conn, r),
        };
        if self.reveal {
            return reject(out, conn, Reject::CommitTooLate);
        }
        let Some(hash) = fair::from_hex32(hash) else {
            return reject(out, conn, Reject::BadContribution);
        };
        if self.seats[seat].commit.is_some() {
            return reject(out, conn, Reject::AlreadyContributed);
        }
        self.seats[seat].commit = Some(hash);
        self.maybe_reveal(out);
    }

    /// Second round: the contribution itself, which must match the commitment.
    pub(super) fn contribute(
        &mut self,
        conn: ConnId,
        role: &Role,
        contribution: &str,
        out: &mut Vec<Outgoing>,
    ) {
        let seat = match self.drawing_seat(role) {
            Ok(s) => s,
            Err(r) => return reject(out, conn, r),
        };
        if !self.reveal {
            return reject(out, conn, Reject::RevealTooEarly);
        }
        let Some(bytes) = fair::from_hex32(contribution) else {
            return reject(out, conn, Reject::BadContribution);
        };
        let slot = &mut self.seats[seat];
        if slot.contribution.is_some() {
            return reject(out, conn, Reject::AlreadyContributed);
        }
        if slot.commit != Some(fair::contribution_hash(&bytes)) {
            return reject(out, conn, Reject::RevealMismatch);
        }
        // Contributions stay with the host until all are in.
        slot.contribution = Some(bytes);
        self.maybe_begin(out);
    }

    /// The commitments of the seats that take part in the draw (`None` for the others). A
    /// seat handed to a bot after the game began keeps its commitment: its share is in the
    /// seed, and every client pinned it.
    pub(super) fn commitments_hex(&self) -> Vec<Option<String>> {
        self.seats
            .iter()
            .map(|s| s.commit.filter(|_| !s.forfeit).map(|c| fair::to_hex(&c)))
            .collect()
    }

    /// Once every share is committed, publishes the commitments and asks for the reveals.
    pub(super) fn maybe_reveal(&mut self, out: &mut Vec<Outgoing>) {
        if self.phase != Phase::Drawing || self.reveal {
            return;
        }
        if self
            .seats
            .iter()
            .any(|s| s.owes_share() && s.commit.is_none())
        {
            return;
        }
        self.reveal = true;
        self.state += 1;
        let msg = ServerMsg::RevealNow {
            state: self.state,
            commitments: self.commitments_hex(),
        };
        self.broadcast(out, &msg);
        self.maybe_begin(out);
    }

    /// Begins the game once every committed share is revealed (bots contribute nothing).
    pub(super) fn maybe_begin(&mut self, out: &mut Vec<Outgoing>) {
        if self.phase != Phase::Drawing || !self.reveal {
            return;
        }
        let waiting = self
            .seats
            .iter()
            .any(|s| s.owes_share() && s.contribution.is_none());
        if waiting {
            return;
        }
        let Some(setup) = self.setup.clone() else {
            return;
        };
        let contributions: Vec<_> = self
            .seats
            .iter()
            .map(|s| s.contribution.filter(|_| s.owes_share()))
            .collect();
        let seed = fair::derive_seed(&self.secret, &contributions);
        // The setup was validated at the start, so this cannot fail; if it did, stay put.
        let Ok(game) = Game::new(setup.clone(), seed) else {
            return;
        };
        self.record = Some(Record::new(setup, seed));
        self.game = Some(game);
        self.phase = Phase::Playing;
        self.state += 1;
        self.last_placed = None;
        self.turns = carcassonne_table::TurnLog::default();
        self.undone.clear();
        let contributions = self.contributions_hex();
        let pending = self.game.as_ref().and_then(Game::pending);
        let view = self.table_view().map(Box::new);
        for (&conn, c) in &self.conns {
            if c.role == Role::Pending {
                continue;
            }
            out.push(Outgoing::Send {
                conn,
                msg: ServerMsg::GameBegins {
                    state: self.state,
                    contributions: contributions.clone(),
                    pending: pending.clone(),
                    legal: self.legal_for(&c.role),
                    view: view.clone(),
                },
            });
        }
    }

    /// The shares in the seed, in seat order. Only a seat handed to a bot during the draw
    /// gives its share up (see `hand_to_bot`); one handed over after the game began keeps it,
    /// or the final check would miss a share the seed was made with.
    pub(super) fn contributions_hex(&self) -> Vec<Option<String>> {
        self.seats
            .iter()
            .map(|s| {
                s.contribution
                    .filter(|_| !s.forfeit)
                    .map(|c| fair::to_hex(&c))
            })
            .collect()
    }

    /// The seat of a player who may act now on state `state`, or why not.
    fn mover(&self, role: &Role, state: u64) -> Result<Seat, Reject> {
        let Role::Player(seat) = *role else {
            return Err(Reject::NotAPlayer);
        };
        if self.phase != Phase::Playing {
            return Err(Reject::WrongPhase { phase: self.phase });
        }
        if state != self.state {
            return Err(Reject::Stale {
                current: self.state,
                got: state,
            });
        }
        let expected = self.game.as_ref().and_then(Game::pending_seat);
        if expected != Some(seat) {
            return Err(Reject::NotYourTurn { expected });
        }
        Ok(seat)
    }

    pub(super) fn act(
        &mut self,
        conn: ConnId,
        role: &Role,
        state: u64,
        action: Action,
        out: &mut Vec<Outgoing>,
    ) {
        let seat = match self.mover(role, state) {
            Ok(seat) => seat,
            Err(r) => return reject(out, conn, r),
        };
        if let Err(error) = self.apply(seat, action, out) {
            reject(out, conn, Reject::Illegal { error });
        }
    }

    /// Applies through the engine, records, tells everyone; ends the game when it is over.
    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), carcassonne_engine::PlayError> {
        let by_bot = self.seat_is_bot(seat);
        let (Some(game), Some(record)) = (self.game.as_mut(), self.record.as_mut()) else {
            return Err(carcassonne_engine::PlayError::GameOver);
        };
        // A bot's turn gets its reasons in the log, read from the game before and after.
        let before = by_bot.then(|| game.clone());
        // Record first (it notes the tile drawn, which apply replaces), undo if refused.
        record.push(game, seat, action);
        let events = match game.apply(seat, &action) {
            Ok(events) => events,
            Err(e) => {
                record.actions.pop();
                return Err(e);
            }
        };
        let action_index = u32::try_from(record.actions.len() - 1).unwrap_or(u32::MAX);
        self.turns
            .record_turn(before.as_ref(), game, action_index, &events);
        self.state += 1;
        if let Action::Place { at, .. } = action {
            self.last_placed = Some((at, seat));
        }
        let pending = game.pending();
        let scores = game.scores().to_vec();
        let over = game.is_over();
        let view = self.table_view().map(Box::new);
        for (&conn, c) in &self.conns {
            if c.role == Role::Pending {
                continue;
            }
            out.push(Outgoing::Send {
                conn,
                msg: ServerMsg::Applied {
                    state: self.state,
                    seat,
                    action,
                    events: events.clone(),
                    pending: pending.clone(),
                    scores: scores.clone(),
                    legal: self.legal_for(&c.role),
                    view: view.clone(),
                },
            });
        }
        // The table moved on: a request to take back an earlier turn no longer stands.
        self.drop_undo(None, out);
        if over {
            self.finish(out);
        }
        Ok(())
    }

    /// The follower choices after a tentative placement by the seat that must act; nothing
    /// changes, and only the asking connection is answered.
    pub(super) fn preview(
        &mut self,
        conn: ConnId,
        role: &Role,
        state: u64,
        at: Pos,
        rotation: u8,
        out: &mut Vec<Outgoing>,
    ) {
        let seat = match self.mover(role, state) {
            Ok(seat) => seat,
            Err(r) => return reject(out, conn, r),
        };
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let seats = self.seat_infos();
        let choices = match carcassonne_table::preview::choices_after_placing(
            game, &seats, seat, at, rotation,
        ) {
            Ok(choices) => choices,
            Err(error) => return reject(out, conn, Reject::Illegal { error }),
        };
        out.push(Outgoing::Send {
            conn,
            msg: ServerMsg::Preview {
                state,
                at,
                rotation,
                choices,
            },
        });
    }

    /// The legal actions, for a connection whose seat must act now.
    pub(super) fn legal_for(&self, role: &Role) -> Vec<Action> {
        match (role, self.game.as_ref()) {
            (Role::Player(seat), Some(game))
                if self.phase == Phase::Playing && game.pending_seat() == Some(*seat) =>
            {
                game.legal_actions()
            }
            _ => Vec::new(),
        }
    }

    /// Whether `seat` is played by a bot now.
    pub(super) fn seat_is_bot(&self, seat: Seat) -> bool {
        self.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.kind == SeatKind::Bot)
    }

    /// The turn log of `record`, with reasons for the turns of the seats bots play now.
    pub(super) fn turn_log(
        &self,
        record: &carcassonne_engine::Record,
    ) -> Result<carcassonne_table::TurnLog, carcassonne_engine::RecordError> {
        carcassonne_table::TurnLog::from_record_explaining(record, |s| self.seat_is_bot(s))
    }

    /// The decision a bot must take now, if the table waits on a bot: the transport thinks it
    /// off its task and hands the answer back ([`super::Incoming::BotMove`]); the in-process
    /// tests think it at once.
    pub fn bot_job(&self) -> Option<BotJob> {
        if self.phase != Phase::Playing {
            return None;
        }
        let game = self.game.as_ref()?;
        let seat = game.pending_seat()?;
        let slot = self.seats.get(usize::from(seat))?;
        if slot.kind != SeatKind::Bot {
            return None;
        }
        Some(BotJob {
            state: self.state,
            seat,
            level: slot.level.unwrap_or(self.config.away_level),
            seed: bot_seed(game.seed(), seat),
            think: self.config.bot_think,
            game: game.clone(),
        })
    }

    /// A bot's answer: applied when the table has not moved since it was asked (same state,
    /// the same seat to act, still a bot's); otherwise it is dropped, and the transport asks
    /// again for the decision now pending.
    pub(super) fn bot_moved(
        &mut self,
        state: u64,
        seat: Seat,
        action: Action,
        out: &mut Vec<Outgoing>,
    ) {
        let current = self.bot_job().map(|j| (j.state, j.seat));
        if current != Some((state, seat)) {
            return;
        }
        // The engine listed this action, so it applies; a refusal changes nothing.
        let _ = self.apply(seat, action, out);
    }

    /// Hands a human seat to a bot (the token stays valid for taking it back), telling
    /// everyone why.
    pub(super) fn hand_to_bot(&mut self, seat: Seat, reason: HandOver, out: &mut Vec<Outgoing>) {
        let Some(slot) = self.seats.get_mut(usize::from(seat)) else {
            return;
        };
        slot.kind = SeatKind::Bot;
        slot.level = Some(self.config.away_level);
        if self.phase == Phase::Drawing {
            // Its share is dropped for this game, even if the player comes back: otherwise the
            // draw could wait for it again after the reveals began.
            slot.forfeit = true;
            slot.commit = None;
            slot.contribution = None;
        }
        self.state += 1;
        let msg = ServerMsg::SeatChanged {
            state: self.state,
            seat,
            kind: SeatKind::Bot,
            reason: Some(reason),
            name: None,
        };
        self.broadcast(out, &msg);
        self.undo_seat_left(seat, out);
        self.maybe_reveal(out);
        self.maybe_begin(out);
    }

    fn finish(&mut self, out: &mut Vec<Outgoing>) {
        let (Some(game), Some(record)) = (self.game.as_ref(), self.record.as_ref()) else {
            return;
        };
        let result = GameResult {
            record: record.clone(),
            scores: game.scores().to_vec(),
            secret: fair::to_hex(&self.secret),
            commitment: self.commitment_hex(),
            contributions: self.contributions_hex(),
        };
        self.phase = Phase::Over;
        self.state += 1;
        self.result = Some(result.clone());
        let msg = ServerMsg::GameOver {
            state: self.state,
            result: Box::new(result),
        };
        self.broadcast(out, &msg);
    }
}
