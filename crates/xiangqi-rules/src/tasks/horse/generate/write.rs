//! Writing boards in the task's format.

use std::borrow::Borrow;
use std::io::{self, Write};

use board_geometry::layout::write_items;

use crate::tasks::horse::codes::code_of_piece;
use crate::tasks::horse::{COORDINATES, Case};

/// Appends one board: 10 lines of 9 codes separated by single spaces.
fn append_case(text: &mut Vec<u8>, board: &Case) {
    for row in 0..10 {
        for column in 0..9 {
            if column > 0 {
                text.push(b' ');
            }
            let code = COORDINATES
                .square(row, column)
                .and_then(|point| board.board().piece_at(point))
                .map_or(0, code_of_piece);
            if code >= 10 {
                text.push(b'1');
            }
            text.push(b'0' + code % 10);
        }
        text.push(b'\n');
    }
}

/// Writes one board in the task's format: 10 lines of 9 numbers, each line
/// one row of the board from the top, numbers separated by single spaces.
///
/// ```
/// use xiangqi_rules::tasks::horse::generate::write_case;
/// use xiangqi_rules::tasks::horse::Case;
/// use xiangqi_rules::{Board, Color, Piece, PieceKind};
///
/// let mut board = Board::empty();
/// board.put("a9".parse()?, Piece::new(Color::Black, PieceKind::Horse));
/// board.put("e0".parse()?, Piece::new(Color::Red, PieceKind::General));
/// let mut text = Vec::new();
/// write_case(&Case::new(board)?, &mut text)?;
/// let text = String::from_utf8(text)?;
/// assert!(text.starts_with("12 0 0 0 0 0 0 0 0\n0 0 0"));
/// assert!(text.ends_with("\n0 0 0 0 5 0 0 0 0\n"));
/// assert_eq!(text.lines().count(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A failure to write.
pub fn write_case<W: Write + ?Sized>(board: &Case, out: &mut W) -> io::Result<()> {
    write_input([board], out)
}

/// Writes `boards` in the task's format, an empty line between two boards.
/// One board gives exactly the exercise's input.
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(
    boards: impl IntoIterator<Item = impl Borrow<Case>>,
    out: &mut W,
) -> io::Result<()> {
    write_items(boards, out, b"\n", b"", |text, board| append_case(text, board.borrow()))
}
