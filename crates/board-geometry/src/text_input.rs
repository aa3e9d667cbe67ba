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

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read, Write};
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
/// [`StreamError::Input`] and [`StreamError::Text`] the output holds all
/// answers up to that case.
#[derive(Debug)]
#[non_exhaustive]
pub enum StreamError<E> {
    /// The input broke the format at the given place.
    Input(Located<E>),
    /// The input is not text of the kind any judge format is made of (a field
    /// or line far too long), at the given place.
    Text(Located<TextError>),
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the answers failed.
    Write(io::Error),
}

impl<E> From<ScanError> for StreamError<E> {
    fn from(error: ScanError) -> Self {
        match error {
            ScanError::Text(error) => StreamError::Text(error),
            ScanError::Read(error) => StreamError::Read(error),
        }
    }
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
            StreamError::Text(error) => write!(f, "{error}"),
            StreamError::Read(error) => write!(f, "cannot read the input: {error}"),
            StreamError::Write(error) => write!(f, "cannot write the answers: {error}"),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for StreamError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Input(error) => Some(error),
            StreamError::Text(error) => Some(error),
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

/// A reader that hands out `text` at most `most` bytes a read, as pipes and
/// terminals do: for testing that a reader built on [`Scanner`] gives the
/// same answers however its input is cut (one byte a read cuts every line
/// at every place).
///
/// ```
/// use board_geometry::text_input::{InPieces, Scanner};
///
/// let mut scanner = Scanner::new(InPieces::new(b"12 345\n", 1));
/// assert_eq!(scanner.next_token()?.map(|field| field.text().into_owned()).as_deref(), Some("12"));
/// assert_eq!(scanner.next_token()?.map(|field| field.text().into_owned()).as_deref(), Some("345"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct InPieces<'a> {
    text: &'a [u8],
    most: usize,
}

impl<'a> InPieces<'a> {
    /// `text` in pieces of at most `most` bytes (at least one).
    #[must_use]
    pub fn new(text: &'a [u8], most: usize) -> InPieces<'a> {
        InPieces { text, most: most.max(1) }
    }
}

impl Read for InPieces<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let len = self.text.len().min(self.most).min(out.len());
        out[..len].copy_from_slice(&self.text[..len]);
        self.text = &self.text[len..];
        Ok(len)
    }
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

    /// The field as a number if it is written plainly, with 1 to 9 digits and
    /// nothing else: the quick reading for the numbers of judge formats
    /// ([`Field::integer`] reads every form).
    #[inline]
    #[must_use]
    pub fn small_number(&self) -> Option<u32> {
        if self.bytes.len() > 9 {
            return None;
        }
        let mut value = 0u32;
        for &byte in self.bytes {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                return None;
            }
            value = value * 10 + u32::from(digit);
        }
        Some(value)
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

impl fmt::Display for IntegerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IntegerError::NotAnInteger => "not a whole number",
            IntegerError::TooLarge => "a whole number too large for 64 bits",
        })
    }
}

impl std::error::Error for IntegerError {}

/// The longest field (token) the scanner reads, in bytes: far more than any
/// number or word of a judge format, far less than memory.
pub const MAX_FIELD: usize = 1024;

/// The most bytes of text a line read by [`Scanner::next_line`] may hold
/// (leading and trailing whitespace not counted).
pub const MAX_LINE: usize = 4096;

/// How many characters of an offending text an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// `text` quoted for a message: at most [`EXCERPT_CHARS`] characters, control
/// characters escaped, and `...` where it is cut.
#[must_use]
pub fn excerpt(text: &[u8]) -> String {
    excerpt_of(text, EXCERPT_CHARS)
}

/// `text` quoted for a message as [`excerpt`] does, but cut after `chars`
/// characters: for texts that are whole and useful up to a known length,
/// such as a FEN, which is under a hundred characters.
#[must_use]
pub fn excerpt_of(text: &[u8], chars: usize) -> String {
    let lossy = String::from_utf8_lossy(&text[..text.len().min(4 * chars)]);
    let mut shown: String = lossy.chars().take(chars).flat_map(char::escape_debug).collect();
    if lossy.chars().count() > chars || text.len() > 4 * chars {
        shown.push_str("...");
    }
    shown
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

/// One line of text read whole by [`Scanner::next_line`]: its bytes from the
/// first non-whitespace one to the last, and where they start.
#[derive(Copy, Clone, Debug)]
pub struct Line<'a> {
    bytes: &'a [u8],
    start: TextPosition,
}

impl<'a> Line<'a> {
    /// The text of the line without leading and trailing whitespace or line end (never empty).
    #[must_use]
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Where the text starts: the line number and the column of its first byte.
    #[must_use]
    pub const fn start(&self) -> TextPosition {
        self.start
    }

    /// The position of byte `index` of [`Line::bytes`].
    #[must_use]
    pub const fn position_of(&self, index: usize) -> TextPosition {
        TextPosition::new(self.start.line, self.start.column + index as u64)
    }
}

/// A line of plain numbers, as [`Scanner::peek_numbers`] finds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlainLine<const N: usize> {
    numbers: [u32; N],
    count: usize,
    letter: Option<u8>,
    /// Where the line starts in the scanner's buffer, its length up to the
    /// line end, and the end of its last field, relative to its start.
    start: usize,
    length: usize,
    last_field_end: usize,
}

impl<const N: usize> PlainLine<N> {
    /// The numbers of the line, left to right.
    #[must_use]
    pub fn numbers(&self) -> &[u32] {
        &self.numbers[..self.count]
    }

    /// The letter the line starts with, if its first field is a single letter.
    #[must_use]
    pub const fn letter(&self) -> Option<u8> {
        self.letter
    }
}

/// What the bytes at the start of a line are.
enum Plain<const N: usize> {
    /// A whole line of plain numbers.
    Line(PlainLine<N>),
    /// The bytes end before the line does.
    Unfinished,
    /// Anything else.
    Other,
}

/// Reads `bytes`, which start with a field, as a line of plain numbers.
#[inline]
fn plain_line<const N: usize>(bytes: &[u8]) -> Plain<N> {
    let mut line =
        PlainLine { numbers: [0; N], count: 0, letter: None, start: 0, length: 0, last_field_end: 0 };
    let mut rest = bytes;
    // A single letter may come first, followed by whitespace.
    if let [first, after, ..] = rest {
        if first.is_ascii_alphabetic() && CLASS[usize::from(*after)] != FIELD {
            line.letter = Some(*first);
            line.last_field_end = 1;
            rest = &rest[1..];
        }
    }
    let (mut value, mut digits) = (0u32, 0u32);
    for (i, &byte) in rest.iter().enumerate() {
        let digit = byte.wrapping_sub(b'0');
        if digit <= 9 {
            if digits == 9 {
                return Plain::Other;
            }
            value = value * 10 + u32::from(digit);
            digits += 1;
            continue;
        }
        if digits > 0 {
            if line.count == N {
                return Plain::Other;
            }
            line.numbers[line.count] = value;
            line.count += 1;
            line.last_field_end = i + bytes.len() - rest.len();
            (value, digits) = (0, 0);
        }
        match CLASS[usize::from(byte)] {
            SPACE => {}
            LINE_END => {
                line.length = i + bytes.len() - rest.len();
                return Plain::Line(line);
            }
            _ => return Plain::Other,
        }
    }
    Plain::Unfinished
}

/// How many line ends `text` holds: every `\r`, and every `\n` but one that
/// completes a `\r\n` (`after_cr`: whether the byte before `text` is a `\r`).
fn count_line_ends(text: &[u8], after_cr: bool) -> u64 {
    // In pieces whose counts fit in a byte, so that the loops run on vectors of bytes.
    const PIECE: usize = 255;
    let (mut line_feeds, mut carriage_returns) = (0, 0);
    for piece in text.chunks(PIECE) {
        let (feeds, returns) = piece.iter().fold((0u8, 0u8), |(feeds, returns), &byte| {
            (feeds + u8::from(byte == b'\n'), returns + u8::from(byte == b'\r'))
        });
        line_feeds += u64::from(feeds);
        carriage_returns += u64::from(returns);
    }
    let mut pairs = u64::from(after_cr && text.first() == Some(&b'\n'));
    if carriage_returns == 0 {
        return line_feeds - pairs;
    }
    let followers = text.get(1..).unwrap_or_default();
    for (firsts, seconds) in text.chunks(PIECE).zip(followers.chunks(PIECE)) {
        let count = firsts
            .iter()
            .zip(seconds)
            .fold(0u8, |count, (&first, &second)| count + u8::from(first == b'\r' && second == b'\n'));
        pairs += u64::from(count);
    }
    carriage_returns + line_feeds - pairs
}

/// How many bytes at the start of `text` are whitespace, as
/// [`u8::is_ascii_whitespace`] says (spaces, tabs, line ends, form feeds):
/// for a format's fast way through its tokens, whatever separates them.
///
/// The bytes are looked at eight at a time, the same few instructions for
/// a run of one byte or of seven, so that input whose runs of whitespace
/// vary (a space here, a tab and a `\r\n` there) costs no mispredicted
/// branch per run, as a loop over the bytes would.
///
/// ```
/// use board_geometry::text_input::leading_whitespace;
///
/// assert_eq!(leading_whitespace(b" \t\r\n 12 3"), 5);
/// assert_eq!(leading_whitespace(b"12 3"), 0);
/// assert_eq!(leading_whitespace(b"\n\n"), 2);
/// assert_eq!(leading_whitespace(&[b' '; 20]), 20);
/// ```
#[inline]
#[must_use]
pub fn leading_whitespace(text: &[u8]) -> usize {
    leading_bytes::<true>(text)
}

/// How many bytes at the start of `text` are spaces and tabs, the
/// whitespace within a line: [`leading_whitespace`] that stops at a line
/// end, for formats whose lines matter.
///
/// ```
/// use board_geometry::text_input::leading_blanks;
///
/// assert_eq!(leading_blanks(b" \t 12"), 3);
/// assert_eq!(leading_blanks(b"  \r\n3"), 2);
/// assert_eq!(leading_blanks(b"12"), 0);
/// ```
#[inline]
#[must_use]
pub fn leading_blanks(text: &[u8]) -> usize {
    leading_bytes::<false>(text)
}

/// How many bytes at the start of `text` are whitespace (with
/// `LINE_ENDS`) or spaces and tabs.
#[inline(always)]
fn leading_bytes<const LINE_ENDS: bool>(text: &[u8]) -> usize {
    if let Some(bytes) = text.first_chunk::<8>() {
        let others = (!marked::<LINE_ENDS>(u64::from_le_bytes(*bytes)) & BYTE_TOPS).trailing_zeros() / 8;
        if others < 8 {
            return others as usize;
        }
    }
    long_leading_bytes::<LINE_ENDS>(text)
}

/// The top bit of each byte of `word` (eight bytes of text, little-endian)
/// that [`leading_bytes`] counts.
#[inline(always)]
const fn marked<const LINE_ENDS: bool>(word: u64) -> u64 {
    if LINE_ENDS { whitespace_bytes(word) } else { blank_bytes(word) }
}

/// [`leading_bytes`] of a run of eight bytes or more, or of a text shorter than that.
#[cold]
fn long_leading_bytes<const LINE_ENDS: bool>(text: &[u8]) -> usize {
    let mut counted = 0;
    while let Some(bytes) = text.get(counted..).and_then(<[u8]>::first_chunk::<8>) {
        let others = (!marked::<LINE_ENDS>(u64::from_le_bytes(*bytes)) & BYTE_TOPS).trailing_zeros() / 8;
        counted += others as usize;
        if others < 8 {
            return counted;
        }
    }
    let counts =
        |byte: &u8| if LINE_ENDS { byte.is_ascii_whitespace() } else { matches!(byte, b' ' | b'\t') };
    counted + text[counted..].iter().take_while(|byte| counts(byte)).count()
}

