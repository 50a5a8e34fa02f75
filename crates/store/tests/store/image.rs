//! A store kept as an image (the web app's storage): what is written comes back, foreign
//! bytes are refused, and the image of a file store opens as that store.

use carcassonne_store::{Store, StoreError, SCHEMA_VERSION};

#[test]
fn an_image_opens_as_the_store_it_was_taken_from() {
    let mut store = Store::open_image(&[]).expect("no bytes: a new store");
    assert_eq!(store.changes(), 0);
    store
        .create_profile("Ann", "#1f6fd1", 100)
        .expect("profile");
    assert!(store.changes() > 0, "a written row moves the change count");
    let image = store.image().expect("image");
    assert!(image.starts_with(b"SQLite format 3\0"));

    let mut again = Store::open_image(&image).expect("reopens");
    let names: Vec<String> = again
        .profiles()
        .expect("profiles")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ann"]);
    assert_eq!(again.changes(), 0, "opening writes nothing");
    again.create_profile("Bob", "#e8741c", 101).expect("grows");
    let bigger = Store::open_image(&again.image().expect("image")).expect("reopens");
    assert_eq!(bigger.profiles().expect("profiles").len(), 2);
    assert_eq!(bigger.schema_version().expect("version"), SCHEMA_VERSION);
}

#[test]
fn bytes_that_are_not_a_store_are_refused() {
    for bytes in [&b"not a database at all, clearly"[..], &[0u8; 4096][..]] {
        match Store::open_image(bytes) {
            Err(StoreError::NotADatabase { .. }) => {}
            other => panic!("expected NotADatabase, got {other:?}"),
        }
    }
    let mut image = Store::open_image(&[]).expect("new").image().expect("image");
    image.truncate(image.len() / 2 + 7);
    assert!(Store::open_image(&image).is_err(), "a cut image is refused");
}

#[test]
fn the_image_of_a_file_store_opens_as_that_store() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("app.sqlite");
    let mut store = Store::open(&path).expect("file store");
    store
        .create_profile("Chloé", "#009e73", 5)
        .expect("profile");
    drop(store);
    let bytes = std::fs::read(&path).expect("read");
    let image = Store::open_image(&bytes).expect("opens");
    assert_eq!(image.profiles().expect("profiles")[0].name, "Chloé");
}
