//! What taking back a move needs.

use crate::{Color, Move, PieceKind};

/// What [`Position::unplay`](crate::Position::unplay) needs to take back a
/// move played by [`Position::play_unchecked`](crate::Position::play_unchecked):
/// the move and the piece it removed. A search plays
/// and takes back moves in one position instead of copying it:
///
/// ```
/// use duck_rules::Position;
///
/// let mut position = Position::start();
/// let before = position;
/// let undo = position.play_unchecked("d0e1".parse()?);
/// assert_eq!(undo.captured(), None);
/// position.unplay(undo);
/// assert_eq!(position, before);
/// # Ok::<(), duck_rules::ParseMoveError>(())
/// ```
pub type Undo = board_geometry::Undo<Move, Color, PieceKind>;
