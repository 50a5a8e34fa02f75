//! `carcassonne arena` as a user runs it: bots, seats rotated, text and JSON.

use std::process::{Command, Output};

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("arena")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = arena(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn rate(v: &serde_json::Value, bot: usize) -> f64 {
    v["bots"][bot]["win_rate"].as_f64().expect("win_rate")
}

#[test]
fn json_has_win_rate_score_and_time_per_bot() {
    let v = json(&["--bots", "greedy,random", "--games", "6", "--seed", "3"]);
    assert_eq!(v["games"], 6);
    assert_eq!(v["players"], 2);
    let bots = v["bots"].as_array().expect("bots");
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["bot"], "greedy");
    assert_eq!(bots[1]["bot"], "random");
    for b in bots {
        for key in ["win_rate", "avg_score", "ms_per_move"] {
            assert!(b[key].as_f64().is_some_and(|x| x >= 0.0), "{key}: {b}");
        }
        let ci = b["win_rate_ci95"].as_array().expect("interval");
        let (lo, hi) = (ci[0].as_f64().expect("lo"), ci[1].as_f64().expect("hi"));
        let r = b["win_rate"].as_f64().expect("rate");
        assert!(lo <= r && r <= hi, "{b}");
    }
    assert!((rate(&v, 0) + rate(&v, 1) - 1.0).abs() < 1e-9);
    // The lookahead bot beats random play.
    assert!(rate(&v, 0) >= 5.0 / 6.0, "{v}");
    assert!(
        bots[0]["avg_score"].as_f64() > bots[1]["avg_score"].as_f64(),
        "{v}"
    );
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let args = [
        "--bots",
        "mcts:60,greedy,easy",
        "--games",
        "3",
        "--seed",
        "9",
    ];
    let one = json(&[&args[..], &["--threads", "1"]].concat());
    let two = json(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one["players"], 3);
    for b in 0..3 {
        for key in ["wins", "avg_score", "moves"] {
            assert_eq!(one["bots"][b][key], two["bots"][b][key], "{key}");
        }
    }
}

#[test]
fn plays_with_every_expansion_of_the_brief() {
    let v = json(&[
        "--bots",
        "mcts:40,greedy",
        "--games",
        "2",
        "--sets",
        "base,river1,river2,abbot,inns_cathedrals",
    ]);
    let sets = v["sets"].as_array().expect("sets");
    assert_eq!(sets.len(), 5);
    assert!(v["bots"][0]["iterations_per_s"]
        .as_f64()
        .is_some_and(|x| x > 0.0));
}

#[test]
fn text_output_names_the_bots_and_the_interval() {
    let out = arena(&["--bots", "easy,random", "--games", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("95% interval"), "{text}");
    assert!(text.contains("easy") && text.contains("random"), "{text}");
    assert!(text.contains("ms/move"), "{text}");
}

#[test]
fn bad_bot_lists_are_refused() {
    for bots in ["hard", "hard,clever", "mcts:0,greedy"] {
        let out = arena(&["--bots", bots, "--games", "1"]);
        assert_eq!(out.status.code(), Some(2), "{bots}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error:"), "{bots}: {err}");
    }
}
