//! Comparing a run of the program with the oracle's answers, case by case.
//!
//! Lines are compared as most judges compare them: trailing spaces, tabs
//! and a `\r` before the line end do not matter, nor do empty lines at the
//! very end of the output; everything else must be the same.

use std::fmt;

use super::program::{Exit, Run};

/// The oracle's answers to a batch of cases, line by line, each line with
/// the index (in the batch) of the case it answers.
#[derive(Clone, Debug)]
pub(crate) struct Expected {
    lines: Vec<(String, usize)>,
    cases: usize,
}

impl Expected {
    /// The answers to a batch, each case's lines in order; with `separated`,
    /// an empty line between two cases' answers (it counts as the later case's).
    pub(crate) fn new(answers: &[Vec<String>], separated: bool) -> Expected {
        let mut lines = Vec::new();
        for (case, answer) in answers.iter().enumerate() {
            if separated && case > 0 {
                lines.push((String::new(), case));
            }
            lines.extend(answer.iter().map(|line| (line.clone(), case)));
        }
        Expected { lines, cases: answers.len() }
    }

    /// The lines, as text ending with a line end.
    pub(crate) fn text(&self) -> String {
        self.lines.iter().map(|(line, _)| format!("{line}\n")).collect()
    }
}

/// The lines of an output, as compared: trailing whitespace cut, empty lines
/// at the end dropped.
pub(crate) fn output_lines(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines: Vec<String> = text.split('\n').map(|line| line.trim_end().to_string()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// What is wrong with a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// A line differs from the oracle's.
    WrongAnswer {
        /// The line of the output, from 1.
        line: usize,
        /// The oracle's line.
        expected: String,
        /// The program's line.
        found: String,
    },
    /// The output ends before the oracle's does.
    TooFewLines {
        /// How many lines the oracle has.
        expected: usize,
        /// How many the program wrote.
        found: usize,
    },
    /// The output goes on after the oracle's ends.
    TooManyLines {
        /// How many lines the oracle has.
        expected: usize,
        /// How many the program wrote.
        found: usize,
    },
    /// The program did not exit normally with code 0.
    BadExit(Exit),
}

/// The kinds of failure, for keeping a failure the same while shrinking.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum FailureKind {
    /// A wrong answer (a line that differs).
    WrongAnswer,
    /// Too few output lines.
    TooFewLines,
    /// Too many output lines.
    TooManyLines,
    /// A non-zero exit code.
    ExitCode,
    /// A crash: killed by a signal.
    Crash,
    /// No answer in time.
    TimeOut,
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FailureKind::WrongAnswer => "wrong answer",
            FailureKind::TooFewLines => "too few output lines",
            FailureKind::TooManyLines => "too many output lines",
            FailureKind::ExitCode => "non-zero exit code",
            FailureKind::Crash => "crash",
            FailureKind::TimeOut => "time-out",
        })
    }
}

impl Failure {
    /// Its kind.
    pub(crate) const fn kind(&self) -> FailureKind {
        match self {
            Failure::WrongAnswer { .. } => FailureKind::WrongAnswer,
            Failure::TooFewLines { .. } => FailureKind::TooFewLines,
            Failure::TooManyLines { .. } => FailureKind::TooManyLines,
            Failure::BadExit(Exit::Code(_)) => FailureKind::ExitCode,
            Failure::BadExit(Exit::Signal(_)) => FailureKind::Crash,
            Failure::BadExit(Exit::TimedOut) => FailureKind::TimeOut,
        }
    }
}

impl fmt::Display for Failure {
    /// What went wrong, in a sentence about the program.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::WrongAnswer { line, expected, found } => {
                write!(f, "line {line} of its output is `{found}` where the oracle's is `{expected}`")
            }
            Failure::TooFewLines { expected, found } => write!(
                f,
                "its output ends after {}; the oracle's has {expected}",
                super::counted(*found as u64, "line", "lines")
            ),
            Failure::TooManyLines { expected, found } => {
                write!(f, "its output has {found} lines; the oracle's has only {expected}")
            }
            Failure::BadExit(exit) => write!(f, "it {exit}"),
        }
    }
}

