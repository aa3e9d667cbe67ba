//! The main line of a mate, and how it is written.

use core::fmt::Write as _;

use super::Step;
use crate::notation::Notation;
use crate::{Color, Move, Position};

/// A line of play from a position: the moves, with what each side could
/// have played instead, and the position it reaches.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::notation::Notation;
/// use xiangqi_rules::solve::{Options, solve};
///
/// let position: Position = "4k4/9/9/9/9/9/9/9/R8/R4K3 w".parse()?;
/// let line = solve(&position, &Options::default())?.line;
/// assert_eq!(line.text(Notation::Chinese), "1. 后车平六 将５进１ 2. 车九平五");
/// assert_eq!(line.explain(Notation::Wxf), "1. R-.6 K5+1 (1 defence)\n2. R9.5 (mate)\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    line: board_geometry::solve::Line<Position>,
}

impl From<board_geometry::solve::Line<Position>> for Line {
    fn from(line: board_geometry::solve::Line<Position>) -> Line {
        Line { line }
    }
}

impl Line {
    /// The line of `steps` from `start`; the moves must be legal one after
    /// the other (as the solver's are).
    #[must_use]
    pub fn new(start: Position, steps: Vec<Step>) -> Line {
        Line { line: board_geometry::solve::Line::new(start, steps) }
    }

    /// The position the line starts from.
    #[must_use]
    pub const fn start(&self) -> &Position {
        self.line.start()
    }

    /// The steps, in order.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        self.line.steps()
    }

    /// The moves, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.line.moves()
    }

    /// Whether the line has no moves.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.line.is_empty()
    }

    /// The position at the end of the line.
    #[must_use]
    pub const fn final_position(&self) -> &Position {
        self.line.final_position()
    }

    /// Each step with the position before it.
    fn walk(&self) -> impl Iterator<Item = (Position, Step)> + '_ {
        self.line.walk()
    }

    /// The moves numbered as players write them, a number before each move
    /// of the side that starts: `1. 车二进九 将５进１ 2. 马三进四`.
    #[must_use]
    pub fn text(&self, notation: Notation) -> String {
        let mut text = String::new();
        let first = self.start().turn();
        let mut number = 0;
        for (before, step) in self.walk() {
            if !text.is_empty() {
                text.push(' ');
            }
            if before.turn() == first {
                number += 1;
                let _ = write!(text, "{number}. ");
            }
            let _ = write!(text, "{}", notation.display(&before, step.mv));
        }
        text
    }

    /// The moves a line per move number, each reply with the number of
    /// defences it was chosen from, and how the line ends: `1. R9+7 K5.6 (2
    /// defences)`, then `2. R9+9 (mate)`.
    #[must_use]
    pub fn explain(&self, notation: Notation) -> String {
        let mut text = String::new();
        let first = self.start().turn();
        let mut number = 0;
        for (before, step) in self.walk() {
            if before.turn() == first {
                number += 1;
                let _ = write!(text, "{number}. {}", notation.display(&before, step.mv));
            } else {
                let plural = if step.legal == 1 { "defence" } else { "defences" };
                let _ = writeln!(text, " {} ({} {plural})", notation.display(&before, step.mv), step.legal);
            }
        }
        if self.final_position().turn() != first && !self.is_empty() {
            let ending = if self.final_position().is_checkmate() {
                "mate"
            } else if self.final_position().is_stalemate() {
                "stalemate, which loses"
            } else {
                "no mate yet"
            };
            let _ = writeln!(text, " ({ending})");
        }
        text
    }

    /// The side that moves first.
    #[must_use]
    pub fn first_to_move(&self) -> Color {
        self.start().turn()
    }
}
