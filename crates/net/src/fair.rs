//! Fair draws by commit-reveal: the check itself is `carcassonne-fair` (no sockets, so the
//! web app's WebAssembly runs the same one), re-exported here; this module adds the host's
//! randomness.

pub use carcassonne_fair::*;

/// 32 fresh random bytes from the operating system.
///
/// # Errors
/// The system's random source failed.
pub fn random32() -> Result<Bytes32, getrandom::Error> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b)?;
    Ok(b)
}
