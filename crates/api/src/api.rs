//! The handlers: one method per command, each a plain function of the request, so they run
//! the same under Tauri, under the UI test server and in tests.

use crate::error::{ApiError, Missing, SetupProblem};
#[cfg(feature = "lan")]
use crate::lan;
use crate::session::{SeatInfo, Session};
use crate::settings::SettingsBackend;
use crate::types::*;
use carcassonne_ai::{Bot, Budget};
use carcassonne_engine::{score, Action, Game, PlayerSetup, Rng, Setup};
use carcassonne_store::{NewGame, Player, Recovery, SeatEntry, Store};
use std::collections::HashMap;
use std::time::Duration;

/// The longest a bot thinks over one decision in the app: its level's work where the
/// machine does it in time (a desktop nearly always), less on a slow phone, so a table
/// never waits on a bot.
pub const BOT_THINKING_TIME: Duration = Duration::from_secs(1);

/// Seat colours offered by default, in order.
pub use carcassonne_table::COLOURS;

pub struct Api {
    pub(crate) store: Store,
    settings: Box<dyn SettingsBackend>,
    pub(crate) sessions: HashMap<i64, Session>,
    recovery: Option<Recovery>,
    #[cfg(feature = "lan")]
    hosting: Option<lan::Hosting>,
    /// Tables listen on 127.0.0.1 only and are not advertised (tests).
    #[cfg(feature = "lan")]
    lan_loopback_only: bool,
    /// The UI's files, served to the browsers at a table this app hosts.
    #[cfg(feature = "lan")]
    ui_files: Option<carcassonne_net::transport::Assets>,
    /// This app's connections to tables (its own or others').
    #[cfg(feature = "lan")]
    links: crate::lan_link::Links,
    /// Where the table this app hosts is kept while its game lasts.
    #[cfg(feature = "lan")]
    table_save: Option<std::path::PathBuf>,
    /// Points by category of finished games, replayed once for the statistics.
    pub(crate) category_cache: HashMap<i64, Vec<carcassonne_engine::score::CategoryTotals>>,
}

pub(crate) fn now() -> i64 {
    i64::try_from(carcassonne_clock::unix_ms() / 1000).unwrap_or(i64::MAX)
}

/// Refuses an action taken on an out-of-date view.
fn check_state(s: &Session, state: u32) -> Result<(), ApiError> {
    if state == s.state() {
        return Ok(());
    }
    Err(ApiError::StaleState {
        expected: s.state(),
        got: state,
    })
}

impl Api {
    pub fn new(store: Store, settings: Box<dyn SettingsBackend>) -> Api {
        Api {
            store,
            settings,
            sessions: HashMap::new(),
            category_cache: HashMap::new(),
            recovery: None,
            #[cfg(feature = "lan")]
            hosting: None,
            #[cfg(feature = "lan")]
            ui_files: None,
            #[cfg(feature = "lan")]
            links: crate::lan_link::Links::default(),
            #[cfg(feature = "lan")]
            lan_loopback_only: false,
            #[cfg(feature = "lan")]
            table_save: None,
        }
    }

    /// What was recovered when the store could not be opened as it was (see
    /// [`Store::open_or_recover`]): told to the player until dismissed.
    pub fn set_store_recovery(&mut self, recovery: Option<Recovery>) {
        self.recovery = recovery;
    }

    pub fn store_recovery(&self) -> Option<Recovery> {
        self.recovery.clone()
    }

    pub fn dismiss_recovery(&mut self) {
        self.recovery = None;
    }

