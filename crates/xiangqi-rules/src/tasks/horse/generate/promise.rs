//! The task's promises about a board, and the generator's own, checked.

use core::fmt;

use crate::problem::reachable;
use crate::tasks::Point;
use crate::tasks::horse::{COORDINATES, Case};
use crate::{Color, Piece, PieceKind, Square};

/// A promise that a board breaks (see [`check_promises`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BrokenPromise {
    /// A piece stands where no piece of its kind can ever stand (an advisor
    /// outside its palace, a soldier behind its starting row, ...).
    Misplaced {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        at: Square,
    },
    /// A side has more pieces of a kind than it starts with.
    TooMany {
        /// The pieces.
        piece: Piece,
        /// How many there are.
        count: u32,
    },
}

impl fmt::Display for BrokenPromise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrokenPromise::Misplaced { piece, at } => {
                write!(
                    f,
                    "the {piece} at {} stands where no {} can stand",
                    Point(COORDINATES, *at),
                    piece.kind
                )
            }
            BrokenPromise::TooMany { piece, count } => write!(
                f,
                "{} has {count} {}, more than the {} it starts with",
                piece.color,
                piece.kind.plural(),
                piece.kind.max_count()
            ),
        }
    }
}

impl std::error::Error for BrokenPromise {}

/// Whether `board` keeps the promises of the generated boards: the task's
/// (exactly one black horse, at most one general of each colour, which
/// every [`Case`] keeps) and the generator's own, that the board could come
/// from a game: every piece on a point a piece of its kind can reach, and no
/// side with more pieces of a kind than it starts with.
///
/// ```
/// use xiangqi_rules::tasks::horse::generate::check_promises;
/// use xiangqi_rules::tasks::horse::Case;
/// use xiangqi_rules::{Board, Color, Piece, PieceKind};
///
/// let mut board = Board::empty();
/// board.put("e5".parse()?, Piece::new(Color::Black, PieceKind::Horse));
/// board.put("e9".parse()?, Piece::new(Color::Black, PieceKind::General));
/// assert!(check_promises(&Case::new(board)?).is_ok());
/// board.put("a0".parse()?, Piece::new(Color::Black, PieceKind::Advisor));
/// assert_eq!(
///     check_promises(&Case::new(board)?).unwrap_err().to_string(),
///     "the black advisor at (9,0) stands where no advisor can stand"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first broken promise, in reading order of the points.
pub fn check_promises(board: &Case) -> Result<(), BrokenPromise> {
    let pieces = board.board();
    for index in 0..90 {
        let Some(at) = COORDINATES.square_at_reading_index(index) else { continue };
        let Some(piece) = pieces.piece_at(at) else { continue };
        if !reachable(piece.color, piece.kind).contains(at) {
            return Err(BrokenPromise::Misplaced { piece, at });
        }
    }
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece::new(color, kind);
            let count = pieces.by_piece(piece).len();
            if count > kind.max_count() {
                return Err(BrokenPromise::TooMany { piece, count });
            }
        }
    }
    Ok(())
}
