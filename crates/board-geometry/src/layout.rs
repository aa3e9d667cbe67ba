//! Judge input laid out as judges' files are: the same tokens, with the
//! whitespace a reader must take in its stride.
//!
//! Generators write judge input *plainly*: one space between two tokens, a
//! `\n` at the end of each line, nothing else. Real judge data is not always
//! like that: files made on Windows end their lines with `\r\n`, some put tabs
//! or runs of spaces between numbers, leave spaces at the end of a line or add
//! blank lines. A solution that reads with `scanf` takes all of it; one that
//! splits lines on `' '` or compares the last token with `"5"` does not, and
//! fails on the judge while passing every plainly written test.
//!
//! [`Layout::Varied`] writes the same tokens with that whitespace, wherever
//! the task's [`Reading`] allows it, drawn from a seed so that the same
//! input and seed always give the same bytes. [`LayoutWriter`] does it on the
//! fly, between a plain writer and its output:
//!
//! ```
//! use std::io::Write;
//! use board_geometry::layout::{Layout, LayoutWriter, Reading};
//!
//! let mut varied = Vec::new();
//! let mut out = LayoutWriter::new(&mut varied, Layout::Varied, Reading::Lines, 7);
//! out.write_all(b"17 43 45\n5 1 9\n")?;
//! out.flush()?;
//! drop(out);
//!
//! // The same tokens, line by line, with CRLF line ends.
//! let text = String::from_utf8(varied)?;
//! let lines: Vec<Vec<&str>> = text
//!     .split("\r\n")
//!     .map(|line| line.split_whitespace().collect::<Vec<_>>())
//!     .filter(|tokens| !tokens.is_empty())
//!     .collect();
//! assert_eq!(lines, [["17", "43", "45"], ["5", "1", "9"]]);
//! assert!(!text.replace("\r\n", "").contains('\n'), "every line ends with CRLF");
//!
//! // The same seed gives the same bytes; plain gives the input as it was.
//! assert_eq!(Layout::Varied.relaid(b"17 43 45\n5 1 9\n", Reading::Lines, 7), text.as_bytes());
//! assert_eq!(Layout::Plain.relaid(b"17 43 45\n", Reading::Lines, 7), b"17 43 45\n".as_slice());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::io::{self, Write};

use crate::random::Random;

/// How the whitespace of a judge input is laid out.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One space between two tokens and `\n` line ends: the input exactly as
    /// the plain writer gives it.
    #[default]
    Plain,
    /// As judges' files are: every line ended by `\r\n`; between two tokens
    /// a space, a tab or a run of them, drawn token by token (or line by line,
    /// see [`Reading::Rows`]); now and then whitespace at the start or the
    /// end of a line, and blank lines (some holding spaces or tabs) between
    /// lines; with [`Reading::Tokens`], now and then a line break between two
    /// tokens of one line.
    Varied,
}

impl Layout {
    /// Both layouts, plain first.
    pub const ALL: [Layout; 2] = [Layout::Plain, Layout::Varied];

    /// The name of the layout: `plain` or `varied`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Plain => "plain",
            Layout::Varied => "varied",
        }
    }

    /// `plain` laid out this way for a task read as `reading`, from `seed`:
    /// `plain` itself for [`Layout::Plain`].
    #[must_use]
    pub fn relaid(self, plain: &[u8], reading: Reading, seed: u64) -> Cow<'_, [u8]> {
        match self {
            Layout::Plain => Cow::Borrowed(plain),
            Layout::Varied => {
                let mut varied = Vec::with_capacity(plain.len() + plain.len() / 4);
                Spacer::new(reading, seed).relay(plain, &mut varied);
                Cow::Owned(varied)
            }
        }
    }
}

crate::impl_named!(Layout, "a layout");

/// A name that is not a layout ([`Layout`]'s `FromStr`, which reads `plain`
/// or `varied`).
///
/// ```
/// use board_geometry::layout::Layout;
///
/// assert_eq!("varied".parse(), Ok(Layout::Varied));
/// assert_eq!("crlf".parse::<Layout>().unwrap_err().to_string(), "'crlf' is not a layout: use plain or varied");
/// ```
pub type ParseLayoutError = crate::ParseNameError<Layout>;

