//! The scanner's fast paths for lines of single digits.

use super::Scanner;
use crate::text_input::blanks::{
    BYTE_ONES, BYTE_TOPS, CLASS, LINE_END, count_line_ends, leading_blanks, leading_whitespace,
    whitespace_bytes, zero_bytes,
};
use std::io::Read;

#[cfg(test)]
mod tests;

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
pub(crate) fn whitespace_before_line(bytes: &[u8; 8]) -> Option<(usize, bool)> {
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
pub(crate) fn blank_separated_digits<const N: usize>(line: &[u8]) -> Option<[u8; N]> {
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
pub(crate) fn digits_in_window<const N: usize>(window: &[u8; 16]) -> Option<([u8; N], usize, usize)> {
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
pub(crate) fn spaced_digits<const N: usize>(text: &[u8], start: usize) -> Option<([u8; N], usize, usize)> {
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

/// The lowest bit of the byte above each lane of `ones`: where a digit's
/// separator stands. (Only the inner separators are ever used, which the
/// bytes below the lanes would give as well.)
#[inline(always)]
const fn separator_lanes(ones: u64) -> u64 {
    ones << 8
}

/// The digits of `line`, `2 * N` bytes: `N` digits separated by single
/// spaces, then a line end (`\n` or `\r`); `None` if it is anything else.
#[inline(always)]
pub(crate) fn single_digits<const N: usize>(line: &[u8]) -> Option<[u8; N]> {
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
        // The lanes are distinct bits and digits and separators distinct
        // bytes, so sums join them as `|` would.
        let ones = (0..N).fold(0u64, |ones, i| ones + (1 << (16 * i)));
        let last = 8 * (2 * N - 1);
        let inner_separators = (separator_lanes(ones) * 0xff) & !(0xff << last);
        // Less a line of zeros, with the separators written as they should
        // be: a digit becomes its value, at most 9, any other byte more;
        // a right separator becomes 0.
        let zeros = (ones * u64::from(b'0')) + ((separator_lanes(ones) * u64::from(b' ')) & inner_separators);
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
