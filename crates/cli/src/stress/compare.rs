//! Comparing a run of the program with the oracle's answers, case by case.
//!
//! Lines are compared as most judges compare them: trailing spaces, tabs
//! and a `\r` before the line end do not matter, nor do empty lines at the
//! very end of the output; everything else must be the same. A strict judge
//! compares the bytes: with `--strict-output` a difference the lenient
//! comparison forgives is a failure of its own, a [`Presentation`] error,
//! and without it the driver still tells of it.

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

    /// The lines, as text ending with a line end: the bytes a strict judge expects.
    pub(crate) fn text(&self) -> String {
        self.lines.iter().map(|(line, _)| format!("{line}\n")).collect()
    }

    /// The index of the case that line `line` (from 0) answers; the last
    /// case for a line past the end.
    fn owner(&self, line: usize) -> usize {
        self.lines.get(line).map_or(self.cases.saturating_sub(1), |&(_, case)| case)
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
    /// The answers are right, but not byte for byte (`--strict-output` only).
    Presentation(Presentation),
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
    /// Right answers in the wrong bytes: whitespace.
    Presentation,
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
            FailureKind::Presentation => "presentation error",
        })
    }
}

/// How a failure shows, kept the same while a failing case is shrunk and
/// compared between failures to tell different ones apart: for a wrong
/// answer, the oracle's line and the program's (wherever they stand, since
/// shrinking moves them), for any other failure its kind. A shrunk case that
/// failed only with another pair of lines (`Illegal move` where `Move not
/// allowed` is right, shrunk to the other way round) would show another bug.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Symptom {
    /// A line differs: the oracle's, and the program's.
    WrongAnswer {
        /// The oracle's line.
        expected: String,
        /// The program's line.
        found: String,
    },
    /// Any other failure, by its kind.
    Other(FailureKind),
}

impl Failure {
    /// How it shows: see [`Symptom`].
    pub(crate) fn symptom(&self) -> Symptom {
        match self {
            Failure::WrongAnswer { expected, found, .. } => {
                Symptom::WrongAnswer { expected: expected.clone(), found: found.clone() }
            }
            failure => Symptom::Other(failure.kind()),
        }
    }

    /// Its kind.
    pub(crate) const fn kind(&self) -> FailureKind {
        match self {
            Failure::WrongAnswer { .. } => FailureKind::WrongAnswer,
            Failure::TooFewLines { .. } => FailureKind::TooFewLines,
            Failure::TooManyLines { .. } => FailureKind::TooManyLines,
            Failure::BadExit(Exit::Code(_)) => FailureKind::ExitCode,
            Failure::BadExit(Exit::Signal(_)) => FailureKind::Crash,
            Failure::BadExit(Exit::TimedOut) => FailureKind::TimeOut,
            Failure::Presentation(_) => FailureKind::Presentation,
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
            Failure::Presentation(difference) => {
                write!(f, "its output differs from the oracle's in whitespace only: {difference}")
            }
        }
    }
}

/// The first place where an output whose lines are right differs from the
/// oracle's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Presentation {
    /// The line of the output, from 1.
    line: usize,
    /// What differs there.
    flaw: Flaw,
}

/// What differs in whitespace.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Flaw {
    /// The line goes on after the oracle's text with this whitespace (`\r`
    /// included: a `\r\n` line end).
    Trailing(String),
    /// The last line has no line end.
    NoFinalNewline,
    /// Blank lines (empty, or whitespace only) after the last answer, this
    /// many, from the line.
    BlankAtEnd { count: usize, all_empty: bool },
}

impl fmt::Display for Presentation {
    /// `line 3 ends with a space`, `line 1 has a \r\n line end`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.line;
        match &self.flaw {
            Flaw::Trailing(blank) => match blank.strip_suffix('\r') {
                Some("") => write!(f, "line {line} has a `\\r\\n` line end"),
                Some(before) => {
                    write!(f, "line {line} ends with {} before a `\\r\\n` line end", blank_in_words(before))
                }
                None => write!(f, "line {line} ends with {}", blank_in_words(blank)),
            },
            Flaw::NoFinalNewline => write!(f, "line {line}, the last, has no final newline"),
            Flaw::BlankAtEnd { count, all_empty } => {
                let kind = if *all_empty { "empty" } else { "blank" };
                match count {
                    1 => write!(f, "line {line} is an extra {kind} line at the end"),
                    _ => write!(f, "lines {line} to {} are extra {kind} lines at the end", line + count - 1),
                }
            }
        }
    }
}