/// The top bit of each byte of a word (little-endian, eight bytes of text).
const BYTE_TOPS: u64 = 0x8080_8080_8080_8080;

/// One in each byte of a word.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// The top bit of each byte of `word` that is zero, exactly (no borrow
/// between bytes).
#[inline(always)]
const fn zero_bytes(word: u64) -> u64 {
    !((((word & (BYTE_ONES * 0x7f)) + BYTE_ONES * 0x7f) | word) & BYTE_TOPS) & BYTE_TOPS
}

/// The top bit of each byte of `word` (eight bytes of text) that is ASCII
/// whitespace: a space, or a byte from `\t` to `\r` but 0x0b.
#[inline(always)]
const fn whitespace_bytes(word: u64) -> u64 {
    // Bytes below 0x80, without their top bit, gain it from 9 on, and keep
    // it from 14 on: those from 9 to 13.
    let low = word & (BYTE_ONES * 0x7f);
    let from_tab = low + BYTE_ONES * (0x80 - 0x09);
    let from_after_return = low + BYTE_ONES * (0x80 - 0x0e);
    let tab_to_return = from_tab & !from_after_return & !word & BYTE_TOPS;
    (tab_to_return & !zero_bytes(word ^ (BYTE_ONES * 0x0b))) | zero_bytes(word ^ (BYTE_ONES * b' ' as u64))
}

/// The top bit of each byte of `word` (eight bytes of text) that is a space or a tab.
#[inline(always)]
const fn blank_bytes(word: u64) -> u64 {
    zero_bytes(word ^ (BYTE_ONES * b' ' as u64)) | zero_bytes(word ^ (BYTE_ONES * b'\t' as u64))
}

/// The classes of bytes: whitespace within a line, a line end, anything else.
const SPACE: u8 = 0;
const LINE_END: u8 = 1;
const FIELD: u8 = 2;

/// The class of every byte.
static CLASS: [u8; 256] = {
    let mut class = [FIELD; 256];
    class[b' ' as usize] = SPACE;
    class[b'\t' as usize] = SPACE;
    class[0x0c] = SPACE;
    class[b'\n' as usize] = LINE_END;
    class[b'\r' as usize] = LINE_END;
    class
};

/// The size of a block read at once, and of the scanner's buffer.
const BLOCK: usize = 1 << 16;

/// What comes after the whitespace the scanner has skipped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Next {
    /// A field starts at `start`.
    Field,
    /// The line ends at `start` (only when skipping within a line).
    LineEnd,
    /// The input ends.
    End,
}

/// Reads whitespace-separated fields from any reader, with their line and
/// column, in memory of a fixed size (see the [module docs](self)).
///
/// Line and column numbers count from 1; columns count bytes, which is the
/// same as characters for the ASCII of every judge format. A byte-order mark
/// at the very start is skipped and not counted.
#[derive(Debug)]
pub struct Scanner<R> {
    reader: R,
    buffer: Box<[u8]>,
    /// The unread bytes are `buffer[start..end]`.
    start: usize,
    end: usize,
    /// Whether the reader has reported the end of input.
    exhausted: bool,
    /// Whether the input's first bytes have been looked at for a byte-order mark.
    started: bool,
    /// The offset in the input of `buffer[0]`.
    buffer_offset: u64,
    /// The line `buffer[start]` is on, and the offset in the input where that line starts.
    line: u64,
    line_offset: u64,
    /// Whether the last byte consumed was a `\r`, so that a `\n` after it ends no further line.
    after_cr: bool,
    /// The line of the last field handed out (0 before the first).
    field_line: u64,
    /// Just after the last field handed out.
    after_last: TextPosition,
    /// Where the line of the last field ended, once [`Scanner::next_in_line`] has met its end.
    line_end: TextPosition,
    /// The text of the line [`Scanner::next_line`] hands out.
    line_text: Vec<u8>,
}

impl<R: Read> Scanner<R> {
    /// A scanner of `reader`, before its first field.
    pub fn new(reader: R) -> Self {
        Scanner {
            reader,
            buffer: vec![0; BLOCK].into_boxed_slice(),
            start: 0,
            end: 0,
            exhausted: false,
            started: false,
            buffer_offset: 0,
            line: 1,
            line_offset: 0,
            after_cr: false,
            field_line: 0,
            after_last: TextPosition::new(1, 1),
            line_end: TextPosition::new(1, 1),
            line_text: Vec::new(),
        }
    }

    /// The position of the input offset `offset`, on the current line.
    fn position_at(&self, offset: u64) -> TextPosition {
        TextPosition::new(self.line, offset - self.line_offset + 1)
    }

    /// Keeps the unread bytes, moved to the front, and reads more after them.
    /// Returns `false` at the end of input.
    #[cold]
    fn refill(&mut self) -> Result<bool, ScanError> {
        if self.exhausted {
            return Ok(false);
        }
        self.buffer.copy_within(self.start..self.end, 0);
        self.buffer_offset += self.start as u64;
        self.end -= self.start;
        self.start = 0;
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.exhausted = true;
                    return Ok(false);
                }
                Ok(read) => {
                    self.end += read;
                    if !self.started {
                        self.skip_byte_order_mark()?;
                    }
                    return Ok(true);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(ScanError::Read(error)),
            }
        }
    }

    /// Skips a UTF-8 byte-order mark at the start of the input, once three
    /// bytes (or the whole input) are in.
    fn skip_byte_order_mark(&mut self) -> Result<(), ScanError> {
        const MARK: &[u8] = b"\xef\xbb\xbf";
        while self.end < MARK.len() && MARK.starts_with(&self.buffer[..self.end]) {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.exhausted = true;
                    break;
                }
                Ok(read) => self.end += read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(ScanError::Read(error)),
            }
        }
        self.started = true;
        if self.buffer[..self.end].starts_with(MARK) {
            self.start = MARK.len();
            self.line_offset = MARK.len() as u64;
        }
        Ok(())
    }

    /// Skips whitespace, counting lines; with `within_line`, stops at a line end.
    #[inline]
    fn skip_whitespace(&mut self, within_line: bool) -> Result<Next, ScanError> {
        loop {
            // Locals, so that the loop runs in registers.
            let (mut start, end) = (self.start, self.end);
            let (mut line, mut line_start, mut after_cr) = (self.line, None, self.after_cr);
            let buffer = &self.buffer[..end];
            let next = loop {
                let Some(&byte) = buffer.get(start) else { break None };
                match CLASS[usize::from(byte)] {
                    SPACE => after_cr = false,
                    FIELD => break Some(Next::Field),
                    _ if within_line => break Some(Next::LineEnd),
                    _ => {
                        // `\n` ends a line unless it completes a `\r\n`.
                        line += u64::from(byte == b'\r' || !after_cr);
                        after_cr = byte == b'\r';
                        line_start = Some(start + 1);
                    }
                }
                start += 1;
            };
            self.start = start;
            self.line = line;
            self.after_cr = after_cr;
            if let Some(line_start) = line_start {
                self.line_offset = self.buffer_offset + line_start as u64;
            }
            if let Some(next) = next {
                return Ok(next);
            }
            if !self.refill()? {
                return Ok(Next::End);
            }
        }
    }

    /// Hands out the field starting at `start`, reading more input if it
    /// reaches the end of the buffer.
    #[inline]
    fn take_field(&mut self) -> Result<Field<'_>, ScanError> {
        self.after_cr = false;
        let mut len = 1;
        loop {
            let unread = &self.buffer[self.start..self.end];
            while len < unread.len() && !unread[len].is_ascii_whitespace() {
                len += 1;
            }
            if len > MAX_FIELD {
                let position = self.position_at(self.buffer_offset + self.start as u64);
                let excerpt = excerpt(&unread[..len]);
                return Err(ScanError::Text(Located::new(position, TextError::FieldTooLong { excerpt })));
            }
            if len < unread.len() || !self.refill()? {
                break;
            }
        }
        let column = self.buffer_offset + self.start as u64 - self.line_offset + 1;
        let bytes = &self.buffer[self.start..self.start + len];
        self.start += len;
        self.field_line = self.line;
        self.after_last = TextPosition::new(self.line, column + len as u64);
        Ok(Field { bytes, position: TextPosition::new(self.line, column) })
    }

    /// The next field, or `None` at the end of input.
    ///
    /// # Errors
    /// A field longer than [`MAX_FIELD`] bytes, or a failure to read.
    #[inline]
    pub fn next_token(&mut self) -> Result<Option<Field<'_>>, ScanError> {
        match self.skip_whitespace(false)? {
            Next::Field => self.take_field().map(Some),
            Next::LineEnd | Next::End => Ok(None),
        }
    }

    /// The next field if it is on the line of the last field handed out;
    /// `None` at the end of that line (whose place [`Scanner::line_end`] then
    /// gives) or of the input. Nothing after the line end is read, so a reader
    /// typing at a terminal gets its answer as soon as the line is complete.
    ///
    /// # Errors
    /// A field longer than [`MAX_FIELD`] bytes, or a failure to read.
    #[inline]
    pub fn next_in_line(&mut self) -> Result<Option<Field<'_>>, ScanError> {
        if self.field_line != self.line {
            // The line of the last field has ended already.
            return Ok(None);
        }
        match self.skip_whitespace(true)? {
            Next::Field => self.take_field().map(Some),
            Next::LineEnd | Next::End => {
                self.line_end = self.position_at(self.buffer_offset + self.start as u64);
                Ok(None)
            }
        }
    }

    /// The next line that holds any field, if it is made only of plain
    /// numbers (1 to 9 digits each, at most `N` of them, the first perhaps a
    /// single letter instead) and is whole in the buffer: the fast way through
    /// input that looks as it should. Nothing is consumed until
    /// [`Scanner::consume`] is called with the result, so a format can check
    /// the numbers and, if anything is wrong, read the same line again field by
    /// field for a precise message. `Ok(None)` means "read it field by field":
    /// the input has ended, or the line holds something else; the scanner is
    /// then at the line's first field, as [`Scanner::next_token`] leaves it.
    ///
    /// ```
    /// use board_geometry::text_input::Scanner;
    ///
    /// let mut scanner = Scanner::new("\nG 10 5\nR x 1\n".as_bytes());
    /// let line = scanner.peek_numbers::<2>()?.expect("plain");
    /// assert_eq!((line.letter(), line.numbers()), (Some(b'G'), &[10, 5][..]));
    /// scanner.consume(&line);
    /// assert!(scanner.peek_numbers::<2>()?.is_none(), "x is no number");
    /// assert_eq!(scanner.next_token()?.map(|f| f.text().into_owned()).as_deref(), Some("R"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A failure to read.
    #[inline]
    pub fn peek_numbers<const N: usize>(&mut self) -> Result<Option<PlainLine<N>>, ScanError> {
        if self.skip_whitespace(false)? == Next::End {
            return Ok(None);
        }
        loop {
            match plain_line::<N>(&self.buffer[self.start..self.end]) {
                Plain::Line(mut line) => {
                    line.start = self.start;
                    return Ok(Some(line));
                }
                Plain::Other => return Ok(None),
                Plain::Unfinished if self.exhausted => {
                    return Ok(
                        match plain_line::<N>(&[&self.buffer[self.start..self.end], b"\n"].concat()) {
                            Plain::Line(mut line) => {
                                line.start = self.start;
                                Some(line)
                            }
                            _ => None,
                        },
                    );
                }
                // Only a line that fits comfortably in the buffer takes the fast way.
                Plain::Unfinished if self.end - self.start > BLOCK / 2 => return Ok(None),
                Plain::Unfinished => {
                    self.refill()?;
                }
            }
        }
    }

    /// The unread text from the next field on, as much of it as the buffer
    /// holds; empty at the end of input. More input is read only if the buffer
    /// holds no field at all, just as [`Scanner::next_token`] would read it (so
    /// a reader typing at a terminal is never kept waiting). The fast way for
    /// a format that reads its usual shapes by hand, several lines at a time:
    /// nothing is consumed until [`Scanner::consume_text`] says how much was
    /// read, and text that is not as usual, or that the buffer holds only part
    /// of, is left to be read field by field (which reads more input as it
    /// needs, and says precisely what is wrong). It leaves the scanner at the
    /// next field, as [`Scanner::peek_numbers`] does.
    ///
    /// A field that reaches the end of the returned text may go on beyond it,
    /// unless the input ends there.
    ///
    /// ```
    /// use board_geometry::text_input::{Scanner, TextPosition};
    ///
    /// let mut scanner = Scanner::new("\n 2 1 4\r\nG 10 5\nR x\n".as_bytes());
    /// let text = scanner.peek_text()?;
    /// assert!(text.starts_with(b"2 1 4\r\nG 10 5\n"));
    /// assert_eq!(scanner.unread_position(), TextPosition::new(2, 2));
    /// scanner.consume_text(b"2 1 4\r\nG 10 5".len());
    /// assert_eq!(scanner.position(), TextPosition::new(3, 7), "just after the 5");
    /// let x = scanner.next_token()?.map(|field| (field.text().into_owned(), field.position()));
    /// assert_eq!(x, Some(("R".to_string(), TextPosition::new(4, 1))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A failure to read.
    #[inline]
    pub fn peek_text(&mut self) -> Result<&[u8], ScanError> {
        // Most often the scanner stands at a field already: a format that
        // reads several fields at once has consumed them up to the end of one.
        let standing_at_field =
            self.buffer[self.start..self.end].first().is_some_and(|byte| !byte.is_ascii_whitespace());
        if !standing_at_field && self.skip_whitespace(false)? == Next::End {
            return Ok(&[]);
        }
        Ok(&self.buffer[self.start..self.end])
    }

    /// Consumes the first `len` bytes of the text [`Scanner::peek_text`]
    /// returned, which must end just after a field, as if its fields had been
    /// read one by one with [`Scanner::next_token`]: lines are counted, and
    /// [`Scanner::position`] is just after the last field.
    ///
    /// # Panics
    /// If `len` reaches beyond that text.
    pub fn consume_text(&mut self, len: usize) {
        let text = &self.buffer[self.start..self.start + len];
        debug_assert!(text.last().is_none_or(|byte| !byte.is_ascii_whitespace()), "ends after a field");
        let line_ends = count_line_ends(text, self.after_cr);
        let last_end = text.iter().rposition(|&byte| CLASS[usize::from(byte)] == LINE_END);
        self.line += line_ends;
        if let Some(last_end) = last_end {
            self.line_offset = self.buffer_offset + (self.start + last_end + 1) as u64;
        }
        self.start += len;
        self.after_cr = false;
        self.field_line = self.line;
        self.after_last = self.position_at(self.buffer_offset + self.start as u64);
    }

    /// The place of the first byte not read yet: after [`Scanner::peek_text`]
    /// or [`Scanner::peek_numbers`] has found a field, where that field
    /// starts, as [`Field::position`] would give it. For a format that names
    /// a field in a message found out only after the field is consumed (a
    /// case's header, say).
    #[must_use]
    pub fn unread_position(&self) -> TextPosition {
        self.position_at(self.buffer_offset + self.start as u64)
    }

    /// Consumes the line [`Scanner::peek_numbers`] returned, as if its fields
    /// had been read one by one (the line end is not consumed): afterwards
    /// [`Scanner::next_in_line`] returns `None`, and [`Scanner::position`]
    /// and [`Scanner::line_end`] are as after its last field.
    pub fn consume<const N: usize>(&mut self, line: &PlainLine<N>) {
        let offset = |index: usize| self.buffer_offset + (line.start + index) as u64;
        self.after_last = self.position_at(offset(line.last_field_end));
        self.line_end = self.position_at(offset(line.length));
        self.after_cr = false;
        self.field_line = self.line;
        self.start += line.length;
    }

    /// Where the line of the last field ends: the place of its line end (or
    /// of the end of input), just after any trailing whitespace. Valid once
    /// [`Scanner::next_in_line`] has returned `None`.
    #[must_use]
    pub const fn line_end(&self) -> TextPosition {
        self.line_end
    }

    /// Whether only whitespace is left in the input. Otherwise the scanner
    /// is left standing at the start of the next field.
    ///
    /// # Errors
    /// A failure to read.
    pub fn at_end(&mut self) -> Result<bool, ScanError> {
        Ok(self.skip_whitespace(false)? == Next::End)
    }

    /// The position just after the last field read (1:1 before the first),
    /// for errors about input that ends too early.
    #[must_use]
    pub const fn position(&self) -> TextPosition {
        self.after_last
    }

    /// The next line that is not blank, as text: from its first
    /// non-whitespace byte to its last, or `None` at the end of input.
    /// Whitespace before and after the text costs nothing, however long.
    ///
    /// # Errors
    /// A line with more than [`MAX_LINE`] bytes of text (whitespace between
    /// words counted), or a failure to read.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, ScanError> {
        if self.skip_whitespace(false)? == Next::End {
            return Ok(None);
        }
        let start = self.position_at(self.buffer_offset + self.start as u64);
        self.line_text.clear();
        // Whitespace is kept tentatively: `text` marks the end of the last
        // non-whitespace byte, and what follows it is dropped at the line end.
        let mut text = 0;
        let mut overflow = false;
        loop {
            while self.start < self.end {
                let byte = self.buffer[self.start];
                if byte == b'\n' || byte == b'\r' {
                    break;
                }
                if byte.is_ascii_whitespace() {
                    if self.line_text.len() < MAX_LINE {
                        self.line_text.push(byte);
                    } else {
                        overflow = true;
                    }
                } else {
                    if overflow || self.line_text.len() >= MAX_LINE {
                        let excerpt = excerpt(&self.line_text);
                        return Err(ScanError::Text(Located::new(start, TextError::LineTooLong { excerpt })));
                    }
                    self.line_text.push(byte);
                    text = self.line_text.len();
                }
                self.start += 1;
            }
            if self.start < self.end || !self.refill()? {
                break;
            }
        }
        self.line_text.truncate(text);
        self.field_line = start.line;
        Ok(Some(Line { bytes: &self.line_text, start }))
    }
}

