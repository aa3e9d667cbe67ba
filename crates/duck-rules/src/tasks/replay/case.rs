//! One case of the task: a command of the log.

use crate::Move;

/// One case of the task: a command of the log, as the [`Move`] it asks for
/// (the command `0 3 1 4` is the move `d0e1`; [`Move::to_judge`] gives back
/// the judge's numbers).
///
/// Unlike the other tasks' cases, a command cannot be judged alone: whether
/// it is valid, and what it does, depends on the game the commands before it
/// have played, so [`Verdict::of`](super::Verdict::of) asks for the position
/// too, and [`replay`](super::replay) follows the game. What the generators
/// and the stress tests work with is a whole log
/// ([`Log`](super::generate::Log)).
pub type Case = Move;
