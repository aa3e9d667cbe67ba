//! The two sides.

use core::fmt;
use core::ops::Not;

use board_geometry::{Half, Side};

/// A side: red moves first and starts on ranks 0..4; black starts on ranks 5..9.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Red, written in upper case in FEN, at the bottom of the board.
    Red = 0,
    /// Black, written in lower case in FEN, at the top of the board.
    Black = 1,
}

impl Color {
    /// Both colours, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// The half of the board this side starts in (its side of the river).
    #[must_use]
    pub const fn home_half(self) -> Half {
        match self {
            Color::Red => Half::Lower,
            Color::Black => Half::Upper,
        }
    }

    /// `0` for red, `1` for black: an index into per-colour tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's name in lower case: `red` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// The letter for the side to move in FEN: `w` for red (as most tools write it), `b` for black.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }
}

impl Side for Color {
    const BOTH: [Color; 2] = Color::ALL;

    fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
