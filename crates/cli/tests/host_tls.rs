//! `carcassonne host --tls-cert --tls-key` on 127.0.0.1 with a self-signed certificate made
//! here: the app's client joins over WSS with the certificate pinned by the join link, plays a
//! whole game and checks its draws; a wrong fingerprint, or none, is refused by name; bad
//! certificate or key files stop the host with the file named; half-open TLS handshakes and
//! garbage do not lock a seat holder out. The browser at such a table is `tls_browser.rs`'s.

use carcassonne_net::client::{Client, ClientError};
use carcassonne_net::protocol::{
    AdminCommand, ClientMsg, Join, Phase, Reject, SeatChoice, ServerMsg,
};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Any single wait longer than this is a bug (a lost message), not slowness.
const WAIT: Duration = Duration::from_secs(20);

/// A host process killed when the test ends, passed or not.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A self-signed certificate for 127.0.0.1 in files of its own.
struct Cert {
    dir: PathBuf,
    cert: PathBuf,
    key: PathBuf,
}

impl Drop for Cert {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn make_cert(name: &str) -> Cert {
    let dir = std::env::temp_dir().join(format!(
        "carcassonne-tls-test-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).expect("rcgen");
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).expect("write");
    std::fs::write(&key, made.key_pair.serialize_pem()).expect("write");
    Cert { dir, cert, key }
}

/// What a started host printed.
struct Host {
    _process: Running,
    join_url: String,
    room: String,
    admin: String,
    fingerprint: String,
}

fn host_command(cert: &Path, key: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_carcassonne"));
    c.args(["host", "--bind", "127.0.0.1", "--port", "0", "--seats", "2"])
        .arg("--tls-cert")
        .arg(cert)
        .arg("--tls-key")
        .arg(key);
    c
}

fn start_host(cert: &Cert) -> Host {
    let child = host_command(&cert.cert, &cert.key)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut process = Running(child);
    let stdout = process.0.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    // Read to the end on a thread of its own: a host whose reader has gone ends.
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let (mut join_url, mut room, mut admin, mut fingerprint) = (None, None, None, None);
    while admin.is_none() || fingerprint.is_none() {
        let line = rx
            .recv_timeout(WAIT)
            .expect("the host prints its addresses");
        if let Some(code) = line.strip_prefix("Room code: ") {
            room = Some(code.to_owned());
        }
        if let Some(url) = line.strip_prefix("Join at:") {
            join_url = Some(url.trim().to_owned());
        }
        if let Some((_, token)) = line.split_once("&admin=") {
            admin = token.split_whitespace().next().map(str::to_owned);
        }
        if let Some(fp) = line.strip_prefix("Certificate SHA-256: ") {
            fingerprint = Some(fp.replace(':', "").to_lowercase());
        }
    }
    Host {
        _process: process,
        join_url: join_url.expect("a join link"),
        room: room.expect("a room code"),
        admin: admin.expect("an admin token"),
        fingerprint: fingerprint.expect("the certificate's fingerprint"),
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

/// Seat 0 for the test, seat 1 a bot, the game started.
async fn sit_and_start(host: &Host) -> Client {
    let mut c = Client::connect(&host.join_url).await.expect("connect");
    c.hello(&host.room, "Ada", Join::Player { seat: Some(0) }, WAIT)
        .await
        .expect("welcome");
    for command in [
        AdminCommand::SetSeat {
            seat: 1,
            kind: SeatChoice::Bot,
            level: Some(carcassonne_net::protocol::BotLevel::Easy),
        },
        AdminCommand::Start,
    ] {
        let token = host.admin.clone();
        c.send(&ClientMsg::Admin { token, command })
            .await
            .expect("sent");
    }
    c
}

/// Plays seat 0's first legal action at each of its turns (and its share of the draw) until
/// the game is over.
async fn play_to_the_end(c: &mut Client) -> usize {
    let (mut moves, mut sent_at) = (0, None);
    for _ in 0..20_000 {
        c.draw_duty().await.expect("the draw");
        if c.view.phase == Phase::Over {
            return moves;
        }
        // One action per state: the next comes once the host has applied it.
        if c.view.my_turn() && sent_at != Some(c.view.state) {
            let (state, action) = (c.view.state, c.view.legal[0]);
            c.send(&ClientMsg::Act { state, action })
                .await
                .expect("sent");
            sent_at = Some(state);
            moves += 1;
        }
        let msg = c.recv(WAIT).await.expect("the game goes on");
        // The host allows 20 messages a second after a burst of 40, and the bot answers at
        // once: a refused action is sent again once the host's bucket has refilled a little.
        if let ServerMsg::Rejected {
            reason: Reject::RateLimited,
        } = msg
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
            sent_at = None;
        }
    }
    panic!("the game did not end");
}

#[test]
fn the_client_joins_over_wss_with_the_pinned_certificate_plays_and_checks_the_draws() {
    let cert = make_cert("play");
    let host = start_host(&cert);
    assert!(
        host.join_url.starts_with("https://127.0.0.1:")
            && host.join_url.contains(&format!("?room={}", host.room))
            && host
                .join_url
                .ends_with(&format!("&fp={}", host.fingerprint)),
        "the join link carries the room and the fingerprint: {}",
        host.join_url
    );
    runtime().block_on(async {
        let mut c = sit_and_start(&host).await;
        let moves = play_to_the_end(&mut c).await;
        assert!(moves > 10, "the test's seat played ({moves} moves)");
        assert_eq!(c.view.verify(), Ok(()), "the draws check out");
        c.close().await;
    });
}

#[test]
fn a_wrong_fingerprint_or_none_is_refused_by_name() {
    let cert = make_cert("pin");
    let host = start_host(&cert);
    let wrong = "0".repeat(64);
    let forged = host.join_url.replace(&host.fingerprint, &wrong);
    let unpinned = host
        .join_url
        .replace(&format!("&fp={}", host.fingerprint), "");
    runtime().block_on(async {
        match Client::connect(&forged).await {
            Err(ClientError::WrongCertificate { expected, found }) => {
                assert_eq!((expected, found), (wrong.clone(), host.fingerprint.clone()));
            }
            other => panic!("a wrong pin must be refused, got {:?}", other.err()),
        }
        match Client::connect(&unpinned).await {
            Err(ClientError::UntrustedCertificate { found, .. }) => {
                assert_eq!(found, host.fingerprint);
            }
            other => panic!("a self-signed host without a pin, got {:?}", other.err()),
        }
        // A plain WebSocket to the TLS port is not a table either.
        let plain = host.join_url.replace("https://", "http://");
        let plain = plain.split("&fp=").next().expect("link");
        assert!(Client::connect(plain).await.is_err());
    });
}

/// The host's start-up with these files: its exit status and what it said.
fn start_with(cert: &Path, key: &Path) -> (bool, String) {
    let mut child = Running(
        host_command(cert, key)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the host starts"),
    );
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.0.try_wait().expect("wait") {
            break status;
        }
        assert!(
            started.elapsed() < WAIT,
            "the host did not stop on bad files"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    if let Some(mut e) = child.0.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut e, &mut err);
    }
    (status.success(), err)
}

#[test]
fn bad_certificate_or_key_files_stop_the_host_with_the_file_named() {
    let good = make_cert("bad-files");
    let other = make_cert("bad-files-other");
    let garbage = good.dir.join("garbage.pem");
    std::fs::write(&garbage, "not a certificate\n").expect("write");
    let missing = good.dir.join("missing.pem");
    let cases: [(&Path, &Path, &Path, &str); 5] = [
        (&missing, &good.key, &missing, "cannot read"),
        (&garbage, &good.key, &garbage, "holds no PEM certificate"),
        (&good.key, &good.key, &good.key, "holds no PEM certificate"),
        (&good.cert, &garbage, &garbage, "holds no PEM private key"),
        (
            &good.cert,
            &other.key,
            &other.key,
            "does not fit the certificate",
        ),
    ];
    for (cert, key, named, says) in cases {
        let (ok, err) = start_with(cert, key);
        assert!(!ok, "the host must not start with {cert:?} and {key:?}");
        assert!(
            err.contains(&named.display().to_string()) && err.contains(says),
            "{cert:?} + {key:?}: the error names the file and the problem: {err}"
        );
        assert!(!err.contains("panicked"), "no panic: {err}");
    }
}

/// A TLS record header announcing a ClientHello, and then nothing of it.
const PARTIAL_HELLO: &[u8] = &[0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03];

#[test]
fn half_open_handshakes_and_garbage_do_not_lock_a_seat_holder_out() {
    let cert = make_cert("flood");
    let host = start_host(&cert);
    let addr = host
        .join_url
        .trim_start_matches("https://")
        .split('/')
        .next()
        .expect("host:port")
        .to_owned();
    runtime().block_on(async {
        let mut c = Client::connect(&host.join_url).await.expect("connect");
        c.hello(&host.room, "Ada", Join::Player { seat: Some(0) }, WAIT)
            .await
            .expect("seated");
        let token = c.view.token().expect("token").to_owned();
        c.close().await;

        let mut flood = Vec::new();
        // WebSockets over TLS that never say hello.
        for _ in 0..50 {
            flood.push(Client::connect(&host.join_url).await.expect("connect"));
        }
        // Handshakes that never finish, silent sockets, and plain HTTP to the TLS port.
        let mut sockets = Vec::new();
        for i in 0..900 {
            let mut s = TcpStream::connect(&addr).await.expect("connect");
            let bytes: &[u8] = match i % 3 {
                0 => PARTIAL_HELLO,
                1 => b"",
                _ => b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
            };
            let _ = s.write_all(bytes).await;
            sockets.push(s);
        }

        let started = Instant::now();
        let back = async {
            let mut back = Client::connect(&host.join_url).await?;
            back.hello(&host.room, "Ada", Join::Resume { token }, WAIT)
                .await
        };
        tokio::time::timeout(WAIT, back)
            .await
            .expect("the door lets a newcomer in")
            .expect("back in the seat");
        let took = started.elapsed();
        assert!(
            took < Duration::from_secs(1),
            "the reconnection took {took:?}"
        );
        drop(sockets);
        drop(flood);
    });
}

#[test]
#[ignore = "needs chromium and crates/net/e2e/node_modules (npm ci); make lan-e2e runs it"]
fn a_browser_opens_the_https_page_joins_over_wss_and_plays_a_move() {
    let cert = make_cert("browser");
    let host = start_host(&cert);
    // The host's operator's link: the same join link with the admin token.
    let admin_url = format!("{}&admin={}", host.join_url, host.admin);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../net/e2e/join.mjs");
    let out = Command::new("node")
        .arg(script)
        .arg(&admin_url)
        .arg(&cert.cert)
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "browser script failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(r#""scheme":"https:""#),
        "the page was loaded over https: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The browser's move is the table's: a spectator over WSS sees it.
    runtime().block_on(async {
        let mut eve = Client::connect(&host.join_url).await.expect("connect");
        eve.hello(&host.room, "Eve", Join::Spectator, WAIT)
            .await
            .expect("watching");
        assert_eq!(eve.view.phase, Phase::Playing);
        assert_eq!(
            eve.view.history.first().map(|a| a.seat),
            Some(0),
            "the browser's move"
        );
    });
}
