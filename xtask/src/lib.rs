//! Developer tasks for the workspace; the binary is run as `cargo xtask`.
//!
//! The library part runs fixture files through the command-line tools (for
//! the snapshot test in `tests/fixtures.rs`) and times the release binaries.

#![forbid(unsafe_code)]

pub mod bench;
pub mod docs;
pub mod fixtures;
pub mod fuzz;
pub mod hostile;
pub mod launch;
pub mod man;
pub mod mutants;
pub mod package_test;
pub mod perft_suite;
pub mod pikafish;
pub mod record_fixtures;
pub mod render;

use std::process::Command;

/// A `cargo` command (the one running this xtask) run from the workspace root.
#[must_use]
pub fn cargo() -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(fixtures::workspace_root());
    command
}
