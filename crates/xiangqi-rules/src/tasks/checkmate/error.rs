//! What can be wrong with the input of the task, in words that name the case.

use core::fmt;

use super::COORDINATES;
use crate::tasks::Point;
use crate::{PieceKind, Square};

/// A case's input that breaks the judge's promises: which case (from 1), and
/// what is wrong with it. Where in the text comes with it in an
/// [`InputError`]. `Display` writes `case 4: ` and the problem.
pub type CaseError = crate::tasks::CaseError<CaseProblem>;

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {}: {}", self.case, self.problem)
    }
}

impl std::error::Error for CaseError {}

/// Why reading the cases stopped: a case that breaks the judge's promises
/// (which case, what is wrong, where), text no judge format is made of, or
/// a failed read. What [`Reader`](super::Reader) yields as its error.
pub type InputError = board_geometry::text_input::InputError<CaseError>;

/// Which number of a line is meant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NumberRole {
    /// The number of red pieces, first in a case's header.
    PieceCount,
    /// A row, 1 to 10.
    Row,
    /// A column, 1 to 9.
    Column,
}

impl fmt::Display for NumberRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberRole::PieceCount => "the number of red pieces",
            NumberRole::Row => "row",
            NumberRole::Column => "column",
        })
    }
}

/// What is wrong with a case.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseProblem {
    /// A number is expected and something else is written.
    NotANumber {
        /// Which number.
        role: NumberRole,
        /// What is written.
        text: String,
    },
    /// The red piece count is not from 1 to 16.
    PieceCount {
        /// The count as written.
        text: String,
    },
    /// A row or column is off the board.
    OffBoard {
        /// Row or column.
        role: NumberRole,
        /// The number as written.
        text: String,
    },
    /// A piece letter is not `G`, `R`, `H` or `C`.
    UnknownPiece {
        /// The letter (or word) as written.
        text: String,
    },
    /// A number stands where the next red piece's letter should be.
    FewerPiecesThanCount {
        /// The header's count.
        count: u32,
        /// How many pieces were listed.
        listed: u32,
        /// What stands where the next letter should be.
        found: String,
    },
    /// A piece letter stands where the next case's header should be.
    MorePiecesThanCount {
        /// The header's count.
        count: u32,
    },
    /// The input ends inside the case.
    Truncated {
        /// The header's count.
        count: u32,
        /// How many pieces were complete.
        listed: u32,
    },
    /// The input ends inside a case's header, after `numbers` of its three numbers.
    TruncatedHeader {
        /// How many numbers of the header there are (1 or 2).
        numbers: u8,
    },
    /// The input ends without the closing `0 0 0`.
    MissingEnd,
    /// Something other than whitespace follows the closing `0 0 0`.
    TextAfterEnd,
    /// Two pieces on one point.
    SamePoint {
        /// The point.
        point: Square,
    },
    /// The black general is outside rows 1..3, columns 4..6.
    BlackGeneralOutsidePalace {
        /// Where it is.
        point: Square,
    },
    /// The red general is outside rows 8..10, columns 4..6.
    RedGeneralOutsidePalace {
        /// Where it is.
        point: Square,
    },
    /// No `G` among the red pieces.
    NoRedGeneral,
    /// A second `G` among the red pieces.
    TwoRedGenerals {
        /// Where the second one is.
        second: Square,
    },
    /// A board given directly holds black pieces other than the general.
    BlackNotOnlyGeneral,
    /// A board given directly holds a red piece the task does not have (an
    /// advisor, an elephant or a soldier).
    RedPieceNotInTask {
        /// Where it is.
        point: Square,
        /// What it is.
        kind: PieceKind,
    },
}

