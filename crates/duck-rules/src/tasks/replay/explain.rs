//! A command of the log followed in words and pictures.

use core::fmt;

use std::io::{Read, Write};

use board_geometry::render::TextStyle;
use board_geometry::text_input::{StreamError, answer_each};

use super::{CaseError, Reader, Verdict};
use crate::{Move, Position};

/// One command of a game log, explained: its number, the move it asks for,
/// and either what the move did with the board after it, or why it is invalid.
///
/// `Display` writes `N. COMMAND (MOVE): ANSWER`: the command in the judge's
/// coordinates as the log has it ([`JudgeMove`](crate::JudgeMove)), the same
/// move in squares ([`Move`]), as the reason and the picture name points,
/// and the judge's answer. After a valid move the picture of the position and
/// how the game stands follow (ending with a newline), after an invalid one
/// the reason in brackets (no newline).
///
/// ```
/// use duck_rules::Position;
/// use duck_rules::tasks::replay::{Explanation, Verdict};
///
/// let mut position = Position::start();
/// let command = "0 0 7 0".parse::<duck_rules::JudgeMove>()?.to_move();
/// let verdict = Verdict::of(&mut position, command);
/// let explanation = Explanation::new(1, command, &verdict, &position);
/// assert_eq!(
///     explanation.to_string(),
///     "1. 0 0 7 0 (a0a7): Invalid command (the red car on a0 cannot reach a7: the piece on a2 is in the way)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Explanation<'a> {
    number: u64,
    command: Move,
    verdict: &'a Verdict,
    position: &'a Position,
    style: TextStyle,
}

impl<'a> Explanation<'a> {
    /// The explanation of command `number` (from 1), `command`, answered
    /// `verdict`, leaving `position`.
    #[must_use]
    pub const fn new(
        number: u64,
        command: Move,
        verdict: &'a Verdict,
        position: &'a Position,
    ) -> Explanation<'a> {
        Explanation { number, command, verdict, position, style: TextStyle::ASCII }
    }

    /// The same explanation, its picture drawn in `style`.
    #[must_use]
    pub const fn with_style(mut self, style: TextStyle) -> Self {
        self.style = style;
        self
    }
}

impl fmt::Display for Explanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Explanation { number, command, verdict, position, style } = *self;
        match verdict {
            Verdict::Valid(report) => write!(
                f,
                "{number}. {} ({command}): {report}\n{}{}\n",
                command.to_judge(),
                position.picture_in(style),
                position.summary()
            ),
            Verdict::Invalid(reason) => {
                write!(f, "{number}. {} ({command}): {verdict} ({reason})", command.to_judge())
            }
        }
    }
}
/// The judge with explanations: the start position, then every command
/// numbered and followed in words and pictures (see [`Explanation`]).
pub(super) fn judge(
    input: impl Read,
    mut output: impl Write,
    style: TextStyle,
) -> Result<(), StreamError<CaseError>> {
    let mut position = Position::start();
    let start = position.picture_in(style);
    write!(output, "{start}{}\n\n", position.summary()).map_err(StreamError::Write)?;
    let mut log = Reader::new(input);
    let mut number = 0u64;
    answer_each(
        &mut output,
        || log.next_case(),
        |out, command| {
            let verdict = Verdict::of(&mut position, command);
            number += 1;
            writeln!(out, "{}", Explanation::new(number, command, &verdict, &position).with_style(style))
        },
    )
}
