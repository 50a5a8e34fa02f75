//! A profile's statistics: every figure checked against the final views of a known set of
//! games played through the API (profiles, a guest, bots; base game and expansions; an
//! abandoned game that must not count), also after a restart (the category totals are
//! replayed from the database).

mod common;
use common::{api_at, profile};

use carcassonne_api::stats::{HeadToHead, Opponent, ProfileStatistics};
use carcassonne_api::*;
use carcassonne_engine::{Action, Expansion};

fn bot(level: &str, colour: &str) -> SeatRequest {
    SeatRequest::Bot {
        bot: level.into(),
        colour: colour.into(),
    }
}

/// Plays a game to its end (`moves: None`) or for `moves` actions: people take their first
/// legal choice, bots play their own moves.
fn play(
    api: &mut Api,
    seats: Vec<SeatRequest>,
    sets: Vec<Expansion>,
    seed: u64,
    moves: Option<usize>,
) -> GameView {
    let mut view = api
        .new_game(NewGameRequest {
            seats,
            order: SeatOrder::AsListed,
            sets,
            options: Default::default(),
            seed: Some(seed),
        })
        .expect("game starts");
    let mut left = moves.unwrap_or(usize::MAX);
    while let Some(p) = view.pending.clone() {
        if left == 0 {
            break;
        }
        left -= 1;
        let seat = p.decision.seat;
        if view.seats[usize::from(seat)].bot.is_some() {
            view = api
                .bot_move(GameRequest { game: view.id })
                .expect("bot")
                .view;
            continue;
        }
        let action = match p.placements.first() {
            Some(pl) => Action::Place {
                at: pl.at,
                rotation: pl.rotations[0],
            },
            None => p.choices[0].action,
        };
        view = api
            .play(PlayRequest {
                game: view.id,
                seat,
                state: view.state,
                action,
            })
            .expect("legal")
            .view;
    }
    view
}

/// What the statistics must say for `profile`, worked out from the games' final views.
struct Expected {
    played: u32,
    wins: u32,
    points: [u32; 5],
    best: u32,
}

fn expected(profile: i64, ends: &[&GameView]) -> Expected {
    let mut e = Expected {
        played: 0,
        wins: 0,
        points: [0; 5],
        best: 0,
    };
    for view in ends {
        let Some(seat) = view.seats.iter().position(|s| s.profile == Some(profile)) else {
            continue;
        };
        let report = view.report.as_ref().expect("finished");
        e.played += 1;
        e.wins += u32::from(report.winners.contains(&(seat as u8)));
        let c = &report.categories[seat];
        for (sum, v) in
            e.points
                .iter_mut()
                .zip([c.roads, c.cities, c.monasteries, c.fields, c.bonuses])
        {
            *sum += v;
        }
        e.best = e.best.max(view.seats[seat].score);
    }
    e
}

fn check(stats: &ProfileStatistics, e: &Expected) {
    assert_eq!(stats.overall.played, e.played);
    assert_eq!(stats.overall.wins, e.wins);
    assert_eq!(stats.categories.games, e.played);
    let n = f64::from(e.played);
    let got = [
        stats.categories.roads,
        stats.categories.cities,
        stats.categories.monasteries,
        stats.categories.fields,
        stats.categories.bonuses,
    ];
    for (g, sum) in got.iter().zip(e.points) {
        assert!(
            (g - f64::from(sum) / n).abs() < 1e-9,
            "{got:?} vs {:?}",
            e.points
        );
    }
    assert_eq!(stats.best.as_ref().map(|b| b.score), Some(e.best));
    assert_eq!(stats.recent.len(), e.played as usize);
}

fn against<'a>(stats: &'a ProfileStatistics, who: &Opponent) -> &'a HeadToHead {
    stats
        .opponents
        .iter()
        .find(|h| &h.opponent == who)
        .unwrap_or_else(|| panic!("{who:?} in {:?}", stats.opponents))
}

