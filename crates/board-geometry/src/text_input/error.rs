//! Why reading judge input stopped: bad input at a place, text no judge
//! format is made of, or a failed read or write.

use super::{Located, MAX_FIELD, MAX_LINE, TextPosition};
use std::fmt;
use std::io;

/// Why reading a judge's input stopped: the input breaks the task's format or
/// promises at a place (what is wrong there is `E`, the task's own error),
/// it is not text of any judge format, or it could not be read.
///
/// What every task's reader yields as its error (each task names it
/// `InputError`, with its own `E`), and what [`StreamError::Input`] holds.
///
/// ```
/// use board_geometry::text_input::{InputError, Located, TextPosition};
///
/// let error: InputError<String> = Located::new(TextPosition::new(3, 7), "not a piece".to_string()).into();
/// assert_eq!(error.to_string(), "3:7: not a piece");
/// assert_eq!(error.position(), Some(TextPosition::new(3, 7)));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum InputError<E> {
    /// The input breaks the task's format or promises at the given place.
    Invalid(Located<E>),
    /// The input is not text of the kind any judge format is made of (a field
    /// or line far too long), at the given place.
    Text(Located<TextError>),
    /// Reading the input failed.
    Read(io::Error),
}

impl<E> InputError<E> {
    /// Where in the input reading stopped, unless reading itself failed.
    #[must_use]
    pub const fn position(&self) -> Option<TextPosition> {
        match self {
            InputError::Invalid(error) => Some(error.position),
            InputError::Text(error) => Some(error.position),
            InputError::Read(_) => None,
        }
    }

    /// What is wrong with the input, if it breaks the task's format or promises.
    #[must_use]
    pub const fn invalid(&self) -> Option<&Located<E>> {
        match self {
            InputError::Invalid(error) => Some(error),
            InputError::Text(_) | InputError::Read(_) => None,
        }
    }
}

impl<E> From<ScanError> for InputError<E> {
    fn from(error: ScanError) -> Self {
        match error {
            ScanError::Text(error) => InputError::Text(error),
            ScanError::Read(error) => InputError::Read(error),
        }
    }
}

impl<E> From<Located<E>> for InputError<E> {
    fn from(error: Located<E>) -> Self {
        InputError::Invalid(error)
    }
}

impl<E: fmt::Display> fmt::Display for InputError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Invalid(error) => write!(f, "{error}"),
            InputError::Text(error) => write!(f, "{error}"),
            InputError::Read(error) => write!(f, "cannot read the input: {error}"),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for InputError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Invalid(error) => Some(error),
            InputError::Text(error) => Some(error),
            InputError::Read(error) => Some(error),
        }
    }
}

/// Why a streaming judge stopped: its input (see [`InputError`]), or a
/// failure to write the answers.
///
/// Judges write the answer to every case before the bad one, so on
/// [`StreamError::Input`] the output holds all answers up to that case.
#[derive(Debug)]
#[non_exhaustive]
pub enum StreamError<E> {
    /// Reading the input stopped: bad input at a place, or a failed read.
    Input(InputError<E>),
    /// Writing the answers failed.
    Write(io::Error),
}

impl<E> From<InputError<E>> for StreamError<E> {
    fn from(error: InputError<E>) -> Self {
        StreamError::Input(error)
    }
}

impl<E> From<ScanError> for StreamError<E> {
    fn from(error: ScanError) -> Self {
        StreamError::Input(error.into())
    }
}

impl<E> From<Located<E>> for StreamError<E> {
    fn from(error: Located<E>) -> Self {
        StreamError::Input(InputError::Invalid(error))
    }
}

impl<E: fmt::Display> fmt::Display for StreamError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Input(error) => write!(f, "{error}"),
            StreamError::Write(error) => write!(f, "cannot write the answers: {error}"),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for StreamError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Input(error) => Some(error),
            StreamError::Write(error) => Some(error),
        }
    }
}

/// What makes input unreadable as text of any judge format.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextError {
    /// A field (a run of characters without whitespace) longer than [`MAX_FIELD`] bytes.
    FieldTooLong {
        /// The field's first characters.
        excerpt: String,
    },
    /// A line with more than [`MAX_LINE`] bytes of text.
    LineTooLong {
        /// The line's first characters.
        excerpt: String,
    },
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::FieldTooLong { excerpt } => write!(
                f,
                "a field of more than {MAX_FIELD} characters without a space ('{excerpt}'): \
                 no number or word of this input is that long"
            ),
            TextError::LineTooLong { excerpt } => write!(
                f,
                "a line of more than {MAX_LINE} characters ('{excerpt}'): no line of this input is that long"
            ),
        }
    }
}

impl std::error::Error for TextError {}

/// Why the scanner could not give the next field: the text is unreadable
/// (with its place), or reading failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum ScanError {
    /// The input is not text of any judge format.
    Text(Located<TextError>),
    /// Reading the input failed.
    Read(io::Error),
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScanError::Text(error) => write!(f, "{error}"),
            ScanError::Read(error) => write!(f, "cannot read the input: {error}"),
        }
    }
}

impl std::error::Error for ScanError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ScanError::Text(error) => Some(error),
            ScanError::Read(error) => Some(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::text_input::Scanner;

    #[test]
    fn text_errors_are_the_cause_of_scan_errors() {
        let long = vec![b'9'; 2000];
        let error = Scanner::new(long.as_slice()).next_token().unwrap_err();
        let cause = std::error::Error::source(&error).map(ToString::to_string);
        assert_eq!(cause, Some(error.to_string()), "the located text error, as the scan error shows it");
        assert!(error.to_string().starts_with("1:1: a field of more than 1024 characters"), "{error}");
    }

    #[test]
    fn input_and_stream_errors_say_where_or_what_failed() {
        use std::io;

        use crate::text_input::{InputError, Located, StreamError, TextPosition};

        let located = Located::new(TextPosition::new(12, 5), "unknown piece 'X'");
        let input: InputError<&str> = located.clone().into();
        assert_eq!(input.to_string(), "12:5: unknown piece 'X'");
        assert_eq!((input.position(), input.invalid()), (Some(TextPosition::new(12, 5)), Some(&located)));
        let stream: StreamError<&str> = input.into();
        assert_eq!(stream.to_string(), "12:5: unknown piece 'X'");
        let read: InputError<&str> = InputError::Read(io::Error::other("gone"));
        assert_eq!((read.to_string().as_str(), read.position()), ("cannot read the input: gone", None));
        assert!(read.invalid().is_none());
        let write: StreamError<&str> = StreamError::Write(io::Error::other("full"));
        assert_eq!(write.to_string(), "cannot write the answers: full");
    }
}
