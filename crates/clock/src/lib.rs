//! The clocks: the one the bots think against (monotonic) and the calendar (games' dates,
//! fresh seeds). The system's, or in a web page, where WebAssembly has no clock of its own,
//! the page's `performance.now()` and `Date.now()`, which the page passes in as the imports
//! `carcassonne.monotonic_ms` and `carcassonne.wall_ms`.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use web::{unix_ms, Instant};

/// Milliseconds since 1970-01-01 UTC (0 if the system clock is set before it).
#[cfg(not(target_arch = "wasm32"))]
pub fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
mod web {
    use std::ops::Add;
    use std::time::Duration;

    #[link(wasm_import_module = "carcassonne")]
    extern "C" {
        /// Milliseconds since the page started, never going back.
        fn monotonic_ms() -> f64;
        /// Milliseconds since 1970-01-01 UTC (`Date.now()`).
        fn wall_ms() -> f64;
    }

    pub fn unix_ms() -> u64 {
        // SAFETY: as `monotonic_ms`. A negative or absurd clock reads as 0.
        let ms = unsafe { wall_ms() };
        if ms.is_finite() && ms > 0.0 {
            ms as u64
        } else {
            0
        }
    }

    /// A point on the page's monotonic clock (the subset of `std::time::Instant` the bots use).
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        pub fn now() -> Instant {
            // SAFETY: an import without arguments that returns a number; the page defines it.
            Instant(unsafe { monotonic_ms() })
        }

        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            Some(*self + d)
        }

        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1000.0).max(0.0))
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1000.0)
        }
    }
}
