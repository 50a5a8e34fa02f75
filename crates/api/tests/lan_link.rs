//! The app at a table through its Rust client (`lan_connect` / `lan_send` / `lan_poll`): two
//! apps join a table hosted by a third on 127.0.0.1, draw their shares, play a whole game
//! (one of them drops and comes back with its token), and each checks the game at the end
//! with the draws replayed. A hosting app that quits mid-game takes its table up again
//! from its save, and its players come back and finish. An app that closes mid-game takes its
//! seat back from its store, with the draw's pins it kept there.

mod common;

use carcassonne_api::*;
use carcassonne_net::fair;
use carcassonne_net::protocol::{
    AdminCommand, ClientMsg, Join, Reject, ServerMsg, PROTOCOL_VERSION,
};
use carcassonne_net::view::{ClientView, DrawDuty, VerifyError};
use carcassonne_store::Store;
use std::time::{Duration, Instant};

fn api() -> Api {
    Api::new(
        Store::open_in_memory().expect("store"),
        Box::new(MemorySettings::default()),
    )
}

/// One app at the table, as its UI would drive it.
struct Player {
    api: Api,
    link: u32,
    address: String,
    room: String,
    view: ClientView,
    share: [u8; 32],
}

impl Player {
    fn join(address: &str, room: &str, name: &str, join: Join, share: u8) -> Player {
        Player::join_on(api(), address, room, name, join, share)
    }

    /// Joins from `api` (an app on its own store).
    fn join_on(
        mut api: Api,
        address: &str,
        room: &str,
        name: &str,
        join: Join,
        share: u8,
    ) -> Player {
        let link = api
            .lan_connect(&LanConnectRequest {
                address: address.into(),
                room: room.into(),
            })
            .expect("connects")
            .link;
        let mut p = Player {
            api,
            link,
            address: address.into(),
            room: room.into(),
            view: ClientView::default(),
            share: [share; 32],
        };
        p.hello(name, join);
        p
    }

    /// An app that (re)started on its store takes its seat back at the one table it kept,
    /// as its "Rejoin the table" card does.
    fn from_kept(mut api: Api, share: u8) -> Player {
        let kept = api.lan_kept_link().expect("the kept links");
        assert_eq!(kept.len(), 1, "one table kept: {kept:?}");
        let k = kept.into_iter().next().expect("one");
        let token = k.token.clone().expect("a seat's token");
        let link = api
            .lan_connect(&LanConnectRequest {
                address: k.address.clone(),
                room: k.room.clone(),
            })
            .expect("reconnects")
            .link;
        let mut p = Player {
            api,
            link,
            address: k.address,
            room: k.room,
            view: ClientView::default(),
            share: [share; 32],
        };
        p.hello(&k.name, Join::Resume { token });
        p
    }

