//! A board as the input writes it: the code of every point in reading order,
//! and the judge's answer worked out on those codes.

use super::codes::{
    BLACK_GENERAL_CODE, BLACK_HORSE_CODE, FIRST_BLACK_CODE, RED_GENERAL_CODE, is_piece_code, piece_of_code,
};
use super::jump_table::{AnswerBlock, JumpTable};
use super::{COORDINATES, Case};
use crate::Board;

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
            // Eight numbers, each followed by spaces.
            for (cell, index) in firsts.iter_mut().zip(index..) {
                rest = match *rest {
                    [first, b' ', ref after @ ..] if is_plain(ONE_DIGIT[usize::from(first)]) => {
                        *cell = ONE_DIGIT[usize::from(first)];
                        after
                    }
                    [b'1', second, b' ', ref after @ ..] if is_plain(TEN_AND_DIGIT[usize::from(second)]) => {
                        *cell = TEN_AND_DIGIT[usize::from(second)];
                        after
                    }
                    _ => match other_step(rest) {
                        Some(Step::Number(code, length))
                            if is_piece_code(code) && noted.note(index, code) =>
                        {
                            *cell = code;
                            &rest[length..]
                        }
                        // Anything else, or a line end that cuts the row.
                        _ => break,
                    },
                };
            }
            // The ninth, and the line end or more rows of the line after it.
            let index = index + usize::from(COLUMNS) - 1;
            // Where the last number ends; the line end follows, perhaps
            // after spaces and tabs.
            let end = match *rest {
                [first, b'\n' | b'\r', ..] if is_plain(ONE_DIGIT[usize::from(first)]) => {
                    *last = ONE_DIGIT[usize::from(first)];
                    text.len() - rest.len() + 1
                }
                [b'1', second, b'\n' | b'\r', ..] if is_plain(TEN_AND_DIGIT[usize::from(second)]) => {
                    *last = TEN_AND_DIGIT[usize::from(second)];
                    text.len() - rest.len() + 2
                }
                _ => match other_step(rest) {
                    Some(Step::Number(code, length)) if is_piece_code(code) && noted.note(index, code) => {
                        *last = code;
                        rest = &rest[length..];
                        match other_step(rest) {
                            Some(Step::LineEnd) => {
                                // Before the spaces and tabs the number's step took with it.
                                let end = text.len() - rest.len();
                                let number_end =
                                    text[..end].iter().rposition(|&byte| byte != b' ' && byte != b'\t');
                                number_end.map_or(end, |last| last + 1)
                            }
                            // The next row, on the same line.
                            Some(Step::Number(..)) => continue,
                            None => break,
                        }
                    }
                    _ => break,
                },
            };
            (rows_taken, taken_end, noted_taken) = (row, end, noted);
            rest = match text.get(end + 1..) {
                // The next line starts at once, as judges write boards.
                Some(next @ [b'0'..=b'9', ..]) => next,
                _ => match next_line(text, end) {
                    Some(next) => next,
                    None => break,
                },
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

/// The code of a number of one digit by the digit's byte, if [`plain_codes`]
/// has it; [`NOT_PLAIN`] for any other byte.
static ONE_DIGIT: [u8; 256] = {
    let (plain, mut table) = (plain_codes(), [NOT_PLAIN; 256]);
    let mut digit = 0;
    while digit < 10 {
        if plain[digit] {
            table[b'0' as usize + digit] = digit as u8;
        }
        digit += 1;
    }
    table
};

/// The code of a number of two digits whose first is 1, by the second
/// digit's byte, if [`plain_codes`] has it; [`NOT_PLAIN`] for any other byte.
static TEN_AND_DIGIT: [u8; 256] = {
    let (plain, mut table) = (plain_codes(), [NOT_PLAIN; 256]);
    let mut digit = 0;
    while digit < 8 {
        if plain[10 + digit] {
            table[b'0' as usize + digit] = 10 + digit as u8;
        }
        digit += 1;
    }
    table
};

/// The text of the next line that holds a field, after the line end at
/// `line_end`, if `text` holds one.
#[inline]
fn next_line(text: &[u8], line_end: usize) -> Option<&[u8]> {
    let rest = text.get(line_end..)?;
    rest.get(rest.iter().position(|byte| !byte.is_ascii_whitespace())?..)
}

/// What comes next in a line, read by [`other_step`].
enum Step {
    /// A number of one or two digits (perhaps no piece code, such as 99),
    /// and the length of the text up to its end and the spaces and tabs
    /// after it (so that the next step starts at a number, as the fast
    /// way's patterns expect).
    Number(u8, usize),
    /// The end of the line, perhaps after spaces and tabs.
    LineEnd,
}

/// The next number of a line or its end, the ways [`Filling::parse_lines`] does not
/// read at once: after several spaces or a tab, the last number of the
/// line, or a number near the end of `text`. `None` for anything that is
/// not plain numbers, and for text that ends before the line does (the
/// scanner's buffer may end inside a line, so the line is read number by
/// number, which reads on).
#[cold]
fn other_step(text: &[u8]) -> Option<Step> {
    let spaces = text.iter().position(|&byte| byte != b' ' && byte != b'\t').unwrap_or(text.len());
    let (code, after) = match &text[spaces..] {
        [b'\n' | b'\r', ..] => return Some(Step::LineEnd),
        [first @ b'0'..=b'9', second @ b'0'..=b'9', after @ ..] => {
            ((first - b'0') * 10 + (second - b'0'), after)
        }
        [first @ b'0'..=b'9', after @ ..] => (first - b'0', after),
        _ => return None,
    };
    // A number ends at whitespace; a third digit, a sign or a letter is for
    // the slow way. Spaces and tabs after it go with it.
    let ended = after.first().is_some_and(u8::is_ascii_whitespace);
    let spaces = after.iter().position(|&byte| byte != b' ' && byte != b'\t').unwrap_or(after.len());
    ended.then_some(Step::Number(code, text.len() - after.len() + spaces))
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
            for (between, line_end) in
                [(" ", "\n"), (" ", "\r\n"), ("  ", " \t\n"), ("\t", "\n\n"), (" \t ", "\r")]
            {
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
        // A row cut short by a line end.
        let cut = rows(&[]).replacen("17 0 1", "17 0\n1", 1);
        assert_eq!(taken(0, &cut), None);
        // The text ends inside a line: the lines before it.
        let whole = rows(&[]);
        let ending_inside = &whole[..whole.len() - 4];
        assert_eq!(taken(0, ending_inside), Some((81, through_row(&whole, 9).as_str())));
        // From a later row on.
        let later: String = whole.lines().skip(2).map(|line| format!("{line}\n")).collect();
        assert_eq!(taken(18, &later), Some((72, later.trim_end())));
        assert_eq!(taken(27, &later), Some((63, through_row(&later, 7).as_str())));
    }
}
