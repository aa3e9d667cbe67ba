//! `xiangqi checkmate`: the endgame checkmate judge task (UVa 1589).

use std::path::PathBuf;

use clap::Args;
use xiangqi_rules::tasks::checkmate;

use crate::{Input, Streams, run_judge};

/// Arguments of `xiangqi checkmate`.
#[derive(Debug, Args)]
#[command(after_help = "\
Input (as the judge gives it; blank lines, tabs and CRLF do not matter):
  2 1 4      N red pieces, then the black general's row and column
  G 10 5     N lines: G general, R chariot, H horse, C cannon, row, column
  R 6 4
  0 0 0      the end of input
Rows run 1..10 from black's side at the top, columns 1..9 from the left.

Example:
  printf '2 1 4\\nG 10 5\\nR 6 4\\n0 0 0\\n' | xiangqi checkmate
  YES")]
pub(crate) struct CheckmateArgs {
    /// The input file; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// After each answer, explain it: the position as a picture, whether the
    /// generals face each other at the start, who gives check, and for each
    /// point the black general could step to, the red pieces covering it or
    /// "safe". Not judge output.
    #[arg(long)]
    explain: bool,
}

impl CheckmateArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let options = checkmate::Options::explained(self.explain);
        run_judge(&Input::from_arg(self.input), streams, |reader, writer| {
            checkmate::judge(reader, writer, &options)
        })
    }
}
