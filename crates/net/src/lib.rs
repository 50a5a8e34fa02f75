//! LAN games for Carcassonne.
//!
//! - [`protocol`]: the versioned messages (client → host, host → client), `PROTOCOL.md`;
//! - [`host`]: the host as a pure state machine, `HostState::handle(Incoming, now)`;
//! - [`fair`]: commit-reveal of the draw order and its verifier;
//! - [`view`]: what a client knows, folded from the host's messages, and its end-of-game check;
//! - [`transport`]: the tokio + axum WebSocket server around the host, with the web page;
//! - [`client`]: a Rust client for the app and the tests;
//! - [`discovery`]: mDNS advertisement and browsing;
//! - [`headless`]: the host without a GUI (`carcassonne host`);
//! - [`table_file`]: a hosted table kept on disk while its game lasts;
//! - [`tls`]: certificates for tables on the internet (HTTPS/WSS), and the client's trust.
//!
//! ```
//! use carcassonne_net::host::{HostConfig, HostState, Incoming};
//! use carcassonne_net::protocol::{ClientMsg, Join, ServerMsg, PROTOCOL_VERSION};
//! use std::time::Duration;
//!
//! let mut host = HostState::new(HostConfig::default(), [7; 32]);
//! let now = Duration::ZERO;
//! host.handle(Incoming::Connected { conn: 1, from: std::net::Ipv4Addr::LOCALHOST.into() }, now);
//! let hello = ClientMsg::Hello {
//!     version: PROTOCOL_VERSION,
//!     room: host.room().to_owned(),
//!     name: "Ada".into(),
//!     join: Join::Player { seat: None },
//! };
//! let out = host.handle(Incoming::Text { conn: 1, text: hello.to_json() }, now);
//! assert!(matches!(&out[0], carcassonne_net::host::Outgoing::Send { msg: ServerMsg::Welcome { .. }, .. }));
//! ```

pub mod client;
pub mod discovery;
pub mod fair;
pub mod headless;
pub mod host;
pub mod protocol;
pub mod table_file;
pub mod tls;
pub mod transport;
pub mod view;
