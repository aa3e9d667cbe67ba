//! Developer tasks for the workspace; the binary is run as `cargo xtask`.
//!
//! The library part runs fixture files through the command-line tools (for
//! the snapshot test in `tests/fixtures.rs`) and times the release binaries.

#![forbid(unsafe_code)]

pub mod bench;
pub mod fixtures;
