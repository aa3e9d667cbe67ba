//! Places in a text, and errors that carry one.

use std::fmt;

/// A place in a text: 1-based line and column. Columns count bytes, which is
/// the same as characters for the ASCII that every judge format uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextPosition {
    /// Line number, from 1.
    pub line: u64,
    /// Column number, from 1.
    pub column: u64,
}

impl TextPosition {
    /// The position of `line`, `column`.
    #[must_use]
    pub const fn new(line: u64, column: u64) -> Self {
        TextPosition { line, column }
    }
}

impl fmt::Display for TextPosition {
    /// Writes `line:column`, the form compilers use, so that `FILE:` can be put in front.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// An error together with the place in the input it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<E> {
    /// Where in the input the problem is.
    pub position: TextPosition,
    /// What the problem is.
    pub error: E,
}

impl<E> Located<E> {
    /// `error` at `position`.
    pub const fn new(position: TextPosition, error: E) -> Self {
        Located { position, error }
    }
}

impl<E: fmt::Display> fmt::Display for Located<E> {
    /// Writes `line:column: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.error)
    }
}

impl<E: std::error::Error + 'static> std::error::Error for Located<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text_input::IntegerError;

    #[test]
    fn a_located_error_shows_its_place_and_keeps_its_cause() {
        use std::error::Error as _;
        let located = Located::new(TextPosition::new(3, 7), IntegerError::NotAnInteger);
        assert_eq!(located.to_string(), "3:7: not a whole number");
        assert_eq!(located.source().map(ToString::to_string), Some(IntegerError::NotAnInteger.to_string()));
    }

    #[test]
    fn located_errors_print_line_column_and_message() {
        let error = Located::new(TextPosition::new(12, 5), "unknown piece 'X'");
        assert_eq!(error.to_string(), "12:5: unknown piece 'X'");
    }
}
