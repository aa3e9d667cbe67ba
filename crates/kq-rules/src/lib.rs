//! The king-and-queen "Correct Move" task (UVa 255): on an 8 x 8 board of
//! places numbered 0..63 row by row, a king and a queen; the queen moves
//! orthogonally, and each input line `king queen newqueen` gets one verdict.
//!
//! ```
//! use kq_rules::{Case, Verdict};
//!
//! let case: Case = "56 48 49".parse()?;
//! assert_eq!(case.verdict(), Verdict::Stop);
//! assert_eq!(case.verdict().to_string(), "Stop");
//!
//! // The streaming judge: one line of output per line of input.
//! let mut answers = Vec::new();
//! kq_rules::judge("17 17 49\n17 49 25\n".as_bytes(), &mut answers)?;
//! assert_eq!(String::from_utf8(answers)?, "Illegal state\nMove not allowed\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Places are [`Place`]s: squares of the 8 x 8 grid of `board-geometry`,
//! whose index is the task's place number (`row = p / 8`, `column = p % 8`).

#![forbid(unsafe_code)]

mod case;
mod judge;
mod verdict;

pub use case::{Case, CaseError, CaseReader, Role};
pub use judge::{JudgeError, judge};
pub use verdict::Verdict;

/// A place of the task's board: its index is the place number 0..63.
pub type Place = board_geometry::Square<board_geometry::EightByEight>;
