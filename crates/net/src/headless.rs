//! The headless host (`carcassonne host`): a host without a GUI, for a spare laptop.

use crate::discovery::Advertiser;
use crate::fair;
use crate::host::{HostConfig, HostState, TableSave};
use crate::tls::ServerIdentity;
use crate::transport;
use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use tokio::net::TcpListener;

pub struct Headless {
    /// `0.0.0.0` to be reachable on the LAN; tests use `127.0.0.1`.
    pub bind: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    pub config: HostConfig,
    /// The table's name in the apps' "Join" lists.
    pub name: String,
    /// Advertise the table by mDNS.
    pub advertise: bool,
    /// The app's UI to serve to browsers (else the plain page).
    pub assets: Option<transport::Assets>,
    /// A saved table to take up instead of a new one (`config` is then the save's, but for
    /// its limits).
    pub resume: Option<TableSave>,
    /// Told of every change (the app saves the table there).
    pub on_change: Option<transport::OnChange>,
    /// Serve HTTPS and WSS with this certificate (internet hosting) instead of plain HTTP.
    pub tls: Option<ServerIdentity>,
}

/// What the operator needs to see once the host listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ready {
    /// `http://<LAN address>:<port>/?room=CODE`: what phones open (and what a QR code holds);
    /// over TLS `https://…/?room=CODE&fp=FINGERPRINT`, the fingerprint of the host's
    /// certificate, which the app pins (a browser ignores it).
    pub join_url: String,
    pub room: String,
    /// The port it listens on.
    pub port: u16,
    /// The page with the host's controls (seats, bots, start): keep it to yourself.
    pub admin_url: String,
    /// Over TLS, the SHA-256 fingerprint of the host's certificate (hex), to compare with
    /// what a browser shows for a self-signed one.
    pub fingerprint: Option<String>,
    /// Whether the mDNS advertisement started (the table can still be joined by address).
    pub advertised: Result<(), String>,
}

/// Runs a host until Ctrl-C; `on_ready` is called once it listens (print the addresses
/// there). Returns the host in its final state (its record, if a game was played).
///
/// # Errors
/// No system randomness, the port is taken, or the server failed.
pub fn run_host(options: Headless, on_ready: impl FnOnce(&Ready)) -> std::io::Result<HostState> {
    run_host_until(options, on_ready, async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// [`run_host`], stopping when `shutdown` completes.
///
/// # Errors
/// As [`run_host`].
pub fn run_host_until(
    options: Headless,
    on_ready: impl FnOnce(&Ready),
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<HostState> {
    let host = match options.resume {
        Some(save) => {
            let mut host = HostState::from_save(save, std::time::Duration::ZERO)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            host.set_limits(options.config.limits);
            host
        }
        None => {
            let entropy = fair::random32().map_err(|e| std::io::Error::other(e.to_string()))?;
            HostState::new(options.config, entropy)
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(SocketAddr::new(options.bind, options.port)).await?;
        let port = listener.local_addr()?.port();
        let ip = if options.bind.is_unspecified() {
            lan_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
        } else {
            options.bind
        };
        let advertiser = if options.advertise {
            Advertiser::start(&options.name, port).map_err(|e| e.to_string())
        } else {
            Err("not asked to".to_owned())
        };
        let fingerprint = options.tls.as_ref().map(|t| t.fingerprint.clone());
        let room = host.room().to_owned();
        let join_url = join_link(SocketAddr::new(ip, port), &room, fingerprint.as_deref());
        on_ready(&Ready {
            admin_url: format!("{join_url}&admin={}", host.admin_token()),
            join_url,
            room,
            port,
            advertised: advertiser.as_ref().map(|_| ()).map_err(Clone::clone),
            fingerprint,
        });
        let serving = transport::Serving {
            assets: options.assets,
            on_change: options.on_change,
            tls: options.tls,
        };
        let host = transport::run_serving(listener, host, serving, shutdown).await;
        if let Ok(a) = advertiser {
            let _ = a.stop();
        }
        host
    })
}

/// The link to a table: `http://ADDRESS/?room=CODE`, or with a certificate's `fingerprint`
/// (TLS) `https://ADDRESS/?room=CODE&fp=FINGERPRINT`. The app's client reads the same link
/// ([`crate::client::Target::parse`]).
pub fn join_link(address: SocketAddr, room: &str, fingerprint: Option<&str>) -> String {
    match fingerprint {
        Some(fp) => format!("https://{address}/?room={room}&fp={fp}"),
        None => format!("http://{address}/?room={room}"),
    }
}

/// This machine's address on the local network: the source address the system would use for
/// an outside destination. `connect` on a UDP socket only picks a route; no packet is sent.
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    Some(socket.local_addr().ok()?.ip()).filter(|ip| !ip.is_unspecified())
}
