//! `duck`: duck chess (鸭棋): the THUPC 2019 replay task, move lists, perft and pictures.

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use board_geometry::text_input::excerpt_of;
use clap::{Args, Parser, Subcommand};
use duck_rules::{Position, Setup};

use crate::input::given_or_read;
use crate::json::{Format, write_json};
use crate::judge::JudgeArgs;
use crate::show::ShowArgs;
use crate::{Streams, Tool, task};

mod generate;
mod json;
mod play;
mod replay;
mod show;
mod solve;
mod stress;

const POSITION_FORMAT: &str = "\
Position strings (for --position and --position-file):
  rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR r   is the initial position.
  The ranks run from 9 (blue's back rank) down to 0 (red's), separated by '/'. Each rank
  lists files a to i: a letter for a piece, or a digit 1-9 for that many empty points.
  Letters: K captain, G guard, E elephant, H horse, R car, D duck, S soldier; upper case
  for red, lower case for blue. Then one space and the side to move: r (red) or b (blue).";

const POINTS: &str = "\
Points are squares, named as in xiangqi: files a-i from the left, ranks 0-9 from red's
side, e0 being red's captain. A move is its two squares: d0e1 moves red's guard from d0 to
e1. The judge's log (duck replay) gives points as (row, column) instead: rows 0-9 are the
ranks, columns 0-8 the files a-i, so its command '0 3 1 4' is the move d0e1. duck play also
reads a move in those numbers written xs,ys-xt,yt, such as 0,3-1,4.";

/// `duck`: duck chess (鸭棋) on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "duck",
    version,
    about = "Duck chess (鸭棋): replay THUPC 2019 game logs, list moves, count perft, draw positions, play moves",
    after_help = POINTS
)]
pub struct Duck {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge task THUPC 2019 "duck chess": replay a game log, one answer per command.
    ///
    /// The log is the number of commands Q alone on the first line, then Q lines
    /// `xs ys xt yt`: move the piece on row xs, column ys to row xt, column yt.
    /// Each command gets one line: `Invalid command`, or
    /// `<piece>;<removed piece or NA>;<check yes|no>;<game over yes|no>`, such as
    /// `red duck;blue captain;no;yes`. Invalid commands change nothing; once a
    /// captain is removed every command is invalid. Blank lines are skipped.
    /// A bad log (a coordinate off the board, a line without exactly four
    /// numbers, fewer commands than Q or more lines after them) stops the run
    /// with `FILE:LINE:COLUMN: message` on standard error and exit code 1,
    /// after the answers to the commands before it.
    #[command(after_help = replay::AFTER_HELP)]
    Replay(JudgeArgs<task::Replay>),
    /// Write a random game log for the replay task: Q, then Q commands.
    ///
    /// One game played by the engine from the initial position: valid moves
    /// mixed with invalid commands of every kind (--valid-share), the game
    /// played to its end most of the time (--end-share) and commands after
    /// the end. The same --seed gives the same bytes on every machine.
    #[command(name = "gen")]
    Gen(generate::GenArgs),
    /// Stress-test a replay solution: compare a program with ours on generated logs and shrink a difference.
    ///
    /// `duck stress [OPTIONS] -- PROGRAM [ARGS...]` feeds generated game logs
    /// to PROGRAM on its standard input, one run each, compares its answers
    /// with ours, and at the first difference prints the shortest log that
    /// still shows it, the expected and actual output, and the command that
    /// reproduces it (exit code 1). All agreeing: one line, exit code 0.
    Stress(stress::StressArgs),
    /// Count the positions exactly DEPTH moves away (perft).
    ///
    /// A move that removes a captain ends the game: it counts at its own depth
    /// and nothing follows it. The count is printed alone on the last line.
    /// With --divide, each valid move (sorted as `duck moves` sorts them,
    /// written as its squares) is first printed with the count below it as
    /// `MOVE: COUNT`.
    #[command(after_help = format!("Examples:\n  duck perft 3\n  80066\n  duck perft 5 --every-leaf --threads 1\n\n{POSITION_FORMAT}"))]
    Perft {
        /// The depth in moves (at most 64). On a terminal a long count shows
        /// its progress; Ctrl-C stops it with exit code 130.
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each first move before the total.
        #[arg(long)]
        divide: bool,
        /// Write text, or one JSON object at the end: `{"depth", "nodes"}`,
        /// with `"divide": [{"move", "nodes"}, ...]` under --divide.
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        count: crate::perft::CountArgs,
    },
    /// List the valid moves of the side to move, sorted, one per line, as their squares (d0e1).
    ///
    /// Moves are sorted by source square, then target square, rank by rank
    /// (a0, b0, ..., i0, a1, ...). Nothing is printed once the game is over.
    #[command(after_help = format!("Example:\n  duck moves | head -3\n  a0a1\n  b0c2\n  c0e2\n\n{POSITION_FORMAT}"))]
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Write one move a line, or one JSON object `{"position", "moves"}`.
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
        format: Format,
    },
    /// Draw the position: rank 9 at the top, in Chinese characters on a terminal, letters elsewhere.
    ///
    /// Files are lettered a-i and ranks numbered 0-9, as squares are named. In letters (--style ascii, the default
    /// when standard output is not a terminal) red is upper case, blue lower
    /// case, and `.` is an empty point. Below the picture come the position
    /// string and how the game stands: whose move it is and whether it is a
    /// check, or who has won. A setup that no game can reach is drawn too,
    /// with its problems listed. --svg writes an SVG diagram instead.
    #[command(after_help = show::after_help())]
    Show(ShowArgs<Setup>),
    /// Play moves (d0e1, or the judge's numbers 0,3-1,4) from a position, and show where they lead.
    ///
    /// Prints the position reached as `show` does: the picture, the moves
    /// played, the position string, and whose move it is, check or who has
    /// won. A move that cannot be read or is not valid stops the run with one
    /// line on standard error, `move N (MOVE): why`, and exit code 1; N counts
    /// the moves from 1 in the order given, and a MOVE given in the judge's
    /// numbers is shown with its squares, as the reason names points
    /// (`move 1 (0,0-5,0 = a0a5): the red car on a0 cannot reach a5: ...`).
    Play(play::PlayArgs),
    /// Solve: can the side to move force the capture of the other captain, in how many moves, and how?
    ///
    /// The shortest forced win (proved: no shorter one exists) with its main
    /// line, or a proved `no mate within N`, or `unknown` at a limit. Reads
    /// --position, or files of one position string a line, answering each
    /// in turn. Ctrl-C prints what was proved and exits with code 130.
    Solve(solve::SolveArgs),
    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell).
    ///
    /// For example, in bash: `source <(duck completions bash)`.
    Completions(crate::completions::CompletionsArgs),
}

