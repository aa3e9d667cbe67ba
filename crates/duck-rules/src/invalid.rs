//! Why a command is not a valid move.

use core::fmt;

use crate::{Move, Piece, Point};

/// Why a move cannot be made. The judge answers every one of these with
/// `Invalid command`; the reasons are for people following a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum InvalidMove {
    /// A captain has been removed, so no more moves can be made.
    GameOver,
    /// No piece stands on the source point.
    Empty {
        /// The source point.
        at: Point,
    },
    /// The piece on the source point belongs to the side that is not to move.
    WrongSide {
        /// The piece.
        piece: Piece,
        /// The source point.
        at: Point,
    },
    /// The target is the source: that is not a move.
    NotAMove {
        /// The piece.
        piece: Piece,
        /// Its point.
        at: Point,
    },
    /// A piece of the mover's own side stands on the target.
    OwnPiece {
        /// The moving piece.
        piece: Piece,
        /// The attempted move.
        attempted: Move,
        /// The friendly piece on the target.
        target: Piece,
    },
    /// The piece does not move that way, whatever stands around it.
    OutOfReach {
        /// The moving piece.
        piece: Piece,
        /// The attempted move.
        attempted: Move,
    },
    /// The piece moves that way, but a point it must pass over is occupied:
    /// a horse's leg, an elephant's eye, one of a duck's two points, or a
    /// point between a car and its target.
    Blocked {
        /// The moving piece.
        piece: Piece,
        /// The attempted move.
        attempted: Move,
        /// The occupied point nearest to the piece.
        by: Point,
    },
}

impl fmt::Display for InvalidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            InvalidMove::GameOver => f.write_str("the game is over: a captain has been removed"),
            InvalidMove::Empty { at } => write!(f, "no piece stands on {at}"),
            InvalidMove::WrongSide { piece, at } => {
                write!(f, "the {piece} on {at} is not {}'s to move", piece.color.opponent())
            }
            InvalidMove::NotAMove { piece, at } => {
                write!(f, "the {piece} on {at} must move to another point")
            }
            InvalidMove::OwnPiece { piece, attempted, target } => write!(
                f,
                "the {piece} on {} cannot land on its own side's {} on {}",
                attempted.from, target.kind, attempted.to
            ),
            InvalidMove::OutOfReach { piece, attempted } => {
                write!(f, "a {} cannot move from {} to {}", piece.kind, attempted.from, attempted.to)
            }
            InvalidMove::Blocked { piece, attempted, by } => write!(
                f,
                "the {piece} on {} cannot reach {}: the piece on {by} is in the way",
                attempted.from, attempted.to
            ),
        }
    }
}

impl std::error::Error for InvalidMove {}
