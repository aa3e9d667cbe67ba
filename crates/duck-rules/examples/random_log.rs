//! Writes a long random game log for the replay task to standard output: one
//! game, its commands a mix of valid moves and the ways a command goes wrong.
//!
//! ```text
//! cargo run --release -p duck-rules --example random_log -- COMMANDS [SEED] > log.txt
//! ```
//!
//! The game opens with ordinary random play (pieces are taken, never a
//! captain), then goes on with quiet moves so that the board stays a
//! middlegame for as long as the log lasts, and near the end it is played
//! until a captain falls; the last commands come after the end. About 40% of
//! the commands are invalid: the other side's piece, an empty point, a point
//! the piece cannot reach, a zero-length move, or four random coordinates.
//! `cargo xtask bench duck` times `duck replay` on such a log.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use board_geometry::random::Random;
use duck_rules::{COORDINATES, Move, PieceKind, Position, Square, SquareSet};

/// The seeded generator, with the draws the log needs.
struct Rng(Random);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.index(n)
    }

    fn point(&mut self) -> Square {
        Square::all().nth(self.below(90)).expect("below(90) picks one of the 90 points")
    }
}

/// How the valid moves are chosen in each part of the game.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Phase {
    /// Random moves, taking pieces but never a captain.
    Opening,
    /// Moves that take nothing.
    Quiet,
    /// Random moves, taking a captain as soon as possible.
    Ending,
}

fn valid_move(position: &Position, phase: Phase, rng: &mut Rng) -> Option<Move> {
    let moves = position.legal_moves();
    let takes = |m: &Move| position.board().piece_at(m.to);
    let takes_captain = |m: &Move| takes(m).is_some_and(|p| p.kind == PieceKind::Captain);
    let pool: Vec<Move> = match phase {
        Phase::Opening => moves.iter().copied().filter(|m| !takes_captain(m)).collect(),
        Phase::Quiet => moves.iter().copied().filter(|m| takes(m).is_none()).collect(),
        Phase::Ending => {
            let winning: Vec<Move> = moves.iter().copied().filter(takes_captain).collect();
            if winning.is_empty() { moves.to_vec() } else { winning }
        }
    };
    let pool = if pool.is_empty() { moves.to_vec() } else { pool };
    pool.get(rng.below(pool.len())).copied()
}

fn invalid_move(position: &Position, rng: &mut Rng) -> Move {
    let own = position.board().by_color(position.turn());
    let theirs = position.board().by_color(!position.turn());
    let pick = |set: SquareSet, rng: &mut Rng| set.into_iter().nth(rng.below(set.len() as usize));
    let near = |from: Square, rng: &mut Rng| {
        let row = (i64::from(COORDINATES.row(from)) + rng.below(7) as i64 - 3).clamp(0, 9);
        let column = (i64::from(COORDINATES.column(from)) + rng.below(7) as i64 - 3).clamp(0, 8);
        COORDINATES.square(row, column).unwrap_or(from)
    };
    let random = |rng: &mut Rng| Move::new(rng.point(), rng.point());
    let from = match rng.below(5) {
        // The other side's piece.
        0 => pick(theirs, rng),
        // An empty point.
        1 => pick(!(own | theirs), rng),
        // One's own piece to a point nearby, which its movement seldom allows.
        2 => pick(own, rng),
        // Not a move at all.
        3 => return pick(own, rng).map_or_else(|| random(rng), |at| Move::new(at, at)),
        // Anything.
        _ => None,
    };
    match from {
        Some(from) => Move::new(from, near(from, rng)),
        None => random(rng),
    }
}

fn write_log(commands: u64, seed: u64, out: &mut impl Write) -> io::Result<()> {
    let mut rng = Rng(Random::new(seed));
    let mut position = Position::start();
    let opening_end = commands.min(300);
    let ending_start = commands - commands / 100;
    writeln!(out, "{commands}")?;
    for i in 0..commands {
        let phase = if i < opening_end {
            Phase::Opening
        } else if i < ending_start {
            Phase::Quiet
        } else {
            Phase::Ending
        };
        let valid = if rng.below(100) < 60 { valid_move(&position, phase, &mut rng) } else { None };
        let m = valid.unwrap_or_else(|| {
            let m = invalid_move(&position, &mut rng);
            // A command meant to be invalid may be valid by chance: keep it
            // only if it suits the phase (no early captain, nothing taken
            // in the quiet part).
            let taken = position.check_move(m).ok().and(position.board().piece_at(m.to));
            let unsuited = match phase {
                Phase::Opening => taken.is_some_and(|p| p.kind == PieceKind::Captain),
                Phase::Quiet => taken.is_some(),
                Phase::Ending => false,
            };
            if unsuited { Move::new(m.from, m.from) } else { m }
        });
        // The log is the judge's input; whether the command is valid is the judge's business.
        let _ = position.play(m);
        // The judge's command for the move: `0 3 1 4` for d0e1.
        writeln!(out, "{}", m.to_judge())?;
    }
    out.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(commands), seed) =
        (args.first().and_then(|a| a.parse().ok()), args.get(1).and_then(|a| a.parse().ok()))
    else {
        eprintln!("usage: random_log COMMANDS [SEED]");
        return ExitCode::from(2);
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match write_log(commands, seed.unwrap_or(1), &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("random_log: {error}");
            ExitCode::FAILURE
        }
    }
}