    /// The store, for a host that keeps it itself (a web page saves its image).
    pub fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }

    /// Keep hosted tables in this file (the app's data folder) from now on, so a table
    /// outlives the app quitting or crashing.
    #[cfg(feature = "lan")]
    pub fn set_table_save_path(&mut self, path: std::path::PathBuf) {
        self.table_save = Some(path);
    }

    pub fn app_info(&self) -> AppInfo {
        carcassonne_table::catalogue::app_info()
    }

    pub fn tiles(&self) -> Result<Vec<TileInfo>, ApiError> {
        carcassonne_table::catalogue::tiles().map_err(|e| ApiError::bad_request(e.to_string()))
    }

    pub fn profiles(&self) -> Result<Vec<ProfileCard>, ApiError> {
        let mut out = Vec::new();
        for profile in self.store.profiles()? {
            let stats = self.store.stats(profile.id)?;
            out.push(ProfileCard { profile, stats });
        }
        Ok(out)
    }

    pub fn create_profile(&mut self, req: ProfileRequest) -> Result<Profile, ApiError> {
        Ok(self.store.create_profile(&req.name, &req.colour, now())?)
    }

    pub fn update_profile(&mut self, req: UpdateProfileRequest) -> Result<Profile, ApiError> {
        Ok(self.store.update_profile(req.id, &req.name, &req.colour)?)
    }

    pub fn delete_profile(&mut self, id: i64) -> Result<(), ApiError> {
        Ok(self.store.delete_profile(id)?)
    }

    /// The seats and engine setup a request describes, or every problem with it.
    pub(crate) fn resolve(
        &self,
        req: &NewGameRequest,
    ) -> Result<(Setup, Vec<SeatInfo>, u64), Vec<SetupProblem>> {
        let mut problems = Vec::new();
        let profiles = self
            .store
            .profiles()
            .map_err(|error| vec![SetupProblem::Store { error }])?;
        let info = self.app_info();
        let mut seats = Vec::new();
        for (i, s) in req.seats.iter().enumerate() {
            match s {
                SeatRequest::Human { profile } => {
                    match profiles.iter().find(|p| p.id == *profile) {
                        Some(p) => {
                            if seats.iter().any(|x: &SeatInfo| x.profile == Some(p.id)) {
                                problems.push(SetupProblem::SeatedTwice {
                                    name: p.name.clone(),
                                });
                            }
                            seats.push(SeatInfo {
                                name: p.name.clone(),
                                colour: p.colour.clone(),
                                bot: None,
                                profile: Some(p.id),
                            })
                        }
                        None => problems.push(SetupProblem::NoSuchProfile { seat: i }),
                    }
                }
                SeatRequest::Guest { name, colour } => {
                    match carcassonne_store::checked_name(name) {
                        Ok(name) => {
                            if seats.iter().any(|x: &SeatInfo| {
                                x.bot.is_none() && x.name.to_lowercase() == name.to_lowercase()
                            }) {
                                problems.push(SetupProblem::SeatedTwice { name: name.clone() });
                            }
                            seats.push(SeatInfo {
                                name,
                                colour: colour.clone(),
                                bot: None,
                                profile: None,
                            })
                        }
                        Err(reason) => problems.push(SetupProblem::GuestName { seat: i, reason }),
                    }
                }
                SeatRequest::Bot { bot, colour } => match info.bots.iter().find(|b| &b.id == bot) {
                    Some(b) => {
                        let n = seats.iter().filter(|x| x.bot.is_some()).count() + 1;
                        seats.push(SeatInfo {
                            name: format!("{} bot {n}", b.name),
                            colour: colour.clone(),
                            bot: Some(b.id.clone()),
                            profile: None,
                        })
                    }
                    None => problems.push(SetupProblem::UnknownBot {
                        seat: i,
                        bot: bot.clone(),
                    }),
                },
            }
        }
        for (i, s) in seats.iter().enumerate() {
            if seats[..i]
                .iter()
                .any(|t| t.colour.eq_ignore_ascii_case(&s.colour))
            {
                problems.push(SetupProblem::SameColour {
                    name: s.name.clone(),
                });
            }
        }
        let seed = req.seed.unwrap_or_else(|| {
            // The calendar's milliseconds and a count of games set up: two games set up in
            // the same millisecond still get different seeds.
            static SET_UP: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
            let n = SET_UP.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let ms = carcassonne_clock::unix_ms();
            Rng::new(ms.rotate_left(20) ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED).next_u64()
        });
        if req.order == SeatOrder::Random {
            let mut rng = Rng::new(seed ^ 0x0DE5);
            for i in (1..seats.len()).rev() {
                let j = rng.below(i as u32 + 1) as usize;
                seats.swap(i, j);
            }
        }
        let setup = Setup {
            players: seats
                .iter()
                .map(|s| PlayerSetup {
                    name: s.name.clone(),
                })
                .collect(),
            sets: req.sets.clone(),
            options: req.options.clone(),
            draw_order: Vec::new(),
            draw_order_only: false,
        };
        problems.extend(
            setup
                .problems()
                .into_iter()
                .map(|error| SetupProblem::Setup { error }),
        );
        if problems.is_empty() {
            Ok((setup, seats, seed))
        } else {
            Err(problems)
        }
    }

    pub fn check_setup(&self, req: &NewGameRequest) -> SetupCheck {
        match self.resolve(req) {
            Ok(_) => SetupCheck {
                ok: true,
                problems: Vec::new(),
            },
            Err(problems) => SetupCheck {
                ok: false,
                problems,
            },
        }
    }

    pub fn new_game(&mut self, req: NewGameRequest) -> Result<GameView, ApiError> {
        let (setup, seats, seed) = self
            .resolve(&req)
            .map_err(|problems| ApiError::InvalidSetup { problems })?;
        let view = self.start_game(setup, seed, seats)?;
        let mut settings = self.settings.load().unwrap_or_default();
        settings.last_setup = Some(NewGameRequest { seed: None, ..req });
        // The game is saved already; failing to remember the setup must not lose it.
        let _ = self.settings.save(&settings);
        Ok(view)
    }

    /// Creates, saves and opens a game of a checked setup.
    pub(crate) fn start_game(
        &mut self,
        setup: Setup,
        seed: u64,
        seats: Vec<SeatInfo>,
    ) -> Result<GameView, ApiError> {
        let game = Game::new(setup.clone(), seed)?;
        let setup_json =
            serde_json::to_string(&setup).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let new = NewGame {
            setup: setup_json,
            seed,
            seats: seat_entries(&seats),
        };
        let id = self.store.create_game(&new, now())?;
        let session = Session::new(id, game, seats)?;
        let view = session.view();
        self.sessions.insert(id, session);
        Ok(view)
    }

    /// The games to continue from Home: every unfinished one but the tutorial (Home offers
    /// to resume it on its own).
    pub fn unfinished_games(&self) -> Result<Vec<GameSummary>, ApiError> {
        let tutorials = self.unfinished_tutorials()?;
        let mut games = self.store.unfinished_games()?;
        games.retain(|g| !tutorials.contains(&g.id));
        Ok(games)
    }

    /// Loads a saved game by replaying its actions (unless it is open already).
    pub(crate) fn session(&mut self, id: i64) -> Result<&mut Session, ApiError> {
        if !self.sessions.contains_key(&id) {
            let session = self.load(id)?;
            self.sessions.insert(id, session);
        }
        self.sessions
            .get_mut(&id)
            .ok_or_else(|| ApiError::not_found(Missing::Game, id))
    }

    fn load(&self, id: i64) -> Result<Session, ApiError> {
        let saved = self.store.load_game(id)?;
        replay_saved(&saved, |_| ())
    }

    pub fn open_game(&mut self, req: GameRequest) -> Result<GameView, ApiError> {
        self.sessions.remove(&req.game);
        let s = self.session(req.game)?;
        Ok(s.view())
    }

    pub fn game_view(&mut self, req: GameRequest) -> Result<GameView, ApiError> {
        Ok(self.session(req.game)?.view())
    }

    pub fn play(&mut self, req: PlayRequest) -> Result<PlayResult, ApiError> {
        let s = self.session(req.game)?;
        check_state(s, req.state)?;
        if crate::tutorial::is_tutorial(s.game.setup()) {
            crate::tutorial::check(s.game.turn() as usize, &req.action)?;
        }
        self.apply(req.game, req.seat, req.action)
    }

    /// Applies, saves, then commits: the action is on disk before anyone sees its result.
    fn apply(
        &mut self,
        id: i64,
        seat: u8,
        action: carcassonne_engine::Action,
    ) -> Result<PlayResult, ApiError> {
        let s = self.session(id)?;
        let (next, events) = s.try_apply(seat, &action)?;
        let index = s.state();
        let json =
            serde_json::to_string(&action).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let over = next.is_over();
        let scores = next.scores().to_vec();
        self.store.append_action(id, index, seat, &json, now())?;
        if over {
            let winners = score::standings(&scores)
                .into_iter()
                .next()
                .map(|(_, w)| w)
                .unwrap_or_default();
            self.store.finish_game(id, &scores, &winners, now())?;
        }
        let s = self.session(id)?;
        s.commit(next, &events);
        Ok(PlayResult {
            events,
            view: s.view(),
        })
    }

    /// What the pending seat could do after placing the drawn tile at `at`, turned
    /// `rotation` — nothing is applied or saved: the UI shows the follower spots of a
    /// tentative placement, and the player may still take it back.
    pub fn preview(&mut self, req: PreviewRequest) -> Result<PreviewView, ApiError> {
        let s = self.session(req.game)?;
        check_state(s, req.state)?;
        let seat = s.game.pending_seat().ok_or(ApiError::GameOver)?;
        let choices = carcassonne_table::preview::choices_after_placing(
            &s.game,
            &s.seats,
            seat,
            req.at,
            req.rotation,
        )?;
        Ok(PreviewView { choices })
    }

    /// Lets the bot of the pending seat play one action.
    pub fn bot_move(&mut self, req: GameRequest) -> Result<PlayResult, ApiError> {
        let s = self.session(req.game)?;
        let Some(seat) = s.game.pending_seat() else {
            return Err(ApiError::GameOver);
        };
        let game = s.game.clone();
        if crate::tutorial::is_tutorial(game.setup()) && s.pending_bot().is_some() {
            // the scripted opponent plays its script
            let placing = matches!(game.phase(), carcassonne_engine::Phase::Place { .. });
            let (_, action) = crate::tutorial::expected(game.turn() as usize, placing)?;
            return self.apply(req.game, seat, action);
        }
        let Some(bot) = s.pending_bot() else {
            return Err(ApiError::NotABotTurn);
        };
        let action = bot
            .choose(&game, Budget::time(BOT_THINKING_TIME))
            .map_err(|_| ApiError::GameOver)?;
        self.apply(req.game, seat, action)
    }

    /// The pending seat's whole turn as the greedy bot would play it (learning aids): the
    /// placement, then the follower decision after it, and why (the engine's facts after
    /// playing it on a copy). Nothing is applied or saved.
    pub fn hint(&mut self, req: GameRequest) -> Result<Hint, ApiError> {
        let s = self.session(req.game)?;
        let seat = s.game.pending_seat().ok_or(ApiError::GameOver)?;
        let mut adviser = s.adviser();
        let first = adviser
            .think(&s.game, Budget::default())
            .map_err(|_| ApiError::GameOver)?;
        let value = first.candidates.first().map_or(0.0, |c| c.value);
        let mut after = s.game.clone();
        let mut events = after.apply(seat, &first.action)?;
        let mut actions = vec![first.action];
        let Action::Place { at, rotation } = first.action else {
            let choice = s
                .view()
                .pending
                .and_then(|p| p.choices.into_iter().find(|o| o.action == first.action));
            return Ok(Hint {
                actions,
                placement: None,
                choice,
                reasons: Vec::new(),
                value,
            });
        };
        let mut choice = None;
        if after.pending_seat() == Some(seat) && after.turn() == s.game.turn() {
            let next = adviser
                .choose(&after, Budget::default())
                .map_err(|_| ApiError::GameOver)?;
            choice = carcassonne_table::preview::choices_after_placing(
                &s.game, &s.seats, seat, at, rotation,
            )?
            .into_iter()
            .find(|o| o.action == next);
            events.extend(after.apply(seat, &next)?);
            actions.push(next);
        }
        Ok(Hint {
            actions,
            placement: Some(HintPlacement { at, rotation }),
            choice,
            reasons: carcassonne_table::why(&s.game, &after, seat, &events),
            value,
        })
    }

    /// Takes back the last turn a person played (and the bots' turns after it): the actions
    /// are removed from the store, then the game is replayed to before that turn. The draws
    /// are seeded, so the same tile comes again.
    pub fn undo_turn(&mut self, req: UndoRequest) -> Result<GameView, ApiError> {
        if !self.settings.load().unwrap_or_default().allow_undo {
            return Err(ApiError::UndoOff);
        }
        let s = self.session(req.game)?;
        check_state(s, req.state)?;
        if s.game.is_over() {
            return Err(ApiError::GameOver);
        }
        let seats = &s.seats;
        let keep = s
            .turns
            .last_turn_of(|seat| {
                seats
                    .get(usize::from(seat))
                    .is_some_and(|i| i.bot.is_none())
            })
            .ok_or(ApiError::NothingToUndo)?;
        self.store.truncate_actions(req.game, keep, now())?;
        self.sessions.remove(&req.game);
        Ok(self.session(req.game)?.view())
    }

    pub fn abandon_game(&mut self, req: GameRequest) -> Result<(), ApiError> {
        self.store.abandon_game(req.game, now())?;
        self.sessions.remove(&req.game);
        Ok(())
    }

    pub fn settings(&self) -> Result<Settings, ApiError> {
        self.settings.load()
    }

    pub fn save_settings(&mut self, settings: Settings) -> Result<Settings, ApiError> {
        if settings.animation > 2 {
            return Err(ApiError::bad_request("animation is 0 (off), 1 or 2"));
        }
        if settings.volume > 100 {
            return Err(ApiError::bad_request("volume is 0 to 100"));
        }
        if !(100..=150).contains(&settings.text_size) {
            return Err(ApiError::bad_request("text size is 100 to 150 (percent)"));
        }
        self.settings.save(&settings)?;
        Ok(settings)
    }
}

