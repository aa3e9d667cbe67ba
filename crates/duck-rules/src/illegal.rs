//! Why a move is illegal, in words and as a value a program can match on.

use core::fmt;

use crate::{Move, Outcome, Piece, Square};

/// Why a move cannot be made, as [`Position::play`](crate::Position::play)
/// and [`Position::check_move`](crate::Position::check_move) report it. The
/// judge answers every one of these with `Invalid command`; the reasons are
/// for people following a game, and name points as squares do (`the red car
/// on a0 cannot reach a7`), as in `xiangqi-rules`, whose variants these are
/// named after.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMove {
    /// A captain has been removed, so no more moves can be made.
    GameOver {
        /// How the game ended.
        outcome: Outcome,
    },
    /// No piece stands on the source point.
    NoPiece {
        /// The source point.
        at: Square,
    },
    /// The piece on the source point belongs to the side that is not to move.
    NotToMove {
        /// The piece.
        piece: Piece,
        /// The source point.
        at: Square,
    },
    /// The target is the source: that is not a move.
    NullMove {
        /// The piece.
        piece: Piece,
        /// Its point.
        at: Square,
    },
    /// A piece of the mover's own side stands on the target.
    OwnPiece {
        /// The moving piece.
        piece: Piece,
        /// The attempted move.
        mv: Move,
        /// The friendly piece on the target.
        target: Piece,
    },
    /// The piece does not move that way, whatever stands around it.
    CannotMoveSo {
        /// The moving piece.
        piece: Piece,
        /// The attempted move.
        mv: Move,
    },
    /// The piece moves that way, but a point it must pass over is occupied:
    /// a horse's leg, an elephant's eye, one of a duck's two points, or a
    /// point between a car and its target.
    Blocked {
        /// The moving piece.
        piece: Piece,
        /// The attempted move.
        mv: Move,
        /// The occupied point nearest to the piece.
        by: Square,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver { .. } => f.write_str("the game is over: a captain has been removed"),
            IllegalMove::NoPiece { at } => write!(f, "no piece stands on {at}"),
            IllegalMove::NotToMove { piece, at } => {
                write!(f, "the {piece} on {at} is not {}'s to move", piece.color.opponent())
            }
            IllegalMove::NullMove { piece, at } => {
                write!(f, "the {piece} on {at} must move to another point")
            }
            IllegalMove::OwnPiece { piece, mv, target } => {
                write!(
                    f,
                    "the {piece} on {} cannot land on its own side's {} on {}",
                    mv.from, target.kind, mv.to
                )
            }
            IllegalMove::CannotMoveSo { piece, mv } => {
                write!(f, "a {} cannot move from {} to {}", piece.kind, mv.from, mv.to)
            }
            IllegalMove::Blocked { piece, mv, by } => {
                write!(
                    f,
                    "the {piece} on {} cannot reach {}: the piece on {by} is in the way",
                    mv.from, mv.to
                )
            }
        }
    }
}

impl std::error::Error for IllegalMove {}
