//! Commit-reveal of the draws: an honest host verifies; each way of lying is caught.

mod common;

use carcassonne_engine::Rng;
use carcassonne_net::fair::{self, FairnessError};
use carcassonne_net::protocol::AdminCommand;
use carcassonne_net::view::{ClientView, VerifyError};
use common::World;

/// A finished 3-player game; returns Ada's view.
fn finished() -> ClientView {
    let mut w = World::seats(3);
    let a = w.join("Ada");
    let b = w.join("Bo");
    w.set_bot(a, 2);
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    w.play_to_end(&[a, b], &mut Rng::new(11));
    let v = w.view(a).clone();
    assert_eq!(v.verify(), Ok(()));
    v
}

fn unfair(v: &ClientView) -> FairnessError {
    match v.verify() {
        Err(VerifyError::Unfair { reason }) => reason,
        other => panic!("expected an unfair verdict, got {other:?}"),
    }
}

#[test]
fn the_commitment_is_published_before_contributions_and_the_seed_follows_from_both() {
    let v = finished();
    let result = v.result.clone().expect("over");
    let secret = fair::from_hex32(&result.secret).expect("hex");
    assert_eq!(fair::to_hex(&fair::commitment(&secret)), result.commitment);
    assert_eq!(Some(&result.commitment), v.commitment.as_ref());
    let contributions: Vec<_> = result
        .contributions
        .iter()
        .map(|c| c.as_deref().and_then(fair::from_hex32))
        .collect();
    assert_eq!(contributions[2], None, "the bot contributes nothing");
    assert_eq!(
        fair::derive_seed(&secret, &contributions),
        result.record.seed
    );
}

#[test]
fn a_host_revealing_another_secret_is_caught() {
    let mut v = finished();
    if let Some(r) = v.result.as_mut() {
        r.secret = fair::to_hex(&[1; 32]);
    }
    assert_eq!(unfair(&v), FairnessError::CommitmentMismatch);
}

#[test]
fn a_host_using_another_seed_is_caught() {
    let mut v = finished();
    if let Some(r) = v.result.as_mut() {
        r.record.seed ^= 1;
    }
    assert!(matches!(unfair(&v), FairnessError::SeedMismatch { .. }));
}

#[test]
fn a_host_changing_the_contributions_at_the_end_is_caught() {
    let mut v = finished();
    if let Some(r) = v.result.as_mut() {
        r.contributions[1] = Some(fair::to_hex(&[9; 32]));
    }
    assert_eq!(unfair(&v), FairnessError::ContributionsChanged);
}

#[test]
fn a_host_dropping_my_contribution_is_caught() {
    let mut v = finished();
    // The host announced (and used) a contribution for my seat other than mine.
    v.my_contribution = Some(fair::to_hex(&[77; 32]));
    assert_eq!(unfair(&v), FairnessError::MyContributionMissing);
}

#[test]
fn a_host_showing_other_tiles_than_the_seed_draws_is_caught() {
    let mut v = finished();
    // What the players were shown live differs from what the seed draws: swap two placements'
    // tiles as seen (a host that picked the tiles itself).
    let tiles: Vec<usize> = (0..v.history.len())
        .filter(|&i| v.history[i].tile.is_some())
        .collect();
    let (i, j) = tiles
        .iter()
        .flat_map(|&i| tiles.iter().map(move |&j| (i, j)))
        .find(|&(i, j)| v.history[i].tile != v.history[j].tile)
        .expect("two different tiles");
    let (ti, tj) = (v.history[i].tile, v.history[j].tile);
    v.history[i].tile = tj;
    v.history[j].tile = ti;
    let index = tiles
        .iter()
        .position(|&t| t == i.min(j))
        .expect("a placement");
    assert_eq!(unfair(&v), FairnessError::DrawsDiffer { index });
}

#[test]
fn a_record_whose_tiles_the_seed_does_not_draw_is_caught() {
    let mut v = finished();
    let first = v.history[0].tile;
    if let Some(r) = v.result.as_mut() {
        let other = r
            .record
            .actions
            .iter()
            .filter_map(|a| a.tile)
            .find(|&t| Some(t) != first);
        r.record.actions[0].tile = other;
    }
    assert!(matches!(unfair(&v), FairnessError::Replay { .. }));
}

#[test]
fn a_contribution_other_than_the_one_committed_to_is_caught() {
    let mut v = finished();
    // The host published a commitment for Bo's seat, then used another contribution (one it
    // could have picked after seeing the others): the published hash does not match.
    let other = fair::to_hex(&fair::contribution_hash(&[5; 32]));
    if let Some(c) = v.pins.commitments.get_mut(1) {
        *c = Some(other);
    }
    assert_eq!(unfair(&v), FairnessError::NotCommitted { seat: 1 });
}

#[test]
fn every_human_commits_before_anyone_reveals() {
    let v = finished();
    let commitments = v.commitments.clone().expect("published before the reveals");
    let result = v.result.clone().expect("over");
    for (c, h) in result.contributions.iter().zip(&commitments) {
        let hashed = c
            .as_deref()
            .and_then(fair::from_hex32)
            .map(|b| fair::to_hex(&fair::contribution_hash(&b)));
        assert_eq!(&hashed, h);
    }
    assert_eq!(commitments[2], None, "the bot commits nothing");
}

