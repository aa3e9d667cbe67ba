//! How a game ends.

use core::fmt;

use crate::Color;

/// How a game has ended: the side to move has no legal move and has lost,
/// whether it is in check (checkmate) or not (stalemate, which in xiangqi
/// loses too; there is no draw by stalemate).
///
/// More ways for a game to end (the repetition rulings, the move limit) may
/// come in later releases, so a `match` on it needs a `_` arm; [`winner`],
/// [`loser`] and [`reason`] answer for every way.
///
/// [`winner`]: Outcome::winner
/// [`loser`]: Outcome::loser
/// [`reason`]: Outcome::reason
///
/// ```
/// use xiangqi_rules::{Color, Outcome, Position};
///
/// let position: Position = "3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse()?;
/// assert_eq!(position.outcome(), Some(Outcome::Checkmate { winner: Color::Red }));
/// assert_eq!(position.outcome().map(|o| o.to_string()).as_deref(), Some("black is checkmated: red wins"));
/// let stalemated: Position = "3k5/R8/9/9/9/9/9/9/9/4RK3 b".parse()?;
/// let outcome = stalemated.outcome().expect("black cannot move");
/// assert_eq!((outcome.reason(), outcome.winner(), outcome.loser()), ("stalemate", Color::Red, Color::Black));
/// # Ok::<(), xiangqi_rules::ParsePositionError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "reason", rename_all = "snake_case")
)]
#[non_exhaustive]
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

    /// How the game ended, in one word: `checkmate` or `stalemate`.
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate { .. } => "stalemate",
        }
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
