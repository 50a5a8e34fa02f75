//! A profile's statistics over its finished games: records by table size and by expansion,
//! average points by category, best game, head-to-head and recent form.
//!
//! Points by category are not kept in the store (only final scores are): the engine replays
//! each finished game once and the totals are kept for the session (a finished game never
//! changes).

use crate::api::Api;
use crate::error::ApiError;
use crate::types::IdRequest;
use carcassonne_engine::score::{categories, CategoryTotals};
use carcassonne_engine::{Expansion, Game, Setup};
use carcassonne_store::{GameListing, GameStatus, Player, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use ts_rs::TS;

/// How many recent games the form and the score chart show.
pub const RECENT_GAMES: usize = 20;

/// Wins out of games played, for one group of games.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct WinRecord {
    pub played: u32,
    pub wins: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayersRecord {
    pub players: u8,
    #[serde(flatten)]
    pub record: WinRecord,
}

/// Games with an expansion in play; `Base` counts the games of the base game alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SetRecord {
    pub set: Expansion,
    #[serde(flatten)]
    pub record: WinRecord,
}

/// Mean points per game by category, over `games` games the engine could replay.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct CategoryAverages {
    pub games: u32,
    pub roads: f64,
    pub cities: f64,
    pub monasteries: f64,
    pub fields: f64,
    pub bonuses: f64,
}

/// One finished game from the profile's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GameScore {
    #[ts(type = "number")]
    pub game: i64,
    /// When it ended (Unix seconds).
    #[ts(type = "number")]
    pub ended: i64,
    pub score: u32,
    /// 1 for the best score; seats with the same score share a place.
    pub place: u8,
    pub players: u8,
    pub won: bool,
}

/// Who the profile played against.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Opponent {
    /// Another profile of this device (its name as in its latest game).
    Profile {
        #[ts(type = "number")]
        profile: i64,
        name: String,
    },
    /// A bot by its id (its level).
    Bot { bot: String },
}

/// The finished games shared with one opponent: in how many the profile scored more, less,
/// or the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct HeadToHead {
    pub opponent: Opponent,
    pub games: u32,
    pub ahead: u32,
    pub behind: u32,
    pub level: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ProfileStatistics {
    #[ts(type = "number")]
    pub profile: i64,
    pub overall: WinRecord,
    /// By number of seats, fewest first.
    pub by_players: Vec<PlayersRecord>,
    /// By expansion in play (a game with two counts for both), the base game alone first.
    pub by_set: Vec<SetRecord>,
    pub categories: CategoryAverages,
    pub best: Option<GameScore>,
    /// Most games together first.
    pub opponents: Vec<HeadToHead>,
    /// The latest finished games, oldest first (up to [`RECENT_GAMES`]).
    pub recent: Vec<GameScore>,
}

impl Api {
    /// A profile's statistics over its finished games.
    pub fn statistics(&mut self, req: IdRequest) -> Result<ProfileStatistics, ApiError> {
        let profile = req.id;
        if !self.store.profiles()?.iter().any(|p| p.id == profile) {
            return Err(StoreError::NotFound {
                what: carcassonne_store::Entity::Profile,
                id: profile,
            }
            .into());
        }
        let mut games: Vec<GameListing> = self
            .store
            .games()?
            .into_iter()
            .filter(|g| g.status == GameStatus::Finished && seat_of(g, profile).is_some())
            .collect();
        games.sort_by_key(|g| (g.updated, g.id));
        let mut stats = Tally::default();
        for g in &games {
            let totals = self.category_totals(g.id);
            stats.add(g, profile, totals.as_deref());
        }
        Ok(stats.finish(profile))
    }

    /// Each seat's points by category in a finished game, replayed once per session; `None`
    /// when the saved game cannot be replayed.
    fn category_totals(&mut self, game: i64) -> Option<Vec<CategoryTotals>> {
        if let Some(known) = self.category_cache.get(&game) {
            return Some(known.clone());
        }
        let saved = self.store.load_game(game).ok()?;
        let setup: Setup = serde_json::from_str(&saved.setup).ok()?;
        let mut g = Game::new(setup, saved.seed).ok()?;
        for a in &saved.actions {
            let action = serde_json::from_str(&a.action).ok()?;
            g.apply(a.seat, &action).ok()?;
        }
        let totals = categories(g.score_log(), g.players());
        self.category_cache.insert(game, totals.clone());
        Some(totals)
    }
}

fn seat_of(g: &GameListing, profile: i64) -> Option<usize> {
    g.seats
        .iter()
        .position(|s| matches!(s.entry.player, Player::Human { profile: Some(p) } if p == profile))
}

