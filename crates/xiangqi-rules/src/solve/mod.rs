//! The mate solver: can the side to move force mate, in how many moves, and how?
//!
//! ```
//! use xiangqi_rules::Position;
//! use xiangqi_rules::notation::Notation;
//! use xiangqi_rules::solve::{Options, Verdict, solve};
//!
//! // Two chariots against a lone general: red mates in two.
//! let position: Position = "4k4/9/9/9/9/9/9/9/R8/R4K3 w".parse()?;
//! let solution = solve(&position, &Options { moves: 3, ..Options::default() })?;
//! assert_eq!(solution.verdict, Verdict::Mate(2));
//! assert_eq!(solution.line.text(Notation::Iccs), "1. a0d0 e9e8 2. a1e1");
//! assert!(solution.line.final_position().is_checkmate());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What it answers
//! [`solve`] gives one of three verdicts ([`Verdict`]):
//! - **mate in `n`**: the side to move (the attacker) forces mate within
//!   `n` of its own moves and not within `n - 1`: `n` is the shortest forced
//!   mate. The [`Line`] is the main line: the attacker's mating move at each
//!   step (the first in ICCS order among those that mate soonest) and the
//!   defence that resists longest (the first in ICCS order among equals);
//! - **no mate** within the bound, proved: every try of the attacker is
//!   refuted within it;
//! - **unknown**: a node, time or stop limit came first; the solution says
//!   what was proved by then ([`Solution::no_mate_within`]).
//!
//! With [`Options::all_first_moves`] it also lists every first move that
//! mates within the bound and the shortest mate after each
//! ([`Solution::first_moves`]): a composition with a second solution (a cook)
//! is flawed. With [`Options::checks_only`] every move of the attacker must
//! give check (the 连将杀 kind of problem).
//!
//! # The rules inside the search
//! A side with no legal move has lost, in check or not: stalemate loses in
//! xiangqi, so a stalemating move wins too (with checks only, the last move
//! checks, so it mates). Every legal-move rule, the flying general among
//! them, comes from [`Position::legal_moves`].
//!
//! A win never rests on repetition, and the search needs no history to make
//! sure of it: in a shortest forced mate no line repeats a position. If one
//! did, the attacker could play on from the second occurrence at the first,
//! with fewer moves left to find: a mate within the bound that does not
//! repeat. So the bounded search over positions alone (and its table, keyed
//! by position) gives exactly the answers of a search that rules every
//! repetition against the attacker, and every line it prints is a real
//! forced mate, with no position twice.
//!
//! # The algorithm
//! Iterative deepening over the bound, each iteration a depth-first AND/OR
//! search (can the attacker mate within `d` moves?) that stops at the first
//! attacking move that works and the first defence that refutes, with a
//! transposition table keyed by the position's Zobrist key that keeps, for
//! each position, the smallest bound within which it is proved mated and
//! the largest within which it is proved not (keys of 64 bits: two positions
//! share an entry only if their keys are equal, for tables of 512 KiB or
//! more). Every iteration reuses what
//! the earlier ones proved, so the shortest mate costs little more than the
//! proof at its own depth; and since "mate in `n`" is only said after "no
//! mate in `n - 1`" was proved, the length is exact. Checks are tried first,
//! then captures. The table's size is [`Options::memory`]; when it is full,
//! new entries take the place of old ones, which costs time and never
//! changes an answer.
//!
//! The main line is worked out after the proof, from the table, and is not
//! subject to the limits: it costs a small part of the proof.
//!
//! # Duck chess
//! Not yet: the solver is written on xiangqi's [`Position`] and its own
//! methods; a generic one over the shared [`Game`](crate::Game) trait waits
//! for the trait to tell check and captures (capturing the captain is duck
//! chess's mate, and its moves are two steps, the piece and the duck).

// The tests draw their positions from it with or without the feature.
#[cfg(any(test, feature = "random"))]
mod generate;
mod line;
mod search;
mod table;
#[cfg(test)]
mod tests;

use core::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

