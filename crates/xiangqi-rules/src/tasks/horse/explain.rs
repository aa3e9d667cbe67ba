//! Why the horse may or may not make each of its eight jumps.

use core::fmt;

use board_geometry::prose::listed;
use board_geometry::render::{Labels, Mark, TextStyle};
use board_geometry::{Leap, Offset};

use super::{Answer, COORDINATES, Case, Rule};
use crate::tasks::{Point, task_diagram};
use crate::{Board, Color, Piece, Square, SquareSet};

/// What becomes of one of the horse's eight jumps, checked in this order: the
/// first reason that stops a jump is the one given.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JumpOutcome {
    /// The jump would land off the board.
    OffBoard,
    /// The leg (the point one step from the horse towards the long side of the
    /// jump) holds a piece, so the horse cannot jump that way.
    LegBlocked {
        /// The leg.
        leg: Square,
        /// The piece on it.
        by: Piece,
    },
    /// A black piece, the horse's own side's, stands on the target.
    OwnPiece {
        /// That piece.
        piece: Piece,
    },
    /// The exercise's pin holds the horse (see [`Case::is_pinned`]): it may not move at all.
    Pinned,
    /// Under [`Rule::FullLegality`], the jump would leave the black general attacked.
    ExposesGeneral {
        /// The red pieces that would attack it.
        attackers: SquareSet,
    },
    /// The jump is a move.
    Move {
        /// The red piece it captures, if any.
        captures: Option<Piece>,
    },
}

/// One of the horse's eight jumps and what becomes of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The jump, as an offset of (files, ranks): ranks count up, towards black's side.
    pub offset: Offset,
    /// Where it lands, if that is on the board.
    pub target: Option<Square>,
    /// What becomes of it.
    pub outcome: JumpOutcome,
}

impl Jump {
    /// Whether the jump is a move of the answer.
    #[must_use]
    pub const fn is_move(&self) -> bool {
        matches!(self.outcome, JumpOutcome::Move { .. })
    }

    /// The target's `(row, col)` in the task's coordinates, off the board too
    /// (then a row or column is below 0 or past the edge).
    #[must_use]
    pub fn point(&self, horse: Square) -> (i32, i32) {
        let row = i32::from(COORDINATES.row(horse)) - i32::from(self.offset.rank);
        let col = i32::from(COORDINATES.column(horse)) + i32::from(self.offset.file);
        (row, col)
    }
}

/// A readable account of one board's answer: the picture, the pin, and each
/// of the eight jumps with why it is or is not a move. `Display` writes it
/// in words; the accessors give the same facts to programs.
#[derive(Clone, Debug)]
pub struct Explanation<'a> {
    case: &'a Case,
    rule: Rule,
    jumps: Vec<Jump>,
    style: TextStyle,
}

impl Case {
    /// Why [`Case::moves`] gives what it gives under `rule`, jump by jump.
    ///
    /// ```
    /// use xiangqi_rules::tasks::horse::{Case, JumpOutcome, Rule};
    /// use xiangqi_rules::{Board, Color, Piece, PieceKind};
    ///
    /// let mut board = Board::empty();
    /// board.put("a5".parse()?, Piece::new(Color::Black, PieceKind::Horse));
    /// board.put("b5".parse()?, Piece::new(Color::Red, PieceKind::Chariot));
    /// let case = Case::new(board)?;
    /// let explanation = case.explain(Rule::FlyingGeneralPin);
    /// let blocked = explanation.jumps().iter().filter(|jump| matches!(jump.outcome, JumpOutcome::LegBlocked { .. }));
    /// assert_eq!(blocked.count(), 2);
    /// assert_eq!(explanation.answer(), case.moves(Rule::FlyingGeneralPin));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain(&self, rule: Rule) -> Explanation<'_> {
        let board = self.board();
        let horse = self.horse();
        let pinned = rule == Rule::FlyingGeneralPin && self.is_pinned();
        let mut jumps: Vec<Jump> = Leap::HORSE
            .iter()
            .map(|leap| {
                let target = horse.offset(leap.target());
                let leg = leap.blocking().first().and_then(|&offset| horse.offset(offset));
                let outcome = match (target, leg.and_then(|leg| board.piece_at(leg).map(|by| (leg, by)))) {
                    (None, _) => JumpOutcome::OffBoard,
                    (Some(_), Some((leg, by))) => JumpOutcome::LegBlocked { leg, by },
                    (Some(target), None) => match board.piece_at(target) {
                        Some(piece) if piece.color == Color::Black => JumpOutcome::OwnPiece { piece },
                        _ if pinned => JumpOutcome::Pinned,
                        captures => match rule {
                            Rule::FullLegality => {
                                let attackers = attackers_after(board, horse, target);
                                if attackers.is_empty() {
                                    JumpOutcome::Move { captures }
                                } else {
                                    JumpOutcome::ExposesGeneral { attackers }
                                }
                            }
                            Rule::FlyingGeneralPin => JumpOutcome::Move { captures },
                        },
                    },
                };
                Jump { offset: leap.target(), target, outcome }
            })
            .collect();
        // In the judge's order of points: rows from the top, then columns.
        jumps.sort_by_key(|jump| (-jump.offset.rank, jump.offset.file));
        Explanation { case: self, rule, jumps, style: TextStyle::ASCII }
    }
}

