//! `xiangqi horse`: the "where can the black horse go" judge task.

use std::io::{self, Write};

use board_geometry::render::TextStyle;
use clap::Args;
use serde::Serialize;
use xiangqi_rules::tasks::horse::{Options, Rule};

use super::json::HorseJson;
use crate::Streams;
use crate::judge::{Answer, DrawsDiagrams, JudgeArgs, JudgeCommand, SvgArgs};
use crate::task::Horse;

/// Arguments of `xiangqi horse`.
#[derive(Debug, Args)]
#[command(after_help = "\
Input: 10 rows of 9 numbers (any whitespace; blank lines, tabs and CRLF do not matter):
  0 empty
  red:   1 chariot  2 horse  3 elephant  4 advisor  5 general  6 cannon  7 soldier
  black: 11 chariot 12 horse 13 elephant 14 advisor 15 general 16 cannon 17 soldier
Row 0 is the top (black's side), row 9 the bottom (red's side); columns 0-8 left to right.
Exactly one black horse (12); at most one general of each colour.
Several boards may follow one another (90 numbers each); each gets its block,
and blocks are separated by one empty line.

Output: each point the horse can move to as (row,col), 0-based, one per line,
top to bottom then left to right; or NONE when it cannot move.

Rules: a (2,1) jump, blocked when the point one step towards the 2-step
(the leg) holds any piece; the target may be empty or red (a capture), never
black. The exercise's only pin: when the black general, the horse and the red
general stand on one column and the horse is the only piece between the
generals, the horse may not move. --legal replaces that pin by full xiangqi
legality.

Examples, from the repository root:
  xiangqi horse fixtures/xiangqi/horse/sample.in
  (2,1)
  (6,1)
  xiangqi horse --explain fixtures/xiangqi/horse/pinned-horse.in
  xiangqi horse --format json fixtures/xiangqi/horse/several-boards.in")]
pub(crate) struct HorseArgs {
    /// Go beyond the exercise and apply full xiangqi legality: a jump is kept
    /// only if afterwards the black general (when there is one) is attacked
    /// by no red piece, counting the facing-generals rule. This also refuses
    /// moves that leave the general in check or uncover an attack by a
    /// chariot, cannon or horse, which the exercise allows.
    #[arg(long)]
    legal: bool,
    #[command(flatten)]
    judge: JudgeArgs<Horse>,
}

impl HorseArgs {
    /// Judges the input, writing one answer block per board.
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let rule = if self.legal { Rule::FullLegality } else { Rule::FlyingGeneralPin };
        self.judge.run(Horse { rule }, streams)
    }
}

impl JudgeCommand for Horse {
    const EXPLAIN_HELP: &'static str = "After each answer, explain it: the board as a picture, the pin, and \
        each of the eight jumps with why it is or is not a move (off the board, leg blocked and by which \
        piece, own piece on the target, pinned, or under --legal the general left attacked). Not judge output";
    const FORMAT_HELP: &'static str = "Write the judge's text, or one JSON object per board: `{\"board\", \
        \"answer\"}`, with `\"explanation\"` under --explain (see the README)";

    type Pictures = SvgArgs<Horse>;

    fn options(&self, explain: bool, style: TextStyle) -> Options {
        Options::new().with_task(self.rule).explained(explain).with_style(style)
    }

    fn json(&mut self, answer: &Answer<'_, Horse>) -> impl Serialize {
        HorseJson::new(answer.number, answer.case, self.rule, answer.options.explain)
    }
}

impl DrawsDiagrams for Horse {
    const SVG_HELP: &'static str = "With --explain, also write one SVG diagram per board into DIR (created \
        if missing), `board-N.svg`: each jump's target ringed in green if it is a move and crossed in red if not";

    /// The board's block: one empty line before every block but the first.
    fn write_explained(&self, out: &mut dyn Write, answer: &Answer<'_, Horse>) -> io::Result<()> {
        let Answer { number, case: board, options } = answer;
        let separator: &[u8] = if *number > 1 { b"\n" } else { b"" };
        out.write_all(separator)?;
        write!(out, "{}{}", board.moves(self.rule), board.explain(self.rule).with_style(options.style))
    }

    fn diagram(&self, Answer { number, case: board, .. }: &Answer<'_, Horse>) -> (String, String) {
        (format!("board-{number}.svg"), board.explain(self.rule).svg())
    }
}
