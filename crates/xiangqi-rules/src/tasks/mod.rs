//! The judge tasks answered by the engine, one module each, all of the same
//! shape: a `judge(input, output, &Options)` function that streams cases
//! from a reader to a writer, a reader of cases with located errors, the
//! types of a case and its answer, and a `generate` module with random
//! valid cases for stress tests and the shrinking of a failing one.
//!
//! - [`checkmate`]: UVa 1589, is black (a lone general, to move) checkmated?
//! - [`horse`]: where can the black horse go?

use core::fmt;

use board_geometry::RowColumn;
use board_geometry::random::Random;

use crate::{Square, SquareSet};

pub mod checkmate;
pub mod horse;

/// A point written `(row,col)` in a task's coordinates, as both xiangqi tasks write them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Point(pub(crate) RowColumn, pub(crate) Square);

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Point(coordinates, square) = *self;
        write!(f, "({},{})", coordinates.row(square), coordinates.column(square))
    }
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
