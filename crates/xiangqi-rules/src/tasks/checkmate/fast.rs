//! The fast way through the input: a whole case read straight from the
//! scanner's buffer when it is written plainly and holds nothing wrong.
//!
//! Plainly means every token a number of one or two digits or a piece's
//! letter, each followed by whitespace within the text (so that none is cut
//! off at the buffer's end); lines written the usual way, `R 6 4` with single
//! spaces, are matched whole, and so are those with one byte of other
//! whitespace between (tabs); runs of whitespace of any other layout are
//! skipped eight bytes at a time, with no branch on their length. Anything else, and any value that breaks a
//! promise of the task, makes [`case`] give up, and the reader reads the same
//! case token by token, which says exactly what is wrong and where. The two
//! ways read the same tokens, and the tests hold them to the same results.

use board_geometry::text_input::leading_whitespace;

use super::endgame::{Endgame, MAX_RED, Point, Red};

/// Whether `byte` is whitespace, which separates tokens.
#[inline(always)]
const fn is_whitespace(byte: u8) -> bool {
    byte.is_ascii_whitespace()
}

/// Skips the whitespace at the start of `rest`, most often one byte (a
/// case's line end, as judges write cases).
#[inline(always)]
fn skip_whitespace(rest: &mut &[u8]) {
    match **rest {
        [first, ..] if !is_whitespace(first) => {}
        [_, second, ..] if !is_whitespace(second) => *rest = &rest[1..],
        _ => skip_any_whitespace(rest),
    }
}

/// Skips the whitespace at the start of `rest`, however long: within a
/// case written otherwise than as judges do, where runs of it vary.
#[inline(always)]
fn skip_any_whitespace(rest: &mut &[u8]) {
    *rest = &rest[leading_whitespace(rest)..];
}

/// Reads a number from `rest`, after whitespace: one or two digits, all that
/// the task's numbers need, followed by whitespace.
#[inline(always)]
pub(super) fn number(rest: &mut &[u8]) -> Option<u8> {
    skip_whitespace(rest);
    digits(rest)
}

/// Reads a number from the start of `rest`: one or two digits followed by
/// whitespace.
#[inline(always)]
fn digits(rest: &mut &[u8]) -> Option<u8> {
    let (value, len) = match **rest {
        [digit, after, ..] if digit.is_ascii_digit() && is_whitespace(after) => (digit - b'0', 1),
        [tens, ones, after, ..] if tens.is_ascii_digit() && ones.is_ascii_digit() && is_whitespace(after) => {
            ((tens - b'0') * 10 + (ones - b'0'), 2)
        }
        _ => return None,
    };
    *rest = &rest[len..];
    Some(value)
}

/// Reads a number from `rest` after whitespace of any length.
#[inline(always)]
fn spaced_number(rest: &mut &[u8]) -> Option<u8> {
    skip_any_whitespace(rest);
    digits(rest)
}

/// Reads a red piece's letter from the start of `rest`.
#[inline(always)]
fn red(rest: &mut &[u8]) -> Option<Red> {
    let [letter, after, ..] = **rest else { return None };
    let red = Red::from_letter(letter).filter(|_| is_whitespace(after))?;
    *rest = &rest[1..];
    Some(red)
}

/// The value of a digit; anything else comes out too large to be a row or a
/// column (`:` after `9` too). Looked up, as it is asked for twice a piece.
#[inline(always)]
const fn value(digit: u8) -> u8 {
    const VALUES: [u8; 256] = {
        let mut values = [u8::MAX; 256];
        let mut digit = 0;
        while digit < 10 {
            values[(b'0' + digit) as usize] = digit;
            digit += 1;
        }
        values
    };
    VALUES[digit as usize]
}

/// The point of a row and a column, if it is on the board.
#[inline(always)]
fn point(row: u8, column: u8) -> Option<Point> {
    Point::new(i64::from(row), i64::from(column))
}

