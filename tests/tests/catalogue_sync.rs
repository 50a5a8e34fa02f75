//! The engine's embedded tile catalogue is the shared one (`make sync-tiles` copies it).

use carcassonne_engine::tiles::CATALOGUE_JSON;
use carcassonne_tests::root;

#[test]
fn embedded_catalogue_matches_the_shared_catalogue() {
    let shared = root().join("../shared/tiles/catalogue.json");
    let Ok(text) = std::fs::read_to_string(&shared) else {
        // A checkout without shared/ beside it (a packaged source tree) has nothing to compare.
        eprintln!("note: {} not found; nothing to compare", shared.display());
        return;
    };
    assert!(
        text == CATALOGUE_JSON,
        "crates/engine/data/catalogue.json differs from {}: run `make sync-tiles`",
        shared.display()
    );
}
