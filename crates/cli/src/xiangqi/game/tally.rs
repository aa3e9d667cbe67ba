//! What a run of `xiangqi game` has read and met, counted for its summary
//! line, and the failures that decide its exit code.

use super::read::{Body, Cause, FileRead, place};

/// The counts of a run, or of one file of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Tally {
    /// Files read (named, or found in folders), not counting those skipped.
    pub(super) files: usize,
    /// Files found in folders and skipped as no records.
    pub(super) skipped: usize,
    /// Games found.
    pub(super) games: usize,
    /// Games read in part: some moves played, then a problem.
    pub(super) in_part: usize,
    /// Games of which no move could be played.
    pub(super) unreadable: usize,
    /// Moves played, over every game.
    pub(super) moves: usize,
    /// Failures, by cause (in the order of [`Cause::ALL`]).
    pub(super) failures: [usize; Cause::ALL.len()],
    /// Files written (`--out`).
    pub(super) written: usize,
}

impl Tally {
    /// Adds the counts of `other`.
    pub(super) fn add(&mut self, other: &Tally) {
        self.files += other.files;
        self.skipped += other.skipped;
        self.games += other.games;
        self.in_part += other.in_part;
        self.unreadable += other.unreadable;
        self.moves += other.moves;
        for (mine, theirs) in self.failures.iter_mut().zip(other.failures) {
            *mine += theirs;
        }
        self.written += other.written;
    }

    /// Counts a failure of `cause`.
    pub(super) fn fail(&mut self, cause: Cause) {
        if let Some(index) = Cause::ALL.iter().position(|&each| each == cause) {
            self.failures[index] += 1;
        }
    }

    /// How many failures in all.
    pub(super) fn failure_count(&self) -> usize {
        self.failures.iter().sum()
    }

    /// The summary line:
    /// `summary: 3 files, 10 games (8 whole, 1 in part, 1 unreadable), 812 moves; 2 failures (bad move: 1, unreadable: 1)`.
    pub(super) fn summary(&self) -> String {
        let whole = self.games - self.in_part - self.unreadable;
        let mut line = format!("summary: {}, {}", counted(self.files, "file"), counted(self.games, "game"));
        if whole < self.games {
            let parts: Vec<String> =
                [(whole, "whole"), (self.in_part, "in part"), (self.unreadable, "unreadable")]
                    .into_iter()
                    .filter(|&(count, _)| count > 0)
                    .map(|(count, words)| format!("{count} {words}"))
                    .collect();
            line.push_str(&format!(" ({})", parts.join(", ")));
        }
        line.push_str(&format!(", {}", counted(self.moves, "move")));
        match self.failure_count() {
            0 => line.push_str(", no failures"),
            count => {
                let causes: Vec<String> = Cause::ALL
                    .iter()
                    .zip(self.failures)
                    .filter(|&(_, count)| count > 0)
                    .map(|(cause, count)| format!("{}: {count}", cause.words()))
                    .collect();
                line.push_str(&format!("; {} ({})", counted(count, "failure"), causes.join(", ")));
            }
        }
        if self.skipped > 0 {
            let files = counted(self.skipped, "file");
            line.push_str(&format!("; {files} in folders skipped as no game records"));
        }
        line
    }
}

/// `1 game`, `2 games`.
pub(super) fn counted(count: usize, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{plural}")
}

/// Whether a file found in a folder is skipped rather than reported: it is
/// no record, or text that holds no game.
pub(super) fn is_skipped(file: &FileRead, found_in_folder: bool) -> bool {
    found_in_folder
        && file.games.is_empty()
        && file
            .failure
            .as_ref()
            .is_some_and(|failure| matches!(failure.cause, Cause::NotARecord | Cause::NoGame))
}

/// The counts of one file, and its failures as one-line messages naming
/// file and place, in file order.
pub(super) fn account(name: &str, file: &FileRead, found_in_folder: bool) -> (Tally, Vec<String>) {
    let mut tally = Tally::default();
    let mut problems = Vec::new();
    if is_skipped(file, found_in_folder) {
        tally.skipped = 1;
        return (tally, problems);
    }
    tally.files = 1;
    for game in &file.games {
        tally.games += 1;
        tally.moves += game.moves_played();
        let number = game.number;
        match &game.body {
            Body::Unreadable(problem) => {
                tally.unreadable += 1;
                tally.fail(problem.cause);
                let at = place(name, problem.at);
                problems.push(format!("{at}: game {number} cannot be read: {}", problem.message));
            }
            Body::CannotReplay(problem) => {
                tally.unreadable += 1;
                tally.fail(problem.cause);
                let at = place(name, problem.at);
                problems.push(format!("{at}: game {number} cannot be replayed: {}", problem.message));
            }
            Body::Played(played) => {
                if let Some(problem) = &played.stop {
                    tally.in_part += 1;
                    tally.fail(problem.cause);
                    let at = place(name, problem.at);
                    problems.push(match (&problem.mover, problem.cause) {
                        (Some(mover), _) => format!("{at}: game {number}, {mover}: {}", problem.message),
                        (None, Cause::BadMove) => format!("{at}: game {number}: {}", problem.message),
                        (None, _) => {
                            format!("{at}: game {number} cannot be read to its end: {}", problem.message)
                        }
                    });
                }
            }
        }
    }
    if let Some(failure) = &file.failure {
        tally.fail(failure.cause);
        problems.push(failure.message.clone());
    }
    (tally, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_what_there_is_and_leaves_out_what_there_is_not() {
        let mut tally = Tally { files: 1, games: 3, moves: 274, ..Tally::default() };
        assert_eq!(tally.summary(), "summary: 1 file, 3 games, 274 moves, no failures");
        tally.in_part = 1;
        tally.unreadable = 1;
        tally.fail(Cause::BadMove);
        tally.fail(Cause::Unreadable);
        tally.fail(Cause::NotARecord);
        tally.files = 4;
        tally.skipped = 2;
        assert_eq!(
            tally.summary(),
            "summary: 4 files, 3 games (1 whole, 1 in part, 1 unreadable), 274 moves; \
             3 failures (bad move: 1, unreadable: 1, not a record: 1); 2 files in folders skipped as no game records"
        );
        let none = Tally::default();
        assert_eq!(none.summary(), "summary: 0 files, 0 games, 0 moves, no failures");
    }
}
