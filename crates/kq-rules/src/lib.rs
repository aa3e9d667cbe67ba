// The README's links point into the sources, which is where they lead on
// GitHub; these definitions of the same labels come first, so that rustdoc
// links the words to the items instead (`xtask/tests/readme_links.rs` keeps
// both lists alike).
//! [`Case::explain`]: crate::tasks::correct_move::Case::explain
//! [`Place`]: crate::Place
//! [`tasks::correct_move`]: crate::tasks::correct_move
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod tasks;

pub use board_geometry::text_input::{Located, StreamError, TextPosition};

/// A place of the task's board: its index is the place number 0..63.
pub type Place = board_geometry::Square<board_geometry::EightByEight>;
