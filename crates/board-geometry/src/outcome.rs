//! How a game ends: what every game's `Outcome` enum has, given by one macro.

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
///   `const fn winner(self) -> Option<$side>`.
///
/// The enum names its sides' type first: `side: Color,`.
///
/// ```
/// #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
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
/// impl Side {
///     const fn opponent(self) -> Side {
///         match self { Side::First => Side::Second, Side::Second => Side::First }
///     }
/// }
///
/// assert_eq!(Outcome::LastCounter { winner: Side::First }.against(), Some(Side::Second));
/// assert_eq!(Outcome::Abandoned.against(), None);
/// ```
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
    };
}
