//! The fast path: a board as the input writes it, the code of every point
//! in reading order, taken from the input's buffer a line at a time, and the
//! exercise's answer worked out on those codes with the horse's jumps
//! tabled once ([`jump_table`]), without the engine's board. The tests hold
//! every answer to the engine's.

mod jump_table;

use std::io::{Read, Write};

use board_geometry::text_input::{StreamError, leading_blanks};

use super::codes::{
    BLACK_GENERAL_CODE, BLACK_HORSE_CODE, FIRST_BLACK_CODE, RED_GENERAL_CODE, is_piece_code, piece_of_code,
};
use super::{COORDINATES, Case, CaseError, Reader, answer_blocks};
use crate::Board;
use jump_table::{AnswerBlock, JumpTable};

/// The exercise's answers (under the flying-general pin) to the boards of
/// `boards`, each block written at once: see [`judge`](super::judge).
pub(super) fn judge(
    boards: &mut Reader<impl Read>,
    output: impl Write,
) -> Result<(), StreamError<CaseError>> {
    let table = JumpTable::new();
    answer_blocks(
        output,
        || boards.next_matrix(),
        |out, matrix, separated| {
            let mut block = AnswerBlock::new(separated);
            matrix.answer(&table, &mut block);
            out.write_all(block.bytes())
        },
    )
}

/// The points of the matrix: 10 rows of 9.
pub(super) const POINTS: usize = 90;

/// The points of a row.
const COLUMNS: u8 = 9;

/// Where the pieces a board holds at most one of stand, as reading indexes:
/// the black horse, the red general and the black general, in three bytes
/// (a register, not memory, in the loops that read lines).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct OneOnly {
    points: [u8; 3],
}

impl OneOnly {
    /// What stands in `points` for a piece not on the board.
    const NONE: u8 = u8::MAX;

    /// None of the three yet.
    const EMPTY: OneOnly = OneOnly { points: [OneOnly::NONE; 3] };

    /// The place in `points` of the piece coded `code`, if it is one a board
    /// holds at most one of.
    #[inline]
    const fn slot(code: u8) -> Option<usize> {
        match code {
            BLACK_HORSE_CODE => Some(0),
            RED_GENERAL_CODE => Some(1),
            BLACK_GENERAL_CODE => Some(2),
            _ => None,
        }
    }

    /// Notes the piece coded `code` at reading index `index`. Returns `false`
    /// if it is a second black horse or a second general of a colour (the
    /// first is kept).
    #[inline]
    fn note(&mut self, index: usize, code: u8) -> bool {
        let Some(point) = OneOnly::slot(code).and_then(|slot| self.points.get_mut(slot)) else { return true };
        if *point != OneOnly::NONE {
            return false;
        }
        *point = u8::try_from(index).unwrap_or(OneOnly::NONE);
        true
    }

    /// Where the black horse stands, if it has come up.
    fn horse(self) -> Option<u8> {
        Some(self.points[0]).filter(|&point| point != OneOnly::NONE)
    }

    /// Where the red and the black general stand, those that have come up.
    fn generals(self) -> [Option<u8>; 2] {
        let [_, red, black] = self.points;
        [red, black].map(|point| Some(point).filter(|&point| point != OneOnly::NONE))
    }
}

/// What [`Filling::parse_lines`] took: how many numbers, and where the
/// pieces a board holds at most one of stand after them.
#[derive(Copy, Clone, Debug)]
pub(super) struct TakenLines {
    numbers: usize,
    one_only: OneOnly,
}

/// A matrix being read, number by number or line by line: the codes so far,
/// and where the pieces a board holds at most one of (the black horse, each
/// general) have come up. Points are reading indexes (row by row from the
/// top, left to right).
#[derive(Clone, Debug)]
pub(super) struct Filling {
    codes: [u8; POINTS],
    one_only: OneOnly,
}

impl Filling {
    /// A matrix with no number read yet.
    #[inline]
    pub(super) const fn new() -> Filling {
        Filling { codes: [0; POINTS], one_only: OneOnly::EMPTY }
    }

