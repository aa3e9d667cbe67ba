//! What taking back a move needs.

use board_geometry::Captured;

use crate::{Color, Move, Piece, PieceKind};

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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Undo {
    pub(crate) mv: Move,
    pub(crate) captured: Captured<Color, PieceKind>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

impl Undo {
    /// The move played.
    #[must_use]
    pub const fn mv(&self) -> Move {
        self.mv
    }

    /// The piece the move captured, if any.
    #[must_use]
    pub fn captured(&self) -> Option<Piece> {
        self.captured.piece()
    }
}
