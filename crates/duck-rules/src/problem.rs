//! Why a setup is not a position that a game of duck chess can reach.

use core::fmt;

use board_geometry::prose::separated;

use crate::{Color, PieceKind};

/// One reason why a [`Setup`](crate::Setup) cannot be a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// A side has more pieces of a kind than it starts with; no move adds a piece.
    TooMany {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many it has.
        count: u8,
    },
    /// Neither side has a captain. A game ends when the first captain is removed.
    NoCaptains,
    /// One captain has been removed, so the other side made the last move and
    /// the side that lost its captain must be the one to move.
    WrongTurnAfterEnd {
        /// The side whose captain is gone.
        loser: Color,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::TooMany { color, kind, count } => {
                let start = kind.initial_count();
                let plural = if start == 1 { "" } else { "s" };
                write!(
                    f,
                    "{color} has {count} {kind}s, but a side starts with {start} {kind}{plural} and never gains one"
                )
            }
            Problem::NoCaptains => {
                f.write_str("neither side has a captain, but the game ends when the first one is removed")
            }
            Problem::WrongTurnAfterEnd { loser } => write!(
                f,
                "{loser}'s captain has been removed, so {} made the last move and {loser} must be the side to move",
                loser.opponent()
            ),
        }
    }
}

/// A [`Setup`](crate::Setup) that is not a position, with every reason why.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionError {
    problems: Vec<Problem>,
}

impl PositionError {
    /// The error listing `problems` (at least one).
    pub(crate) fn new(problems: Vec<Problem>) -> PositionError {
        PositionError { problems }
    }

    /// Every problem found, in the order pieces are counted (red before blue,
    /// kinds in [`PieceKind::ALL`] order), then the captains.
    #[must_use]
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }
}

impl fmt::Display for PositionError {
    /// Writes every problem on one line, separated by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", separated(&self.problems, "; "))
    }
}

impl std::error::Error for PositionError {}