    /// Reads lines of the text the scanner offers
    /// ([`Scanner::peek_text`](board_geometry::text_input::Scanner::peek_text)),
    /// from reading index `start` on, as long as each holds whole rows of
    /// piece codes that fit in the board, each code written plainly (one or
    /// two digits) with spaces or tabs between, and no second black horse or
    /// second general of a colour, and the text holds its line end. `text`
    /// starts at a line's first field. Returns what the lines hold and their
    /// length up to the end of the last one's last number (for
    /// [`Scanner::consume_text`](board_geometry::text_input::Scanner::consume_text)),
    /// or `None` if not even the first line is such.
    ///
    /// Every layout a judge's input may have is read this way, at about the
    /// same speed: spaces or tabs between numbers (several of them too, the
    /// same on a whole line the fastest), at either end of a line, `\n`,
    /// `\r\n` or `\r` line ends, and blank lines.
    ///
    /// The codes are written into the matrix as they are read, those of a
    /// line that is not taken too: that line is read again number by number
    /// ([`Filling::take`]), which writes them again and finds its problem.
    /// Nothing else changes until [`Filling::commit`].
    #[inline]
    pub(super) fn parse_lines(&mut self, start: usize, text: &[u8]) -> Option<(TakenLines, usize)> {
        let (mut noted, mut rest) = (self.one_only, text);
        // The whole rows of the lines read so far, the end of their last
        // number, and the pieces noted by then.
        let (mut rows_taken, mut taken_end, mut noted_taken) = (0, 0, noted);
        let rows = self.codes.get_mut(start..)?.chunks_exact_mut(usize::from(COLUMNS));
        for (row, cells) in (1..).zip(rows) {
            let Some((last, firsts)) = cells.split_last_mut() else { break };
            let index = start + (row - 1) * usize::from(COLUMNS);
            // Eight numbers, each followed by the spaces and tabs that
            // follow the first (as judges write a line, the same between
            // every two numbers), or by others.
            let read = if let Some(codes) = rest.first_chunk().and_then(four_plain) {
                // Four at once, each followed by one space or tab: the line's separator.
                let (four, others) = firsts.split_at_mut(4);
                four.copy_from_slice(&codes);
                let separator = [rest[7]];
                rest = &rest[8..];
                eight_numbers::<1>(others, index + 4, &mut rest, &separator, &mut noted)
            } else {
                match *separator(rest) {
                    ref separator @ [_, _, _] => {
                        eight_numbers::<3>(firsts, index, &mut rest, separator, &mut noted)
                    }
                    ref separator @ [_, _] => {
                        eight_numbers::<2>(firsts, index, &mut rest, separator, &mut noted)
                    }
                    ref separator => eight_numbers::<1>(firsts, index, &mut rest, separator, &mut noted),
                }
            };
            if !read {
                break;
            }
            // The ninth, where it ends, and what follows: at once the next
            // line, as judges write boards, or else found by `between_lines`.
            let index = index + usize::from(COLUMNS) - 1;
            let (end, line_end) = match *rest {
                [first, b'\n', b'0'..=b'9', ..] if is_plain(ONE_DIGIT[usize::from(first)]) => {
                    *last = ONE_DIGIT[usize::from(first)];
                    (text.len() - rest.len() + 1, 1)
                }
                [b'1', second, b'\n', b'0'..=b'9', ..] if is_plain(TEN_AND_DIGIT[usize::from(second)]) => {
                    *last = TEN_AND_DIGIT[usize::from(second)];
                    (text.len() - rest.len() + 2, 1)
                }
                [first, b'\r', b'\n', b'0'..=b'9', ..] if is_plain(ONE_DIGIT[usize::from(first)]) => {
                    *last = ONE_DIGIT[usize::from(first)];
                    (text.len() - rest.len() + 1, 2)
                }
                [b'1', second, b'\r', b'\n', b'0'..=b'9', ..]
                    if is_plain(TEN_AND_DIGIT[usize::from(second)]) =>
                {
                    *last = TEN_AND_DIGIT[usize::from(second)];
                    (text.len() - rest.len() + 2, 2)
                }
                [first, after, ..] if is_plain(ONE_DIGIT[usize::from(first)]) && is_separator(after) => {
                    *last = ONE_DIGIT[usize::from(first)];
                    (text.len() - rest.len() + 1, 0)
                }
                [b'1', second, after, ..]
                    if is_plain(TEN_AND_DIGIT[usize::from(second)]) && is_separator(after) =>
                {
                    *last = TEN_AND_DIGIT[usize::from(second)];
                    (text.len() - rest.len() + 2, 0)
                }
                _ => match other_step(rest) {
                    Some((code, length)) if is_piece_code(code) && noted.note(index, code) => {
                        *last = code;
                        // Before the spaces and tabs the number's step took with it.
                        let step_end = text.len() - rest.len() + length;
                        let number_end = text[..step_end].iter().rposition(|&byte| !is_blank(byte));
                        (number_end.map_or(step_end, |last| last + 1), 0)
                    }
                    _ => break,
                },
            };
            if line_end > 0 {
                (rows_taken, taken_end, noted_taken) = (row, end, noted);
                rest = &text[end + line_end..];
                continue;
            }
            rest = match between_lines(text, end) {
                Between::Lines(next) => {
                    (rows_taken, taken_end, noted_taken) = (row, end, noted);
                    &text[next..]
                }
                Between::LastLine => {
                    (rows_taken, taken_end, noted_taken) = (row, end, noted);
                    break;
                }
                Between::SameLine(next) => &text[next..],
                Between::Unknown => break,
            };
        }
        let taken = TakenLines { numbers: rows_taken * usize::from(COLUMNS), one_only: noted_taken };
        (rows_taken > 0).then_some((taken, taken_end))
    }