fn opponent_of(player: &Player, name: &str) -> Option<Opponent> {
    match player {
        Player::Human { profile: Some(p) } => Some(Opponent::Profile {
            profile: *p,
            name: name.to_owned(),
        }),
        Player::Human { profile: None } => None,
        Player::Bot { bot } => Some(Opponent::Bot { bot: bot.clone() }),
    }
}

/// The running sums, fed oldest game first.
#[derive(Default)]
struct Tally {
    overall: WinRecord,
    by_players: HashMap<u8, WinRecord>,
    by_set: HashMap<Expansion, WinRecord>,
    category_sums: CategoryTotals,
    category_games: u32,
    best: Option<GameScore>,
    /// Keyed by profile id or bot id so a renamed profile stays one opponent.
    opponents: HashMap<(Option<i64>, Option<String>), HeadToHead>,
    all: Vec<GameScore>,
}

fn count(r: &mut WinRecord, won: bool) {
    r.played += 1;
    r.wins += u32::from(won);
}

impl Tally {
    fn add(&mut self, g: &GameListing, profile: i64, totals: Option<&[CategoryTotals]>) {
        let Some(seat) = seat_of(g, profile) else {
            return;
        };
        let scores: Vec<u32> = g.seats.iter().map(|s| s.score.unwrap_or(0)).collect();
        let mine = scores[seat];
        let won = g.seats[seat].winner;
        let players = u8::try_from(g.seats.len()).unwrap_or(u8::MAX);
        let above = scores.iter().filter(|&&s| s > mine).count();
        let score = GameScore {
            game: g.id,
            ended: g.updated,
            score: mine,
            place: u8::try_from(above + 1).unwrap_or(u8::MAX),
            players,
            won,
        };
        count(&mut self.overall, won);
        count(self.by_players.entry(players).or_default(), won);
        let mut sets: Vec<Expansion> = serde_json::from_str::<Setup>(&g.setup)
            .map(|s| s.sets)
            .unwrap_or_default();
        sets.retain(|&s| s != Expansion::Base);
        if sets.is_empty() {
            sets.push(Expansion::Base);
        }
        for set in sets {
            count(self.by_set.entry(set).or_default(), won);
        }
        if let Some(mine) = totals.and_then(|t| t.get(seat)) {
            let sums = &mut self.category_sums;
            sums.roads += mine.roads;
            sums.cities += mine.cities;
            sums.monasteries += mine.monasteries;
            sums.fields += mine.fields;
            sums.bonuses += mine.bonuses;
            self.category_games += 1;
        }
        for (i, other) in g.seats.iter().enumerate() {
            let Some(opponent) = opponent_of(&other.entry.player, &other.entry.name) else {
                continue;
            };
            if i == seat {
                continue;
            }
            let key = match &opponent {
                Opponent::Profile { profile, .. } => (Some(*profile), None),
                Opponent::Bot { bot } => (None, Some(bot.clone())),
            };
            let h = self.opponents.entry(key).or_insert(HeadToHead {
                opponent: opponent.clone(),
                games: 0,
                ahead: 0,
                behind: 0,
                level: 0,
            });
            // the latest game's name stands
            h.opponent = opponent;
            h.games += 1;
            match mine.cmp(&scores[i]) {
                std::cmp::Ordering::Greater => h.ahead += 1,
                std::cmp::Ordering::Less => h.behind += 1,
                std::cmp::Ordering::Equal => h.level += 1,
            }
        }
        if self.best.as_ref().is_none_or(|b| mine > b.score) {
            self.best = Some(score.clone());
        }
        self.all.push(score);
    }

    fn finish(self, profile: i64) -> ProfileStatistics {
        let mut by_players: Vec<PlayersRecord> = self
            .by_players
            .into_iter()
            .map(|(players, record)| PlayersRecord { players, record })
            .collect();
        by_players.sort_by_key(|r| r.players);
        let mut by_set: Vec<SetRecord> = self
            .by_set
            .into_iter()
            .map(|(set, record)| SetRecord { set, record })
            .collect();
        by_set.sort_by_key(|r| r.set);
        let mut opponents: Vec<HeadToHead> = self.opponents.into_values().collect();
        opponents.sort_by(|a, b| b.games.cmp(&a.games).then(b.ahead.cmp(&a.ahead)));
        let n = f64::from(self.category_games.max(1));
        let s = &self.category_sums;
        let categories = CategoryAverages {
            games: self.category_games,
            roads: f64::from(s.roads) / n,
            cities: f64::from(s.cities) / n,
            monasteries: f64::from(s.monasteries) / n,
            fields: f64::from(s.fields) / n,
            bonuses: f64::from(s.bonuses) / n,
        };
        let skip = self.all.len().saturating_sub(RECENT_GAMES);
        ProfileStatistics {
            profile,
            overall: self.overall,
            by_players,
            by_set,
            categories,
            best: self.best,
            opponents,
            recent: self.all.into_iter().skip(skip).collect(),
        }
    }
}