impl fmt::Display for CaseProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseProblem::NotANumber { role, text } => write!(f, "{role} should be a number, found '{text}'"),
            CaseProblem::PieceCount { text } => write!(
                f,
                "{text} red pieces is out of range: a case has 1 to 16 (the judge promises 2 to 7, the general included)"
            ),
            CaseProblem::OffBoard { role: NumberRole::Column, text } => {
                write!(f, "column {text} is off the board (columns 1 to 9)")
            }
            CaseProblem::OffBoard { text, .. } => write!(f, "row {text} is off the board (rows 1 to 10)"),
            CaseProblem::UnknownPiece { text } => write!(
                f,
                "unknown piece '{text}': red pieces are G (general), R (chariot), H (horse) and C (cannon)"
            ),
            CaseProblem::FewerPiecesThanCount { count, listed, found } => write!(
                f,
                "the header promises {count} red pieces but only {listed} {} listed (found '{found}' where piece {} \
                 should start)",
                if *listed == 1 { "is" } else { "are" },
                listed + 1
            ),
            CaseProblem::MorePiecesThanCount { count } => {
                write!(f, "more red pieces are listed than the {count} its header promises")
            }
            CaseProblem::Truncated { count, listed } => {
                write!(f, "the input ends inside the case, after {listed} of its {count} red pieces")
            }
            CaseProblem::TruncatedHeader { numbers } => write!(
                f,
                "the input ends after {} of the header's three numbers: a header is 'N row col' \
                 (N red pieces, then the black general's row and column), and the input ends with '0 0 0'",
                if *numbers == 1 { "one" } else { "two" }
            ),
            CaseProblem::MissingEnd => f.write_str("the input ends without the closing '0 0 0'"),
            CaseProblem::TextAfterEnd => {
                f.write_str("text after the closing '0 0 0': nothing but whitespace may follow it")
            }
            CaseProblem::SamePoint { point } => write!(f, "two pieces on {}", Point(COORDINATES, *point)),
            CaseProblem::BlackGeneralOutsidePalace { point } => write!(
                f,
                "the black general at {} is outside its palace (rows 1 to 3, columns 4 to 6)",
                Point(COORDINATES, *point)
            ),
            CaseProblem::RedGeneralOutsidePalace { point } => write!(
                f,
                "the red general at {} is outside its palace (rows 8 to 10, columns 4 to 6)",
                Point(COORDINATES, *point)
            ),
            CaseProblem::NoRedGeneral => f.write_str("red has no general (G)"),
            CaseProblem::TwoRedGenerals { second } => {
                write!(f, "red has a second general, at {}", Point(COORDINATES, *second))
            }
            CaseProblem::BlackNotOnlyGeneral => f.write_str("black must have its general and nothing else"),
            CaseProblem::RedPieceNotInTask { point, kind } => write!(
                f,
                "the red {kind} at {} is not a piece of the task: red has a general, chariots, horses and cannons",
                Point(COORDINATES, *point)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_says_what_is_wrong_in_the_task_s_terms() {
        let point = |name: &str| name.parse::<Square>().unwrap();
        let text = |text: &str| text.to_string();
        let problems = [
            CaseProblem::NotANumber { role: NumberRole::PieceCount, text: text("x") },
            CaseProblem::NotANumber { role: NumberRole::Row, text: text("1.5") },
            CaseProblem::NotANumber { role: NumberRole::Column, text: text("-") },
            CaseProblem::PieceCount { text: text("17") },
            CaseProblem::OffBoard { role: NumberRole::Row, text: text("11") },
            CaseProblem::OffBoard { role: NumberRole::Column, text: text("0") },
            CaseProblem::UnknownPiece { text: text("P") },
            CaseProblem::FewerPiecesThanCount { count: 3, listed: 1, found: text("2") },
            CaseProblem::MorePiecesThanCount { count: 2 },
            CaseProblem::Truncated { count: 3, listed: 2 },
            CaseProblem::TruncatedHeader { numbers: 1 },
            CaseProblem::TruncatedHeader { numbers: 2 },
            CaseProblem::MissingEnd,
            CaseProblem::TextAfterEnd,
            CaseProblem::SamePoint { point: point("a0") },
            CaseProblem::BlackGeneralOutsidePalace { point: point("e6") },
            CaseProblem::RedGeneralOutsidePalace { point: point("e3") },
            CaseProblem::NoRedGeneral,
            CaseProblem::TwoRedGenerals { second: point("d2") },
            CaseProblem::BlackNotOnlyGeneral,
            CaseProblem::RedPieceNotInTask { point: point("b3"), kind: PieceKind::Advisor },
        ];
        let header = "a header is 'N row col' (N red pieces, then the black general's row and column), \
                      and the input ends with '0 0 0'";
        let messages = [
            "the number of red pieces should be a number, found 'x'".to_string(),
            "row should be a number, found '1.5'".to_string(),
            "column should be a number, found '-'".to_string(),
            "17 red pieces is out of range: a case has 1 to 16 (the judge promises 2 to 7, the general included)"
                .to_string(),
            "row 11 is off the board (rows 1 to 10)".to_string(),
            "column 0 is off the board (columns 1 to 9)".to_string(),
            "unknown piece 'P': red pieces are G (general), R (chariot), H (horse) and C (cannon)".to_string(),
            "the header promises 3 red pieces but only 1 is listed (found '2' where piece 2 should start)".to_string(),
            "more red pieces are listed than the 2 its header promises".to_string(),
            "the input ends inside the case, after 2 of its 3 red pieces".to_string(),
            format!("the input ends after one of the header's three numbers: {header}"),
            format!("the input ends after two of the header's three numbers: {header}"),
            "the input ends without the closing '0 0 0'".to_string(),
            "text after the closing '0 0 0': nothing but whitespace may follow it".to_string(),
            "two pieces on (10,1)".to_string(),
            "the black general at (4,5) is outside its palace (rows 1 to 3, columns 4 to 6)".to_string(),
            "the red general at (7,5) is outside its palace (rows 8 to 10, columns 4 to 6)".to_string(),
            "red has no general (G)".to_string(),
            "red has a second general, at (8,4)".to_string(),
            "black must have its general and nothing else".to_string(),
            "the red advisor at (7,2) is not a piece of the task: red has a general, chariots, horses and cannons"
                .to_string(),
        ];
        assert_eq!(problems.len(), messages.len());
        for (problem, message) in problems.into_iter().zip(messages) {
            assert_eq!(CaseError { case: 4, problem }.to_string(), format!("case 4: {message}"));
        }
        let two_listed = CaseProblem::FewerPiecesThanCount { count: 3, listed: 2, found: text("2") };
        assert!(two_listed.to_string().contains("only 2 are listed"));
    }
}