/// `a space`, `3 spaces`, `a tab`, or the characters escaped.
fn blank_in_words(blank: &str) -> String {
    let count = blank.chars().count();
    let plural = if count == 1 { String::from("a") } else { count.to_string() };
    let s = if count == 1 { "" } else { "s" };
    if blank.chars().all(|c| c == ' ') {
        format!("{plural} space{s}")
    } else if blank.chars().all(|c| c == '\t') {
        format!("{plural} tab{s}")
    } else {
        format!("the whitespace `{}`", blank.escape_debug())
    }
}

/// The first whitespace difference between `bytes` and the oracle's exact
/// text, for an output whose lines are right (as [`output_lines`] reads
/// them); `None` if the bytes are the oracle's.
fn presentation(bytes: &[u8], expected: &Expected) -> Option<Presentation> {
    if bytes == expected.text().as_bytes() {
        return None;
    }
    let text = String::from_utf8_lossy(bytes);
    let mut raw = text.split('\n');
    for (index, (want, _)) in expected.lines.iter().enumerate() {
        let got = raw.next().unwrap_or_default();
        if got != want {
            let blank = got.get(want.len()..).unwrap_or_default().to_string();
            return Some(Presentation { line: index + 1, flaw: Flaw::Trailing(blank) });
        }
    }
    // After the oracle's last line: nothing at all, or what follows its
    // final line end, which must be nothing.
    let rest: Vec<&str> = raw.collect();
    let line = expected.lines.len() + 1;
    match rest.as_slice() {
        [] => Some(Presentation { line: line - 1, flaw: Flaw::NoFinalNewline }),
        [""] => None,
        _ => {
            let blank = rest.strip_suffix(&[""]).unwrap_or(&rest);
            let all_empty = blank.iter().all(|line| line.is_empty());
            Some(Presentation { line, flaw: Flaw::BlankAtEnd { count: blank.len(), all_empty } })
        }
    }
}

/// The case a failure is pinned on, and why that one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Blame {
    /// Its index in the batch.
    pub(crate) case: usize,
    /// What pointed at it.
    pub(crate) clue: Clue,
}

/// What points at the case to blame.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Clue {
    /// The first wrong line of the output (from 1) answers it.
    WrongLine(usize),
    /// The output stops before this line (from 1), which answers it.
    MissingLine(usize),
    /// Every line is right: the failure came after the answers, so the last
    /// case is blamed.
    AfterTheAnswers,
    /// The first whitespace difference is on this line (from 1), which answers it.
    Whitespace(usize),
}

impl Clue {
    /// Why case `number` was blamed, in words: `the first wrong line of its
    /// output, line 3, answers case 7`.
    pub(crate) fn in_words(self, number: u64) -> String {
        match self {
            Clue::WrongLine(line) => {
                format!("the first wrong line of its output, line {line}, answers case {number}")
            }
            Clue::MissingLine(line) => {
                format!("its output stops before line {line}, which answers case {number}")
            }
            Clue::AfterTheAnswers => {
                format!("every answer in its output is right, so the last case, case {number}, was blamed")
            }
            Clue::Whitespace(line) => {
                format!("the first whitespace difference, on line {line}, is in the answer to case {number}")
            }
        }
    }
}

/// How a run compares with the oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Checked {
    /// The same bytes as the oracle's.
    Agrees,
    /// The same lines, as a lenient judge reads them, but not the same
    /// bytes (a failure under `strict`).
    WhitespaceOnly(Presentation),
    /// What is wrong, and the case to blame.
    Fails(Failure, Blame),
}

