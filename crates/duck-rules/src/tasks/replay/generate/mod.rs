//! Random game logs of the replay task for stress tests, and the shrinking
//! of a failing one.
//!
//! The same shape as the generators of the other judge tasks:
//!
//! - [`Generator`] turns a seed into an endless, reproducible stream of
//!   game logs ([`Log`]s), steered by [`GenerateOptions`] (how many
//!   commands, the share of valid ones, how often the game ends);
//! - [`write_input`] writes a log in the judge's format: `Q`, then `Q` lines
//!   `xs ys xt yt`;
//! - [`check_promises`] says whether a log keeps the judge's promises;
//! - [`shrink`] makes a failing log as short as it can be while it still fails.
//!
//! One case of this task is a whole log: the judge replays one game per
//! input, so the commands of a log depend on each other and cannot be
//! batched with another log's.
//!
//! # How logs are built
//!
//! Each log is one game played from the initial position by the engine.
//! Each command is a valid move with the chance
//! [`GenerateOptions::valid_share`], and otherwise one of the ways a
//! command goes wrong, each built to be wrong: a piece of the side not to
//! move, an empty point, a move onto one's own piece, a zero-length move, a
//! piece that does not move that way, and, most often, a move blocked by a
//! piece in the way (a horse's leg, an elephant's eye, one of a duck's two
//! blocking points, a point between a car and its target).
//!
//! With the chance [`GenerateOptions::end_share`] the game is played to its
//! end: from a random point that leaves room for it, both sides take the
//! other's captain when they can, and otherwise mostly give check or bring
//! a piece nearer the other captain, which ends a game in some twenty moves. The commands after the end (all invalid, as the
//! judge has it) are moves that would have been valid before it. The other
//! games avoid taking a captain.
//!
//! ```
//! use duck_rules::tasks::replay::generate::{GenerateOptions, Generator, write_input};
//! use duck_rules::tasks::replay::{Options, judge};
//!
//! let mut options = GenerateOptions::default();
//! options.commands = 200;
//! options.end_share = 1.0;
//! let log = Generator::new(2, &options)?.next_case();
//! assert_eq!(log.len(), 200);
//!
//! let mut input = Vec::new();
//! write_input(&log, &mut input)?;
//! assert!(input.starts_with(b"200\n"));
//! let mut answers = Vec::new();
//! judge(input.as_slice(), &mut answers, &Options::default())?;
//! let answers = String::from_utf8(answers)?;
//! assert_eq!(answers.lines().count(), 200);
//! assert!(answers.contains(";yes\nInvalid command\n"), "the game ends and commands follow");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
mod promise;
mod shrink;
mod write;

use core::fmt;

use board_geometry::random::check_shares;

use crate::Move;

pub use board_geometry::layout::{Layout, LayoutWriter, Reading};
pub use board_geometry::random::Validate;
pub use promise::{BrokenPromise, check_promises};
pub use shrink::shrink;
pub use write::write_input;

/// How the judge reads this task's input, which says where
/// [`Layout::Varied`] puts its whitespace: a line at a time (the count, then one command a line), any spaces and tabs between the numbers of a line, blank lines between lines.
pub const READING: Reading = Reading::Lines;

/// The most commands a log may have: the judge promises `Q <= 1000`.
pub const MAX_COMMANDS: usize = 1000;

/// A game log: the commands of one input, in order, each written in the
/// judge's coordinates ([`JudgeMove`](crate::JudgeMove)).
///
/// ```
/// use duck_rules::tasks::replay::generate::Log;
///
/// let log = Log::new(vec!["d0e1".parse()?, "e9e8".parse()?]);
/// assert_eq!(log.len(), 2);
/// assert_eq!(log.to_string(), "2\n0 3 1 4\n9 4 8 4\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Log {
    commands: Vec<Move>,
}

impl Log {
    /// The log of these commands.
    #[must_use]
    pub const fn new(commands: Vec<Move>) -> Log {
        Log { commands }
    }

    /// The commands, in order.
    #[must_use]
    pub fn commands(&self) -> &[Move] {
        &self.commands
    }

    /// The number of commands, `Q`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether the log has no command.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }
}

impl From<Vec<Move>> for Log {
    fn from(commands: Vec<Move>) -> Log {
        Log { commands }
    }
}

impl fmt::Display for Log {
    /// The judge's input: `Q`, then one line `xs ys xt yt` per command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.commands.len())?;
        for command in &self.commands {
            writeln!(f, "{}", command.to_judge())?;
        }
        Ok(())
    }
}

/// What kind of logs a [`Generator`] makes.
///
/// ```
/// use duck_rules::tasks::replay::generate::{GenerateOptions, Validate};
///
/// let mut options = GenerateOptions::default();
/// options.commands = 30;
/// options.valid_share = 0.9;
/// assert!(options.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// The number of commands of each log, `Q`: 0 to 1000, 100 by default.
    pub commands: usize,
    /// The chance, from 0 to 1, that a command before the end of the game is
    /// a valid move; 0.6 by default. After the end every command is invalid.
    pub valid_share: f64,
    /// The chance, from 0 to 1, that a log's game is played to its end
    /// (a captain taken) before the log ends; 0.8 by default. The end is
    /// sought from a point that leaves room for about forty valid commands,
    /// so a short log, or one with few valid commands, may end before its
    /// game does.
    pub end_share: f64,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions { commands: 100, valid_share: 0.6, end_share: 0.8 }
    }
}

impl Validate for GenerateOptions {
    type Error = OptionsError;

    fn validate(&self) -> Result<(), OptionsError> {
        check_shares(&[("valid share", self.valid_share), ("end share", self.end_share)])?;
        if self.commands > MAX_COMMANDS {
            return Err(OptionsError::Task(TooManyCommands { commands: self.commands }));
        }
        Ok(())
    }
}

/// Options a [`Generator`] cannot work with: a chance or a share that is
/// not a number from 0 to 1, or [`TooManyCommands`].
pub type OptionsError = board_geometry::random::OptionsError<TooManyCommands>;

/// More commands than the judge promises, the one option of this task beside
/// its shares that can be out of range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TooManyCommands {
    /// The number asked for.
    pub commands: usize,
}

impl fmt::Display for TooManyCommands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let commands = self.commands;
        write!(
            f,
            "{commands} commands is more than the judge's {MAX_COMMANDS} (it promises Q <= {MAX_COMMANDS})"
        )
    }
}

/// An endless, reproducible stream of game logs: the same seed and options
/// give the same logs on every platform and in every version (see
/// [`Random`](board_geometry::random::Random)).
///
/// ```
/// use duck_rules::tasks::replay::generate::{GenerateOptions, Generator};
///
/// let logs: Vec<_> = Generator::new(1, &GenerateOptions::default())?.take(2).collect();
/// assert_eq!(logs[0].len(), 100);
/// assert_ne!(logs[0], logs[1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Generator = board_geometry::random::Generator<GenerateOptions>;

#[cfg(test)]
mod tests;