/// Checks a run against the oracle's answers: `None` if it is right,
/// otherwise what is wrong and the index of the case to blame (the first
/// case whose answer is missing or wrong; the last case if the output is
/// right but too long, or right and the program failed anyway).
pub(crate) fn check(run: &Run, expected: &Expected) -> Option<(Failure, usize)> {
    let found = output_lines(&run.stdout);
    let first_wrong = expected.lines.iter().zip(&found).position(|((want, _), got)| want != got);
    let last_case = expected.cases.saturating_sub(1);
    let owner = |line: usize| expected.lines.get(line).map_or(last_case, |(_, case)| *case);
    let blamed = match first_wrong {
        Some(line) => owner(line),
        None if found.len() < expected.lines.len() => owner(found.len()),
        None => last_case,
    };
    if run.exit != Exit::Code(0) {
        return Some((Failure::BadExit(run.exit), blamed));
    }
    let failure = match first_wrong {
        Some(line) => Failure::WrongAnswer {
            line: line + 1,
            expected: expected.lines[line].0.clone(),
            found: found[line].clone(),
        },
        None if found.len() < expected.lines.len() => {
            Failure::TooFewLines { expected: expected.lines.len(), found: found.len() }
        }
        None if found.len() > expected.lines.len() => {
            Failure::TooManyLines { expected: expected.lines.len(), found: found.len() }
        }
        None => return None,
    };
    Some((failure, blamed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(stdout: &str, exit: Exit) -> Run {
        Run { exit, stdout: stdout.as_bytes().to_vec(), stderr: Vec::new() }
    }

    fn answers(cases: &[&[&str]]) -> Vec<Vec<String>> {
        cases.iter().map(|lines| lines.iter().map(|line| (*line).to_string()).collect()).collect()
    }

    #[test]
    fn right_answers_pass_whatever_the_trailing_whitespace() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"]]), false);
        assert_eq!(check(&run("YES\nNO\n", Exit::Code(0)), &expected), None);
        assert_eq!(check(&run("YES \r\nNO\t\n\n\n", Exit::Code(0)), &expected), None);
        assert_eq!(check(&run("YES\nNO", Exit::Code(0)), &expected), None);
        assert_eq!(expected.text(), "YES\nNO\n");
    }

    #[test]
    fn a_wrong_line_blames_its_case() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"], &["NO"]]), false);
        let (failure, blamed) = check(&run("YES\nYES\nNO\n", Exit::Code(0)), &expected).unwrap();
        assert_eq!(blamed, 1);
        assert_eq!(failure.kind(), FailureKind::WrongAnswer);
        assert_eq!(failure.to_string(), "line 2 of its output is `YES` where the oracle's is `NO`");
    }

    #[test]
    fn missing_and_extra_lines_are_their_own_failures() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"]]), false);
        let (failure, blamed) = check(&run("YES\n", Exit::Code(0)), &expected).unwrap();
        assert_eq!((failure.kind(), blamed), (FailureKind::TooFewLines, 1));
        assert_eq!(failure.to_string(), "its output ends after 1 line; the oracle's has 2");
        let (failure, blamed) = check(&run("YES\nNO\nNO\n", Exit::Code(0)), &expected).unwrap();
        assert_eq!((failure.kind(), blamed), (FailureKind::TooManyLines, 1));
    }

    #[test]
    fn a_bad_exit_blames_the_first_case_without_its_answer() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"], &["NO"]]), false);
        let (failure, blamed) = check(&run("YES\n", Exit::Signal(11)), &expected).unwrap();
        assert_eq!((failure.kind(), blamed), (FailureKind::Crash, 1));
        let (failure, blamed) = check(&run("YES\nNO\nNO\n", Exit::Code(2)), &expected).unwrap();
        assert_eq!((failure.kind(), blamed), (FailureKind::ExitCode, 2));
        assert_eq!(failure.to_string(), "it exited with code 2");
        let (failure, _) = check(&run("", Exit::TimedOut), &expected).unwrap();
        assert_eq!(failure.kind(), FailureKind::TimeOut);
    }

    #[test]
    fn separated_answers_count_the_empty_line_for_the_later_case() {
        let expected = Expected::new(&answers(&[&["(1,2)", "(2,1)"], &["NONE"]]), true);
        assert_eq!(expected.text(), "(1,2)\n(2,1)\n\nNONE\n");
        assert_eq!(check(&run("(1,2)\n(2,1)\n\nNONE\n", Exit::Code(0)), &expected), None);
        let (_, blamed) = check(&run("(1,2)\n(2,1)\nNONE\n", Exit::Code(0)), &expected).unwrap();
        assert_eq!(blamed, 1);
    }
}
