//! The loop every judge runs over its cases, and whole small inputs read
//! with a limit.

use super::{InputError, Located, Scanner, StreamError, TextLine, TextPosition};
use crate::render::TextStyle;
use std::fmt;
use std::io::{self, Read, Write};

/// How a judge task answers beyond the judge's own text: whether each
/// answer is followed by its explanation (not judge output), how the
/// explanations' pictures are drawn, and the task's own switches `T`
/// (nothing for most tasks; the horse task's rule). Each task names its
/// own: `tasks::checkmate::Options` is a `JudgeOptions`, `tasks::horse::Options`
/// a `JudgeOptions<Rule>`.
///
/// ```
/// use board_geometry::render::TextStyle;
/// use board_geometry::text_input::JudgeOptions;
///
/// let options: JudgeOptions = JudgeOptions::new().explained(true).with_style(TextStyle::chinese(false));
/// assert!(options.explain);
/// assert_eq!(JudgeOptions::<bool>::default().with_task(true).task, true);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct JudgeOptions<T = ()> {
    /// After each answer, its explanation: not judge output.
    pub explain: bool,
    /// How the explanations' pictures are drawn.
    pub style: TextStyle,
    /// The task's own switches.
    pub task: T,
}

impl<T: Default> JudgeOptions<T> {
    /// The judge's answers alone, the task's switches at their defaults: as
    /// [`JudgeOptions::default`].
    #[must_use]
    pub fn new() -> JudgeOptions<T> {
        JudgeOptions::default()
    }
}

impl<T> JudgeOptions<T> {
    /// The same options, explaining each answer (or not).
    #[must_use]
    pub fn explained(mut self, explain: bool) -> JudgeOptions<T> {
        self.explain = explain;
        self
    }

    /// The same options, drawing the explanations' pictures in `style`.
    #[must_use]
    pub fn with_style(mut self, style: TextStyle) -> JudgeOptions<T> {
        self.style = style;
        self
    }

    /// The same options with the task's switches `task`.
    #[must_use]
    pub fn with_task(mut self, task: T) -> JudgeOptions<T> {
        self.task = task;
        self
    }
}

/// The case-by-case loop every judge task runs: takes cases from `next_case`
/// until it returns `None`, writes each one's answer to `output` (any
/// writer, a `&mut` one too) with `answer`, and flushes.
///
/// A case is answered only once `next_case` has read and checked all of it,
/// so on bad input the answers to every case before the bad one have been
/// written and flushed, and nothing of the bad one, before the error returns.
///
/// ```
/// use board_geometry::text_input::{StreamError, answer_each};
/// use std::io::Write;
///
/// let mut cases = [3, 4].into_iter();
/// let mut output = Vec::new();
/// let judged: Result<(), StreamError<std::io::Error>> =
///     answer_each(&mut output, || Ok(cases.next()), |out, n| writeln!(out, "{}", n * n));
/// judged?;
/// assert_eq!(output, b"9\n16\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first error of `next_case`, or a failure to write the answers.
pub fn answer_each<C, E, W: Write>(
    mut output: W,
    mut next_case: impl FnMut() -> Result<Option<C>, InputError<E>>,
    mut answer: impl FnMut(&mut W, C) -> io::Result<()>,
) -> Result<(), StreamError<E>> {
    let outcome = loop {
        match next_case() {
            Ok(Some(case)) => answer(&mut output, case).map_err(StreamError::Write)?,
            Ok(None) => break Ok(()),
            Err(error) => break Err(StreamError::Input(error)),
        }
    };
    output.flush().map_err(StreamError::Write)?;
    outcome
}

/// Makes a task's reader of cases an `Iterator` of `Result<Case, InputError>`,
/// through its `next_case` method (`fn next_case(&mut self) ->
/// Result<Option<Case>, InputError>`), as every task's `Reader` is.
///
/// ```
/// use board_geometry::text_input::{InputError, Scanner};
///
/// /// Numbers, one a field.
/// struct Reader<R> {
///     scanner: Scanner<R>,
/// }
///
/// impl<R: std::io::Read> Reader<R> {
///     fn next_case(&mut self) -> Result<Option<u64>, InputError<String>> {
///         let Some(field) = self.scanner.next_token()? else { return Ok(None) };
///         Ok(Some(field.integer().map_or(0, |n| n.unsigned_abs())))
///     }
/// }
///
/// board_geometry::impl_case_iterator!(Reader, u64, InputError<String>);
///
/// let reader = Reader { scanner: Scanner::new("3 1 4".as_bytes()) };
/// assert_eq!(reader.map(Result::unwrap).collect::<Vec<_>>(), [3, 1, 4]);
/// ```
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
#[macro_export]
macro_rules! impl_case_iterator {
    ($reader:ident, $case:ty, $error:ty) => {
        impl<R: ::std::io::Read> ::core::iter::Iterator for $reader<R> {
            type Item = ::core::result::Result<$case, $error>;

            fn next(&mut self) -> ::core::option::Option<Self::Item> {
                self.next_case().transpose()
            }
        }
    };
}

