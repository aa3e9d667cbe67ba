//! Reading judge input: whitespace-separated fields, line by line or token by
//! token, each with the line and column it came from.
//!
//! Every judge format in the workspace is a stream of whitespace-separated
//! numbers and letters. [`LineReader`] serves the formats whose lines matter
//! (one command per line); [`TokenReader`] serves the formats that judges read
//! with `scanf`, where blank lines and line breaks do not. Both read through a
//! reused buffer, so memory stays flat for any input size, and both accept
//! `\n` and `\r\n` line ends and a last line without a line end.
//!
//! ```
//! use board_geometry::text_input::{LineReader, TextPosition};
//!
//! let mut lines = LineReader::new("17 1 33\r\n  7 16\n".as_bytes());
//! let line = lines.next_line()?.expect("a first line");
//! let numbers: Vec<u8> = line.fields().filter_map(|f| f.parse()).collect();
//! assert_eq!(numbers, [17, 1, 33]);
//! let line = lines.next_line()?.expect("a second line");
//! let second = line.fields().nth(1).expect("two fields");
//! assert_eq!(second.position(), TextPosition { line: 2, column: 5 });
//! assert!(lines.next_line()?.is_none());
//! # Ok::<(), std::io::Error>(())
//! ```

use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufRead, Read, Write};
use std::str::FromStr;

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

/// Why a streaming judge stopped: bad input (with its place), or a failure to
/// read the input or write the answers.
///
/// Judges write the answer to every case before the bad one, so on
/// [`StreamError::Input`] the output holds all answers up to that case.
#[derive(Debug)]
#[non_exhaustive]
pub enum StreamError<E> {
    /// The input broke the format at the given place.
    Input(Located<E>),
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the answers failed.
    Write(io::Error),
}

impl<E> From<Located<E>> for StreamError<E> {
    fn from(error: Located<E>) -> Self {
        StreamError::Input(error)
    }
}

impl<E: fmt::Display> fmt::Display for StreamError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Input(error) => write!(f, "{error}"),
            StreamError::Read(error) => write!(f, "cannot read the input: {error}"),
            StreamError::Write(error) => write!(f, "cannot write the answers: {error}"),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for StreamError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Input(error) => Some(error),
            StreamError::Read(error) | StreamError::Write(error) => Some(error),
        }
    }
}

/// The case-by-case loop every judge task runs: takes cases from `next_case`
/// until it returns `None`, writes each one's answer to `output` with
/// `answer`, and flushes.
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
pub fn answer_each<C, E, W: Write + ?Sized>(
    output: &mut W,
    mut next_case: impl FnMut() -> Result<Option<C>, StreamError<E>>,
    mut answer: impl FnMut(&mut W, C) -> io::Result<()>,
) -> Result<(), StreamError<E>> {
    let outcome = loop {
        match next_case() {
            Ok(Some(case)) => answer(output, case).map_err(StreamError::Write)?,
            Ok(None) => break Ok(()),
            Err(error) => break Err(error),
        }
    };
    output.flush().map_err(StreamError::Write)?;
    outcome
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
/// use board_geometry::text_input::{StreamError, TextPosition, TooLong, read_at_most};
///
/// let read: Result<Vec<u8>, StreamError<TooLong>> = read_at_most("ab\ncd".as_bytes(), 5);
/// assert_eq!(read.unwrap(), b"ab\ncd");
/// let Err(StreamError::Input(too_long)) = read_at_most::<TooLong>("ab\ncde".as_bytes(), 5) else {
///     panic!("six bytes are too many")
/// };
/// assert_eq!((too_long.position, too_long.error), (TextPosition::new(2, 3), TooLong { limit: 5 }));
/// ```
///
/// # Errors
/// [`StreamError::Input`] with [`TooLong`] (as `E`) at the place of the first
/// byte past the limit; [`StreamError::Read`] if reading fails.
pub fn read_at_most<E: From<TooLong>>(input: impl Read, limit: usize) -> Result<Vec<u8>, StreamError<E>> {
    let mut bytes = Vec::new();
    let most = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    input.take(most).read_to_end(&mut bytes).map_err(StreamError::Read)?;
    if bytes.len() <= limit {
        return Ok(bytes);
    }
    let before = &bytes[..limit];
    let line = before.iter().filter(|&&byte| byte == b'\n').count() as u64 + 1;
    let line_start = before.iter().rposition(|&byte| byte == b'\n').map_or(0, |newline| newline + 1);
    let column = (limit - line_start) as u64 + 1;
    Err(Located::new(TextPosition::new(line, column), E::from(TooLong { limit })).into())
}

/// One whitespace-separated field of the input and where it starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    bytes: &'a [u8],
    position: TextPosition,
}

