//! Which jumps the horse may make: the exercise's pin rule or full legality,
//! and the answer in the judge's words.

use core::fmt;

use super::{COORDINATES, Case};
use crate::tasks::Point;
use crate::{Color, Rank, Square, SquareSet};

/// Which of the horse's jumps count as moves: the one place where the task
/// and the full game differ, as a named switch.
///
/// In both modes a jump must first obey the piece rules, asked of the engine
/// ([`Board::moves_from`](crate::Board::moves_from)): a (2,1) jump on the
/// board, its leg (the point one step from the horse in the direction of the
/// 2-step) empty, and its target empty or holding a red piece.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The exercise's rule: the horse may not move at all when the black
    /// general, the horse and the red general stand on one column with the
    /// horse the only piece strictly between the generals (see
    /// [`Case::is_pinned`]). No other pin is considered.
    #[default]
    FlyingGeneralPin,
    /// Full xiangqi legality, going beyond the exercise: a jump is a move only
    /// if afterwards the black general (when there is one) is not attacked by
    /// any red piece, counting the facing-generals rule. This covers the
    /// exercise's pin, pins by chariots, cannons and horses, and moves that
    /// leave the general in check.
    FullLegality,
}

/// The points the black horse can move to: the judge's answer for one board.
///
/// `Display` writes the judge's exact text: each point as `(row,col)` on its
/// own line, top row first and left to right within a row, or the single line
/// `NONE` when the horse cannot move. Every line ends with a newline.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    targets: SquareSet,
}

impl Answer {
    /// The answer with these target points.
    #[must_use]
    pub const fn new(targets: SquareSet) -> Answer {
        Answer { targets }
    }

    /// The target points as a set of squares.
    #[must_use]
    pub const fn targets(&self) -> SquareSet {
        self.targets
    }

    /// Whether the horse cannot move at all.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The number of points the horse can move to (at most 8 in an answer
    /// from [`Case::moves`]).
    #[must_use]
    pub const fn len(&self) -> u32 {
        self.targets.len()
    }

    /// The target points in the judge's order: row ascending (from the top,
    /// rank 9 first), then column ascending.
    pub fn points(&self) -> impl Iterator<Item = Square> + '_ {
        let targets = self.targets;
        Rank::all().rev().flat_map(move |rank| (targets & SquareSet::rank(rank)).into_iter())
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("NONE\n");
        }
        for point in self.points() {
            writeln!(f, "{}", Point(COORDINATES, point))?;
        }
        Ok(())
    }
}

