//! The scanner: fields, lines and line ends of any reader, in memory of a
//! fixed size.

use std::io::{self, Read};

mod digit_lines;
mod plain_line;
#[cfg(test)]
mod tests;

use super::blanks::{CLASS, FIELD, LINE_END, SPACE, count_line_ends};
use super::{Field, Located, MAX_FIELD, MAX_LINE, ScanError, TextError, TextPosition, excerpt};
pub use plain_line::PlainLine;
use plain_line::{Plain, plain_line};

/// One line of text read whole by [`Scanner::next_line`]: its bytes from the
/// first non-whitespace one to the last, and where they start.
#[derive(Copy, Clone, Debug)]
pub struct TextLine<'a> {
    bytes: &'a [u8],
    start: TextPosition,
}

impl<'a> TextLine<'a> {
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

    /// The position of byte `index` of [`TextLine::bytes`].
    #[must_use]
    pub const fn position_of(&self, index: usize) -> TextPosition {
        TextPosition::new(self.start.line, self.start.column + index as u64)
    }
}

/// The size of a block read at once, and of the scanner's buffer.
pub(crate) const BLOCK: usize = 1 << 16;

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
/// column, in memory of a fixed size (see the [module docs](crate::text_input)).
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

    /// The fields left on the line of the last field handed out, for a line
    /// that should have ended: where the first of them stands and how many
    /// there are (read to the line's end, so that a message can count every
    /// field of the line), or `None` if the line has ended.
    ///
    /// ```
    /// use board_geometry::text_input::{Scanner, TextPosition};
    ///
    /// let mut scanner = Scanner::new("1 2 3 4\n5\n".as_bytes());
    /// scanner.next_token()?;
    /// scanner.next_in_line()?;
    /// assert_eq!(scanner.rest_of_line()?, Some((TextPosition::new(1, 5), 2)));
    /// scanner.next_token()?;
    /// assert_eq!(scanner.rest_of_line()?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A field longer than [`MAX_FIELD`] bytes, or a failure to read.
    pub fn rest_of_line(&mut self) -> Result<Option<(TextPosition, usize)>, ScanError> {
        let Some(first) = self.next_in_line()? else { return Ok(None) };
        let at = first.position();
        let mut fields = 1;
        while self.next_in_line()?.is_some() {
            fields += 1;
        }
        Ok(Some((at, fields)))
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
    pub fn next_line(&mut self) -> Result<Option<TextLine<'_>>, ScanError> {
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
                    if !keep_within_line(&mut self.line_text, byte) {
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
        Ok(Some(TextLine { bytes: &self.line_text, start }))
    }
}

/// Keeps a byte of whitespace at the end of a line's text, tentatively, if
/// the text has room for it; whether it had.
fn keep_within_line(line_text: &mut Vec<u8>, byte: u8) -> bool {
    let room = line_text.len() < MAX_LINE;
    if room {
        line_text.push(byte);
    }
    room
}
