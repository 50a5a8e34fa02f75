//! The engine's embedded tile catalogue and its format description are the shared ones
//! (`make sync-tiles` copies them).

use carcassonne_engine::tiles::CATALOGUE_JSON;
use carcassonne_tests::root;

/// The shared file `name` of `../shared/tiles/`, or None in a checkout without shared/ beside it
/// (a packaged source tree), which has nothing to compare.
fn shared(name: &str) -> Option<(String, std::path::PathBuf)> {
    let path = root().join("../shared/tiles").join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some((text, path)),
        Err(_) => {
            eprintln!("note: {} not found; nothing to compare", path.display());
            None
        }
    }
}

#[test]
fn embedded_catalogue_matches_the_shared_catalogue() {
    let Some((text, path)) = shared("catalogue.json") else {
        return;
    };
    assert!(
        text == CATALOGUE_JSON,
        "crates/engine/data/catalogue.json differs from {}: run `make sync-tiles`",
        path.display()
    );
}

#[test]
fn format_description_matches_the_shared_one() {
    let Some((text, path)) = shared("FORMAT.md") else {
        return;
    };
    let copy = std::fs::read_to_string(root().join("crates/engine/data/FORMAT.md"))
        .expect("crates/engine/data/FORMAT.md is in the repository");
    assert!(
        copy == text,
        "crates/engine/data/FORMAT.md differs from {}: run `make sync-tiles`",
        path.display()
    );
}
