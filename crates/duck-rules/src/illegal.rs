//! Why a move is illegal, in words and as a value a program can match on.

use core::convert::Infallible;

use board_geometry::NineByTen;

use crate::{Color, Move, Outcome, PieceKind};

/// Why a move cannot be made, as [`Position::play`](crate::Position::play)
/// and [`Position::check_move`](crate::Position::check_move) report it: the
/// reasons every game of this workspace shares, in the same words as in
/// `xiangqi-rules` (board-geometry's `IllegalMove`). Duck chess has no
/// rules of its own beyond them, so [`IllegalMove::Forbidden`] never occurs
/// (its value is [`Infallible`]). The judge answers every one of these with
/// `Invalid command`; the reasons are for people following a game, and name
/// points as squares do (`the red car on a0 cannot reach a7`).
///
/// ```
/// use duck_rules::{IllegalMove, Position};
///
/// let mut position = Position::start();
/// let refused = position.play("a0a7".parse()?).unwrap_err();
/// assert!(matches!(refused, IllegalMove::Blocked { .. }));
/// assert_eq!(refused.to_string(), "the red car on a0 cannot reach a7: the piece on a2 is in the way");
/// # Ok::<(), duck_rules::ParseMoveError>(())
/// ```
pub type IllegalMove = board_geometry::IllegalMove<NineByTen, Color, PieceKind, Move, Outcome, Infallible>;
