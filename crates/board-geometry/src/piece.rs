//! Pieces in the abstract: two sides, some kinds, and a piece that is one of each.

use core::fmt::{self, Debug, Display};
use core::hash::Hash;

/// The two sides of a game. Each game names them (red and black, red and
/// blue); what the board needs to know is which one moves first.
pub trait Side: Copy + Eq + Ord + Hash + Debug + Display + Send + Sync + 'static {
    /// Both sides, the one that moves first first.
    const BOTH: [Self; 2];

    /// 0 for the side that moves first, 1 for the other: an index into per-side tables.
    fn index(self) -> usize;
}

/// The kinds of piece of a game: at most [`Kind::MAX`], each with an upper-case letter.
pub trait Kind: Copy + Eq + Ord + Hash + Debug + Display + Send + Sync + 'static {
    /// The most kinds a game may have.
    const MAX: usize = 8;

    /// Every kind, in the order of [`Kind::index`].
    const ALL: &'static [Self];

    /// The kind's position in [`Kind::ALL`].
    fn index(self) -> usize;

    /// The kind's letter in upper case.
    fn letter(self) -> char;

    /// The kind an upper-case letter names (a game may accept several letters for one kind).
    fn from_letter(letter: char) -> Option<Self>;
}

/// Makes a game's two-valued enum of sides a [`Side`], with its text
/// ([`impl_named!`](crate::impl_named)) and `!` for the other side: the
/// enum's variants are the two sides in order (`as usize` gives 0 and 1),
/// and it has `ALL`, `const fn name(self)` and `const fn opponent(self)`.
/// A name given third is declared as the type of its `FromStr` errors, a
/// [`ParseNameError`](crate::ParseNameError) (`ParseColorError`).
///
/// ```
/// use board_geometry::Side;
///
/// #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// enum Colour { White, Black }
///
/// impl Colour {
///     const ALL: [Colour; 2] = [Colour::White, Colour::Black];
///     const fn name(self) -> &'static str {
///         match self { Colour::White => "white", Colour::Black => "black" }
///     }
///     const fn opponent(self) -> Colour {
///         match self { Colour::White => Colour::Black, Colour::Black => Colour::White }
///     }
/// }
///
/// board_geometry::impl_side!(Colour, "a side", ParseColourError);
///
/// assert_eq!(!Colour::White, Colour::Black);
/// assert_eq!(Side::index(Colour::Black), 1);
/// assert_eq!("black".parse::<Colour>(), Ok(Colour::Black));
/// let error: ParseColourError = "blue".parse::<Colour>().unwrap_err();
/// assert_eq!(error.to_string(), "'blue' is not a side: use white or black");
/// ```
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
#[macro_export]
macro_rules! impl_side {
    ($type:ident, $what:literal $(, $error:ident)?) => {
        $crate::impl_named!($type, $what, name $(, $error)?);

        impl $crate::Side for $type {
            const BOTH: [$type; 2] = $type::ALL;

            fn index(self) -> usize {
                self as usize
            }
        }

        impl ::core::ops::Not for $type {
            type Output = $type;

            /// The other side.
            fn not(self) -> $type {
                self.opponent()
            }
        }
    };
}

/// Makes a game's enum of piece kinds a [`Kind`], with its text
/// ([`impl_named!`](crate::impl_named)): the variants in the order of `ALL`
/// (`as usize` gives each one's index), with `const fn name(self)`,
/// `const fn letter(self) -> char` and `const fn from_letter(char) ->
/// Option<Self>`. A name given third is declared as the type of its
/// `FromStr` errors, as [`impl_side!`](crate::impl_side) does.
///
/// ```
/// use board_geometry::Kind;
///
/// #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// enum Man { King, Queen }
///
/// impl Man {
///     const ALL: [Man; 2] = [Man::King, Man::Queen];
///     const fn name(self) -> &'static str {
///         match self { Man::King => "king", Man::Queen => "queen" }
///     }
///     const fn letter(self) -> char {
///         match self { Man::King => 'K', Man::Queen => 'Q' }
///     }
///     const fn from_letter(letter: char) -> Option<Man> {
///         match letter { 'K' => Some(Man::King), 'Q' => Some(Man::Queen), _ => None }
///     }
/// }
///
/// board_geometry::impl_kind!(Man, "a kind of piece", ParseManError);
///
/// assert_eq!(Kind::index(Man::Queen), 1);
/// assert_eq!(<Man as Kind>::from_letter('K'), Some(Man::King));
/// assert_eq!(Man::Queen.to_string(), "queen");
/// assert!("rook".parse::<Man>().is_err_and(|error: ParseManError| error.text() == "rook"));
/// ```
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
#[macro_export]
macro_rules! impl_kind {
    ($type:ident, $what:literal $(, $error:ident)?) => {
        $crate::impl_named!($type, $what, name $(, $error)?);

        impl $crate::Kind for $type {
            const ALL: &'static [$type] = &$type::ALL;

            fn index(self) -> usize {
                self as usize
            }

            fn letter(self) -> char {
                $type::letter(self)
            }

            fn from_letter(letter: char) -> Option<$type> {
                $type::from_letter(letter)
            }
        }
    };
}

