//! The main line of a mate, and how it is written.

use core::fmt::Write as _;

use super::search::Search;
use crate::notation::Notation;
use crate::{Color, Move, Position};

/// One move of a line, and how many legal moves its side had to choose from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The move.
    pub mv: Move,
    /// The legal moves of the side that played it, in the position before it
    /// (for the defender: its defences).
    pub legal: usize,
}

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
    start: Position,
    steps: Vec<Step>,
    end: Position,
}

impl Line {
    /// The line of `steps` from `start`; the moves must be legal one after
    /// the other (as the solver's are).
    #[must_use]
    pub fn new(start: Position, steps: Vec<Step>) -> Line {
        let mut end = start;
        for step in &steps {
            end.play_unchecked(step.mv);
        }
        Line { start, steps, end }
    }

    /// The position the line starts from.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The steps, in order.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The moves, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.steps.iter().map(|step| step.mv)
    }

    /// Whether the line has no moves.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The position at the end of the line.
    #[must_use]
    pub const fn final_position(&self) -> &Position {
        &self.end
    }

    /// Each step with the position before it.
    fn walk(&self) -> impl Iterator<Item = (Position, Step)> + '_ {
        self.steps.iter().scan(self.start, |position, &step| {
            let before = *position;
            position.play_unchecked(step.mv);
            Some((before, step))
        })
    }

    /// The moves numbered as players write them, a number before each move
    /// of the side that starts: `1. 车二进九 将５进１ 2. 马三进四`.
    #[must_use]
    pub fn text(&self, notation: Notation) -> String {
        let mut text = String::new();
        let first = self.start.turn();
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
        let first = self.start.turn();
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
        if self.end.turn() != first && !self.steps.is_empty() {
            let ending = if self.end.is_checkmate() {
                "mate"
            } else if self.end.is_stalemate() {
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
        self.start.turn()
    }
}

/// The main line of a mate in `moves` from `start`, worked out from the
/// proof: at each step the first attacking move (in ICCS order) that mates
/// soonest, and the first defence (in ICCS order) that resists longest.
pub(super) fn main_line(search: &mut Search<'_, '_>, start: &Position, moves: u32) -> Line {
    search.lift_limits();
    let mut position = *start;
    let mut steps = Vec::new();
    let mut left = u8::try_from(moves).unwrap_or(u8::MAX);
    while left > 0 {
        let tries = search.allowed_moves(&mut position);
        let legal = position.count_legal_moves();
        let mut chosen = None;
        for mv in tries {
            let undo = position.play_unchecked(mv);
            let mates = search.defend(&mut position, left - 1);
            position.unplay(undo);
            if matches!(mates, Ok(true)) {
                chosen = Some(mv);
                break;
            }
        }
        let Some(mv) = chosen else { break };
        position.play_unchecked(mv);
        steps.push(Step { mv, legal });
        left -= 1;
        let mut defences = position.legal_moves();
        if defences.is_empty() || left == 0 {
            break;
        }
        defences.sort_unstable();
        let legal = defences.len();
        // The mate is in exactly `left` after the attacker's move, so the
        // longest defence lasts `left` moves: the first that is not mated
        // within `left - 1`.
        let mut longest = None;
        for mv in defences {
            let undo = position.play_unchecked(mv);
            let sooner = left > 1 && matches!(search.attack(&mut position, left - 1), Ok(true));
            position.unplay(undo);
            if !sooner {
                longest = Some(mv);
                break;
            }
        }
        let Some(mv) = longest else { break };
        position.play_unchecked(mv);
        steps.push(Step { mv, legal });
    }
    Line::new(*start, steps)
}
