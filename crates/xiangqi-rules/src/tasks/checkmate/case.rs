//! One case of the task, checked, and its verdict.

use board_geometry::Half;
use board_geometry::text_input::TextPosition;

use super::{CaseError, CaseProblem, Explanation, Step, StepOutcome};
use crate::{Board, Color, Offset, Piece, PieceKind, Position, Setup, Square};

/// The judge's answer: `YES` if black is lost (checkmated, or stalemated), `NO` otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Black has no legal move: `YES`.
    Mate,
    /// Black has a legal move, or captures the facing red general: `NO`.
    NotMate,
}

impl Verdict {
    /// Both verdicts, `YES` first.
    pub const ALL: [Verdict; 2] = [Verdict::Mate, Verdict::NotMate];

    /// The judge's text: `YES` or `NO`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Mate => "YES",
            Verdict::NotMate => "NO",
        }
    }

    /// The judge's line: `YES\n` or `NO\n`.
    pub(crate) const fn line(self) -> &'static str {
        match self {
            Verdict::Mate => "YES\n",
            Verdict::NotMate => "NO\n",
        }
    }
}

board_geometry::impl_named!(Verdict, "a verdict", as_str);

/// One case of the task, read and checked: the black general alone against
/// red's pieces, black to move.
///
/// ```
/// use xiangqi_rules::tasks::checkmate::{Case, Verdict};
/// use xiangqi_rules::{Board, Color, Piece, PieceKind};
///
/// let mut board = Board::empty();
/// board.put("d9".parse()?, Piece::new(Color::Black, PieceKind::General));
/// board.put("e0".parse()?, Piece::new(Color::Red, PieceKind::General));
/// board.put("d1".parse()?, Piece::new(Color::Red, PieceKind::Chariot));
/// assert_eq!(Case::new(1, board)?.verdict(), Verdict::Mate);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    number: u64,
    header: TextPosition,
    black_general: Square,
    start: Start,
}

/// How a case starts.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Start {
    /// The generals face each other, which no legal position allows: black
    /// captures the red general.
    GeneralsFace(Board),
    /// A legal position, black to move.
    BlackToMove(Position),
}

impl Case {
    /// Checks a case given as a board holding the black general and the red
    /// pieces, black to move. `number` is the case's number, for messages.
    ///
    /// # Errors
    /// The checks [`Reader`](super::Reader) makes of each case: one
    /// black general in its palace and nothing else black, one red general in
    /// its palace, no red piece but generals, chariots, horses and cannons, at
    /// most sixteen red pieces.
    pub fn new(number: u64, board: Board) -> Result<Case, CaseError> {
        let error = |problem| CaseError { case: number, problem };
        let blacks = board.by_color(Color::Black);
        let black_general = board.by_piece(Piece::new(Color::Black, PieceKind::General));
        if blacks != black_general || black_general.len() != 1 {
            return Err(error(CaseProblem::BlackNotOnlyGeneral));
        }
        // Advisors, elephants and soldiers have points they cannot stand on;
        // the task's pieces stand anywhere, which the checks below rely on.
        let in_task = [PieceKind::General, PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon];
        if let Some((point, piece)) = board.pieces().find(|(_, piece)| !in_task.contains(&piece.kind)) {
            return Err(error(CaseProblem::RedPieceNotInTask { point, kind: piece.kind }));
        }
        Self::check_generals(&board).map_err(error)?;
        Ok(Self::from_checked_board(number, TextPosition::new(1, 1), board))
    }

    pub(super) fn check_generals(board: &Board) -> Result<(), CaseProblem> {
        let reds = board.by_piece(Piece::new(Color::Red, PieceKind::General));
        let mut red_generals = reds.into_iter();
        match (red_generals.next(), red_generals.next()) {
            (None, _) => return Err(CaseProblem::NoRedGeneral),
            (Some(_), Some(second)) => return Err(CaseProblem::TwoRedGenerals { second }),
            (Some(red), None) if !Half::Lower.palace().contains(red) => {
                return Err(CaseProblem::RedGeneralOutsidePalace { point: red });
            }
            (Some(_), None) => {}
        }
        if let Some(black) = board.general(Color::Black).filter(|&s| !Half::Upper.palace().contains(s)) {
            return Err(CaseProblem::BlackGeneralOutsidePalace { point: black });
        }
        if board.by_color(Color::Red).len() > 16 {
            return Err(CaseProblem::PieceCount { text: board.by_color(Color::Red).len().to_string() });
        }
        Ok(())
    }

    /// A case from a board that has passed [`Case::check_generals`] and holds
    /// exactly one black piece, the general.
    pub(super) fn from_checked_board(number: u64, header: TextPosition, board: Board) -> Case {
        let Some(black_general) = board.general(Color::Black) else {
            unreachable!("a checked case has its black general")
        };
        let start = if board.generals_face_each_other() {
            Start::GeneralsFace(board)
        } else {
            // The checks made of every case (one black general in its palace and
            // nothing else black, one red general in its palace, red pieces that
            // stand anywhere, at most sixteen of them) and the generals not facing
            // are exactly what makes a legal position with black to move.
            let setup = Setup { board, turn: Color::Black, halfmove_clock: 0, fullmove_number: 1 };
            Start::BlackToMove(Position::from_checked_setup(setup))
        };
        Case { number, header, black_general, start }
    }

