//! The replay judge: a game log in, one answer per command out.

use std::io::{self, BufRead, Write};

use board_geometry::text_input::StreamError;

use crate::{LogError, LogReader, Move, Position, Verdict};

/// Why [`judge`] or [`replay`] stopped early.
pub type JudgeError = StreamError<LogError>;

/// Replays the game log in `input` from the initial position, calling `visit`
/// after each command with the command, its verdict and the position after it
/// (unchanged if the command was invalid). Returns the final position.
///
/// Commands are read and answered one at a time, so memory stays flat for any `Q`.
///
/// # Errors
/// The first bad line of the log (see [`LogReader`]), a failure to read, or
/// an error returned by `visit` (as [`StreamError::Write`]). Every command
/// before a bad line has been visited.
pub fn replay<R: BufRead>(
    input: R,
    mut visit: impl FnMut(Move, &Verdict, &Position) -> io::Result<()>,
) -> Result<Position, JudgeError> {
    let mut log = LogReader::new(input)?;
    let mut position = Position::initial();
    while let Some(command) = log.next_command()? {
        let verdict = Verdict::from(position.play(command));
        visit(command, &verdict, &position).map_err(StreamError::Write)?;
    }
    Ok(position)
}

/// The judge: replays the game log in `input` and writes one line per command
/// to `output`: `Invalid command`, or `<moved piece>;<removed piece or NA>;<check>;<game over>`.
///
/// On a bad line the answers to every command before it have been written
/// and flushed before the error is returned.
///
/// ```
/// let mut output = Vec::new();
/// duck_rules::judge("3\n9 0 8 0\n0 4 0 4\n0 3 1 4\n".as_bytes(), &mut output)?;
/// assert_eq!(String::from_utf8(output)?, "Invalid command\nInvalid command\nred guard;NA;no;no\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first bad line of the log (with its line and column), or a failure to
/// read the input or write the answers.
pub fn judge(input: impl BufRead, mut output: impl Write) -> Result<(), JudgeError> {
    let mut line = Vec::with_capacity(64);
    let outcome = replay(input, |_, verdict, _| {
        line.clear();
        verdict.append_line(&mut line);
        output.write_all(&line)
    });
    let flushed = output.flush().map_err(StreamError::Write);
    outcome?;
    flushed
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = "18\n0 0 7 0\n9 0 8 0\n0 1 1 3\n0 2 2 0\n0 3 1 2\n0 4 0 3\n9 4 8 4\n3 2 2 3\n7 0 4 2\n\
                             7 0 5 3\n9 2 7 4\n2 0 4 3\n9 1 8 3\n4 3 6 6\n7 4 9 2\n8 4 9 4\n6 6 9 4\n9 8 8 8\n";
    const SAMPLE_OUT: &str = "Invalid command\nInvalid command\nInvalid command\nInvalid command\n\
                              red guard;NA;no;no\nInvalid command\nblue captain;NA;no;no\nred soldier;NA;no;no\n\
                              Invalid command\nInvalid command\nblue elephant;NA;no;no\nred duck;NA;no;no\n\
                              blue horse;NA;no;no\nred duck;blue soldier;no;no\nInvalid command\n\
                              blue captain;NA;yes;no\nred duck;blue captain;no;yes\nInvalid command\n";

    fn run(input: &str) -> (String, Result<(), String>) {
        let mut output = Vec::new();
        let result = judge(input.as_bytes(), &mut output).map_err(|e| e.to_string());
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
        assert_eq!(result, Err("3:1: the log ends after 1 command, but Q announced 3".into()));
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
        assert_eq!(seen, [("0,3-1,4".to_string(), true, Blue), ("0,3-1,4".to_string(), false, Blue)]);
        assert_eq!(last.turn(), Blue);
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
        let error = judge(SAMPLE_IN.as_bytes(), Broken).unwrap_err();
        assert!(matches!(error, StreamError::Write(_)), "{error:?}");
    }
}