    fn hello(&mut self, name: &str, join: Join) {
        self.send(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            room: self.room.clone(),
            name: name.into(),
            join,
        });
        self.until(|v| v.you.is_some());
    }

    fn send(&mut self, msg: &ClientMsg) {
        self.api.lan_send(self.link, msg.to_json()).expect("sent");
    }

    /// Polls (as the UI does) until `done` holds for what was received.
    /// One poll, as the UI does, and the draw's duty if any.
    fn pump(&mut self) {
        let polled = self.api.lan_poll(self.link).expect("polls");
        assert!(!polled.closed, "closed: {:?}", polled.reason);
        for text in polled.messages {
            let msg: ServerMsg = serde_json::from_str(&text).expect("a protocol message");
            self.view.on(&msg);
        }
        self.draw_duty();
    }

    /// Polls until `done` holds for what was received.
    fn until(&mut self, done: impl Fn(&ClientView) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done(&self.view) {
            self.pump();
            assert!(
                Instant::now() < deadline,
                "timed out in {:?}",
                self.view.phase
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Plays `action` and waits until the table has applied it. This client acts far faster
    /// than a person, so the host's rate limit (a burst of 40 messages, then 20 per second)
    /// may refuse a message: it waits as told and sends it again; any other refusal fails.
    fn act(&mut self, action: carcassonne_engine::Action) {
        let state = self.view.state;
        let deadline = Instant::now() + Duration::from_secs(10);
        self.send(&ClientMsg::Act { state, action });
        while self.view.state <= state {
            let seen = self.view.rejections.len();
            self.pump();
            assert!(
                Instant::now() < deadline,
                "timed out acting at state {state}"
            );
            match self.view.rejections.get(seen..).unwrap_or_default() {
                [] => std::thread::sleep(Duration::from_millis(5)),
                [Reject::RateLimited] => {
                    // One message refills in 50 ms.
                    std::thread::sleep(Duration::from_millis(60));
                    self.send(&ClientMsg::Act { state, action });
                }
                other => panic!("refused at state {state}: {other:?}"),
            }
        }
    }

    fn draw_duty(&mut self) {
        match self.view.draw_duty() {
            Some(DrawDuty::Commit) => {
                self.view.draw_sent = Some(DrawDuty::Commit);
                let hash = fair::to_hex(&fair::contribution_hash(&self.share));
                self.send(&ClientMsg::Commit { hash });
            }
            Some(DrawDuty::Reveal) => {
                self.view.draw_sent = Some(DrawDuty::Reveal);
                let contribution = fair::to_hex(&self.share);
                self.send(&ClientMsg::Contribute { contribution });
            }
            None => {}
        }
    }

    /// Connects again and takes its seat back with its token (after a drop, or when the
    /// table's host came back).
    fn come_back(&mut self, name: &str) {
        let token = self.view.token().expect("token").to_owned();
        self.api.lan_disconnect(self.link);
        self.link = self
            .api
            .lan_connect(&LanConnectRequest {
                address: self.address.clone(),
                room: self.room.clone(),
            })
            .expect("reconnects")
            .link;
        self.view.you = None;
        self.hello(name, Join::Resume { token });
    }

    fn verdict(&mut self) -> LanVerdict {
        self.api
            .lan_verify(&LanConnectRequest {
                address: self.address.clone(),
                room: self.room.clone(),
            })
            .expect("a verdict")
    }
}

/// A table on 127.0.0.1 hosted by `host`: its address and the admin token.
fn host_table(host: &mut Api) -> (LanHostInfo, String, String) {
    let info = host
        .lan_host(LanHostRequest {
            name: "Test".into(),
            seats: 2,
            sets: vec![],
            options: Default::default(),
            port: None,
            loopback_only: true,
            turn_timer: None,
            undo: None,
            away_level: None,
            tls: None,
        })
        .expect("hosted");
    let address = info
        .join_url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .expect("address")
        .to_owned();
    let admin = info
        .admin_url
        .split("admin=")
        .nth(1)
        .expect("admin token")
        .to_owned();
    (info, address, admin)
}

/// Ann and Bob sit at the table and Ann starts; both draw their shares (each waits for the
/// other's commitment) until the game begins.
fn seated_and_started(info: &LanHostInfo, address: &str, admin: String) -> [Player; 2] {
    seated_and_started_at(address, &info.room, admin)
}

/// Two apps seated at the table at `address` (an address or a join link), the game started.
fn seated_and_started_at(address: &str, room: &str, admin: String) -> [Player; 2] {
    let mut ann = Player::join(address, room, "Ann", Join::Player { seat: None }, 1);
    let mut bob = Player::join(address, room, "Bob", Join::Player { seat: None }, 2);
    ann.send(&ClientMsg::Admin {
        token: admin,
        command: AdminCommand::Start,
    });
    let deadline = Instant::now() + Duration::from_secs(10);
    while ann.view.table.is_none() || bob.view.table.is_none() {
        ann.pump();
        bob.pump();
        assert!(Instant::now() < deadline, "the game begins");
        std::thread::sleep(Duration::from_millis(5));
    }
    [ann, bob]
}

/// Plays up to `actions` actions (the mover's first legal one), calling `between` before
/// each with the number played; returns how many were played (fewer: the game ended).
fn play(
    players: &mut [Player; 2],
    actions: u32,
    mut between: impl FnMut(u32, &mut [Player; 2]),
) -> u32 {
    let mut turns = 0;
    while turns < actions {
        // Both settle: someone must act, or the game is over for both.
        let settled = |v: &ClientView| v.my_turn() || v.result.is_some();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let [ann, bob] = &*players;
            if (settled(&ann.view) || settled(&bob.view)) && ann.view.state == bob.view.state {
                break;
            }
            players.iter_mut().for_each(Player::pump);
            assert!(Instant::now() < deadline, "both settle");
            std::thread::sleep(Duration::from_millis(2));
        }
        if players.iter().all(|p| p.view.result.is_some()) {
            break;
        }
        between(turns, players);
        let [ann, bob] = players;
        let mover = if ann.view.my_turn() { ann } else { bob };
        let action = *mover.view.legal.first().expect("a legal action");
        mover.act(action);
        turns += 1;
    }
    turns
}

/// Both check the game at the end with the draws replayed; each keeps it in its history,
/// once, with every action it saw.
fn both_check(players: &mut [Player; 2]) {
    for p in players.iter_mut() {
        p.until(|v| v.result.is_some());
        let v = p.verdict();
        let kept = v.game.expect("kept in the history");
        assert_eq!(
            v,
            LanVerdict {
                ok: true,
                problem: None,
                replayed: true,
                game: Some(kept),
            }
        );
        assert_eq!(p.verdict().game, Some(kept), "kept once");
        let history = p.api.history().expect("history");
        assert_eq!(history.len(), 1);
        let entry = &history[0];
        assert_eq!(entry.id, kept);
        assert_eq!(entry.status, carcassonne_store::GameStatus::Finished);
        assert_eq!(entry.actions as usize, p.view.history.len());
        let scores: Vec<Option<u32>> = entry.seats.iter().map(|s| s.score).collect();
        let shown: Vec<Option<u32>> = p.view.scores.iter().map(|&s| Some(s)).collect();
        assert_eq!(scores, shown);
    }
}

#[test]
fn two_apps_play_a_whole_game_through_their_rust_clients_and_check_it() {
    let mut host = api();
    let (info, address, admin) = host_table(&mut host);
    let mut players = seated_and_started(&info, &address, admin);
    let turns = play(&mut players, 400, |turns, [ann, bob]| {
        // Bob drops a quarter of the way in and comes back with his token.
        if turns == 20 {
            bob.come_back("Bob");
            let state = bob.view.state;
            ann.until(|v| v.state >= state);
            assert_eq!(bob.view.state, ann.view.state, "the whole state back");
            assert_eq!(bob.view.table, ann.view.table, "the same table");
        }
    });
    assert!((71..400).contains(&turns), "a whole game ({turns} actions)");
    // Ann has a profile here (names match whatever the case); Bob has none
    let ann_profile = players[0]
        .api
        .create_profile(ProfileRequest {
            name: "ann".into(),
            colour: "#1f6fd1".into(),
        })
        .expect("profile")
        .id;
    both_check(&mut players);
    let [ann, bob] = &mut players;
    let seat_players = |p: &Player| -> Vec<carcassonne_store::Player> {
        p.api.history().expect("history")[0]
            .seats
            .iter()
            .map(|s| s.entry.player.clone())
            .collect()
    };
    let ann_seat = usize::from(ann.view.seat().expect("Ann's seat"));
    for (i, who) in seat_players(ann).into_iter().enumerate() {
        let profile = (i == ann_seat).then_some(ann_profile);
        assert_eq!(
            who,
            carcassonne_store::Player::Human { profile },
            "seat {i}"
        );
    }
    assert!(seat_players(bob)
        .iter()
        .all(|p| *p == carcassonne_store::Player::Human { profile: None }));
    let stats = ann
        .api
        .statistics(IdRequest { id: ann_profile })
        .expect("stats");
    assert_eq!(stats.overall.played, 1, "the table's game counts for Ann");
    host.lan_stop();
}

#[test]
fn a_hosting_app_that_quits_mid_game_takes_its_table_up_again_and_nothing_is_lost() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("hosted-table.json");
    let mut host = api();
    host.set_table_save_path(file.clone());
    let (info, address, admin) = host_table(&mut host);
    let mut players = seated_and_started(&info, &address, admin);
    assert_eq!(play(&mut players, 15, |_, _| {}), 15);
    let state = players.iter().map(|p| p.view.state).max().unwrap_or(0);
    for p in players.iter_mut() {
        p.until(|v| v.state >= state);
    }
    let history = players[0].view.history.clone();

    // The hosting app quits (or its window is closed) mid-game; its table stays on disk.
    drop(host);
    assert!(file.exists(), "the table is kept");
    let mut host = api();
    host.set_table_save_path(file.clone());
    let saved = host.lan_saved_table().expect("a saved table");
    assert_eq!(
        saved,
        SavedTable {
            name: "Test".into(),
            room: info.room.clone(),
            players: vec!["Ann".into(), "Bob".into()],
            started: true,
            moves: saved.moves,
            problem: None,
        }
    );
    assert!(saved.moves >= 15, "{saved:?}");
    let again = host.lan_resume().expect("taken up");
    assert_eq!(
        again.join_url, info.join_url,
        "same address, so pages find it again"
    );
    assert_eq!(again.admin_url, info.admin_url);
    assert_eq!(
        host.lan_saved_table(),
        None,
        "nothing to offer while it is hosted"
    );

    // Both come back to their seats with their tokens: the same game, to its end.
    for (p, name) in players.iter_mut().zip(["Ann", "Bob"]) {
        p.come_back(name);
        p.until(|v| v.state >= state);
        assert_eq!(p.view.history, history, "{name} finds the game as it was");
        assert_eq!(p.view.state, state);
    }
    let turns = play(&mut players, 400, |_, _| {});
    assert!(
        (50..400).contains(&turns),
        "the rest of the game ({turns} actions)"
    );
    both_check(&mut players);
    // Over: nothing left to take up.
    let deadline = Instant::now() + Duration::from_secs(10);
    while file.exists() {
        assert!(
            Instant::now() < deadline,
            "the save of a finished game is removed"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    host.lan_stop();
}

#[test]
fn a_table_that_cannot_be_saved_says_so_and_a_damaged_save_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().expect("a folder");
    // A folder that does not exist stands for a full or read-only disk.
    let mut host = api();
    host.set_table_save_path(dir.path().join("missing").join("hosted-table.json"));
    let (info, address, _) = host_table(&mut host);
    // Ann's taking a seat is a change the host cannot save: it is not acknowledged (saved,
    // then acknowledged), and the host's operator is told why.
    let mut ann = api();
    let link = ann
        .lan_connect(&LanConnectRequest {
            address: address.clone(),
            room: info.room.clone(),
        })
        .expect("connects")
        .link;
    let hello = ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        room: info.room.clone(),
        name: "Ann".into(),
        join: Join::Player { seat: None },
    };
    ann.lan_send(link, hello.to_json()).expect("sent");
    let deadline = Instant::now() + Duration::from_secs(10);
    let error = loop {
        if let Some(e) = host.lan_status().and_then(|s| s.save_error) {
            break e;
        }
        assert!(Instant::now() < deadline, "the failed save is reported");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(error.contains("cannot save the table"), "{error}");
    let mut ann_view = ClientView::default();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let polled = ann.lan_poll(link).expect("polls");
        for text in &polled.messages {
            ann_view.on(&serde_json::from_str::<ServerMsg>(text).expect("a protocol message"));
        }
        if polled.closed || !ann_view.rejections.is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "Ann hears of the refusal");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(ann_view.you.is_none(), "no seat was acknowledged");
    assert!(
        ann_view.rejections.is_empty() || ann_view.rejections.contains(&Reject::NotSaved),
        "{:?}",
        ann_view.rejections
    );
    host.lan_stop();

    let file = dir.path().join("hosted-table.json");
    std::fs::write(&file, "{\"request\": 3").expect("written");
    let mut host = api();
    host.set_table_save_path(file.clone());
    let saved = host.lan_saved_table().expect("something is there");
    assert!(
        saved
            .problem
            .as_deref()
            // the parser's own words for what is wrong with the file
            .is_some_and(|p| p.contains("line 1")),
        "{saved:?}"
    );
    let refused = host.lan_resume();
    assert!(matches!(refused, Err(ApiError::Lan { .. })), "{refused:?}");
    assert!(host.lan_discard_saved());
    assert!(!file.exists());
    assert_eq!(host.lan_saved_table(), None);
}