#[cfg(any(test, feature = "random"))]
pub use generate::random_endgame;
pub use line::{Line, Step};

use crate::{Move, Position};
use search::{Search, Stopped};

/// The largest bound, in moves of the attacker, that the solver takes.
pub const MAX_BOUND: u32 = 120;

/// The table size [`Options::default`] gives: 64 MiB.
pub const DEFAULT_MEMORY: usize = 64 << 20;

/// What to search for, and the limits of the search.
#[derive(Clone, Debug)]
pub struct Options<'a> {
    /// The bound: mates within this many moves of the attacker (1 to [`MAX_BOUND`]).
    pub moves: u32,
    /// Every move of the attacker must give check.
    pub checks_only: bool,
    /// List every first move that mates within the bound, with its shortest mate.
    pub all_first_moves: bool,
    /// Stop after this many nodes (moves played in the search).
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// The bytes the transposition table may take (at least one entry is kept).
    pub memory: usize,
    /// Stop when another thread (or a Ctrl-C handler) sets this flag: a
    /// `static`, or an `Arc<AtomicBool>` shared with the solving thread.
    pub stop: Option<&'a AtomicBool>,
}

impl Default for Options<'_> {
    /// Mates within 10 moves, any moves, no limits, a table of [`DEFAULT_MEMORY`].
    fn default() -> Self {
        Options {
            moves: 10,
            checks_only: false,
            all_first_moves: false,
            nodes: None,
            time: None,
            memory: DEFAULT_MEMORY,
            stop: None,
        }
    }
}

/// Options the solver refuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionsError {
    /// The bound is 0 or beyond [`MAX_BOUND`].
    Bound(u32),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Bound(moves) => {
                write!(f, "the bound must be from 1 to {MAX_BOUND} moves, not {moves}")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

/// Which limit stopped a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Options::nodes`].
    Nodes,
    /// [`Options::time`].
    Time,
    /// [`Options::stop`] was set.
    Stopped,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Nodes => "the node limit",
            Limit::Time => "the time limit",
            Limit::Stopped => "a stop",
        })
    }
}

/// The answer: one of three, and only three (a `match` needs no catch-all).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move forces mate in this many of its moves, and not in fewer.
    Mate(u32),
    /// No forced mate within the bound: proved.
    NoMate,
    /// A limit came first; [`Solution::no_mate_within`] says what was proved.
    Unknown(Limit),
}

impl Verdict {
    /// `mate`, `no-mate` or `unknown`, as the JSON output writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Mate(_) => "mate",
            Verdict::NoMate => "no-mate",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

/// A first move that mates within the bound, and its shortest mate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FirstMove {
    /// The attacker's first move.
    pub mv: Move,
    /// The shortest forced mate that starts with it, in moves of the attacker.
    pub moves: u32,
}

/// What the solver found about a position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The answer.
    pub verdict: Verdict,
    /// The bound searched to.
    pub bound: u32,
    /// Proved: no mate within this many moves (0 when nothing was proved).
    /// A mate in `n` has `n - 1` here; a proved no-mate has the bound.
    pub no_mate_within: u32,
    /// The main line for a mate; for any other verdict it has no moves.
    pub line: Line,
    /// With [`Options::all_first_moves`]: the first moves found to mate,
    /// shortest mate first, then in ICCS order (all of them within the
    /// bound unless the verdict is unknown).
    pub first_moves: Option<Vec<FirstMove>>,
    /// The nodes searched: moves played, main line included.
    pub nodes: u64,
    /// The time taken.
    pub elapsed: Duration,
}

/// How a search is going, as [`solve_with_progress`] reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// The time since the search started.
    pub elapsed: Duration,
    /// The bound being searched.
    pub searching: u32,
    /// Proved so far: no mate within this many moves.
    pub no_mate_within: u32,
}

