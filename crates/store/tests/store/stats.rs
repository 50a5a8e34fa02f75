//! Per-profile statistics over finished games.

use carcassonne_store::{Entity, NewGame, ProfileStats, SeatEntry, Store, StoreError};

use crate::common::{duel, new_store, T0};

#[test]
fn statistics_count_finished_games_with_ties_as_wins() {
    let (_dir, path, mut store) = new_store();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let bob = store.create_profile("Bob", "#222222", T0).unwrap();
    let cy = store.create_profile("Cy", "#333333", T0).unwrap();

    let g1 = duel(&mut store, &ada, &bob, T0);
    store.finish_game(g1, &[30, 20], &[0], T0 + 1).unwrap();
    let g2 = duel(&mut store, &bob, &ada, T0);
    store.finish_game(g2, &[25, 25], &[0, 1], T0 + 2).unwrap(); // a tie
    let g3 = duel(&mut store, &ada, &bob, T0);
    store.finish_game(g3, &[11, 40], &[1], T0 + 3).unwrap();
    // With a bot: only the profile's seat counts.
    let g4 = store
        .create_game(
            &NewGame {
                setup: "{}".into(),
                seed: 9,
                seats: vec![
                    SeatEntry::bot("hard", "Hard bot", "#444444"),
                    SeatEntry::profile(&ada),
                ],
            },
            T0,
        )
        .unwrap();
    store.finish_game(g4, &[99, 0], &[0], T0 + 4).unwrap();
    // Neither abandoned nor unfinished games count.
    let g5 = duel(&mut store, &ada, &bob, T0);
    store.append_action(g5, 0, 0, "{}", T0 + 5).unwrap();
    store.abandon_game(g5, T0 + 6).unwrap();
    let g6 = duel(&mut store, &ada, &cy, T0);
    store.append_action(g6, 0, 1, "{}", T0 + 7).unwrap();
    drop(store);

    let store = Store::open(&path).unwrap();
    assert_eq!(
        store.stats(ada.id).unwrap(),
        ProfileStats {
            profile: ada.id,
            played: 4,
            wins: 2,
            average_score: (30.0 + 25.0 + 11.0 + 0.0) / 4.0,
            best_score: 30,
        }
    );
    assert_eq!(
        store.stats(bob.id).unwrap(),
        ProfileStats {
            profile: bob.id,
            played: 3,
            wins: 2,
            average_score: (20.0 + 25.0 + 40.0) / 3.0,
            best_score: 40,
        }
    );
    assert_eq!(
        store.stats(cy.id).unwrap(),
        ProfileStats {
            profile: cy.id,
            played: 0,
            wins: 0,
            average_score: 0.0,
            best_score: 0,
        }
    );
    assert_eq!(
        store.stats(cy.id + 1),
        Err(StoreError::NotFound {
            what: Entity::Profile,
            id: cy.id + 1
        })
    );
}

#[test]
fn statistics_of_an_in_memory_store() {
    let mut store = Store::open_in_memory().unwrap();
    let ada = store.create_profile("Ada", "#111111", T0).unwrap();
    let bob = store.create_profile("Bob", "#222222", T0).unwrap();
    let g = duel(&mut store, &ada, &bob, T0);
    store.finish_game(g, &[7, 9], &[1], T0 + 1).unwrap();
    let s = store.stats(bob.id).unwrap();
    assert_eq!(
        (s.played, s.wins, s.average_score, s.best_score),
        (1, 1, 9.0, 9)
    );
}
