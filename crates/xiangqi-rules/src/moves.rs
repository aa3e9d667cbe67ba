//! Moves in ICCS coordinate notation, and fixed-capacity move lists.

use core::fmt;

use crate::Square;

/// A move from one point to another, written in ICCS notation: `h2e2`.
///
/// A move says nothing about which piece moves or whether it is legal; ask a
/// [`Position`](crate::Position) for that.
///
/// ```
/// use xiangqi_rules::Move;
///
/// let mv: Move = "H2-E2".parse()?;
/// assert_eq!(mv.to_string(), "h2e2");
/// assert_eq!(mv, "h2e2".parse()?);
/// # Ok::<(), xiangqi_rules::ParseMoveError>(())
/// ```
///
/// There is no `Default` move: no move is legal in every position, so a
/// default one would only stand for a move not yet known, which an
/// `Option<Move>` says better.
///
/// ```compile_fail
/// let mv = xiangqi_rules::Move::default();
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point the piece goes to.
    pub to: Square,
}

board_geometry::impl_move!(Move, board_geometry::NineByTen, ParseMoveError, |text| ParseMoveError {
    text: text.to_string()
});

impl Move {
    /// The order of the ICCS text: by file, then rank, of the source, then of the target.
    fn iccs_key(self) -> (u8, u8, u8, u8) {
        let key = |square: Square| (square.file().index(), square.rank().index());
        let ((a, b), (c, d)) = (key(self.from), key(self.to));
        (a, b, c, d)
    }
}

impl Ord for Move {
    /// Moves order as their ICCS text does: `a0a1` < `a0a2` < `b0a2`.
    fn cmp(&self, other: &Move) -> core::cmp::Ordering {
        self.iccs_key().cmp(&other.iccs_key())
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The text is not an ICCS move such as `h2e2`, `h2-e2` or `H2-E2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    text: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a move in ICCS notation such as h2e2 (files a-i, ranks 0-9)", self.text)
    }
}

impl std::error::Error for ParseMoveError {}

/// The most moves any valid position can have: fifteen pieces with the
/// seventeen moves of a chariot or cannon on an open board, and a general's four.
pub const MAX_MOVES: usize = 15 * 17 + 4;

/// A list of moves on the stack, large enough for any valid position; it
/// dereferences to a slice, so `moves.sort_unstable()` puts it in ICCS order.
pub type MoveList = board_geometry::BoundedList<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use board_geometry::testing::{assert_none_parse, parse_error};

    use super::*;

    #[test]
    fn iccs_moves_parse_in_every_accepted_form() {
        let mv: Move = "h2e2".parse().unwrap();
        assert_eq!(mv.from.to_string(), "h2");
        assert_eq!(mv.to.to_string(), "e2");
        assert_eq!(format!("{mv:?}"), "h2e2", "Debug shows the ICCS text too");
        for text in ["H2-E2", "h2-e2", "H2E2", "h2E2"] {
            assert_eq!(text.parse::<Move>(), Ok(mv), "{text}");
        }
        assert_none_parse::<Move>(&[
            "", "h2", "h2e", "h2e2e", "h2_e2", "j2e2", "h2e10", "h2--e2", "h-2e2", "é2e2",
        ]);
        assert_eq!(
            parse_error::<Move>("z9a0"),
            "'z9a0' is not a move in ICCS notation such as h2e2 (files a-i, ranks 0-9)"
        );
    }

    #[test]
    fn move_lists_sort_by_iccs_text() {
        let mut list = MoveList::new();
        for text in ["h2e2", "a0a1", "b2b9", "a3a4", "h2h9"] {
            list.push(text.parse().unwrap());
        }
        list.sort_unstable();
        let sorted: Vec<String> = list.iter().map(ToString::to_string).collect();
        let mut expected = sorted.clone();
        expected.sort();
        assert_eq!(sorted, expected);
        list.retain(|mv| mv.from.file().letter() != 'h');
        assert_eq!(list.len(), 3);
    }
}
