//! Where a game stands: whose move it is, or who has won.

use core::fmt;

use crate::Color;

/// Where a game stands, as [`Position::status`](crate::Position::status) reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    ToMove {
        /// The side to move.
        side: Color,
        /// Whether some piece of either side could move onto the other side's captain.
        check: bool,
    },
    /// A captain has been removed.
    Over {
        /// The side that removed the other's captain.
        winner: Color,
    },
}

impl fmt::Display for Status {
    /// Writes `red to move`, `blue to move, check` or `game over: red removed blue's captain`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Status::ToMove { side, check: false } => write!(f, "{side} to move"),
            Status::ToMove { side, check: true } => write!(f, "{side} to move, check"),
            Status::Over { winner } => {
                write!(f, "game over: {winner} removed {}'s captain", winner.opponent())
            }
        }
    }
}