#[test]
fn connecting_to_nothing_or_nonsense_is_a_clear_error() {
    let mut a = api();
    let bad = a.lan_connect(&LanConnectRequest {
        address: "not an address".into(),
        room: "ABCDE".into(),
    });
    assert!(matches!(bad, Err(ApiError::BadRequest { .. })), "{bad:?}");
    // A port nobody listens on (bound then released).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let closed = a.lan_connect(&LanConnectRequest {
        address: format!("127.0.0.1:{port}"),
        room: "ABCDE".into(),
    });
    assert!(matches!(closed, Err(ApiError::Lan { .. })), "{closed:?}");
    assert!(matches!(a.lan_poll(99), Err(ApiError::NotFound { .. })));
    assert!(matches!(
        a.lan_verify(&LanConnectRequest {
            address: "127.0.0.1:1".into(),
            room: "NOPE".into()
        }),
        Err(ApiError::Lan { .. })
    ));
}

const INNER: &str = "CARCASSONNE_API_NETNS_INNER";

/// One app hosts a table announced by mDNS; another finds it in its list and sits at it. Runs
/// itself again inside a private network namespace (`unshare -rn`) holding only a loopback
/// interface, so no packet reaches a real network.
#[test]
fn an_app_finds_a_table_another_app_hosts_and_sits_at_it() {
    if std::env::var_os(INNER).is_none() {
        let exe = std::env::current_exe().expect("the test binary");
        let status = std::process::Command::new("unshare")
            .args(["--user", "--map-root-user", "--net", "sh", "-c"])
            .arg("ip link set lo up && ip link set lo multicast on && exec \"$0\" \"$@\"")
            .arg(exe)
            .args([
                "--exact",
                "an_app_finds_a_table_another_app_hosts_and_sits_at_it",
                "--nocapture",
            ])
            .env(INNER, "1")
            .status()
            .expect("this test needs `unshare` (util-linux) and `ip` (iproute2)");
        assert!(
            status.success(),
            "the test inside the namespace failed: {status}"
        );
        return;
    }
    let links = std::process::Command::new("ip")
        .args(["-o", "link"])
        .output()
        .expect("ip");
    assert_eq!(
        String::from_utf8_lossy(&links.stdout).lines().count(),
        1,
        "not an isolated namespace"
    );
    let mut host = api();
    let info = host
        .lan_host(LanHostRequest {
            name: "Ann's kitchen".into(),
            seats: 2,
            sets: vec![],
            options: Default::default(),
            port: None,
            // announced, as on a real network (only loopback exists here)
            loopback_only: false,
            turn_timer: None,
            undo: None,
            away_level: None,
            tls: None,
        })
        .expect("hosted");
    assert!(info.advertised, "{:?}", info.advert_error);
    let deadline = Instant::now() + Duration::from_secs(30);
    let table = loop {
        let found = carcassonne_api::lan::find_tables(Duration::from_secs(3)).expect("browses");
        if let Some(t) = found.into_iter().find(|t| t.name == "Ann's kitchen") {
            break t;
        }
        assert!(Instant::now() < deadline, "the table is found in time");
    };
    assert!(table.compatible);
    let url = table.urls.first().expect("an address").clone();
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    let bob = Player::join(address, &info.room, "Bob", Join::Player { seat: None }, 2);
    assert_eq!(bob.view.seat(), Some(0));
    let lobby = bob.view.lobby.as_ref().expect("the lobby");
    assert_eq!(lobby.seats[0].name, "Bob");
    host.lan_stop();
}

