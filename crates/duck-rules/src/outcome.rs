//! How a game ends.

use core::fmt;

use crate::Color;

/// How a game of duck chess has ended: a captain has been removed.
///
/// ```
/// use duck_rules::{Color, Outcome, Position};
///
/// let position: Position = "4R4/9/9/9/9/9/9/9/9/4K4 b".parse()?;
/// let outcome = position.outcome().expect("blue's captain is gone");
/// assert_eq!(outcome, Outcome::CaptainTaken { winner: Color::Red });
/// assert_eq!(outcome.to_string(), "red removed blue's captain: red wins");
/// # Ok::<(), duck_rules::ParsePositionError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The winner removed the other side's captain.
    CaptainTaken {
        /// The side that removed it.
        winner: Color,
    },
}

impl Outcome {
    /// The side that won.
    #[must_use]
    pub const fn winner(self) -> Color {
        match self {
            Outcome::CaptainTaken { winner } => winner,
        }
    }

    /// The side that lost.
    #[must_use]
    pub const fn loser(self) -> Color {
        self.winner().opponent()
    }
}

impl fmt::Display for Outcome {
    /// Writes `red removed blue's captain: red wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::CaptainTaken { winner } => {
                write!(f, "{winner} removed {}'s captain: {winner} wins", winner.opponent())
            }
        }
    }
}