/// A piece: a side and a kind.
///
/// Its letter is the kind's letter, upper case for the side that moves
/// first and lower case for the other, as position strings write it;
/// `Display` writes the side and the kind, such as `red chariot`.
///
/// ```
/// use board_geometry::{Kind, Piece, Side};
/// # use std::fmt;
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Colour { White, Black }
/// # impl fmt::Display for Colour {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(if *self == Colour::White { "white" } else { "black" }) }
/// # }
/// # impl Side for Colour {
/// #     const BOTH: [Colour; 2] = [Colour::White, Colour::Black];
/// #     fn index(self) -> usize { self as usize }
/// # }
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # enum Man { King, Queen }
/// # impl fmt::Display for Man {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(if *self == Man::King { "king" } else { "queen" }) }
/// # }
/// # impl Kind for Man {
/// #     const ALL: &'static [Man] = &[Man::King, Man::Queen];
/// #     fn index(self) -> usize { self as usize }
/// #     fn letter(self) -> char { if self == Man::King { 'K' } else { 'Q' } }
/// #     fn from_letter(letter: char) -> Option<Man> { Man::ALL.iter().copied().find(|m| m.letter() == letter) }
/// # }
/// let queen = Piece::new(Colour::Black, Man::Queen);
/// assert_eq!(queen.letter(), 'q');
/// assert_eq!(Piece::from_letter('q'), Some(queen));
/// assert_eq!(queen.to_string(), "black queen");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece<S, K> {
    /// The side the piece belongs to.
    pub color: S,
    /// What kind of piece it is.
    pub kind: K,
}

impl<S, K> Piece<S, K> {
    /// The piece of `kind` belonging to `color`.
    #[must_use]
    pub const fn new(color: S, kind: K) -> Self {
        Piece { color, kind }
    }
}

impl<S: Side, K: Kind> Piece<S, K> {
    /// The piece's letter: the kind's, upper case for the first side and lower case for the other.
    #[must_use]
    pub fn letter(self) -> char {
        let letter = self.kind.letter();
        if self.color.index() == 0 { letter } else { letter.to_ascii_lowercase() }
    }

    /// The piece a letter names: an upper-case letter is the first side's, a
    /// lower-case one the other side's.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Self> {
        if !letter.is_ascii_alphabetic() {
            return None;
        }
        let color = S::BOTH[usize::from(letter.is_ascii_lowercase())];
        K::from_letter(letter.to_ascii_uppercase()).map(|kind| Piece { color, kind })
    }

    /// A compact code for the piece, from 1 to 16: `1 + 8 * side + kind`.
    /// Zero is left free to mean "no piece".
    #[must_use]
    pub fn code(self) -> u8 {
        // At most two sides and `Kind::MAX` kinds, so the code fits in a byte.
        (1 + self.color.index() * K::MAX + self.kind.index()) as u8
    }

    /// The piece of a [`Piece::code`], or `None` for 0 and codes of no piece.
    #[must_use]
    pub fn from_code(code: u8) -> Option<Self> {
        let index = usize::from(code.checked_sub(1)?);
        let color = *S::BOTH.get(index / K::MAX)?;
        let kind = *K::ALL.get(index % K::MAX)?;
        Some(Piece { color, kind })
    }
}

impl<S: Display, K: Display> Display for Piece<S, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind)
    }
}
