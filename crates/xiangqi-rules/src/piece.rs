//! Piece kinds and pieces.

use crate::Color;

/// The seven kinds of xiangqi piece. `Display` and `FromStr` use their
/// English names in lower case (`general`, `advisor`, `elephant`, `horse`,
/// `chariot`, `cannon`, `soldier`); FEN letters are
/// [`letter`](PieceKind::letter) and [`from_letter`](PieceKind::from_letter).
///
/// ```
/// use xiangqi_rules::PieceKind;
///
/// assert_eq!(PieceKind::Chariot.to_string(), "chariot");
/// assert_eq!("cannon".parse::<PieceKind>(), Ok(PieceKind::Cannon));
/// assert!("rook".parse::<PieceKind>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum PieceKind {
    /// General (king), `K`: one step orthogonally inside its palace.
    General = 0,
    /// Advisor, `A`: one step diagonally inside its palace.
    Advisor = 1,
    /// Elephant, `B` (also read `E`): two steps diagonally, blocked by the eye, never across the river.
    Elephant = 2,
    /// Horse, `N` (also read `H`): one step orthogonally then one diagonally outward, blocked by the leg.
    Horse = 3,
    /// Chariot, `R`: any distance orthogonally.
    Chariot = 4,
    /// Cannon, `C`: moves like a chariot, captures by jumping exactly one piece.
    Cannon = 5,
    /// Soldier, `P`: one step forward; after crossing the river also sideways.
    Soldier = 6,
}

impl PieceKind {
    /// Every kind, in the order of their index.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    /// The kinds in the order Chinese texts and tools list and number
    /// them, 车 马 相 仕 帅 炮 兵: chariot, horse, elephant, advisor,
    /// general, cannon, soldier. The horse task's piece codes 1 to 7 and
    /// CBR's board bytes number the kinds so.
    pub const CHINESE_ORDER: [PieceKind; 7] = [
        PieceKind::Chariot,
        PieceKind::Horse,
        PieceKind::Elephant,
        PieceKind::Advisor,
        PieceKind::General,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    /// An index from 0 (general) to 6 (soldier), for per-kind tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case FEN letter: `K A B N R C P`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            PieceKind::General => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }

    /// The kind a FEN letter names, in either case; `E` and `H` are read as elephant and horse.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter.to_ascii_uppercase() {
            'K' => PieceKind::General,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Soldier,
            _ => return None,
        })
    }

    /// The kind's English name in lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
        }
    }

    /// The kind's English name in the plural.
    #[must_use]
    pub const fn plural(self) -> &'static str {
        match self {
            PieceKind::General => "generals",
            PieceKind::Advisor => "advisors",
            PieceKind::Elephant => "elephants",
            PieceKind::Horse => "horses",
            PieceKind::Chariot => "chariots",
            PieceKind::Cannon => "cannons",
            PieceKind::Soldier => "soldiers",
        }
    }

    /// How many of this kind each side has at the start, which is also the most it can ever have.
    #[must_use]
    pub const fn max_count(self) -> u32 {
        match self {
            PieceKind::General => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }
}

board_geometry::impl_kind!(PieceKind, "a kind of piece", ParsePieceKindError);

/// A piece: a colour and a kind, such as the red chariot.
///
/// Its [`letter`](board_geometry::Piece::letter) is the FEN letter, upper
/// case for red; [`from_letter`](board_geometry::Piece::from_letter) also
/// reads `E` and `H`. `Display` writes `red chariot`.
///
/// ```
/// use xiangqi_rules::{Color, Piece, PieceKind};
///
/// let horse = Piece::new(Color::Black, PieceKind::Horse);
/// assert_eq!(horse.letter(), 'n');
/// assert_eq!(Piece::from_letter('h'), Some(horse));
/// assert_eq!(horse.to_string(), "black horse");
/// ```
pub type Piece = board_geometry::Piece<Color, PieceKind>;

#[cfg(test)]
mod tests {
    use board_geometry::testing::{assert_named, assert_none_parse, parse_error};

    use super::*;

    #[test]
    fn the_most_of_a_kind_is_what_each_side_starts_with() {
        let start = crate::Board::start();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                assert_eq!(start.by_piece(Piece::new(color, kind)).len(), kind.max_count(), "{color} {kind}");
            }
        }
    }

    #[test]
    fn kinds_read_back_by_name_and_nothing_else_does() {
        assert_named::<PieceKind>(&[
            "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
        ]);
        assert_none_parse::<PieceKind>(&["General", "K", "king", "", "chariots"]);
        assert_eq!(
            parse_error::<PieceKind>("rook"),
            "'rook' is not a kind of piece: use general, advisor, elephant, horse, chariot, cannon or soldier"
        );
    }

    #[test]
    fn fen_letters_round_trip_and_aliases_are_read() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
                assert_eq!(Piece::from_code(piece.code()), Some(piece));
            }
        }
        assert_eq!(Piece::from_letter('E'), Some(Piece::new(Color::Red, PieceKind::Elephant)));
        assert_eq!(Piece::from_letter('h'), Some(Piece::new(Color::Black, PieceKind::Horse)));
        for bad in ['x', 'Q', '1', '/', ' ', 'é'] {
            assert_eq!(Piece::from_letter(bad), None);
        }
        assert_eq!(Piece::new(Color::Black, PieceKind::Cannon).to_string(), "black cannon");
    }
}
