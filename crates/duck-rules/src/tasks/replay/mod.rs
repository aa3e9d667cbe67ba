//! The replay task (THUPC 2019 "duck chess", Luogu P5380): a game log in, one
//! answer per command out.
//!
//! The log is `Q`, then `Q` lines `xs ys xt yt`, each a command to move the
//! piece on row `xs`, column `ys` to row `xt`, column `yt`: the judge's
//! coordinates ([`COORDINATES`](crate::COORDINATES)), in which
//! [`JudgeMove`](crate::JudgeMove) reads and writes one command. The reader
//! hands each command on as the [`Move`](crate::Move) it asks for, which names
//! squares as the rest of the crate does: the command `0 3 1 4` is the move
//! `d0e1`, and the reasons of [`Explanation`] say `the red car on a0`.
//! Each command gets the judge's line:
//! `Invalid command`, or `<moved piece>;<removed piece or NA>;<check>;<game over>`
//! (see [`Verdict`]). Invalid commands change nothing and the same side stays
//! to move; after the game ends every command is invalid. Blank lines are
//! skipped anywhere; a coordinate off the board, a line without exactly four
//! numbers, a non-number, fewer than `Q` commands or more lines after them
//! stop the judge with an [`InputError`] naming the line, column and field,
//! after the answers to every command before it.
//!
//! Random game logs for stress tests, and the shrinking of a failing one,
//! are in [`generate`].
//!
//! ```
//! use duck_rules::tasks::replay::{Options, judge};
//!
//! let log = "4\n0 0 7 0\n0 3 1 2\n9 4 8 4\n3 2 2 3\n";
//! let mut answers = Vec::new();
//! judge(log.as_bytes(), &mut answers, &Options::default())?;
//! assert_eq!(
//!     String::from_utf8(answers)?,
//!     "Invalid command\nred guard;NA;no;no\nblue captain;NA;no;no\nred soldier;NA;no;no\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod case;
mod error;
mod explain;
mod fast;
pub mod generate;
mod reader;
mod verdict;

use std::io::{self, Read, Write};

use board_geometry::text_input::{JudgeOptions, StreamError};

pub use case::Case;
pub use error::{CaseError, InputError, LogField};
pub use explain::Explanation;
pub use reader::Reader;
pub use verdict::{MoveReport, Verdict};

use crate::Position;

/// How [`judge`] answers: `options.explain` follows the game instead of
/// answering as the judge (the board at the start and after each valid
/// move, the commands numbered, each as the log writes it, `0 3 1 4`, and as
/// its squares, `d0e1`, and why each invalid one is invalid: see
/// [`Explanation`]), its pictures drawn in `options.style`.
pub type Options = JudgeOptions;

/// Replays the game log in `input` from the initial position, calling `visit`
/// after each command with the command, its verdict and the position after it
/// (unchanged if the command was invalid). Returns the final position.
///
/// Commands are read and answered one at a time, so memory stays flat for any `Q`.
///
/// # Errors
/// The first bad line of the log (see [`Reader`]), a failure to read, or
/// an error returned by `visit` (as [`StreamError::Write`]). Every command
/// before a bad line has been visited.
pub fn replay<R: Read>(
    input: R,
    mut visit: impl FnMut(Case, &Verdict, &Position) -> io::Result<()>,
) -> Result<Position, StreamError<CaseError>> {
    let mut log = Reader::new(input);
    let mut position = Position::start();
    while let Some(command) = log.next_case()? {
        let verdict = Verdict::of(&mut position, command);
        visit(command, &verdict, &position).map_err(StreamError::Write)?;
    }
    Ok(position)
}

