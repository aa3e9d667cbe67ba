//! Why a move cannot be played: the reasons every game of the workspace
//! shares, in the same words, and a place for a game's own.

use core::fmt;

use crate::{Grid, Kind, Piece, Side, Square};

/// A move as a refusal names it: the point it starts from and the point it
/// goes to. Every game's `Move` is one.
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
pub trait FromTo<G: Grid>: Copy {
    /// Where the moving piece stands.
    fn origin(self) -> Square<G>;
    /// Where it goes.
    fn destination(self) -> Square<G>;
}

/// What stops a piece that moves the right way for its kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Obstacle {
    /// The point a horse steps over first is taken.
    Leg,
    /// The point an elephant steps over is taken.
    Eye,
    /// A piece stands on the way: between a chariot and its target, on one
    /// of a duck's two points.
    Piece,
}

/// Why a move cannot be played in a position: first whether there is a game
/// and a piece of the side to move that could move so, in the words every
/// game shares; then, as [`IllegalMove::Forbidden`], the rules of the game's
/// own (`F`: xiangqi's palace, river, cannon screen and general's safety;
/// none in duck chess). Each game names its own: `xiangqi_rules::IllegalMove`
/// and `duck_rules::IllegalMove` are `IllegalMove`s of their grid, sides,
/// kinds, moves and outcomes.
///
/// `G` is the grid, `S` and `K` the sides and kinds of its pieces, `M` its
/// moves, `O` how its games end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMove<G: Grid, S, K, M, O, F> {
    /// The game is over: no move can be played.
    GameOver {
        /// How it ended.
        outcome: O,
    },
    /// No piece stands on the move's starting point.
    NoPiece {
        /// The starting point.
        at: Square<G>,
    },
    /// The piece on the starting point belongs to the side that is not to move.
    NotToMove {
        /// The piece.
        piece: Piece<S, K>,
        /// Its point.
        at: Square<G>,
    },
    /// The move ends where it starts.
    NullMove {
        /// The piece.
        piece: Piece<S, K>,
        /// Its point.
        at: Square<G>,
    },
    /// A piece of the mover's own side stands on the target.
    OwnPiece {
        /// The moving piece.
        piece: Piece<S, K>,
        /// The move.
        mv: M,
        /// The piece on the target.
        target: Piece<S, K>,
    },
    /// The piece never moves that way, whatever stands around it.
    CannotMoveSo {
        /// The moving piece.
        piece: Piece<S, K>,
        /// The move.
        mv: M,
    },
    /// The piece moves that way, but a point it must pass is taken: a
    /// horse's leg, an elephant's eye, a point on the way.
    Blocked {
        /// The moving piece.
        piece: Piece<S, K>,
        /// The move.
        mv: M,
        /// The taken point nearest the piece.
        by: Square<G>,
        /// What the taken point is to the piece.
        obstacle: Obstacle,
    },
    /// A rule of the game's own forbids the move.
    Forbidden(F),
}

impl<G: Grid, S: Side, K: Kind, M: FromTo<G>, O, F> IllegalMove<G, S, K, M, O, F> {
    /// The reasons every game checks first, in the order of the variants:
    /// the game is over (`outcome`), no piece stands on the move's start (as
    /// `piece_at` says), it is not `turn`'s, the move ends where it starts, a
    /// piece of the mover's own stands on the target. With none of them, the
    /// piece that would move, for the game's own checks.
    ///
    /// # Errors
    /// The first of those reasons.
    pub fn check_basics(
        outcome: Option<O>,
        turn: S,
        mv: M,
        piece_at: impl Fn(Square<G>) -> Option<Piece<S, K>>,
    ) -> Result<Piece<S, K>, Self> {
        if let Some(outcome) = outcome {
            return Err(IllegalMove::GameOver { outcome });
        }
        let (from, to) = (mv.origin(), mv.destination());
        let Some(piece) = piece_at(from) else { return Err(IllegalMove::NoPiece { at: from }) };
        if piece.color != turn {
            return Err(IllegalMove::NotToMove { piece, at: from });
        }
        if from == to {
            return Err(IllegalMove::NullMove { piece, at: from });
        }
        match piece_at(to) {
            Some(target) if target.color == piece.color => Err(IllegalMove::OwnPiece { piece, mv, target }),
            _ => Ok(piece),
        }
    }
}

impl<G, S, K, M, O, F> fmt::Display for IllegalMove<G, S, K, M, O, F>
where
    G: Grid,
    S: Side,
    K: Kind,
    M: FromTo<G>,
    O: fmt::Display,
    F: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver { outcome } => write!(f, "the game is over: {outcome}"),
            IllegalMove::NoPiece { at } => write!(f, "no piece stands on {at}"),
            IllegalMove::NotToMove { piece, at } => {
                let other = S::BOTH[1 - piece.color.index()];
                write!(f, "the {piece} on {at} is not {other}'s to move")
            }
            IllegalMove::NullMove { piece, at } => {
                write!(f, "the {piece} on {at} must move to another point")
            }
            IllegalMove::OwnPiece { piece, mv, target } => write!(
                f,
                "the {piece} on {} cannot land on its own side's {} on {}",
                mv.origin(),
                target.kind,
                mv.destination()
            ),
            IllegalMove::CannotMoveSo { piece, mv } => {
                write!(f, "a {} cannot move from {} to {}", piece.kind, mv.origin(), mv.destination())
            }
            IllegalMove::Blocked { piece, mv, by, obstacle } => {
                write!(f, "the {piece} on {} cannot reach {}: ", mv.origin(), mv.destination())?;
                match obstacle {
                    Obstacle::Leg => write!(f, "its leg on {by} is blocked"),
                    Obstacle::Eye => write!(f, "its eye on {by} is blocked"),
                    Obstacle::Piece => write!(f, "the piece on {by} is in the way"),
                }
            }
            IllegalMove::Forbidden(forbidden) => write!(f, "{forbidden}"),
        }
    }
}

impl<G, S, K, M, O, F> std::error::Error for IllegalMove<G, S, K, M, O, F>
where
    G: Grid,
    S: Side,
    K: Kind,
    M: FromTo<G> + fmt::Debug,
    O: fmt::Display + fmt::Debug,
    F: fmt::Display + fmt::Debug,
{
}
