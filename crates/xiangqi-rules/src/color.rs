//! The two sides.

use board_geometry::Half;

/// A side: red moves first and starts on ranks 0..4; black starts on ranks 5..9.
///
/// `Display` and `FromStr` use the colours' names, `red` and `black`.
///
/// ```
/// use xiangqi_rules::Color;
///
/// assert_eq!(Color::Red.to_string(), "red");
/// assert_eq!("black".parse::<Color>(), Ok(Color::Black));
/// assert_eq!(!Color::Red, Color::Black);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
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

board_geometry::impl_side!(Color, "a side", ParseColorError);

#[cfg(test)]
mod tests {
    use board_geometry::testing::{assert_named, assert_none_parse, parse_error};

    use super::*;

    #[test]
    fn names_read_back_and_nothing_else_does() {
        assert_named::<Color>(&["red", "black"]);
        for color in Color::ALL {
            assert_eq!(color.opponent().opponent(), color);
            assert_eq!(Color::ALL[color.index()], color);
        }
        assert_none_parse::<Color>(&["Red", "w", "b", "", " red", "blue"]);
        assert_eq!(parse_error::<Color>("Black"), "'Black' is not a side: use red or black");
    }
}
