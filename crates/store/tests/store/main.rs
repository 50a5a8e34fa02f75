//! The store's integration tests, on real SQLite files in temporary folders.
//!
//! One test binary (with a module per topic) so the bundled SQLite is linked once.

mod common;
mod damage;
mod failures;
mod games;
mod image;
mod migrations;
mod profiles;
mod salvage;
mod stats;
