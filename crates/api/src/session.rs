//! A game being played: the engine's state, who sits where, and the bots of the bot seats.

use crate::error::ApiError;
use carcassonne_ai::{Bot, BotSpec};
use carcassonne_engine::{Action, Event, Game, Pos};

pub use carcassonne_table::SeatInfo;
use carcassonne_table::TurnLog;

pub struct Session {
    pub id: i64,
    pub game: Game,
    pub seats: Vec<SeatInfo>,
    /// Actions applied since the start (the view's `state`).
    pub actions: u32,
    pub last_placed: Option<Pos>,
    pub last_placed_by: Option<u8>,
    pub turns: TurnLog,
    bots: Vec<Option<Box<dyn Bot>>>,
}

impl Session {
    pub fn new(id: i64, game: Game, seats: Vec<SeatInfo>) -> Result<Session, ApiError> {
        let seed = game.seed();
        let bots = seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.bot {
                None => Ok(None),
                Some(name) => name
                    .parse::<BotSpec>()
                    .map(|spec| Some(spec.build(seed ^ (0xB07 + i as u64))))
                    .map_err(ApiError::bad_request),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Session {
            id,
            game,
            seats,
            actions: 0,
            last_placed: None,
            last_placed_by: None,
            turns: TurnLog::default(),
            bots,
        })
    }

    pub fn state(&self) -> u32 {
        self.actions
    }

    /// The table as the UI shows it.
    pub fn view(&self) -> crate::types::GameView {
        carcassonne_table::game_view(
            &self.game,
            &carcassonne_table::TableMeta {
                id: self.id,
                state: self.actions,
                seats: &self.seats,
                last_placed: self.last_placed,
                last_placed_by: self.last_placed_by,
                turns: &self.turns,
            },
        )
    }

    /// Applies an action on a copy; the caller commits it with [`Session::commit`] once the
    /// action is saved, so a failed save leaves the session as it was.
    pub fn try_apply(&self, seat: u8, action: &Action) -> Result<(Game, Vec<Event>), ApiError> {
        let mut next = self.game.clone();
        let events = next.apply(seat, action)?;
        Ok((next, events))
    }

    /// Applies what [`Session::try_apply`] returned; a bot's turn gets its reasons in the log.
    pub fn commit(&mut self, game: Game, events: &[Event]) {
        let by_bot = self
            .game
            .pending_seat()
            .and_then(|seat| self.seats.get(usize::from(seat)))
            .is_some_and(|s| s.bot.is_some());
        let before = by_bot.then_some(&self.game);
        self.turns.record_turn(before, &game, self.actions, events);
        self.game = game;
        self.actions += 1;
        for e in events {
            if let Event::TilePlaced { at, seat, .. } = e {
                self.last_placed = Some(*at);
                self.last_placed_by = Some(*seat);
            }
        }
    }

    /// The bot of the pending seat, if that seat is a bot's.
    pub fn pending_bot(&mut self) -> Option<&mut Box<dyn Bot>> {
        let seat = usize::from(self.game.pending_seat()?);
        self.bots.get_mut(seat)?.as_mut()
    }

    /// The bot that gives hints (the greedy bot), seeded from the game and the actions
    /// played: the same position gets the same advice.
    pub fn adviser(&self) -> Box<dyn Bot> {
        BotSpec::Greedy.build(self.game.seed() ^ u64::from(self.actions))
    }
}