/// The red pieces attacking the black general (if there is one) after the horse jumps from `horse` to `target`.
fn attackers_after(board: &Board, horse: Square, target: Square) -> SquareSet {
    let mut after = *board;
    if let Some(piece) = after.remove(horse) {
        after.put(target, piece);
    }
    after.general(Color::Black).map_or(SquareSet::EMPTY, |general| after.attackers(general, Color::Red))
}

impl Explanation<'_> {
    /// The same explanation, its picture drawn in `style`.
    #[must_use]
    pub const fn with_style(mut self, style: TextStyle) -> Self {
        self.style = style;
        self
    }

    /// The eight jumps, in the judge's order of their targets (rows from the
    /// top, then columns), off-board ones included.
    #[must_use]
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The rule the jumps were judged under.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether the exercise's pin holds the horse (under either rule).
    #[must_use]
    pub fn is_pinned(&self) -> bool {
        self.case.is_pinned()
    }

    /// The answer the jumps add up to: the same as [`Case::moves`].
    #[must_use]
    pub fn answer(&self) -> Answer {
        Answer::new(self.jumps.iter().filter(|jump| jump.is_move()).filter_map(|jump| jump.target).collect())
    }

    /// An SVG diagram of the board, rows and columns numbered as the task does,
    /// with each jump's target ringed in green if it is a move and crossed in
    /// red if it is not.
    #[must_use]
    pub fn svg(&self) -> String {
        let mut diagram = task_diagram(self.case.board(), COORDINATES);
        diagram.marks = self
            .jumps
            .iter()
            .filter_map(|jump| {
                let mark = if jump.is_move() { Mark::Safe } else { Mark::Covered };
                jump.target.map(|target| (target, mark))
            })
            .collect();
        diagram.caption = Some(format!(
            "the black horse at {}: {}",
            Point(COORDINATES, self.case.horse()),
            self.answer_words()
        ));
        diagram.render()
    }

    fn answer_words(&self) -> String {
        let answer = self.answer();
        if answer.is_empty() {
            "NONE".to_string()
        } else {
            listed(answer.points().map(|point| Point(COORDINATES, point)), "and", "NONE")
        }
    }
}

/// A piece and where it stands, in the task's words: `the red chariot at (4,1)`.
fn piece_at(board: &Board, square: Square) -> String {
    board.piece_at(square).map_or_else(
        || format!("nothing at {}", Point(COORDINATES, square)),
        |piece| format!("the {piece} at {}", Point(COORDINATES, square)),
    )
}

