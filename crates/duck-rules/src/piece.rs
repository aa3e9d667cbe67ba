//! Pieces: the seven kinds, and a kind together with its side.

use crate::Color;

/// The seven kinds of piece. `Display` and `FromStr` use the judge's words
/// (`captain`, `guard`, `elephant`, `horse`, `car`, `duck`, `soldier`).
///
/// How each kind moves is [`PieceKind::movement`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum PieceKind {
    /// Steps one point orthogonally. Its removal ends the game.
    Captain,
    /// Steps one point diagonally.
    Guard,
    /// Jumps two points diagonally over an empty midpoint.
    Elephant,
    /// One point orthogonally, then one diagonally outward; the first point must be empty.
    Horse,
    /// Slides any distance along its row or column without passing over a piece.
    Car,
    /// One point orthogonally, then two diagonally outward; both points passed must be empty.
    Duck,
    /// Steps to any of the eight neighbouring points, backwards and diagonally too.
    Soldier,
}

impl PieceKind {
    /// Every kind, in the order of the judge's list.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::Captain,
        PieceKind::Guard,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Car,
        PieceKind::Duck,
        PieceKind::Soldier,
    ];

    /// The judge's word for the kind.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Captain => "captain",
            PieceKind::Guard => "guard",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Car => "car",
            PieceKind::Duck => "duck",
            PieceKind::Soldier => "soldier",
        }
    }

    /// The upper-case letter of the kind in a position string: `K` captain
    /// (`C` would clash with the car), `G` guard, `E` elephant, `H` horse,
    /// `R` car (the xiangqi chariot's letter), `D` duck, `S` soldier.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Captain => 'K',
            PieceKind::Guard => 'G',
            PieceKind::Elephant => 'E',
            PieceKind::Horse => 'H',
            PieceKind::Car => 'R',
            PieceKind::Duck => 'D',
            PieceKind::Soldier => 'S',
        }
    }

    /// The kind whose upper-case [`letter`](PieceKind::letter) is `letter`.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        match letter {
            'K' => Some(PieceKind::Captain),
            'G' => Some(PieceKind::Guard),
            'E' => Some(PieceKind::Elephant),
            'H' => Some(PieceKind::Horse),
            'R' => Some(PieceKind::Car),
            'D' => Some(PieceKind::Duck),
            'S' => Some(PieceKind::Soldier),
            _ => None,
        }
    }

    /// How many pieces of this kind each side starts with. Pieces are never
    /// added to the board, so no side can have more.
    #[must_use]
    pub const fn initial_count(self) -> u8 {
        match self {
            PieceKind::Captain => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }

    /// The position of the kind in [`PieceKind::ALL`]: an index into per-kind tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

board_geometry::impl_kind!(PieceKind, "a kind of piece", ParsePieceKindError);

/// A piece: a kind and the side it belongs to.
///
/// `Display` writes the judge's `<color> <kind>`, such as `blue car`; its
/// [`letter`](board_geometry::Piece::letter) is the kind's letter in a
/// position string, upper case for red and lower case for blue.
///
/// ```
/// use duck_rules::{Color, Piece, PieceKind};
///
/// let piece = Piece::new(Color::Blue, PieceKind::Car);
/// assert_eq!(piece.to_string(), "blue car");
/// assert_eq!(piece.letter(), 'r');
/// assert_eq!(Piece::from_letter('R'), Some(Piece::new(Color::Red, PieceKind::Car)));
/// ```
pub type Piece = board_geometry::Piece<Color, PieceKind>;

#[cfg(test)]
mod tests {
    use board_geometry::testing::assert_named;

    use super::*;

    #[test]
    fn kinds_have_the_judges_names_and_distinct_letters() {
        assert_named::<PieceKind>(&["captain", "guard", "elephant", "horse", "car", "duck", "soldier"]);
        for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
            assert_eq!(kind.index(), i);
            assert_eq!(PieceKind::from_letter(kind.letter()), Some(kind));
        }
        let letters: String = PieceKind::ALL.iter().map(|k| k.letter()).collect();
        assert_eq!(letters, "KGEHRDS");
        assert!("king".parse::<PieceKind>().is_err());
    }

    #[test]
    fn each_side_starts_with_sixteen_pieces() {
        let total: u32 = PieceKind::ALL.iter().map(|k| u32::from(k.initial_count())).sum();
        assert_eq!(total, 16);
    }

    #[test]
    fn piece_letters_are_upper_case_for_red_and_lower_case_for_blue() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
                assert_eq!(piece.letter().is_ascii_uppercase(), color == Color::Red);
            }
        }
        assert_eq!(Piece::new(Color::Red, PieceKind::Guard).to_string(), "red guard");
        for letter in ['x', 'X', 'c', 'C', '1', '/', ' ', 'é'] {
            assert_eq!(Piece::from_letter(letter), None, "{letter:?}");
        }
        assert_eq!(Piece::from_letter('K'), Some(Piece::new(Color::Red, PieceKind::Captain)));
        assert_eq!(Piece::from_letter('k'), Some(Piece::new(Color::Blue, PieceKind::Captain)));
    }
}
