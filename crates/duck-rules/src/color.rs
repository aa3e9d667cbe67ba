//! The two sides: red and blue.

/// One of the two sides. Red starts on rows 0..3 and moves first; blue starts on rows 6..9.
///
/// `Display` and `FromStr` use the judge's words, `red` and `blue`.
///
/// ```
/// use duck_rules::Color;
///
/// assert_eq!(Color::Red.to_string(), "red");
/// assert_eq!("blue".parse::<Color>(), Ok(Color::Blue));
/// assert_eq!(!Color::Red, Color::Blue);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Color {
    /// The side that starts on rows 0..3 and moves first.
    Red,
    /// The side that starts on rows 6..9.
    Blue,
}

impl Color {
    /// Both sides, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// The judge's word for the side: `red` or `blue`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }

    /// The letter naming the side to move in a position string: `r` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }

    /// The side named by `letter` (`r` or `b`) in a position string.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'r' => Some(Color::Red),
            'b' => Some(Color::Blue),
            _ => None,
        }
    }

    /// 0 for red, 1 for blue: an index into per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

board_geometry::impl_side!(Color, "a side", ParseColorError);

#[cfg(test)]
mod tests {
    use board_geometry::testing::{assert_named, parse_error};

    use super::*;

    #[test]
    fn names_letters_and_opponents() {
        assert_named::<Color>(&["red", "blue"]);
        for color in Color::ALL {
            assert_eq!(Color::from_letter(color.letter()), Some(color));
            assert_eq!(color.opponent().opponent(), color);
            assert_ne!(!color, color);
            assert_eq!(Color::ALL[color.index()], color);
        }
        assert_eq!(Color::Red.letter(), 'r');
        assert_eq!(Color::Blue.letter(), 'b');
        assert_eq!(Color::from_letter('R'), None);
        assert_eq!(parse_error::<Color>("Red"), "'Red' is not a side: use red or blue");
    }
}
