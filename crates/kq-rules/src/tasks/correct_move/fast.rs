//! The fast path: plain lines read ahead straight from the scanner's
//! buffer, as judges write them, without the field-by-field reading that
//! says what is wrong with a bad line.

use board_geometry::text_input::{leading_blanks, leading_whitespace};

use super::Case;
use crate::Place;

/// How many cases are read ahead at most: enough to spread the scanner's
/// bookkeeping thin, few enough to stay in the first-level cache.
pub(super) const READ_AHEAD: usize = 256;

/// Reads the cases of the plain lines at the start of `text` into `cases`
/// (`k q n` in one or two digits each, spaces or tabs between them and
/// perhaps at either end, each line ending in `\n`, `\r\n` or `\r`, blank
/// lines between allowed), stopping before the first line that is anything
/// else, or that `text` does not hold whole. Returns how many cases it read
/// and how many bytes of `text` they take up to the end of the last one's
/// last number.
pub(super) fn plain_lines(text: &[u8], cases: &mut [Case; READ_AHEAD]) -> (usize, usize) {
    let (mut at, mut consumed, mut count) = (0, 0, 0);
    // As judges write lines, one after another.
    while count < READ_AHEAD {
        let Some((king, after_king)) = place_before(text, at, b' ') else { break };
        let Some((queen, after_queen)) = place_before(text, after_king + 1, b' ') else { break };
        let Some((new_queen, end)) = place_before(text, after_queen + 1, b'\n') else { break };
        cases[count] = Case { king, queen, new_queen };
        count += 1;
        consumed = end;
        at = end + if text[end] == b'\r' { 2 } else { 1 };
    }
    // Otherwise, the rest of these lines (the next lines read ahead go
    // the first way again).
    while count < READ_AHEAD {
        let Some((case, end, next)) = any_line(text, at) else { break };
        cases[count] = case;
        count += 1;
        (consumed, at) = (end, next);
    }
    (count, consumed)
}

/// The place written at `at` in one or two digits, if `separator` follows it
/// (for a line end, `\n` or `\r\n`), and the index just after its digits.
#[inline(always)]
fn place_before(text: &[u8], at: usize, separator: u8) -> Option<(Place, usize)> {
    let digit = |index: usize| text.get(index).filter(|byte| byte.is_ascii_digit()).map(|byte| byte - b'0');
    let first = digit(at)?;
    let (number, end) = match digit(at + 1) {
        Some(second) => (first * 10 + second, at + 2),
        None => (first, at + 1),
    };
    let follows = match (separator, text.get(end)) {
        (b'\n', Some(b'\r')) => text.get(end + 1) == Some(&b'\n'),
        (_, Some(&byte)) => byte == separator,
        (_, None) => false,
    };
    if follows { Some((Place::from_index(number)?, end)) } else { None }
}

/// The case of the line at `line_start` (or of the first after blank lines)
/// written otherwise than one space apart: spaces and tabs (one or more)
/// between its numbers and perhaps at either end, `\n`, `\r\n` or `\r`
/// after it. Returns the index just after its last number and where the
/// next line (or the blank lines before it) starts.
#[inline(never)]
fn any_line(text: &[u8], line_start: usize) -> Option<(Case, usize, usize)> {
    // Blank lines, and spaces and tabs before the first number.
    let at = match text.get(line_start)? {
        b'0'..=b'9' => line_start,
        _ => line_start + leading_whitespace(&text[line_start..]),
    };
    if let Some((king, after_king)) = place_before(text, at, b'\t') {
        // As judges write lines, but with tabs.
        if let Some((queen, after_queen)) = place_before(text, after_king + 1, b'\t') {
            if let Some((new_queen, end)) = place_before(text, after_queen + 1, b'\n') {
                let next = end + if text[end] == b'\r' { 2 } else { 1 };
                return Some((Case { king, queen, new_queen }, end, next));
            }
        }
    }
    let mut places = [0; 3];
    let mut end = at;
    for (index, place) in places.iter_mut().enumerate() {
        if index > 0 {
            let blanks = leading_blanks(text.get(end..)?);
            if blanks == 0 {
                return None;
            }
            end += blanks;
        }
        let (number, length) = number_at(text, end)?;
        *place = number;
        end += length;
    }
    let next = after_line_end(text, end)?;
    let [king, queen, new_queen] = places;
    Some((Case::from_numbers(king, queen, new_queen)?, end, next))
}

/// The number written at `at` in one or two digits, if something other
/// than a digit follows it in `text`, and the count of its digits.
#[inline(always)]
fn number_at(text: &[u8], at: usize) -> Option<(u8, usize)> {
    match *text.get(at..)? {
        [first @ b'0'..=b'9', second @ b'0'..=b'9', after, ..] if !after.is_ascii_digit() => {
            Some(((first - b'0') * 10 + (second - b'0'), 2))
        }
        [first @ b'0'..=b'9', after, ..] if !after.is_ascii_digit() => Some((first - b'0', 1)),
        _ => None,
    }
}

/// Where the next line's first field starts, after the spaces and tabs at
/// `at`, the line end and any blank lines, if the line end is there (the
/// index may be `text.len()`, where the next line has not come yet).
#[inline]
fn after_line_end(text: &[u8], at: usize) -> Option<usize> {
    let line_end = match *text.get(at..)? {
        [b'\n' | b'\r', ..] => at,
        _ => at + leading_blanks(&text[at..]),
    };
    if !matches!(text.get(line_end)?, b'\n' | b'\r') {
        return None;
    }
    Some(line_end + leading_whitespace(&text[line_end..]))
}