/// How a judge reads a task's input, which says where its whitespace may vary.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Token by token, like `scanf`: any whitespace between two tokens,
    /// line breaks included (the checkmate task).
    Tokens,
    /// A line at a time, its tokens separated by any run of spaces and tabs:
    /// the tokens of a line stay on it, and the whitespace between two of
    /// them is drawn token by token (the king-and-queen and duck tasks).
    Lines,
    /// A row of a board a line: the tokens of a line stay on it, and one
    /// kind of separator is drawn for the whole line, as a file written
    /// row by row has it (the horse task).
    Rows,
}

/// Appends `number` in decimal, as judge input writes its small numbers
/// (a place, a row, a piece code): one digit, or two from 10 on. Numbers
/// of 100 and more are not judge input's; they are written modulo 100.
///
/// ```
/// let mut text = Vec::new();
/// for number in [7, 10, 63] {
///     board_geometry::layout::push_small_number(&mut text, number);
///     text.push(b' ');
/// }
/// assert_eq!(text, b"7 10 63 ");
/// ```
pub fn push_small_number(text: &mut Vec<u8>, number: u8) {
    let number = number % 100;
    if number >= 10 {
        text.push(b'0' + number / 10);
    }
    text.push(b'0' + number % 10);
}

/// Appends a line of judge input: `numbers` (each below 100, see
/// [`push_small_number`]) separated by single spaces, then a line end.
///
/// ```
/// let mut text = Vec::new();
/// board_geometry::layout::push_number_line(&mut text, [56, 48, 49]);
/// board_geometry::layout::push_number_line(&mut text, [0, 3, 1, 4]);
/// assert_eq!(text, b"56 48 49\n0 3 1 4\n");
/// ```
pub fn push_number_line(text: &mut Vec<u8>, numbers: impl IntoIterator<Item = u8>) {
    for (index, number) in numbers.into_iter().enumerate() {
        if index > 0 {
            text.push(b' ');
        }
        push_small_number(text, number);
    }
    text.push(b'\n');
}

/// Writes judge input made of `items` to `out`: each item's text appended
/// by `append`, `separator` between two items and `end` after the last,
/// gathered and written out some 64 KiB at a time (what every task's
/// `write_input` does with its cases).
///
/// ```
/// use board_geometry::layout::write_items;
///
/// let mut text = Vec::new();
/// write_items([3, 14], &mut text, b"\n", b"0\n", |text, n: u32| text.extend(n.to_string().bytes()))?;
/// assert_eq!(text, b"3\n140\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// A failure to write.
pub fn write_items<T, W: Write + ?Sized>(
    items: impl IntoIterator<Item = T>,
    out: &mut W,
    separator: &[u8],
    end: &[u8],
    mut append: impl FnMut(&mut Vec<u8>, T),
) -> io::Result<()> {
    /// How much text is gathered before it is written out.
    const BLOCK: usize = 1 << 16;
    let mut text = Vec::with_capacity(BLOCK);
    for (index, item) in items.into_iter().enumerate() {
        if index > 0 {
            text.extend_from_slice(separator);
        }
        append(&mut text, item);
        if text.len() >= BLOCK {
            out.write_all(&text)?;
            text.clear();
        }
    }
    text.extend_from_slice(end);
    out.write_all(&text)
}

/// A writer that lays out what is written through it (plain judge input)
/// as [`Layout`] says, for a task read as [`Reading`] says.
///
/// Bytes other than `' '` and `'\n'` pass through unchanged; each space
/// becomes a separator and each line end a `\r\n`, with whitespace around
/// it now and then. With [`Layout::Plain`] every byte passes through
/// unchanged. What is written is kept in a buffer and written out when it
/// is large, on [`flush`](Write::flush), and when the writer is dropped
/// (where an error cannot be reported: flush first to see it).
#[derive(Debug)]
pub struct LayoutWriter<W: Write> {
    out: W,
    spacer: Option<Spacer>,
    buffer: Vec<u8>,
}

/// How many bytes a [`LayoutWriter`] gathers before writing them out.
const BUFFER: usize = 1 << 16;

impl<W: Write> LayoutWriter<W> {
    /// A writer to `out` that lays out its input as `layout` says, with
    /// whitespace drawn from `seed`.
    pub fn new(out: W, layout: Layout, reading: Reading, seed: u64) -> LayoutWriter<W> {
        let spacer = (layout == Layout::Varied).then(|| Spacer::new(reading, seed));
        LayoutWriter { out, spacer, buffer: Vec::new() }
    }

