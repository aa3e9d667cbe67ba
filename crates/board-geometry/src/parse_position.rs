//! A position's text that gives no position, alone or as a position file.

use core::fmt;
use std::io::Read;

use crate::text_input::{InputError, Located, SingleLineProblem, TextLine, read_single_line};

/// Why a position's text (xiangqi's FEN, duck chess's position string) gives
/// no position: the text is not one (what is wrong, and at which column), or
/// the setup it describes is no position a game can reach. Each game names
/// its own: `xiangqi_rules::ParsePositionError` is a `ParsePositionError`
/// of xiangqi's `SetupError` and `PositionError`.
///
/// ```
/// use board_geometry::ParsePositionError;
/// use board_geometry::text_input::{Located, TextPosition};
///
/// let syntax: ParsePositionError<&str, &str> =
///     ParsePositionError::Syntax(Located::new(TextPosition::new(1, 5), "9 points on a row at most"));
/// assert_eq!(syntax.to_string(), "column 5: 9 points on a row at most");
/// let invalid: ParsePositionError<&str, &str> = ParsePositionError::Invalid("two red generals");
/// assert_eq!(invalid.to_string(), "illegal position: two red generals");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParsePositionError<S, P> {
    /// The text is not a position's text.
    Syntax(Located<S>),
    /// The text describes a setup that is no position a game can reach.
    Invalid(P),
}

impl<S: fmt::Display, P: fmt::Display> fmt::Display for ParsePositionError<S, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Syntax(error) => {
                write!(f, "column {}: {}", error.position.column, error.error)
            }
            ParsePositionError::Invalid(error) => write!(f, "illegal position: {error}"),
        }
    }
}

impl<S, P> std::error::Error for ParsePositionError<S, P>
where
    S: std::error::Error + 'static,
    P: std::error::Error + 'static,
{
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParsePositionError::Syntax(error) => Some(error),
            ParsePositionError::Invalid(error) => Some(error),
        }
    }
}

/// How messages name a game's position text and put its errors: implemented
/// by the text's syntax error (the `S` of [`PositionFileError`]).
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
pub trait PositionText: fmt::Display {
    /// The text's name: `FEN`, `position string`.
    const NAME: &'static str;
    /// Whether a message about a position file says what failed before the
    /// error: `bad FEN: ` before a syntax error, `illegal position: ` before
    /// a position no game can reach. Duck chess's errors say it themselves
    /// (`'C' is not a piece`), xiangqi's need it (`the side to move is 'x'`).
    const SAY_WHAT_FAILED: bool;
}

/// What is wrong with a position file, a file that holds one position's
/// text alone on a line (see
/// [`read_single_line`](crate::text_input::read_single_line)): `S` is the
/// text's syntax error, `P` the error of a setup that is no position. The
/// [`Located`] wrapper gives the line and column. Each game names its own:
/// `xiangqi_rules::PositionFileError` is a `PositionFileError` of xiangqi's
/// `SetupError` and `PositionError`.
///
/// ```
/// use board_geometry::{PositionFileError, PositionText};
/// # use std::fmt;
///
/// /// A syntax error of the text `FEN`.
/// #[derive(Debug)]
/// struct BadFen;
///
/// impl fmt::Display for BadFen {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         f.write_str("no side to move")
///     }
/// }
///
/// impl PositionText for BadFen {
///     const NAME: &'static str = "FEN";
///     const SAY_WHAT_FAILED: bool = true;
/// }
///
/// let empty: PositionFileError<BadFen, &str> = PositionFileError::Empty;
/// assert_eq!(empty.to_string(), "no FEN: the input is empty");
/// let syntax: PositionFileError<BadFen, &str> = PositionFileError::Syntax(BadFen);
/// assert_eq!(syntax.to_string(), "bad FEN: no side to move");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionFileError<S, P> {
    /// The file holds nothing but whitespace.
    Empty,
    /// The bytes are not UTF-8 text (for a text that must be: xiangqi's FEN).
    NotText,
    /// The line is not the position's text.
    Syntax(S),
    /// The text describes a setup that is no position a game can reach.
    Invalid(P),
    /// Another non-blank line follows the position's text.
    MoreThanOne,
}

