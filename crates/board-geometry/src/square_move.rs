//! A game's move of one piece from a square to a square: what every such
//! move type has, given by one macro.

/// Gives a game's move type, a struct of two public squares `from` and `to`
/// of grid `$grid`, what every game's move has:
///
/// - `new(from, to)`, a `const fn`;
/// - [`FromTo`](crate::FromTo), for the reasons a move is refused;
/// - [`Filler`](crate::Filler), the null move from the grid's first square
///   to itself, never legal, for the unused places of a move list;
/// - `Display`, and `Debug` alike: the two squares' names, `h2e2`;
/// - `FromStr`: the two squares' names as [`Square`](crate::Square) reads
///   them, with or without a `-` between them, so `h2e2`, `h2-e2` and
///   `H2-E2` are one move; any other text is refused with the `$error` that
///   `$refuse` makes of it.
///
/// The order of moves, and the notations a game has beside its squares'
/// names, are the game's own.
///
/// ```
/// use board_geometry::{BoundedList, FromTo, NineByTen, Square};
///
/// /// A move of the 9 x 10 board.
/// #[derive(Copy, Clone, PartialEq, Eq, Hash)]
/// pub struct Move {
///     /// Where the piece stands.
///     pub from: Square<NineByTen>,
///     /// Where it goes.
///     pub to: Square<NineByTen>,
/// }
///
/// /// A text that is not a move.
/// #[derive(Debug, PartialEq)]
/// pub struct NotAMove(String);
///
/// board_geometry::impl_move!(Move, NineByTen, NotAMove, |text| NotAMove(text.to_string()));
///
/// let mv: Move = "H2-E2".parse().expect("a move");
/// assert_eq!((mv.to_string(), format!("{mv:?}")), ("h2e2".to_string(), "h2e2".to_string()));
/// assert_eq!(mv, Move::new(mv.origin(), mv.destination()));
/// assert_eq!("h2e".parse::<Move>(), Err(NotAMove("h2e".to_string())));
/// assert!(BoundedList::<Move, 4>::new().is_empty());
/// ```
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
#[macro_export]
macro_rules! impl_move {
    ($type:ident, $grid:ty, $error:ty, $refuse:expr) => {
        impl $type {
            /// The move from `from` to `to`.
            #[must_use]
            pub const fn new(from: $crate::Square<$grid>, to: $crate::Square<$grid>) -> $type {
                $type { from, to }
            }
        }

        impl $crate::FromTo<$grid> for $type {
            fn origin(self) -> $crate::Square<$grid> {
                self.from
            }

            fn destination(self) -> $crate::Square<$grid> {
                self.to
            }
        }

        impl $crate::Filler for $type {
            /// The null move from the first square to itself (`a0a0`), never
            /// legal, for the unused places of a move list, which never hands
            /// them out.
            fn filler() -> $type {
                const CORNER: $crate::Square<$grid> = match $crate::Square::from_index(0) {
                    ::core::option::Option::Some(square) => square,
                    ::core::option::Option::None => unreachable!(),
                };
                $type::new(CORNER, CORNER)
            }
        }

        impl ::core::fmt::Display for $type {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{}{}", self.from, self.to)
            }
        }

        impl ::core::fmt::Debug for $type {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(self, f)
            }
        }

        impl ::core::str::FromStr for $type {
            type Err = $error;

            /// Reads the two squares' names, with or without a `-` between
            /// them, in either case: `h2e2`, `h2-e2`, `H2-E2`.
            fn from_str(text: &str) -> ::core::result::Result<$type, $error> {
                let refuse: fn(&str) -> $error = $refuse;
                match $crate::Square::<$grid>::parse_pair(text) {
                    ::core::option::Option::Some((from, to)) => {
                        ::core::result::Result::Ok($type::new(from, to))
                    }
                    ::core::option::Option::None => ::core::result::Result::Err(refuse(text)),
                }
            }
        }
    };
}
