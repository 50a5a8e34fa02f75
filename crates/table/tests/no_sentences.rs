//! The table sends facts, never words: no string literal in `src/` holds an English phrase
//! (two words or more). Sentences a player reads belong to the UI's i18n.

use std::fs;
use std::path::Path;

/// The string literals of Rust source, comments skipped (enough for this crate's code: no raw
/// strings, no char literals holding a quote).
fn literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        c => s.push(c),
                    }
                }
                out.push(s);
            }
            _ => {}
        }
    }
    out
}

/// Two words of letters next to each other: a phrase in some language.
fn is_phrase(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    words.windows(2).any(|w| {
        w.iter()
            .all(|x| x.chars().filter(|c| c.is_alphabetic()).count() >= 2)
    })
}

#[test]
fn the_checker_finds_phrases_and_skips_comments() {
    let src = "// \"a comment\"\nlet a = \"Meeple on the city\"; let b = \"#1f6fd1\";";
    let found = literals(src);
    assert_eq!(found, vec!["Meeple on the city", "#1f6fd1"]);
    assert!(is_phrase(&found[0]));
    assert!(!is_phrase(&found[1]));
    assert!(!is_phrase("{} {}"));
}

#[test]
fn the_table_crate_has_no_phrase_literals() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut phrases = Vec::new();
    for entry in fs::read_dir(&dir).expect("src/") {
        let path = entry.expect("an entry").path();
        let src = fs::read_to_string(&path).expect("a source file");
        for l in literals(&src).into_iter().filter(|l| is_phrase(l)) {
            phrases.push(format!("{}: {l:?}", path.display()));
        }
    }
    assert!(phrases.is_empty(), "words belong to the UI: {phrases:#?}");
}
