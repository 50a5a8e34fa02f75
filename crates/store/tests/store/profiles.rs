//! Profiles: create, list, update, delete, and the rules on names and colours.

use carcassonne_store::{Entity, NameProblem, Player, Store, StoreError};

use crate::common::{duel, new_store, T0};

fn names(store: &Store) -> Vec<String> {
    store
        .profiles()
        .expect("the profiles")
        .into_iter()
        .map(|p| p.name)
        .collect()
}

#[test]
fn create_list_update_delete_survive_reopening() {
    let (_dir, path, mut store) = new_store();
    let zoe = store.create_profile("Zoe", "#00FF00", T0).unwrap();
    let ada = store.create_profile("  ada ", "#ff0000", T0 + 1).unwrap();
    let bob = store.create_profile("Bob", "#0000ff", T0 + 2).unwrap();
    assert_eq!(ada.name, "ada", "names are trimmed");
    assert_eq!(zoe.colour, "#00ff00", "colours are lower-cased");
    assert_eq!(ada.created, T0 + 1);
    assert_eq!(
        names(&store),
        ["ada", "Bob", "Zoe"],
        "ordered by name, ignoring case"
    );

    let robert = store.update_profile(bob.id, "Robert", "#ABCDEF").unwrap();
    assert_eq!(robert.id, bob.id);
    assert_eq!(robert.name, "Robert");
    assert_eq!(robert.colour, "#abcdef");
    assert_eq!(robert.created, bob.created);

    store.delete_profile(zoe.id).unwrap();
    drop(store);

    let mut store = Store::open(&path).unwrap();
    let all = store.profiles().unwrap();
    assert_eq!(all, vec![ada.clone(), robert]);

    assert_eq!(
        store.delete_profile(zoe.id),
        Err(StoreError::NotFound {
            what: Entity::Profile,
            id: zoe.id
        })
    );
    assert_eq!(
        store.update_profile(zoe.id, "Zoe", "#000000"),
        Err(StoreError::NotFound {
            what: Entity::Profile,
            id: zoe.id
        })
    );
    // A deleted profile's id is never handed out again.
    let new = store.create_profile("Zoe", "#000000", T0 + 3).unwrap();
    assert!(new.id > zoe.id);
}

#[test]
fn invalid_names_are_refused_and_nothing_is_written() {
    let (_dir, _path, mut store) = new_store();
    let cases = [
        ("", NameProblem::Empty),
        ("   \t ", NameProblem::Empty),
        ("abcdefghijklmnopqrstuvwxy", NameProblem::TooLong), // 25
        ("Ada\nLovelace", NameProblem::ControlCharacter),
    ];
    for (name, reason) in cases {
        assert_eq!(
            store.create_profile(name, "#123456", T0),
            Err(StoreError::InvalidName { reason }),
            "{name:?}"
        );
    }
    assert!(store.profiles().unwrap().is_empty());

    // 24 characters (not bytes) is the limit.
    let long = "é".repeat(24);
    let p = store.create_profile(&long, "#123456", T0).unwrap();
    assert_eq!(p.name, long);
    assert_eq!(
        store.update_profile(p.id, "", "#123456"),
        Err(StoreError::InvalidName {
            reason: NameProblem::Empty
        })
    );
    assert_eq!(names(&store), [long]);
}

#[test]
fn invalid_colours_are_refused() {
    let (_dir, _path, mut store) = new_store();
    for colour in [
        "", "red", "#12345", "#1234567", "123456", "#12345g", " #123456",
    ] {
        assert_eq!(
            store.create_profile("Ada", colour, T0),
            Err(StoreError::InvalidColour {
                colour: colour.to_owned()
            }),
            "{colour:?}"
        );
    }
    assert!(store.profiles().unwrap().is_empty());
    let ada = store.create_profile("Ada", "#123456", T0).unwrap();
    assert_eq!(
        store.update_profile(ada.id, "Ada", "blue"),
        Err(StoreError::InvalidColour {
            colour: "blue".into()
        })
    );
    assert_eq!(store.profiles().unwrap(), vec![ada]);
}

#[test]
fn names_are_unique_ignoring_case() {
    let (_dir, _path, mut store) = new_store();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let bob = store.create_profile("Bob", "#222222", T0).unwrap();
    for name in ["Ada", "ADA", " ada "] {
        assert_eq!(
            store.create_profile(name, "#333333", T0),
            Err(StoreError::DuplicateName {
                name: name.trim().to_owned()
            })
        );
    }
    assert_eq!(
        store.update_profile(bob.id, "aDa", "#222222"),
        Err(StoreError::DuplicateName { name: "aDa".into() })
    );
    // Beyond ASCII too.
    store.create_profile("Émile", "#444444", T0).unwrap();
    assert_eq!(
        store.create_profile("émile", "#444444", T0),
        Err(StoreError::DuplicateName {
            name: "émile".into()
        })
    );
    // A profile may change the case of its own name.
    let renamed = store.update_profile(ada.id, "ADA", "#111111").unwrap();
    assert_eq!(renamed.name, "ADA");
    assert_eq!(names(&store), ["ADA", "Bob", "Émile"]);
}

#[test]
fn deleting_or_renaming_a_profile_keeps_its_past_games() {
    let (_dir, _path, mut store) = new_store();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let bob = store.create_profile("Bob", "#222222", T0).unwrap();
    let game = duel(&mut store, &ada, &bob, T0);
    store.append_action(game, 0, 0, "1", T0 + 1).unwrap();
    store.finish_game(game, &[10, 5], &[0], T0 + 2).unwrap();

    store.update_profile(ada.id, "Adeline", "#999999").unwrap();
    store.delete_profile(bob.id).unwrap();

    let saved = store.load_game(game).unwrap();
    assert_eq!(
        saved.seats[0].name, "Ada",
        "a seat keeps the name it started with"
    );
    assert_eq!(saved.seats[0].colour, "#111111");
    assert_eq!(
        saved.seats[0].player,
        Player::Human {
            profile: Some(ada.id)
        }
    );
    assert_eq!(saved.seats[1].name, "Bob");
    assert_eq!(saved.seats[1].player, Player::Human { profile: None });
    assert_eq!(saved.actions.len(), 1);
    assert_eq!(saved.result.unwrap().scores, [10, 5]);

    assert_eq!(store.stats(ada.id).unwrap().played, 1);
    assert_eq!(
        store.stats(bob.id),
        Err(StoreError::NotFound {
            what: Entity::Profile,
            id: bob.id
        })
    );
}
