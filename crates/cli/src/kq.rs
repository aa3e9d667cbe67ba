//! `kq`: the king-and-queen "Correct Move" task (UVa 255).

use std::path::PathBuf;

use board_geometry::text_input::answer_each;
use clap::{Parser, Subcommand};
use kq_rules::tasks::correct_move::{self, Case, Reader};
use serde::Serialize;

use crate::completions::CompletionsArgs;
use crate::json::{Format, write_json};
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
    #[command(after_help = "Examples:\n  printf '17 49 33\\n56 48 49\\n' | kq judge\n  Continue\n  Stop\n  \
                      printf '17 49 33\\n' | kq judge --explain\n  printf '17 49 33\\n' | kq judge --format json --explain")]
    Judge {
        /// The input file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
        /// After each verdict, explain it: the board (K king, Q queen, q the
        /// queen's new place, * where the king can still step) and the rule
        /// that decided. Not judge output.
        #[arg(long)]
        explain: bool,
        /// Write the judge's text, or one JSON object per line of input:
        /// `{"case", "answer"}`, with `"explanation"` under --explain.
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
        format: Format,
    },
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

/// `kq judge --format json`: one per case.
#[derive(Debug, Serialize)]
struct CaseJson {
    case: u64,
    answer: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<CaseWhy>,
}

#[derive(Debug, Serialize)]
struct CaseWhy {
    king: u8,
    queen: u8,
    new_queen: u8,
    rule: &'static str,
    escapes: Vec<u8>,
}

impl CaseJson {
    fn new(number: u64, case: Case, explain: bool) -> CaseJson {
        let explanation = explain.then(|| {
            let why = case.explain();
            CaseWhy {
                king: case.king.index(),
                queen: case.queen.index(),
                new_queen: case.new_queen.index(),
                rule: why.rule().name(),
                escapes: why.escapes().iter().map(|place| place.index()).collect(),
            }
        });
        CaseJson { case: number, answer: case.verdict().as_str(), explanation }
    }
}

impl Tool for Kq {
    fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        match self.command {
            Command::Judge { input, explain, format } => {
                let options = correct_move::Options::new().explained(explain);
                run_judge(&Input::from_arg(input), streams, |reader, writer| match format {
                    Format::Text => correct_move::judge(reader, writer, &options),
                    Format::Json => {
                        let mut cases = Reader::new(reader);
                        let mut number = 0;
                        answer_each(
                            writer,
                            || cases.next_case(),
                            |out, case| {
                                number += 1;
                                write_json(out, &CaseJson::new(number, case, explain))
                            },
                        )
                    }
                })
            }
            Command::Completions(args) => args.run::<Kq>(streams),
            Command::Gen(args) => args.run(streams),
            Command::Stress(args) => args.run(streams),
        }
    }
}
