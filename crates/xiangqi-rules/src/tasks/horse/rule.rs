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
    use crate::Setup;

    /// The case on a board written as a FEN placement. FEN's ranks run from
    /// the top of the board down, so rank `n` of the text is the task's row
    /// `n` (from 0), and its columns read left to right: the `(row,col)` of a
    /// piece can be read off the string.
    fn case(placement: &str) -> Case {
        let setup: Setup = format!("{placement} b").parse().unwrap();
        Case::new(setup.board).unwrap()
    }

    fn answer(placement: &str, rule: Rule) -> String {
        case(placement).moves(rule).to_string()
    }

    /// Checks the answer under `rule` for each `(what, placement, expected)`.
    fn assert_answers(rule: Rule, cases: &[(&str, &str, &str)]) {
        for &(what, placement, expected) in cases {
            assert_eq!(answer(placement, rule), expected, "{what}");
        }
    }

    /// How many points the horse can move to.
    fn jumps(placement: &str, rule: Rule) -> u32 {
        case(placement).moves(rule).len()
    }

    /// A black horse alone in the middle of the board, on (4,4).
    const OPEN: &str = "9/9/9/9/4n4/9/9/9/9/9";

    #[test]
    fn the_official_sample() {
        const SAMPLE: &str = "4k1b2/4a4/8b/9/nR7/9/9/4B4/4A4/4KA3";
        assert_eq!(answer(SAMPLE, Rule::FlyingGeneralPin), "(2,1)\n(6,1)\n");
        assert_eq!(answer(SAMPLE, Rule::FullLegality), "(2,1)\n(6,1)\n");
    }

    #[test]
    fn an_open_board_gives_eight_jumps_in_reading_order() {
        let expected = "(2,3)\n(2,5)\n(3,2)\n(3,6)\n(5,2)\n(5,6)\n(6,3)\n(6,5)\n";
        assert_eq!(answer(OPEN, Rule::FlyingGeneralPin), expected);
        assert_eq!(jumps(OPEN, Rule::default()), 8);
    }

    #[test]
    fn each_leg_hobbles_its_two_jumps() {
        // The horse on (4,4) with its legs at (3,4), (5,4), (4,3) and (4,5).
        assert_answers(
            Rule::FlyingGeneralPin,
            &[
                (
                    "up: (3,4) stops the jumps to row 2",
                    "9/9/9/4p4/4n4/9/9/9/9/9",
                    "(3,2)\n(3,6)\n(5,2)\n(5,6)\n(6,3)\n(6,5)\n",
                ),
                (
                    "down: (5,4) stops the jumps to row 6",
                    "9/9/9/9/4n4/4R4/9/9/9/9",
                    "(2,3)\n(2,5)\n(3,2)\n(3,6)\n(5,2)\n(5,6)\n",
                ),
                (
                    "left: (4,3) stops the jumps to column 2",
                    "9/9/9/9/3pn4/9/9/9/9/9",
                    "(2,3)\n(2,5)\n(3,6)\n(5,6)\n(6,3)\n(6,5)\n",
                ),
                (
                    "right: (4,5) stops the jumps to column 6",
                    "9/9/9/9/4nP3/9/9/9/9/9",
                    "(2,3)\n(2,5)\n(3,2)\n(5,2)\n(6,3)\n(6,5)\n",
                ),
                ("all four legs: nothing left", "9/9/9/4C4/3anP3/4a4/9/9/9/9", "NONE\n"),
            ],
        );
    }

    #[test]
    fn red_targets_are_captures_and_black_targets_are_refused() {
        // Red on (2,3), (3,6), (5,2); black on (2,5), (3,2), (5,6).
        let placement = "9/9/3R1p3/2c3N2/4n4/2B3e2/9/3k1K3/9/9";
        assert_eq!(answer(placement, Rule::FlyingGeneralPin), "(2,3)\n(3,6)\n(5,2)\n(6,3)\n(6,5)\n");
    }

    #[test]
    fn corners_and_edges_cut_the_jumps() {
        assert_answers(
            Rule::FlyingGeneralPin,
            &[
                ("top left corner (0,0)", "n8/9/9/9/9/9/9/9/9/9", "(1,2)\n(2,1)\n"),
                ("bottom right corner (9,8)", "9/9/9/9/9/9/9/9/9/8n", "(7,7)\n(8,6)\n"),
                ("right edge (5,8)", "9/9/9/9/9/8n/9/9/9/9", "(3,7)\n(4,6)\n(6,6)\n(7,7)\n"),
            ],
        );
    }

    #[test]
    fn the_pinned_horse_has_no_move_and_the_pin_is_only_the_stated_one() {
        // Generals on (0,4) and (9,4), the horse alone between them.
        let pinned = "4k4/9/9/9/4n4/9/9/9/9/4K4";
        assert_eq!(answer(pinned, Rule::FlyingGeneralPin), "NONE\n");
        assert_eq!(answer(pinned, Rule::FullLegality), "NONE\n");
        // A second piece between the generals, on (7,4): no pin.
        let screened = "4k4/9/9/9/4n4/9/9/4P4/9/4K4";
        assert_eq!(jumps(screened, Rule::FlyingGeneralPin), 8);
        assert_eq!(jumps(screened, Rule::FullLegality), 8);
        // A chariot pin (the chariot on (9,4), the red general aside on
        // (9,8)) is not the exercise's pin, but full legality sees it.
        let chariot_pin = "4k4/9/9/9/4n4/9/9/9/9/4R3K";
        assert_eq!(jumps(chariot_pin, Rule::FlyingGeneralPin), 8);
        assert_eq!(answer(chariot_pin, Rule::FullLegality), "NONE\n");
    }

    #[test]
    fn generals_already_facing_do_not_pin_but_full_legality_wants_them_screened() {
        // Generals facing on column 3, (0,3) and (9,3); the horse on (2,5).
        let placement = "3k5/9/5n3/9/9/9/9/9/9/3K5";
        assert_eq!(
            answer(placement, Rule::FlyingGeneralPin),
            "(0,4)\n(0,6)\n(1,3)\n(1,7)\n(3,3)\n(3,7)\n(4,4)\n(4,6)\n"
        );
        // Only the jumps onto column 3, between the generals, screen them.
        assert_eq!(answer(placement, Rule::FullLegality), "(1,3)\n(3,3)\n");
    }

    #[test]
    fn without_a_black_general_every_jump_is_legal() {
        // The horse on (4,4); red chariot, general and cannon on row 9.
        assert_eq!(jumps("9/9/9/9/4n4/9/9/9/9/R3K3C", Rule::FullLegality), 8);
    }

    #[test]
    fn full_legality_may_capture_the_checking_piece() {
        // The red chariot on (2,4) checks the general on (0,4); the horse on
        // (4,3) may take it, and no other jump answers the check.
        let placement = "4k4/9/4R4/9/3n5/9/9/9/9/9";
        assert_eq!(answer(placement, Rule::FullLegality), "(2,4)\n");
        assert_eq!(jumps(placement, Rule::FlyingGeneralPin), 8);
    }
}
