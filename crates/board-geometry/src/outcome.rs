//! How a game ends: what every game's `Outcome` enum has, given by one macro,
//! and the trait that lets code written for any game ask who won.

use core::fmt::{Debug, Display};

use crate::Side;

/// How a game has ended, as code written once for every game sees it: who
/// won, if anyone. Every game's `Outcome` implements it (the [`outcome!`](crate::outcome)
/// macro does), and [`Game::Outcome`](crate::Game::Outcome) is one, so that
/// a generic search scores a finished game without knowing the game:
///
/// ```
/// use board_geometry::{Game, GameOutcome};
///
/// /// The score of a finished game for the side to move: a loss, a win or a draw.
/// fn terminal_score<G: Game>(position: &G) -> Option<i32> {
///     let outcome = position.outcome()?;
///     Some(match outcome.winner() {
///         Some(winner) if winner == position.turn() => 1,
///         Some(_) => -1,
///         None => 0,
///     })
/// }
/// ```
pub trait GameOutcome: Copy + Eq + Debug + Display {
    /// The sides of the game.
    type Color: Side;

    /// The side that won, or `None` for a draw.
    fn winner(self) -> Option<Self::Color>;

    /// Whether neither side won.
    fn is_draw(self) -> bool {
        self.winner().is_none()
    }
}

/// Declares a game's `Outcome` enum, the ways its games end, with what every
/// game's outcome has, so that programs written for one game read the
/// others':
///
/// - `Copy`, `Clone`, `Debug`, `PartialEq`, `Eq` and `Hash`;
/// - `#[non_exhaustive]`: a game may learn new ways to end;
/// - with the game crate's `serde` feature, `Serialize` and `Deserialize`
///   as an object whose field `reason` names the variant in kebab case
///   (`{"reason": "checkmate", "winner": "red"}`), the same word as the
///   game's `Reason::name`;
/// - `against`, the side ruled against, from the enum's own
///   `const fn winner(self) -> Option<$side>`;
/// - [`GameOutcome`], from the same `winner`, for code written once for
///   every game (the enum must also implement `Display`).
///
/// The enum names its sides' type first: `side: Color,`.
///
/// ```
/// use std::fmt;
/// use board_geometry::GameOutcome;
///
/// #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// // With `serde`, what the outcome holds must be serde too.
/// #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
/// enum Side { First, Second }
///
/// board_geometry::outcome! {
///     side: Side,
///     /// How a game of taking turns ends.
///     enum Outcome {
///         /// A side took the last counter.
///         LastCounter {
///             /// The side that took it.
///             winner: Side,
///         },
///         /// Both sides gave up.
///         Abandoned,
///     }
/// }
///
/// impl Outcome {
///     const fn winner(self) -> Option<Side> {
///         match self {
///             Outcome::LastCounter { winner } => Some(winner),
///             _ => None,
///         }
///     }
/// }
///
/// impl fmt::Display for Outcome {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         match self.winner() {
///             Some(winner) => write!(f, "{winner} took the last counter"),
///             None => f.write_str("abandoned"),
///         }
///     }
/// }
///
/// impl Side {
///     const fn opponent(self) -> Side {
///         match self { Side::First => Side::Second, Side::Second => Side::First }
///     }
/// }
/// # impl fmt::Display for Side {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { fmt::Debug::fmt(self, f) }
/// # }
/// # impl board_geometry::Side for Side {
/// #     const BOTH: [Side; 2] = [Side::First, Side::Second];
/// #     fn index(self) -> usize { self as usize }
/// # }
///
/// assert_eq!(Outcome::LastCounter { winner: Side::First }.against(), Some(Side::Second));
/// assert_eq!(Outcome::Abandoned.against(), None);
/// assert!(GameOutcome::is_draw(Outcome::Abandoned));
/// /// ```
#[macro_export]
macro_rules! outcome {
    (
        side: $side:ty,
        $(#[$attr:meta])*
        $vis:vis enum $name:ident { $($variants:tt)* }
    ) => {
        $(#[$attr])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(tag = "reason", rename_all = "kebab-case")
        )]
        #[non_exhaustive]
        $vis enum $name { $($variants)* }

        impl $name {
            /// The side ruled against, which lost, or `None` if no side lost.
            #[must_use]
            $vis const fn against(self) -> Option<$side> {
                match self.winner() {
                    Some(winner) => Some(winner.opponent()),
                    None => None,
                }
            }
        }

        impl $crate::GameOutcome for $name {
            type Color = $side;

            #[inline]
            fn winner(self) -> Option<$side> {
                <$name>::winner(self)
            }
        }
    };
}
