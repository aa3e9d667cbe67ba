//! Shrinking a log on which a program fails: fewer commands.

use super::Log;

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
/// use duck_rules::tasks::replay::{Options, Reader, judge};
///
/// let sample = "18\n0 0 7 0\n9 0 8 0\n0 1 1 3\n0 2 2 0\n0 3 1 2\n0 4 0 3\n9 4 8 4\n3 2 2 3\n7 0 4 2\n\
///               7 0 5 3\n9 2 7 4\n2 0 4 3\n9 1 8 3\n4 3 6 6\n7 4 9 2\n8 4 9 4\n6 6 9 4\n9 8 8 8\n";
/// let log = Log::new(Reader::new(sample.as_bytes()).collect::<Result<Vec<_>, _>>()?);
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
pub(super) fn candidates(log: &Log) -> Vec<Log> {
    board_geometry::shrink::without_runs(&log.commands).into_iter().map(Log::new).collect()
}
