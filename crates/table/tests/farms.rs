//! The farm view in the table's view: the engine's fields as facts a screen can draw (each
//! segment named by the tile-local feature id the art knows), absent without farmers.

use carcassonne_engine::{Action, Expansion, Game, Setup};
use carcassonne_table::{game_view, SeatInfo, TableMeta, TurnLog};

fn seats(n: usize) -> Vec<SeatInfo> {
    (0..n)
        .map(|i| SeatInfo {
            name: format!("P{i}"),
            colour: "#000000".into(),
            bot: None,
            profile: None,
        })
        .collect()
}

fn view(game: &Game, s: &[SeatInfo], log: &TurnLog) -> carcassonne_table::GameView {
    game_view(
        game,
        &TableMeta {
            id: 1,
            state: 0,
            seats: s,
            last_placed: None,
            last_placed_by: None,
            turns: log,
        },
    )
}

/// Plays a game deploying whenever it can, checking each view's fields against the engine's.
fn check_game(setup: Setup, seed: u64) -> usize {
    let players = setup.players.len();
    let mut game = Game::new(setup, seed).expect("a game");
    let s = seats(players);
    let log = TurnLog::default();
    let mut farmers = 0;
    while let Some(seat) = game.pending_seat() {
        let v = view(&game, &s, &log);
        let farms = v.farms.expect("farms mid-game with farmers on");
        let engine = game.farms();
        assert_eq!(farms.fields.len(), engine.fields.len());
        assert_eq!(farms.cities.len(), engine.cities.len());
        for (f, e) in farms.fields.iter().zip(&engine.fields) {
            assert_eq!((f.id, &f.owners, f.points), (e.id, &e.owners, e.points));
            assert_eq!(f.strength, e.strength);
            assert_eq!(f.segments.len(), e.segments.len());
            assert!(f.segments.iter().all(|s| s.feature_id.starts_with("field")));
        }
        for c in &farms.cities {
            assert!(c.segments.iter().all(|s| s.feature_id.starts_with("city")));
        }
        // Every farmer stands on one segment of one field, and counts for its seat there.
        for fv in &v.followers {
            let on: Vec<_> = farms
                .fields
                .iter()
                .filter(|f| {
                    f.segments
                        .iter()
                        .any(|s| s.at == fv.at && s.feature_id == fv.feature_id)
                })
                .collect();
            if fv.feature_id.starts_with("field") {
                assert_eq!(on.len(), 1, "{fv:?}");
                assert!(on[0].strength[usize::from(fv.seat)] > 0);
                farmers += 1;
            } else {
                assert!(on.is_empty());
            }
        }
        let actions = game.legal_actions();
        let action = *actions
            .iter()
            .find(|a| matches!(a, Action::Deploy { .. }))
            .unwrap_or(&actions[0]);
        game.apply(seat, &action).expect("legal");
    }
    assert!(view(&game, &s, &log).farms.is_none(), "none once over");
    farmers
}

#[test]
fn r_base_13_the_view_carries_the_engines_fields_with_the_arts_feature_ids() {
    let mut all = Setup::base(3);
    all.sets = Expansion::ALL
        .into_iter()
        .filter(|e| !matches!(e, Expansion::River1 | Expansion::River2 | Expansion::Siege))
        .collect();
    let farmers = check_game(Setup::base(2), 4) + check_game(all, 5);
    assert!(farmers > 100, "{farmers}");
}

#[test]
fn without_farmers_the_view_has_no_farms() {
    let mut setup = Setup::base(2);
    setup.options.farmers = false;
    let game = Game::new(setup, 1).expect("a game");
    let log = TurnLog::default();
    assert!(view(&game, &seats(2), &log).farms.is_none());
}
