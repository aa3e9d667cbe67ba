//! Writing boards in the task's format.

use std::borrow::Borrow;
use std::io::{self, Write};

use board_geometry::layout::{push_number_line, write_items};

use crate::tasks::horse::codes::code_of_piece;
use crate::tasks::horse::{COORDINATES, Case};

/// Appends one board: 10 lines of 9 codes separated by single spaces.
fn append_case(text: &mut Vec<u8>, board: &Case) {
    for row in 0..10 {
        push_number_line(
            text,
            (0..9).map(|column| {
                COORDINATES
                    .square(row, column)
                    .and_then(|point| board.board().piece_at(point))
                    .map_or(0, code_of_piece)
            }),
        );
    }
}

/// Writes `boards` in the task's format: each 10 lines of 9 numbers, each
/// line one row of the board from the top, numbers separated by single
/// spaces, an empty line between two boards. One board gives exactly the
/// exercise's input.
///
/// ```
/// use xiangqi_rules::tasks::horse::generate::write_input;
/// use xiangqi_rules::tasks::horse::Case;
/// use xiangqi_rules::{Board, Color, Piece, PieceKind};
///
/// let mut board = Board::empty();
/// board.put("a9".parse()?, Piece::new(Color::Black, PieceKind::Horse));
/// board.put("e0".parse()?, Piece::new(Color::Red, PieceKind::General));
/// let mut text = Vec::new();
/// write_input([Case::new(board)?], &mut text)?;
/// let text = String::from_utf8(text)?;
/// assert!(text.starts_with("12 0 0 0 0 0 0 0 0\n0 0 0"));
/// assert!(text.ends_with("\n0 0 0 0 5 0 0 0 0\n"));
/// assert_eq!(text.lines().count(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(
    boards: impl IntoIterator<Item = impl Borrow<Case>>,
    out: &mut W,
) -> io::Result<()> {
    write_items(boards, out, b"\n", b"", |text, board| append_case(text, board.borrow()))
}
