//! The rules of the task and the five verdicts.

use core::fmt;

use board_geometry::{Offset, SquareSet};

use super::Case;
use crate::Place;

/// The judge's answer to one case; `Display` writes the judge's exact text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// King and queen stand on the same place.
    IllegalState,
    /// The queen cannot move to the new place: not on its row or column,
    /// through or onto the king, or not a move at all.
    IllegalMove,
    /// The queen's move is legal but lands next to the king, where the king could take it.
    MoveNotAllowed,
    /// The move is allowed and the king still has a place to go.
    Continue,
    /// The move is allowed and the king has nowhere to go.
    Stop,
}

impl Verdict {
    /// The judge's text for this verdict.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::IllegalState => "Illegal state",
            Verdict::IllegalMove => "Illegal move",
            Verdict::MoveNotAllowed => "Move not allowed",
            Verdict::Continue => "Continue",
            Verdict::Stop => "Stop",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The places the king can step to: one place up, down, left or right.
fn king_steps(king: Place) -> impl Iterator<Item = Place> + Clone {
    Offset::ORTHOGONAL.into_iter().filter_map(move |step| king.offset(step))
}

impl Case {
    /// The verdict on this case.
    #[must_use]
    pub fn verdict(self) -> Verdict {
        let Case { king, queen, new_queen } = self;
        if king == queen {
            return Verdict::IllegalState;
        }
        let along_rank_or_file = queen.file() == new_queen.file() || queen.rank() == new_queen.rank();
        let through_or_onto_king = SquareSet::between(queen, new_queen).with(new_queen).contains(king);
        if new_queen == queen || !along_rank_or_file || through_or_onto_king {
            return Verdict::IllegalMove;
        }
        if king_steps(king).any(|step| step == new_queen) {
            return Verdict::MoveNotAllowed;
        }
        // Once the king has stepped to a place nothing stands between it and
        // the queen, so the queen covers every place of its row and column.
        let can_escape =
            king_steps(king).any(|step| step.file() != new_queen.file() && step.rank() != new_queen.rank());
        if can_escape { Verdict::Continue } else { Verdict::Stop }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(line: &str) -> Verdict {
        line.parse::<Case>().unwrap().verdict()
    }

    #[test]
    fn official_sample() {
        let sample = [
            ("17 17 49", "Illegal state"),
            ("17 49 56", "Illegal move"),
            ("17 49 9", "Illegal move"),
            ("17 49 17", "Illegal move"),
            ("17 49 25", "Move not allowed"),
            ("17 49 33", "Continue"),
            ("17 49 41", "Continue"),
            ("17 49 49", "Illegal move"),
            ("56 48 49", "Stop"),
        ];
        for (line, expected) in sample {
            assert_eq!(verdict(line).to_string(), expected, "{line}");
        }
    }

    #[test]
    fn places_seven_and_eight_are_neither_on_one_row_nor_adjacent() {
        assert_eq!(verdict("7 16 8"), Verdict::Continue);
        assert_eq!(verdict("0 7 8"), Verdict::IllegalMove, "the queen may not wrap from 7 to 8");
        assert_eq!(verdict("20 8 7"), Verdict::IllegalMove);
    }

    #[test]
    fn the_queen_cannot_pass_through_the_king() {
        assert_eq!(verdict("17 1 33"), Verdict::IllegalMove);
        assert_eq!(verdict("17 16 18"), Verdict::IllegalMove);
        assert_eq!(verdict("17 1 9"), Verdict::MoveNotAllowed);
    }

    #[test]
    fn a_king_in_each_corner_can_be_stopped() {
        for (king, queen, new_queen) in [(0, 10, 9), (7, 13, 14), (56, 48, 49), (63, 53, 54)] {
            let case = Case::from_numbers(king, queen, new_queen).unwrap();
            assert_eq!(case.verdict(), Verdict::Stop, "{case:?}");
        }
    }
}
