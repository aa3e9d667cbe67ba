//! `xiangqi`: the xiangqi rules engine on the command line.

use anyhow::{Context, anyhow};
use clap::{Parser, Subcommand};
use xiangqi_rules::{Position, Setup, SquareSet, divide, perft, svg_picture};

use crate::{Streams, Tool};

mod checkmate;
mod generate;
mod horse;
mod stress;

const FEN_HELP: &str = "The position as FEN, e.g. 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w' \
                        (the start position, which is the default). Only the board and the side to move are required";

/// `xiangqi`: xiangqi (Chinese chess) rules on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "xiangqi",
    version,
    about = "Xiangqi (Chinese chess) rules: perft, legal moves, pictures, and the xiangqi judge tasks",
    after_help = "Squares and moves use ICCS coordinates: files a-i from red's left, ranks 0-9 from red's side; \
                  a move is written h2e2."
)]
pub struct Xiangqi {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge task UVa 1589: is black, with only its general left, checkmated? YES or NO per case.
    ///
    /// Black is lost (YES) when it has no legal move, as xiangqi rules have
    /// it; if the generals already face each other black captures the red
    /// general (NO). Answers stream one line per case. A case that breaks the
    /// judge's promises stops the run with `FILE:LINE:COLUMN: case N: message`
    /// on standard error and exit code 1, after the answers before it.
    Checkmate(checkmate::CheckmateArgs),
    /// Judge task: where can the black horse go? (row,col) lines or NONE per board.
    ///
    /// Reads 10 x 9 matrices of piece codes, each with exactly one black horse,
    /// and lists every point the horse can jump to, applying the hobbled-leg
    /// rule and the exercise's flying-general pin (--legal: full xiangqi
    /// legality instead). A board that breaks the task's promises stops the run
    /// with `FILE:LINE:COLUMN: message` on standard error and exit code 1, after
    /// the answers before it.
    Horse(horse::HorseArgs),
    /// Write random valid input for a judge task: checkmate cases or horse boards.
    ///
    /// The cases keep every promise of the judge and come from the engine;
    /// the same --seed gives the same bytes on every machine. See
    /// `xiangqi gen checkmate --help` and `xiangqi gen horse --help`.
    #[command(name = "gen")]
    Gen(generate::GenArgs),
    /// Stress-test a solution: compare a program with ours on generated cases and shrink a difference.
    ///
    /// `xiangqi stress checkmate|horse [OPTIONS] -- PROGRAM [ARGS...]` feeds
    /// generated cases to PROGRAM on its standard input, compares its answers
    /// with ours, and at the first difference prints the smallest input that
    /// still shows it, the expected and actual output, and the command that
    /// reproduces it (exit code 1). All agreeing: one line, exit code 0.
    Stress(stress::StressArgs),
    /// Count the leaves of the legal-move tree of depth DEPTH (perft).
    ///
    /// The count is printed alone on the last line. With --divide, each legal
    /// move (in ICCS order) is first printed with the count below it as
    /// `MOVE: COUNT`; comparing those with another engine finds a move-generation bug.
    #[command(after_help = "Example:\n  xiangqi perft 3\n  79666")]
    Perft {
        /// The depth in plies.
        depth: u32,
        #[arg(long, help = FEN_HELP)]
        fen: Option<String>,
        /// Print the count below each root move first.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves in ICCS notation (h2e2), sorted, one per line.
    ///
    /// Nothing is printed when the side to move has no legal move (it is mated
    /// or stalemated, and in xiangqi both lose).
    Moves {
        #[arg(long, help = FEN_HELP)]
        fen: Option<String>,
    },
    /// Draw the position: ranks 9 to 0, files a to i, red in upper case, black in lower case.
    ///
    /// Letters: K general, A advisor, B elephant, N horse, R chariot, C cannon,
    /// P soldier. The river runs between ranks 4 and 5; the palaces are drawn
    /// with their diagonals. Below the picture: the FEN, whose move it is, and
    /// whether that side is in check, mated or stalemated. Any FEN that reads
    /// can be shown; an illegal position is drawn with its problems listed.
    Show {
        #[arg(long, help = FEN_HELP)]
        fen: Option<String>,
        /// Write an SVG picture (with the traditional Chinese characters) instead of text.
        #[arg(long)]
        svg: bool,
    },
}

fn setup_from(fen: Option<&str>) -> anyhow::Result<Setup> {
    match fen {
        None => Ok(Setup::start()),
        Some(fen) => Setup::from_fen(fen).map_err(|error| anyhow!("--fen '{fen}': bad FEN: {error}")),
    }
}

fn position_from(fen: Option<&str>) -> anyhow::Result<Position> {
    let setup = setup_from(fen)?;
    Position::from_setup(setup)
        .map_err(|error| anyhow!("--fen '{}': illegal position: {error}", fen.unwrap_or("")))
}

impl Tool for Xiangqi {
    fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let out = &mut *streams.stdout;
        match self.command {
            Command::Checkmate(args) => return args.run(streams),
            Command::Horse(args) => return args.run(streams),
            Command::Gen(args) => return args.run(streams),
            Command::Stress(args) => return args.run(streams),
            Command::Perft { depth, fen, divide: split } => {
                let position = position_from(fen.as_deref())?;
                let total = if split {
                    let mut total = 0;
                    for (mv, count) in divide(&position, depth) {
                        writeln!(out, "{mv}: {count}")?;
                        total += count;
                    }
                    if depth == 0 { 1 } else { total }
                } else {
                    perft(&position, depth)
                };
                writeln!(out, "{total}")?;
            }
            Command::Moves { fen } => {
                let position = position_from(fen.as_deref())?;
                let mut moves = position.legal_moves();
                moves.sort_unstable();
                for mv in &moves {
                    writeln!(out, "{mv}")?;
                }
            }
            Command::Show { fen, svg } => {
                let setup = setup_from(fen.as_deref())?;
                if svg {
                    out.write_all(svg_picture(&setup.board, SquareSet::EMPTY).as_bytes())?;
                } else {
                    out.write_all(setup.picture().as_bytes())?;
                    writeln!(out, "\nFEN: {setup}")?;
                    writeln!(out, "{}", describe(setup))?;
                }
            }
        }
        out.flush().context("cannot write the output")
    }
}

/// Whose move it is and how things stand, in a sentence.
fn describe(setup: Setup) -> String {
    let turn = setup.turn;
    match Position::from_setup(setup) {
        Err(error) => format!("{turn} to move, but this is not a legal position: {error}"),
        Ok(position) => position.summary(),
    }
}