    fn write_buffer(&mut self) -> io::Result<()> {
        let result = self.out.write_all(&self.buffer);
        self.buffer.clear();
        result
    }
}

impl<W: Write> Write for LayoutWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.spacer {
            None => self.out.write(bytes),
            Some(spacer) => {
                spacer.relay(bytes, &mut self.buffer);
                if self.buffer.len() >= BUFFER {
                    self.write_buffer()?;
                }
                Ok(bytes.len())
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_buffer()?;
        self.out.flush()
    }
}

impl<W: Write> Drop for LayoutWriter<W> {
    fn drop(&mut self) {
        // As `BufWriter` does: an error here has nowhere to go.
        let _ = self.write_buffer();
    }
}

/// The separators between two tokens, with how often each is drawn (out of 16).
const SEPARATORS: [(&[u8], u64); 6] =
    [(b" ", 6), (b"\t", 4), (b"  ", 2), (b" \t", 1), (b"\t\t", 1), (b"   ", 2)];

/// The chance that a line starts or ends with whitespace, is followed by a
/// blank line, or (read as [`Reading::Tokens`]) breaks between two tokens.
const LEADING: f64 = 0.1;
const TRAILING: f64 = 0.15;
const BLANK_LINE: f64 = 0.08;
const TOKEN_BREAK: f64 = 0.05;

/// The whitespace at the start or end of a line, or on a blank line.
const EDGES: [&[u8]; 4] = [b" ", b"\t", b"  ", b" \t"];

/// Draws the whitespace of a varied layout, byte by byte of a plain input.
#[derive(Clone, Debug)]
struct Spacer {
    random: Random,
    reading: Reading,
    /// Nothing of the current line written yet.
    line_start: bool,
    /// The separator of the current line, for [`Reading::Rows`].
    row_separator: &'static [u8],
}

impl Spacer {
    fn new(reading: Reading, seed: u64) -> Spacer {
        // Its own stream: the layout's draws do not follow the cases' draws
        // of a generator started from the same seed.
        Spacer {
            random: Random::new(seed ^ 0x6c61_796f_7574),
            reading,
            line_start: true,
            row_separator: b" ",
        }
    }