/// Input that goes on past the most a reader takes (see [`read_at_most`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TooLong {
    /// The most bytes the reader takes.
    pub limit: usize,
}

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the input goes on past {} bytes", self.limit)
    }
}

impl std::error::Error for TooLong {}

/// Reads all of `input` into memory if it holds at most `limit` bytes, and
/// never reads more than `limit + 1` bytes, whatever the input: a file that
/// should hold a line or two cannot make a tool read `/dev/zero` forever.
///
/// ```
/// use board_geometry::text_input::{InputError, TextPosition, TooLong, read_at_most};
///
/// let read: Result<Vec<u8>, InputError<TooLong>> = read_at_most("ab\ncd".as_bytes(), 5);
/// assert_eq!(read.unwrap(), b"ab\ncd");
/// let Err(InputError::Invalid(too_long)) = read_at_most::<TooLong>("ab\ncde".as_bytes(), 5) else {
///     panic!("six bytes are too many")
/// };
/// assert_eq!((too_long.position, too_long.error), (TextPosition::new(2, 3), TooLong { limit: 5 }));
/// ```
///
/// # Errors
/// [`InputError::Invalid`] with [`TooLong`] (as `E`) at the place of the
/// first byte past the limit; [`InputError::Read`] if reading fails.
pub fn read_at_most<E: From<TooLong>>(input: impl Read, limit: usize) -> Result<Vec<u8>, InputError<E>> {
    let mut bytes = Vec::new();
    let most = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    input.take(most).read_to_end(&mut bytes).map_err(InputError::Read)?;
    if bytes.len() <= limit {
        return Ok(bytes);
    }
    let before = &bytes[..limit];
    let line = before.iter().filter(|&&byte| byte == b'\n').count() as u64 + 1;
    let line_start = before.iter().rposition(|&byte| byte == b'\n').map_or(0, |newline| newline + 1);
    let column = (limit - line_start) as u64 + 1;
    Err(Located::new(TextPosition::new(line, column), E::from(TooLong { limit })).into())
}

/// What a file of one line can get wrong besides its line (see [`read_single_line`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SingleLineProblem {
    /// The file holds nothing but whitespace.
    Empty,
    /// A non-blank line follows the one line.
    MoreThanOne,
}

/// Reads a file that holds one line of text, such as a position file's one
/// FEN: skips blank lines and the whitespace around the text, hands the line
/// to `parse`, and checks that nothing but whitespace follows it. The
/// reading is bounded: a line of more than [`MAX_LINE`](super::MAX_LINE)
/// characters, or anything after the line, stops it.
///
/// ```
/// use board_geometry::text_input::{InputError, Located, SingleLineProblem, read_single_line};
///
/// let parse = |line: &board_geometry::text_input::TextLine<'_>| -> Result<usize, Located<SingleLineProblem>> {
///     Ok(line.bytes().len())
/// };
/// assert_eq!(read_single_line("\n  abc  \n\n".as_bytes(), parse).ok(), Some(3));
/// let Err(InputError::Invalid(error)) = read_single_line("abc\nd\n".as_bytes(), parse) else { panic!() };
/// assert_eq!((error.position.line, error.error), (2, SingleLineProblem::MoreThanOne));
/// ```
///
/// # Errors
/// An empty input or a second line (as `E`, at the place), what `parse`
/// finds wrong with the line, a line too long, or a failure to read.
pub fn read_single_line<T, E: From<SingleLineProblem>>(
    input: impl Read,
    parse: impl FnOnce(&TextLine<'_>) -> Result<T, Located<E>>,
) -> Result<T, InputError<E>> {
    let mut lines = Scanner::new(input);
    let Some(line) = lines.next_line()? else {
        return Err(Located::new(TextPosition::new(1, 1), E::from(SingleLineProblem::Empty)).into());
    };
    let value = parse(&line)?;
    if let Some(extra) = lines.next_token()? {
        return Err(Located::new(extra.position(), E::from(SingleLineProblem::MoreThanOne)).into());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_at_most_stops_one_byte_past_the_limit() {
        let read = |text: &[u8], limit| read_at_most::<TooLong>(text, limit);
        assert_eq!(read(b"", 0).unwrap(), b"");
        assert_eq!(read(b"abc", 3).unwrap(), b"abc");
        let Err(InputError::Invalid(error)) = read(b"abcd", 3) else { panic!("too long") };
        assert_eq!(error.position, TextPosition::new(1, 4));
        assert_eq!(error.to_string(), "1:4: the input goes on past 3 bytes");
        let Err(InputError::Invalid(error)) = read(b"a\n\nbc", 3) else { panic!("too long") };
        assert_eq!(error.position, TextPosition::new(3, 1));
        // An endless input is read up to the limit and one byte more.
        let Err(InputError::Invalid(error)) = read_at_most::<TooLong>(io::repeat(0), 4096) else {
            panic!("endless")
        };
        assert_eq!(error.position, TextPosition::new(1, 4097));
    }
}
