//! The host's message latency while a hard bot thinks (issue 30, item 8): a table of Ada
//! (random legal moves) and a hard bot with the app's one-second cap; a spectator asks for the
//! whole state (`sync`) every 5 ms and times each answer that comes while the bot is to move.
//! `cargo run --release -p carcassonne-net --example bot_latency` prints the figures (nothing
//! is asserted: they depend on the machine).

use carcassonne_engine::Rng;
use carcassonne_net::client::Client;
use carcassonne_net::host::{HostConfig, HostState, RateLimit};
use carcassonne_net::protocol::{
    AdminCommand, BotLevel, ClientMsg, Join, Phase, SeatChoice, ServerMsg,
};
use carcassonne_net::transport;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

const WAIT: Duration = Duration::from_secs(30);
const BOT: u8 = 1;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?.to_string();
    let config = HostConfig {
        seats: 2,
        // A sync every 5 ms is 200 a second, beyond a person's limit.
        rate: RateLimit {
            burst: 10_000,
            per_second: 10_000,
        },
        ..HostConfig::default()
    };
    let host = HostState::new(config, carcassonne_net::fair::random32()?);
    let (room, admin) = (host.room().to_owned(), host.admin_token().to_owned());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(transport::run(listener, host, async move {
        let _ = stopped.await;
    }));
    let mut watcher = Client::connect(&addr).await?;
    watcher
        .hello(&room, "Watcher", Join::Spectator, WAIT)
        .await?;
    let admin_msg = |command| ClientMsg::Admin {
        token: admin.clone(),
        command,
    };
    let hard = AdminCommand::SetSeat {
        seat: BOT,
        kind: SeatChoice::Bot,
        level: Some(BotLevel::Hard),
    };
    watcher.send(&admin_msg(hard)).await?;
    let mut ada = Client::connect(&addr).await?;
    ada.hello(&room, "Ada", Join::Player { seat: None }, WAIT)
        .await?;
    watcher.send(&admin_msg(AdminCommand::Start)).await?;
    let player = tokio::spawn(async move {
        let mut rng = Rng::new(1);
        let mut acted_on = None;
        while ada.view.phase != Phase::Over {
            ada.draw_duty().await?;
            let v = &ada.view;
            if v.my_turn() && acted_on != Some(v.state) {
                let action = v.legal[rng.below(v.legal.len() as u32) as usize];
                let state = v.state;
                acted_on = Some(state);
                ada.send(&ClientMsg::Act { state, action }).await?;
            }
            ada.recv(WAIT).await?;
        }
        Ok::<_, carcassonne_net::client::ClientError>(())
    });
    let mut samples = Vec::new();
    let mut bot_turns = std::collections::BTreeSet::new();
    while watcher.view.phase != Phase::Over {
        let sent = Instant::now();
        watcher.send(&ClientMsg::Sync).await?;
        loop {
            if let ServerMsg::Snapshot { snapshot } = watcher.recv(WAIT).await? {
                if snapshot.phase == Phase::Playing && snapshot.pending.map(|d| d.seat) == Some(BOT)
                {
                    samples.push(sent.elapsed());
                    bot_turns.insert(snapshot.state);
                }
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    player.await??;
    let _ = stop.send(());
    server.await??;
    samples.sort_unstable();
    if samples.is_empty() {
        println!("no answer came while the bot was to move");
        return Ok(());
    }
    let pct = |p: f64| samples[((samples.len() - 1) as f64 * p) as usize];
    println!(
        "{} syncs answered during {} hard-bot decisions: p50 {:?}, p99 {:?}, max {:?}",
        samples.len(),
        bot_turns.len(),
        pct(0.5),
        pct(0.99),
        samples[samples.len() - 1]
    );
    Ok(())
}
