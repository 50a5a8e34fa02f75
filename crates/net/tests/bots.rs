//! Real WebSockets on 127.0.0.1: the host's bots at their levels, thinking off the host's
//! task, and a spectator reseated into a bot's seat mid-game.

mod common;

use carcassonne_ai::{Bot, Budget, Level};
use carcassonne_engine::{Game, Rng};
use carcassonne_net::client::Client;
use carcassonne_net::host::{bot_seed, HostConfig, RateLimit};
use carcassonne_net::protocol::{
    AdminCommand, BotLevel, ClientMsg, Join, Phase, SeatChoice, SeatKind, ServerMsg,
};
use common::server::{self, Server};
use std::time::Duration;

async fn serve(config: HostConfig) -> Server {
    server::serve(config, 11).await
}

/// Any single wait longer than this is a bug (a lost message), not slowness: a hard bot's
/// decision takes about a second here, more on a loaded machine.
const WAIT: Duration = Duration::from_secs(60);

fn config() -> HostConfig {
    HostConfig {
        seats: 2,
        // No time limit: the bots' choices are their level's whole search, the same on any
        // machine, so the test can think them again.
        bot_think: None,
        away_level: BotLevel::Easy,
        rate: RateLimit {
            burst: 10_000,
            per_second: 10_000,
        },
        ..HostConfig::default()
    }
}