    /// Takes what [`Filling::parse_lines`] read, once the scanner has taken
    /// its lines; returns how many numbers that is.
    #[inline]
    pub(super) fn commit(&mut self, taken: TakenLines) -> usize {
        self.one_only = taken.one_only;
        taken.numbers
    }

    /// Takes the piece code `code` at reading index `index`. Returns `false`
    /// if it is a second black horse or a second general of a colour: the
    /// board breaks the task's promise (the first clash in reading order is
    /// the one [`Case::new`] reports).
    pub(super) fn take(&mut self, index: usize, code: u8) -> bool {
        if let Some(cell) = self.codes.get_mut(index) {
            *cell = code;
        }
        self.one_only.note(index, code)
    }

    /// The pieces of the codes, on an engine board.
    pub(super) fn board(&self) -> Board {
        let mut board = Board::empty();
        for (index, &code) in (0..).zip(&self.codes) {
            let piece = piece_of_code(i64::from(code)).flatten();
            if let (Some(piece), Some(point)) = (piece, COORDINATES.square_at_reading_index(index)) {
                board.put(point, piece);
            }
        }
        board
    }

    /// The whole matrix, if a black horse has come up (and, which the caller
    /// knows, no clash).
    #[inline]
    pub(super) fn finish(&self) -> Option<Matrix> {
        Some(self.finish_at(self.one_only.horse()?))
    }

    /// The whole matrix, with its black horse at reading index `horse`.
    #[inline]
    pub(super) fn finish_at(&self, horse: u8) -> Matrix {
        Matrix { codes: self.codes, horse, generals: self.one_only.generals() }
    }
}

/// A board of the task as the input writes it: the code of every point in
/// reading order, with exactly one black horse and at most one general of
/// each colour, found.
///
/// It answers the exercise ([`Rule::FlyingGeneralPin`](super::Rule)) the
/// fast way, on the codes, with the engine's jumps from a [`JumpTable`];
/// [`Matrix::case`] gives the engine's view of it for everything else.
#[derive(Clone, Debug)]
pub(super) struct Matrix {
    codes: [u8; POINTS],
    horse: u8,
    /// The red general, then the black one.
    generals: [Option<u8>; 2],
}

impl Matrix {
    /// The board on the engine's terms.
    pub(super) fn case(&self) -> Case {
        let [red, black] = self.generals.map(|general| general.unwrap_or(OneOnly::NONE));
        let filling = Filling { codes: self.codes, one_only: OneOnly { points: [self.horse, red, black] } };
        // The horse's index came from a point of the matrix.
        let horse = COORDINATES.square_at_reading_index(self.horse).unwrap_or_else(|| unreachable!());
        Case::from_checked(filling.board(), horse)
    }

    /// Whether the exercise's pin holds the horse, as [`Case::is_pinned`]
    /// says: the black general, the horse and the red general on one column,
    /// and the horse the only piece strictly between the generals.
    #[inline]
    fn is_pinned(&self) -> bool {
        let [Some(red), Some(black)] = self.generals else { return false };
        let column = self.horse % COLUMNS;
        if red % COLUMNS != column || black % COLUMNS != column {
            return false;
        }
        let (top, bottom) = (red.min(black), red.max(black));
        top < self.horse
            && self.horse < bottom
            && (top + COLUMNS..bottom)
                .step_by(usize::from(COLUMNS))
                .all(|point| point == self.horse || self.codes[usize::from(point)] == 0)
    }

