//! The endgame checkmate task (UVa 1589, also HDU 4121 and POJ 4001): black
//! has only its general, red has a general and a few chariots, horses and
//! cannons, black is to move. Is black checkmated?
//!
//! Black is lost when it has no legal move, checkmate or stalemate alike, as
//! in xiangqi; [`Case::verdict`] asks the engine
//! ([`Position::has_legal_move`](crate::Position::has_legal_move)). One rule
//! of the task goes beyond a legal position: if the two generals already face
//! each other, black flies across, captures the red general, and the answer
//! is `NO`.
//!
//! [`judge`] answers at the pace of a hand-written solution: it reads cases
//! written the usual way straight from its input buffer, and works the answer
//! out on a small board made for the task (black's general has at most four
//! steps; is each one attacked once taken, capture and flying general
//! included?), with no engine position; the tests hold it to the engine's
//! answer, case by case. Explanations, and [`Reader`], go through the
//! engine.
//!
//! Input, read token by token like `scanf` (blank lines, tabs and `\r\n` do
//! not matter): cases of a header `N row col` (N red pieces, then the black
//! general's point) and N lines `<G|R|H|C> row col`, ended by `0 0 0`.
//! Points are `(row, col)` with row 1..10 from black's side at the top and
//! column 1..9 from the left ([`COORDINATES`]).
//!
//! Random cases for stress tests, and the shrinking of a failing one, are in
//! [`generate`].
//!
//! ```
//! use xiangqi_rules::tasks::checkmate::{Options, judge};
//!
//! let input = "2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH 4 5\nG 10 5\nC 7 5\n\n0 0 0\n";
//! let mut output = Vec::new();
//! judge(input.as_bytes(), &mut output, &Options::default())?;
//! assert_eq!(String::from_utf8(output)?, "YES\nNO\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod case;
mod endgame;
mod error;
mod explain;
mod fast;
pub mod generate;
mod reader;
#[cfg(test)]
mod tests;

use std::io::{Read, Write};

use board_geometry::text_input::{JudgeOptions, StreamError, answer_each};
use board_geometry::{RowColumn, RowsFrom};

pub use case::{Case, Verdict};
pub use error::{CaseError, CaseProblem, InputError, NumberRole};
pub use explain::{Explanation, Step, StepOutcome};
pub use reader::Reader;

/// The task's coordinates: rows 1..10 from the top (black's side), columns 1..9 from the left.
pub const COORDINATES: RowColumn = RowColumn::new(RowsFrom::Top, 1);

/// How [`judge`] answers: `options.explain` writes an [`Explanation`] and
/// an empty line after each answer, drawn in `options.style`.
pub type Options = JudgeOptions;

/// Judges every case of `input`, writing `YES` or `NO` per case to `output`,
/// each followed by an [`Explanation`] and an empty line when `options.explain` is set.
///
/// Memory stays flat for any number of cases; on bad input every answer
/// before the bad case has been written and flushed before the error returns.
/// A case is answered once the first token after it has been read, and
/// nothing further (so a person typing at a terminal sees each answer once
/// the next case's header is typed).
///
/// # Errors
/// The first case that breaks the task's promises, or a failure to read or write.
pub fn judge(input: impl Read, output: impl Write, options: &Options) -> Result<(), StreamError<CaseError>> {
    let mut cases = Reader::new(input);
    if options.explain {
        answer_each(
            output,
            || cases.next_case(),
            |out, case| writeln!(out, "{}\n{}", case.verdict(), case.explain().with_style(options.style)),
        )
    } else {
        // No engine position: the verdict is worked out on the task's own small board.
        answer_each(output, || cases.next_verdict(), |out, verdict| out.write_all(verdict.line().as_bytes()))
    }
}
