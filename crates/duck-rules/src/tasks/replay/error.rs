//! What can be wrong with a game log, and which of its numbers.

use core::fmt;

/// Which number of the log a message is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LogField {
    /// `Q`, the number of commands, alone on the first line.
    Count,
    /// `xs`, the row of the source point.
    Xs,
    /// `ys`, the column of the source point.
    Ys,
    /// `xt`, the row of the target point.
    Xt,
    /// `yt`, the column of the target point.
    Yt,
}

impl LogField {
    pub(super) fn is_row(self) -> bool {
        matches!(self, LogField::Xs | LogField::Xt)
    }
}

impl fmt::Display for LogField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LogField::Count => "Q",
            LogField::Xs => "xs",
            LogField::Ys => "ys",
            LogField::Xt => "xt",
            LogField::Yt => "yt",
        })
    }
}

/// What is wrong with a game log; the [`Located`](board_geometry::text_input::Located)
/// around it in an [`InputError`] gives the line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseError {
    /// The log has no first line with the number of commands.
    Empty,
    /// The first line does not hold exactly one field.
    CountFieldCount {
        /// How many fields it holds.
        found: usize,
    },
    /// A field is not a whole number.
    NotANumber {
        /// Which number it should have been.
        field: LogField,
        /// The field as written.
        text: String,
    },
    /// `Q` is negative.
    CountOutOfRange {
        /// `Q` as written.
        text: String,
    },
    /// `Q` is too large for any log to hold that many commands.
    CountTooLarge {
        /// `Q` as written (cut short if long).
        text: String,
    },
    /// A command line does not hold exactly four fields.
    FieldCount {
        /// How many fields it holds.
        found: usize,
    },
    /// A coordinate is off the board: a row outside 0..9 or a column outside 0..8.
    OffBoard {
        /// Which coordinate.
        field: LogField,
        /// The number as written.
        text: String,
    },
    /// The log ends before its `Q` commands. Reported just after the last
    /// field of the log.
    TooFewCommands {
        /// `Q`.
        announced: u64,
        /// How many commands there are.
        found: u64,
    },
    /// Text other than whitespace follows the `Q` commands.
    TooManyCommands {
        /// `Q`.
        announced: u64,
    },
}

fn plural(count: impl Into<u64>) -> &'static str {
    if count.into() == 1 { "" } else { "s" }
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Empty => {
                f.write_str("the log is empty: its first line must be the number of commands Q")
            }
            CaseError::CountFieldCount { found } => write!(
                f,
                "expected the number of commands Q alone on the first line, found {found} field{}",
                plural(*found as u64)
            ),
            CaseError::NotANumber { field: LogField::Count, text } => {
                write!(f, "the number of commands Q '{text}' is not a whole number")
            }
            CaseError::NotANumber { field, text } => write!(f, "{field} '{text}' is not a number"),
            CaseError::CountOutOfRange { text } => {
                write!(f, "the number of commands Q {text} is out of range: it must be 0 or more")
            }
            CaseError::CountTooLarge { text } => write!(
                f,
                "the number of commands Q {text} is too large: it must fit in 64 bits, and no log is that long"
            ),
            CaseError::FieldCount { found } => {
                write!(f, "expected 4 numbers 'xs ys xt yt', found {found} field{}", plural(*found as u64))
            }
            CaseError::OffBoard { field, text } if field.is_row() => {
                write!(f, "{field} {text} is off the board: rows are 0 to 9")
            }
            CaseError::OffBoard { field, text } => {
                write!(f, "{field} {text} is off the board: columns are 0 to 8")
            }
            CaseError::TooFewCommands { announced, found } => {
                write!(f, "the log ends after {found} command{}, but Q announced {announced}", plural(*found))
            }
            CaseError::TooManyCommands { announced } => {
                write!(f, "the log goes on after the {announced} command{} Q announced", plural(*announced))
            }
        }
    }
}

impl std::error::Error for CaseError {}

/// Why reading a log stopped: a line that is not what the log needs there
/// (what is wrong, where), text no judge format is made of, or a failed
/// read. What [`Reader`](super::Reader) yields as its error.
pub type InputError = board_geometry::text_input::InputError<CaseError>;
