//! Fair draws by commit-reveal.
//!
//! 1. At the start the host publishes `commitment = SHA-256("carcassonne-net/commit/v1" ‖ secret)`
//!    for a 32-byte secret it chose before anyone contributed.
//! 2. Every human seat commits to a 32-byte random contribution by sending its hash
//!    ([`contribution_hash`]); once all have, the host publishes every commitment and the
//!    players reveal their contributions, which must match. So nobody, the host's own seat
//!    included, can choose a contribution after seeing another one. Bot seats contribute
//!    nothing (the host plays them, so their share is the host's secret).
//! 3. The game seed is the first 8 bytes (little-endian) of
//!    `SHA-256("carcassonne-net/seed/v1" ‖ secret ‖ for each seat: 0x00 | 0x01 ‖ contribution)`.
//!    The engine's generator, seeded with it, orders the bag (R-BASE-2).
//! 4. Clients pin the first commitments and shares they see for the whole game ([`Pins`]):
//!    the host cannot show others later, not even after a restart.
//! 5. At the end the host reveals the secret; [`verify`] checks the pinned commitment, the seed
//!    in the record, that replaying the record with it draws the tiles the players saw.
//!
//! See `PROTOCOL.md` ("Fair draws") for what a host can and cannot do.
//!
//! No sockets here: the LAN crate (`carcassonne-net`, which re-exports this as its `fair`
//! module) and the web app's WebAssembly ([`check_page`], a phone's browser at a table) run
//! this one check.

use carcassonne_engine::{Action, Record, RecordError, TileTypeId};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// 32 bytes: a secret, a contribution or a hash.
pub type Bytes32 = [u8; 32];

pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// Parses exactly 64 hex digits.
pub fn from_hex32(s: &str) -> Option<Bytes32> {
    let s = s.as_bytes();
    if s.len() != 64 {
        return None;
    }
    let digit = |c: u8| -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    };
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = (digit(s[2 * i])? << 4) | digit(s[2 * i + 1])?;
    }
    Some(out)
}

/// SHA-256 of the parts, in order.
pub fn hash(parts: &[&[u8]]) -> Bytes32 {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// What the host publishes at the start.
pub fn commitment(secret: &Bytes32) -> Bytes32 {
    hash(&[b"carcassonne-net/commit/v1", secret])
}

/// What a player commits to before revealing its contribution.
pub fn contribution_hash(contribution: &Bytes32) -> Bytes32 {
    hash(&[b"carcassonne-net/contribution/v1", contribution])
}

/// The game seed from the host's secret and the contributions in seat order.
pub fn derive_seed(secret: &Bytes32, contributions: &[Option<Bytes32>]) -> u64 {
    let mut h = Sha256::new();
    h.update(b"carcassonne-net/seed/v1");
    h.update(secret);
    for c in contributions {
        match c {
            None => h.update([0u8]),
            Some(c) => {
                h.update([1u8]);
                h.update(c);
            }
        }
    }
    let d: Bytes32 = h.finalize().into();
    let mut first = [0u8; 8];
    first.copy_from_slice(&d[..8]);
    u64::from_le_bytes(first)
}

/// Why a finished game fails the check: the host lied, or the data is damaged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum FairnessError {
    /// The secret, commitment or a contribution is not 64 hex digits.
    Malformed { what: String },
    /// The revealed secret does not hash to the commitment published at the start.
    CommitmentMismatch,
    /// The host showed another commitment than the first one this client saw (a host that
    /// changed its secret, say by restarting from an edited table file).
    CommitmentChanged,
    /// The host showed another commitment for this seat's share than the first one seen.
    ShareCommitmentChanged { seat: usize },
    /// The contributions revealed at the end are not the ones announced when the game began.
    ContributionsChanged,
    /// My own contribution is not the one the host used.
    MyContributionMissing,
    /// A seat's contribution does not match the commitment published before the reveal (the
    /// host chose it after seeing others').
    NotCommitted { seat: usize },
    /// The record's seed is not the one the secret and contributions give.
    SeedMismatch { expected: u64, recorded: u64 },
    /// Replaying the record with its seed fails (a tile drawn differs, an illegal action).
    Replay {
        #[cfg_attr(feature = "ts", ts(type = "unknown"))]
        error: RecordError,
    },
    /// The tiles the host showed during the game differ from the replay's (first difference).
    DrawsDiffer { index: usize },
}