    fn separator(&mut self) -> &'static [u8] {
        let mut draw = self.random.below(16);
        for (separator, weight) in SEPARATORS {
            if draw < weight {
                return separator;
            }
            draw -= weight;
        }
        b" "
    }

    fn edge(&mut self) -> &'static [u8] {
        EDGES[self.random.index(EDGES.len())]
    }

    /// Appends `plain`, laid out, to `out`.
    fn relay(&mut self, plain: &[u8], out: &mut Vec<u8>) {
        for &byte in plain {
            if self.line_start && byte != b'\n' {
                self.start_line(out);
            }
            match byte {
                b' ' if self.reading == Reading::Tokens && self.random.chance(TOKEN_BREAK) => {
                    out.extend_from_slice(b"\r\n");
                    self.line_start = true;
                }
                b' ' if self.reading == Reading::Rows => out.extend_from_slice(self.row_separator),
                b' ' => {
                    let separator = self.separator();
                    out.extend_from_slice(separator);
                }
                b'\n' => self.end_line(out),
                byte => out.push(byte),
            }
        }
    }

    fn start_line(&mut self, out: &mut Vec<u8>) {
        self.line_start = false;
        if self.random.chance(LEADING) {
            let edge = self.edge();
            out.extend_from_slice(edge);
        }
        if self.reading == Reading::Rows {
            self.row_separator = self.separator();
        }
    }

    fn end_line(&mut self, out: &mut Vec<u8>) {
        if !self.line_start && self.random.chance(TRAILING) {
            let edge = self.edge();
            out.extend_from_slice(edge);
        }
        out.extend_from_slice(b"\r\n");
        if self.random.chance(BLANK_LINE) {
            if self.random.chance(0.5) {
                let edge = self.edge();
                out.extend_from_slice(edge);
            }
            out.extend_from_slice(b"\r\n");
        }
        self.line_start = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `text` (split at `\r\n`), each as its tokens, blank lines left out.
    fn token_lines(text: &[u8]) -> Vec<Vec<String>> {
        String::from_utf8_lossy(text)
            .split("\r\n")
            .map(|line| line.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .filter(|tokens| !tokens.is_empty())
            .collect()
    }

    fn plain_lines(rows: usize) -> Vec<u8> {
        (0..rows).map(|row| format!("{row} 1 22 333 4 5 6 7 8\n")).collect::<String>().into_bytes()
    }

    #[test]
    fn plain_is_the_input_as_it_is() {
        let input = plain_lines(20);
        let mut out = Vec::new();
        let mut writer = LayoutWriter::new(&mut out, Layout::Plain, Reading::Tokens, 1);
        writer.write_all(&input).unwrap();
        drop(writer);
        assert_eq!(out, input);
        assert_eq!(Layout::Plain.relaid(&input, Reading::Rows, 3), input.as_slice());
    }

    #[test]
    fn varied_keeps_the_lines_and_tokens_and_ends_every_line_with_crlf() {
        let input = plain_lines(2000);
        for reading in [Reading::Lines, Reading::Rows] {
            let varied = Layout::Varied.relaid(&input, reading, 5);
            let plain: Vec<Vec<String>> = String::from_utf8_lossy(&input)
                .lines()
                .map(|line| line.split(' ').map(str::to_string).collect())
                .collect();
            assert_eq!(token_lines(&varied), plain, "{reading:?}");
            let text = String::from_utf8(varied.into_owned()).unwrap();
            assert!(!text.replace("\r\n", "").contains(['\n', '\r']), "{reading:?}: only CRLF line ends");
            for needle in ["\t", "  ", "\r\n\r\n", "\r\n ", " \r\n", "\t\r\n"] {
                assert!(text.contains(needle), "{reading:?}: no {needle:?} in 2000 lines");
            }
        }
    }

    #[test]
    fn rows_have_one_separator_a_line_and_lines_mix_them() {
        let input = plain_lines(500);
        let separators_per_line = |reading| {
            let varied = Layout::Varied.relaid(&input, reading, 9);
            let text = String::from_utf8(varied.into_owned()).unwrap();
            text.split("\r\n")
                .filter(|line| !line.trim().is_empty())
                .map(|line| {
                    let mut kinds: Vec<&str> =
                        line.trim().split(|c: char| c.is_ascii_digit()).filter(|s| !s.is_empty()).collect();
                    kinds.sort_unstable();
                    kinds.dedup();
                    kinds.len()
                })
                .max()
                .unwrap_or(0)
        };
        assert_eq!(separators_per_line(Reading::Rows), 1);
        assert!(separators_per_line(Reading::Lines) > 1);
    }

    #[test]
    fn tokens_may_break_a_line_and_keep_every_token_in_order() {
        let input = plain_lines(500);
        let varied = Layout::Varied.relaid(&input, Reading::Tokens, 11);
        let tokens = |text: &[u8]| {
            String::from_utf8_lossy(text).split_whitespace().map(str::to_string).collect::<Vec<_>>()
        };
        assert_eq!(tokens(&varied), tokens(&input));
        assert!(token_lines(&varied).len() > 500, "some lines are broken between tokens");
        assert_eq!(token_lines(&Layout::Varied.relaid(&input, Reading::Lines, 11)).len(), 500);
    }

    #[test]
    fn the_writer_gives_the_same_bytes_whatever_the_pieces_written() {
        let input = plain_lines(3000);
        let whole = Layout::Varied.relaid(&input, Reading::Tokens, 2).into_owned();
        let mut out = Vec::new();
        let mut writer = LayoutWriter::new(&mut out, Layout::Varied, Reading::Tokens, 2);
        for chunk in input.chunks(7) {
            writer.write_all(chunk).unwrap();
        }
        writer.flush().unwrap();
        drop(writer);
        assert_eq!(out, whole);
        assert_ne!(
            whole,
            Layout::Varied.relaid(&input, Reading::Tokens, 3).into_owned(),
            "another seed, other bytes"
        );
    }

    #[test]
    fn layouts_are_named() {
        for layout in Layout::ALL {
            assert_eq!(layout.to_string().parse(), Ok(layout));
        }
        assert_eq!(Layout::default(), Layout::Plain);
    }
}
