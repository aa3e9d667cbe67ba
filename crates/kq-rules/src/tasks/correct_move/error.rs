//! What can be wrong with a line of input, and which of its numbers.

use core::fmt;

/// Which of the three numbers of a line a message is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The first number: where the king stands.
    King,
    /// The second number: where the queen stands.
    Queen,
    /// The third number: where the queen is to move.
    NewQueen,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::NewQueen => "newqueen",
        })
    }
}

/// What is wrong with a line of input; the [`Located`](board_geometry::text_input::Located)
/// around it in an [`InputError`] says where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseError {
    /// The input holds no line at all (it is empty, or whitespace only): as
    /// every judge of the workspace, this one refuses an input with no case,
    /// which is most often the wrong file or a redirection forgotten.
    NoCase,
    /// The line does not hold exactly three fields.
    FieldCount {
        /// How many fields it holds.
        found: usize,
    },
    /// A field is not a whole number.
    NotANumber {
        /// Which number it should have been.
        role: Role,
        /// The field as written.
        text: String,
    },
    /// A number is outside 0..63.
    OffBoard {
        /// Which number it is.
        role: Role,
        /// The number as written.
        text: String,
    },
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::NoCase => f.write_str("the input holds no line: expected lines 'king queen newqueen'"),
            CaseError::FieldCount { found } => {
                write!(f, "expected 3 numbers 'king queen newqueen', found {found} field")?;
                if *found != 1 {
                    f.write_str("s")?;
                }
                Ok(())
            }
            CaseError::NotANumber { role, text } => write!(f, "{role} '{text}' is not a number"),
            CaseError::OffBoard { role, text } => {
                write!(f, "{role} {text} is off the board: places are 0 to 63")
            }
        }
    }
}

impl std::error::Error for CaseError {}

/// Why reading the input stopped: a line that is not a case (what is wrong,
/// where), text no judge format is made of, or a failed read. What
/// [`Reader`](super::Reader) yields as its error.
pub type InputError = board_geometry::text_input::InputError<CaseError>;
