//! The UI server answers only its own page: attacks a web page could make on it (a cross-origin
//! POST, DNS rebinding with a forged `Host`, a call without this run's token) over real HTTP on
//! 127.0.0.1, against the real binary; and the served page with its token still works.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// A running UI server; it stops when its stdin closes (on drop).
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    port: u16,
    _dirs: (tempfile::TempDir, tempfile::TempDir),
}

impl Server {
    fn start() -> Server {
        let dist = tempfile::tempdir().expect("a step of the test");
        std::fs::write(
            dist.path().join("index.html"),
            "<!doctype html><html><head><title>t</title></head><body>the app</body></html>",
        )
        .expect("a step of the test");
        std::fs::write(dist.path().join("main.js"), "// the app's code")
            .expect("a step of the test");
        let data = tempfile::tempdir().expect("a step of the test");
        let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne-ui-server"))
            .args(["--port", "0", "--dist"])
            .arg(dist.path())
            .arg("--data")
            .arg(data.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("a step of the test");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("a step of the test"))
            .read_line(&mut line)
            .expect("a step of the test");
        let port = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        let stdin = child.stdin.take();
        Server {
            child,
            stdin,
            port,
            _dirs: (dist, data),
        }
    }

    fn own_host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn own_origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// One HTTP/1.1 request with exactly these headers (and `Connection: close`).
    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).expect("a step of the test");
        s.set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a step of the test");
        let mut text = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for (k, v) in headers {
            text.push_str(&format!("{k}: {v}\r\n"));
        }
        text.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        s.write_all(text.as_bytes()).expect("a step of the test");
        let mut raw = String::new();
        s.read_to_string(&mut raw).expect("a step of the test");
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .expect("a step of the test");
        Reply {
            status,
            head: head.to_ascii_lowercase(),
            body: body.to_owned(),
        }
    }

    /// What the page does: `GET /` at the server's own address, and the token in it.
    fn page_token(&self) -> String {
        let page = self.request("GET", "/", &[("Host", &self.own_host())], "");
        assert_eq!(page.status, 200, "{}", page.body);
        let after = page
            .body
            .split("name=\"carcassonne-api-token\" content=\"")
            .nth(1)
            .unwrap_or_else(|| panic!("the page carries no token: {}", page.body));
        after
            .split('"')
            .next()
            .expect("a step of the test")
            .to_owned()
    }

    /// An API call as the served page makes it (own Host and Origin, the token).
    fn call(&self, command: &str, token: &str, body: &str) -> Reply {
        let (host, origin) = (self.own_host(), self.own_origin());
        let headers = [
            ("Host", host.as_str()),
            ("Origin", origin.as_str()),
            ("Content-Type", "application/json"),
            ("X-Carcassonne-Token", token),
        ];
        self.request("POST", &format!("/api/{command}"), &headers, body)
    }

    fn profile_count(&self) -> usize {
        let reply = self.call("profiles", &self.page_token(), "{}");
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.json().as_array().expect("a step of the test").len()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Reply {
    status: u16,
    head: String,
    body: String,
}

impl Reply {
    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// A refusal by the access rules, with its reason.
    fn assert_refused(&self, reason: &str) {
        assert_eq!(self.status, 403, "{}", self.body);
        assert_eq!(
            self.json(),
            serde_json::json!({"kind": "forbidden", "reason": reason})
        );
        assert!(!self.head.contains("access-control-allow"), "{}", self.head);
    }
}

const ANN: &str = r##"{"req":{"name":"Ann","colour":"#1f77b4"}}"##;

#[test]
fn the_served_page_and_its_token_work() {
    let server = Server::start();
    let token = server.page_token();
    assert_eq!(token.len(), 64);
    let created = server.call("create_profile", &token, ANN);
    assert_eq!(created.status, 200, "{}", created.body);
    assert_eq!(created.json()["name"], "Ann");
    assert_eq!(server.profile_count(), 1);
    // `localhost` is the same server too; the page's other files need no token.
    let port = server.port.to_string();
    let host = format!("localhost:{port}");
    let js = server.request("GET", "/main.js", &[("Host", &host)], "");
    assert_eq!(js.status, 200, "{}", js.body);
    // The page is never cached (its token changes with every run) nor framed by other sites.
    let page = server.request("GET", "/", &[("Host", &server.own_host())], "");
    assert!(
        page.head.contains("cache-control: no-store"),
        "{}",
        page.head
    );
    assert!(page.head.contains("x-frame-options: deny"), "{}", page.head);
}

#[test]
fn a_cross_origin_post_is_refused() {
    let server = Server::start();
    let host = server.own_host();
    // What a form or `fetch(..., {mode: 'no-cors'})` on another site sends: no token, text/plain.
    let simple = [
        ("Host", host.as_str()),
        ("Origin", "http://evil.example"),
        ("Content-Type", "text/plain"),
    ];
    server
        .request("POST", "/api/create_profile", &simple, ANN)
        .assert_refused("foreign_origin");
    // Even with the token, another origin is refused (and a sandboxed page's `null`).
    let token = server.page_token();
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        let headers = [
            ("Host", host.as_str()),
            ("Origin", origin),
            ("X-Carcassonne-Token", token.as_str()),
        ];
        server
            .request("POST", "/api/create_profile", &headers, ANN)
            .assert_refused("foreign_origin");
    }
    // A preflight gets no CORS permission either.
    let preflight = [
        ("Host", host.as_str()),
        ("Origin", "http://evil.example"),
        ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "x-carcassonne-token"),
    ];
    let answer = server.request("OPTIONS", "/api/create_profile", &preflight, "");
    assert!(
        !answer.head.contains("access-control-allow"),
        "{}",
        answer.head
    );
    assert_eq!(server.profile_count(), 0, "no profile was created");
}