    /// Adds the answer of the exercise to `block`: the horse's moves under
    /// the flying-general pin, exactly as the `Display` of
    /// [`Case::moves`]`(`[`Rule::FlyingGeneralPin`](super::Rule)`)` writes them.
    #[inline]
    pub(super) fn answer(&self, table: &JumpTable, block: &mut AnswerBlock) {
        let before = block.len();
        if !self.is_pinned() {
            for jump in table.jumps(self.horse) {
                let (leg, target) = (self.codes[usize::from(jump.leg)], self.codes[usize::from(jump.target)]);
                if leg == 0 && target < FIRST_BLACK_CODE {
                    block.push_point(table.line(jump.target));
                }
            }
        }
        if block.len() == before {
            block.push_none();
        }
    }
}

/// What marks a byte in [`ONE_DIGIT`] and [`TEN_AND_DIGIT`] as none of theirs.
const NOT_PLAIN: u8 = u8::MAX;

/// Whether a code from [`ONE_DIGIT`] or [`TEN_AND_DIGIT`] is one.
#[inline]
const fn is_plain(code: u8) -> bool {
    code != NOT_PLAIN
}

/// The codes the fast way reads at once: of an empty point, or of a piece
/// other than the black horse and the generals (which are noted one by one).
const fn plain_codes() -> [bool; 18] {
    let mut plain = [false; 18];
    let mut code = 0;
    while code < 18 {
        plain[code] = is_piece_code(code as u8)
            && code as u8 != BLACK_HORSE_CODE
            && code as u8 != RED_GENERAL_CODE
            && code as u8 != BLACK_GENERAL_CODE;
        code += 1;
    }
    plain
}

/// The codes from `first` to `first + count - 1` that [`plain_codes`] has,
/// each by the byte of its last digit; [`NOT_PLAIN`] for any other byte.
const fn plain_by_last_digit(first: u8, count: u8) -> [u8; 256] {
    let (plain, mut table) = (plain_codes(), [NOT_PLAIN; 256]);
    let mut digit = 0;
    while digit < count {
        let code = first + digit;
        if plain[code as usize] {
            table[(b'0' + digit) as usize] = code;
        }
        digit += 1;
    }
    table
}

/// The code of a number of one digit by the digit's byte, if [`plain_codes`]
/// has it; [`NOT_PLAIN`] for any other byte.
static ONE_DIGIT: [u8; 256] = plain_by_last_digit(0, 10);

/// The code of a number of two digits whose first is 1, by the second
/// digit's byte, if [`plain_codes`] has it; [`NOT_PLAIN`] for any other byte.
static TEN_AND_DIGIT: [u8; 256] = plain_by_last_digit(10, 8);

/// The text of the next line that holds a field, after the line end at
/// `line_end`, if `text` holds one.
#[inline]
fn next_line(text: &[u8], line_end: usize) -> Option<&[u8]> {
    let rest = text.get(line_end..)?;
    rest.get(rest.iter().position(|byte| !byte.is_ascii_whitespace())?..)
}

/// Reads the first eight numbers of a row from `rest` into `cells`, from
/// reading index `index` on, each followed by spaces or tabs, and moves
/// `rest` past them; returns `false` if they are not such (`rest` is then
/// anywhere in the row). Numbers followed by `separator` (`W` bytes long:
/// the spaces and tabs after the row's first number, or one space if there
/// are none) are read at once, four at a time where `W` is 1 and each of
/// four is one digit; others by [`other_step`].
#[inline(always)]
fn eight_numbers<const W: usize>(
    cells: &mut [u8],
    index: usize,
    rest: &mut &[u8],
    separator: &[u8],
    noted: &mut OneOnly,
) -> bool {
    let separator: [u8; W] = separator.try_into().unwrap_or([b' '; W]);
    for (four, index) in cells.chunks_exact_mut(4).zip((index..).step_by(4)) {
        if W == 1 {
            if let Some(codes) = rest.first_chunk().and_then(four_plain) {
                four.copy_from_slice(&codes);
                *rest = &rest[8..];
                continue;
            }
        }
        for (cell, index) in four.iter_mut().zip(index..) {
            *rest = match **rest {
                [first, ref after @ ..]
                    if is_plain(ONE_DIGIT[usize::from(first)]) && after.starts_with(&separator) =>
                {
                    *cell = ONE_DIGIT[usize::from(first)];
                    &after[W..]
                }
                [b'1', second, ref after @ ..]
                    if is_plain(TEN_AND_DIGIT[usize::from(second)]) && after.starts_with(&separator) =>
                {
                    *cell = TEN_AND_DIGIT[usize::from(second)];
                    &after[W..]
                }
                _ => match other_step(rest) {
                    Some((code, length)) if is_piece_code(code) && noted.note(index, code) => {
                        *cell = code;
                        &rest[length..]
                    }
                    // Anything else, or a line end that cuts the row.
                    _ => return false,
                },
            };
        }
    }
    true
}

