//! What taking back a move needs.

use crate::{Color, Move, PieceKind};

/// What [`Position::unplay`](crate::Position::unplay) needs to take back a
/// move played by [`Position::play_unchecked`](crate::Position::play_unchecked):
/// the move, the piece it captured, and the clocks before it. A search plays
/// and takes back moves in one position instead of copying it:
///
/// ```
/// use xiangqi_rules::{Piece, Position};
///
/// let mut position = Position::start();
/// let before = position;
/// let undo = position.play_unchecked("h2h9".parse()?);
/// assert_eq!(undo.captured().map(Piece::letter), Some('n'), "the cannon took the horse on h9");
/// position.unplay(undo);
/// assert_eq!(position, before);
/// # Ok::<(), xiangqi_rules::ParseMoveError>(())
/// ```
pub type Undo = board_geometry::Undo<Move, Color, PieceKind, Clocks>;

/// The two clocks of a position, as a FEN writes them after the side to
/// move: what a move changes besides the board and the side to move, and so
/// what an [`Undo`] keeps to set back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clocks {
    /// Plies since the last capture.
    pub halfmove_clock: u32,
    /// The number of the move, counted from 1 and increased after black's move.
    pub fullmove_number: u32,
}
