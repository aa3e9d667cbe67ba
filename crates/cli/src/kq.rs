//! `kq`: the king-and-queen "Correct Move" task (UVa 255).

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use kq_rules::tasks::correct_move;

use crate::{Input, Streams, Tool, run_judge};

mod generate;
mod stress;

/// `kq`: the king-and-queen "Correct Move" task (UVa 255).
#[derive(Debug, Parser)]
#[command(name = "kq", version, about = "The king-and-queen \"Correct Move\" judge task (UVa 255)")]
pub struct Kq {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge lines of `king queen newqueen`, writing one verdict per line.
    ///
    /// Places are numbered 0..63 row by row on an 8 x 8 board. The queen moves
    /// orthogonally and may not pass through or land on the king. Verdicts:
    /// `Illegal state`, `Illegal move`, `Move not allowed`, `Continue`, `Stop`.
    /// Blank lines are skipped. A bad line stops the run with
    /// `FILE:LINE:COLUMN: message` on standard error and exit code 1, after the
    /// verdicts of every line before it.
    #[command(after_help = "Example:\n  printf '17 49 33\\n56 48 49\\n' | kq judge\n  Continue\n  Stop")]
    Judge {
        /// The input file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
    },
    /// Write random lines `king queen newqueen`, every verdict represented, `Stop` included.
    ///
    /// The first five lines show the five verdicts in a random order; each
    /// later line draws its verdict (--stop-share for `Stop`, the rest shared
    /// equally by the other four), then a line with that verdict. The same
    /// --seed gives the same bytes on every machine.
    #[command(name = "gen")]
    Gen(generate::GenArgs),
    /// Stress-test a solution: compare a program with ours on generated lines and shrink a difference.
    ///
    /// `kq stress [OPTIONS] -- PROGRAM [ARGS...]` feeds generated lines to
    /// PROGRAM on its standard input, compares its verdicts with ours, and at
    /// the first difference prints the smallest line that still shows it,
    /// the expected and actual output, and the command that reproduces it
    /// (exit code 1). All agreeing: one line, exit code 0.
    Stress(stress::StressArgs),
}

impl Tool for Kq {
    fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        match self.command {
            Command::Judge { input } => run_judge(&Input::from_arg(input), streams, |reader, writer| {
                correct_move::judge(reader, writer, &correct_move::Options::default())
            }),
            Command::Gen(args) => args.run(streams),
            Command::Stress(args) => args.run(streams),
        }
    }
}