/// Where a subcommand's position comes from.
#[derive(Debug, Args)]
pub(crate) struct PositionArgs {
    /// The position as a position string (see below). Without this or
    /// --position-file: the initial position.
    #[arg(long, value_name = "POS", conflicts_with = "position_file", allow_hyphen_values = true)]
    position: Option<String>,
    /// Read the position string from FILE (`-`: standard input), alone on its line.
    #[arg(long, value_name = "FILE")]
    position_file: Option<PathBuf>,
}

impl PositionArgs {
    /// The setup given, unchecked.
    fn setup(&self, streams: &mut Streams<'_>) -> anyhow::Result<Setup> {
        let parse = |text: &str| {
            text.parse::<Setup>().map_err(|error| {
                anyhow!(
                    "--position '{}': column {}: {}",
                    excerpt_of(text.as_bytes(), 100),
                    error.position.column,
                    error.error
                )
            })
        };
        let (text, file) = (self.position.as_deref(), self.position_file.as_deref());
        given_or_read(text, file, streams, parse, |reader| duck_rules::read_setup(reader), Setup::start)
    }

    /// The position given, checked to be one a game can reach.
    fn position(&self, streams: &mut Streams<'_>) -> anyhow::Result<Position> {
        let parse = |text: &str| {
            text.parse::<Position>()
                .map_err(|error| anyhow!("--position '{}': {error}", excerpt_of(text.as_bytes(), 100)))
        };
        let (text, file) = (self.position.as_deref(), self.position_file.as_deref());
        given_or_read(text, file, streams, parse, |reader| duck_rules::read_position(reader), Position::start)
    }
}

impl Tool for Duck {
    fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        match self.command {
            Command::Replay(args) => args.run(task::Replay { game: Position::start() }, streams),
            Command::Gen(args) => args.run(streams),
            Command::Stress(args) => args.run(streams),
            Command::Perft { depth, position, divide, format, count } => {
                let position = position.position(streams)?;
                crate::perft::run(&position, depth, divide, format, &count, |m| Ok(m.to_string()), streams)
            }
            Command::Moves { position, format } => {
                let position = position.position(streams)?;
                let out = &mut *streams.stdout;
                match format {
                    Format::Text => {
                        for m in position.legal_moves() {
                            writeln!(out, "{m}")?;
                        }
                    }
                    Format::Json => {
                        let moves = position.legal_moves().into_iter().map(|m| m.to_string()).collect();
                        write_json(out, &json::MovesJson { position: position.to_string(), moves })?;
                    }
                }
                out.flush().context("cannot write the output")
            }
            Command::Show(args) => {
                args.run(streams)?;
                streams.stdout.flush().context("cannot write the output")
            }
            Command::Completions(args) => args.run::<Duck>(streams),
            Command::Solve(args) => args.run(streams),
            Command::Play(args) => {
                args.run(streams)?;
                streams.stdout.flush().context("cannot write the output")
            }
        }
    }
}