/// Reads a header, after whitespace: the number of red pieces and the black
/// general's point, if they are as the task promises.
#[inline(always)]
fn header(rest: &mut &[u8]) -> Option<(u8, Point)> {
    skip_whitespace(rest);
    let (count, black) = match **rest {
        // `2 1 4`, the usual way, read with the whitespace after it.
        [count, b' ', row @ b'0'..=b'9', b' ', column @ b'0'..=b'9', after, ..]
            if after.is_ascii_whitespace() =>
        {
            *rest = &rest[6..];
            (value(count), point(row - b'0', column - b'0')?)
        }
        _ => {
            let (header, after) = unusual_header(rest)?;
            *rest = after;
            header
        }
    };
    ((1..=MAX_RED as u8).contains(&count) && black.in_black_palace()).then_some((count, black))
}

/// Reads a header written otherwise, from its first token on: with other
/// whitespace than one space between its numbers, one byte each (tabs, say)
/// at once, anything else token by token; returns the text after it.
#[inline(never)]
fn unusual_header(mut rest: &[u8]) -> Option<((u8, Point), &[u8])> {
    if let [count, between, row @ b'0'..=b'9', and, column @ b'0'..=b'9', after, ..] = *rest {
        if is_whitespace(between) && is_whitespace(and) && is_whitespace(after) {
            return Some(((value(count), point(row - b'0', column - b'0')?), &rest[6..]));
        }
    }
    let count = digits(&mut rest)?;
    let row = spaced_number(&mut rest)?;
    Some(((count, point(row, spaced_number(&mut rest)?)?), rest))
}

/// Reads a red piece and its point, after whitespace.
#[inline(always)]
fn piece(rest: &mut &[u8]) -> Option<(Red, Point)> {
    skip_whitespace(rest);
    match **rest {
        // `R 6 4` and `R 10 4`, the usual ways, read with the whitespace after them.
        [letter, b' ', row @ b'0'..=b'9', b' ', column @ b'0'..=b'9', after, ..]
            if after.is_ascii_whitespace() =>
        {
            *rest = &rest[6..];
            Some((Red::from_letter(letter)?, point(row - b'0', column - b'0')?))
        }
        [letter, b' ', b'1', b'0', b' ', column @ b'0'..=b'9', after, ..] if after.is_ascii_whitespace() => {
            *rest = &rest[7..];
            Some((Red::from_letter(letter)?, point(10, column - b'0')?))
        }
        _ => {
            let (piece, after) = unusual_piece(rest)?;
            *rest = after;
            Some(piece)
        }
    }
}

/// Reads a red piece and its point written otherwise, from its letter on:
/// with other whitespace than one space between, one byte each (tabs, say)
/// at once, anything else token by token; returns the text after them.
#[inline(never)]
fn unusual_piece(mut rest: &[u8]) -> Option<((Red, Point), &[u8])> {
    match *rest {
        [letter, between, row @ b'0'..=b'9', and, column @ b'0'..=b'9', after, ..]
            if is_whitespace(between) && is_whitespace(and) && is_whitespace(after) =>
        {
            return Some(((Red::from_letter(letter)?, point(row - b'0', column - b'0')?), &rest[6..]));
        }
        [letter, between, b'1', b'0', and, column @ b'0'..=b'9', after, ..]
            if is_whitespace(between) && is_whitespace(and) && is_whitespace(after) =>
        {
            return Some(((Red::from_letter(letter)?, point(10, column - b'0')?), &rest[7..]));
        }
        _ => {}
    }
    let red = red(&mut rest)?;
    let row = spaced_number(&mut rest)?;
    Some(((red, point(row, spaced_number(&mut rest)?)?), rest))
}