impl<R: Read> Scanner<R> {
    /// The fastest way through the commonest judge lines, for formats whose
    /// numbers are single digits: if the unread input is, from where the
    /// scanner stands or just after one line end (`\n`, `\r\n` or `\r`),
    /// a line of `N` digits separated by single spaces with its line end
    /// right after the last, and `accept` makes something of its digits,
    /// consumes that line as [`Scanner::consume`] would (its line end is not
    /// consumed) and returns what `accept` made. Otherwise it consumes
    /// nothing and returns `None`, and the other ways of reading take the
    /// line: [`Scanner::peek_numbers`] or the field-by-field reading, which
    /// say precisely what is wrong when `accept` turns the digits down (a
    /// coordinate off the board, say).
    ///
    /// It reads no input: it looks only at what the buffer holds, so a line
    /// split between two reads, a last line without a line end, blank lines
    /// and whitespace before a line all go the other ways. A judge may
    /// therefore answer everything this returns before it flushes its
    /// answers and calls a reading method that may wait for input, and a
    /// person typing at a terminal still sees each answer as soon as its
    /// line is complete.
    ///
    /// ```
    /// use board_geometry::text_input::{Scanner, TextPosition};
    ///
    /// let mut scanner = Scanner::new("1\n3 0 4 0\r\n9 0 8 0\n0 12 1 3\n".as_bytes());
    /// assert!(scanner.next_digits::<4, _>(Some).is_none(), "nothing read yet");
    /// assert_eq!(scanner.next_token()?.map(|f| f.position()), Some(TextPosition { line: 1, column: 1 }));
    /// let sum = |digits: [u8; 4]| Some(digits.iter().map(|&d| u32::from(d)).sum::<u32>());
    /// assert_eq!(scanner.next_digits::<4, _>(sum), Some(7));
    /// assert_eq!(scanner.position(), TextPosition { line: 2, column: 8 });
    /// assert_eq!(scanner.next_digits::<4, _>(|_| None::<u32>), None, "turned down");
    /// assert_eq!(scanner.next_digits::<4, _>(Some), Some([9, 0, 8, 0]), "still there");
    /// assert_eq!(scanner.next_digits::<4, _>(sum), None, "12 is two digits");
    /// let mut fields = Vec::new();
    /// while let Some(field) = scanner.next_token()? {
    ///     fields.push((field.integer()?, field.position().line));
    /// }
    /// assert_eq!(fields, [(0, 4), (12, 4), (1, 4), (3, 4)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn next_digits<const N: usize, T>(&mut self, accept: impl FnOnce([u8; N]) -> Option<T>) -> Option<T> {
        let (mut accept, mut accepted) = (Some(accept), None);
        self.take_digit_lines::<N>(1, |digits| match accept.take() {
            Some(accept) => {
                accepted = accept(digits);
                accepted.is_some()
            }
            None => unreachable!("one line at most"),
        });
        accepted
    }

    /// [`Scanner::next_digits`] for many lines in a row: hands the digits of
    /// each line it would take to `take`, one line after another, and takes
    /// the line if `take` returns `true`, until `take` returns `false` (that
    /// line stays unread), it has taken `most` lines, or the buffer holds no
    /// more such line. Returns how many lines it took. Reads no input, and does the scanner's bookkeeping
    /// once for all the lines, which makes it the fastest way through a long
    /// run of them: `take` can answer each line as it comes.
    ///
    /// ```
    /// use board_geometry::text_input::{Scanner, TextPosition};
    ///
    /// let mut scanner = Scanner::new("3\n1 2\n3 4\n5 9\n7 8\n".as_bytes());
    /// assert!(scanner.next_token()?.is_some());
    /// let mut sums = Vec::new();
    /// let taken = scanner.take_digit_lines::<2>(usize::MAX, |[a, b]| {
    ///     let keep = b != 9;
    ///     if keep {
    ///         sums.push(a + b);
    ///     }
    ///     keep
    /// });
    /// assert_eq!((taken, sums), (2, vec![3, 7]));
    /// assert_eq!(scanner.position(), TextPosition { line: 3, column: 4 });
    /// assert_eq!(scanner.next_token()?.map(|f| f.position()), Some(TextPosition { line: 4, column: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn take_digit_lines<const N: usize>(
        &mut self,
        most: usize,
        mut take: impl FnMut([u8; N]) -> bool,
    ) -> usize {
        let width = 2 * N;
        let buffered = &self.buffer[..self.end];
        let mut start = self.start;
        // The line end before the first line, and how many lines it ends,
        // counted as the whitespace loop counts them (a `\n` completing a
        // `\r\n` ends none); the first line may also be right where the
        // scanner stands.
        let (first_lead, first_lines) = match buffered.get(start..) {
            Some([b'\n', ..]) => (1, u64::from(!self.after_cr)),
            Some([b'\r', b'\n', ..]) => (2, 1),
            Some([b'\r', ..]) => (1, 1),
            _ => (0, 0),
        };
        let mut lead = first_lead;
        let mut taken = 0;
        while taken < most {
            // `start` stays within the buffered text: a line is taken whole.
            let Some(line) = buffered.get(start + lead..start + lead + width) else { break };
            let Some(digits) = single_digits::<N>(line) else { break };
            if !take(digits) {
                break;
            }
            taken += 1;
            start += lead + width - 1;
            // Every later line comes after the line end of the one before,
            // which ends one line: `\n`, `\r` or `\r\n`.
            let crlf = line[width - 1] == b'\r' && buffered.get(start + 1) == Some(&b'\n');
            lead = if crlf { 2 } else { 1 };
        }
        if taken > 0 {
            let line = self.line + first_lines + (taken - 1) as u64;
            if first_lead > 0 || taken > 1 {
                // The last line taken came after a line end.
                self.line_offset = self.buffer_offset + (start - (width - 1)) as u64;
            }
            self.start = start;
            self.line = line;
            self.after_cr = false;
            let after_line = self.position_at(self.buffer_offset + start as u64);
            self.after_last = after_line;
            self.line_end = after_line;
            self.field_line = line;
        }
        taken
    }

    /// [`Scanner::take_digit_lines`] for lines of single digits laid out
    /// any way a judge's input may be: one or more spaces or tabs between
    /// the digits and perhaps before and after them, any line ends, blank
    /// lines (of whitespace) before each line. Hands the digits of each line
    /// to `take` and takes the line if `take` returns `true`, until `take`
    /// returns `false`, it has taken `most` lines, or the buffer holds no
    /// more such line with its line end. Returns how many it took. The first
    /// line may start where the scanner stands, as for
    /// [`Scanner::take_digit_lines`], or after whitespace with a line end in
    /// it. Reads no input; runs of whitespace are skipped eight bytes at a
    /// time ([`leading_whitespace`], [`leading_blanks`]), and the lines are
    /// counted once for the whole run.
    ///
    /// Afterwards the scanner stands as after the last field of the last
    /// line taken, read field by field up to its line end:
    /// [`Scanner::position`] is just after its last digit,
    /// [`Scanner::line_end`] at its line end (after trailing spaces and
    /// tabs), and [`Scanner::next_in_line`] returns `None`.
    ///
    /// ```
    /// use board_geometry::text_input::{Scanner, TextPosition};
    ///
    /// let mut scanner = Scanner::new("3\n1\t 2 \r\n\n  3  4\n5 x\n".as_bytes());
    /// assert!(scanner.next_token()?.is_some());
    /// let mut sums = Vec::new();
    /// let taken = scanner.take_spaced_digit_lines::<2>(usize::MAX, |[a, b]| {
    ///     sums.push(a + b);
    ///     true
    /// });
    /// assert_eq!((taken, sums), (2, vec![3, 7]));
    /// assert_eq!(scanner.position(), TextPosition { line: 4, column: 7 });
    /// assert_eq!(scanner.line_end(), TextPosition { line: 4, column: 7 });
    /// assert_eq!(scanner.next_token()?.map(|f| f.position()), Some(TextPosition { line: 5, column: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(never)]
    pub fn take_spaced_digit_lines<const N: usize>(
        &mut self,
        most: usize,
        mut take: impl FnMut([u8; N]) -> bool,
    ) -> usize {
        let buffered = &self.buffer[self.start..self.end];
        // Where the next line may start, and the ends of the last line taken:
        // of its last digit, and its line end.
        let (mut at, mut last_digit, mut line_end) = (0, 0, 0);
        let mut taken = 0;
        while taken < most && N > 0 {
            let Some(rest) = buffered.get(at..).filter(|rest| !rest.is_empty()) else { break };
            let (before, new_line) =
                rest.first_chunk().and_then(whitespace_before_line).unwrap_or_else(|| {
                    let before = leading_whitespace(rest);
                    (before, rest[..before].iter().any(|&byte| byte == b'\n' || byte == b'\r'))
                });
            // The first line may start where the scanner stands; every other
            // line, and the first after whitespace, after a line end.
            if (taken > 0 || before > 0) && !new_line {
                break;
            }
            let line_start = at + before;
            let line = &buffered[line_start..];
            // One space or tab between digits, as judges write lines, or
            // anything else within a window, or anything at all.
            let found = line
                .get(..2 * N)
                .and_then(blank_separated_digits::<N>)
                .map(|digits| (digits, 2 * N - 1, 2 * N - 1))
                .or_else(|| line.first_chunk().and_then(digits_in_window::<N>))
                .or_else(|| spaced_digits::<N>(line, 0));
            let Some((digits, digits_end, end)) = found else { break };
            let (digits_end, end) = (line_start + digits_end, line_start + end);
            if !take(digits) {
                break;
            }
            taken += 1;
            (at, last_digit, line_end) = (end, digits_end, end);
        }
        if taken > 0 {
            let consumed = &buffered[..line_end];
            let line_ends = count_line_ends(consumed, self.after_cr);
            if let Some(last) = consumed.iter().rposition(|&byte| CLASS[usize::from(byte)] == LINE_END) {
                self.line_offset = self.buffer_offset + (self.start + last + 1) as u64;
            }
            self.line += line_ends;
            self.after_cr = false;
            self.after_last = self.position_at(self.buffer_offset + (self.start + last_digit) as u64);
            self.start += line_end;
            self.line_end = self.position_at(self.buffer_offset + self.start as u64);
            self.field_line = self.line;
        }
        taken
    }
}

