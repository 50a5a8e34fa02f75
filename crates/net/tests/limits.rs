//! What one seat or one address may do: chat and emotes counted per seat (whatever connection
//! it speaks on) and per spectator address, room-code guesses counted per address.

mod common;

use carcassonne_net::host::{HostConfig, Limits, Pace};
use carcassonne_net::protocol::{ClientMsg, Join, Reject, ServerMsg, PROTOCOL_VERSION};
use common::World;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);

fn world(limits: Limits) -> World {
    World::new(HostConfig {
        limits,
        ..HostConfig::default()
    })
}

fn ip(last: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(10, 0, 0, last))
}

fn chat(w: &mut World, conn: u64, text: &str) -> Option<Reject> {
    w.take(conn);
    w.send(
        conn,
        &ClientMsg::Chat {
            text: text.to_owned(),
        },
    );
    w.take(conn).into_iter().find_map(|m| match m {
        ServerMsg::Rejected { reason } => Some(reason),
        _ => None,
    })
}

fn hello(w: &mut World, conn: u64, room: &str, name: &str) {
    let msg = ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        room: room.to_owned(),
        name: name.to_owned(),
        join: Join::Player { seat: None },
    };
    w.send(conn, &msg);
}

fn three_lines_an_hour() -> Limits {
    Limits {
        chat: Pace {
            burst: 3,
            every: HOUR,
        },
        ..Limits::default()
    }
}

#[test]
fn a_seat_s_chat_allowance_survives_a_new_connection() {
    let mut w = world(three_lines_an_hour());
    let ada = w.join("Ada");
    for i in 0..3 {
        assert_eq!(chat(&mut w, ada, &format!("hello {i}")), None);
    }
    assert_eq!(chat(&mut w, ada, "again"), Some(Reject::RateLimited));
    // A fresh connection to the same seat does not bring a fresh allowance.
    let token = w.view(ada).token().expect("token").to_owned();
    let back = w.connect();
    w.hello(back, "Ada", Join::Resume { token });
    assert!(w.view(back).seat().is_some(), "back in the seat");
    assert_eq!(chat(&mut w, back, "flood"), Some(Reject::RateLimited));
    w.take(back);
    w.send(
        back,
        &ClientMsg::Emote {
            emote: carcassonne_net::protocol::Emote::Laugh,
        },
    );
    assert_eq!(w.rejected(back), Reject::RateLimited, "emotes count too");
}

#[test]
fn spectators_from_one_address_share_one_allowance() {
    let mut w = world(three_lines_an_hour());
    let mut watchers = Vec::new();
    for i in 0..4 {
        let c = w.connect_from(ip(5));
        w.hello(c, &format!("Eve{i}"), Join::Spectator);
        watchers.push(c);
    }
    for &c in &watchers[..3] {
        assert_eq!(chat(&mut w, c, "hi"), None);
    }
    assert_eq!(chat(&mut w, watchers[3], "hi"), Some(Reject::RateLimited));
    let other = w.connect_from(ip(6));
    w.hello(other, "Zoe", Join::Spectator);
    assert_eq!(
        chat(&mut w, other, "hi"),
        None,
        "another address has its own"
    );
}

#[test]
fn wrong_room_codes_from_one_address_are_refused_and_another_still_joins() {
    let mut w = world(Limits {
        room_guesses: Pace {
            burst: 5,
            every: HOUR,
        },
        ..Limits::default()
    });
    let room = w.host.room().to_owned();
    let guesser = w.connect_from(ip(7));
    let wrong = if room == "AAAAA" { "BBBBB" } else { "AAAAA" };
    for _ in 0..5 {
        hello(&mut w, guesser, wrong, "Mallory");
        assert_eq!(w.rejected(guesser), Reject::WrongRoom);
    }
    hello(&mut w, guesser, wrong, "Mallory");
    let Reject::TooManyGuesses { retry_after } = w.rejected(guesser) else {
        panic!("the sixth wrong code is refused as a guess");
    };
    assert!(retry_after > 0);
    // The right code from the guessing address teaches nothing: refused the same way.
    hello(&mut w, guesser, &room, "Mallory");
    assert!(matches!(w.rejected(guesser), Reject::TooManyGuesses { .. }));
    let honest = w.connect_from(ip(8));
    hello(&mut w, honest, &room, "Ada");
    assert!(w.view(honest).seat().is_some(), "another address joins");
}