impl<'a> Field<'a> {
    /// The raw bytes of the field (never empty, never containing whitespace).
    #[must_use]
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The field as text, with any invalid UTF-8 replaced, for messages.
    #[must_use]
    pub fn text(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.bytes)
    }

    /// Where the field starts.
    #[must_use]
    pub const fn position(&self) -> TextPosition {
        self.position
    }

    /// The field read as a whole number in decimal, with an optional sign.
    ///
    /// # Errors
    /// [`IntegerError::NotAnInteger`] if the field is not written as one, and
    /// [`IntegerError::TooLarge`] if it is but does not fit in an `i64`.
    pub fn integer(&self) -> Result<i64, IntegerError> {
        let (negative, digits) = match self.bytes {
            [b'-', rest @ ..] => (true, rest),
            [b'+', rest @ ..] => (false, rest),
            digits => (false, digits),
        };
        if digits.is_empty() {
            return Err(IntegerError::NotAnInteger);
        }
        let mut value: i64 = 0;
        let mut too_large = false;
        for &byte in digits {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                return Err(IntegerError::NotAnInteger);
            }
            // Accumulate downwards so that i64::MIN itself is representable.
            match value.checked_mul(10).and_then(|v| v.checked_sub(i64::from(digit))) {
                Some(next) => value = next,
                None => too_large = true,
            }
        }
        if too_large {
            return Err(IntegerError::TooLarge);
        }
        if negative { Ok(value) } else { value.checked_neg().ok_or(IntegerError::TooLarge) }
    }

    /// The field parsed as a `T` (a number, usually), or `None` if it is not one.
    pub fn parse<T: FromStr>(&self) -> Option<T> {
        std::str::from_utf8(self.bytes).ok()?.parse().ok()
    }
}

/// Why a field is not a whole number.
///
/// The two cases are all there can be (the field is a whole number or not,
/// and it fits or not), so the enum is exhaustive and callers may match both.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntegerError {
    /// The field is not written as a decimal whole number.
    NotAnInteger,
    /// The field is a whole number too large for an `i64`.
    TooLarge,
}

/// One line of input, without its line end.
#[derive(Copy, Clone, Debug)]
pub struct Line<'a> {
    bytes: &'a [u8],
    number: u64,
}

impl<'a> Line<'a> {
    /// The line number, from 1.
    #[must_use]
    pub const fn number(&self) -> u64 {
        self.number
    }

    /// The bytes of the line, without the line end.
    #[must_use]
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Whether the line holds nothing but whitespace.
    #[must_use]
    pub fn is_blank(&self) -> bool {
        self.bytes.iter().all(u8::is_ascii_whitespace)
    }

    /// The whitespace-separated fields of the line, left to right.
    #[must_use]
    pub fn fields(&self) -> Fields<'a> {
        Fields { bytes: self.bytes, offset: 0, line: self.number }
    }

    /// The position just after the last character of the line, where a missing
    /// field would have been.
    #[must_use]
    pub fn end(&self) -> TextPosition {
        TextPosition::new(self.number, self.bytes.len() as u64 + 1)
    }
}

/// Iterator over the fields of a [`Line`].
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    bytes: &'a [u8],
    offset: usize,
    line: u64,
}

impl<'a> Iterator for Fields<'a> {
    type Item = Field<'a>;

    fn next(&mut self) -> Option<Field<'a>> {
        let bytes = self.bytes;
        let mut start = self.offset;
        while start < bytes.len() && bytes[start].is_ascii_whitespace() {
            start += 1;
        }
        if start == bytes.len() {
            self.offset = start;
            return None;
        }
        let mut end = start + 1;
        while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
            end += 1;
        }
        self.offset = end;
        Some(Field { bytes: &bytes[start..end], position: TextPosition::new(self.line, start as u64 + 1) })
    }
}

/// Reads input line by line through one reused buffer.
#[derive(Debug)]
pub struct LineReader<R> {
    reader: R,
    buffer: Vec<u8>,
    line_number: u64,
}

impl<R: BufRead> LineReader<R> {
    /// A reader over `reader`, before its first line.
    pub fn new(reader: R) -> Self {
        LineReader { reader, buffer: Vec::with_capacity(256), line_number: 0 }
    }

