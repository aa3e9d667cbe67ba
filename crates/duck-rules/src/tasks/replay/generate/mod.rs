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
//! let log = Generator::new(2, &options)?.next_log();
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

use core::fmt;
use std::io::{self, Write};

use board_geometry::random::Random;

use crate::Move;

pub use board_geometry::layout::{Layout, LayoutWriter, Reading};

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
/// use duck_rules::tasks::replay::generate::GenerateOptions;
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

impl GenerateOptions {
    /// Checks that every option is in its range.
    ///
    /// # Errors
    /// The first option out of range.
    pub fn validate(&self) -> Result<(), OptionsError> {
        for (name, value) in [("valid share", self.valid_share), ("end share", self.end_share)] {
            if !(0.0..=1.0).contains(&value) {
                return Err(OptionsError::Share { name, value });
            }
        }
        if self.commands > MAX_COMMANDS {
            return Err(OptionsError::Commands { commands: self.commands });
        }
        Ok(())
    }
}

/// Options a [`Generator`] cannot work with.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum OptionsError {
    /// A share is not a number from 0 to 1.
    Share {
        /// Which share.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// More commands than the judge promises.
    Commands {
        /// The number asked for.
        commands: usize,
    },
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Share { name, value } => {
                write!(f, "the {name} {value} is not a number from 0 to 1")
            }
            OptionsError::Commands { commands } => {
                write!(
                    f,
                    "{commands} commands is more than the judge's {MAX_COMMANDS} (it promises Q <= {MAX_COMMANDS})"
                )
            }
        }
    }
}

impl std::error::Error for OptionsError {}

/// An endless, reproducible stream of game logs: the same seed and options
/// give the same logs on every platform and in every version (see [`Random`]).
///
/// ```
/// use duck_rules::tasks::replay::generate::{GenerateOptions, Generator};
///
/// let logs: Vec<_> = Generator::new(1, &GenerateOptions::default())?.take(2).collect();
/// assert_eq!(logs[0].len(), 100);
/// assert_ne!(logs[0], logs[1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    random: Random,
    options: GenerateOptions,
}

impl Generator {
    /// A generator of logs from `seed`.
    ///
    /// # Errors
    /// Options out of range (see [`GenerateOptions::validate`]).
    pub fn new(seed: u64, options: &GenerateOptions) -> Result<Generator, OptionsError> {
        options.validate()?;
        Ok(Generator { random: Random::new(seed), options: options.clone() })
    }

    /// The next log: a new game.
    pub fn next_log(&mut self) -> Log {
        build::log(&mut self.random, &self.options)
    }
}

impl Iterator for Generator {
    type Item = Log;

    fn next(&mut self) -> Option<Log> {
        Some(self.next_log())
    }
}

/// Writes `log` in the judge's format: `Q` alone on the first line, then one
/// line `xs ys xt yt` per command.
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(log: &Log, out: &mut W) -> io::Result<()> {
    let mut text = Vec::with_capacity(8 + 8 * log.len());
    text.extend_from_slice(log.len().to_string().as_bytes());
    text.push(b'\n');
    for command in log.commands() {
        for (index, number) in command.to_judge().coordinates().into_iter().enumerate() {
            if index > 0 {
                text.push(b' ');
            }
            text.push(b'0' + number);
        }
        text.push(b'\n');
    }
    out.write_all(&text)
}

/// A promise of the judge that a log breaks (see [`check_promises`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BrokenPromise {
    /// More than 1000 commands.
    TooManyCommands {
        /// How many there are.
        commands: usize,
    },
}

impl fmt::Display for BrokenPromise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrokenPromise::TooManyCommands { commands } => {
                write!(f, "the log has {commands} commands; the judge promises at most {MAX_COMMANDS}")
            }
        }
    }
}

impl std::error::Error for BrokenPromise {}

/// Whether `log` keeps the judge's promises: at most 1000 commands. Every
/// command's points are on the board, as every [`Move`] is.
///
/// ```
/// use duck_rules::tasks::replay::generate::{Log, check_promises};
///
/// assert!(check_promises(&Log::new(vec!["a0a1".parse()?; 1000])).is_ok());
/// assert!(check_promises(&Log::new(vec!["a0a1".parse()?; 1001])).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The promise broken.
pub fn check_promises(log: &Log) -> Result<(), BrokenPromise> {
    if log.len() > MAX_COMMANDS {
        return Err(BrokenPromise::TooManyCommands { commands: log.len() });
    }
    Ok(())
}

/// Shrinks a log on which a program fails: returns the shortest log found
/// on which `still_fails` holds; `log` itself if no shorter one fails.
///
/// The search is [`board_geometry::shrink::shrink`]'s greedy loop over
/// fewer commands: runs of consecutive commands taken out, half of the log
/// first, then quarters and so on down to single commands, later runs
/// before earlier ones (the commands after the first wrong answer go first).
/// Every change shortens the log, so the search ends; the result has no
/// single command left whose removal still fails. What a command does
/// depends on those before it, so taking one out may turn a later valid
/// move into an invalid one, or the other way round: the predicate judges
/// the log as it is.
///
/// ```
/// use duck_rules::tasks::replay::generate::{Log, shrink};
/// use duck_rules::tasks::replay::{LogReader, Options, judge};
///
/// let sample = "18\n0 0 7 0\n9 0 8 0\n0 1 1 3\n0 2 2 0\n0 3 1 2\n0 4 0 3\n9 4 8 4\n3 2 2 3\n7 0 4 2\n\
///               7 0 5 3\n9 2 7 4\n2 0 4 3\n9 1 8 3\n4 3 6 6\n7 4 9 2\n8 4 9 4\n6 6 9 4\n9 8 8 8\n";
/// let log = Log::new(LogReader::new(sample.as_bytes())?.collect::<Result<Vec<_>, _>>()?);
/// assert_eq!(log.len(), 18);
///
/// // The shortest part of the sample game in which a captain is still taken.
/// let takes_a_captain = |log: &Log| {
///     let mut answers = Vec::new();
///     judge(log.to_string().as_bytes(), &mut answers, &Options::default()).is_ok()
///         && String::from_utf8_lossy(&answers).contains(";yes\n")
/// };
/// let short = shrink(&log, takes_a_captain);
/// assert!(takes_a_captain(&short));
/// assert_eq!(short.len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shrink(log: &Log, still_fails: impl FnMut(&Log) -> bool) -> Log {
    board_geometry::shrink::shrink(log.clone(), candidates, still_fails)
}

/// The shorter variants of `log`: runs of commands taken out, long runs
/// first, later runs before earlier ones
/// ([`board_geometry::shrink::without_runs`]).
fn candidates(log: &Log) -> Vec<Log> {
    board_geometry::shrink::without_runs(&log.commands).into_iter().map(Log::new).collect()
}

#[cfg(test)]
mod tests;