/// How many bytes of whitespace `bytes` starts with (less than eight, or
/// `None`), and whether a line end is among them.
#[inline(always)]
fn whitespace_before_line(bytes: &[u8; 8]) -> Option<(usize, bool)> {
    let word = u64::from_le_bytes(*bytes);
    let count = (!whitespace_bytes(word) & BYTE_TOPS).trailing_zeros() / 8;
    if count == 8 {
        return None;
    }
    let line_ends =
        zero_bytes(word ^ (BYTE_ONES * u64::from(b'\n'))) | zero_bytes(word ^ (BYTE_ONES * u64::from(b'\r')));
    let before = u64::MAX.checked_shr(64 - 8 * count).unwrap_or(0);
    Some((count as usize, line_ends & before != 0))
}

/// The digits of `line`, `2 * N` bytes (at most eight): `N` digits each
/// followed by one space or tab, the last by a line end (`\n` or `\r`).
#[inline(always)]
fn blank_separated_digits<const N: usize>(line: &[u8]) -> Option<[u8; N]> {
    if N == 0 || 2 * N > 8 || line.len() != 2 * N {
        return None;
    }
    let mut bytes = [0; 8];
    bytes[..2 * N].copy_from_slice(line);
    let word = u64::from_le_bytes(bytes);
    // The digits in the even bytes, the separators in the odd ones.
    let ones = (0..N).fold(0u64, |ones, i| ones | 1 << (16 * i));
    let values = (word ^ (ones * u64::from(b'0'))) & (ones * 0xff);
    // Adding 0x76 to a value sets its top bit if it is over 9, unless its
    // own top bit is set already.
    let digital = ((values + ones * 0x76) | values) & (ones * 0x80) == 0;
    let last = 8 * (2 * N - 1);
    let separators = ((ones << 8) * 0x80) & !(0xff << last);
    let blanks =
        zero_bytes(word ^ (BYTE_ONES * u64::from(b' '))) | zero_bytes(word ^ (BYTE_ONES * u64::from(b'\t')));
    let ended = matches!((word >> last) as u8, b'\n' | b'\r');
    (digital && blanks & separators == separators && ended).then(|| {
        let mut digits = [0; N];
        for (i, digit) in digits.iter_mut().enumerate() {
            *digit = (values >> (16 * i)) as u8;
        }
        digits
    })
}

/// [`spaced_digits`] for a line whose text up to its line end lies in
/// `window`, its first sixteen bytes, found at once: which bytes are
/// digits, spaces or tabs, and line ends is worked out for all sixteen
/// together, so that no branch depends on how the line is laid out.
#[inline(always)]
fn digits_in_window<const N: usize>(window: &[u8; 16]) -> Option<([u8; N], usize, usize)> {
    const ONES: u128 = u128::from_le_bytes([1; 16]);
    const TOPS: u128 = ONES * 0x80;
    // The top bit of each byte that is zero, exactly.
    let zero_bytes = |word: u128| !((((word & (ONES * 0x7f)) + ONES * 0x7f) | word) & TOPS) & TOPS;
    let word = u128::from_le_bytes(*window);
    // Bytes below 0x80, without their top bit, gain it from '0' on and
    // keep it from ':' on: the digits.
    let low = word & (ONES * 0x7f);
    let digits = (low + ONES * (0x80 - 0x30)) & !(low + ONES * (0x80 - 0x3a)) & !word & TOPS;
    let blanks = zero_bytes(word ^ (ONES * 0x20)) | zero_bytes(word ^ (ONES * 0x09));
    let line_ends = zero_bytes(word ^ (ONES * 0x0a)) | zero_bytes(word ^ (ONES * 0x0d));
    if line_ends == 0 {
        return None;
    }
    // The top bits of the bytes before the line end: digits and blanks
    // only, `N` digits, none next to another.
    let before = TOPS & ((1 << line_ends.trailing_zeros()) - 1);
    let line_digits = digits & before;
    let shaped = (digits | blanks) & before == before
        && line_digits.count_ones() as usize == N
        && line_digits & (line_digits >> 8) == 0;
    if !shaped {
        return None;
    }
    let (mut values, mut left, mut digits_end) = ([0; N], line_digits, 0);
    for value in &mut values {
        let at = (left.trailing_zeros() / 8) as usize;
        *value = window[at] - b'0';
        left &= left - 1;
        digits_end = at + 1;
    }
    Some((values, digits_end, (line_ends.trailing_zeros() / 8) as usize))
}

/// The `N` single digits of the line at `start` of `text`, one or more
/// spaces or tabs between them, then perhaps spaces and tabs and a line end
/// (`\n` or `\r`), which `text` holds; and where its last digit ends and
/// where its line end is.
#[inline(always)]
fn spaced_digits<const N: usize>(text: &[u8], start: usize) -> Option<([u8; N], usize, usize)> {
    let mut digits = [0; N];
    let mut at = start;
    for (index, digit) in digits.iter_mut().enumerate() {
        if index > 0 {
            at += match text.get(at..)? {
                // One, most often.
                [b' ' | b'\t', b'0'..=b'9', ..] => 1,
                [b' ' | b'\t', rest @ ..] => 1 + leading_blanks(rest),
                _ => return None,
            };
        }
        *digit = text.get(at)?.wrapping_sub(b'0');
        if *digit > 9 {
            return None;
        }
        at += 1;
    }
    let line_end = match text.get(at..)? {
        [b'\n' | b'\r', ..] => at,
        rest => at + leading_blanks(rest),
    };
    matches!(text.get(line_end)?, b'\n' | b'\r').then_some((digits, at, line_end))
}

/// The digits of `line`, `2 * N` bytes: `N` digits separated by single
/// spaces, then a line end (`\n` or `\r`); `None` if it is anything else.
#[inline(always)]
fn single_digits<const N: usize>(line: &[u8]) -> Option<[u8; N]> {
    if N == 0 || line.len() != 2 * N {
        return None;
    }
    let mut digits = [0; N];
    if 2 * N <= 8 {
        // All at once, in the lanes of one word: digits in the even bytes,
        // separators in the odd ones, the line end in the last.
        let mut bytes = [0; 8];
        bytes[..2 * N].copy_from_slice(line);
        let word = u64::from_le_bytes(bytes);
        let ones = (0..N).fold(0u64, |ones, i| ones | 1 << (16 * i));
        let last = 8 * (2 * N - 1);
        let inner_separators = ((ones << 8) * 0xff) & !(0xff << last);
        // Less a line of zeros, with the separators written as they should
        // be: a digit becomes its value, at most 9, any other byte more;
        // a right separator becomes 0.
        let zeros = (ones * u64::from(b'0')) | (((ones << 8) * u64::from(b' ')) & inner_separators);
        let less = word ^ zeros;
        let values = less & (ones * 0xff);
        // Adding 0x76 to a value in its lane (carrying at most into the odd
        // byte above) sets its top bit if it is over 9, unless it is so
        // large that its own top bit is set.
        let tops = ones * 0x80;
        let digital = ((values + ones * 0x76) | values) & tops == 0;
        let spaced = less & inner_separators == 0;
        let ended = matches!((word >> last) as u8, b'\n' | b'\r');
        if !(digital && spaced && ended) {
            return None;
        }
        for (i, digit) in digits.iter_mut().enumerate() {
            *digit = (values >> (16 * i)) as u8;
        }
    } else {
        let mut clean = true;
        for (i, digit) in digits.iter_mut().enumerate() {
            *digit = line[2 * i].wrapping_sub(b'0');
            let separator = line[2 * i + 1];
            let separated =
                if i + 1 < N { separator == b' ' } else { CLASS[usize::from(separator)] == LINE_END };
            clean &= *digit <= 9 && separated;
        }
        if !clean {
            return None;
        }
    }
    Some(digits)
}