/// The LAN: tables this app hosts and its connections to tables (not in a web page).
#[cfg(feature = "lan")]
impl Api {
    /// Keeps hosted tables on 127.0.0.1, unadvertised, whatever the request says (tests).
    pub fn set_lan_loopback_only(&mut self, on: bool) {
        self.lan_loopback_only = on;
    }

    /// Connects to a table; one this app kept from before it (re)started brings back what the
    /// host showed of its draw then, for the check at the end.
    pub fn lan_connect(&mut self, req: &LanConnectRequest) -> Result<LanLink, ApiError> {
        let table = crate::lan_link::Table::of(req)?;
        if !self.links.knows(&table.key) {
            // the same host and room, however the address is written now
            if let Some(kept) = self.store.table_link(&table.target.address, &table.room)? {
                self.links.restore(&table, &kept);
            }
        }
        self.links.connect(req)
    }

    /// What came from the table; the table's link is kept in the store whenever what it
    /// holds changed (a failed write is tried again at the next poll: the game goes on).
    pub fn lan_poll(&mut self, link: u32) -> Result<LanPoll, ApiError> {
        let (polled, keep) = self.links.poll(link)?;
        self.keep_table_link(keep);
        Ok(polled)
    }

    fn keep_table_link(&mut self, keep: Option<carcassonne_store::TableLink>) {
        if let Some(keep) = keep {
            if self.store.keep_table_link(&keep, now()).is_ok() {
                self.links.kept(keep);
            }
        }
    }