/// What a client saw during the game, to check against the revealed record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observed {
    /// The commitment published at the start.
    pub commitment: String,
    /// The contributions' commitments, published before anyone revealed.
    pub commitments: Vec<Option<String>>,
    /// The contributions announced when the game began.
    pub contributions: Vec<Option<String>>,
    /// This client's own contribution and seat, if it played.
    pub mine: Option<(usize, String)>,
    /// The tile of every placement, in order, as shown live.
    pub placed: Vec<TileTypeId>,
}

/// What a client pins the first time the host shows it, for the whole game: the host's
/// commitment, each seat's share commitment and the shares the seed was made with. A host
/// that shows something else later (after a restart or a reconnection) is caught: taking
/// each snapshot's word for them would let a host swap its secret after seeing the shares.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pins {
    pub commitment: Option<String>,
    /// Per seat, the first share commitment seen. A seat may lose its commitment later (its
    /// player gave the seat up during the draw), never change it.
    pub commitments: Vec<Option<String>>,
    pub contributions: Option<Vec<Option<String>>>,
    /// The first difference seen, kept for the check at the end.
    pub broken: Option<FairnessError>,
}

impl Pins {
    fn break_with(&mut self, e: FairnessError) {
        self.broken.get_or_insert(e);
    }

    /// The host's commitment, as shown now.
    pub fn commitment(&mut self, shown: &str) {
        let shown = shown.to_ascii_lowercase();
        match &self.commitment {
            None => self.commitment = Some(shown),
            Some(first) if *first == shown => {}
            Some(_) => self.break_with(FairnessError::CommitmentChanged),
        }
    }

    /// The share commitments, as shown now.
    pub fn commitments(&mut self, shown: &[Option<String>]) {
        if self.commitments.len() < shown.len() {
            self.commitments.resize(shown.len(), None);
        }
        for (seat, c) in shown.iter().enumerate() {
            let Some(c) = c else { continue };
            let c = c.to_ascii_lowercase();
            match &self.commitments[seat] {
                None => self.commitments[seat] = Some(c),
                Some(first) if *first == c => {}
                Some(_) => self.break_with(FairnessError::ShareCommitmentChanged { seat }),
            }
        }
    }

    /// The shares of the seed, as shown now (once the game began).
    pub fn contributions(&mut self, shown: &[Option<String>]) {
        match &self.contributions {
            None => self.contributions = Some(shown.to_vec()),
            Some(first) if first.as_slice() == shown => {}
            Some(_) => self.break_with(FairnessError::ContributionsChanged),
        }
    }
}

/// Checks a finished game. `secret` is what the host revealed; `record` the final record.
///
/// # Errors
/// The first check that fails.
pub fn verify(observed: &Observed, secret: &str, record: &Record) -> Result<(), FairnessError> {
    let secret = from_hex32(secret).ok_or_else(|| FairnessError::Malformed {
        what: "secret".into(),
    })?;
    let committed = from_hex32(&observed.commitment).ok_or_else(|| FairnessError::Malformed {
        what: "commitment".into(),
    })?;
    if commitment(&secret) != committed {
        return Err(FairnessError::CommitmentMismatch);
    }
    if let Some((seat, mine)) = &observed.mine {
        if observed.contributions.get(*seat).and_then(Option::as_ref) != Some(mine) {
            return Err(FairnessError::MyContributionMissing);
        }
    }
    let mut contributions = Vec::with_capacity(observed.contributions.len());
    for c in &observed.contributions {
        contributions.push(match c {
            None => None,
            Some(c) => Some(from_hex32(c).ok_or_else(|| FairnessError::Malformed {
                what: "contribution".into(),
            })?),
        });
    }
    // Every share used must match the commitment published before the reveals. A committed
    // share may be missing (its seat was handed to a bot): that is visible, and allowed.
    for (seat, c) in contributions.iter().enumerate() {
        let Some(c) = c else { continue };
        let committed = observed.commitments.get(seat).cloned().flatten();
        if committed != Some(to_hex(&contribution_hash(c))) {
            return Err(FairnessError::NotCommitted { seat });
        }
    }
    let expected = derive_seed(&secret, &contributions);
    if record.seed != expected {
        return Err(FairnessError::SeedMismatch {
            expected,
            recorded: record.seed,
        });
    }
    // Replay checks each placement's recorded tile against the tile the seed draws.
    record
        .replay()
        .map_err(|error| FairnessError::Replay { error })?;
    let replayed: Vec<TileTypeId> = record.actions.iter().filter_map(|a| a.tile).collect();
    let n = replayed.len().max(observed.placed.len());
    if let Some(index) = (0..n).find(|&i| replayed.get(i) != observed.placed.get(i)) {
        return Err(FairnessError::DrawsDiffer { index });
    }
    Ok(())
}

