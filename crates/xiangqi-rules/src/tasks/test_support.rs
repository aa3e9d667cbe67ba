//! Helpers shared by the unit tests of the tasks.

use crate::{Board, Piece};

/// A board from pieces given as ICCS points and FEN letters (upper case red).
pub(crate) fn board_of(pieces: &[(&str, char)]) -> Board {
    let mut board = Board::empty();
    for &(point, letter) in pieces {
        board.put(point.parse().unwrap(), Piece::from_letter(letter).unwrap());
    }
    board
}
