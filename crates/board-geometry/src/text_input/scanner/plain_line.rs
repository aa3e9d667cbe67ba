//! Lines of plain numbers, read ahead from the scanner's buffer.

use crate::text_input::blanks::{CLASS, FIELD, LINE_END, SPACE};

/// A line of plain numbers, as [`Scanner::peek_numbers`](crate::text_input::Scanner::peek_numbers) finds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlainLine<const N: usize> {
    pub(crate) numbers: [u32; N],
    pub(crate) count: usize,
    pub(crate) letter: Option<u8>,
    /// Where the line starts in the scanner's buffer, its length up to the
    /// line end, and the end of its last field, relative to its start.
    pub(crate) start: usize,
    pub(crate) length: usize,
    pub(crate) last_field_end: usize,
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
pub(crate) enum Plain<const N: usize> {
    /// A whole line of plain numbers.
    Line(PlainLine<N>),
    /// The bytes end before the line does.
    Unfinished,
    /// Anything else.
    Other,
}

/// Reads `bytes`, which start with a field, as a line of plain numbers.
#[inline]
pub(crate) fn plain_line<const N: usize>(bytes: &[u8]) -> Plain<N> {
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