/// The spaces and tabs after the first number of `text`, up to three of
/// them, as judges write a line: the same between every two numbers of it.
/// One space if there are none.
#[inline(never)]
fn separator(text: &[u8]) -> &[u8] {
    let start = 1 + usize::from(text.get(1).is_some_and(u8::is_ascii_digit));
    let after = text.get(start..).unwrap_or_default();
    match leading_blanks(after).min(3) {
        0 => b" ",
        width => &after[..width],
    }
}

/// The codes of four numbers of one digit each, each followed by one space
/// or tab, in `bytes`, if all four are codes that [`ONE_DIGIT`] has: most
/// of a board is empty points, `0 0 0 0 `, read here four at a time.
#[inline(always)]
fn four_plain(bytes: &[u8; 8]) -> Option<[u8; 4]> {
    // The word in four 16-bit lanes: a number's byte, then its separator.
    const LANES: u64 = 0x0001_0001_0001_0001;
    // Added to lanes below 0x8000, it sets their top bit unless they are 0.
    const NOT_ZERO: u64 = LANES * 0x7fff;
    const TOPS: u64 = LANES * 0x8000;
    let word = u64::from_le_bytes(*bytes);
    // A digit from 0 to 7 becomes its value; any other byte 8 or more.
    let values = (word & (LANES * 0xff)) ^ (LANES * u64::from(b'0'));
    let digits = values & (LANES * 0xf8) == 0;
    // 5, the red general, is noted one by one.
    let no_five = ((values ^ (LANES * 5)) + NOT_ZERO) & TOPS == TOPS;
    let separators = (word >> 8) & (LANES * 0xff);
    let not_space = ((separators ^ (LANES * u64::from(b' '))) + NOT_ZERO) & TOPS;
    let not_tab = ((separators ^ (LANES * u64::from(b'\t'))) + NOT_ZERO) & TOPS;
    let blanks = not_space & not_tab == 0;
    (digits && no_five && blanks).then(|| [0, 16, 32, 48].map(|shift| (values >> shift) as u8))
}

/// What follows the last number of a row, found by [`between_lines`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Between {
    /// Its line end, then the next line, which starts at this index.
    Lines(usize),
    /// Its line end, and no other field in the text.
    LastLine,
    /// The next row on the same line, from this index on.
    SameLine(usize),
    /// Anything else: no line end in the text, or not a number next.
    Unknown,
}

/// What follows the number of `text` that ends at `end`, the last of a
/// row: spaces and tabs, then the line end, then perhaps blank lines (with
/// spaces and tabs too) and the next line, all found at once when they are
/// short, as judges write them, so that the same code runs whatever their
/// layout (a branch taken one way or another by the layout of each line
/// would be mispredicted line after line).
#[inline(always)]
fn between_lines(text: &[u8], end: usize) -> Between {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = ONES * 0x80;
    // The top bit of each byte of `word` that is `byte`.
    let bytes_of = |word: u64, byte: u8| {
        let other = word ^ (ONES * u64::from(byte));
        !((((other & (ONES * 0x7f)) + ONES * 0x7f) | other) & TOPS) & TOPS
    };
    if let Some(bytes) = text.get(end..).and_then(<[u8]>::first_chunk::<8>) {
        let word = u64::from_le_bytes(*bytes);
        let blanks = bytes_of(word, b' ') | bytes_of(word, b'\t');
        let whitespace = blanks | bytes_of(word, b'\n') | bytes_of(word, b'\r');
        // The first byte that is no space or tab, and the first that is no
        // whitespace: a line end lies between them if they differ.
        let line_end = (!blanks & TOPS).trailing_zeros() / 8;
        let next = (!whitespace & TOPS).trailing_zeros() / 8;
        if line_end < next && bytes.get(next as usize).is_some_and(u8::is_ascii_digit) {
            return Between::Lines(end + next as usize);
        }
    }
    between_lines_slowly(text, end)
}

