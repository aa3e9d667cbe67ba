//! The judge's promises about a log, checked.

use core::fmt;

use super::{Log, MAX_COMMANDS};
#[cfg(doc)]
use crate::Move;

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