impl fmt::Display for Explanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = self.case;
        let board = case.board();
        let horse = case.horse();
        writeln!(f, "The black horse stands at {}; its moves are marked *.", Point(COORDINATES, horse))?;
        let targets = self.answer().targets() - board.occupied();
        let picture = board.styled_picture(targets, Labels::RowColumn(COORDINATES), self.style, task_letter);
        f.write_str(&picture)?;
        match (board.general(Color::Black), board.general(Color::Red)) {
            _ if case.is_pinned() => writeln!(
                f,
                "Pinned: the black general, the horse and the red general stand on column {} with nothing else \
                 between the generals; if the horse left, the generals would face each other.{}",
                COORDINATES.column(horse),
                if self.rule == Rule::FlyingGeneralPin { " The horse may not move." } else { "" }
            ),
            (Some(black), Some(red)) if black.file() == red.file() && horse.file() != black.file() => {
                writeln!(
                    f,
                    "Not pinned: the generals share column {}, and the horse is not on it.",
                    COORDINATES.column(black)
                )
            }
            (Some(black), Some(red)) if black.file() == red.file() => writeln!(
                f,
                "Not pinned: the horse is on the generals' column {}, but not alone between them.",
                COORDINATES.column(black)
            ),
            (Some(_), Some(_)) => writeln!(f, "Not pinned: the generals are on different columns."),
            _ => writeln!(f, "Not pinned: there are not two generals on the board."),
        }?;
        if self.rule == Rule::FullLegality {
            writeln!(f, "Full legality: a jump may not leave the black general attacked.")?;
        }
        writeln!(f, "The eight jumps:")?;
        for jump in &self.jumps {
            let (row, col) = jump.point(horse);
            write!(f, "  ({row},{col}): ")?;
            match jump.outcome {
                JumpOutcome::OffBoard => writeln!(f, "off the board"),
                JumpOutcome::LegBlocked { leg, by } => {
                    writeln!(f, "blocked: its leg {} holds the {by}", Point(COORDINATES, leg))
                }
                JumpOutcome::OwnPiece { piece } => {
                    writeln!(f, "the {piece} stands there, a piece of its own side")
                }
                JumpOutcome::Pinned => writeln!(f, "not allowed: the horse is pinned"),
                JumpOutcome::ExposesGeneral { attackers } => writeln!(
                    f,
                    "not allowed: the black general would be attacked by {}",
                    listed(attackers.into_iter().map(|square| piece_at(board, square)), "and", "nothing")
                ),
                JumpOutcome::Move { captures: Some(piece) } => writeln!(f, "a move, capturing the {piece}"),
                JumpOutcome::Move { captures: None } => writeln!(f, "a move"),
            }?;
        }
        writeln!(f, "Answer: {}.", self.answer_words())
    }
}

