//! Every JSON example in PROTOCOL.md parses as the message it shows, and writing it back
//! gives the same message: the document cannot drift from the code.

use carcassonne_net::protocol::{ClientMsg, ServerMsg};

fn examples(tag: &str) -> Vec<String> {
    let doc = include_str!("../PROTOCOL.md");
    let fence = format!("```json {tag}\n");
    doc.split(&fence)
        .skip(1)
        .map(|rest| {
            rest.split("```")
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned()
        })
        .collect()
}

#[test]
fn client_examples_parse() {
    let all = examples("client");
    assert!(all.len() >= 10, "{} examples", all.len());
    for text in all {
        let msg: ClientMsg = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let again: ClientMsg = serde_json::from_str(&msg.to_json()).expect("round trip");
        assert_eq!(again, msg);
    }
}

#[test]
fn server_examples_parse() {
    let all = examples("server");
    assert!(all.len() >= 10, "{} examples", all.len());
    for text in all {
        let msg: ServerMsg = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let again: ServerMsg = serde_json::from_str(&msg.to_json()).expect("round trip");
        assert_eq!(again, msg);
    }
}
