//! The king-and-queen "Correct Move" task (UVa 255): on an 8 x 8 board of
//! places numbered 0..63 row by row, a king and a queen; the queen moves
//! orthogonally, and each input line `king queen newqueen` gets one verdict.
//!
//! ```
//! use kq_rules::tasks::correct_move::{Case, Options, Verdict, judge};
//!
//! let case: Case = "56 48 49".parse()?;
//! assert_eq!(case.verdict(), Verdict::Stop);
//! assert_eq!(case.verdict().to_string(), "Stop");
//!
//! // The streaming judge: one line of output per line of input.
//! let mut answers = Vec::new();
//! judge("17 17 49\n17 49 25\n".as_bytes(), &mut answers, &Options::default())?;
//! assert_eq!(String::from_utf8(answers)?, "Illegal state\nMove not allowed\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Case::explain`](tasks::correct_move::Case::explain) says which rule
//! decided a case, with a picture of the board.
//!
//! Places are [`Place`]s: squares of the 8 x 8 grid of `board-geometry`,
//! whose index is the task's place number (`row = p / 8`, `column = p % 8`).
//! The task sits in [`tasks::correct_move`], laid out as the judge tasks of
//! the other game crates are.

#![forbid(unsafe_code)]

pub mod tasks;

pub use board_geometry::text_input::{Located, StreamError, TextPosition};

/// A place of the task's board: its index is the place number 0..63.
pub type Place = board_geometry::Square<board_geometry::EightByEight>;
