//! The rules of the task and the five verdicts.

use super::Case;

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
    /// The five verdicts, in the order of the variants.
    pub const ALL: [Verdict; 5] = [
        Verdict::IllegalState,
        Verdict::IllegalMove,
        Verdict::MoveNotAllowed,
        Verdict::Continue,
        Verdict::Stop,
    ];

    /// The judge's line for this verdict, with its line end.
    #[must_use]
    pub const fn line(self) -> &'static str {
        match self {
            Verdict::IllegalState => "Illegal state\n",
            Verdict::IllegalMove => "Illegal move\n",
            Verdict::MoveNotAllowed => "Move not allowed\n",
            Verdict::Continue => "Continue\n",
            Verdict::Stop => "Stop\n",
        }
    }

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

board_geometry::impl_named!(Verdict, "a verdict", as_str);

/// Whether `value` lies between `a` and `b`, both included.
const fn within(value: u8, a: u8, b: u8) -> bool {
    if a < b { a <= value && value <= b } else { b <= value && value <= a }
}

impl Case {
    /// The verdict on this case.
    ///
    /// The rules in rows and columns: the queen moves along its row or column,
    /// not through or onto the king; it may not land next to the king
    /// (orthogonally), where the king could take it; and the king is stopped
    /// when each of its steps lies on the queen's new row or column (nothing
    /// then stands between it and the queen).
    #[must_use]
    pub fn verdict(self) -> Verdict {
        let Case { king, queen, new_queen } = self;
        if king == queen {
            return Verdict::IllegalState;
        }
        let (kr, kc) = (king.rank().index(), king.file().index());
        let (qr, qc) = (queen.rank().index(), queen.file().index());
        let (nr, nc) = (new_queen.rank().index(), new_queen.file().index());
        let through_or_onto_king =
            if qr == nr { kr == qr && within(kc, qc, nc) } else { kc == qc && within(kr, qr, nr) };
        if new_queen == queen || (qr != nr && qc != nc) || through_or_onto_king {
            return Verdict::IllegalMove;
        }
        if kr.abs_diff(nr) + kc.abs_diff(nc) == 1 {
            return Verdict::MoveNotAllowed;
        }
        // Once the king has stepped to a place nothing stands between it and
        // the queen, so the queen covers every place of its row and column.
        let steps = [
            (kr.wrapping_add(1), kc),
            (kr.wrapping_sub(1), kc),
            (kr, kc.wrapping_add(1)),
            (kr, kc.wrapping_sub(1)),
        ];
        let can_escape = steps.iter().any(|&(r, c)| r < 8 && c < 8 && r != nr && c != nc);
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