#[cfg(test)]
mod digit_line_tests {
    use super::*;

    /// What [`single_digits`] should say, byte by byte.
    fn expected<const N: usize>(line: &[u8]) -> Option<[u8; N]> {
        let mut digits = [0; N];
        for (i, digit) in digits.iter_mut().enumerate() {
            let (d, separator) = (line[2 * i], line[2 * i + 1]);
            let separated =
                if i + 1 < N { separator == b' ' } else { separator == b'\n' || separator == b'\r' };
            if !d.is_ascii_digit() || !separated {
                return None;
            }
            *digit = d - b'0';
        }
        Some(digits)
    }

    /// Bytes next to the edges of every class the check tells apart.
    const TRICKY: [u8; 16] =
        [b'0', b'9', b'/', b':', b' ', b'\n', b'\r', b'\t', 0, 0x80, 0xb0, 0xb9, 0xba, 0xc6, 0xd0, 0xff];

    #[test]
    fn words_of_digits_are_read_as_byte_by_byte() {
        // Every tricky byte in every place of short lines, all at once for N = 2.
        for a in TRICKY {
            for b in TRICKY {
                for c in TRICKY {
                    for d in TRICKY {
                        let line = [a, b, c, d];
                        assert_eq!(single_digits::<2>(&line), expected::<2>(&line), "{line:?}");
                    }
                }
            }
        }
        // Lines of 1, 4 and 5 digits (the last read byte by byte), each byte
        // in turn tricky on a good line.
        let mut random = crate::random::Random::new(3);
        for _ in 0..20_000 {
            let mut line = *b"3 0 4 0\n7 1\n";
            let place = random.index(10);
            line[place] = TRICKY[random.index(TRICKY.len())];
            assert_eq!(single_digits::<1>(&line[..2]), expected::<1>(&line[..2]), "{line:?}");
            assert_eq!(single_digits::<4>(&line[..8]), expected::<4>(&line[..8]), "{line:?}");
            let five =
                [line[0], line[1], line[2], line[3], line[4], line[5], line[6], b' ', line[8], line[9]];
            assert_eq!(single_digits::<5>(&five), expected::<5>(&five), "{five:?}");
        }
        assert_eq!(single_digits::<4>(b"3 0 4 0\n"), Some([3, 0, 4, 0]));
        assert_eq!(single_digits::<5>(b"9 8 7 6 5\r"), Some([9, 8, 7, 6, 5]));
        assert_eq!(single_digits::<4>(b"3 0 4 0"), None, "too short");
    }

    /// Every field of `text` with its position, and the position after the
    /// last: read with `next_digits` wherever it takes a line, field by
    /// field elsewhere, the reader handing out `chunk` bytes at a time.
    fn read_mixed(text: &[u8], chunk: usize) -> (Vec<(u64, TextPosition)>, TextPosition, usize) {
        let mut scanner = Scanner::new(InPieces::new(text, chunk));
        let (mut fields, mut fast) = (Vec::new(), 0);
        loop {
            let before = scanner.line;
            if let Some(digits) = scanner.next_digits::<4, _>(|digits| (digits[0] != 7).then_some(digits)) {
                fast += 1;
                // The positions of the digits follow from the line and the position after it.
                let after = scanner.position();
                assert!(scanner.line >= before);
                for (i, digit) in digits.into_iter().enumerate() {
                    let column = after.column - 7 + 2 * i as u64;
                    fields.push((u64::from(digit), TextPosition::new(after.line, column)));
                }
                assert!(scanner.next_in_line().unwrap().is_none(), "the line is consumed");
                assert_eq!(scanner.line_end(), after);
                continue;
            }
            let Some(first) = scanner.next_token().unwrap() else { break };
            fields.push((first.integer().unwrap() as u64, first.position()));
            while let Some(field) = scanner.next_in_line().unwrap() {
                fields.push((field.integer().unwrap() as u64, field.position()));
            }
        }
        (fields, scanner.position(), fast)
    }

    /// `5`, then `count` lines of four random digits from `seed`: the
    /// `odd` line of kind `i % period` where it gives one, and every
    /// `every`-th line a random line end of `ends` instead of `\n`.
    fn digit_lines(
        seed: u64,
        count: usize,
        (period, odd): (usize, impl Fn(&[String], usize) -> Option<String>),
        (every, ends): (usize, &[&str]),
    ) -> String {
        let mut text = String::from("5\n");
        let mut random = crate::random::Random::new(seed);
        for i in 0..count {
            let digits: Vec<String> = (0..4).map(|_| random.index(10).to_string()).collect();
            text.push_str(&odd(&digits, i % period).unwrap_or_else(|| digits.join(" ")));
            text.push_str(ends[if i % every == 0 { random.index(ends.len()) } else { 0 }]);
        }
        text
    }

    /// Every number of `text` with its place, read field by field, and the end.
    fn numbers_one_by_one(text: &[u8]) -> (Vec<(u64, TextPosition)>, TextPosition) {
        let mut scanner = Scanner::new(text);
        let mut fields = Vec::new();
        while let Some(field) = scanner.next_token().unwrap() {
            fields.push((field.integer().unwrap() as u64, field.position()));
        }
        (fields, scanner.position())
    }

    #[test]
    fn lines_taken_at_once_read_as_field_by_field() {
        // Lines the fast way does not take, among plain ones.
        let odd = |d: &[String], kind| match kind {
            0 => Some(format!("{} {}  {} {}", d[0], d[1], d[2], d[3])),
            1 => Some(format!("1{} {} {} {}", d[0], d[1], d[2], d[3])),
            2 => Some(format!("{}\t{} {} {}", d[0], d[1], d[2], d[3])),
            3 => Some(format!("+{} {} {} {}", d[0], d[1], d[2], d[3])),
            _ => None,
        };
        let mut text = digit_lines(11, 40_000, (97, odd), (13, &["\n", "\r\n", "\r", "\n\n", " \n", "\n  "]));
        text.push_str("1 2 3 4");
        let (slow, slow_end) = numbers_one_by_one(text.as_bytes());
        // Whole blocks, and reads that split lines anywhere, across many block ends.
        for chunk in [BLOCK, 1, 7, 4093] {
            let (fields, end, fast) = read_mixed(text.as_bytes(), chunk);
            assert_eq!(fields.len(), slow.len());
            assert_eq!(fields, slow, "read {chunk} bytes at a time");
            assert_eq!(end, slow_end);
            if chunk > 100 {
                assert!(fast > 30_000, "{fast} lines taken at once");
            }
        }
    }

    /// Every field of `text`, read with `take_digit_lines` in runs of at
    /// most `run` lines wherever it takes them, field by field elsewhere,
    /// `chunk` bytes at a time; with the position of each field where it is
    /// known (those of the last line of each run follow from the position
    /// after it), the position after the last field, and the lines taken in runs.
    fn read_in_runs(
        text: &[u8],
        chunk: usize,
        run: usize,
    ) -> (Vec<(u64, Option<TextPosition>)>, TextPosition, usize) {
        let mut scanner = Scanner::new(InPieces::new(text, chunk));
        let (mut fields, mut fast) = (Vec::new(), 0);
        loop {
            let mut lines = Vec::new();
            let taken = scanner.take_digit_lines::<4>(run, |digits| {
                let take = digits[0] != 7;
                if take {
                    lines.push(digits);
                }
                take
            });
            assert_eq!(taken, lines.len());
            assert!(taken <= run);
            if let Some((last, before)) = lines.split_last() {
                fast += taken;
                for digits in before {
                    fields.extend(digits.iter().map(|&digit| (u64::from(digit), None)));
                }
                let after = scanner.position();
                for (i, &digit) in last.iter().enumerate() {
                    let column = after.column - 7 + 2 * i as u64;
                    fields.push((u64::from(digit), Some(TextPosition::new(after.line, column))));
                }
                assert!(scanner.next_in_line().unwrap().is_none(), "the line is consumed");
                assert_eq!(scanner.line_end(), after);
                continue;
            }
            let Some(first) = scanner.next_token().unwrap() else { break };
            fields.push((first.integer().unwrap() as u64, Some(first.position())));
            while let Some(field) = scanner.next_in_line().unwrap() {
                fields.push((field.integer().unwrap() as u64, Some(field.position())));
            }
        }
        (fields, scanner.position(), fast)
    }

    #[test]
    fn runs_of_lines_taken_at_once_read_as_field_by_field() {
        // Lines the fast way does not take, among plain ones.
        let odd = |d: &[String], kind| match kind {
            0 => Some(format!("{} {}  {} {}", d[0], d[1], d[2], d[3])),
            1 => Some(format!("1{} {} {} {}", d[0], d[1], d[2], d[3])),
            2 => Some(format!("{} {} {} {} 5", d[0], d[1], d[2], d[3])),
            _ => None,
        };
        let ends: &[&str] = &["\n", "\r\n", "\r", "\n\n", " \n", "\n  ", "\r\r\n"];
        let mut text = digit_lines(17, 30_000, (89, odd), (11, ends));
        text.push_str("1 2 3 4");
        let (slow, slow_end) = numbers_one_by_one(text.as_bytes());
        for (chunk, run) in [(BLOCK, usize::MAX), (BLOCK, 3), (1, usize::MAX), (7, 2), (4093, usize::MAX)] {
            let (fields, end, fast) = read_in_runs(text.as_bytes(), chunk, run);
            assert_eq!(fields.len(), slow.len(), "{chunk} bytes a read, runs of {run}");
            for (i, (&(value, position), &(slow_value, slow_position))) in
                fields.iter().zip(&slow).enumerate()
            {
                assert_eq!(value, slow_value, "field {i}, {chunk} bytes a read, runs of {run}");
                if let Some(position) = position {
                    assert_eq!(position, slow_position, "field {i}, {chunk} bytes a read, runs of {run}");
                }
            }
            assert_eq!(end, slow_end);
            if chunk > 100 {
                assert!(fast > 20_000, "{fast} lines taken in runs");
            }
        }
    }

