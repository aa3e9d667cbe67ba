//! Writing cases in the judge's input format.

use std::borrow::Borrow;
use std::io::{self, Write};

use board_geometry::layout::{push_small_number, write_items};

use crate::tasks::checkmate::Case;
use crate::{Color, PieceKind, Square, SquareSet};

/// The points of each rank, rank 0 first.
const RANKS: [SquareSet; 10] = {
    let mut ranks = [SquareSet::EMPTY; 10];
    let mut index = 0;
    while index < 90 {
        if let Some(point) = Square::from_index(index as u8) {
            ranks[index / 9] = ranks[index / 9].with(point);
        }
        index += 1;
    }
    ranks
};

/// `row column\n` of each point, by point index, and its length.
const POINT_TEXT: [([u8; 5], usize); 90] = {
    let mut table = [([0; 5], 0); 90];
    let mut index = 0;
    while index < 90 {
        // Rows 1..10 from the top (rank 9 is row 1), columns 1..9.
        let (row, column) = (10 - index / 9, index % 9 + 1);
        let mut text = [0u8; 5];
        let mut len = 0;
        if row == 10 {
            text[0] = b'1';
            text[1] = b'0';
            len = 2;
        } else {
            text[0] = b'0' + row as u8;
            len += 1;
        }
        text[len] = b' ';
        text[len + 1] = b'0' + column as u8;
        text[len + 2] = b'\n';
        table[index] = (text, len + 3);
        index += 1;
    }
    table
};

pub(super) fn push_point(line: &mut Vec<u8>, point: Square) {
    let (text, len) = &POINT_TEXT[usize::from(point.index())];
    line.extend_from_slice(&text[..*len]);
}

/// Appends one case: its header, the red general first and then the other
/// red pieces in reading order (row by row from the top), and an empty line.
pub(crate) fn append_case(text: &mut Vec<u8>, case: &Case) {
    let board = case.board();
    let reds = board.by_color(Color::Red);
    let count = u8::try_from(reds.len()).unwrap_or(u8::MAX);
    push_small_number(text, count);
    text.push(b' ');
    push_point(text, case.black_general());
    if let Some(general) = board.general(Color::Red) {
        text.extend_from_slice(b"G ");
        push_point(text, general);
    }
    // Reading order: rank 9 (row 1) first, each rank left to right.
    let others = reds - board.by_kind(PieceKind::General);
    for rank in RANKS.iter().rev() {
        for point in others & *rank {
            let letter = match board.piece_at(point).map(|piece| piece.kind) {
                Some(PieceKind::Chariot) => b'R',
                Some(PieceKind::Horse) => b'H',
                Some(PieceKind::Cannon) => b'C',
                Some(PieceKind::General) => b'G',
                Some(PieceKind::Advisor) => b'A',
                Some(PieceKind::Elephant) => b'B',
                Some(PieceKind::Soldier) => b'P',
                None => continue,
            };
            text.push(letter);
            text.push(b' ');
            push_point(text, point);
        }
    }
    text.push(b'\n');
}

/// Writes `cases` in the judge's format, each followed by an empty line,
/// and the closing `0 0 0`: an input the judge reads as it is. Each case
/// is its header `N row col`, the red general, then the other red pieces row
/// by row from the top.
///
/// ```
/// use xiangqi_rules::tasks::checkmate::generate::write_input;
/// use xiangqi_rules::tasks::checkmate::Reader;
///
/// let mut cases = Reader::new("3 1 5\nH 4 5\nG 10 4\nC 7 5\n0 0 0\n".as_bytes());
/// let mut text = Vec::new();
/// write_input([cases.next_case()?.expect("a case")], &mut text)?;
/// assert_eq!(String::from_utf8(text)?, "3 1 5\nG 10 4\nH 4 5\nC 7 5\n\n0 0 0\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(
    cases: impl IntoIterator<Item = impl Borrow<Case>>,
    out: &mut W,
) -> io::Result<()> {
    write_items(cases, out, b"", b"0 0 0\n", |text, case| append_case(text, case.borrow()))
}
