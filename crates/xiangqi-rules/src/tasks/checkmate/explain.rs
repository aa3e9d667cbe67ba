//! Why a verdict is what it is: the picture, the check, and each step of the black general.

use core::fmt;

use board_geometry::prose::listed;
use board_geometry::render::{Labels, Mark, TextStyle};

use super::{COORDINATES, Case};
use crate::tasks::{Point, task_diagram};
use crate::{Board, Color, Piece, PieceKind, Square, SquareSet};

/// What happens if the black general steps to one neighbouring point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StepOutcome {
    /// The point is outside black's palace: the general may not go there.
    OutsidePalace,
    /// The point is inside the palace.
    Inside {
        /// The red piece the general would capture there, if any.
        captured: Option<Piece>,
        /// The red pieces that would attack the general there (empty: a safe step).
        covered_by: SquareSet,
    },
}

/// One neighbouring point of the black general and what stepping there would mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The point.
    pub target: Square,
    /// What happens there.
    pub outcome: StepOutcome,
}

/// A readable account of a verdict: the picture, the facing generals, the
/// check, and for each step of the black general the red pieces covering it.
#[derive(Clone, Debug)]
pub struct Explanation<'a> {
    case: &'a Case,
    checkers: SquareSet,
    steps: Vec<Step>,
    style: TextStyle,
}

impl<'a> Explanation<'a> {
    pub(super) const fn new(case: &'a Case, checkers: SquareSet, steps: Vec<Step>) -> Explanation<'a> {
        Explanation { case, checkers, steps, style: TextStyle::ASCII }
    }

    /// The same explanation, its picture drawn in `style` (the letters of the
    /// task, `G` general and `H` horse, in [`TextStyle::ASCII`]).
    #[must_use]
    pub const fn with_style(mut self, style: TextStyle) -> Self {
        self.style = style;
        self
    }

    /// The case explained.
    #[must_use]
    pub const fn case(&self) -> &Case {
        self.case
    }

    /// The points the black general could escape to: its safe steps inside the palace.
    #[must_use]
    pub fn escapes(&self) -> SquareSet {
        self.escapes_in_order().collect()
    }

    /// The escapes in the order of the steps: by row, then column.
    fn escapes_in_order(&self) -> impl Iterator<Item = Square> + '_ {
        self.steps
            .iter()
            .filter(|step| matches!(step.outcome, StepOutcome::Inside { covered_by, .. } if covered_by.is_empty()))
            .map(|step| step.target)
    }

    /// An SVG diagram of the case, rows and columns numbered as the task
    /// does: each step of the black general inside the palace ringed in green
    /// if it is safe and crossed in red if it is covered, and the verdict
    /// written underneath.
    ///
    /// ```
    /// use xiangqi_rules::tasks::checkmate::Case;
    /// use xiangqi_rules::{Board, Color, Piece, PieceKind};
    ///
    /// let mut board = Board::empty();
    /// board.put("d9".parse()?, Piece::new(Color::Black, PieceKind::General));
    /// board.put("e0".parse()?, Piece::new(Color::Red, PieceKind::General));
    /// board.put("d1".parse()?, Piece::new(Color::Red, PieceKind::Chariot));
    /// let svg = Case::new(1, board)?.explain().svg();
    /// assert_eq!(svg.matches("<title>covered</title>").count(), 2);
    /// assert!(svg.contains("case 1: YES"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn svg(&self) -> String {
        let case = self.case;
        let mut diagram = task_diagram(case.board(), COORDINATES);
        diagram.marks = self
            .steps
            .iter()
            .filter_map(|step| match step.outcome {
                StepOutcome::OutsidePalace => None,
                StepOutcome::Inside { covered_by, .. } if covered_by.is_empty() => {
                    Some((step.target, Mark::Safe))
                }
                StepOutcome::Inside { .. } => Some((step.target, Mark::Covered)),
            })
            .collect();
        let escapes: Vec<_> = self.escapes_in_order().map(|square| Point(COORDINATES, square)).collect();
        let why = if case.generals_face_at_start() {
            "the generals face each other".to_string()
        } else if escapes.is_empty() {
            "every step is covered".to_string()
        } else {
            format!("the general escapes to {}", listed(escapes, "or", "nowhere"))
        };
        diagram.caption = Some(format!("case {}: {} ({why})", case.number(), case.verdict()));
        diagram.title = Some(format!("UVa 1589, case {}", case.number()));
        diagram.render()
    }

    /// The black general's steps to its neighbouring points on the board,
    /// ordered by row, then column.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The red pieces giving check at the start.
    #[must_use]
    pub const fn checkers(&self) -> SquareSet {
        self.checkers
    }
}

