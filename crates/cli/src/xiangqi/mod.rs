//! `xiangqi`: the xiangqi rules engine on the command line.

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::judge::JudgeArgs;
use crate::show::ShowArgs;
use crate::task::Checkmate;
use crate::{Streams, Tool};

mod args;
mod checkmate;
mod game;
mod generate;
mod horse;
mod json;
mod moves;
mod perft;
mod play;
mod rules;
mod selfplay;
#[cfg(feature = "serve")]
mod serve;
mod show;
mod solve;
mod stress;

pub(crate) use solve::Interrupted as SolveInterrupted;

/// `xiangqi`: xiangqi (Chinese chess) rules on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "xiangqi",
    version,
    about = "Xiangqi (Chinese chess) rules: perft, legal moves, pictures, playing moves, game records, \
             and the xiangqi judge tasks",
    after_help = "Squares and moves use ICCS coordinates: files a-i from red's left, ranks 0-9 from red's side; \
                  a move is written h2e2. `play` and `game` also read engine coordinates (h3e3), WXF (C2.5) \
                  and Chinese (炮二平五), and `moves`, `perft --divide` and `game --to` write them.\n\n\
                  Run `xiangqi help COMMAND` for a command's details and examples."
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
    #[command(after_help = checkmate::AFTER_HELP)]
    Checkmate(JudgeArgs<Checkmate>),
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
    /// `MOVE: COUNT`; comparing those with another engine finds a move-generation bug
    /// (--notation engine writes the moves as Fairy-Stockfish does).
    Perft(perft::PerftArgs),
    /// List the legal moves in ICCS notation (h2e2), sorted, one per line.
    ///
    /// --notation writes them in another notation, still in ICCS order.
    /// Nothing is printed when the side to move has no legal move (it is mated
    /// or stalemated, and in xiangqi both lose).
    Moves(moves::MovesArgs),
    /// Draw the position: in Chinese characters on a terminal, letters elsewhere; or SVG or JSON.
    ///
    /// Ranks 9 to 0 from the top, files a to i, the river between ranks 4 and
    /// 5, the palaces with their diagonals. On a terminal the pieces are their
    /// characters (red 帥仕相傌俥炮兵, black 將士象馬車砲卒) in colour, with each
    /// player's file numbers (black １..９ above, red 九..一 below); elsewhere,
    /// or with --style ascii, letters: K general, A advisor, B elephant, N
    /// horse, R chariot, C cannon, P soldier, red upper case and black lower
    /// case. Below the picture: the FEN, whose move it is, and whether that
    /// side is in check, mated or stalemated. Any FEN that reads can be shown;
    /// an illegal position is drawn with its problems listed.
    #[command(after_help = show::AFTER_HELP)]
    Show(ShowArgs<xiangqi_rules::Setup>),
    /// Play moves written in any notation from a position, and show where they lead.
    ///
    /// Each MOVE is read in ICCS (h2e2), engine coordinates (h3e3), WXF
    /// (C2.5) or Chinese (炮二平五), detected move by move or fixed with
    /// --notation. Prints the position reached as `show` does (picture, FEN,
    /// whose move, check, checkmate or stalemate), with the moves written
    /// back, numbered. A move that cannot be read or is illegal stops the run
    /// with one line on standard error, `move N: ...`, naming its number
    /// (from 1, in the order given), its text and why, and exit code 1.
    Play(play::PlayArgs),
    /// Read game records of any format, files and folders, and report on each game; or convert them.
    ///
    /// Reads every game of every FILE and of every file inside each DIR, its
    /// format found from the content (PGN-style text, XQF, CBR, CBL, CBF,
    /// DhtmlXQ), plays its moves from its start position, rules on how it
    /// ends, and reports on it, ending with a summary line: see below.
    /// --format json writes one JSON object a game instead; --to writes the
    /// games again in another format (--out DIR: a file a game), as records
    /// that this command reads back to the same moves, tags and result.
    Game(game::GameArgs),
    /// Find the shortest forced mate, prove there is none within N moves, or list every mating first move.
    ///
    /// Solves each position for the side to move: `--fen`, or every line of
    /// FILE (one FEN a line), or every game of a record file (its start
    /// position; --final: its final one). Answers stream one line a
    /// position; a position that cannot be read stops the run with
    /// `FILE:LINE:COLUMN: message` and exit code 1, after the answers before
    /// it. On a terminal a progress line shows the nodes searched and the
    /// bound reached; Ctrl-C prints what was proved so far and exits with 130.
    Solve(solve::SolveArgs),
    /// Explain, move by move, which pieces each move checks and chases, and how the game ends.
    Rules(rules::RulesArgs),
    /// Play seeded random games to their end, and count how they ended.
    Selfplay(selfplay::SelfplayArgs),
    /// Serve a local page to open records, step through them, play and set up positions, with its JSON API.
    ///
    /// Prints the URL (http://127.0.0.1:8080/ unless --bind or --port say
    /// otherwise) and serves until Ctrl-C. The page lists the games of the
    /// FILEs and DIRs named; see below.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell).
    ///
    /// For example, in bash: `source <(xiangqi completions bash)`; in zsh:
    /// `xiangqi completions zsh > ~/.zfunc/_xiangqi` with ~/.zfunc on fpath.
    Completions(crate::completions::CompletionsArgs),
}

impl Tool for Xiangqi {
    fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        match self.command {
            Command::Checkmate(args) => return args.run(Checkmate, streams),
            Command::Horse(args) => return args.run(streams),
            Command::Gen(args) => return args.run(streams),
            Command::Stress(args) => return args.run(streams),
            Command::Perft(args) => args.run(streams)?,
            Command::Moves(args) => args.run(streams)?,
            Command::Show(args) => args.run(streams)?,
            Command::Play(args) => args.run(streams)?,
            Command::Game(args) => args.run(streams)?,
            Command::Rules(args) => args.run(streams)?,
            Command::Solve(args) => args.run(streams)?,
            Command::Selfplay(args) => args.run(streams)?,
            #[cfg(feature = "serve")]
            Command::Serve(args) => args.run(streams)?,
            Command::Completions(args) => args.run::<Xiangqi>(streams)?,
        }
        streams.stdout.flush().context("cannot write the output")
    }
}