    /// The next line, without its `\n` or `\r\n`, or `None` at the end of input.
    ///
    /// # Errors
    /// Whatever error the underlying reader reports.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buffer.clear();
        if self.reader.read_until(b'\n', &mut self.buffer)? == 0 {
            return Ok(None);
        }
        self.line_number += 1;
        if self.buffer.last() == Some(&b'\n') {
            self.buffer.pop();
            if self.buffer.last() == Some(&b'\r') {
                self.buffer.pop();
            }
        }
        Ok(Some(Line { bytes: &self.buffer, number: self.line_number }))
    }

    /// The next line that is not blank, or `None` at the end of input.
    ///
    /// # Errors
    /// Whatever error the underlying reader reports.
    pub fn next_nonblank_line(&mut self) -> io::Result<Option<Line<'_>>> {
        loop {
            // Two lookups keep the borrow checker content: a blank line is
            // dropped before the buffer is refilled.
            match self.next_line()? {
                None => return Ok(None),
                Some(line) if line.is_blank() => continue,
                Some(_) => break,
            }
        }
        Ok(Some(Line { bytes: &self.buffer, number: self.line_number }))
    }

    /// The number of lines read so far (the number of the last line returned).
    #[must_use]
    pub const fn line_number(&self) -> u64 {
        self.line_number
    }

    /// The position just after the end of the input read so far, for errors
    /// about input that ends too early.
    #[must_use]
    pub fn end_position(&self) -> TextPosition {
        TextPosition::new(self.line_number.max(1), self.buffer.len() as u64 + 1)
    }
}

/// Reads whitespace-separated tokens, ignoring line breaks, as `scanf` does.
///
/// It reads large blocks into a buffer of its own and hands out tokens as
/// slices of it, so scanning costs a few instructions per byte and one read
/// call per block, whatever the reader (even `&mut dyn BufRead`).
#[derive(Debug)]
pub struct TokenReader<R> {
    reader: R,
    buffer: Vec<u8>,
    /// The unread bytes are `buffer[start..end]`.
    start: usize,
    end: usize,
    /// The offset in the input of `buffer[0]`.
    buffer_offset: u64,
    /// The line `buffer[start]` is on, and the offset in the input where that line starts.
    line: u64,
    line_offset: u64,
    /// Just after the last token returned.
    after_last: TextPosition,
}

/// The size of a block read at once.
const BLOCK: usize = 1 << 16;

impl<R: Read> TokenReader<R> {
    /// A reader over `reader`, before its first token.
    pub fn new(reader: R) -> Self {
        TokenReader {
            reader,
            buffer: vec![0; BLOCK],
            start: 0,
            end: 0,
            buffer_offset: 0,
            line: 1,
            line_offset: 0,
            after_last: TextPosition::new(1, 1),
        }
    }

    /// Keeps the unread bytes, moved to the front, and reads more after them.
    /// Returns `false` at the end of input.
    fn refill(&mut self) -> io::Result<bool> {
        self.buffer.copy_within(self.start..self.end, 0);
        self.buffer_offset += self.start as u64;
        self.end -= self.start;
        self.start = 0;
        if self.end == self.buffer.len() {
            // A token longer than the buffer: make room for more of it.
            self.buffer.resize(self.buffer.len() * 2, 0);
        }
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => return Ok(false),
                Ok(read) => {
                    self.end += read;
                    return Ok(true);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// The next token, or `None` at the end of input.
    ///
    /// # Errors
    /// Whatever error the underlying reader reports.
    #[inline]
    pub fn next_token(&mut self) -> io::Result<Option<Field<'_>>> {
        // The common case, a token that ends inside the buffer, in one pass.
        let unread = &self.buffer[self.start..self.end];
        let mut first = 0;
        while first < unread.len() && unread[first].is_ascii_whitespace() {
            if unread[first] == b'\n' {
                self.line += 1;
                self.line_offset = self.buffer_offset + (self.start + first) as u64 + 1;
            }
            first += 1;
        }
        let mut after = first + 1;
        while after < unread.len() && !unread[after].is_ascii_whitespace() {
            after += 1;
        }
        self.start += first;
        if after < unread.len() {
            return Ok(Some(self.take_token(after - first)));
        }
        self.next_token_across_blocks()
    }

    /// [`TokenReader::next_token`] when the token (or the whitespace before it)
    /// reaches the end of the buffer and more input must be read.
    #[cold]
    fn next_token_across_blocks(&mut self) -> io::Result<Option<Field<'_>>> {
        if self.at_end()? {
            return Ok(None);
        }
        let mut len = 1;
        loop {
            let unread = &self.buffer[self.start..self.end];
            while len < unread.len() && !unread[len].is_ascii_whitespace() {
                len += 1;
            }
            if len < unread.len() || !self.refill()? {
                break;
            }
        }
        Ok(Some(self.take_token(len)))
    }