/// The judge: replays the game log in `input` and writes one line per command
/// to `output`, or, with `options.explain`, follows the game in words and pictures.
///
/// On a bad line the answers to every command before it have been written
/// and flushed before the error is returned.
///
/// ```
/// use duck_rules::tasks::replay::{Options, judge};
///
/// let mut output = Vec::new();
/// judge("3\n9 0 8 0\n0 4 0 4\n0 3 1 4\n".as_bytes(), &mut output, &Options::default())?;
/// assert_eq!(String::from_utf8(output)?, "Invalid command\nInvalid command\nred guard;NA;no;no\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first bad line of the log (with its line and column), or a failure to
/// read the input or write the answers.
pub fn judge(input: impl Read, output: impl Write, options: &Options) -> Result<(), StreamError<CaseError>> {
    if options.explain { explain::judge(input, output, options.style) } else { fast::judge(input, output) }
}

#[cfg(test)]
mod tests {
    use std::iter::once;

    use board_geometry::random::Random;
    use board_geometry::testing::InPieces;

    use super::*;
    use crate::{COORDINATES, Move, Square};

    const SAMPLE_IN: &str = "18\n0 0 7 0\n9 0 8 0\n0 1 1 3\n0 2 2 0\n0 3 1 2\n0 4 0 3\n9 4 8 4\n3 2 2 3\n7 0 4 2\n\
                             7 0 5 3\n9 2 7 4\n2 0 4 3\n9 1 8 3\n4 3 6 6\n7 4 9 2\n8 4 9 4\n6 6 9 4\n9 8 8 8\n";
    const SAMPLE_OUT: &str = "Invalid command\nInvalid command\nInvalid command\nInvalid command\n\
                              red guard;NA;no;no\nInvalid command\nblue captain;NA;no;no\nred soldier;NA;no;no\n\
                              Invalid command\nInvalid command\nblue elephant;NA;no;no\nred duck;NA;no;no\n\
                              blue horse;NA;no;no\nred duck;blue soldier;no;no\nInvalid command\n\
                              blue captain;NA;yes;no\nred duck;blue captain;no;yes\nInvalid command\n";

    fn run(input: &str) -> (String, Result<(), String>) {
        let mut output = Vec::new();
        let result = judge(input.as_bytes(), &mut output, &Options::default()).map_err(|e| e.to_string());
        (String::from_utf8(output).unwrap(), result)
    }

    #[test]
    fn official_sample() {
        assert_eq!(run(SAMPLE_IN), (SAMPLE_OUT.to_string(), Ok(())));
    }

    #[test]
    fn facts_from_the_statement() {
        assert_eq!(run("1\n0 4 0 4\n"), ("Invalid command\n".into(), Ok(())));
        assert_eq!(run("1\n3 2 2 2\n"), ("red soldier;NA;no;no\n".into(), Ok(())));
    }

    #[test]
    fn answers_before_a_bad_line_are_written() {
        let (output, result) = run("3\n0 3 1 4\n9 0 8 0\n0 0 1\n");
        assert_eq!(output, "red guard;NA;no;no\nblue car;NA;no;no\n");
        assert_eq!(result, Err("4:6: expected 4 numbers 'xs ys xt yt', found 3 fields".into()));
        let (output, result) = run("3\n0 3 1 4\n");
        assert_eq!(output, "red guard;NA;no;no\n");
        assert_eq!(result, Err("2:8: the log ends after 1 command, but Q announced 3".into()));
    }

    #[test]
    fn replay_visits_every_command_with_the_position_after_it() {
        let mut seen = Vec::new();
        let last = replay("2\n0 3 1 4\n0 3 1 4\n".as_bytes(), |m, verdict, position| {
            seen.push((m.to_string(), verdict.is_valid(), position.turn()));
            Ok(())
        })
        .unwrap();
        use crate::Color::Blue;
        assert_eq!(seen, [("d0e1".to_string(), true, Blue), ("d0e1".to_string(), false, Blue)]);
        assert_eq!(last.turn(), Blue);
    }

    /// The judge's output and error on `log`, read `chunk` bytes at a time.
    fn run_in_chunks(log: &[u8], chunk: usize) -> (String, Result<(), String>) {
        let mut output = Vec::new();
        let result =
            judge(InPieces::new(log, chunk), &mut output, &Options::default()).map_err(|e| e.to_string());
        (String::from_utf8(output).unwrap(), result)
    }

