//! `kq`: the king-and-queen "Correct Move" task (UVa 255).

use clap::{Parser, Subcommand};

use crate::completions::CompletionsArgs;
use crate::judge::JudgeArgs;
use crate::task::CorrectMove;
use crate::{Streams, Tool};

mod generate;
mod judge;
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
    #[command(after_help = judge::AFTER_HELP)]
    Judge(JudgeArgs<CorrectMove>),
    /// Write random lines `king queen newqueen` of every verdict --stop-share allows.
    ///
    /// The first lines show every verdict --stop-share allows, one each in a
    /// random order: all five with the default share (any between 0 and 1),
    /// the four other than `Stop` with --stop-share 0, and `Stop` alone with
    /// --stop-share 1, which makes every line a `Stop`. Each later line draws
    /// its verdict (--stop-share for `Stop`, the rest shared equally by the
    /// other four), then a line with that verdict. The same --seed gives the
    /// same bytes on every machine.
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
    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell).
    ///
    /// For example, in bash: `source <(kq completions bash)`.
    Completions(CompletionsArgs),
}

impl Tool for Kq {
    fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        match self.command {
            Command::Judge(args) => args.run(CorrectMove, streams),
            Command::Completions(args) => args.run::<Kq>(streams),
            Command::Gen(args) => args.run(streams),
            Command::Stress(args) => args.run(streams),
        }
    }
}