    #[test]
    fn spaced_lines_taken_at_once_read_as_field_by_field() {
        // Lines of every layout, and lines the spaced way does not take:
        // two digits, five or three numbers, a form feed between.
        let mut random = crate::random::Random::new(23);
        let mut text = String::from("5\n");
        for i in 0..20_000 {
            let digits: Vec<String> = (0..4).map(|_| random.index(10).to_string()).collect();
            text.push_str(random.pick(&["", "", " ", "\t", " \t "]).unwrap());
            for (index, digit) in digits.iter().enumerate() {
                if index > 0 {
                    text.push_str(random.pick(&[" ", " ", "\t", "  ", " \t", "\t\t", "         "]).unwrap());
                }
                text.push_str(digit);
            }
            match i % 211 {
                1 => text.push_str(" 3"),
                2 => text.push('1'),
                3 => text.push('\x0c'),
                4 => text.insert(text.len() - 1, '\x0c'),
                5 => text.insert(text.len() - 1, '3'),
                6 => text.truncate(text.len() - 2),
                _ => {}
            }
            text.push_str(random.pick(&["", "", " ", "\t"]).unwrap());
            text.push_str(random.pick(&["\n", "\r\n", "\r", "\r\n\r\n", "\n \t\n", "\r\r\n"]).unwrap());
        }
        text.push_str("1 2 3 4");
        let (slow, slow_end) = numbers_one_by_one(text.as_bytes());
        for (chunk, run) in [(BLOCK, usize::MAX), (BLOCK, 3), (1, usize::MAX), (7, 2), (4093, usize::MAX)] {
            let mut scanner = Scanner::new(InPieces::new(text.as_bytes(), chunk));
            let (mut fields, mut fast) = (Vec::new(), 0);
            loop {
                let mut lines = Vec::new();
                let taken = scanner.take_spaced_digit_lines::<4>(run, |digits| {
                    let take = digits[0] != 7;
                    if take {
                        lines.push(digits);
                    }
                    take
                });
                assert_eq!(taken, lines.len());
                assert!(taken <= run);
                if taken > 0 {
                    fast += taken;
                    fields.extend(lines.concat().into_iter().map(|digit| (u64::from(digit), None)));
                    // The last digit taken ends where the scanner says.
                    fields.last_mut().unwrap().1 = Some(scanner.position());
                    let line_end = scanner.line_end();
                    assert!(scanner.next_in_line().unwrap().is_none(), "the line is consumed");
                    assert_eq!(scanner.line_end(), line_end);
                    continue;
                }
                let Some(first) = scanner.next_token().unwrap() else { break };
                fields.push((first.integer().unwrap() as u64, None));
                while let Some(field) = scanner.next_in_line().unwrap() {
                    fields.push((field.integer().unwrap() as u64, None));
                }
            }
            assert_eq!(fields.len(), slow.len(), "{chunk} bytes a read, runs of {run}");
            for (i, (&(value, after), &(slow_value, slow_position))) in fields.iter().zip(&slow).enumerate() {
                assert_eq!(value, slow_value, "field {i}, {chunk} bytes a read, runs of {run}");
                if let Some(after) = after {
                    let expected = TextPosition::new(slow_position.line, slow_position.column + 1);
                    assert_eq!(after, expected, "field {i}, {chunk} bytes a read, runs of {run}");
                }
            }
            assert_eq!(scanner.position(), slow_end);
            if chunk > 100 {
                assert!(fast > 15_000, "{fast} lines taken at once");
            }
        }
    }

    #[test]
    fn the_ways_at_once_of_spaced_lines_agree_with_the_byte_by_byte_one() {
        // The byte by byte way is the model: each way at once either agrees
        // with it or declines.
        let agree = |text: &[u8]| {
            let model = spaced_digits::<4>(text, 0);
            if let Some(line) = text.get(..8).and_then(blank_separated_digits::<4>) {
                assert_eq!(Some((line, 7, 7)), model, "{text:?}");
            }
            if let Some(found) = text.first_chunk().and_then(digits_in_window::<4>) {
                assert_eq!(Some(found), model, "{text:?}");
            }
            model.is_some()
        };
        let bases: [&[u8]; 4] = [
            b"1 2\t3 4\nxxxxxxxxxx",
            b"1  2\t\t3 4 \r\nxxxxxx",
            b"0 0 0 0\r\n12 3 4 5",
            b"9\t8 7  6\t\n\n0 0 0",
        ];
        let mut accepted = 0;
        for base in bases {
            assert!(agree(base), "{base:?}");
            for place in 0..16 {
                for byte in 0..=255 {
                    let mut text = base.to_vec();
                    text[place] = byte;
                    accepted += usize::from(agree(&text));
                }
            }
        }
        assert!(accepted > 4000, "{accepted}");
        // The whitespace before a line, and whether a line end is in it.
        let few = [b' ', b'\t', b'\n', b'\r', 0x0b, 0x0c, b'1', 0x8a];
        for mut mix in 0..few.len().pow(8) {
            let mut bytes = [0; 8];
            for byte in &mut bytes {
                *byte = few[mix % few.len()];
                mix /= few.len();
            }
            let count = bytes.iter().take_while(|byte| byte.is_ascii_whitespace()).count();
            let expected =
                (count < 8).then(|| (count, bytes[..count].iter().any(|&b| b == b'\n' || b == b'\r')));
            assert_eq!(whitespace_before_line(&bytes), expected, "{bytes:?}");
        }
    }

    #[test]
    fn nothing_is_read_for_a_line_taken_at_once() {
        /// A reader that counts its reads.
        struct Counted<'a>(&'a [u8], usize);
        impl Read for Counted<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                self.1 += 1;
                let n = self.0.len().min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut scanner = Scanner::new(Counted(b"2\n1 2 3 4\n5 6 7 8", 0));
        assert!(scanner.next_token().unwrap().is_some());
        let reads = scanner.reader.1;
        assert_eq!(scanner.next_digits::<4, _>(Some), Some([1, 2, 3, 4]));
        assert_eq!(scanner.next_digits::<4, _>(Some), None, "the last line has no line end yet");
        assert_eq!(scanner.reader.1, reads);
        assert_eq!(
            scanner.peek_numbers::<4>().unwrap().map(|line| line.numbers().to_vec()),
            Some(vec![5, 6, 7, 8])
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &[u8]) -> Vec<(String, u64, u64)> {
        let mut scanner = Scanner::new(text);
        let mut out = Vec::new();
        while let Some(token) = scanner.next_token().unwrap() {
            out.push((token.text().into_owned(), token.position().line, token.position().column));
        }
        out
    }

    fn expected(list: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
        list.iter().map(|&(t, l, c)| (t.to_string(), l, c)).collect()
    }

    #[test]
    fn a_located_error_shows_its_place_and_keeps_its_cause() {
        use std::error::Error as _;
        let located = Located::new(TextPosition::new(3, 7), IntegerError::NotAnInteger);
        assert_eq!(located.to_string(), "3:7: not a whole number");
        assert_eq!(located.source().map(ToString::to_string), Some(IntegerError::NotAnInteger.to_string()));
    }