impl Case {
    /// The points the black horse can move to under `rule`.
    ///
    /// The jumps come from the engine's move generation; `rule` only decides
    /// which of them are kept.
    #[must_use]
    pub fn moves(&self, rule: Rule) -> Answer {
        let board = self.board();
        let horse = self.horse();
        let jumps = board.moves_from(horse);
        let targets = match rule {
            Rule::FlyingGeneralPin if self.is_pinned() => SquareSet::EMPTY,
            Rule::FlyingGeneralPin => jumps,
            Rule::FullLegality => jumps
                .into_iter()
                .filter(|&target| {
                    let mut after = *board;
                    let Some(piece) = after.remove(horse) else { return false };
                    after.put(target, piece);
                    after
                        .general(Color::Black)
                        .is_none_or(|general| after.attackers(general, Color::Red).is_empty())
                })
                .collect(),
        };
        Answer::new(targets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece};

    /// A board from rows of the task's matrix written as FEN-like letters:
    /// `.` empty, upper case red, lower case black.
    fn board(rows: [&str; 10]) -> Case {
        let mut board = Board::empty();
        for (row, text) in (0u8..).zip(rows) {
            for (column, letter) in (0u8..).zip(text.chars()) {
                if letter != '.' {
                    let point = COORDINATES.square(row.into(), column.into()).unwrap();
                    board.put(point, Piece::from_letter(letter).unwrap());
                }
            }
        }
        Case::new(board).unwrap()
    }

    fn answer(rows: [&str; 10], rule: Rule) -> String {
        board(rows).moves(rule).to_string()
    }

    const SAMPLE: [&str; 10] = [
        "....k.b..",
        "....a....",
        "........b",
        ".........",
        "nR.......",
        ".........",
        ".........",
        "....B....",
        "....A....",
        "....KA...",
    ];

    #[test]
    fn the_official_sample() {
        assert_eq!(answer(SAMPLE, Rule::FlyingGeneralPin), "(2,1)\n(6,1)\n");
        assert_eq!(answer(SAMPLE, Rule::FullLegality), "(2,1)\n(6,1)\n");
    }

    #[test]
    fn an_open_board_gives_eight_jumps_in_reading_order() {
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            "....n....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        let expected = "(2,3)\n(2,5)\n(3,2)\n(3,6)\n(5,2)\n(5,6)\n(6,3)\n(6,5)\n";
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), expected);
        assert_eq!(board(rows).moves(Rule::default()).len(), 8);
    }

    #[test]
    fn each_leg_hobbles_its_two_jumps() {
        let mut rows = [
            ".........",
            ".........",
            ".........",
            "....p....",
            "....n....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        // Up: a piece on (3,4) stops the jumps to row 2.
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(3,2)\n(3,6)\n(5,2)\n(5,6)\n(6,3)\n(6,5)\n");
        // Down: (5,4) stops the jumps to row 6.
        rows[3] = ".........";
        rows[5] = "....R....";
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(2,3)\n(2,5)\n(3,2)\n(3,6)\n(5,2)\n(5,6)\n");
        // Left: (4,3) stops the jumps to column 2.
        rows[5] = ".........";
        rows[4] = "...pn....";
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(2,3)\n(2,5)\n(3,6)\n(5,6)\n(6,3)\n(6,5)\n");
        // Right: (4,5) stops the jumps to column 6.
        rows[4] = "....nP...";
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(2,3)\n(2,5)\n(3,2)\n(5,2)\n(6,3)\n(6,5)\n");
        // All four legs: nothing left.
        rows[3] = "....C....";
        rows[4] = "...anP...";
        rows[5] = "....a....";
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "NONE\n");
    }

    #[test]
    fn red_targets_are_captures_and_black_targets_are_refused() {
        let rows = [
            ".........",
            ".........",
            "...R.p...",
            "..c...N..",
            "....n....",
            "..B...e..",
            ".........",
            "...k.K...",
            ".........",
            ".........",
        ];
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(2,3)\n(3,6)\n(5,2)\n(6,3)\n(6,5)\n");
    }

    #[test]
    fn corners_and_edges_cut_the_jumps() {
        let mut rows = [
            "n........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(1,2)\n(2,1)\n");
        rows[0] = ".........";
        rows[9] = "........n";
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(7,7)\n(8,6)\n");
        rows[9] = ".........";
        rows[5] = "........n";
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "(3,7)\n(4,6)\n(6,6)\n(7,7)\n");
    }

    #[test]
    fn the_pinned_horse_has_no_move_and_the_pin_is_only_the_stated_one() {
        let mut rows = [
            "....k....",
            ".........",
            ".........",
            ".........",
            "....n....",
            ".........",
            ".........",
            ".........",
            ".........",
            "....K....",
        ];
        assert_eq!(answer(rows, Rule::FlyingGeneralPin), "NONE\n");
        assert_eq!(answer(rows, Rule::FullLegality), "NONE\n");
        // A second piece between the generals: no pin.
        rows[7] = "....P....";
        assert_eq!(board(rows).moves(Rule::FlyingGeneralPin).len(), 8);
        assert_eq!(board(rows).moves(Rule::FullLegality).len(), 8);
        // A chariot pin is not the exercise's pin, but full legality sees it.
        rows[7] = ".........";
        rows[9] = "....R...K";
        rows[0] = "....k....";
        assert_eq!(board(rows).moves(Rule::FlyingGeneralPin).len(), 8);
        assert_eq!(answer(rows, Rule::FullLegality), "NONE\n");
    }

    #[test]
    fn generals_already_facing_do_not_pin_but_full_legality_wants_them_screened() {
        let rows = [
            "...k.....",
            ".........",
            ".....n...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "...K.....",
        ];
        assert_eq!(
            answer(rows, Rule::FlyingGeneralPin),
            "(0,4)\n(0,6)\n(1,3)\n(1,7)\n(3,3)\n(3,7)\n(4,4)\n(4,6)\n"
        );
        // Only the jumps onto column 3, between the generals, screen them.
        assert_eq!(answer(rows, Rule::FullLegality), "(1,3)\n(3,3)\n");
    }

    #[test]
    fn without_a_black_general_every_jump_is_legal() {
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            "....n....",
            ".........",
            ".........",
            ".........",
            ".........",
            "R...K...C",
        ];
        assert_eq!(board(rows).moves(Rule::FullLegality).len(), 8);
    }

    #[test]
    fn full_legality_may_capture_the_checking_piece() {
        // The red chariot on (2,4) checks the general on (0,4); the horse on
        // (4,3) may take it, and no other jump answers the check.
        let rows = [
            "....k....",
            ".........",
            "....R....",
            ".........",
            "...n.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        assert_eq!(answer(rows, Rule::FullLegality), "(2,4)\n");
        assert_eq!(board(rows).moves(Rule::FlyingGeneralPin).len(), 8);
    }
}