    /// The tables this device joined and has not finished with, the latest first: after a
    /// restart, the way back to their seats.
    pub fn lan_kept_link(&self) -> Result<Vec<KeptLink>, ApiError> {
        Ok(self
            .store
            .table_links()?
            .into_iter()
            .map(|k| KeptLink {
                address: crate::lan_link::Table::of_kept(&k).address,
                room: k.room,
                seat: k.seat,
                token: k.token,
                name: k.name,
                updated: k.updated,
            })
            .collect())
    }

    /// Forgets a kept table (the player dismissed it); says whether one was kept.
    pub fn lan_forget_link(&mut self, req: &LanConnectRequest) -> Result<bool, ApiError> {
        let table = crate::lan_link::Table::of(req)?;
        self.links.done_with(&table.key, false);
        Ok(self
            .store
            .forget_table_link(&table.target.address, &table.room)?)
    }

    /// Sends a message to the table; this device's share, once sent, is kept with the table.
    pub fn lan_send(&mut self, link: u32, text: String) -> Result<(), ApiError> {
        self.links.send(link, text)?;
        let keep = self.links.to_keep_for(link);
        self.keep_table_link(keep);
        Ok(())
    }

    pub fn lan_disconnect(&mut self, link: u32) -> bool {
        self.links.disconnect(link)
    }