    /// `count` commands of a long game: mostly legal moves that leave both
    /// captains standing (so that the game goes on), some commands at random.
    fn long_game(count: usize, random: &mut Random) -> Vec<Move> {
        let mut position = Position::start();
        let all: Vec<Square> = Square::all().collect();
        (0..count)
            .map(|_| {
                let moves: Vec<Move> = position
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| {
                        position.board().piece_at(m.to).is_none_or(|p| p.kind != crate::PieceKind::Captain)
                    })
                    .collect();
                let command = if moves.is_empty() || random.chance(0.2) {
                    Move::new(all[random.index(all.len())], all[random.index(all.len())])
                } else {
                    moves[random.index(moves.len())]
                };
                let _ = Verdict::of(&mut position, command);
                command
            })
            .collect()
    }

    /// The lines of `commands`, each written as the quick way reads it
    /// (`d d d d`) or, now and then, in one of the other ways the judge
    /// accepts, with one of the line ends it accepts.
    fn mixed_lines(commands: &[Move], random: &mut Random) -> Vec<String> {
        let ends = ["\n", "\r\n", "\r", "\n\n", " \n", "\n \t\n"];
        commands
            .iter()
            .map(|command| {
                let [xs, ys, xt, yt] = [
                    COORDINATES.row(command.from),
                    COORDINATES.column(command.from),
                    COORDINATES.row(command.to),
                    COORDINATES.column(command.to),
                ];
                let line = match random.index(40) {
                    0 => format!("{xs}  {ys} {xt} {yt}"),
                    1 => format!("0{xs} {ys} {xt} {yt}"),
                    2 => format!("{xs}\t{ys} {xt} {yt}"),
                    3 => format!("+{xs} {ys} {xt} {yt}"),
                    4 => format!(" {xs} {ys} {xt} {yt}"),
                    _ => format!("{xs} {ys} {xt} {yt}"),
                };
                let end = if random.chance(0.1) { ends[random.index(ends.len())] } else { "\n" };
                line + end
            })
            .collect()
    }

    /// The judge's answers to `commands`, one verdict after another.
    fn answers_to(commands: &[Move]) -> String {
        let mut position = Position::start();
        commands.iter().map(|&command| format!("{}\n", Verdict::of(&mut position, command))).collect()
    }

    /// Asserts that `answers` are `expected`, naming the first line that is not.
    #[track_caller]
    fn assert_same_answers(answers: &str, expected: &str, what: &str) {
        if let Some((i, (line, expected_line))) =
            answers.lines().zip(expected.lines()).enumerate().find(|(_, (a, b))| a != b)
        {
            panic!("{what}: answer {} is {line:?}, not {expected_line:?}", i + 1);
        }
        assert_eq!(answers.lines().count(), expected.lines().count(), "{what}: the number of answers");
        assert_eq!(answers, expected, "{what}");
    }

    /// The reads to try: whole blocks, and reads that split lines anywhere.
    const CHUNKS: [usize; 4] = [1 << 16, 1, 7, 4093];

    #[test]
    fn long_logs_written_every_way_get_the_verdicts_answers() {
        let mut random = Random::new(5);
        // Over 64 KB of commands, so that lines are split by the reader's blocks too.
        let commands = long_game(12_000, &mut random);
        let lines = mixed_lines(&commands, &mut random);
        let log = format!("{}\n{}", commands.len(), lines.concat());
        assert!(log.len() > 1 << 16);
        let expected = answers_to(&commands);
        for chunk in CHUNKS {
            let (answers, result) = run_in_chunks(log.as_bytes(), chunk);
            assert_same_answers(&answers, &expected, &format!("{chunk} bytes a read"));
            assert_eq!(result, Ok(()));
        }
        // Plain lines only, and the last without a line end.
        let plain: String = commands.iter().map(|m| format!("{}\n", m.to_judge())).collect();
        let log = format!("{}\n{}", commands.len(), plain.trim_end());
        for chunk in CHUNKS {
            let (answers, result) = run_in_chunks(log.as_bytes(), chunk);
            assert_same_answers(&answers, &expected, &format!("{chunk} bytes a read"));
            assert_eq!(result, Ok(()));
        }
    }

    #[test]
    fn bad_lines_in_long_logs_are_reported_as_the_careful_reading_reports_them() {
        let mut random = Random::new(8);
        let commands = long_game(10_000, &mut random);
        let bad_lines = ["0 0 1", "0 0 1 0 5", "0 a 1 0", "10 0 1 0", "0 0 1 9", "0 0 1 +", "0 0 1 07x", "x"];
        for round in 0..12 {
            let mut lines = mixed_lines(&commands, &mut random);
            // A bad line somewhere, often after a block end; or a log cut short or going on.
            let bad = if round % 4 == 0 { random.index(2000) } else { 8200 + random.index(1500) };
            let bad_line = format!("{}\n", bad_lines[random.index(bad_lines.len())]);
            let (bad, expected_answers) = match round % 6 {
                5 => {
                    lines.truncate(bad);
                    (None, answers_to(&commands[..bad]))
                }
                4 => {
                    lines.push(bad_line);
                    (Some(lines.len() - 1), answers_to(&commands))
                }
                _ => {
                    lines[bad] = bad_line;
                    (Some(bad), answers_to(&commands[..bad]))
                }
            };
            let log = format!("{}\n{}", commands.len(), lines.concat());
            // The same log with every line but the bad one written so that the
            // quick way never takes it: a space before its line end.
            let careful: String = lines
                .iter()
                .enumerate()
                .map(|(i, line)| match line.find(['\r', '\n']) {
                    Some(end) if Some(i) != bad => format!("{} {}", &line[..end], &line[end..]),
                    _ => line.clone(),
                })
                .collect();
            let careful_log = format!("{}\n{careful}", commands.len());
            let (careful_answers, careful_error) = run_in_chunks(careful_log.as_bytes(), 1 << 16);
            assert_same_answers(&careful_answers, &expected_answers, &format!("round {round}, careful"));
            let careful_error = careful_error.expect_err("the log is bad");
            if let Some(bad) = bad {
                // The line of the bad line: one after the line ends before it.
                let before = format!("{}\n{}", commands.len(), lines[..bad].concat());
                let ends = before
                    .bytes()
                    .zip(once(0).chain(before.bytes()))
                    .filter(|&(byte, previous)| byte == b'\r' || (byte == b'\n' && previous != b'\r'));
                let line = 1 + ends.count();
                assert!(careful_error.starts_with(&format!("{line}:")), "round {round}: {careful_error}");
            }
            for chunk in CHUNKS {
                let (answers, error) = run_in_chunks(log.as_bytes(), chunk);
                assert_same_answers(
                    &answers,
                    &expected_answers,
                    &format!("round {round}, {chunk} bytes a read"),
                );
                assert_eq!(error, Err(careful_error.clone()), "round {round}, {chunk} bytes a read");
            }
        }
    }

    #[test]
    fn write_errors_stop_the_judge() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let error = judge(SAMPLE_IN.as_bytes(), Broken, &Options::default()).unwrap_err();
        assert!(matches!(error, StreamError::Write(_)), "{error:?}");
    }

    #[test]
    fn explaining_numbers_every_command_and_says_why_an_invalid_one_is() {
        let mut output = Vec::new();
        judge("2\n0 0 7 0\n9 0 8 0\n".as_bytes(), &mut output, &Options::new().explained(true)).unwrap();
        let text = String::from_utf8(output).unwrap();
        assert!(text.starts_with("9 r h e g k g e h r\n"), "{text}");
        assert!(text.contains("\n  a b c d e f g h i\n"), "files lettered as squares are named: {text}");
        assert!(text.contains("\nred to move\n\n"), "{text}");
        assert!(
            text.ends_with(
                "1. 0 0 7 0 (a0a7): Invalid command (the red car on a0 cannot reach a7: the piece on a2 is in the way)\n\
                 2. 9 0 8 0 (a9a8): Invalid command (the blue car on a9 is not red's to move)\n"
            ),
            "{text}"
        );
    }
}