/// The first value under `key` anywhere in `json`.
fn find_key<'a>(json: &'a mut serde_json::Value, key: &str) -> Option<&'a mut serde_json::Value> {
    match json {
        serde_json::Value::Object(map) => {
            if map.contains_key(key) {
                return map.get_mut(key);
            }
            map.values_mut().find_map(|v| find_key(v, key))
        }
        serde_json::Value::Array(items) => items.iter_mut().find_map(|v| find_key(v, key)),
        _ => None,
    }
}

/// The first object anywhere in `json` that holds `key`.
fn find_holder<'a>(
    json: &'a mut serde_json::Value,
    key: &str,
) -> Option<&'a mut serde_json::Value> {
    if json.get(key).is_some() {
        return Some(json);
    }
    match json {
        serde_json::Value::Object(map) => map.values_mut().find_map(|v| find_holder(v, key)),
        serde_json::Value::Array(items) => items.iter_mut().find_map(|v| find_holder(v, key)),
        _ => None,
    }
}

/// Whether the table file at `file` shows seat `seat`'s `field` (commit or contribution).
fn saved_seat_has(file: &std::path::Path, seat: usize, field: &str) -> bool {
    let Ok(text) = std::fs::read_to_string(file) else {
        return false;
    };
    let Ok(mut json) = serde_json::from_str::<serde_json::Value>(&text) else {
        return false;
    };
    // the table's own seats (the app's request beside it has a `seats` count too)
    find_holder(&mut json, "entropy")
        .and_then(|table| table.get("seats"))
        .and_then(|s| s.get(seat))
        .and_then(|s| s.get(field))
        .is_some_and(|v| !v.is_null())
}

