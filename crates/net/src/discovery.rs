//! Finding tables on the local network by mDNS / DNS-SD (`_carcassonne._tcp.local.`).
//!
//! The host advertises its table name, protocol version and port; the room code is *not*
//! advertised, so being on the same Wi-Fi is not enough to sit down: the players are told the
//! code (or scan the QR code holding the join link).

use crate::protocol::PROTOCOL_VERSION;
use mdns_sd::{ResolvedService, ServiceDaemon, ServiceEvent, ServiceInfo};
use std::fmt;
use std::net::IpAddr;
use std::time::{Duration, Instant};

pub const SERVICE_TYPE: &str = "_carcassonne._tcp.local.";

/// A table found on the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    /// The host's protocol version: a different one cannot be joined (show it greyed out).
    pub protocol: u32,
    pub port: u16,
    pub addresses: Vec<IpAddr>,
}

#[derive(Debug)]
pub struct DiscoveryError(String);

impl fmt::Display for DiscoveryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mDNS: {}", self.0)
    }
}

impl std::error::Error for DiscoveryError {}

fn err(e: impl fmt::Display) -> DiscoveryError {
    DiscoveryError(e.to_string())
}

/// A running advertisement; [`Advertiser::stop`] withdraws it (so does dropping the process).
pub struct Advertiser {
    daemon: ServiceDaemon,
    fullname: String,
}

impl Advertiser {
    /// Advertises the table `name` served on `port`, at this machine's addresses.
    ///
    /// # Errors
    /// The mDNS daemon could not start, or the name is not valid.
    pub fn start(name: &str, port: u16) -> Result<Advertiser, DiscoveryError> {
        let daemon = ServiceDaemon::new().map_err(err)?;
        let protocol = PROTOCOL_VERSION.to_string();
        let properties = [("name", name), ("protocol", protocol.as_str())];
        // The instance name must be unique on the network: the port tells two hosts on one
        // machine apart, and the table name stays in the TXT record (any characters).
        let instance = format!("carcassonne-{port}");
        let info = ServiceInfo::new(
            SERVICE_TYPE,
            &instance,
            &format!("{instance}.local."),
            "",
            port,
            &properties[..],
        )
        .map_err(err)?
        .enable_addr_auto();
        let fullname = info.get_fullname().to_owned();
        daemon.register(info).map_err(err)?;
        Ok(Advertiser { daemon, fullname })
    }

    /// # Errors
    /// The daemon had already stopped.
    pub fn stop(self) -> Result<(), DiscoveryError> {
        let _ = self.daemon.unregister(&self.fullname).map_err(err)?;
        let _ = self.daemon.shutdown().map_err(err)?;
        Ok(())
    }
}

/// Listens for tables (the app's "Join" screen).
pub struct Browser {
    daemon: ServiceDaemon,
    events: mdns_sd::Receiver<ServiceEvent>,
}

impl Browser {
    /// # Errors
    /// The mDNS daemon could not start.
    pub fn start() -> Result<Browser, DiscoveryError> {
        let daemon = ServiceDaemon::new().map_err(err)?;
        let events = daemon.browse(SERVICE_TYPE).map_err(err)?;
        Ok(Browser { daemon, events })
    }

    /// The next table resolved within `wait`, if any.
    pub fn next(&self, wait: Duration) -> Option<Table> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            match self.events.recv_timeout(left).ok()? {
                ServiceEvent::ServiceResolved(info) => {
                    if let Some(t) = table_from(&info) {
                        return Some(t);
                    }
                }
                _ => continue,
            }
        }
    }

    pub fn stop(self) {
        let _ = self.daemon.shutdown();
    }
}

/// Reads a resolved service; `None` if it is not one of ours.
pub fn table_from(info: &ResolvedService) -> Option<Table> {
    let protocol = info.get_property_val_str("protocol")?.parse().ok()?;
    let name = info.get_property_val_str("name")?.to_owned();
    let mut addresses: Vec<IpAddr> = info
        .get_addresses()
        .iter()
        .map(|a| a.to_ip_addr())
        .collect();
    addresses.sort_unstable();
    Some(Table {
        name,
        protocol,
        port: info.port,
        addresses,
    })
}
