//! `xiangqi horse`: the "where can the black horse go" judge task.

use std::path::PathBuf;

use clap::Args;
use xiangqi_rules::tasks::horse::{self, Options, Rule};

use crate::{Input, Streams, run_judge};

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

Example, from the repository root:
  xiangqi horse fixtures/xiangqi/horse/sample.in
  (2,1)
  (6,1)")]
pub(crate) struct HorseArgs {
    /// The input file; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Go beyond the exercise and apply full xiangqi legality: a jump is kept
    /// only if afterwards the black general (when there is one) is attacked
    /// by no red piece, counting the facing-generals rule. This also refuses
    /// moves that leave the general in check or uncover an attack by a
    /// chariot, cannon or horse, which the exercise allows.
    #[arg(long)]
    legal: bool,
}

impl HorseArgs {
    /// Judges the input, writing one answer block per board.
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let rule = if self.legal { Rule::FullLegality } else { Rule::FlyingGeneralPin };
        let options = Options::with_rule(rule);
        run_judge(&Input::from_arg(self.input), streams, |reader, writer| {
            horse::judge(reader, writer, &options)
        })
    }
}
