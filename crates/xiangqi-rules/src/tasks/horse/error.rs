//! What can be wrong with a board of the input, in words that name the board and the point.

use core::fmt;

use super::{COORDINATES, SetupError};
use crate::Square;

/// The numbers of one board: 10 rows of 9.
pub(super) const NUMBERS: u8 = 90;

/// What is wrong with a board of the input (see [`CaseError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseProblem {
    /// The input holds no number at all, so not even one board.
    NoBoard,
    /// A token is not a whole number.
    NotANumber {
        /// The point of the matrix it stands for.
        at: Square,
        /// The token as written (cut short if long).
        text: String,
    },
    /// A number is not one of the piece codes 0, 1..7, 11..17.
    NotACode {
        /// The point of the matrix it stands for.
        at: Square,
        /// The number as written (cut short if long).
        text: String,
    },
    /// A line that does not hold whole rows: its count of numbers is not a
    /// multiple of 9, so a row of the board is split across lines.
    RowCut {
        /// The point of the matrix where the split row starts.
        at: Square,
        /// How many numbers the line holds.
        numbers: u64,
    },
    /// The input ends before the board's 90th number.
    EndsInsideBoard {
        /// The first point left without a number.
        at: Square,
    },
    /// The numbers are codes, but the pieces break the task's promise.
    Setup(SetupError),
}

impl CaseProblem {
    /// The point of the matrix the problem is at, if it is at one.
    #[must_use]
    pub const fn point(&self) -> Option<Square> {
        match self {
            CaseProblem::NoBoard => None,
            CaseProblem::NotANumber { at, .. }
            | CaseProblem::NotACode { at, .. }
            | CaseProblem::RowCut { at, .. }
            | CaseProblem::EndsInsideBoard { at } => Some(*at),
            CaseProblem::Setup(error) => error.point(),
        }
    }
}

impl fmt::Display for CaseProblem {
    /// The problem alone, without board, row and column (see [`InputError`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseProblem::NoBoard => f.write_str("the input holds no board: expected 10 rows of 9 numbers"),
            CaseProblem::NotANumber { text, .. } => {
                write!(f, "'{text}' is not a number: expected a piece code (0 empty, 1-7 red, 11-17 black)")
            }
            CaseProblem::NotACode { text, .. } => {
                write!(f, "{text} is not a piece code: codes are 0 (empty), 1-7 (red) and 11-17 (black)")
            }
            CaseProblem::RowCut { numbers, .. } => write!(
                f,
                "this row is split across lines: a line holds whole rows of 9 numbers, and this one holds {numbers}"
            ),
            CaseProblem::EndsInsideBoard { at } => write!(
                f,
                "missing: the input ends after {} of the board's {NUMBERS} numbers (10 rows of 9)",
                COORDINATES.reading_index(*at)
            ),
            CaseProblem::Setup(error) => write!(f, "{error}"),
        }
    }
}

/// A board of the input that breaks the task's promise: which board (from
/// 1), and what is wrong with it.
///
/// `Display` puts the board number in front when it is 2 or more (so that a
/// one-board input reads as the task knows it), then the row and column of
/// the matrix when the problem is at a point, then the problem:
/// `board 2, row 0, column 3: 8 is not a piece code: ...`. The line and
/// column of the text come with it in an [`InputError`].
pub type CaseError = crate::tasks::CaseError<CaseProblem>;

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.case > 1 {
            write!(f, "board {}", self.case)?;
        }
        if let Some(at) = self.problem.point() {
            let comma = if self.case > 1 { ", " } else { "" };
            write!(f, "{comma}row {}, column {}", COORDINATES.row(at), COORDINATES.column(at))?;
        }
        if self.case > 1 || self.problem.point().is_some() {
            f.write_str(": ")?;
        }
        write!(f, "{}", self.problem)
    }
}

impl std::error::Error for CaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            CaseProblem::Setup(error) => Some(error),
            _ => None,
        }
    }
}

/// Why reading the boards stopped: a board that breaks the task's promise
/// (which board, what is wrong, where), text no judge format is made of, or
/// a failed read. What [`Reader`](super::Reader) yields as its error.
pub type InputError = board_geometry::text_input::InputError<CaseError>;