/// The host starts the game; Bob commits (and stops there); Ann commits and reveals once the
/// host asks, until the table file holds her share and Bob's commitment.
fn start_until_anns_share_is_in_the_file(
    ann: &mut Player,
    bob: &mut Player,
    admin: String,
    file: &std::path::Path,
) {
    ann.send(&ClientMsg::Admin {
        token: admin,
        command: AdminCommand::Start,
    });
    bob.until(|v| v.draw_sent == Some(DrawDuty::Commit));
    let deadline = Instant::now() + Duration::from_secs(10);
    while !saved_seat_has(file, 0, "contribution") || !saved_seat_has(file, 1, "commit") {
        ann.pump();
        assert!(Instant::now() < deadline, "Ann's share reaches the file");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The host operator's edit: other entropy in the (closed) host's table file, then a new
/// host takes the table up from it.
fn resumed_with_other_entropy(file: &std::path::Path) -> Api {
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("the file")).expect("JSON");
    *find_key(&mut json, "entropy").expect("the entropy") =
        serde_json::to_value([7u8; 32]).expect("JSON");
    std::fs::write(file, json.to_string()).expect("written");
    let mut host = api();
    host.set_table_save_path(file.to_path_buf());
    host.lan_resume().expect("taken up");
    host
}

/// Plays the game to its end; each app sees a commitment other than `first` and its check
/// says so, and keeps no game.
fn play_to_an_end_caught_unfair(players: &mut [Player; 2], first: &str) {
    let turns = play(players, 400, |_, _| {});
    assert!((71..400).contains(&turns), "a whole game ({turns} actions)");
    for p in players.iter_mut() {
        p.until(|v| v.result.is_some());
        assert_ne!(
            p.view.commitment.as_deref(),
            Some(first),
            "a new commitment"
        );
        assert_eq!(
            p.verdict(),
            LanVerdict {
                ok: false,
                problem: Some(VerifyError::Unfair {
                    reason: fair::FairnessError::CommitmentChanged
                }),
                replayed: true,
                game: None,
            }
        );
        assert!(
            p.api.history().expect("history").is_empty(),
            "an unfair game is not kept"
        );
    }
}

/// The attack of issue 27: the hosting app's operator (Bob's seat, revealing last) reads
/// Ann's revealed share in the table file, quits, writes other entropy (so another secret,
/// chosen knowing Ann's share) into the file and takes the table up again. The host now
/// shows another commitment; each app pinned the first one it saw, so its check says so.
#[test]
fn a_host_that_swaps_its_secret_by_editing_its_table_file_is_caught_by_the_apps() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("hosted-table.json");
    let mut host = api();
    host.set_table_save_path(file.clone());
    let (info, address, admin) = host_table(&mut host);
    let mut ann = Player::join(&address, &info.room, "Ann", Join::Player { seat: None }, 1);
    let mut bob = Player::join(&address, &info.room, "Bob", Join::Player { seat: None }, 2);
    start_until_anns_share_is_in_the_file(&mut ann, &mut bob, admin, &file);
    let first = ann.view.commitment.clone().expect("the commitment");
    drop(host);

    let mut host = resumed_with_other_entropy(&file);

    let mut players = [ann, bob];
    for (p, name) in players.iter_mut().zip(["Ann", "Bob"]) {
        p.come_back(name);
    }
    play_to_an_end_caught_unfair(&mut players, &first);
    host.lan_stop();
}

