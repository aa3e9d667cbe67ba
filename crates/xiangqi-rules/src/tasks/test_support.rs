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

/// A board of the horse task as its input: ninety numbers, a black horse
/// on `horse` (a reading index) and empty points, then `changes` as
/// (reading index, token); nine numbers a row.
pub(crate) fn horse_board_text(horse: usize, changes: &[(usize, &str)]) -> String {
    let mut tokens = vec!["0"; 90];
    tokens[horse] = "12";
    for &(index, token) in changes {
        tokens[index] = token;
    }
    tokens.chunks(9).map(|row| row.join(" ") + "\n").collect()
}
