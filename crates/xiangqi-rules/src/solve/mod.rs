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
//!   step (one that mates soonest: the first in ICCS order among those the
//!   proof settled) and the defence that resists longest (the first in ICCS
//!   order among equals);
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
//! them, comes from [`Position::legal_moves`]. A win never rests on
//! repetition: in a shortest forced mate no line repeats a position (see
//! [`board_geometry::solve`], the solver written once for every game, for
//! why, and for the algorithm: iterative deepening over the bound, each
//! bound settled by a depth-first proof-number search with a transposition
//! table keyed by the position's Zobrist key).

// The tests draw their positions from it with or without the feature.
#[cfg(any(test, feature = "random"))]
mod generate;
mod line;
#[cfg(test)]
mod tests;

use std::time::Duration;

pub use board_geometry::solve::{DEFAULT_MEMORY, Limit, MAX_BOUND, Options, OptionsError, Progress, Verdict};
#[cfg(any(test, feature = "random"))]
pub use generate::random_endgame;
pub use line::Line;

use crate::{Move, Position};

/// A first move that mates within the bound, and its shortest mate.
pub type FirstMove = board_geometry::solve::FirstMove<Move>;

/// One move of a line, and how many legal moves its side had to choose from.
pub type Step = board_geometry::solve::Step<Move>;

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

impl From<board_geometry::solve::Solution<Position>> for Solution {
    fn from(solution: board_geometry::solve::Solution<Position>) -> Solution {
        Solution {
            verdict: solution.verdict,
            bound: solution.bound,
            no_mate_within: solution.no_mate_within,
            line: Line::from(solution.line),
            first_moves: solution.first_moves,
            nodes: solution.nodes,
            elapsed: solution.elapsed,
        }
    }
}

/// Solves `position` for the side to move.
///
/// # Errors
/// [`OptionsError`] for a bound of 0 or beyond [`MAX_BOUND`].
pub fn solve(position: &Position, options: &Options<'_>) -> Result<Solution, OptionsError> {
    board_geometry::solve::solve(position, options, None).map(Solution::from)
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
    board_geometry::solve::solve(position, options, Some(progress)).map(Solution::from)
}
