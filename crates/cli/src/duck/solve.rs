//! `duck solve`: the mate solver (the captain's capture) on the command line.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, anyhow};
use clap::Args;
use duck_rules::solve::{self, Limit, Solution, Verdict};
use duck_rules::{Position, Setup};
use serde::Serialize;

use super::POSITION_FORMAT;
use crate::Streams;
use crate::json::{Format, write_json};

/// Arguments of `duck solve`.
#[derive(Debug, Args)]
#[command(after_help = format!("\
Duck chess has no checkmate: a captain may be left attacked, and the game ends when one
is taken. So `mate in N` here means the side to move takes the other captain on its N-th
move whatever the defence, and not sooner. Each answer is one line: `mate in N: 1. ...`
(the main line: the shortest win, each defence the one that resists longest), `no mate
within N` (proved), or `unknown: LIMIT reached, no mate within K proved`. There is no
--checks-only: duck chess has no rule of check to restrict the moves to.

Examples:
  duck solve --position '4k4/9/9/9/4R4/9/9/9/9/3K5 r' --moves 3
  mate in 1: 1. e5e9
  duck solve positions.txt --moves 4 --all-first-moves --format json

{POSITION_FORMAT}"))]
pub(crate) struct SolveArgs {
    /// Solve this position (a position string) instead of reading files.
    #[arg(long, value_name = "POS", conflicts_with = "files", allow_hyphen_values = true)]
    position: Option<String>,
    /// Files of one position string a line (blank lines and lines starting
    /// with `#` skipped). `-` or none: standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Look for wins within N moves of the side to move (1 to 120).
    #[arg(long, value_name = "N", default_value_t = 4)]
    moves: u32,
    /// List every first move that wins within the bound, with its shortest win.
    #[arg(long)]
    all_first_moves: bool,
    /// Stop each position's search after N nodes: the answer is then `unknown`.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Stop each position's search after SECONDS (decimals allowed).
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// The transposition table's size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    memory: u32,
    /// Write text, or one JSON object a position: {"position", "result",
    /// "moves", "line", "first_moves", "nodes", "ms"}.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
}

/// `duck solve --format json`: one object a position.
#[derive(Debug, Serialize)]
struct SolveJson {
    position: String,
    #[serde(flatten)]
    solution: crate::solving::SolutionJson,
}

impl SolveJson {
    fn new(position: &Position, solution: &Solution) -> SolveJson {
        SolveJson {
            position: position.to_string(),
            solution: crate::solving::SolutionJson::new(
                solution.verdict,
                solution.line.moves(),
                solution.first_moves.as_deref(),
                solution.nodes,
                solution.elapsed,
            ),
        }
    }
}

/// The line numbered as players write it: `1. a0a8 e9f9 2. a8f8`.
fn numbered(solution: &Solution) -> String {
    let first = solution.line.start().turn();
    let mut text = String::new();
    let mut number = 0;
    for (before, step) in solution.line.walk() {
        if !text.is_empty() {
            text.push(' ');
        }
        if before.turn() == first {
            number += 1;
            text.push_str(&format!("{number}. "));
        }
        text.push_str(&step.mv.to_string());
    }
    text
}

impl SolveArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let options = crate::solving::options(
            self.moves,
            false,
            self.all_first_moves,
            self.nodes,
            self.time,
            self.memory,
        )?;
        let answer = |position: &Position, out: &mut dyn Write| -> anyhow::Result<bool> {
            let solution = crate::solving::with_progress(|progress| {
                solve::solve_with_progress(position, &options, progress)
            })?;
            self.write(position, &solution, out)?;
            out.flush().context("cannot write the output")?;
            Ok(matches!(solution.verdict, Verdict::Unknown(Limit::Stopped)))
        };
        if let Some(text) = &self.position {
            let position: Position = text.parse().map_err(|error| anyhow!("--position '{text}': {error}"))?;
            if answer(&position, streams.stdout)? {
                return Err(crate::xiangqi::SolveInterrupted.into());
            }
            return Ok(());
        }
        let mut stopped = false;
        crate::input::each_file(&self.files, &mut *streams.stdin, |name, reader| {
            let mut line = String::new();
            let mut number = 0u64;
            loop {
                line.clear();
                if reader.read_line(&mut line).with_context(|| format!("{name}: cannot read"))? == 0 {
                    return Ok(true);
                }
                number += 1;
                let trimmed = line.trim();
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    continue;
                }
                let column = (line.len() - line.trim_start().len()) as u64;
                let setup: Setup = trimmed.parse().map_err(|error: duck_rules::ParseSetupError| {
                    anyhow!("{name}:{number}:{}: {}", column + error.position.column, error.error)
                })?;
                let position = Position::from_setup(setup)
                    .map_err(|error| anyhow!("{name}:{number}:{}: illegal position: {error}", column + 1))?;
                stopped = answer(&position, streams.stdout)?;
                if stopped {
                    return Ok(false);
                }
            }
        })?;
        if stopped {
            return Err(crate::xiangqi::SolveInterrupted.into());
        }
        Ok(())
    }

    /// Writes one answer: a line, or a JSON object.
    fn write(&self, position: &Position, solution: &Solution, out: &mut dyn Write) -> anyhow::Result<()> {
        if self.format == Format::Json {
            write_json(out, &SolveJson::new(position, solution))?;
            return Ok(());
        }
        let mut line =
            crate::solving::verdict_line(solution.verdict, solution.bound, solution.no_mate_within, || {
                numbered(solution)
            });
        if let Some(firsts) = &solution.first_moves {
            let listed: Vec<String> =
                firsts.iter().map(|first| format!("{} ({})", first.mv, first.moves)).collect();
            let listed = if listed.is_empty() { "none".to_string() } else { listed.join(", ") };
            line.push_str(&format!("; winning first moves: {listed}"));
        }
        writeln!(out, "{line}")?;
        Ok(())
    }
}