/// [`between_lines`] for any text, byte by byte.
#[inline(never)]
fn between_lines_slowly(text: &[u8], end: usize) -> Between {
    let after = skip_blanks(text.get(end..).unwrap_or_default());
    let at = text.len() - after.len();
    match *after {
        [b'\n' | b'\r', ..] => match next_line(text, at) {
            Some(next) => Between::Lines(text.len() - next.len()),
            None => Between::LastLine,
        },
        [b'0'..=b'9', ..] => Between::SameLine(at),
        _ => Between::Unknown,
    }
}

/// Whether `byte` ends a number: whitespace of any kind.
#[inline(always)]
const fn is_separator(byte: u8) -> bool {
    byte.is_ascii_whitespace()
}

/// Whether `byte` separates numbers within a line.
#[inline(always)]
const fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

/// The next number of a line, the ways [`Filling::parse_lines`] does not
/// read at once: after spaces and tabs other than the line's, the codes of
/// the black horse and the generals (which are noted one by one), a number
/// of a row read otherwise, or a number near the end of `text`. Returns the
/// number (one or two digits, perhaps no piece code, such as 99) and the
/// length of the text up to its end and the spaces and tabs after it (so
/// that the next step starts at a number, as the fast way's patterns
/// expect). `None` for anything that is not a number ended by whitespace
/// (a line end among them), and for text that ends before the line does
/// (the scanner's buffer may end inside a line, so the line is read number
/// by number, which reads on).
#[inline(never)]
fn other_step(text: &[u8]) -> Option<(u8, usize)> {
    let (code, after) = match *skip_blanks(text) {
        [first @ b'0'..=b'9', second @ b'0'..=b'9', ref after @ ..] => {
            ((first - b'0') * 10 + (second - b'0'), after)
        }
        [first @ b'0'..=b'9', ref after @ ..] => (first - b'0', after),
        _ => return None,
    };
    // A number ends at whitespace; a third digit, a sign or a letter is for
    // the slow way.
    after.first().is_some_and(u8::is_ascii_whitespace).then(|| (code, text.len() - skip_blanks(after).len()))
}