    /// The case's number, from 1.
    #[must_use]
    pub const fn number(&self) -> u64 {
        self.number
    }

    /// Where the case's header is in the input.
    #[must_use]
    pub const fn header(&self) -> TextPosition {
        self.header
    }

    /// The pieces: the black general and the red pieces.
    #[must_use]
    pub const fn board(&self) -> &Board {
        match &self.start {
            Start::GeneralsFace(board) => board,
            Start::BlackToMove(position) => position.board(),
        }
    }

    /// Where the black general stands.
    #[must_use]
    pub const fn black_general(&self) -> Square {
        self.black_general
    }

    /// Black to move, unless the generals face each other (then `None`).
    #[must_use]
    pub const fn position(&self) -> Option<&Position> {
        match &self.start {
            Start::GeneralsFace(_) => None,
            Start::BlackToMove(position) => Some(position),
        }
    }

    /// Whether the two generals face each other on an open file before black moves.
    #[must_use]
    pub const fn generals_face_at_start(&self) -> bool {
        matches!(self.start, Start::GeneralsFace(_))
    }

    /// The verdict: `YES` if black, to move, has no legal move.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        match &self.start {
            Start::BlackToMove(position) if !position.has_legal_move() => Verdict::Mate,
            _ => Verdict::NotMate,
        }
    }

    /// Why the verdict is what it is, point by point.
    #[must_use]
    pub fn explain(&self) -> Explanation<'_> {
        let board = self.board();
        let general = self.black_general;
        let palace = Half::Upper.palace();
        let mut steps: Vec<Step> = Offset::ORTHOGONAL
            .iter()
            .filter_map(|&step| general.offset(step))
            .map(|target| {
                let outcome = if !palace.contains(target) {
                    StepOutcome::OutsidePalace
                } else {
                    let mut after = *board;
                    after.remove(general);
                    let captured = after.put(target, Piece::new(Color::Black, PieceKind::General));
                    StepOutcome::Inside { captured, covered_by: after.attackers(target, Color::Red) }
                };
                Step { target, outcome }
            })
            .collect();
        steps.sort_by_key(|step| super::COORDINATES.reading_index(step.target));
        Explanation::new(self, board.attackers(general, Color::Red), steps)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Case 1 from pieces given as ICCS points and FEN letters, for the tests
    /// of the checkmate modules.
    pub(in crate::tasks::checkmate) fn case(pieces: &[(&str, char)]) -> Case {
        Case::new(1, crate::tasks::test_support::board_of(pieces)).unwrap()
    }

    fn board(pieces: &[(&str, Color, PieceKind)]) -> Board {
        let mut board = Board::empty();
        for &(square, color, kind) in pieces {
            board.put(square.parse().unwrap(), Piece::new(color, kind));
        }
        board
    }

    #[test]
    fn a_board_that_is_not_a_case_is_refused_with_its_problem() {
        use Color::{Black, Red};
        use PieceKind::{Chariot, General, Soldier};
        let problem = |pieces: &[(&str, Color, PieceKind)]| {
            let error = Case::new(7, board(pieces)).unwrap_err();
            assert_eq!(error.case, 7);
            error.problem
        };
        let square = |name: &str| name.parse::<Square>().unwrap();
        assert_eq!(problem(&[("e9", Black, General)]), CaseProblem::NoRedGeneral);
        assert_eq!(
            problem(&[("e9", Black, General), ("e0", Red, General), ("d2", Red, General)]),
            CaseProblem::TwoRedGenerals { second: square("d2") },
            "the second in square order (bottom rank first)"
        );
        assert_eq!(
            problem(&[("e9", Black, General), ("e3", Red, General)]),
            CaseProblem::RedGeneralOutsidePalace { point: square("e3") }
        );
        assert_eq!(
            problem(&[("e6", Black, General), ("e0", Red, General)]),
            CaseProblem::BlackGeneralOutsidePalace { point: square("e6") }
        );
        assert_eq!(problem(&[("e0", Red, General)]), CaseProblem::BlackNotOnlyGeneral);
        assert_eq!(
            problem(&[("e9", Black, General), ("a9", Black, Chariot), ("e0", Red, General)]),
            CaseProblem::BlackNotOnlyGeneral
        );
        // A red soldier where none can stand (and advisors and elephants alike): not a piece of the task.
        assert_eq!(
            problem(&[("e9", Black, General), ("e0", Red, General), ("b3", Red, Soldier)]),
            CaseProblem::RedPieceNotInTask { point: square("b3"), kind: Soldier }
        );
        let soldier = board(&[("e9", Black, General), ("e0", Red, General), ("b3", Red, Soldier)]);
        assert_eq!(
            Case::new(7, soldier).unwrap_err().to_string(),
            "case 7: the red soldier at (7,2) is not a piece of the task: red has a general, chariots, horses and cannons"
        );
        let mut crowded = vec![("d9", Black, General), ("e0", Red, General)];
        let points =
            ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3", "a4", "b4", "c4", "d4", "e4", "f4", "g4"];
        crowded.extend(points.iter().map(|&point| (point, Red, Chariot)));
        assert_eq!(problem(&crowded), CaseProblem::PieceCount { text: "17".to_string() });
        crowded.pop();
        assert_eq!(
            Case::new(7, board(&crowded)).map(|case| case.number()),
            Ok(7),
            "sixteen red pieces are a case"
        );
    }
}