/// A headless host over TLS on 127.0.0.1 with a self-signed certificate made here: its
/// `Ready` (join link with the fingerprint), and what stops it.
fn tls_host() -> (
    carcassonne_net::headless::Ready,
    tokio::sync::oneshot::Sender<()>,
    std::thread::JoinHandle<std::io::Result<carcassonne_net::host::HostState>>,
) {
    use carcassonne_net::headless::{run_host_until, Headless};
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).expect("rcgen");
    let dir = tempfile::tempdir().expect("temp dir");
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).expect("write");
    std::fs::write(&key, made.key_pair.serialize_pem()).expect("write");
    let tls = carcassonne_net::tls::ServerIdentity::load(&cert, &key).expect("a certificate");
    let options = Headless {
        bind: std::net::Ipv4Addr::LOCALHOST.into(),
        port: 0,
        config: carcassonne_net::host::HostConfig::default(),
        name: "TLS table".into(),
        advertise: false,
        assets: None,
        resume: None,
        on_change: None,
        tls: Some(tls),
    };
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let server = std::thread::spawn(move || {
        run_host_until(
            options,
            |ready| ready_tx.send(ready.clone()).expect("the test listens"),
            async {
                let _ = stop_rx.await;
            },
        )
    });
    let ready = ready_rx
        .recv_timeout(Duration::from_secs(10))
        .expect("ready in time");
    (ready, stop_tx, server)
}

