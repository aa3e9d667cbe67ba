//! The task's piece codes: 0 empty, 1..7 red, 11..17 black.

use crate::{Color, Piece, PieceKind};

/// The kinds in the order of their codes: chariot 1, horse 2, elephant 3,
/// advisor 4, general 5, cannon 6, soldier 7 (black adds 10).
const KINDS_BY_CODE: [PieceKind; 7] = PieceKind::CHINESE_ORDER;

/// What a number of the matrix means: `Some(None)` for an empty point,
/// `Some(Some(piece))` for a piece, `None` if it is not a code at all.
pub(super) fn piece_of_code(code: i64) -> Option<Option<Piece>> {
    let (color, offset) = match code {
        0 => return Some(None),
        1..=7 => (Color::Red, code - 1),
        11..=17 => (Color::Black, code - 11),
        _ => return None,
    };
    let kind = KINDS_BY_CODE.get(usize::try_from(offset).ok()?)?;
    Some(Some(Piece::new(color, *kind)))
}

/// The code of the black horse, the piece the task asks about.
pub(super) const BLACK_HORSE_CODE: u8 = 12;
/// The codes of the red and of the black general.
pub(super) const RED_GENERAL_CODE: u8 = 5;
pub(super) const BLACK_GENERAL_CODE: u8 = 15;
/// The smallest code of a black piece: every code from here up is black,
/// every code below it empty or red.
pub(super) const FIRST_BLACK_CODE: u8 = 11;

/// Whether `number` is a piece code, as [`piece_of_code`] reads them: 0
/// (an empty point), 1..7 or 11..17.
#[inline]
pub(super) const fn is_piece_code(number: u8) -> bool {
    matches!(number, 0..=7 | 11..=17)
}

/// The code of `piece`: 1..7 for red, 11..17 for black.
pub(super) fn code_of_piece(piece: Piece) -> u8 {
    let base = match piece.color {
        Color::Red => 1,
        Color::Black => 11,
    };
    let offset = KINDS_BY_CODE.iter().zip(0u8..).find(|(kind, _)| **kind == piece.kind).map_or(0, |(_, i)| i);
    base + offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_name_the_pieces_of_the_statement() {
        let named = [
            (1, "red chariot"),
            (2, "red horse"),
            (3, "red elephant"),
            (4, "red advisor"),
            (5, "red general"),
            (6, "red cannon"),
            (7, "red soldier"),
            (11, "black chariot"),
            (12, "black horse"),
            (13, "black elephant"),
            (14, "black advisor"),
            (15, "black general"),
            (16, "black cannon"),
            (17, "black soldier"),
        ];
        for (code, name) in named {
            let piece = piece_of_code(code).flatten().unwrap();
            assert_eq!(piece.to_string(), name);
            assert_eq!(i64::from(code_of_piece(piece)), code);
        }
        assert_eq!(piece_of_code(0), Some(None));
        assert_eq!(code_of_piece(Piece::new(Color::Black, PieceKind::Horse)), BLACK_HORSE_CODE);
        assert_eq!(code_of_piece(Piece::new(Color::Red, PieceKind::General)), RED_GENERAL_CODE);
        assert_eq!(code_of_piece(Piece::new(Color::Black, PieceKind::General)), BLACK_GENERAL_CODE);
        for bad in [-1, 8, 9, 10, 18, 20, 100, i64::MIN, i64::MAX] {
            assert_eq!(piece_of_code(bad), None, "{bad}");
        }
    }

    #[test]
    fn piece_codes_are_the_numbers_with_a_meaning() {
        for number in 0..=u8::MAX {
            assert_eq!(is_piece_code(number), piece_of_code(i64::from(number)).is_some(), "{number}");
            if let Some(Some(piece)) = piece_of_code(i64::from(number)) {
                assert_eq!(piece.color == Color::Black, number >= FIRST_BLACK_CODE, "{number}");
            }
        }
    }
}
