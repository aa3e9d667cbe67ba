//! The streaming judge: boards in, answer blocks out.

use std::io::{BufRead, Write};

use board_geometry::text_input::StreamError;

use crate::{HorseError, HorseReader, HorseRule};

/// Answers every board of `input` under `rule`, writing one block per board
/// to `output`: the points the black horse can move to, one `(row,col)` per
/// line, or `NONE`. Blocks are separated by one empty line, with no empty
/// line after the last, so one board in gives exactly the judge's output.
///
/// Memory stays flat for any input size. On a bad board the blocks of every
/// board before it have been written and flushed before the error is returned.
///
/// ```
/// use xiangqi_rules::{HorseRule, judge_horse};
///
/// let sample = "0 0 0 0 15 0 13 0 0\n0 0 0 0 14 0 0 0 0\n0 0 0 0 0 0 0 0 13\n\
///               0 0 0 0 0 0 0 0 0\n12 1 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n\
///               0 0 0 0 0 0 0 0 0\n0 0 0 0 3 0 0 0 0\n0 0 0 0 4 0 0 0 0\n\
///               0 0 0 0 5 4 0 0 0\n";
/// let mut output = Vec::new();
/// judge_horse(sample.as_bytes(), &mut output, HorseRule::FlyingGeneralPin)?;
/// assert_eq!(String::from_utf8(output)?, "(2,1)\n(6,1)\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first board that breaks the task's promise (see [`HorseError`]), or
/// a failure to read the input or write the answers.
pub fn judge_horse(
    input: impl BufRead,
    mut output: impl Write,
    rule: HorseRule,
) -> Result<(), StreamError<HorseError>> {
    let mut boards = HorseReader::new(input);
    let outcome = loop {
        match boards.next_board() {
            Ok(Some(board)) => {
                let separator: &[u8] = if boards.boards_read() > 1 { b"\n" } else { b"" };
                let written =
                    output.write_all(separator).and_then(|()| write!(output, "{}", board.moves(rule)));
                if let Err(error) = written {
                    return Err(StreamError::Write(error));
                }
            }
            Ok(None) => break Ok(()),
            Err(error) => break Err(error),
        }
    };
    output.flush().map_err(StreamError::Write)?;
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(horse: usize, changes: &[(usize, &str)]) -> String {
        let mut tokens = vec!["0"; 90];
        tokens[horse] = "12";
        for &(index, token) in changes {
            tokens[index] = token;
        }
        tokens.chunks(9).map(|row| row.join(" ") + "\n").collect()
    }

    fn run(text: &str, rule: HorseRule) -> (String, Option<String>) {
        let mut output = Vec::new();
        let result = judge_horse(text.as_bytes(), &mut output, rule);
        (String::from_utf8(output).unwrap(), result.err().map(|error| error.to_string()))
    }

    #[test]
    fn blocks_are_separated_by_one_empty_line_and_none_is_written() {
        // A corner horse; then a pinned horse between generals on column 4.
        let text = format!("{}{}", board(0, &[]), board(40, &[(4, "15"), (85, "5")]));
        let (output, error) = run(&text, HorseRule::FlyingGeneralPin);
        assert_eq!(output, "(1,2)\n(2,1)\n\nNONE\n");
        assert_eq!(error, None);
    }

    #[test]
    fn the_rule_switch_reaches_the_answers() {
        // Generals facing on column 3, the horse on (2,5): only full legality
        // keeps the horse to the jumps that screen them.
        let text = board(23, &[(3, "15"), (84, "5")]);
        let (pin, _) = run(&text, HorseRule::FlyingGeneralPin);
        assert_eq!(pin.lines().count(), 8);
        assert_eq!(run(&text, HorseRule::FullLegality).0, "(1,3)\n(3,3)\n");
    }

    #[test]
    fn an_error_comes_after_the_earlier_blocks() {
        let text = format!("{}\n{}", board(0, &[]), board(40, &[(12, "12")]));
        let (output, error) = run(&text, HorseRule::FlyingGeneralPin);
        assert_eq!(output, "(1,2)\n(2,1)\n");
        let error = error.unwrap();
        assert!(error.starts_with("16:9: board 2, row 4, column 4: a second black horse"), "{error}");
    }

    #[test]
    fn write_failures_are_reported_as_such() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let result = judge_horse(board(0, &[]).as_bytes(), Broken, HorseRule::FlyingGeneralPin);
        assert!(matches!(result, Err(StreamError::Write(_))), "{result:?}");
    }
}
