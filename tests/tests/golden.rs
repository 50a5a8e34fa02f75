//! Every record in `tests/golden/` replays legally and scores what its author computed by hand.

use carcassonne_engine::Record;
use carcassonne_tests::{golden_files, root};

#[test]
fn every_golden_game_scores_as_hand_computed() {
    let files = golden_files();
    assert!(files.len() >= 25, "only {} golden games", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let result = Record::from_json(&text).and_then(|r| {
            if r.expected.is_none() {
                return Err(carcassonne_engine::RecordError::Malformed {
                    message: "golden game without `expected`".into(),
                });
            }
            r.verify()
        });
        if let Err(e) = result {
            failures.push(format!("{}: {e}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn documented_example_record_replays() {
    let text = std::fs::read_to_string(root().join("docs/example-record.json")).unwrap_or_default();
    let record = Record::from_json(&text).expect("the documented example parses");
    let game = record
        .verify()
        .expect("the documented example scores as documented");
    assert_eq!(game.scores(), &[4, 2]);
}