impl Progress {
    /// Nodes a second so far.
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        u64::try_from(u128::from(self.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
    }
}

/// Solves `position` for the side to move.
///
/// # Errors
/// [`OptionsError`] for a bound of 0 or beyond [`MAX_BOUND`].
pub fn solve(position: &Position, options: &Options<'_>) -> Result<Solution, OptionsError> {
    run(position, options, None)
}

/// Solves as [`solve`] does, calling `progress` a few times a second and
/// after each bound is settled: for a progress line, or a page's.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::solve::{Options, solve_with_progress};
///
/// let position: Position = "4k4/9/9/9/9/9/9/9/R8/R4K3 w".parse()?;
/// let mut settled = Vec::new();
/// let solution = solve_with_progress(&position, &Options::default(), &mut |progress| {
///     settled.push(progress.no_mate_within);
/// })?;
/// assert_eq!(settled.last(), Some(&1), "no mate in one was proved before the mate in two");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`solve`].
pub fn solve_with_progress(
    position: &Position,
    options: &Options<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Solution, OptionsError> {
    run(position, options, Some(progress))
}

fn run(
    position: &Position,
    options: &Options<'_>,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Solution, OptionsError> {
    let bound = match u8::try_from(options.moves) {
        Ok(bound) if (1..=MAX_BOUND).contains(&options.moves) => bound,
        _ => return Err(OptionsError::Bound(options.moves)),
    };
    let mut search = Search::new(options, progress);
    let mut root = *position;
    let (verdict, first_moves) = if options.all_first_moves {
        let (verdict, first_moves) = every_first_move(&mut search, &mut root, bound);
        (verdict, Some(first_moves))
    } else {
        (shortest(&mut search, &mut root, bound), None)
    };
    let line = match verdict {
        Verdict::Mate(moves) => line::main_line(&mut search, position, moves),
        _ => Line::new(*position, Vec::new()),
    };
    search.report();
    Ok(Solution {
        verdict,
        bound: options.moves,
        no_mate_within: search.proved,
        line,
        first_moves,
        nodes: search.nodes,
        elapsed: search.started.elapsed(),
    })
}

/// Iterative deepening from the root: the first bound that mates is the shortest.
fn shortest(search: &mut Search<'_, '_>, root: &mut Position, bound: u8) -> Verdict {
    for depth in 1..=bound {
        search.searching = u32::from(depth);
        match search.attack(root, depth) {
            Ok(true) => return Verdict::Mate(u32::from(depth)),
            Ok(false) => {
                search.proved = u32::from(depth);
                search.report();
            }
            Err(Stopped(limit)) => return Verdict::Unknown(limit),
        }
    }
    Verdict::NoMate
}

/// Every first move's shortest mate, deepening all of them together so
/// that what is proved at a stop is a whole bound.
fn every_first_move(
    search: &mut Search<'_, '_>,
    root: &mut Position,
    bound: u8,
) -> (Verdict, Vec<FirstMove>) {
    let mut open: Vec<Move> = search.allowed_moves(root).into_iter().collect();
    let mut found: Vec<FirstMove> = Vec::new();
    let mut verdict = Verdict::NoMate;
    for depth in 1..=bound {
        search.searching = u32::from(depth);
        let mut still_open = Vec::with_capacity(open.len());
        for (index, &mv) in open.iter().enumerate() {
            let undo = root.play_unchecked(mv);
            let mated = search.defend(root, depth - 1);
            root.unplay(undo);
            match mated {
                Ok(true) => found.push(FirstMove { mv, moves: u32::from(depth) }),
                Ok(false) => still_open.push(mv),
                Err(Stopped(limit)) => {
                    still_open.extend_from_slice(&open[index..]);
                    verdict = Verdict::Unknown(limit);
                    break;
                }
            }
        }
        open = still_open;
        if matches!(verdict, Verdict::Unknown(_)) {
            break;
        }
        if found.is_empty() {
            search.proved = u32::from(depth);
        }
        search.report();
    }
    found.sort_by_key(|first| (first.moves, first.mv));
    if verdict == Verdict::NoMate {
        if let Some(first) = found.first() {
            verdict = Verdict::Mate(first.moves);
        }
    }
    (verdict, found)
}