    /// Hands out the `len` bytes at `start` as a token.
    #[inline]
    fn take_token(&mut self, len: usize) -> Field<'_> {
        let column = self.buffer_offset + self.start as u64 - self.line_offset + 1;
        let bytes = &self.buffer[self.start..self.start + len];
        self.start += len;
        self.after_last = TextPosition::new(self.line, column + len as u64);
        Field { bytes, position: TextPosition::new(self.line, column) }
    }

    /// Whether only whitespace is left in the input. Otherwise the reader is
    /// left standing at the start of the next token.
    ///
    /// # Errors
    /// Whatever error the underlying reader reports.
    pub fn at_end(&mut self) -> io::Result<bool> {
        loop {
            while self.start < self.end {
                let byte = self.buffer[self.start];
                if !byte.is_ascii_whitespace() {
                    return Ok(false);
                }
                self.start += 1;
                if byte == b'\n' {
                    self.line += 1;
                    self.line_offset = self.buffer_offset + self.start as u64;
                }
            }
            if !self.refill()? {
                return Ok(true);
            }
        }
    }

    /// The position just after the last token read (1:1 before the first),
    /// for errors about input that ends too early.
    #[must_use]
    pub const fn position(&self) -> TextPosition {
        self.after_last
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(String, u64, u64)> {
        let mut reader = TokenReader::new(text.as_bytes());
        let mut out = Vec::new();
        while let Some(token) = reader.next_token().unwrap() {
            out.push((token.text().into_owned(), token.position().line, token.position().column));
        }
        out
    }

    #[test]
    fn tokens_ignore_blank_lines_tabs_and_crlf() {
        let expected = [("2", 1, 1), ("1", 1, 3), ("4", 1, 5), ("G", 4, 2), ("10", 4, 4)];
        let expected: Vec<_> = expected.iter().map(|&(t, l, c)| (t.to_string(), l, c)).collect();
        assert_eq!(tokens("2 1\t4\r\n\r\n   \n\tG 10"), expected);
        assert!(tokens("").is_empty());
        assert!(tokens("\n\n \r\n").is_empty());
    }

    #[test]
    fn tokens_longer_than_a_block_are_whole() {
        let long = "7".repeat(BLOCK * 2 + 5);
        let text = format!(" {long} x");
        let mut tokens = TokenReader::new(text.as_bytes());
        assert_eq!(tokens.next_token().unwrap().map(|t| t.bytes().len()), Some(long.len()));
        let x = tokens.next_token().unwrap().unwrap();
        assert_eq!(
            (x.text().into_owned(), x.position()),
            ("x".to_string(), TextPosition::new(1, long.len() as u64 + 3))
        );
        assert!(tokens.next_token().unwrap().is_none());
    }

    /// A reader that hands out one byte per call, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), out.first_mut()) {
                (Some((&byte, rest)), Some(slot)) => {
                    *slot = byte;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    fn all_tokens(mut tokens: TokenReader<impl Read>) -> (Vec<(String, TextPosition)>, TextPosition) {
        let mut seen = Vec::new();
        while let Some(token) = tokens.next_token().unwrap() {
            seen.push((token.text().into_owned(), token.position()));
        }
        (seen, tokens.position())
    }

    #[test]
    fn tokens_split_across_reads_and_buffer_refills_are_whole() {
        let text = "12345 678\n  9\t10\n";
        let expected = [
            ("12345", TextPosition::new(1, 1)),
            ("678", TextPosition::new(1, 7)),
            ("9", TextPosition::new(2, 3)),
            ("10", TextPosition::new(2, 5)),
        ]
        .map(|(t, p)| (t.to_string(), p));
        let end = TextPosition::new(2, 7);
        assert_eq!(all_tokens(TokenReader::new(Trickle(text.as_bytes()))), (expected.to_vec(), end));
        let tiny_buffer = std::io::BufReader::with_capacity(2, text.as_bytes());
        assert_eq!(all_tokens(TokenReader::new(tiny_buffer)), (expected.to_vec(), end));
    }

    #[test]
    fn at_end_sees_only_whitespace_left() {
        let mut reader = TokenReader::new("1 \n\n 2 \n \n".as_bytes());
        assert!(!reader.at_end().unwrap());
        assert_eq!(reader.next_token().unwrap().map(|t| t.text().into_owned()).as_deref(), Some("1"));
        assert!(!reader.at_end().unwrap());
        let two = reader.next_token().unwrap().unwrap();
        assert_eq!(two.position(), TextPosition::new(3, 2));
        assert!(reader.at_end().unwrap());
        assert_eq!(
            reader.position(),
            TextPosition::new(3, 3),
            "just after the last token, not at the end of input"
        );
        assert!(reader.next_token().unwrap().is_none());
    }

    #[test]
    fn lines_strip_their_ends_and_count_from_one() {
        let mut reader = LineReader::new("a b\r\n\n  c".as_bytes());
        let line = reader.next_line().unwrap().unwrap();
        assert_eq!((line.number(), line.bytes()), (1, &b"a b"[..]));
        assert_eq!(line.end(), TextPosition::new(1, 4));
        assert!(reader.next_line().unwrap().unwrap().is_blank());
        let line = reader.next_line().unwrap().unwrap();
        let field = line.fields().next().unwrap();
        assert_eq!((field.bytes(), field.position()), (&b"c"[..], TextPosition::new(3, 3)));
        assert!(reader.next_line().unwrap().is_none());
        assert_eq!(reader.line_number(), 3);
    }

    #[test]
    fn nonblank_lines_skip_whitespace_only_lines() {
        let mut reader = LineReader::new("\n \t\nx\n\n".as_bytes());
        assert_eq!(reader.next_nonblank_line().unwrap().map(|l| l.number()), Some(3));
        assert!(reader.next_nonblank_line().unwrap().is_none());
    }

    #[test]
    fn fields_parse_numbers_and_keep_bad_bytes_for_messages() {
        let mut reader = LineReader::new(&b"12 x\xff -3"[..]);
        let line = reader.next_line().unwrap().unwrap();
        let fields: Vec<_> = line.fields().collect();
        assert_eq!(fields[0].parse::<u8>(), Some(12));
        assert_eq!(fields[1].parse::<u8>(), None);
        assert_eq!(fields[1].text(), "x\u{fffd}");
        assert_eq!(fields[2].parse::<i32>(), Some(-3));
        assert_eq!(fields[2].parse::<u8>(), None);
    }

    #[test]
    fn integers_are_read_exactly_with_their_errors() {
        let read = |text: &str| {
            let mut reader = LineReader::new(text.as_bytes());
            let line = reader.next_line().unwrap().unwrap();
            line.fields().next().unwrap().integer()
        };
        assert_eq!(read("0"), Ok(0));
        assert_eq!(read("+17"), Ok(17));
        assert_eq!(read("-5"), Ok(-5));
        assert_eq!(read("007"), Ok(7));
        assert_eq!(read("9223372036854775807"), Ok(i64::MAX));
        assert_eq!(read("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(read("9223372036854775808"), Err(IntegerError::TooLarge));
        assert_eq!(read("99999999999999999999999"), Err(IntegerError::TooLarge));
        for bad in ["-", "+", "1.5", "x", "1e3", "--1", "0x10", "12a"] {
            assert_eq!(read(bad), Err(IntegerError::NotAnInteger), "{bad}");
        }
    }

    #[test]
    fn read_at_most_stops_one_byte_past_the_limit() {
        let read = |text: &[u8], limit| read_at_most::<TooLong>(text, limit);
        assert_eq!(read(b"", 0).unwrap(), b"");
        assert_eq!(read(b"abc", 3).unwrap(), b"abc");
        let Err(StreamError::Input(error)) = read(b"abcd", 3) else { panic!("too long") };
        assert_eq!(error.position, TextPosition::new(1, 4));
        assert_eq!(error.to_string(), "1:4: the input goes on past 3 bytes");
        let Err(StreamError::Input(error)) = read(b"a\n\nbc", 3) else { panic!("too long") };
        assert_eq!(error.position, TextPosition::new(3, 1));
        // An endless input is read up to the limit and one byte more.
        let Err(StreamError::Input(error)) = read_at_most::<TooLong>(io::repeat(0), 4096) else {
            panic!("endless")
        };
        assert_eq!(error.position, TextPosition::new(1, 4097));
    }

    #[test]
    fn located_errors_print_line_column_and_message() {
        let error = Located::new(TextPosition::new(12, 5), "unknown piece 'X'");
        assert_eq!(error.to_string(), "12:5: unknown piece 'X'");
    }
}