#[test]
fn two_apps_join_a_tls_table_by_its_join_link_play_and_check_it() {
    let (ready, stop, server) = tls_host();
    let fp = ready.fingerprint.clone().expect("a fingerprint over TLS");
    assert!(ready.join_url.starts_with("https://127.0.0.1:"));
    assert!(ready.join_url.ends_with(&format!("&fp={fp}")));
    let admin = ready
        .admin_url
        .split("&admin=")
        .nth(1)
        .expect("an admin token")
        .to_owned();
    let mut players = seated_and_started_at(&ready.join_url, &ready.room, admin);
    play(&mut players, u32::MAX, |_, _| {});
    both_check(&mut players);

    // A link whose fingerprint is not the host's certificate's, and one without any: refused
    // with their reasons, not as an unreachable table.
    let mut a = api();
    let wrong = ready.join_url.replace(&fp, &"0".repeat(64));
    let unpinned = ready.join_url.replace(&format!("&fp={fp}"), "");
    for (link, want) in [
        (wrong, LanProblem::WrongCertificate),
        (unpinned, LanProblem::UntrustedCertificate),
    ] {
        match a.lan_connect(&LanConnectRequest {
            address: link.clone(),
            room: ready.room.clone(),
        }) {
            Err(ApiError::Lan { problem, .. }) => assert_eq!(problem, want, "{link}"),
            other => panic!("{link}: {other:?}"),
        }
    }
    let _ = stop.send(());
    server.join().expect("no panic").expect("no error");
}

/// A self-signed certificate for 127.0.0.1 and its key, as PEM files in `dir`.
fn certificate_files(dir: &std::path::Path) -> LanTls {
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).expect("rcgen");
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).expect("write");
    std::fs::write(&key, made.key_pair.serialize_pem()).expect("write");
    LanTls {
        cert: cert.display().to_string(),
        key: key.display().to_string(),
    }
}

fn tls_request(tls: LanTls) -> LanHostRequest {
    LanHostRequest {
        name: "Over the internet".into(),
        seats: 2,
        sets: vec![],
        options: Default::default(),
        port: None,
        loopback_only: true,
        turn_timer: None,
        undo: None,
        away_level: None,
        tls: Some(tls),
    }
}

#[test]
fn an_app_hosts_a_tls_table_that_two_apps_join_by_its_pinned_link_play_and_check() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut host = api();
    let info = host
        .lan_host(tls_request(certificate_files(dir.path())))
        .expect("hosted over TLS");
    let fp = info
        .fingerprint
        .clone()
        .expect("its certificate's fingerprint");
    assert!(
        info.join_url.starts_with("https://127.0.0.1:"),
        "{}",
        info.join_url
    );
    assert!(info.join_url.ends_with(&format!("&fp={fp}")));
    assert!(!info.advertised, "a TLS table is joined by its link");
    let admin = info
        .admin_url
        .split("&admin=")
        .nth(1)
        .expect("admin")
        .to_owned();
    let mut players = seated_and_started_at(&info.join_url, &info.room, admin);
    play(&mut players, u32::MAX, |_, _| {});
    both_check(&mut players);
    host.lan_stop();
}

#[test]
fn a_tls_table_with_a_wrong_certificate_or_key_file_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = certificate_files(dir.path());
    let other = tempfile::tempdir().expect("temp dir");
    let stranger = certificate_files(other.path());
    let missing = dir.path().join("missing.pem").display().to_string();
    let cases = [
        (
            LanTls {
                cert: missing.clone(),
                key: good.key.clone(),
            },
            LanProblem::TlsUnreadable,
            missing,
        ),
        (
            LanTls {
                cert: good.key.clone(),
                key: good.key.clone(),
            },
            LanProblem::TlsNoCertificate,
            good.key.clone(),
        ),
        (
            LanTls {
                cert: good.cert.clone(),
                key: good.cert.clone(),
            },
            LanProblem::TlsNoKey,
            good.cert.clone(),
        ),
        (
            LanTls {
                cert: good.cert.clone(),
                key: stranger.key.clone(),
            },
            LanProblem::TlsRefused,
            stranger.key.clone(),
        ),
    ];
    let mut host = api();
    for (files, want, named) in cases {
        match host.lan_host(tls_request(files)) {
            Err(ApiError::Lan { problem, detail }) => {
                assert_eq!(problem, want);
                assert_eq!(detail.as_deref(), Some(named.as_str()));
            }
            other => panic!("{want:?}: {other:?}"),
        }
        assert!(host.lan_status().is_none(), "nothing hosted");
    }
}