#[test]
fn statistics_count_finished_games_by_table_size_set_category_and_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let ann = profile(&mut api, "Ann", "#1f6fd1");
    let bob = profile(&mut api, "Bob", "#e8741c");
    let person = |id| SeatRequest::Human { profile: id };
    let duel = play(&mut api, vec![person(ann), person(bob)], vec![], 11, None);
    let three = play(
        &mut api,
        vec![person(bob), person(ann), bot("easy", "#2e9e44")],
        vec![Expansion::Abbot, Expansion::InnsCathedrals],
        12,
        None,
    );
    let guest = SeatRequest::Guest {
        name: "Zoe".into(),
        colour: "#2e9e44".into(),
    };
    let with_bot = play(
        &mut api,
        vec![bot("random", "#e8741c"), person(ann), guest],
        vec![],
        13,
        None,
    );
    let bob_alone = play(
        &mut api,
        vec![person(bob), bot("random", "#1f6fd1")],
        vec![],
        14,
        None,
    );
    let given_up = play(
        &mut api,
        vec![person(ann), person(bob)],
        vec![],
        15,
        Some(9),
    );
    api.abandon_game(GameRequest { game: given_up.id })
        .expect("abandoned");
    let ends = [&duel, &three, &with_bot, &bob_alone];
    assert!(ends.iter().all(|v| v.over));

    let stats = api.statistics(IdRequest { id: ann }).expect("stats");
    let e = expected(ann, &ends);
    assert_eq!(
        e.played, 3,
        "the abandoned game and Bob's game do not count"
    );
    check(&stats, &e);

    // by table size: two 3-seat games and one 2-seat game
    let by: Vec<(u8, u32)> = stats
        .by_players
        .iter()
        .map(|r| (r.players, r.record.played))
        .collect();
    assert_eq!(by, vec![(2, 1), (3, 2)]);
    // by set: the base game alone twice; Abbot and Inns & Cathedrals once each
    let sets: Vec<(Expansion, u32)> = stats
        .by_set
        .iter()
        .map(|r| (r.set, r.record.played))
        .collect();
    assert_eq!(
        sets,
        vec![
            (Expansion::Base, 2),
            (Expansion::Abbot, 1),
            (Expansion::InnsCathedrals, 1)
        ]
    );
    let wins_by_size: u32 = stats.by_players.iter().map(|r| r.record.wins).sum();
    assert_eq!(wins_by_size, e.wins);

    // head-to-head: Bob twice, each bot level once; the guest is nobody to keep a record of
    let score = |v: &GameView, id: i64| {
        v.seats
            .iter()
            .find(|s| s.profile == Some(id))
            .expect("seated")
            .score
    };
    let h = against(
        &stats,
        &Opponent::Profile {
            profile: bob,
            name: "Bob".into(),
        },
    );
    assert_eq!(h.games, 2);
    let ahead = [&duel, &three]
        .iter()
        .filter(|v| score(v, ann) > score(v, bob))
        .count() as u32;
    let behind = [&duel, &three]
        .iter()
        .filter(|v| score(v, ann) < score(v, bob))
        .count() as u32;
    assert_eq!(
        (h.ahead, h.behind, h.level),
        (ahead, behind, 2 - ahead - behind)
    );
    assert_eq!(
        against(&stats, &Opponent::Bot { bot: "easy".into() }).games,
        1
    );
    let random = against(
        &stats,
        &Opponent::Bot {
            bot: "random".into(),
        },
    );
    assert_eq!(random.games, 1);
    assert_eq!(
        random.ahead,
        u32::from(score(&with_bot, ann) > with_bot.seats[0].score)
    );
    assert_eq!(stats.opponents.len(), 3, "{:?}", stats.opponents);

    // recent form: oldest first, each game's place among its seats
    let recent: Vec<i64> = stats.recent.iter().map(|g| g.game).collect();
    assert_eq!(recent, vec![duel.id, three.id, with_bot.id]);
    for (g, v) in stats.recent.iter().zip([&duel, &three, &with_bot]) {
        let mine = score(v, ann);
        let above = v.seats.iter().filter(|s| s.score > mine).count() as u8;
        assert_eq!(
            (g.score, g.place, g.players),
            (mine, above + 1, v.seats.len() as u8)
        );
    }

    // after a restart the category totals are replayed from the database alone
    drop(api);
    let mut api = api_at(dir.path());
    assert_eq!(api.statistics(IdRequest { id: ann }).expect("stats"), stats);
    check(
        &api.statistics(IdRequest { id: bob }).expect("stats"),
        &expected(bob, &ends),
    );
}

#[test]
fn statistics_of_a_profile_with_no_game_are_empty_and_of_an_unknown_profile_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut api = api_at(dir.path());
    let new = profile(&mut api, "New", "#1f6fd1");
    let stats = api.statistics(IdRequest { id: new }).expect("stats");
    assert_eq!(stats.overall.played, 0);
    assert_eq!(stats.categories.games, 0);
    assert_eq!(stats.categories.roads, 0.0);
    assert!(stats.best.is_none() && stats.recent.is_empty() && stats.opponents.is_empty());
    let err = api.statistics(IdRequest { id: new + 100 }).unwrap_err();
    assert!(matches!(err, ApiError::NotFound { .. }), "{err:?}");
}