/// Checks that the contributions in the final result are the ones announced at the start of
/// play (a host could otherwise present different ones at the end).
///
/// # Errors
/// [`FairnessError::ContributionsChanged`].
pub fn same_contributions(
    observed: &Observed,
    revealed: &[Option<String>],
) -> Result<(), FairnessError> {
    if observed.contributions.as_slice() == revealed {
        Ok(())
    } else {
        Err(FairnessError::ContributionsChanged)
    }
}

/// The whole check of a finished game as a client saw it: the shares revealed at the end are
/// the ones announced when the game began, then [`verify`].
///
/// # Errors
/// The first check that fails.
pub fn check_finished(
    observed: &Observed,
    revealed: &[Option<String>],
    secret: &str,
    record: &Record,
) -> Result<(), FairnessError> {
    same_contributions(observed, revealed)?;
    verify(observed, secret, record)
}

/// The draw (1-based: the first tile placed after the start tile is 1) that a failed check
/// is about, if it is about one: a tile shown that the seed does not draw, a recorded tile
/// the replay does not draw, or a placement the replay refuses.
pub fn differing_draw(error: &FairnessError, record: &Record) -> Option<usize> {
    let placements_through = |index: usize| {
        record
            .actions
            .iter()
            .take(index.saturating_add(1))
            .filter(|a| matches!(a.action, Action::Place { .. }))
            .count()
    };
    match error {
        FairnessError::DrawsDiffer { index } => Some(index + 1),
        FairnessError::Replay {
            error: RecordError::WrongTile { index, .. } | RecordError::IllegalAction { index, .. },
        } => Some(placements_through(*index).max(1)),
        _ => None,
    }
}

/// A seat's own share, as a page keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MyShare {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seat: usize,
    pub share: String,
}

/// What a browser at a table saw of a finished game (its pins, its own share, the tiles
/// placed live) and the host's message that carried the result, to check by replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PageCheckRequest {
    /// The host's commitment as first shown.
    pub commitment: String,
    /// The share commitments as first shown, by seat.
    pub commitments: Vec<Option<String>>,
    /// The shares announced when the game began.
    pub contributions: Vec<Option<String>>,
    pub mine: Option<MyShare>,
    /// The tile of every placement, in order, as shown live.
    pub placed: Vec<TileTypeId>,
    /// The host's message with the result (`game_over`, or a `snapshot` holding one) as the
    /// page received it: read here, so the seed keeps all its digits (a JavaScript number
    /// does not hold a 64-bit seed).
    pub message: String,
}

/// The verdict on a finished game: fair, or the first problem and the draw it is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DrawCheck {
    pub ok: bool,
    pub problem: Option<FairnessError>,
    /// The draw that differs (1-based), see [`differing_draw`].
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub draw: Option<usize>,
}

impl DrawCheck {
    fn from_result(result: Result<(), FairnessError>, record: Option<&Record>) -> DrawCheck {
        match result {
            Ok(()) => DrawCheck {
                ok: true,
                problem: None,
                draw: None,
            },
            Err(e) => DrawCheck {
                ok: false,
                draw: record.and_then(|r| differing_draw(&e, r)),
                problem: Some(e),
            },
        }
    }
}