fn piece_list(board: &Board, squares: SquareSet) -> String {
    let names = squares.into_iter().filter_map(|square| {
        board.piece_at(square).map(|piece| format!("the {} at {}", piece.kind, Point(COORDINATES, square)))
    });
    listed(names, "and", "nothing")
}

/// The task's letters: `G` for the general and `H` for the horse, FEN letters otherwise.
fn task_letter(piece: Piece) -> char {
    let letter = match piece.kind {
        PieceKind::General => 'G',
        PieceKind::Horse => 'H',
        kind => kind.letter(),
    };
    if piece.color == Color::Red { letter } else { letter.to_ascii_lowercase() }
}

impl fmt::Display for Explanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = self.case;
        let board = case.board();
        let general = case.black_general();
        let palace_steps: SquareSet = self
            .steps
            .iter()
            .filter(|step| matches!(step.outcome, StepOutcome::Inside { .. }))
            .map(|step| step.target)
            .collect();
        writeln!(
            f,
            "Case {}: black general at {}, black to move.",
            case.number(),
            Point(COORDINATES, general)
        )?;
        let marked = palace_steps - board.occupied();
        f.write_str(&board.styled_picture(marked, Labels::RowColumn(COORDINATES), self.style, task_letter))?;
        let reds = board.by_color(Color::Red);
        writeln!(f, "Red: {}.", piece_list(board, reds))?;
        if case.generals_face_at_start() {
            writeln!(
                f,
                "The generals face each other on column {} with nothing between them: black flies across and \
                 captures the red general, so black is not mated.",
                COORDINATES.column(general)
            )?;
            return writeln!(f, "Verdict: NO.");
        }
        writeln!(f, "The generals do not face each other at the start.")?;
        if self.checkers.any() {
            writeln!(f, "Black is in check from {}.", piece_list(board, self.checkers))?;
        } else {
            writeln!(
                f,
                "Black is NOT in check (the judge promises a check, this case breaks that promise); \
                 a side with no legal move still loses, stalemate included."
            )?;
        }
        writeln!(f, "Where the black general can step:")?;
        let mut escapes = Vec::new();
        for step in &self.steps {
            let target = Point(COORDINATES, step.target);
            write!(f, "  {target}: ")?;
            match step.outcome {
                StepOutcome::OutsidePalace => writeln!(f, "outside the palace")?,
                StepOutcome::Inside { captured, covered_by } => {
                    if let Some(piece) = captured {
                        write!(f, "captures the {}; ", piece.kind)?;
                    }
                    if covered_by.is_empty() {
                        escapes.push(target.to_string());
                        writeln!(f, "safe")?;
                    } else {
                        let flying = covered_by & board.by_piece(Piece::new(Color::Red, PieceKind::General));
                        write!(f, "covered by {}", piece_list(board, covered_by))?;
                        if flying.any() {
                            write!(f, " (the generals would face each other)")?;
                        }
                        writeln!(f)?;
                    }
                }
            }
        }
        match escapes.as_slice() {
            [] if self.checkers.is_empty() => writeln!(
                f,
                "Every step is covered and black is not in check: stalemate, which loses in xiangqi. Verdict: YES."
            ),
            [] => writeln!(f, "Every step is covered: black has no legal move. Verdict: YES."),
            [one] => writeln!(f, "The general escapes to {one}. Verdict: NO."),
            many => writeln!(f, "The general escapes to {}. Verdict: NO.", many.join(" or ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tasks::checkmate::case::tests::case;

    /// The explanation's lines after the picture.
    fn account(case: &Case) -> Vec<String> {
        let text = case.explain().to_string();
        text.lines().skip_while(|line| !line.starts_with("Red: ")).map(String::from).collect()
    }

    #[test]
    fn an_escape_is_told_with_every_covering_piece_and_the_picture_uses_the_task_s_letters() {
        let case = case(&[("e8", 'k'), ("d0", 'K'), ("e5", 'R'), ("f7", 'N')]);
        let expected = "\
Case 1: black general at (2,5), black to move.
     1   2   3   4   5   6   7   8   9
 1   +---+---+---+---*---+---+---+---+   1
     |   |   |   | \\ | / |   |   |   |
 2   +---+---+---*---g---*---+---+---+   2
     |   |   |   | / | \\ |   |   |   |
 3   +---+---+---+---*---H---+---+---+   3
     |   |   |   |   |   |   |   |   |
 4   +---+---+---+---+---+---+---+---+   4
     |   |   |   |   |   |   |   |   |
 5   +---+---+---+---R---+---+---+---+   5
     |             river             |
 6   +---+---+---+---+---+---+---+---+   6
     |   |   |   |   |   |   |   |   |
 7   +---+---+---+---+---+---+---+---+   7
     |   |   |   |   |   |   |   |   |
 8   +---+---+---+---+---+---+---+---+   8
     |   |   |   | \\ | / |   |   |   |
 9   +---+---+---+---+---+---+---+---+   9
     |   |   |   | / | \\ |   |   |   |
10   +---+---+---G---+---+---+---+---+   10
     1   2   3   4   5   6   7   8   9
Red: the general at (10,4), the chariot at (5,5) and the horse at (3,6).
The generals do not face each other at the start.
Black is in check from the chariot at (5,5).
Where the black general can step:
  (1,5): covered by the chariot at (5,5) and the horse at (3,6)
  (2,4): covered by the general at (10,4) and the horse at (3,6) (the generals would face each other)
  (2,6): safe
  (3,5): covered by the chariot at (5,5)
The general escapes to (2,6). Verdict: NO.
";
        assert_eq!(case.explain().to_string(), expected);
        let square = |name: &str| name.parse::<Square>().unwrap();
        assert_eq!(case.explain().escapes(), SquareSet::from_square(square("f8")));
        assert_eq!(case.explain().checkers(), SquareSet::from_square(square("e5")));
        let svg = case.explain().svg();
        assert_eq!(svg.matches("<title>safe</title>").count(), 1);
        assert_eq!(svg.matches("<title>covered</title>").count(), 3);
        assert!(svg.contains("case 1: NO (the general escapes to (2,6))"), "{svg}");
    }

    #[test]
    fn a_capture_two_escapes_a_stalemate_and_facing_generals_are_told() {
        let capture = case(&[("d9", 'k'), ("f0", 'K'), ("d8", 'R'), ("a9", 'C')]);
        assert_eq!(
            account(&capture)[3..],
            [
                "Where the black general can step:",
                "  (1,3): outside the palace",
                "  (1,5): safe",
                "  (2,4): captures the chariot; safe",
                "The general escapes to (1,5) or (2,4). Verdict: NO.",
            ]
        );
        let svg = capture.explain().svg();
        assert_eq!(svg.matches("<title>safe</title>").count(), 2);
        assert!(svg.contains("case 1: NO (the general escapes to (1,5) or (2,4))"), "{svg}");
        let stalemate = case(&[("d9", 'k'), ("e0", 'K'), ("a8", 'R')]);
        assert_eq!(
            account(&stalemate),
            [
                "Red: the general at (10,5) and the chariot at (2,1).",
                "The generals do not face each other at the start.",
                "Black is NOT in check (the judge promises a check, this case breaks that promise); \
                 a side with no legal move still loses, stalemate included.",
                "Where the black general can step:",
                "  (1,3): outside the palace",
                "  (1,5): covered by the general at (10,5) (the generals would face each other)",
                "  (2,4): covered by the chariot at (2,1)",
                "Every step is covered and black is not in check: stalemate, which loses in xiangqi. Verdict: YES.",
            ]
        );
        assert!(stalemate.explain().svg().contains("case 1: YES (every step is covered)"));
        let mate = case(&[("d9", 'k'), ("e0", 'K'), ("d1", 'R')]);
        assert_eq!(
            account(&mate).last().map(String::as_str),
            Some("Every step is covered: black has no legal move. Verdict: YES.")
        );
        let facing = case(&[("e9", 'k'), ("e0", 'K')]);
        assert_eq!(
            account(&facing),
            [
                "Red: the general at (10,5).",
                "The generals face each other on column 5 with nothing between them: black flies across and \
                 captures the red general, so black is not mated.",
                "Verdict: NO.",
            ]
        );
        assert!(facing.explain().svg().contains("case 1: NO (the generals face each other)"));
    }
}
