//! A position's text that gives no position.

use core::fmt;

use crate::text_input::Located;

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