/// Issue 27 across an app restart: Ann's app sees the host's commitment and reveals her share,
/// then closes. Meanwhile the hosting app's operator swaps the secret in its table file and
/// takes the table up again. Ann's app, opened again on the same store, takes her seat back
/// from the link it kept, with the commitment it pinned then: its check says the host changed
/// it. (An app that forgot what it saw would check the new secret against the new commitment
/// only, and call the game fair.)
#[test]
fn an_app_that_closed_and_came_back_still_catches_a_host_that_swapped_its_secret_meanwhile() {
    let dir = tempfile::tempdir().expect("a folder");
    let app_dir = tempfile::tempdir().expect("Ann's app's folder");
    let file = dir.path().join("hosted-table.json");
    let mut host = api();
    host.set_table_save_path(file.clone());
    let (info, address, admin) = host_table(&mut host);
    let mut ann = Player::join_on(
        common::api_at(app_dir.path()),
        &address,
        &info.room,
        "Ann",
        Join::Player { seat: None },
        1,
    );
    let mut bob = Player::join(&address, &info.room, "Bob", Join::Player { seat: None }, 2);
    start_until_anns_share_is_in_the_file(&mut ann, &mut bob, admin, &file);
    let first = ann.view.commitment.clone().expect("the commitment");
    let kept = ann.api.lan_kept_link().expect("kept");
    assert_eq!(kept.len(), 1);
    assert_eq!(
        (
            kept[0].seat,
            kept[0].token.as_deref(),
            kept[0].name.as_str()
        ),
        (ann.view.seat(), ann.view.token(), "Ann"),
        "the seat and its token are kept"
    );
    drop(ann); // Ann's app closes

    drop(host);
    let mut host = resumed_with_other_entropy(&file);

    let ann = Player::from_kept(common::api_at(app_dir.path()), 1);
    bob.come_back("Bob");
    let mut players = [ann, bob];
    play_to_an_end_caught_unfair(&mut players, &first);
    assert_eq!(
        players[0].api.lan_kept_link().expect("kept"),
        [],
        "the game checked, its table is no longer kept"
    );
    host.lan_stop();
}

/// An honest table: Ann's app closes a few turns in and opens again on the same store; she
/// takes her seat back from the kept link, the game goes on to its end and checks fair with
/// the pins and the share kept from before, and the game is kept in her history. Bob forgets
/// his table's link (the card's "forget"): it is not kept again while he plays on.
#[test]
fn an_app_that_closed_mid_game_rejoins_from_its_store_and_the_game_checks_fair() {
    let app_dir = tempfile::tempdir().expect("Ann's app's folder");
    let mut host = api();
    let (info, address, admin) = host_table(&mut host);
    let mut ann = Player::join_on(
        common::api_at(app_dir.path()),
        &address,
        &info.room,
        "Ann",
        Join::Player { seat: None },
        1,
    );
    let mut bob = Player::join(&address, &info.room, "Bob", Join::Player { seat: None }, 2);
    ann.send(&ClientMsg::Admin {
        token: admin,
        command: AdminCommand::Start,
    });
    let deadline = Instant::now() + Duration::from_secs(10);
    while ann.view.table.is_none() || bob.view.table.is_none() {
        ann.pump();
        bob.pump();
        assert!(Instant::now() < deadline, "the game begins");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(bob.api.lan_kept_link().expect("kept").len(), 1);
    assert!(bob
        .api
        .lan_forget_link(&LanConnectRequest {
            address: bob.address.clone(),
            room: bob.room.clone(),
        })
        .expect("forgets"));
    let mut players = [ann, bob];
    let turns = play(&mut players, 400, |turns, [ann, bob]| {
        if turns == 15 {
            let state = ann.view.state;
            ann.api = api(); // Ann's app closes (its connection with it)...
            *ann = Player::from_kept(common::api_at(app_dir.path()), 1); // ...and opens again
            bob.until(|v| v.state >= state);
            assert_eq!(ann.view.state, bob.view.state, "the whole state back");
            assert_eq!(ann.view.table, bob.view.table, "the same table");
        }
    });
    assert!((71..400).contains(&turns), "a whole game ({turns} actions)");
    assert_eq!(players[1].api.lan_kept_link().expect("kept"), []);
    both_check(&mut players);
    assert_eq!(players[0].api.lan_kept_link().expect("kept"), []);
    host.lan_stop();
}
