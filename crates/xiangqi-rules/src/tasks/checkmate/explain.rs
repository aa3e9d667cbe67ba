//! Why a verdict is what it is: the picture, the check, and each step of the black general.

use core::fmt;

use board_geometry::prose::listed;
use board_geometry::render::{Labels, Mark, TextStyle};

use super::{COORDINATES, Case};
use crate::tasks::Point;
use crate::{Board, Color, Piece, PieceKind, Square, SquareSet, styled_picture, svg_diagram};

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
        self.steps
            .iter()
            .filter(|step| matches!(step.outcome, StepOutcome::Inside { covered_by, .. } if covered_by.is_empty()))
            .map(|step| step.target)
            .collect()
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
        let mut diagram = svg_diagram(case.board());
        diagram.labels = Labels::RowColumn(COORDINATES);
        diagram.bottom_side_numbers.clear();
        diagram.top_side_numbers.clear();
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
        let escapes = self.escapes();
        let why = if case.generals_face_at_start() {
            "the generals face each other".to_string()
        } else if escapes.is_empty() {
            "every step is covered".to_string()
        } else {
            format!(
                "the general escapes to {}",
                listed(escapes.into_iter().map(|square| Point(COORDINATES, square)), "or", "nowhere")
            )
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
        f.write_str(&styled_picture(board, marked, Labels::RowColumn(COORDINATES), self.style, task_letter))?;
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
