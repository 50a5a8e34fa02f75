//! The engine stays pure: no I/O crate among its dependencies, no file, clock, network,
//! process or global-RNG access in its source.

use carcassonne_tests::root;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

const FORBIDDEN_CRATES: &[&str] = &[
    "tokio",
    "tauri",
    "rusqlite",
    "libsqlite3-sys",
    "mio",
    "axum",
    "hyper",
    "reqwest",
    "getrandom",
    "rand",
    "chrono",
    "time",
    "socket2",
    "mdns-sd",
];

const FORBIDDEN_SOURCE: &[&str] = &[
    "std::fs",
    "std::net",
    "std::time",
    "std::env",
    "std::process",
    "std::thread",
    "Instant::",
    "SystemTime",
    "thread_rng",
    "std::io::stdin",
    "println!",
    "eprintln!",
];

/// The host target triple, so `cargo metadata` needs no other platform's crates.
fn host_triple() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = std::process::Command::new(rustc)
        .arg("-vV")
        .output()
        .expect("rustc -vV runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("rustc prints its host")
}

fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--filter-platform"])
        .arg(host_triple())
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

#[test]
fn engine_depends_on_no_io_crate() {
    let meta = metadata();
    let packages = meta["packages"].as_array().expect("packages");
    let name_of: HashMap<&str, &str> = packages
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p["name"].as_str()?)))
        .collect();
    let nodes = meta["resolve"]["nodes"].as_array().expect("resolve graph");
    let deps_of: HashMap<&str, Vec<&str>> = nodes
        .iter()
        .filter_map(|n| {
            let id = n["id"].as_str()?;
            // Normal (non-dev, non-build) dependencies only: what ships in the engine.
            let deps = n["deps"]
                .as_array()?
                .iter()
                .filter(|d| {
                    d["dep_kinds"]
                        .as_array()
                        .is_some_and(|ks| ks.iter().any(|k| k["kind"].is_null()))
                })
                .filter_map(|d| d["pkg"].as_str())
                .collect();
            Some((id, deps))
        })
        .collect();
    let engine = name_of
        .iter()
        .find(|(_, &n)| n == "carcassonne-engine")
        .map(|(id, _)| *id)
        .expect("engine package");
    let mut seen = BTreeSet::new();
    let mut stack = vec![engine];
    while let Some(id) = stack.pop() {
        for &d in deps_of.get(id).map(Vec::as_slice).unwrap_or(&[]) {
            if seen.insert(name_of[d]) {
                stack.push(d);
            }
        }
    }
    let bad: Vec<&&str> = seen
        .iter()
        .filter(|n| FORBIDDEN_CRATES.contains(n))
        .collect();
    assert!(bad.is_empty(), "the engine pulls in I/O crates: {bad:?}");
    assert!(
        seen.contains("serde"),
        "the dependency walk found the engine's deps: {seen:?}"
    );
}

#[test]
fn engine_source_touches_no_io_clock_or_global_rng() {
    let mut files = Vec::new();
    let mut dirs = vec![root().join("crates/engine/src")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("engine src").flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 5);
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for pat in FORBIDDEN_SOURCE {
                if code.contains(pat) {
                    hits.push(format!("{}:{}: {pat}", f.display(), i + 1));
                }
            }
        }
    }
    assert!(hits.is_empty(), "{}", hits.join("\n"));
}
