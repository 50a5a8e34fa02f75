//! Latency from an action to all six clients seeing it, on loopback (issue #7's benchmark,
//! goal p99 < 20 ms). `cargo run --release -p carcassonne-net --example latency`.

use carcassonne_engine::Rng;
use carcassonne_net::client::Client;
use carcassonne_net::host::{HostConfig, HostState};
use carcassonne_net::protocol::{AdminCommand, ClientMsg, Join, Phase, ServerMsg};
use carcassonne_net::transport;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

const WAIT: Duration = Duration::from_secs(10);

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?.to_string();
    let config = HostConfig {
        seats: 6,
        sets: vec![carcassonne_engine::Expansion::InnsCathedrals],
        ..HostConfig::default()
    };
    let host = HostState::new(config, carcassonne_net::fair::random32()?);
    let (room, admin) = (host.room().to_owned(), host.admin_token().to_owned());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(transport::run(listener, host, async move {
        let _ = stopped.await;
    }));
    let mut clients = Vec::new();
    for i in 0..6 {
        let mut c = Client::connect(&addr).await?;
        c.hello(&room, &format!("P{i}"), Join::Player { seat: None }, WAIT)
            .await?;
        clients.push(c);
    }
    clients[0]
        .send(&ClientMsg::Admin {
            token: admin,
            command: AdminCommand::Start,
        })
        .await?;
    for c in &mut clients {
        while c.view.phase != Phase::Drawing {
            c.recv(WAIT).await?;
        }
        c.commit().await?;
    }
    for c in &mut clients {
        while c.view.commitments.is_none() {
            c.recv(WAIT).await?;
        }
        c.reveal().await?;
    }
    for c in &mut clients {
        while c.view.phase != Phase::Playing {
            c.recv(WAIT).await?;
        }
    }
    let mut rng = Rng::new(1);
    let mut samples = Vec::new();
    while clients[0].view.phase == Phase::Playing {
        let Some(i) = clients.iter().position(|c| c.view.my_turn()) else {
            // The last action was applied: the end follows.
            clients[0].recv(WAIT).await?;
            continue;
        };
        let v = &clients[i].view;
        let action = v.legal[rng.below(v.legal.len() as u32) as usize];
        let state = v.state;
        let sent = Instant::now();
        clients[i].send(&ClientMsg::Act { state, action }).await?;
        for c in &mut clients {
            loop {
                if let ServerMsg::Applied { state: s, .. } = c.recv(WAIT).await? {
                    if s == state + 1 {
                        break;
                    }
                }
            }
        }
        samples.push(sent.elapsed());
    }
    let _ = stop.send(());
    server.await??;
    samples.sort_unstable();
    let pct = |p: f64| samples[((samples.len() - 1) as f64 * p) as usize];
    println!(
        "{} actions, action → all 6 clients: p50 {:?}, p99 {:?}, max {:?} (goal p99 < 20 ms)",
        samples.len(),
        pct(0.5),
        pct(0.99),
        samples[samples.len() - 1]
    );
    Ok(())
}