/// The letters of the pictures: FEN letters, red upper case.
const fn task_letter(piece: Piece) -> char {
    let letter = piece.kind.letter();
    match piece.color {
        Color::Red => letter,
        Color::Black => letter.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(pieces: &[(&str, char)]) -> Case {
        Case::new(crate::tasks::test_support::board_of(pieces)).unwrap()
    }

    fn outcomes(case: &Case, rule: Rule) -> Vec<String> {
        case.explain(rule)
            .jumps()
            .iter()
            .map(|jump| {
                let (row, col) = jump.point(case.horse());
                let what = match jump.outcome {
                    JumpOutcome::OffBoard => "off".to_string(),
                    JumpOutcome::LegBlocked { leg, .. } => format!("leg {leg}"),
                    JumpOutcome::OwnPiece { .. } => "own".to_string(),
                    JumpOutcome::Pinned => "pinned".to_string(),
                    JumpOutcome::ExposesGeneral { attackers } => format!("exposes {}", attackers.len()),
                    JumpOutcome::Move { captures } => format!("move {}", captures.is_some()),
                };
                format!("({row},{col}) {what}")
            })
            .collect()
    }

    #[test]
    fn every_reason_in_the_judges_order() {
        // The horse on a5 = (4,0); a chariot on b5 hobbles the two jumps right;
        // a black soldier on c4... is not a target; a red cannon on b3 is captured.
        let board = case(&[("a5", 'n'), ("b5", 'R'), ("b7", 'p'), ("b3", 'C')]);
        assert_eq!(
            outcomes(&board, Rule::FlyingGeneralPin),
            [
                "(2,-1) off",
                "(2,1) own",
                "(3,-2) off",
                "(3,2) leg b5",
                "(5,-2) off",
                "(5,2) leg b5",
                "(6,-1) off",
                "(6,1) move true"
            ]
        );
        let text = board.explain(Rule::FlyingGeneralPin).to_string();
        for line in [
            "  (2,1): the black soldier stands there, a piece of its own side",
            "  (3,2): blocked: its leg (4,1) holds the red chariot",
            "  (6,1): a move, capturing the red cannon",
            "Answer: (6,1).",
        ] {
            assert!(text.lines().any(|written| written == line), "{line:?} in\n{text}");
        }
    }

    #[test]
    fn the_pin_and_full_legality() {
        let pinned = case(&[("e9", 'k'), ("e5", 'n'), ("e0", 'K')]);
        let jumps = outcomes(&pinned, Rule::FlyingGeneralPin);
        assert_eq!(jumps.iter().filter(|jump| jump.ends_with("pinned")).count(), 8);
        let full = outcomes(&pinned, Rule::FullLegality);
        assert_eq!(full.iter().filter(|jump| jump.ends_with("exposes 1")).count(), 8);
        let text = pinned.explain(Rule::FlyingGeneralPin).to_string();
        assert!(
            text.contains("Pinned: the black general, the horse and the red general stand on column 4"),
            "{text}"
        );
        assert!(text.ends_with("Answer: NONE.\n"), "{text}");
        let full_text = pinned.explain(Rule::FullLegality).to_string();
        let full_rule = "Full legality: a jump may not leave the black general attacked.";
        assert!(full_text.lines().any(|line| line == full_rule), "{full_text}");
        assert!(!text.contains(full_rule), "{text}");
        assert!(
            full_text.contains(
                "  (2,3): not allowed: the black general would be attacked by the red general at (9,4)\n"
            ),
            "{full_text}"
        );
        assert!(pinned.explain(Rule::FlyingGeneralPin).is_pinned());
        assert!(pinned.explain(Rule::FullLegality).is_pinned(), "the pin is the case's, under either rule");
        assert!(!case(&[("e9", 'k'), ("d5", 'n'), ("e0", 'K')]).explain(Rule::FlyingGeneralPin).is_pinned());
        let svg = pinned.explain(Rule::FlyingGeneralPin).svg();
        assert_eq!(svg.matches("<title>covered</title>").count(), 8);
    }

    #[test]
    fn why_the_horse_is_not_pinned_is_said() {
        let pin_line = |pieces: &[(&str, char)]| {
            let text = case(pieces).explain(Rule::FlyingGeneralPin).to_string();
            text.lines().find(|line| line.contains("inned")).map(String::from)
        };
        assert_eq!(
            pin_line(&[("e9", 'k'), ("d5", 'n'), ("e0", 'K')]).as_deref(),
            Some("Not pinned: the generals share column 4, and the horse is not on it.")
        );
        assert_eq!(
            pin_line(&[("e9", 'k'), ("e5", 'n'), ("e3", 'R'), ("e0", 'K')]).as_deref(),
            Some("Not pinned: the horse is on the generals' column 4, but not alone between them.")
        );
        assert_eq!(
            pin_line(&[("d9", 'k'), ("d5", 'n'), ("e0", 'K')]).as_deref(),
            Some("Not pinned: the generals are on different columns.")
        );
        assert_eq!(
            pin_line(&[("a5", 'n'), ("b5", 'R')]).as_deref(),
            Some("Not pinned: there are not two generals on the board.")
        );
    }

    #[test]
    fn the_explanation_adds_up_to_the_answer() {
        for pieces in [
            &[("a5", 'n'), ("b5", 'R')][..],
            &[("e9", 'k'), ("e5", 'n'), ("e0", 'K')][..],
            &[("d9", 'k'), ("f7", 'n'), ("d0", 'K'), ("d5", 'C')][..],
        ] {
            let case = case(pieces);
            for rule in [Rule::FlyingGeneralPin, Rule::FullLegality] {
                assert_eq!(case.explain(rule).answer(), case.moves(rule), "{pieces:?} {rule:?}");
            }
        }
    }
}