/// `text` after the spaces and tabs it starts with: none or one, as judges
/// write boards, or any other number of them (a word at a time, with no
/// branch on how many).
#[inline(always)]
fn skip_blanks(text: &[u8]) -> &[u8] {
    match *text {
        [first, ..] if !is_blank(first) => text,
        [_, second, ..] if !is_blank(second) => &text[1..],
        _ => &text[leading_blanks(text)..],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board's 90 codes: the black general at the end of the first row, the
    /// black horse in the middle, the red general at the very end, the other
    /// points in turn empty, a red chariot (`1`) and a black soldier (`17`)
    /// (the reading takes any number of each); then `changes` as (reading
    /// index, number).
    fn codes(changes: &[(usize, &str)]) -> Vec<String> {
        let mut codes: Vec<String> =
            (0..POINTS).map(|index| ["0", "1", "17"][index % 3].to_string()).collect();
        for (index, code) in [(8, "15"), (40, "12"), (89, "5")] {
            codes[index] = code.to_string();
        }
        for &(index, code) in changes {
            codes[index] = code.to_string();
        }
        codes
    }

    /// `codes` written `rows` rows to a line, `between` numbers and `line_end`
    /// after each line.
    fn text(codes: &[String], rows: usize, between: &str, line_end: &str) -> String {
        codes.chunks(9 * rows).map(|line| line.join(between) + line_end).collect()
    }

    /// How many numbers `parse_lines` takes from reading index `start` on,
    /// and the text up to the end of the last number taken.
    fn taken(start: usize, text: &str) -> Option<(usize, &str)> {
        let mut filling = Filling::new();
        let (lines, length) = filling.parse_lines(start, text.as_bytes())?;
        Some((filling.commit(lines), &text[..length]))
    }

    #[test]
    fn the_shortcut_tables_hold_exactly_the_plain_codes() {
        let held = |table: &[u8; 256]| -> Vec<(char, u8)> {
            (0..=255u8)
                .filter(|&byte| is_plain(table[usize::from(byte)]))
                .map(|byte| (char::from(byte), table[usize::from(byte)]))
                .collect()
        };
        // Every piece code but the black horse's and the generals' (5, 12, 15).
        assert_eq!(held(&ONE_DIGIT), [('0', 0), ('1', 1), ('2', 2), ('3', 3), ('4', 4), ('6', 6), ('7', 7)]);
        assert_eq!(held(&TEN_AND_DIGIT), [('1', 11), ('3', 13), ('4', 14), ('6', 16), ('7', 17)]);
        assert!(!is_plain(NOT_PLAIN));
    }

    #[test]
    fn a_board_as_judges_write_it_is_taken_at_once() {
        let board = codes(&[]);
        for rows in [1, 2, 5, 10] {
            for (between, line_end) in [
                (" ", "\n"),
                (" ", "\r\n"),
                ("  ", " \t\n"),
                ("\t", "\n\n"),
                (" \t ", "\r"),
                ("\t\t", "\r\n"),
                ("   ", "\t\r\n \r\n"),
                // Spaces and tabs at the start of the next line too.
                ("\t", "\r\n\t "),
                (" \t", "\n\n  \t\n  "),
                ("    ", "\r\r\r"),
            ] {
                let text = text(&board, rows, between, line_end);
                let last_number = text.trim_end().len();
                assert_eq!(taken(0, &text), Some((90, &text[..last_number])), "{text:?}");
            }
        }
        let mut filling = Filling::new();
        let (lines, _) = filling.parse_lines(0, text(&board, 1, " ", "\n").as_bytes()).unwrap();
        filling.commit(lines);
        let matrix = filling.finish().unwrap();
        assert_eq!((matrix.horse, matrix.generals), (40, [Some(89), Some(8)]));
        assert_eq!(matrix.codes.map(|code| code.to_string()).to_vec(), board);
    }

    #[test]
    fn taking_stops_before_the_first_line_it_cannot_take_whole() {
        let rows = |changes: &[(usize, &str)]| text(&codes(changes), 1, " ", "\n");
        let through_row = |text: &str, row: usize| text.lines().take(row).collect::<Vec<_>>().join("\n");
        // A sign, a third digit, numbers that are no piece code, a second
        // black horse, a second general of a colour (on the first line:
        // nothing is taken).
        for (changes, row) in [
            (&[(30, "+0")][..], 3),
            (&[(30, "007")], 3),
            (&[(30, "9")], 3),
            (&[(30, "18")], 3),
            (&[(50, "12")], 5),
            (&[(52, "15")], 5),
            (&[(3, "15")], 0),
        ] {
            let text = rows(changes);
            let expected = (row > 0).then(|| (row * 9, through_row(&text, row)));
            assert_eq!(taken(0, &text).map(|(n, t)| (n, t.to_string())), expected, "{changes:?}");
        }
        // A row cut short by a line end, whatever the layout.
        let cut = rows(&[]).replacen("17 0 1", "17 0\n1", 1);
        assert_eq!(taken(0, &cut), None);
        // The second row cut: the first is taken.
        let mut lines: Vec<String> = rows(&[]).lines().map(str::to_string).collect();
        let (front, back) = lines[1].split_at(lines[1].match_indices(' ').nth(3).unwrap().0);
        lines[1] = format!("{front}\n{}", &back[1..]);
        let second_row_cut = lines.join("\n") + "\n";
        for (between, line_end) in [(" ", "\n"), ("\t", "\r\n"), ("  ", " \r\n"), (" \t", "\n\t")] {
            let layout = |text: &str| text.replace(' ', between).replace('\n', line_end);
            assert_eq!(taken(0, &layout(&cut)), None, "{between:?} {line_end:?}");
            let text = layout(&second_row_cut);
            assert_eq!(taken(0, &text), Some((9, layout(&lines[0]).as_str())), "{text:?}");
        }
        // The text ends inside a line: the lines before it.
        let whole = rows(&[]);
        let ending_inside = &whole[..whole.len() - 4];
        assert_eq!(taken(0, ending_inside), Some((81, through_row(&whole, 9).as_str())));
        // From a later row on.
        let later: String = whole.lines().skip(2).map(|line| format!("{line}\n")).collect();
        assert_eq!(taken(18, &later), Some((72, later.trim_end())));
        assert_eq!(taken(27, &later), Some((63, through_row(&later, 7).as_str())));
    }

    #[test]
    fn runs_of_empty_points_are_taken_at_once_in_any_layout() {
        // Mostly empty points, read four at a time; each line's separators
        // are one space, one tab, or a run, or chosen number by number.
        let board = codes(&[(1, "0"), (2, "0"), (4, "0"), (37, "0"), (38, "0"), (70, "6"), (77, "0")]);
        let separators = [" ", "\t", "  ", " \t", "\t\t", "   ", "\t \t"];
        for (number, line_end) in ["\n", "\r\n", " \r\n\r\n\t", "\r"].iter().enumerate() {
            let one_each: String = board
                .chunks(9)
                .enumerate()
                .map(|(row, line)| line.join(separators[(row + number) % separators.len()]) + line_end)
                .collect();
            let mixed: String = board
                .chunks(9)
                .map(|line| {
                    let mut written = String::new();
                    for (column, code) in line.iter().enumerate() {
                        written.push_str(code);
                        written.push_str(if column == 8 {
                            line_end
                        } else {
                            separators[(column * 3 + number) % 7]
                        });
                    }
                    written
                })
                .collect();
            for text in [one_each, mixed] {
                assert_eq!(taken(0, &text), Some((90, text.trim_end())), "{text:?}");
            }
        }
    }

    #[test]
    fn four_numbers_are_read_at_once_only_when_all_are_plain_and_blank_separated() {
        let model = |bytes: &[u8; 8]| -> Option<[u8; 4]> {
            let mut codes = [0; 4];
            for (code, pair) in codes.iter_mut().zip(bytes.chunks(2)) {
                if !(b"0123467".contains(&pair[0]) && is_blank(pair[1])) {
                    return None;
                }
                *code = pair[0] - b'0';
            }
            Some(codes)
        };
        let plain = *b"0 1\t2 3\t";
        assert_eq!(four_plain(&plain), Some([0, 1, 2, 3]));
        // Every byte at every place, the others as plain as can be.
        for place in 0..8 {
            for byte in 0..=255 {
                let mut bytes = plain;
                bytes[place] = byte;
                assert_eq!(four_plain(&bytes), model(&bytes), "{bytes:?}");
            }
        }
        // Every mix of a few bytes that matter, at every place.
        let few = [b'0', b'5', b' ', b'\t', b'0' + 0x80];
        for mut mix in 0..few.len().pow(8) {
            let mut bytes = [0; 8];
            for byte in &mut bytes {
                *byte = few[mix % few.len()];
                mix /= few.len();
            }
            assert_eq!(four_plain(&bytes), model(&bytes), "{bytes:?}");
        }
    }

    #[test]
    fn what_follows_a_row_is_found_at_once_as_byte_by_byte() {
        // Every text of up to 7 bytes from these after a row's last number,
        // then a next row: the word at once and the bytes one by one agree.
        let alphabet = [b' ', b'\t', b'\n', b'\r', b'0', b'x', 0x0c, 0x8a];
        let mut found_at_once = 0;
        for length in 0..=7 {
            for mut mix in 0..alphabet.len().pow(length) {
                let mut text = b"7".to_vec();
                for _ in 0..length {
                    text.push(alphabet[mix % alphabet.len()]);
                    mix /= alphabet.len();
                }
                text.extend_from_slice(b"1 0 0 0 0 0 0 0 0\n");
                let slowly = between_lines_slowly(&text, 1);
                assert_eq!(between_lines(&text, 1), slowly, "{text:?}");
                found_at_once += usize::from(matches!(slowly, Between::Lines(_)));
            }
        }
        assert!(found_at_once > 10_000, "{found_at_once}");
        // Near the end of the text, and runs longer than a word.
        for text in [&b"7\r\n"[..], b"7 \n", b"7\n\n", b"7 \t  \r\n \t\n\n\r\n  0 0", b"7        \n3"] {
            assert_eq!(between_lines(text, 1), between_lines_slowly(text, 1), "{text:?}");
        }
        assert_eq!(between_lines(b"7 \r\n\t\r\n 12 0", 1), Between::Lines(8));
        assert_eq!(between_lines(b"7\t\t12 0", 1), Between::SameLine(3));
        assert_eq!(between_lines(b"7\t\r\n\t", 1), Between::LastLine);
        assert_eq!(between_lines(b"7\t\t", 1), Between::Unknown);
        assert_eq!(between_lines(b"7\t\x0c\n0", 1), Between::Unknown);
    }

    #[test]
    fn a_lines_separator_is_the_run_after_its_first_number() {
        for (text, separator) in [
            ("0 0", " "),
            ("12\t0", "\t"),
            ("0  0", "  "),
            ("5 \t0", " \t"),
            ("0   0", "   "),
            ("17     0", "   "),
            ("0\n", " "),
            ("0", " "),
        ] {
            assert_eq!(super::separator(text.as_bytes()), separator.as_bytes(), "{text:?}");
        }
    }
}
