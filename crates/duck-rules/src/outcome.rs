//! How a game ends.

use core::fmt;

use crate::Color;

// The derives, `#[non_exhaustive]`, the serde form (tagged by the reason) and
// `against`, as every game's outcome has them.
board_geometry::outcome! {
    side: Color,
    /// How a game of duck chess has ended: a captain has been removed.
    ///
    /// More ways for a game to end may come in later releases, so a `match` on
    /// it needs a `_` arm; [`winner`], [`against`] and [`reason`] answer for
    /// every way, with the same names and meanings as xiangqi-rules' `Outcome`
    /// (whose draws make `winner` an `Option` there too).
    ///
    /// [`winner`]: Outcome::winner
    /// [`against`]: Outcome::against
    /// [`reason`]: Outcome::reason
    ///
    /// ```
    /// use duck_rules::{Color, Outcome, Position};
    ///
    /// let position: Position = "4R4/9/9/9/9/9/9/9/9/4K4 b".parse()?;
    /// let outcome = position.outcome().expect("blue's captain is gone");
    /// assert_eq!(outcome, Outcome::CaptainTaken { winner: Color::Red });
    /// assert_eq!(outcome.to_string(), "red removed blue's captain: red wins");
    /// assert_eq!((outcome.reason().name(), outcome.against()), ("captain-taken", Some(Color::Blue)));
    /// # Ok::<(), duck_rules::ParsePositionError>(())
    /// ```
    pub enum Outcome {
        /// The winner removed the other side's captain.
        CaptainTaken {
            /// The side that removed it.
            winner: Color,
        },
    }
}

/// Why a game ended, one word for each kind of [`Outcome`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Reason {
    /// [`Outcome::CaptainTaken`].
    CaptainTaken,
}

impl Reason {
    /// Every reason, in the order of the variants.
    pub const ALL: [Reason; 1] = [Reason::CaptainTaken];

    /// The reason as one lower-case word: `captain-taken`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::CaptainTaken => "captain-taken",
        }
    }
}

board_geometry::impl_named!(Reason, "a reason a game ends");

impl Outcome {
    /// The side that won (every duck chess ending has one).
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::CaptainTaken { winner } => Some(winner),
        }
    }

    /// Why the game ended.
    #[must_use]
    pub const fn reason(self) -> Reason {
        match self {
            Outcome::CaptainTaken { .. } => Reason::CaptainTaken,
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
