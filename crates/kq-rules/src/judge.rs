//! The streaming judge: cases in, verdicts out.

use std::io::{BufRead, Write};

use board_geometry::text_input::StreamError;

use crate::{CaseError, CaseReader};

/// Why [`judge`] stopped early.
pub type JudgeError = StreamError<CaseError>;

/// Judges every line of `input`, writing one verdict line per case to `output`.
///
/// Memory stays flat for any input size. On a bad line the verdicts of every
/// line before it have been written and flushed before the error is returned.
///
/// # Errors
/// The first line that is not a case (with its line and column), or a failure
/// to read the input or write the verdicts.
pub fn judge(input: impl BufRead, mut output: impl Write) -> Result<(), JudgeError> {
    let mut cases = CaseReader::new(input);
    let outcome = loop {
        match cases.next_case() {
            Ok(Some(case)) => {
                let verdict = case.verdict().as_str();
                if let Err(error) =
                    output.write_all(verdict.as_bytes()).and_then(|()| output.write_all(b"\n"))
                {
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
