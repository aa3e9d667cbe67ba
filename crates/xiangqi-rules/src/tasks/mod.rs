//! The judge tasks answered by the engine, one module each, all of the same
//! shape: a `judge(input, output, &Options)` function that streams cases
//! from a reader to a writer, a reader of cases with located errors, and the
//! types of a case and its answer.
//!
//! - [`checkmate`]: UVa 1589, is black (a lone general, to move) checkmated?
//! - [`horse`]: where can the black horse go?

use core::fmt;

use board_geometry::RowColumn;

use crate::Square;

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