#[test]
fn a_forged_host_is_refused() {
    let server = Server::start();
    // DNS rebinding: a page on evil.example re-points its name at 127.0.0.1 and reads the
    // answers as its own origin, so it must not get the page (with the token) nor the API.
    let rebound = format!("evil.example:{}", server.port);
    let page = server.request("GET", "/", &[("Host", &rebound)], "");
    page.assert_refused("foreign_host");
    assert!(!page.body.contains("carcassonne-api-token"));
    let token = server.page_token();
    let origin = format!("http://{rebound}");
    for host in [rebound.as_str(), "127.0.0.1", "127.0.0.1:1", ""] {
        let headers = [
            ("Host", host),
            ("Origin", origin.as_str()),
            ("X-Carcassonne-Token", token.as_str()),
        ];
        server
            .request("POST", "/api/create_profile", &headers, ANN)
            .assert_refused("foreign_host");
    }
    // Same-origin to the rebound name (no `Origin` on a GET), still refused.
    server
        .request("GET", "/main.js", &[("Host", &rebound)], "")
        .assert_refused("foreign_host");
    assert_eq!(server.profile_count(), 0, "no profile was created");
}

#[test]
fn a_call_without_or_with_a_wrong_token_is_refused() {
    let server = Server::start();
    let (host, origin) = (server.own_host(), server.own_origin());
    let no_token = [("Host", host.as_str()), ("Origin", origin.as_str())];
    server
        .request("POST", "/api/create_profile", &no_token, ANN)
        .assert_refused("missing_token");
    server
        .request("POST", "/api/settings", &no_token, "{}")
        .assert_refused("missing_token");
    let token = server.page_token();
    // Another run's token, one changed character, a prefix, nothing.
    let other_run = Server::start().page_token();
    let mut changed = token.clone().into_bytes();
    changed[63] = if changed[63] == b'0' { b'1' } else { b'0' };
    let changed = String::from_utf8(changed).expect("a step of the test");
    for wrong in [other_run.as_str(), changed.as_str(), &token[..32], ""] {
        server
            .call("create_profile", wrong, ANN)
            .assert_refused("wrong_token");
    }
    assert_eq!(server.profile_count(), 0, "no profile was created");
}
