//! How a game ends.

use core::fmt;

use crate::Color;

/// How a game of duck chess has ended: a captain has been removed.
///
/// More ways for a game to end may come in later releases, so a `match` on
/// it needs a `_` arm; [`winner`], [`loser`] and [`reason`] answer for every
/// way.
///
/// [`winner`]: Outcome::winner
/// [`loser`]: Outcome::loser
/// [`reason`]: Outcome::reason
///
/// ```
/// use duck_rules::{Color, Outcome, Position};
///
/// let position: Position = "4R4/9/9/9/9/9/9/9/9/4K4 b".parse()?;
/// let outcome = position.outcome().expect("blue's captain is gone");
/// assert_eq!(outcome, Outcome::CaptainTaken { winner: Color::Red });
/// assert_eq!(outcome.to_string(), "red removed blue's captain: red wins");
/// assert_eq!((outcome.reason(), outcome.loser()), ("captain_taken", Color::Blue));
/// # Ok::<(), duck_rules::ParsePositionError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "reason", rename_all = "snake_case")
)]
#[non_exhaustive]
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

    /// How the game ended, in words without spaces: `captain_taken`.
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            Outcome::CaptainTaken { .. } => "captain_taken",
        }
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