/// Reads a whole case from `text` into `endgame`, if it is plain and as the
/// task promises, and the token after it is a plain number (the next header's
/// first, left unread), just as token by token reading would find them all;
/// returns the length of the case's text. `None` for anything else, the
/// closing `0 0 0` included.
pub(super) fn case(text: &[u8], endgame: &mut Endgame) -> Option<usize> {
    let mut rest = text;
    let (count, black) = header(&mut rest)?;
    endgame.restart(black);
    for _ in 0..count {
        let (red, point) = piece(&mut rest)?;
        if !endgame.try_put(red, point) {
            return None;
        }
    }
    endgame.red_general()?;
    // The case's text ends with its last token, not with the whitespace after it.
    let mut len = text.len() - rest.len();
    while text[..len].last().is_some_and(|&byte| is_whitespace(byte)) {
        len -= 1;
    }
    number(&mut rest)?;
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(usize, Endgame)> {
        let mut endgame = Endgame::default();
        case(text.as_bytes(), &mut endgame).map(|len| (len, endgame))
    }

    #[test]
    fn a_plain_case_is_read_to_its_last_token() {
        let board = read("2 1 4\nG 10 5\nR 6 4\n0 0 0\n").unwrap().1.board();
        for text in [
            "2 1 4\nG 10 5\nR 6 4\n\n3 1 5\n",
            "2 1 4 G 10 5 R 6 4 0 0 0",
            "\t2  1\r\n4\nG\n10 5 R 6\t4\r\n\r\n12 ",
            // Runs of spaces where the usual way expects a digit.
            "2   1 4\nG   10   5\nR   6   4\n0 0 0\n",
            "2 1   4\nG 10   5\nR 6   4\n0 0 0\n",
            "2\t1\t4\r\nG\t10\t5\r\nR\t6\t4\r\n0\t0\t0\r\n",
            " \t 2 \t1\t\t4 \r\n\r\n G\r\n10\t 5 \t\r\n  R \t 6  \t  4\t\r\n \t\r\n0 0 0",
        ] {
            let (len, endgame) = read(text).unwrap_or_else(|| panic!("{text:?}"));
            assert!(text[..len].ends_with('4') && !text[len..].contains('R'), "{text:?}");
            assert_eq!(endgame.board(), board);
        }
    }

    #[test]
    fn anything_unusual_or_wrong_is_left_to_the_token_reader() {
        for text in [
            "2 1 4\nG 10 5\nR 6 4\n",          // no next token
            "2 1 4\nG 10 5\nR 6 4\n0",         // the next token may go on
            "2 1 4\nG 10 5\nR 6 4\nR 7 7\n0",  // a piece too many
            "2 1 4\nG 10 5\nR 6 4\n-1",        // not a plain number next
            "2 1 4\nG 10 5\nR 6 004\n0 0 0\n", // three digits
            "2 1 4\nG 10 5\nR 6 +4\n0 0 0\n",  // a sign
            "2 1 4\nG 10 5\nR : 4\n0 0 0\n",   // no digit, though next to them
            "2 1 4\nG 10 5\nR 6 /\n0 0 0\n",   // no digit, though next to them
            "2 1 4\nG 10 5\nP 6 4\n0 0 0\n",   // an unknown piece
            "2 1 4\nG 10 5\nRR 6 4\n0 0 0\n",  // a word
            "2 1 4\nG 10 5\nR 11 4\n0 0 0\n",  // off the board
            "2 1 4\nG 10 5\nR 1 4\n0 0 0\n",   // on the black general
            "2 1 4\nG 10 5\nR 10 5\n0 0 0\n",  // two pieces on a point
            "2 1 4\nG 10 5\nG 9 5\n0 0 0\n",   // two red generals
            "2 1 4\nG 7 5\nR 6 4\n0 0 0\n",    // a red general outside its palace
            "2 1 4\nR 7 5\nR 6 4\n0 0 0\n",    // no red general
            "2 4 4\nG 10 5\nR 6 4\n0 0 0\n",   // a black general outside its palace
            "0 1 4\nG 10 5\nR 6 4\n0 0 0\n",   // no red pieces
            "17 1 4\nG 10 5\nR 6 4\n0 0 0\n",  // too many
            "0 0 0\n",                         // the end
            "2 1 4\nG 10 5\nR 6 4",            // cut off
        ] {
            assert!(read(text).is_none(), "{text:?}");
        }
    }
}
