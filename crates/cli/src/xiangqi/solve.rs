//! `xiangqi solve`: the forced-mate solver on the command line.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use board_geometry::render::Glyphs;
use clap::Args;
use serde::Serialize;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{self, Location};
use xiangqi_rules::solve::{self, Solution, Verdict};
use xiangqi_rules::{Position, Setup};

use super::args::NotationArg;
use crate::Streams;
use crate::json::{Format, write_json};
use crate::style::StyleArgs;

/// What `xiangqi solve --help` shows after the options.
const AFTER_HELP: &str = "\
Each answer is one line: `mate in N: 1. ... 2. ...` (the main line: the
shortest mate, each defence the one that resists longest), `no mate within
N` (proved), or `unknown: LIMIT reached, no mate within K proved` (what
was proved before a limit stopped the search; never a wrong `no mate`).
Stalemate loses in xiangqi, so a stalemating move wins too.

Examples:
  xiangqi solve --fen '4k4/9/9/9/9/9/9/9/R8/R4K3 w' --moves 3
  mate in 2: 1. a0d0 e9e8 2. a1e1
  xiangqi solve --fen '4k4/9/9/9/9/9/9/9/R8/R4K3 w' --notation chinese --explain
  xiangqi solve puzzles.txt --moves 9 --checks-only --time 10
  xiangqi solve games.pgn --final --all-first-moves --format json";

/// Arguments of `xiangqi solve`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct SolveArgs {
    /// Solve this position (FEN) instead of reading files.
    #[arg(long, value_name = "FEN", conflicts_with = "files")]
    fen: Option<String>,
    /// Files of one FEN a line (blank lines and lines starting with `#`
    /// skipped), or game records of any format `xiangqi game` reads (their
    /// start positions; with --final, each game's final position). `-` or
    /// none: standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Look for mates within N moves of the side to move (1 to 120).
    #[arg(long, value_name = "N", default_value_t = 10)]
    moves: u32,
    /// Every move of the side to move must give check (连将杀).
    #[arg(long)]
    checks_only: bool,
    /// List every first move that mates within the bound, with its shortest
    /// mate: a composition with a second solution (a cook) is flawed.
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
    /// Read records' final positions (after every move of the main line)
    /// instead of their start positions.
    #[arg(long = "final")]
    final_positions: bool,
    /// Write the moves in NOTATION (default: chinese when pictures are drawn
    /// in Chinese characters, that is on a terminal or with --style chinese;
    /// iccs otherwise). JSON always writes ICCS.
    #[arg(long, value_enum, value_name = "NOTATION")]
    notation: Option<NotationArg>,
    /// After each mate, the main line a move number a line with how many
    /// defences each reply was chosen from, and the final position drawn.
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    style: StyleArgs,
    /// Write text, or one JSON object a position: {"fen", "result",
    /// "moves", "line", "first_moves", "nodes", "ms"}.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
}

/// `xiangqi solve --format json`: one object a position (and the end of
/// `xiangqi serve`'s `/api/solve` stream).
#[derive(Debug, Serialize)]
pub(crate) struct SolveJson {
    fen: String,
    #[serde(flatten)]
    solution: crate::solving::SolutionJson,
}

impl SolveJson {
    /// The object for `solution`, the solver's answer for `position`.
    pub(crate) fn new(position: &Position, solution: &Solution) -> SolveJson {
        SolveJson {
            fen: position.to_string(),
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

impl SolveArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let options = crate::solving::options(
            self.moves,
            self.checks_only,
            self.all_first_moves,
            self.nodes,
            self.time,
            self.memory,
        )?;
        let style = self.style.text_style();
        let notation = Notation::from(self.notation.unwrap_or(if style.glyphs == Glyphs::Chinese {
            NotationArg::Chinese
        } else {
            NotationArg::Iccs
        }));
        let answer = |position: &Position, streams: &mut Streams<'_>| -> anyhow::Result<bool> {
            let solution = crate::solving::with_progress(|progress| {
                solve::solve_with_progress(position, &options, progress)
            })?;
            self.write(position, &solution, notation, style, streams.stdout)?;
            streams.stdout.flush().context("cannot write the output")?;
            Ok(matches!(solution.verdict, Verdict::Unknown(solve::Limit::Stopped)))
        };
        if let Some(fen) = &self.fen {
            let position = parse_position(fen).map_err(|error| anyhow!("--fen '{fen}': {error}"))?;
            if answer(&position, streams)? {
                return Err(Interrupted.into());
            }
            return Ok(());
        }
        let mut stopped = false;
        let Streams { stdin, stdout, stderr } = streams;
        crate::input::each_file(&self.files, &mut **stdin, |name, reader| {
            for_each_position(name, reader, self.final_positions, &mut |position| {
                // The file's reader borrows standard input, so answers go through a fresh borrow.
                let mut out =
                    Streams { stdin: &mut std::io::empty(), stdout: &mut **stdout, stderr: &mut **stderr };
                stopped = answer(&position, &mut out)?;
                Ok(!stopped)
            })?;
            Ok(!stopped)
        })?;
        if stopped {
            return Err(Interrupted.into());
        }
        Ok(())
    }