/// Finding: a seat that gave its share and was then handed to a bot had its share left out
/// of the final result, so an honest game was reported unfair. Every share in the seed stays
/// in the check.
#[test]
fn a_player_who_leaves_mid_game_for_a_bot_keeps_its_share_in_the_check() {
    use carcassonne_net::host::HostConfig;
    use std::time::Duration;
    let mut w = World::new(HostConfig {
        seats: 2,
        bot_grace: Duration::from_secs(30),
        ..HostConfig::default()
    });
    let a = w.join("Ada");
    let b = w.join("Bo");
    w.admin(a, AdminCommand::Start);
    w.contribute_all(&[a, b]);
    let shares = w.view(a).contributions.clone();
    assert!(
        shares.iter().all(Option::is_some),
        "both shares: {shares:?}"
    );
    let mut rng = Rng::new(3);
    for _ in 0..4 {
        assert!(w.play_one(&[a, b], &mut rng));
    }
    // Bo leaves for good; after the grace the host gives his seat to a bot, which finishes.
    w.drop_conn(b);
    w.now += Duration::from_secs(31);
    w.admin(a, AdminCommand::GiveToBot { seat: 1 });
    w.play_to_end(&[a], &mut rng);
    let v = w.view(a);
    let result = v.result.clone().expect("over");
    assert_eq!(result.contributions, shares, "Bo's share is still in");
    assert_eq!(v.verify(), Ok(()));
}

/// What a browser at the table hands the web app's check (`check_draws`): the view's pins, its
/// share, the tiles shown live and the host's `game_over` message as text.
fn page_request(v: &ClientView) -> fair::PageCheckRequest {
    let o = v.observed();
    let result = v.result.clone().expect("over");
    let message = carcassonne_net::protocol::ServerMsg::GameOver {
        state: v.state,
        result: Box::new(result),
    };
    fair::PageCheckRequest {
        commitment: o.commitment,
        commitments: o.commitments,
        contributions: o.contributions,
        mine: o.mine.map(|(seat, share)| fair::MyShare { seat, share }),
        placed: o.placed,
        message: serde_json::to_string(&message).expect("json"),
    }
}

/// The verdict of the app's check (`ClientView::verify`) as the page's check gives it.
fn app_verdict(v: &ClientView) -> Option<FairnessError> {
    match v.verify() {
        Ok(()) => None,
        Err(VerifyError::Unfair { reason }) => Some(reason),
        Err(other) => panic!("not a draw problem: {other:?}"),
    }
}

#[test]
fn the_pages_check_by_replay_gives_the_apps_verdict_on_honest_and_tampered_games() {
    let honest = finished();
    let page = fair::check_page(&page_request(&honest));
    assert_eq!(
        page,
        fair::DrawCheck {
            ok: true,
            problem: None,
            draw: None
        }
    );

    // Tampered: a record tile (the replay's), the seed, the secret, a tile shown live.
    let mut tile = finished();
    let fifth = tile
        .history
        .iter()
        .filter(|a| a.tile.is_some())
        .nth(4)
        .and_then(|a| a.tile);
    if let Some(r) = tile.result.as_mut() {
        let (at, _) = r
            .record
            .actions
            .iter()
            .enumerate()
            .filter(|(_, a)| a.tile.is_some())
            .nth(4)
            .expect("five placements");
        let other = r
            .record
            .actions
            .iter()
            .filter_map(|a| a.tile)
            .find(|&t| Some(t) != fifth);
        r.record.actions[at].tile = other;
    }
    let mut seed = finished();
    if let Some(r) = seed.result.as_mut() {
        r.record.seed ^= 1 << 63; // a seed no JavaScript number holds exactly
    }
    let mut secret = finished();
    if let Some(r) = secret.result.as_mut() {
        r.secret = fair::to_hex(&[3; 32]);
    }
    let mut shown = finished();
    let placed: Vec<usize> = (0..shown.history.len())
        .filter(|&i| shown.history[i].tile.is_some())
        .collect();
    let other = shown.history[placed[2]].tile;
    let swap = placed
        .iter()
        .copied()
        .find(|&i| shown.history[i].tile != other)
        .expect("another tile");
    let t = shown.history[swap].tile;
    shown.history[swap].tile = other;
    shown.history[placed[2]].tile = t;

    for (v, draw) in [
        (&tile, Some(5)),
        (&seed, None),
        (&secret, None),
        (&shown, None),
    ] {
        let before = app_verdict(v).expect("the app's check catches it");
        let page = fair::check_page(&page_request(v));
        assert!(!page.ok);
        assert_eq!(page.problem.as_ref(), Some(&before), "same verdict");
        if let Some(d) = draw {
            assert_eq!(page.draw, Some(d), "the fifth tile drawn: {before:?}");
        }
    }
    assert!(matches!(
        app_verdict(&tile),
        Some(FairnessError::Replay { .. })
    ));
    let shown_at = placed
        .iter()
        .position(|&i| i == swap.min(placed[2]))
        .expect("a placement");
    assert_eq!(
        fair::check_page(&page_request(&shown)).draw,
        Some(shown_at + 1)
    );

    // A message that is not a result is a typed verdict, not a panic.
    let mut junk = page_request(&honest);
    junk.message = "{\"type\":\"game_over\"}".into();
    let v = fair::check_page(&junk);
    assert_eq!(
        v.problem,
        Some(FairnessError::Malformed {
            what: "result".into()
        })
    );
}
