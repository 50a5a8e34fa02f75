//! mDNS: an advertised table is found by a browser. The test runs itself again inside a
//! private network namespace (`unshare -rn`) holding only a loopback interface, so no packet
//! ever reaches a real network.

use carcassonne_net::discovery::{Advertiser, Browser};
use carcassonne_net::protocol::PROTOCOL_VERSION;
use std::net::{IpAddr, Ipv4Addr};
use std::process::Command;
use std::time::{Duration, Instant};

const INNER: &str = "CARCASSONNE_NET_NETNS_INNER";

#[test]
fn an_advertised_table_is_found_in_a_private_network_namespace() {
    if std::env::var_os(INNER).is_some() {
        return inner();
    }
    let exe = std::env::current_exe().expect("the test binary");
    let status = Command::new("unshare")
        .args(["--user", "--map-root-user", "--net", "sh", "-c"])
        .arg("ip link set lo up && ip link set lo multicast on && exec \"$0\" \"$@\"")
        .arg(exe)
        .args([
            "--exact",
            "an_advertised_table_is_found_in_a_private_network_namespace",
            "--nocapture",
        ])
        .env(INNER, "1")
        .status()
        .expect(
            "this test needs `unshare` (util-linux) and `ip` (iproute2) with unprivileged user \
             namespaces, to keep mDNS traffic off the real network",
        );
    assert!(
        status.success(),
        "the test inside the namespace failed: {status}"
    );
}

fn inner() {
    // Only loopback exists here (the namespace is new): refuse to run anywhere else.
    let links = Command::new("ip")
        .args(["-o", "link"])
        .output()
        .expect("ip");
    let links = String::from_utf8_lossy(&links.stdout);
    assert_eq!(
        links.lines().count(),
        1,
        "not an isolated namespace: {links}"
    );
    let port = 47_878;
    let ad = Advertiser::start("Ada's table", port).expect("advertise");
    let browser = Browser::start().expect("browse");
    let deadline = Instant::now() + Duration::from_secs(20);
    let found = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let table = browser.next(left).expect("the table is found in time");
        if table.port == port {
            break table;
        }
    };
    assert_eq!(found.name, "Ada's table");
    assert_eq!(found.protocol, PROTOCOL_VERSION);
    assert!(
        found.addresses.contains(&IpAddr::V4(Ipv4Addr::LOCALHOST)),
        "{:?}",
        found.addresses
    );
    browser.stop();
    ad.stop().expect("withdraw");
}