    /// Writes one answer: a line, the explanation after it if asked, or a JSON object.
    fn write(
        &self,
        position: &Position,
        solution: &Solution,
        notation: Notation,
        style: board_geometry::render::TextStyle,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        if self.format == Format::Json {
            write_json(out, &SolveJson::new(position, solution))?;
            return Ok(());
        }
        let mut line =
            crate::solving::verdict_line(solution.verdict, solution.bound, solution.no_mate_within, || {
                solution.line.text(notation)
            });
        if let Some(firsts) = &solution.first_moves {
            let listed: Vec<String> = firsts
                .iter()
                .map(|first| format!("{} ({})", notation.display(position, first.mv), first.moves))
                .collect();
            let listed = if listed.is_empty() { "none".to_string() } else { listed.join(", ") };
            line.push_str(&format!("; mating first moves: {listed}"));
        }
        writeln!(out, "{line}")?;
        if self.explain && matches!(solution.verdict, Verdict::Mate(_)) {
            write!(out, "{}", solution.line.explain(notation))?;
            let end = solution.line.final_position();
            write!(out, "{}", end.picture_in(style))?;
            writeln!(out, "{}", end.summary())?;
        }
        Ok(())
    }
}

/// Ctrl-C stopped the run, after printing what was proved: exit code 130.
#[derive(Debug)]
pub(crate) struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted; the last answer says what was proved")
    }
}

impl std::error::Error for Interrupted {}

/// A FEN's position, or why it is none.
fn parse_position(fen: &str) -> anyhow::Result<Position> {
    let setup = Setup::from_fen(fen).map_err(|located| anyhow!("bad FEN: {}", located.error))?;
    Position::from_setup(setup).map_err(|error| anyhow!("illegal position: {error}"))
}

/// Calls `each` with every position of a file: its FEN lines, or its
/// records' start (or final) positions; `each` returns false to stop.
fn for_each_position(
    name: &str,
    reader: &mut dyn BufRead,
    final_positions: bool,
    each: &mut dyn FnMut(Position) -> anyhow::Result<bool>,
) -> anyhow::Result<()> {
    let mut consumed = Vec::new();
    let mut number = 0u64;
    let mut fen_file = false;
    let mut line = Vec::new();
    // With --final the file can only be records.
    while !final_positions && !fen_file_ended(&mut *reader, &mut line, name)? {
        number += 1;
        let text = String::from_utf8_lossy(&line);
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            consumed.extend_from_slice(&line);
            continue;
        }
        let column = (text.len() - text.trim_start().len() + 1) as u64;
        match Setup::from_fen(trimmed) {
            Ok(setup) => {
                fen_file = true;
                let position = Position::from_setup(setup)
                    .map_err(|error| anyhow!("{name}:{number}:{column}: illegal position: {error}"))?;
                if !each(position)? {
                    return Ok(());
                }
            }
            // A FEN file has FENs on every line; a first line that looks
            // like one (a placement of ranks) is a FEN with a mistake.
            Err(located) if fen_file || looks_like_fen(trimmed) => {
                let at = column + located.position.column - 1;
                bail!("{name}:{number}:{at}: bad FEN: {}", located.error);
            }
            Err(_) => {
                consumed.extend_from_slice(&line);
                break;
            }
        }
    }
    if !final_positions && line.is_empty() {
        return Ok(());
    }
    // A record file: read it whole, as the record readers do.
    reader.read_to_end(&mut consumed).with_context(|| format!("{name}: cannot read"))?;
    let file = record::read(&consumed).map_err(|error| anyhow!("{name}: {error}"))?;
    if file.games.is_empty() {
        bail!("{name}:{}:1: neither a FEN nor a game record", number.max(1));
    }
    for (index, (game, start)) in file.games.into_iter().zip(file.starts).enumerate() {
        let at = match start {
            Location::Text { line, column } => format!("{name}:{line}:{column}"),
            Location::Byte(offset) => format!("{name}: byte {offset}"),
            Location::Unpacked(offset) => format!("{name}: byte {offset} of the unpacked data"),
        };
        let game = game.map_err(|broken| anyhow!("{at}: game {}: {}", index + 1, broken.error))?;
        let mut position = game.start;
        if final_positions {
            for mv in game.main_line() {
                position.play(mv).map_err(|error| anyhow!("{at}: game {}: {mv}: {error}", index + 1))?;
            }
        }
        if !each(position)? {
            break;
        }
    }
    Ok(())
}

/// Reads the next line into `line`; true at the end of the input.
fn fen_file_ended(reader: &mut dyn BufRead, line: &mut Vec<u8>, name: &str) -> anyhow::Result<bool> {
    line.clear();
    Ok(reader.read_until(b'\n', line).with_context(|| format!("{name}: cannot read"))? == 0)
}

/// Whether a line is meant as a FEN: its first word is ranks of pieces and
/// digits parted by `/`, where no record format begins.
fn looks_like_fen(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    word.contains('/') && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '/')
}
