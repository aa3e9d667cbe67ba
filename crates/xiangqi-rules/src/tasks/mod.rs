//! The judge tasks answered by the engine, one module each, laid out alike
//! (as the judge tasks of `duck-rules` and `kq-rules` are):
//!
//! - `judge(input, output, &Options)` streams cases from any reader to any
//!   writer, the judge's exact bytes, every answer written before an error;
//! - `Options::new()` (or `default()`), then `.explained(true)` and
//!   `.with_style(style)`, and the task's own switches;
//! - `Case`, one checked case, and `Case::explain()`, its `Explanation`;
//! - `Reader`, an `Iterator<Item = Result<Case, InputError>>` over any
//!   reader, with `next_case` as a method;
//! - `InputError`, [`InputError<CaseError>`](board_geometry::text_input::InputError):
//!   what is wrong with a case (`CaseError`) and its line and column;
//! - `generate`: `GenerateOptions` (checked by `Validate`, their mistakes an
//!   `OptionsError`), `Generator`, `write_input`, `check_promises`,
//!   `BrokenPromise` and `shrink`, random valid input for stress tests and
//!   the shrinking of a failing case.
//!
//! Each task folder holds the same files: `case.rs`, `reader.rs`,
//! `error.rs`, `explain.rs`, `fast.rs` (the judge's answers to plain input
//! at the pace of a hand-written solution, held to the engine's by the
//! tests) and `generate/`.
//!
//! - [`checkmate`]: UVa 1589, is black (a lone general, to move) checkmated?
//! - [`horse`]: where can the black horse go?

use core::fmt;

use board_geometry::random::Random;
use board_geometry::render::{Labels, SvgBoard};
use board_geometry::{NineByTen, RowColumn};

use crate::{Board, Square, SquareSet};

pub use case_error::CaseError;

mod case_error;
pub mod checkmate;
pub mod horse;
mod smaller;
#[cfg(test)]
mod test_support;

/// A point written `(row,col)` in a task's coordinates, as both xiangqi tasks write them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Point(pub(crate) RowColumn, pub(crate) Square);

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Point(coordinates, square) = *self;
        write!(f, "({},{})", coordinates.row(square), coordinates.column(square))
    }
}

/// The SVG diagram of `board` both tasks' explanations draw on: rows and
/// columns numbered in the task's `coordinates` instead of the files' numbers.
pub(crate) fn task_diagram(board: &Board, coordinates: RowColumn) -> SvgBoard<NineByTen> {
    let mut diagram = board.svg_diagram();
    diagram.labels = Labels::RowColumn(coordinates);
    diagram.bottom_side_numbers.clear();
    diagram.top_side_numbers.clear();
    diagram
}

/// One random point of `set`, each equally likely, or `None` if it is empty:
/// the draw both tasks' generators place pieces with.
pub(crate) fn pick(random: &mut Random, set: SquareSet) -> Option<Square> {
    /// The points of the board.
    const POINTS: u64 = 90;
    let len = set.len();
    if len >= 16 {
        // Dense: draw points until one is in the set, a few draws at most on average.
        loop {
            let drawn = u8::try_from(random.below(POINTS)).ok().and_then(Square::from_index);
            if let Some(point) = drawn.filter(|&point| set.contains(point)) {
                return Some(point);
            }
        }
    }
    set.into_iter().nth(random.index(len as usize))
}
