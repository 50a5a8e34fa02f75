//! The `carcassonne` binary as a user runs it: exit codes, text and JSON output.

use std::path::PathBuf;
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// A scratch path in a directory removed when the returned guard drops (keep it alive).
fn tmp(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    (dir, path)
}

#[test]
fn replay_of_the_example_prints_scores_and_exits_zero() {
    let example = root().join("docs/example-record.json");
    let out = run(&["replay", example.to_str().expect("utf-8 path")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("R-BASE-7"), "{text}");
    assert!(text.contains("expected scores: match"), "{text}");
}

#[test]
fn replay_json_follows_the_documented_schema() {
    let example = root().join("docs/example-record.json");
    let out = run(&["replay", "--json", example.to_str().expect("utf-8 path")]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["ok"], true);
    assert_eq!(v["status"], "finished");
    assert_eq!(v["scores"], serde_json::json!([4, 2]));
    assert_eq!(v["standings"][0]["seats"], serde_json::json!([0]));
    assert_eq!(v["breakdown"][0]["rule"], "R-BASE-7");
    assert_eq!(v["categories"][1]["roads"], 2);
}

#[test]
fn an_illegal_action_is_reported_with_its_index_and_rule() {
    let text = std::fs::read_to_string(root().join("docs/example-record.json")).expect("example");
    // Turn the city cap the wrong way: its field edge then faces the start tile's city.
    let broken = text.replacen("\"rotation\": 2", "\"rotation\": 0", 1);
    assert_ne!(broken, text);
    let (_scratch, path) = tmp("illegal.json");
    std::fs::write(&path, broken).expect("write");
    let out = run(&["replay", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("action #0"), "{err}");
    assert!(err.contains("R-BASE-4"), "{err}");
    let out = run(&["replay", "--json", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON error");
    assert_eq!(v["error"]["problem"], "illegal_action");
    assert_eq!(v["error"]["index"], 0);
    assert_eq!(v["error"]["error"]["error"], "edge_mismatch");
}

#[test]
fn wrong_expected_scores_fail_the_replay() {
    let text = std::fs::read_to_string(root().join("docs/example-record.json")).expect("example");
    let broken = text.replace("\"scores\": [4, 2]", "\"scores\": [4, 3]");
    let (_scratch, path) = tmp("mismatch.json");
    std::fs::write(&path, broken).expect("write");
    let out = run(&["replay", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected scores"));
}

#[test]
fn a_missing_or_corrupt_file_is_a_clear_error() {
    let out = run(&["replay", "/nonexistent/record.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let (_scratch, path) = tmp("corrupt.json");
    std::fs::write(
        &path,
        "{\"format\": \"carcassonne-record\", \"version\": 1, \"setup\"",
    )
    .expect("write");
    let out = run(&["replay", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a valid game record"));
}

#[test]
fn selfplay_saves_records_that_replay() {
    let (_scratch, dir) = tmp("selfplay");
    let out = run(&[
        "selfplay",
        "--games",
        "3",
        "--seed",
        "9",
        "--players",
        "3",
        "--sets",
        "base,river1,river2,abbot,inns_cathedrals",
        "--save",
        dir.to_str().expect("utf-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for seed in 9..12 {
        let file = dir.join(format!("game-{seed}.json"));
        let out = run(&["replay", "--json", file.to_str().expect("utf-8 path")]);
        assert!(out.status.success(), "{}", file.display());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["status"], "finished");
    }
}

#[test]
fn unknown_sets_and_forbidden_combinations_are_refused_with_a_message() {
    let out = run(&["selfplay", "--games", "1", "--sets", "base,dragons"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown set `dragons`"));
    let out = run(&["selfplay", "--games", "1", "--sets", "cathars,siege"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("two printings"));
    let out = run(&["selfplay", "--games", "1", "--players", "6"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Inns & Cathedrals"));
}

#[test]
fn bench_json_reports_the_documented_keys() {
    let out = run(&["bench", "--json", "--games", "20", "--runs", "3"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["us_per_playout"].as_f64().is_some_and(|x| x > 0.0));
    assert!(v["playouts_per_s"].as_f64().is_some_and(|x| x > 0.0));
    assert!(v["machine"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(v["score_log"], true);
    let out = run(&[
        "bench",
        "--json",
        "--games",
        "20",
        "--runs",
        "3",
        "--no-score-log",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["score_log"], false);
    assert!(v["us_per_playout"].as_f64().is_some_and(|x| x > 0.0));
}

#[test]
fn bench_decisions_times_legal_actions_and_apply_from_mid_game() {
    let out = run(&[
        "bench",
        "--decisions",
        "--sets",
        "all",
        "--json",
        "--games",
        "20",
        "--runs",
        "3",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["us_per_decision"].as_f64().is_some_and(|x| x > 0.0));
    assert!(v["decisions_per_s"].as_f64().is_some_and(|x| x > 0.0));
    // 20 copies of 8 decisions each (a copy's game does not end in 8 from mid-game).
    assert_eq!(v["decisions_per_run"], 160);
    let left = v["tiles_left"].as_u64().expect("tiles left");
    assert!(left > 20 && v["turn"].as_u64().is_some_and(|t| t > 20));
    assert!(v["sets"].as_array().is_some_and(|s| s.len() > 5));
}

/// A host process killed when the test ends, passed or not.
struct Running(std::process::Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `carcassonne host` on loopback keeping its table in `table`; returns it with the
/// lines it printed up to its room code. Its output is read to the end on a thread of its
/// own: a host whose reader has gone ends, as any `carcassonne` command does.
fn start_host(table: &std::path::Path) -> (Running, Vec<String>) {
    use std::io::BufRead;
    let child = bin()
        .args(["host", "--bind", "127.0.0.1", "--port", "0", "--table"])
        .arg(table)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut running = Running(child);
    let stdout = running.0.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            // The test stops listening after the room code; the rest is drained.
            let _ = tx.send(line);
        }
    });
    let mut lines = Vec::new();
    while let Ok(line) = rx.recv_timeout(std::time::Duration::from_secs(30)) {
        let done = line.starts_with("Room code:");
        lines.push(line);
        if done {
            break;
        }
    }
    (running, lines)
}

fn room_code(lines: &[String]) -> String {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Room code: "))
        .unwrap_or_else(|| panic!("no room code in {lines:?}"))
        .to_owned()
}

#[test]
fn a_killed_headless_host_takes_its_table_up_again() {
    let (_scratch, table) = tmp("host-table.json");
    let _ = std::fs::remove_file(&table);
    let (mut first, lines) = start_host(&table);
    let room = room_code(&lines);
    assert!(
        lines.iter().all(|l| !l.starts_with("Taking up")),
        "{lines:?}"
    );
    // The host writes its table at its first change (its clock ticks within a second).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !table.exists() {
        assert!(
            std::time::Instant::now() < deadline,
            "no table written to {}",
            table.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    first.0.kill().expect("killed");
    first.0.wait().expect("reaped");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&table).expect("kept")).expect("JSON");
    assert_eq!(saved["room"], room.as_str());

    let (_second, lines) = start_host(&table);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Taking up the table saved in")),
        "{lines:?}"
    );
    assert_eq!(room_code(&lines), room, "the same table, not a new one");
}

#[test]
fn a_damaged_host_table_is_refused_and_left_alone() {
    let (_scratch, table) = tmp("damaged-table.json");
    std::fs::write(&table, "{\"format\": \"carcassonne-table\"").expect("write");
    let out = bin()
        .args(["host", "--bind", "127.0.0.1", "--port", "0", "--table"])
        .arg(&table)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("damaged-table.json"), "{err}");
    assert!(err.contains("not a saved table"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&table).expect("still there"),
        "{\"format\": \"carcassonne-table\""
    );
}
