//! Reading judge input: whitespace-separated fields, each with the line and
//! column it came from, in bounded memory whatever the input.
//!
//! Every judge format in the workspace is a stream of whitespace-separated
//! numbers and letters. One [`Scanner`] serves them all: token by token for
//! the formats judges read with `scanf`, where line breaks do not matter
//! ([`Scanner::next_token`]), and field by field within a line for the
//! formats whose lines do ([`Scanner::next_in_line`]); whole lines for the
//! few formats that need their text ([`Scanner::next_line`]).
//!
//! The scanner reads large blocks into one buffer of fixed size and hands out
//! fields as slices of it, so it costs a few instructions per byte and no
//! allocation, and its memory is the same for a byte or for gigabytes of input:
//! runs of whitespace of any length cost nothing, and a field longer than
//! [`MAX_FIELD`] bytes (or a line with more than [`MAX_LINE`] bytes of text)
//! stops the reading with a [`TextError`], quoting a short excerpt,
//! before the rest of it is read. Real files' rough edges are accepted: a
//! UTF-8 byte-order mark at the start, `\n`, `\r\n` and lone `\r` line ends,
//! tabs, trailing spaces, and a last line without a line end.
//!
//! ```
//! use board_geometry::text_input::{Scanner, TextPosition};
//!
//! let mut scanner = Scanner::new("17 1 33\r\n  7 16\n".as_bytes());
//! let mut first_line = Vec::new();
//! let first = scanner.next_token()?.expect("a first field");
//! first_line.push(first.integer()?);
//! while let Some(field) = scanner.next_in_line()? {
//!     first_line.push(field.integer()?);
//! }
//! assert_eq!(first_line, [17, 1, 33]);
//! assert_eq!(scanner.line_end(), TextPosition { line: 1, column: 8 });
//! let seven = scanner.next_token()?.expect("a second line");
//! assert_eq!(seven.position(), TextPosition { line: 2, column: 3 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod blanks;
mod error;
mod field;
mod judge_loop;
mod position;
mod scanner;

pub use blanks::{leading_blanks, leading_whitespace};
pub use error::{InputError, ScanError, StreamError, TextError};
pub use field::{EXCERPT_CHARS, Field, IntegerError, MAX_FIELD, MAX_LINE, excerpt, excerpt_of};
pub use judge_loop::{JudgeOptions, SingleLineProblem, TooLong, answer_each, read_at_most, read_single_line};
pub use position::{Located, TextPosition};
pub use scanner::{PlainLine, Scanner, TextLine};
