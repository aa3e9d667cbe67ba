//! The "Correct Move" task (UVa 255): each input line `king queen newqueen`
//! gets one verdict.
//!
//! Random cases for stress tests, and the shrinking of a failing one, are in
//! [`generate`].
//!
//! ```
//! use kq_rules::tasks::correct_move::{Options, judge};
//!
//! let mut answers = Vec::new();
//! judge("17 17 49\n17 49 25\n".as_bytes(), &mut answers, &Options::default())?;
//! assert_eq!(String::from_utf8(answers)?, "Illegal state\nMove not allowed\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod case;
mod error;
mod explain;
mod fast;
pub mod generate;
mod reader;
mod verdict;

use std::io::{Read, Write};

use board_geometry::text_input::{StreamError, answer_each};

pub use case::Case;
pub use error::{CaseError, InputError, Role};
pub use explain::{Explanation, Rule};
pub use reader::Reader;
pub use verdict::Verdict;

/// How [`judge`] answers, built as the other tasks' options are
/// (`Options::new().explained(true)`). Unlike the xiangqi and duck tasks'
/// [`JudgeOptions`](board_geometry::text_input::JudgeOptions) it has no
/// picture style: the explanations draw the 8 x 8 board in ASCII alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// After each verdict, an [`Explanation`] (the board and the rule that
    /// decided) and an empty line: not judge output.
    pub explain: bool,
}

impl Options {
    /// The judge's answers alone, as [`Options::default`].
    #[must_use]
    pub const fn new() -> Options {
        Options { explain: false }
    }

    /// The same options, explaining each verdict (or not).
    #[must_use]
    pub const fn explained(mut self, explain: bool) -> Options {
        self.explain = explain;
        self
    }
}

/// Judges every line of `input`, writing one verdict line per case to
/// `output`, each followed by an [`Explanation`] and an empty line when
/// `options.explain` is set.
///
/// Memory stays flat for any input size. On a bad line the verdicts of every
/// line before it have been written and flushed before the error is returned.
///
/// # Errors
/// The first line that is not a case (with its line and column), or a failure
/// to read the input or write the verdicts.
pub fn judge(input: impl Read, output: impl Write, options: &Options) -> Result<(), StreamError<CaseError>> {
    let mut cases = Reader::new(input);
    answer_each(
        output,
        || cases.next_case(),
        |out, case| {
            out.write_all(case.verdict().line().as_bytes())?;
            if options.explain {
                writeln!(out, "{}", case.explain())?;
            }
            Ok(())
        },
    )
}
