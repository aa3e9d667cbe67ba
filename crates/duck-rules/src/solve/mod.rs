//! The mate solver for duck chess: can the side to move force the capture
//! of the other captain, in how many moves, and how?
//!
//! ```
//! use duck_rules::Position;
//! use duck_rules::solve::{Options, Verdict, solve};
//!
//! // Red's car takes the captain at once.
//! let position: Position = "4k4/9/9/9/4R4/9/9/9/9/3K5 r".parse()?;
//! let solution = solve(&position, &Options { moves: 3, ..Options::default() })?;
//! assert_eq!(solution.verdict, Verdict::Mate(1));
//! assert_eq!(solution.line.moves().map(|mv| mv.to_string()).collect::<Vec<_>>(), ["e5e9"]);
//! assert!(solution.line.final_position().is_game_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The solver is [`board_geometry::solve`], written once over the
//! [`Game`](crate::Game) trait for every game of the workspace (xiangqi's
//! `xiangqi_rules::solve` is the same code): its docs say what it answers,
//! why repetition needs no history, and the algorithm (iterative deepening
//! over the bound, each bound settled by a depth-first proof-number search
//! with a transposition table keyed by [`Position::zobrist_hash`]).
//!
//! # What "mate" means here
//! Duck chess has no checkmate: a captain may be left attacked, and the
//! game ends when one is taken ([`Position::outcome`]). So a "mate in `n`"
//! is the capture of the defender's captain on the attacker's `n`-th move,
//! whatever the defender plays: the main line's last move takes it, and the
//! position it reaches is over ([`Position::is_game_over`]). A side whose
//! captain stands but that has no move (walled in by its own pieces) is not
//! lost by the rules: the game cannot go on, the captain is never taken, and
//! the solver counts no mate there.
//!
//! [`Options::checks_only`] has no standard meaning in duck chess: there is
//! no rule of check, and [`Position::is_check`] says whether either captain
//! is attacked. The option keeps that meaning here (every move of the
//! attacker must leave a captain attacked), and `duck solve` does not offer
//! it.

#[cfg(test)]
mod tests;

pub use board_geometry::solve::{
    DEFAULT_MEMORY, Limit, Line, MAX_BOUND, Options, OptionsError, Progress, Step, Verdict,
};

use crate::{Move, Position};

/// A first move that takes the captain within the bound, and its shortest win.
pub type FirstMove = board_geometry::solve::FirstMove<Move>;

/// What the solver found about a position: its line is a
/// [`Line`]`<`[`Position`]`>`, the moves in the order played.
pub type Solution = board_geometry::solve::Solution<Position>;

/// Solves `position` for the side to move.
///
/// # Errors
/// [`OptionsError`] for a bound of 0 or beyond [`MAX_BOUND`].
pub fn solve(position: &Position, options: &Options<'_>) -> Result<Solution, OptionsError> {
    board_geometry::solve::solve(position, options, None)
}

/// Solves as [`solve`] does, calling `progress` a few times a second and
/// after each bound is settled.
///
/// # Errors
/// As [`solve`].
pub fn solve_with_progress(
    position: &Position,
    options: &Options<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Solution, OptionsError> {
    board_geometry::solve::solve(position, options, Some(progress))
}