/// Checks a run against the oracle's answers; with `strict`, a whitespace
/// difference is a [`Failure::Presentation`].
///
/// The case blamed is the first case whose answer is wrong or missing, or
/// whose lines hold the first whitespace difference; the last case if the
/// output is right but too long, or right and the program failed anyway.
pub(crate) fn check(run: &Run, expected: &Expected, strict: bool) -> Checked {
    let found = output_lines(&run.stdout);
    let first_wrong = expected.lines.iter().zip(&found).position(|((want, _), got)| want != got);
    let clue = match first_wrong {
        Some(line) => Clue::WrongLine(line + 1),
        None if found.len() < expected.lines.len() => Clue::MissingLine(found.len() + 1),
        None => Clue::AfterTheAnswers,
    };
    let blame = |clue: Clue| {
        let case = match clue {
            Clue::WrongLine(line) | Clue::MissingLine(line) | Clue::Whitespace(line) => {
                expected.owner(line.saturating_sub(1))
            }
            Clue::AfterTheAnswers => expected.cases.saturating_sub(1),
        };
        Blame { case, clue }
    };
    if run.exit != Exit::Code(0) {
        return Checked::Fails(Failure::BadExit(run.exit), blame(clue));
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
        None => {
            return match presentation(&run.stdout, expected) {
                None => Checked::Agrees,
                Some(difference) if strict => {
                    let clue = Clue::Whitespace(difference.line);
                    Checked::Fails(Failure::Presentation(difference), blame(clue))
                }
                Some(difference) => Checked::WhitespaceOnly(difference),
            };
        }
    };
    Checked::Fails(failure, blame(clue))
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

    /// The failure and the case blamed, if the run fails (leniently).
    fn failed(stdout: &str, exit: Exit, expected: &Expected) -> Option<(Failure, Blame)> {
        match check(&run(stdout, exit), expected, false) {
            Checked::Fails(failure, blame) => Some((failure, blame)),
            Checked::Agrees | Checked::WhitespaceOnly(_) => None,
        }
    }

    /// The whitespace difference of a run whose lines are right, as told leniently.
    fn whitespace(stdout: &str, expected: &Expected) -> String {
        match check(&run(stdout, Exit::Code(0)), expected, false) {
            Checked::WhitespaceOnly(difference) => difference.to_string(),
            other => panic!("{stdout:?}: {other:?}"),
        }
    }

    #[test]
    fn right_answers_pass_whatever_the_trailing_whitespace() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"]]), false);
        assert_eq!(check(&run("YES\nNO\n", Exit::Code(0)), &expected, false), Checked::Agrees);
        assert_eq!(check(&run("YES\nNO\n", Exit::Code(0)), &expected, true), Checked::Agrees);
        assert_eq!(failed("YES \r\nNO\t\n\n\n", Exit::Code(0), &expected), None);
        assert_eq!(failed("YES\nNO", Exit::Code(0), &expected), None);
        assert_eq!(expected.text(), "YES\nNO\n");
    }

    #[test]
    fn a_whitespace_difference_is_told_exactly() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"], &["NO"]]), false);
        for (stdout, told) in [
            ("YES\nNO\nNO \n", "line 3 ends with a space"),
            ("YES\nNO  \nNO\n", "line 2 ends with 2 spaces"),
            ("YES\t\nNO\nNO\n", "line 1 ends with a tab"),
            ("YES\r\nNO\r\nNO\r\n", "line 1 has a `\\r\\n` line end"),
            ("YES \r\nNO\nNO\n", "line 1 ends with a space before a `\\r\\n` line end"),
            ("YES\u{a0}\nNO\nNO\n", "line 1 ends with the whitespace `\\u{a0}`"),
            ("YES\nNO\nNO", "line 3, the last, has no final newline"),
            ("YES\nNO\nNO\n\n", "line 4 is an extra empty line at the end"),
            ("YES\nNO\nNO\n \n\n", "lines 4 to 5 are extra blank lines at the end"),
            ("YES\nNO\nNO\n\n\n\n", "lines 4 to 6 are extra empty lines at the end"),
            ("YES\nNO\nNO\n\t", "line 4 is an extra blank line at the end"),
        ] {
            assert_eq!(whitespace(stdout, &expected), told, "{stdout:?}");
        }
    }

    #[test]
    fn strict_output_fails_a_whitespace_difference_on_the_case_it_is_in() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"], &["NO"]]), false);
        let Checked::Fails(failure, blame) = check(&run("YES\nNO \nNO\n", Exit::Code(0)), &expected, true)
        else {
            panic!("strict output fails a trailing space");
        };
        assert_eq!(
            (failure.kind(), blame),
            (FailureKind::Presentation, Blame { case: 1, clue: Clue::Whitespace(2) })
        );
        assert_eq!(
            failure.to_string(),
            "its output differs from the oracle's in whitespace only: line 2 ends with a space"
        );
        assert_eq!(failure.kind().to_string(), "presentation error");
        let Checked::Fails(_, blame) = check(&run("YES\nNO\nNO\n\n", Exit::Code(0)), &expected, true) else {
            panic!("strict output fails an extra empty line");
        };
        assert_eq!(blame.case, 2, "what comes after the answers is the last case's");
        // A wrong answer is a wrong answer first.
        let Checked::Fails(failure, _) = check(&run("YES \nYES\nNO\n", Exit::Code(0)), &expected, true)
        else {
            panic!("a wrong answer fails");
        };
        assert_eq!(failure.kind(), FailureKind::WrongAnswer);
    }

    #[test]
    fn a_wrong_line_blames_its_case() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"], &["NO"]]), false);
        let (failure, blame) = failed("YES\nYES\nNO\n", Exit::Code(0), &expected).unwrap();
        assert_eq!(blame, Blame { case: 1, clue: Clue::WrongLine(2) });
        assert_eq!(failure.kind(), FailureKind::WrongAnswer);
        assert_eq!(failure.to_string(), "line 2 of its output is `YES` where the oracle's is `NO`");
        assert_eq!(blame.clue.in_words(2), "the first wrong line of its output, line 2, answers case 2");
    }

    #[test]
    fn missing_and_extra_lines_are_their_own_failures() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"]]), false);
        let (failure, blame) = failed("YES\n", Exit::Code(0), &expected).unwrap();
        assert_eq!(
            (failure.kind(), blame),
            (FailureKind::TooFewLines, Blame { case: 1, clue: Clue::MissingLine(2) })
        );
        assert_eq!(failure.to_string(), "its output ends after 1 line; the oracle's has 2");
        let (failure, blame) = failed("YES\nNO\nNO\n", Exit::Code(0), &expected).unwrap();
        assert_eq!(
            (failure.kind(), blame),
            (FailureKind::TooManyLines, Blame { case: 1, clue: Clue::AfterTheAnswers })
        );
    }

    #[test]
    fn a_bad_exit_blames_the_first_case_without_its_answer() {
        let expected = Expected::new(&answers(&[&["YES"], &["NO"], &["NO"]]), false);
        let (failure, blame) = failed("YES\n", Exit::Signal(11), &expected).unwrap();
        assert_eq!((failure.kind(), blame.case), (FailureKind::Crash, 1));
        let (failure, blame) = failed("YES\nNO\nNO\n", Exit::Code(2), &expected).unwrap();
        assert_eq!(
            (failure.kind(), blame),
            (FailureKind::ExitCode, Blame { case: 2, clue: Clue::AfterTheAnswers })
        );
        assert_eq!(failure.to_string(), "it exited with code 2");
        let (failure, _) = failed("", Exit::TimedOut, &expected).unwrap();
        assert_eq!(failure.kind(), FailureKind::TimeOut);
    }

    #[test]
    fn a_wrong_answer_shows_by_its_two_lines_wherever_they_stand() {
        // `56 58 57` expects `Move not allowed`; a program answering `Illegal
        // move` there must not be shrunk to `8 0 0`, which fails the other way round.
        let first = Failure::WrongAnswer {
            line: 7,
            expected: "Move not allowed".to_string(),
            found: "Illegal move".to_string(),
        };
        let moved = Failure::WrongAnswer {
            line: 1,
            expected: "Move not allowed".to_string(),
            found: "Illegal move".to_string(),
        };
        let reversed = Failure::WrongAnswer {
            line: 1,
            expected: "Illegal move".to_string(),
            found: "Move not allowed".to_string(),
        };
        assert_eq!(first.symptom(), moved.symptom());
        assert_ne!(first.symptom(), reversed.symptom());
        assert_eq!(first.kind(), reversed.kind(), "the kind alone cannot tell them apart");
        let crash = Failure::BadExit(Exit::Signal(6));
        assert_eq!(crash.symptom(), Symptom::Other(FailureKind::Crash));
    }

    #[test]
    fn separated_answers_count_the_empty_line_for_the_later_case() {
        let expected = Expected::new(&answers(&[&["(1,2)", "(2,1)"], &["NONE"]]), true);
        assert_eq!(expected.text(), "(1,2)\n(2,1)\n\nNONE\n");
        assert_eq!(check(&run("(1,2)\n(2,1)\n\nNONE\n", Exit::Code(0)), &expected, true), Checked::Agrees);
        let (_, blame) = failed("(1,2)\n(2,1)\nNONE\n", Exit::Code(0), &expected).unwrap();
        assert_eq!(blame.case, 1);
        assert_eq!(whitespace("(1,2)\n(2,1)\n \nNONE\n", &expected), "line 3 ends with a space");
    }
}