    #[test]
    fn tokens_ignore_blank_lines_tabs_and_every_line_end() {
        let want = expected(&[("2", 1, 1), ("1", 1, 3), ("4", 1, 5), ("G", 4, 2), ("10", 4, 4)]);
        assert_eq!(tokens(b"2 1\t4\r\n\r\n   \n\tG 10"), want);
        assert_eq!(tokens(b"2 1\t4\r\r   \r\tG 10"), want, "lone CR ends lines too");
        assert_eq!(tokens(b"2 1\t4\n\r\n   \r\tG 10"), want);
        assert!(tokens(b"").is_empty());
        assert!(tokens(b"\n\n \r\n").is_empty());
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_not_counted() {
        assert_eq!(tokens(b"\xef\xbb\xbf12 3\n4"), expected(&[("12", 1, 1), ("3", 1, 4), ("4", 2, 1)]));
        assert_eq!(tokens(b"\xef\xbb\xbf"), expected(&[]));
        assert_eq!(tokens(b"\xef\xbb"), expected(&[("\u{fffd}", 1, 1)]), "half a mark is no mark");
        let trickled = all_tokens(Scanner::new(InPieces::new(b"\xef\xbb\xbfx", 1)));
        assert_eq!(trickled.0, [("x".to_string(), TextPosition::new(1, 1))]);
    }

    #[test]
    fn a_field_longer_than_the_limit_stops_the_reading_with_an_excerpt() {
        let fine = "7".repeat(MAX_FIELD);
        let text = format!(" {fine} x");
        let mut scanner = Scanner::new(text.as_bytes());
        assert_eq!(scanner.next_token().unwrap().map(|t| t.bytes().len()), Some(MAX_FIELD));
        let x = scanner.next_token().unwrap().unwrap();
        assert_eq!(x.position(), TextPosition::new(1, MAX_FIELD as u64 + 3));

        let long = format!("1 2\n  {}", "9".repeat(BLOCK * 3));
        let mut scanner = Scanner::new(long.as_bytes());
        scanner.next_token().unwrap();
        scanner.next_token().unwrap();
        match scanner.next_token() {
            Err(ScanError::Text(error)) => {
                assert_eq!(error.position, TextPosition::new(2, 3));
                assert_eq!(
                    error.to_string(),
                    format!(
                        "2:3: a field of more than 1024 characters without a space ('{}...'): \
                         no number or word of this input is that long",
                        "9".repeat(EXCERPT_CHARS)
                    )
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn endless_input_is_refused_after_a_bounded_read() {
        /// An endless stream of one byte, counting what is read.
        struct Endless(u8, usize);
        impl Read for Endless {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                out.fill(self.0);
                self.1 += out.len();
                Ok(out.len())
            }
        }
        let mut zeros = Scanner::new(Endless(0, 0));
        match zeros.next_token() {
            Err(ScanError::Text(error)) => assert!(error.to_string().contains("'\\0\\0\\0"), "{error}"),
            other => panic!("{other:?}"),
        }
        assert!(zeros.reader.1 <= 2 * BLOCK);
        // Spaces cost nothing but time: a bounded reader of them ends as no field.
        let spaces = " ".repeat(3 * BLOCK + 7) + "5";
        assert_eq!(tokens(spaces.as_bytes()), expected(&[("5", 1, 3 * BLOCK as u64 + 8)]));
        let mut scanner = Scanner::new(Endless(b'x', 0));
        assert!(scanner.next_line().is_err(), "an endless line is too long");
        assert!(scanner.reader.1 <= 2 * BLOCK);
    }

    fn all_tokens(mut scanner: Scanner<impl Read>) -> (Vec<(String, TextPosition)>, TextPosition) {
        let mut seen = Vec::new();
        while let Some(token) = scanner.next_token().unwrap() {
            seen.push((token.text().into_owned(), token.position()));
        }
        (seen, scanner.position())
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
        assert_eq!(all_tokens(Scanner::new(InPieces::new(text.as_bytes(), 1))), (expected.to_vec(), end));
        let tiny_buffer = std::io::BufReader::with_capacity(2, text.as_bytes());
        assert_eq!(all_tokens(Scanner::new(tiny_buffer)), (expected.to_vec(), end));
        // Every split of a long input into two reads gives the same tokens.
        let long: String =
            (0..3000).map(|i| format!("{i}{}", if i % 7 == 0 { "\r\n" } else { " " })).collect();
        let whole = all_tokens(Scanner::new(long.as_bytes()));
        for split in [1, 2, 3, 4, 5, 1000, BLOCK - 1, BLOCK, BLOCK + 1] {
            let split = split.min(long.len());
            let chained = long.as_bytes()[..split].chain(&long.as_bytes()[split..]);
            assert_eq!(all_tokens(Scanner::new(chained)), whole, "split at {split}");
        }
    }

    #[test]
    fn interrupted_reads_are_retried_and_failures_reported() {
        struct Flaky(bool, &'static [u8]);
        impl Read for Flaky {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                self.0 = !self.0;
                if self.0 {
                    return Err(io::Error::from(io::ErrorKind::Interrupted));
                }
                self.1.read(out)
            }
        }
        assert_eq!(all_tokens(Scanner::new(Flaky(false, b"1 2"))).0.len(), 2);
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let error = Scanner::new(Broken).next_token().unwrap_err();
        assert!(matches!(error, ScanError::Read(_)), "{error:?}");
        assert_eq!(error.to_string(), "cannot read the input: disk on fire");
        let stream: StreamError<TextError> = error.into();
        assert!(std::error::Error::source(&stream).is_some());
    }

    /// A reader that gives these pieces or errors, one per read, and must
    /// not be read after the last.
    struct Scripted(Vec<io::Result<&'static [u8]>>);

    impl Read for Scripted {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            assert!(!self.0.is_empty(), "read after the last piece");
            let piece = self.0.remove(0)?;
            out[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    #[test]
    fn a_byte_order_mark_in_pieces_survives_interruptions_and_reports_failures() {
        let interrupted = || Err(io::Error::from(io::ErrorKind::Interrupted));
        let pieces = vec![
            Ok(&b"\xef"[..]),
            interrupted(),
            Ok(&b"\xbb"[..]),
            interrupted(),
            Ok(&b"\xbf7 8"[..]),
            Ok(&b""[..]),
        ];
        let (fields, end) = all_tokens(Scanner::new(Scripted(pieces)));
        assert_eq!(
            fields,
            [("7".to_string(), TextPosition::new(1, 1)), ("8".to_string(), TextPosition::new(1, 3))]
        );
        assert_eq!(end, TextPosition::new(1, 4));
        let failing = Scripted(vec![Ok(&b"\xef\xbb"[..]), Err(io::Error::other("disk on fire"))]);
        let error = Scanner::new(failing).next_token().unwrap_err();
        assert_eq!(error.to_string(), "cannot read the input: disk on fire");
        assert_eq!(
            std::error::Error::source(&error).map(ToString::to_string).as_deref(),
            Some("disk on fire")
        );
    }

    #[test]
    fn small_numbers_are_one_to_nine_plain_digits() {
        let small = |text: &str| Scanner::new(text.as_bytes()).next_token().unwrap().unwrap().small_number();
        assert_eq!(small("0"), Some(0));
        assert_eq!(small("7"), Some(7));
        assert_eq!(small("09"), Some(9));
        assert_eq!(small("123456789"), Some(123_456_789));
        assert_eq!(small("999999999"), Some(999_999_999));
        for other in ["1234567890", "9999999999", "12a", "a", "1:", "/1", "-1", "+1", "1.5"] {
            assert_eq!(small(other), None, "{other}");
        }
    }

    #[test]
    fn excerpts_are_cut_after_so_many_characters_and_say_so() {
        assert_eq!(excerpt_of(b"abc", 3), "abc");
        assert_eq!(excerpt_of(b"abcd", 3), "abc...");
        assert_eq!(excerpt_of("一二三".as_bytes(), 3), "一二三", "three characters of three bytes");
        assert_eq!(excerpt_of("一二三四".as_bytes(), 3), "一二三...");
        assert_eq!(excerpt_of("😀😀😀".as_bytes(), 3), "😀😀😀", "the most bytes three characters take");
        assert_eq!(excerpt_of(b"a\tb\0", 4), "a\\tb\\0", "control characters escaped");
        assert_eq!(
            excerpt_of(&[0xff; 13], 3),
            "\u{fffd}\u{fffd}\u{fffd}...",
            "bytes past what three characters take"
        );
        assert_eq!(IntegerError::NotAnInteger.to_string(), "not a whole number");
        assert_eq!(IntegerError::TooLarge.to_string(), "a whole number too large for 64 bits");
    }

    #[test]
    fn plain_lines_taken_at_once_end_where_field_by_field_reading_ends() {
        for text in ["12 34\n", "12 34   \n", "G 10 5\n", "G 10 5 \t\r\n", "7\n", "R 3\n", "1 2 3"] {
            let mut whole = Scanner::new(text.as_bytes());
            let line = whole.peek_numbers::<3>().unwrap().expect("a plain line");
            whole.consume(&line);
            let mut one_by_one = Scanner::new(text.as_bytes());
            one_by_one.next_token().unwrap();
            while one_by_one.next_in_line().unwrap().is_some() {}
            assert_eq!(whole.position(), one_by_one.position(), "after the last field of {text:?}");
            assert_eq!(whole.line_end(), one_by_one.line_end(), "the line end of {text:?}");
            assert!(whole.next_in_line().unwrap().is_none());
            assert!(whole.at_end().unwrap());
        }
    }

    /// Every line `next_line` gives for `text` read `most` bytes at a time,
    /// with where each starts.
    fn lines_in_pieces(text: &[u8], most: usize) -> Vec<(String, TextPosition)> {
        let mut scanner = Scanner::new(InPieces::new(text, most));
        let mut lines = Vec::new();
        while let Some(line) = scanner.next_line().unwrap() {
            lines.push((String::from_utf8_lossy(line.bytes()).into_owned(), line.start()));
        }
        lines
    }

    #[test]
    fn lines_split_across_reads_are_read_whole() {
        let text = b"  4k4/9/9 w - - 0 1  \r\n\n\tsecond line here\rlast";
        let whole = lines_in_pieces(text, BLOCK);
        let expected = [
            ("4k4/9/9 w - - 0 1".to_string(), TextPosition::new(1, 3)),
            ("second line here".to_string(), TextPosition::new(3, 2)),
            ("last".to_string(), TextPosition::new(4, 1)),
        ];
        assert_eq!(whole, expected);
        for most in 1..8 {
            assert_eq!(lines_in_pieces(text, most), expected, "{most} bytes a read");
        }
        // Nothing past the line end is read for a line: a person typing gets it at once.
        let mut typed = Scanner::new(Scripted(vec![Ok(&b"e2e4\n"[..])]));
        assert_eq!(typed.next_line().unwrap().map(|line| line.bytes().to_vec()), Some(b"e2e4".to_vec()));
    }

    #[test]
    fn plain_lines_in_small_reads_are_whole_and_long_ones_are_left_to_read_by_field() {
        // A number split between two reads is read whole, not cut at the first.
        let mut split = Scanner::new(InPieces::new(b"123 45\n6 7\n", 2));
        let first = split.peek_numbers::<2>().unwrap().expect("plain");
        assert_eq!(first.numbers(), [123, 45]);
        split.consume(&first);
        assert_eq!(split.peek_numbers::<2>().unwrap().map(|line| line.numbers().to_vec()), Some(vec![6, 7]));
        // A plain line is taken at once while its unread part stays within half
        // the buffer (checked at each read, here every 4096 bytes); a longer one
        // is left to be read field by field.
        // A short line cut by the end of a read far into the buffer is still taken at once.
        let mut many = "1 2\n".repeat(10_000).into_bytes();
        many.extend_from_slice(b"3 4\n");
        let mut deep = Scanner::new(InPieces::new(&many, 40_002));
        let mut taken = 0;
        while let Some(line) = deep.peek_numbers::<2>().unwrap() {
            deep.consume(&line);
            taken += 1;
        }
        assert_eq!((taken, deep.at_end().unwrap()), (10_001, true));
        let spaced = |spaces: usize| format!("1{}2\n3 4\n", " ".repeat(spaces)).into_bytes();
        let fitting = spaced(34_000);
        let mut fits = Scanner::new(InPieces::new(&fitting, 4096));
        assert_eq!(fits.peek_numbers::<2>().unwrap().map(|line| line.numbers().to_vec()), Some(vec![1, 2]));
        for spaces in [40_000, 70_000, 200_000] {
            let text = spaced(spaces);
            let mut long = Scanner::new(InPieces::new(&text, 4096));
            assert!(long.peek_numbers::<2>().unwrap().is_none(), "{spaces} spaces");
            let mut fields = Vec::new();
            while let Some(field) = long.next_token().unwrap() {
                fields.push(field.small_number());
            }
            assert_eq!(fields, [Some(1), Some(2), Some(3), Some(4)], "{spaces} spaces");
        }
    }

    #[test]
    fn lines_of_digits_after_every_kind_of_line_end_are_taken_at_once() {
        for text in [
            "5\r1 2 3 4\r5 6 7 8\r9 9 9 9\r",
            "5\r\n1 2 3 4\r\n5 6 7 8\r\n9 9 9 9\r\n",
            "5\n1 2 3 4\n5 6 7 8\n9 9 9 9\n",
        ] {
            let mut scanner = Scanner::new(text.as_bytes());
            assert!(scanner.next_token().unwrap().is_some());
            let mut taken = Vec::new();
            let count = scanner.take_digit_lines::<4>(usize::MAX, |digits| {
                taken.push(digits);
                true
            });
            assert_eq!(count, 3, "{text:?}");
            assert_eq!(taken, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9]]);
            assert_eq!(scanner.position(), TextPosition::new(4, 8), "{text:?}");
            assert!(scanner.at_end().unwrap());
        }
    }

    #[test]
    fn digit_lines_taken_from_where_the_scanner_stands_keep_their_columns() {
        // Standing mid-line, at the 1 after the 5: one line taken.
        let mut mid = Scanner::new(&b"5 1 2 3 4\n"[..]);
        assert!(mid.next_token().unwrap().is_some());
        assert!(mid.peek_text().unwrap().starts_with(b"1 2 3 4"));
        assert_eq!(mid.take_digit_lines::<4>(usize::MAX, |_| true), 1);
        assert_eq!(mid.position(), TextPosition::new(1, 10));
        // Standing at the start of the input: two lines taken.
        let mut first = Scanner::new(&b"1 2 3 4\n5 6 7 8\n"[..]);
        assert!(first.peek_text().unwrap().starts_with(b"1 2"));
        assert_eq!(first.take_digit_lines::<4>(usize::MAX, |_| true), 2);
        assert_eq!(first.position(), TextPosition::new(2, 8));
        assert!(first.at_end().unwrap());
    }

    #[test]
    fn a_short_first_line_is_read_without_waiting_for_more() {
        // A person typing "1" and Enter at a terminal gets the field at once.
        let mut scanner = Scanner::new(Scripted(vec![Ok(&b"1\n"[..])]));
        assert_eq!(
            scanner.next_token().unwrap().map(|field| field.text().into_owned()).as_deref(),
            Some("1")
        );
    }

    #[test]
    fn text_errors_are_the_cause_of_scan_errors() {
        let long = vec![b'9'; 2000];
        let error = Scanner::new(long.as_slice()).next_token().unwrap_err();
        let cause = std::error::Error::source(&error).map(ToString::to_string);
        assert_eq!(cause, Some(error.to_string()), "the located text error, as the scan error shows it");
        assert!(error.to_string().starts_with("1:1: a field of more than 1024 characters"), "{error}");
    }

    #[test]
    fn fields_in_a_line_stop_at_its_end_and_say_where_it_is() {
        let mut scanner = Scanner::new("1 2  \r\n\n 3\r4 5\n6".as_bytes());
        assert!(scanner.next_in_line().unwrap().is_none(), "no line before the first field");
        assert_eq!(scanner.next_token().unwrap().map(|f| f.text().into_owned()).as_deref(), Some("1"));
        assert_eq!(scanner.next_in_line().unwrap().map(|f| f.text().into_owned()).as_deref(), Some("2"));
        assert!(scanner.next_in_line().unwrap().is_none());
        assert!(scanner.next_in_line().unwrap().is_none(), "asking again changes nothing");
        assert_eq!(scanner.line_end(), TextPosition::new(1, 6), "after the trailing spaces, before CR LF");
        let three = scanner.next_token().unwrap().unwrap();
        assert_eq!(three.position(), TextPosition::new(3, 2));
        assert!(scanner.next_in_line().unwrap().is_none());
        assert_eq!(scanner.line_end(), TextPosition::new(3, 3));
        assert_eq!(scanner.next_token().unwrap().unwrap().position(), TextPosition::new(4, 1));
        assert_eq!(scanner.next_in_line().unwrap().unwrap().position(), TextPosition::new(4, 3));
        assert!(scanner.next_in_line().unwrap().is_none());
        assert_eq!(scanner.next_token().unwrap().unwrap().position(), TextPosition::new(5, 1));
        assert!(scanner.next_in_line().unwrap().is_none());
        assert_eq!(scanner.line_end(), TextPosition::new(5, 2), "the end of input ends the last line");
        assert!(scanner.at_end().unwrap());
    }

    #[test]
    fn nothing_past_a_line_end_is_read_for_its_fields() {
        /// A reader that fails if asked for more than the first line.
        struct OneLine(&'static [u8]);
        impl Read for OneLine {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::other("blocked, like a terminal waiting for a key"));
                }
                let read = self.0.read(out)?;
                Ok(read)
            }
        }
        let mut scanner = Scanner::new(OneLine(b"17 49 33\n"));
        scanner.next_token().unwrap();
        scanner.next_in_line().unwrap();
        scanner.next_in_line().unwrap();
        assert!(scanner.next_in_line().unwrap().is_none());
    }

    #[test]
    fn lines_are_text_without_their_surrounding_whitespace() {
        let text = format!("\n  \tab  c{}\r\n   \n x\ry \n", " ".repeat(3 * BLOCK));
        let mut scanner = Scanner::new(text.as_bytes());
        let line = scanner.next_line().unwrap().unwrap();
        assert_eq!((line.bytes(), line.start()), (&b"ab  c"[..], TextPosition::new(2, 4)));
        assert_eq!(line.position_of(4), TextPosition::new(2, 8));
        let line = scanner.next_line().unwrap().unwrap();
        assert_eq!((line.bytes(), line.start()), (&b"x"[..], TextPosition::new(4, 2)));
        let line = scanner.next_line().unwrap().unwrap();
        assert_eq!((line.bytes(), line.start()), (&b"y"[..], TextPosition::new(5, 1)));
        assert!(scanner.next_line().unwrap().is_none());
        let long = format!("{} y", "x".repeat(MAX_LINE));
        let error = Scanner::new(long.as_bytes()).next_line().unwrap_err();
        assert!(error.to_string().starts_with("1:1: a line of more than 4096 characters ('xxxx"), "{error}");
        let spaced = format!("x{}y", " ".repeat(MAX_LINE));
        assert!(Scanner::new(spaced.as_bytes()).next_line().is_err(), "whitespace inside the text counts");
    }

    #[test]
    fn at_end_sees_only_whitespace_left() {
        let mut scanner = Scanner::new("1 \n\n 2 \n \n".as_bytes());
        assert!(!scanner.at_end().unwrap());
        assert_eq!(scanner.next_token().unwrap().map(|t| t.text().into_owned()).as_deref(), Some("1"));
        assert!(!scanner.at_end().unwrap());
        let two = scanner.next_token().unwrap().unwrap();
        assert_eq!(two.position(), TextPosition::new(3, 2));
        assert!(scanner.at_end().unwrap());
        assert_eq!(
            scanner.position(),
            TextPosition::new(3, 3),
            "just after the last token, not at the end of input"
        );
        assert!(scanner.next_token().unwrap().is_none());
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt(b"abc"), "abc");
        assert_eq!(excerpt(&[b'y'; 100]), format!("{}...", "y".repeat(40)));
        assert_eq!(excerpt(b"a\0b\xff"), "a\\0b\u{fffd}");
    }

    #[test]
    fn fields_parse_numbers_and_keep_bad_bytes_for_messages() {
        let mut scanner = Scanner::new(&b"12 x\xff -3"[..]);
        let mut fields = Vec::new();
        while let Some(field) = scanner.next_token().unwrap() {
            fields.push((field.parse::<u8>(), field.parse::<i32>(), field.text().into_owned()));
        }
        assert_eq!(fields[0].0, Some(12));
        assert_eq!(fields[1], (None, None, "x\u{fffd}".to_string()));
        assert_eq!((fields[2].0, fields[2].1), (None, Some(-3)));
    }

    #[test]
    fn integers_are_read_exactly_with_their_errors() {
        let read = |text: &str| Scanner::new(text.as_bytes()).next_token().unwrap().unwrap().integer();
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
        let stream: StreamError<&str> = StreamError::Input(error);
        assert_eq!(stream.to_string(), "12:5: unknown piece 'X'");
        let write: StreamError<&str> = StreamError::Write(io::Error::other("full"));
        assert_eq!(write.to_string(), "cannot write the answers: full");
    }

    /// Every field of what is left, with its place, and the scanner's places
    /// along the way: a scanner's whole state as the reading shows it.
    fn rest_of(scanner: &mut Scanner<&[u8]>) -> Vec<(String, TextPosition, TextPosition)> {
        let mut out = Vec::new();
        while let Some(field) = scanner.next_token().unwrap() {
            out.push((field.text().into_owned(), field.position(), TextPosition::new(0, 0)));
            while let Some(field) = scanner.next_in_line().unwrap() {
                out.push((field.text().into_owned(), field.position(), TextPosition::new(0, 0)));
            }
            out.push((String::new(), scanner.position(), scanner.line_end()));
        }
        out
    }

    #[test]
    fn consuming_peeked_text_is_reading_its_fields_one_by_one() {
        let mut random = crate::random::Random::new(1589);
        let blanks: [&[u8]; 8] = [b" ", b"  ", b"\t", b"\n", b"\r\n", b"\r", b"\n\n", b" \x0c\r\n\r"];
        for round in 0..2000 {
            let mut text = Vec::new();
            if round % 7 == 0 {
                text.extend_from_slice(b"\xef\xbb\xbf");
            }
            let mut ends = Vec::new();
            for _ in 0..random.between(1, 12) {
                text.extend_from_slice(random.pick(&blanks).unwrap());
                let field: &[u8] = random.pick(&[&b"7"[..], b"R", b"10", b"x1"]).unwrap();
                text.extend_from_slice(field);
                ends.push(text.len());
            }
            if random.chance(0.5) {
                text.extend_from_slice(random.pick(&blanks).unwrap());
            }
            let fields = random.index(ends.len()) + 1;
            let (mut tokens, mut peeked) = (Scanner::new(text.as_slice()), Scanner::new(text.as_slice()));
            for _ in 0..fields {
                tokens.next_token().unwrap().unwrap();
            }
            let peeked_text = peeked.peek_text().unwrap().to_vec();
            let skipped = text.len() - peeked_text.len();
            assert!(peeked_text.first().is_some_and(|byte| !byte.is_ascii_whitespace()));
            peeked.consume_text(ends[fields - 1] - skipped);
            let context = String::from_utf8_lossy(&text).into_owned();
            assert_eq!(peeked.position(), tokens.position(), "{context:?} after {fields} fields");
            assert_eq!(rest_of(&mut peeked), rest_of(&mut tokens), "{context:?} after {fields} fields");
        }
    }

    #[test]
    fn peeked_text_starts_at_the_next_field_and_says_where() {
        let mut scanner = Scanner::new(&b"  \r\n\r\n\t 5 6\n"[..]);
        assert_eq!(scanner.peek_text().unwrap(), b"5 6\n");
        assert_eq!(scanner.unread_position(), TextPosition::new(3, 3));
        assert_eq!(scanner.peek_text().unwrap(), b"5 6\n", "nothing is consumed");
        scanner.consume_text(3);
        assert_eq!(scanner.position(), TextPosition::new(3, 6));
        assert_eq!(scanner.peek_text().unwrap(), b"", "only whitespace is left");
        assert_eq!(scanner.unread_position(), TextPosition::new(4, 1));
        assert!(scanner.next_token().unwrap().is_none());
    }

    #[test]
    fn peeked_text_is_what_the_buffer_holds_and_no_more_is_read_for_it() {
        /// A reader that hands out its text a few bytes at a time, then fails
        /// as a terminal would block.
        struct Trickle(&'static [u8]);
        impl Read for Trickle {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::other("blocked, like a terminal waiting for a key"));
                }
                let len = self.0.len().min(out.len()).min(6);
                out[..len].copy_from_slice(&self.0[..len]);
                self.0 = &self.0[len..];
                Ok(len)
            }
        }
        let mut scanner = Scanner::new(Trickle(b"\n\n 2 1 4\nG 10 5\n"));
        assert_eq!(scanner.peek_text().unwrap(), b"2 1", "what the first reads brought, from the field on");
        scanner.consume_text(3);
        assert_eq!(
            scanner.next_token().unwrap().map(|field| field.position()),
            Some(TextPosition::new(3, 6))
        );
        assert_eq!(scanner.peek_text().unwrap(), b"\nG 1"[1..].as_ref());
        scanner.consume_text(1);
        assert_eq!(scanner.peek_text().unwrap(), b"1", "the rest of a field split by a read");
        assert_eq!(
            scanner.next_token().unwrap().map(|field| field.text().into_owned()).as_deref(),
            Some("10")
        );
        assert_eq!(
            scanner.next_token().unwrap().map(|field| field.position()),
            Some(TextPosition::new(4, 6))
        );
        assert!(
            scanner.peek_text().is_err(),
            "nothing is left in the buffer: the reader is asked, and blocks"
        );
    }