impl<S: PositionText, P: fmt::Display> fmt::Display for PositionFileError<S, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, prefixed) = (S::NAME, S::SAY_WHAT_FAILED);
        match self {
            PositionFileError::Empty => write!(f, "no {name}: the input is empty"),
            PositionFileError::NotText => {
                write!(f, "this byte is not UTF-8 text; a position file holds one {name} on one line")
            }
            PositionFileError::Syntax(error) if prefixed => write!(f, "bad {name}: {error}"),
            PositionFileError::Invalid(error) if prefixed => write!(f, "illegal position: {error}"),
            PositionFileError::Syntax(error) => write!(f, "{error}"),
            PositionFileError::Invalid(error) => write!(f, "{error}"),
            PositionFileError::MoreThanOne => {
                write!(f, "a second line after the {name}: give one position per file")
            }
        }
    }
}

impl<S, P> std::error::Error for PositionFileError<S, P>
where
    S: PositionText + std::error::Error + 'static,
    P: std::error::Error + 'static,
{
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionFileError::Syntax(error) => Some(error),
            PositionFileError::Invalid(error) => Some(error),
            _ => None,
        }
    }
}

impl<S, P> From<SingleLineProblem> for PositionFileError<S, P> {
    fn from(problem: SingleLineProblem) -> Self {
        match problem {
            SingleLineProblem::Empty => PositionFileError::Empty,
            SingleLineProblem::MoreThanOne => PositionFileError::MoreThanOne,
        }
    }
}

/// What reading a position file gives: `T`, or the error of the file's text
/// `S` or of its setup `P`, located.
type FileResult<T, S, P> = Result<T, InputError<PositionFileError<S, P>>>;

/// A game's setup as a position file holds it: read from the file's one
/// line, with each error placed in the file. What the two position-file
/// readers, [`read_position_file`] and [`read_setup_file`], need of a game.
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
pub trait SetupLine: Sized {
    /// What is wrong with a line that is not the setup's text.
    type Error: PositionText;

    /// The setup written on `line`, or where and why it is none (the line
    /// is no text, or not the setup's text).
    ///
    /// # Errors
    /// [`PositionFileError::Syntax`] or [`PositionFileError::NotText`], at
    /// the place in the file where the line goes wrong.
    fn from_file_line<P>(line: &TextLine<'_>) -> Result<Self, Located<PositionFileError<Self::Error, P>>>;
}

/// Reads a position file: one setup's text on a line of its own, blank lines
/// and whitespace around it ignored, and the setup checked to be a position
/// (`P: TryFrom<S>`). The reading is bounded: a line of more than
/// [`MAX_LINE`](crate::text_input::MAX_LINE) characters, or anything after
/// the setup's line, stops it. Each game offers it as `read_position`.
///
/// # Errors
/// An empty input, a line that is not the setup's text (where it goes
/// wrong), a setup that is no position (at the start of its text), a second
/// non-blank line, or a failure to read.
pub fn read_position_file<S: SetupLine, P: TryFrom<S>>(
    input: impl Read,
) -> FileResult<P, S::Error, P::Error> {
    read_single_line(input, |line| {
        let setup = S::from_file_line(line)?;
        P::try_from(setup).map_err(|error| Located::new(line.start(), PositionFileError::Invalid(error)))
    })
}

/// Reads a position file as [`read_position_file`] does, without checking
/// that the setup is a position: `P` is only the error type that the file's
/// errors share with it. Each game offers it as `read_setup`.
///
/// # Errors
/// As [`read_position_file`], apart from the position's legality.
pub fn read_setup_file<S: SetupLine, P>(
    input: impl Read,
) -> Result<S, InputError<PositionFileError<S::Error, P>>> {
    read_single_line(input, S::from_file_line)
}
