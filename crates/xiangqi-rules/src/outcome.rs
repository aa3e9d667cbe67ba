//! How a game ends.

use core::fmt;

use crate::Color;

/// How a game has ended: the side to move has no legal move and has lost,
/// whether it is in check (checkmate) or not (stalemate, which in xiangqi
/// loses too; there is no draw by stalemate).
///
/// ```
/// use xiangqi_rules::{Color, Outcome, Position};
///
/// let position: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse()?;
/// assert_eq!(position.outcome(), Some(Outcome::Checkmate { winner: Color::Red }));
/// assert_eq!(position.outcome().map(|o| o.to_string()).as_deref(), Some("black is checkmated: red wins"));
/// # Ok::<(), xiangqi_rules::ParsePositionError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The loser is in check and has no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The loser is not in check but has no legal move.
    Stalemate {
        /// The side whose opponent cannot move.
        winner: Color,
    },
}

impl Outcome {
    /// The side that won.
    #[must_use]
    pub const fn winner(self) -> Color {
        match self {
            Outcome::Checkmate { winner } | Outcome::Stalemate { winner } => winner,
        }
    }

    /// The side that lost.
    #[must_use]
    pub const fn loser(self) -> Color {
        self.winner().opponent()
    }
}

impl fmt::Display for Outcome {
    /// Writes `black is checkmated: red wins` or `black is stalemated, which loses in xiangqi: red wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Checkmate { winner } => write!(f, "{} is checkmated: {winner} wins", winner.opponent()),
            Outcome::Stalemate { winner } => {
                write!(f, "{} is stalemated, which loses in xiangqi: {winner} wins", winner.opponent())
            }
        }
    }
}