    /// Checks a finished table's draws; a fair game is then kept in this device's history
    /// (once), this device's seat under the local profile of its name. Once the game is
    /// checked (fair or not), its table's link is no longer kept.
    pub fn lan_verify(&mut self, req: &LanConnectRequest) -> Result<LanVerdict, ApiError> {
        let table = crate::lan_link::Table::of(req)?;
        let (mut verdict, verified) = self.links.verify(&table)?;
        if verdict.problem != Some(carcassonne_net::view::VerifyError::NotOver) {
            self.links.done_with(&table.key, true);
            self.store
                .forget_table_link(&table.target.address, &table.room)?;
        }
        if let Some(v) = verified {
            verdict.game = Some(match self.links.saved.get(&v.key) {
                Some(&id) => id,
                None => {
                    let id = self.keep_table_game(&v)?;
                    self.links.saved.insert(v.key, id);
                    id
                }
            });
        }
        Ok(verdict)
    }

    /// The UI's files (the app's embedded assets, the UI server's folder): tables hosted from
    /// now on serve the whole UI to browsers instead of the plain page.
    pub fn set_ui_files(&mut self, files: carcassonne_net::transport::Assets) {
        self.ui_files = Some(files);
    }

    /// Hosts a LAN table (one at a time: a second call stops the first).
    pub fn lan_host(&mut self, mut req: LanHostRequest) -> Result<LanHostInfo, ApiError> {
        req.loopback_only |= self.lan_loopback_only;
        if let Some(h) = self.hosting.take() {
            h.stop();
        }
        let assets = self.ui_files.clone().map(lan::ui_assets);
        let hosting = lan::host(&req, assets, self.table_save.clone())?;
        let info = hosting.info.clone();
        self.hosting = Some(hosting);
        Ok(info)
    }

