//! `kq stress`: a "Correct Move" program compared with the oracle on
//! generated lines, and a difference shrunk (see [`crate::stress`]).

use clap::Args;
use kq_rules::tasks::correct_move::Case;

use super::generate::KqKnobs;
use crate::Streams;
use crate::stress::{self, CommonArgs, Settings};
use crate::task::CorrectMove;

/// Arguments of `kq stress`.
#[derive(Debug, Args)]
#[command(after_help = stress::after_help("\
Examples:
  kq stress -- ./my-solution
  kq stress --cases 1000000 --stop-share 0.3 --seed 7 -- ./my-solution

The program reads lines `king queen newqueen` until the end of its input and
writes one verdict per line (1000 lines a run). At the first difference the
line is run again alone, shrunk (smaller numbers) while it still fails the
same way, and reported: the minimal input, the expected output, the
program's output, the seed and the command that reproduces the run; the exit
code is then 1. All lines agreeing: one line, exit code 0."))]
pub(crate) struct StressArgs {
    /// Lines per run of the program: 1000 by default; 1 runs each line on its own.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    batch: Option<u64>,
    #[command(flatten)]
    knobs: KqKnobs,
    #[command(flatten)]
    common: CommonArgs,
}

impl StressArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let settings = Settings::new("kq stress", self.common, self.batch, 1000, self.knobs.typed());
        stress::run::<CorrectMove>(&settings, &self.knobs.options(), streams)
    }
}

impl stress::StressTask for CorrectMove {
    fn size(case: &Case) -> String {
        format!("`{} {} {}`", case.king.index(), case.queen.index(), case.new_queen.index())
    }
}