/// The player's loop: its share of the draw, a random legal move at its turn; at each state
/// where `bot_seat` is to move it asks for the whole state, and counts in `syncs` the answers
/// that came with the bot still to move. Returns when the game is over.
async fn play(c: &mut Client, rng: &mut Rng, bot_seat: u8, syncs: &mut u32) {
    let mut acted_on = None;
    let mut synced_on = None;
    loop {
        c.draw_duty().await.expect("draw");
        if c.view.phase == Phase::Over {
            return;
        }
        let state = c.view.state;
        if c.view.my_turn() && acted_on != Some(state) {
            let legal = &c.view.legal;
            let action = legal[rng.below(legal.len() as u32) as usize];
            c.send(&ClientMsg::Act { state, action })
                .await
                .expect("act");
            acted_on = Some(state);
        }
        // The bot is to move: the host answers a sync meanwhile, with the bot still to move
        // (it thinks off the host's task).
        let bots_turn = c.view.phase == Phase::Playing
            && c.view.pending.as_ref().map(|d| d.seat) == Some(bot_seat);
        if bots_turn && synced_on != Some(state) {
            synced_on = Some(state);
            c.send(&ClientMsg::Sync).await.expect("sync");
        }
        if let ServerMsg::Snapshot { snapshot } = c.recv(WAIT).await.expect("a message") {
            if snapshot.pending.map(|d| d.seat) == Some(bot_seat) {
                *syncs += 1;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hard_bot_plays_a_table_to_the_end_choosing_as_level_hard_does() {
    let server = serve(config()).await;
    let mut host_ui = server.client("Host", Join::Spectator).await;
    let hard = AdminCommand::SetSeat {
        seat: 1,
        kind: SeatChoice::Bot,
        level: Some(BotLevel::Hard),
    };
    server.admin(&mut host_ui, hard).await;
    let mut ada = server.client("Ada", Join::Player { seat: None }).await;
    while ada.view.lobby.as_ref().map(|l| l.seats[1].kind) != Some(SeatKind::Bot) {
        ada.recv(WAIT).await.expect("the lobby");
    }
    let lobby = ada.view.lobby.clone().expect("a lobby");
    assert_eq!(
        lobby.seats[1].level,
        Some(BotLevel::Hard),
        "the lobby shows it"
    );
    server.admin(&mut host_ui, AdminCommand::Start).await;
    let mut rng = Rng::new(21);
    let mut answered_while_thinking = 0;
    let game = play(&mut ada, &mut rng, 1, &mut answered_while_thinking);
    tokio::time::timeout(Duration::from_secs(1200), game)
        .await
        .expect("the game ends");
    drop(host_ui);
    let host = server.stop().await;
    assert_eq!(ada.view.verify(), Ok(()));
    assert!(
        answered_while_thinking > 0,
        "the host answered while the hard bot was to move"
    );
    let table = ada.view.table.clone().expect("the last view");
    assert_eq!(table.seats[1].bot.as_deref(), Some("hard"));
    let turns_of = |seat: u8| table.turns.iter().filter(move |t| t.seat == seat);
    assert!(
        turns_of(1).all(|t| !t.why.is_empty()),
        "every turn of the bot has its reasons in the log"
    );
    assert!(turns_of(0).all(|t| t.why.is_empty()), "Ada's turns none");
    // Every choice of the bot is what `Level::Hard` with the same seed chooses on the same
    // state (the bots are deterministic given their seed and the position).
    let record = host.result().expect("over").record.clone();
    let seed = record.seed;
    let mut game = Game::new(record.setup.clone(), seed).expect("a game");
    let mut checked = 0;
    for a in &record.actions {
        if a.seat == 1 {
            let mut bot = Level::Hard.bot(bot_seed(seed, 1));
            let chosen = bot.choose(&game, Budget::default()).expect("a choice");
            assert_eq!(chosen, a.action, "decision {checked} of the bot");
            checked += 1;
        }
        game.apply(a.seat, &a.action).expect("legal");
    }
    assert!(checked > 30, "the bot played its seat: {checked} decisions");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_is_reseated_into_a_bots_seat_mid_game_with_the_hosts_consent() {
    let server = serve(config()).await;
    let mut host_ui = server.client("Host", Join::Spectator).await;
    let easy = AdminCommand::SetSeat {
        seat: 1,
        kind: SeatChoice::Bot,
        level: Some(BotLevel::Easy),
    };
    server.admin(&mut host_ui, easy).await;
    let mut ada = server.client("Ada", Join::Player { seat: None }).await;
    server.admin(&mut host_ui, AdminCommand::Start).await;
    // Ada plays a few turns against the bot.
    let mut rng = Rng::new(5);
    while ada.view.history.len() < 8 {
        ada.draw_duty().await.expect("draw");
        if ada.view.my_turn() {
            let v = &ada.view;
            let action = v.legal[rng.below(v.legal.len() as u32) as usize];
            let state = v.state;
            ada.send(&ClientMsg::Act { state, action })
                .await
                .expect("act");
        }
        ada.recv(WAIT).await.expect("a message");
    }
    // Eve comes on a new device and asks for the bot's seat; the host's page consents.
    let mut eve = server.client("Eve", Join::Spectator).await;
    eve.send(&ClientMsg::AskSeat { seat: 1 })
        .await
        .expect("ask");
    let id = loop {
        if let ServerMsg::SeatAsked { id, name, seat } = host_ui.recv(WAIT).await.expect("msg") {
            assert_eq!((name.as_str(), seat), ("Eve", 1));
            break id;
        }
    };
    let yes = AdminCommand::AnswerSeat { id, accept: true };
    server.admin(&mut host_ui, yes).await;
    while eve.view.seat().is_none() {
        eve.recv(WAIT).await.expect("the welcome");
    }
    assert_eq!(eve.view.seat(), Some(1));
    assert!(eve.view.token().is_some());
    // Both play the game out; both check the draws.
    let run = async {
        let mut r1 = Rng::new(6);
        let mut r2 = Rng::new(7);
        let mut n = 0;
        let a = play(&mut ada, &mut r1, 9, &mut n);
        let mut m = 0;
        let e = play(&mut eve, &mut r2, 9, &mut m);
        tokio::join!(a, e);
    };
    tokio::time::timeout(Duration::from_secs(300), run)
        .await
        .expect("the game ends");
    for v in [&ada.view, &eve.view] {
        assert_eq!(v.verify(), Ok(()));
        assert_eq!(v.desync, None);
        let lobby = v.lobby.as_ref().expect("a lobby");
        assert_eq!(lobby.seats[1].kind, SeatKind::Human);
        assert_eq!(lobby.seats[1].name, "Eve");
    }
    let host = server.stop().await;
    let record = &host.result().expect("over").record;
    assert!(
        record.actions.iter().skip(8).any(|a| a.seat == 1),
        "Eve played seat 1"
    );
}