    /// The table this device hosts, if any.
    pub fn lan_status(&self) -> Option<LanHostInfo> {
        self.hosting.as_ref().map(lan::Hosting::status)
    }

    /// Closes the hosted table, if any, and forgets its save; says whether there was one.
    pub fn lan_stop(&mut self) -> bool {
        let stopped = self.hosting.take().map(lan::Hosting::stop).is_some();
        self.lan_discard_saved();
        stopped
    }

    /// The table this device hosted and did not stop (the app quit or crashed during its
    /// game), if any — while no table is hosted.
    pub fn lan_saved_table(&self) -> Option<SavedTable> {
        if self.hosting.is_some() {
            return None;
        }
        self.table_save.as_deref().and_then(lan::saved_table)
    }

    /// Hosts the saved table again, where it stopped; its players' pages reconnect.
    ///
    /// # Errors
    /// [`ApiError::Lan`]: no saved table, a damaged one, or hosting failed.
    pub fn lan_resume(&mut self) -> Result<LanHostInfo, ApiError> {
        let path = self
            .table_save
            .clone()
            .ok_or(ApiError::lan(crate::error::LanProblem::NoTableKeeper, None))?;
        if let Some(h) = self.hosting.take() {
            h.stop();
        }
        let assets = self.ui_files.clone().map(lan::ui_assets);
        let hosting = lan::resume(&path, assets, self.lan_loopback_only)?;
        let info = hosting.info.clone();
        self.hosting = Some(hosting);
        Ok(info)
    }

    /// Forgets the saved table; says whether there was one.
    pub fn lan_discard_saved(&mut self) -> bool {
        self.table_save
            .as_deref()
            .is_some_and(|p| std::fs::remove_file(p).is_ok())
    }
}

/// The store's seats for a game's seats.
pub(crate) fn seat_entries(seats: &[SeatInfo]) -> Vec<SeatEntry> {
    seats
        .iter()
        .map(|s| SeatEntry {
            player: match &s.bot {
                Some(bot) => Player::Bot { bot: bot.clone() },
                None => Player::Human { profile: s.profile },
            },
            name: s.name.clone(),
            colour: s.colour.clone(),
        })
        .collect()
}

/// Replays a saved game action by action from its start; `each` sees the session after every
/// action (the replay viewer takes its snapshot there). A setup or an action that does not
/// replay is a [`ApiError::CorruptSave`].
pub(crate) fn replay_saved(
    saved: &carcassonne_store::SavedGame,
    mut each: impl FnMut(&Session),
) -> Result<Session, ApiError> {
    let corrupt = |why: String| ApiError::CorruptSave {
        game: saved.id,
        message: why,
    };
    let setup: Setup =
        serde_json::from_str(&saved.setup).map_err(|e| corrupt(format!("setup: {e}")))?;
    let game = Game::new(setup, saved.seed).map_err(|e| corrupt(e.to_string()))?;
    let seats = saved
        .seats
        .iter()
        .map(|s| SeatInfo {
            name: s.name.clone(),
            colour: s.colour.clone(),
            bot: match &s.player {
                Player::Bot { bot } => Some(bot.clone()),
                Player::Human { .. } => None,
            },
            profile: match s.player {
                Player::Human { profile } => profile,
                Player::Bot { .. } => None,
            },
        })
        .collect();
    let mut session = Session::new(saved.id, game, seats)?;
    each(&session);
    for (i, saved) in saved.actions.iter().enumerate() {
        let seat = &saved.seat;
        let action =
            serde_json::from_str(&saved.action).map_err(|e| corrupt(format!("action {i}: {e}")))?;
        let (next, events) = session
            .try_apply(*seat, &action)
            .map_err(|e| corrupt(format!("action {i}: {e}")))?;
        session.commit(next, &events);
        each(&session);
    }
    Ok(session)
}