/// The result a host's message carries: its record, secret and revealed shares.
fn result_of(message: &str) -> Result<(Record, String, Vec<Option<String>>), FairnessError> {
    let malformed = |what: &str| FairnessError::Malformed { what: what.into() };
    let v: serde_json::Value = serde_json::from_str(message).map_err(|_| malformed("result"))?;
    let result = v
        .get("result")
        .or_else(|| v.get("snapshot").and_then(|s| s.get("result")))
        .filter(|r| !r.is_null())
        .ok_or_else(|| malformed("result"))?;
    let record: Record = result
        .get("record")
        .cloned()
        .and_then(|r| serde_json::from_value(r).ok())
        .ok_or_else(|| malformed("record"))?;
    let secret = result
        .get("secret")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| malformed("secret"))?
        .to_owned();
    let revealed: Vec<Option<String>> = result
        .get("contributions")
        .cloned()
        .and_then(|c| serde_json::from_value(c).ok())
        .ok_or_else(|| malformed("contribution"))?;
    Ok((record, secret, revealed))
}

/// A browser's check of a finished game ([`check_finished`] on what it saw).
pub fn check_page(req: &PageCheckRequest) -> DrawCheck {
    checked_record(req).0
}

/// [`check_page`]'s verdict, and the game's record when the draws check out (a page keeps
/// such a game in its device's history).
pub fn checked_record(req: &PageCheckRequest) -> (DrawCheck, Option<Record>) {
    let (record, secret, revealed) = match result_of(&req.message) {
        Ok(r) => r,
        Err(e) => return (DrawCheck::from_result(Err(e), None), None),
    };
    let observed = Observed {
        commitment: req.commitment.clone(),
        commitments: req.commitments.clone(),
        contributions: req.contributions.clone(),
        mine: req.mine.as_ref().map(|m| (m.seat, m.share.clone())),
        placed: req.placed.clone(),
    };
    let result = check_finished(&observed, &revealed, &secret, &record);
    let check = DrawCheck::from_result(result, Some(&record));
    let fair = check.ok.then_some(record);
    (check, fair)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_junk() {
        let b: Bytes32 = core::array::from_fn(|i| (i * 37) as u8);
        assert_eq!(from_hex32(&to_hex(&b)), Some(b));
        assert_eq!(from_hex32("zz"), None);
        assert_eq!(from_hex32(&"g".repeat(64)), None);
    }

    #[test]
    fn pins_keep_the_first_commitments_and_catch_any_other() {
        let (x, y) = (to_hex(&[1; 32]), to_hex(&[2; 32]));
        let mut p = Pins::default();
        p.commitment(&x);
        p.commitment(&x.to_uppercase());
        p.commitments(&[Some(x.clone()), Some(y.clone())]);
        // A seat's commitment may go (the seat gave up its share during the draw).
        p.commitments(&[Some(x.clone()), None]);
        p.contributions(&[Some(y.clone()), None]);
        p.contributions(&[Some(y.clone()), None]);
        assert_eq!(p.broken, None);
        assert_eq!(p.commitments, vec![Some(x.clone()), Some(y.clone())]);
        let mut host = p.clone();
        host.commitment(&y);
        assert_eq!(host.broken, Some(FairnessError::CommitmentChanged));
        assert_eq!(host.commitment.as_ref(), Some(&x), "the first stays");
        let mut share = p.clone();
        share.commitments(&[Some(x.clone()), Some(x.clone())]);
        assert_eq!(
            share.broken,
            Some(FairnessError::ShareCommitmentChanged { seat: 1 })
        );
        let mut shares = p.clone();
        shares.contributions(&[Some(y.clone()), Some(x.clone())]);
        assert_eq!(shares.broken, Some(FairnessError::ContributionsChanged));
    }

    #[test]
    fn every_contribution_changes_the_seed() {
        let s = [7u8; 32];
        let a = derive_seed(&s, &[Some([1; 32]), None]);
        assert_ne!(a, derive_seed(&s, &[Some([2; 32]), None]));
        assert_ne!(a, derive_seed(&s, &[None, Some([1; 32])]));
        assert_ne!(a, derive_seed(&[8; 32], &[Some([1; 32]), None]));
    }
}
