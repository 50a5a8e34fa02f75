//! The views carry facts (kinds, counts, seats, rule IDs), never sentences: the UI words them.

use carcassonne_engine::tiles::FeatureKind;
use carcassonne_engine::{Action, DecisionKind, Expansion, FollowerKind, Game, Setup};
use carcassonne_table::{
    game_view, pending_view, Bonus, ChoiceLabel, Declined, GameView, SeatInfo, TableMeta, TurnLog,
};

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

fn view(g: &Game, seats: &[SeatInfo]) -> GameView {
    game_view(
        g,
        &TableMeta {
            id: 1,
            state: 0,
            seats,
            last_placed: None,
            last_placed_by: None,
            turns: &TurnLog::default(),
        },
    )
}

/// Plays the first legal action, preferring a deploy so that features get scored.
fn step(g: &mut Game) {
    let seat = g.pending_seat().expect("a pending seat");
    let actions = g.legal_actions();
    let a = actions
        .iter()
        .find(|a| matches!(a, Action::Deploy { .. }))
        .unwrap_or(&actions[0]);
    g.apply(seat, a).expect("a legal action");
}

#[test]
fn a_deploy_decision_offers_followers_on_feature_kinds_and_a_pass() {
    let s = seats(2);
    let mut g = Game::new(Setup::base(2), 3).expect("a base game");
    let p = pending_view(&g, &s).expect("a decision");
    assert!(matches!(p.decision.kind, DecisionKind::PlaceTile { .. }));
    assert!(p.choices.is_empty() && !p.placements.is_empty());
    step(&mut g);
    let p = pending_view(&g, &s).expect("a deploy decision");
    let DecisionKind::Deploy { at } = p.decision.kind else {
        panic!("deploy after a placement, got {:?}", p.decision.kind);
    };
    let pass = p
        .choices
        .iter()
        .find(|c| c.action == Action::Pass)
        .expect("a pass");
    assert_eq!(
        pass.label,
        ChoiceLabel::Pass {
            declined: Declined::Deploy
        }
    );
    assert_eq!(pass.feature_kind, None);
    let deploys: Vec<_> = p
        .choices
        .iter()
        .filter(|c| matches!(c.action, Action::Deploy { .. }))
        .collect();
    assert!(!deploys.is_empty());
    for c in deploys {
        assert_eq!(
            c.label,
            ChoiceLabel::Deploy {
                follower: FollowerKind::Meeple
            }
        );
        assert_eq!(c.at, Some(at));
        assert!(c.feature_kind.is_some() && c.feature_id.is_some(), "{c:?}");
    }
}

#[test]
fn score_lines_are_the_entries_with_the_cards_named() {
    let s = seats(2);
    let mut setup = Setup::base(2);
    setup.sets.push(Expansion::KingRobber);
    let mut g = Game::new(setup, 5).expect("a game");
    while !g.is_over() {
        step(&mut g);
    }
    let v = view(&g, &s);
    assert_eq!(v.scores.len(), g.score_log().len());
    let mut cards = 0;
    for (line, entry) in v.scores.iter().zip(g.score_log()) {
        assert_eq!(&line.entry, entry);
        if let Some(card) = line.bonus {
            cards += 1;
            let expected = match entry.kind {
                FeatureKind::City => Bonus::King,
                _ => Bonus::RobberBaron,
            };
            assert_eq!(card, expected);
            assert!(entry.tiles.is_empty(), "a card scores no tiles: {entry:?}");
        }
    }
    assert!(cards > 0, "the King or the Robber Baron scored");
    assert!(
        v.scores
            .iter()
            .any(|l| l.bonus.is_none() && !l.entry.tiles.is_empty()),
        "features scored too"
    );
}