    #[test]
    fn leading_whitespace_and_blanks_are_counted_as_byte_by_byte() {
        let by_bytes = |text: &[u8]| text.iter().take_while(|byte| byte.is_ascii_whitespace()).count();
        // Every byte after every run of whitespace, at every place of a word.
        for run in 0..20 {
            for byte in 0..=255u8 {
                let mut text = vec![b' '; run];
                text.extend([byte, b'1', b' ', b'2', b' ', b'3', b' ', b'4', b' ', b'5']);
                assert_eq!(leading_whitespace(&text), by_bytes(&text), "{text:?}");
                text.truncate(run + 1);
                assert_eq!(leading_whitespace(&text), by_bytes(&text), "{text:?}");
            }
        }
        // Every mix of the bytes near the whitespace ones.
        let few = [b'\t', b'\n', 0x0b, 0x0c, b'\r', b' ', 0x08, 0x0e, b'!', 0x89, 0xa0, b'0'];
        let mut text = [0; 9];
        for mut mix in 0..few.len().pow(6) {
            for byte in &mut text[..6] {
                *byte = few[mix % few.len()];
                mix /= few.len();
            }
            text[6..].copy_from_slice(b"\t\r\n");
            for length in [6, 8, 9] {
                assert_eq!(leading_whitespace(&text[..length]), by_bytes(&text[..length]), "{text:?}");
            }
        }
        assert_eq!(leading_whitespace(b""), 0);
        // Spaces and tabs alone the same way.
        let by_bytes = |text: &[u8]| text.iter().take_while(|&&byte| byte == b' ' || byte == b'\t').count();
        for run in 0..20 {
            for byte in 0..=255u8 {
                let mut text: Vec<u8> = (0..run).map(|index| [b' ', b'\t'][index % 2]).collect();
                text.extend([byte, b'1', b' ', b'2', b' ', b'3', b' ', b'4', b' ', b'5']);
                assert_eq!(leading_blanks(&text), by_bytes(&text), "{text:?}");
                text.truncate(run + 1);
                assert_eq!(leading_blanks(&text), by_bytes(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn line_ends_are_counted_alike_a_vector_at_a_time() {
        let naive = |text: &[u8], mut after_cr: bool| {
            let mut line_ends = 0;
            for &byte in text {
                line_ends += u64::from(byte == b'\r' || byte == b'\n' && !after_cr);
                after_cr = byte == b'\r';
            }
            line_ends
        };
        let mut random = crate::random::Random::new(255);
        for len in [0, 1, 2, 254, 255, 256, 509, 510, 511, 2000] {
            for _ in 0..50 {
                let text: Vec<u8> = (0..len).map(|_| *random.pick(b"\r\n\r\nx ").unwrap()).collect();
                for after_cr in [false, true] {
                    assert_eq!(count_line_ends(&text, after_cr), naive(&text, after_cr), "{text:?}");
                }
            }
        }
    }
}
