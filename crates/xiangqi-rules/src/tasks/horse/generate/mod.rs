//! Random boards of the "where can the black horse go" task for stress
//! tests, and the shrinking of a failing one.
//!
//! The same shape as [`checkmate::generate`](crate::tasks::checkmate::generate):
//!
//! - [`Generator`] turns a seed into an endless, reproducible stream of
//!   boards ([`Case`](super::Case)s), steered by [`GenerateOptions`] (how crowded the
//!   horse is, how often the flying-general pin applies);
//! - [`write_input`] writes boards in the task's format, 10 lines of 9
//!   numbers each, an empty line between boards;
//! - [`check_promises`] says whether a board keeps the task's promises and
//!   the generator's own;
//! - [`shrink`] makes a failing board as small as it can be while it still
//!   fails and keeps the promises.
//!
//! Every board keeps the task's promises (exactly one black horse, at most
//! one general of each colour) and looks like a position of a game: every
//! piece stands on a point a piece of its kind can reach (generals and
//! advisors in their palaces, elephants on their seven points, soldiers
//! where soldiers go), and no side has more pieces of a kind than it starts
//! with.
//!
//! # How boards are built
//!
//! - On a share of the boards ([`GenerateOptions::pin_share`]) the black
//!   general, the horse and the red general stand on one column with
//!   nothing else between the generals: the exercise's pin applies and the
//!   answer is `NONE`. On another share ([`GenerateOptions::near_pin_share`])
//!   one more piece stands between them, so the pin does not apply. On both
//!   kinds, half the time a piece also stands on that column outside the
//!   stretch between the generals, where it must not count.
//! - Elsewhere the horse stands anywhere and each general is on a random
//!   point of its palace, or missing now and then.
//! - Each of the horse's four legs and eight landing points holds a piece
//!   with the chance [`GenerateOptions::crowding`], red or black: legs
//!   hobble jumps, red pieces on landing points are captured, black ones
//!   block.
//! - Up to [`GenerateOptions::max_other_pieces`] more pieces go on random points.
//!
//! ```
//! use xiangqi_rules::tasks::horse::generate::{GenerateOptions, Generator, check_promises, write_input};
//! use xiangqi_rules::tasks::horse::{Options, Rule, judge};
//!
//! let boards: Vec<_> = Generator::new(5, &GenerateOptions::default())?.take(100).collect();
//! assert!(boards.iter().all(|board| check_promises(board).is_ok()));
//! let pinned = boards.iter().filter(|board| board.is_pinned()).count();
//! assert!((8..=35).contains(&pinned), "{pinned} pinned boards of 100");
//!
//! // The written input is the task's, and the judge answers board by board.
//! let mut input = Vec::new();
//! write_input(&boards, &mut input)?;
//! let mut answers = Vec::new();
//! judge(input.as_slice(), &mut answers, &Options::default())?;
//! let expected: Vec<String> = boards.iter().map(|board| board.moves(Rule::default()).to_string()).collect();
//! assert_eq!(String::from_utf8(answers)?, expected.join("\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
mod promise;
mod shrink;
mod write;

use core::fmt;

use board_geometry::random::check_shares;

pub use promise::{BrokenPromise, check_promises};
pub use shrink::shrink;
pub use write::write_input;

pub use board_geometry::layout::{Layout, LayoutWriter, Reading};
pub use board_geometry::random::Validate;

/// How the judge reads this task's input, which says where
/// [`Layout::Varied`] puts its whitespace: a row of the board a line (the reader takes whole rows a line), any spaces and tabs between the codes of a row, blank lines between rows.
pub const READING: Reading = Reading::Rows;

/// The most pieces beside the black horse and the two generals: the 29
/// other pieces of a full set.
pub const MAX_OTHER_PIECES: u8 = 29;

/// What kind of boards a [`Generator`] makes.
///
/// Every field has a default ([`GenerateOptions::default`]); set the ones to
/// change on a default value:
///
/// ```
/// use xiangqi_rules::tasks::horse::generate::{GenerateOptions, Validate};
///
/// let mut options = GenerateOptions::default();
/// options.crowding = 0.8;
/// options.pin_share = 0.5;
/// assert!(options.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// The chance, from 0 to 1, that each of the horse's four leg points and
    /// eight landing points holds a piece; 0.3 by default. At 0 the horse
    /// stands in open country, at 1 it is boxed in.
    pub crowding: f64,
    /// The most pieces put on random points beside those around the horse,
    /// the generals and the pin's pieces: 0 to 29, 8 by default. Each board
    /// draws a number from 0 to this.
    pub max_other_pieces: u8,
    /// The share of boards, from 0 to 1, on which the flying-general pin
    /// applies: black general, horse and red general on one column, nothing
    /// else between the generals. 0.2 by default.
    pub pin_share: f64,
    /// The share of boards, from 0 to 1, that look like a pin but are not
    /// one: another piece stands between the generals too. 0.1 by default.
    /// With [`GenerateOptions::pin_share`] at most 1.
    pub near_pin_share: f64,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions { crowding: 0.3, max_other_pieces: 8, pin_share: 0.2, near_pin_share: 0.1 }
    }
}

impl Validate for GenerateOptions {
    type Error = OptionsError;

    fn validate(&self) -> Result<(), OptionsError> {
        check_shares(&[
            ("crowding", self.crowding),
            ("pin share", self.pin_share),
            ("near-pin share", self.near_pin_share),
        ])?;
        if self.pin_share + self.near_pin_share > 1.0 {
            let (pin, near_pin) = (self.pin_share, self.near_pin_share);
            return Err(OptionsError::Task(OptionsProblem::PinShares { pin, near_pin }));
        }
        if self.max_other_pieces > MAX_OTHER_PIECES {
            return Err(OptionsError::Task(OptionsProblem::OtherPieces { max: self.max_other_pieces }));
        }
        Ok(())
    }
}

/// Options a [`Generator`] cannot work with: a chance or a share that is
/// not a number from 0 to 1, or an [`OptionsProblem`].
pub type OptionsError = board_geometry::random::OptionsError<OptionsProblem>;

/// What this task's options can get wrong beside a share.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum OptionsProblem {
    /// The pin share and the near-pin share add up to more than 1.
    PinShares {
        /// The pin share.
        pin: f64,
        /// The near-pin share.
        near_pin: f64,
    },
    /// More other pieces than a full set has.
    OtherPieces {
        /// The number asked for.
        max: u8,
    },
}

impl fmt::Display for OptionsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsProblem::PinShares { pin, near_pin } => {
                write!(f, "the pin share {pin} and the near-pin share {near_pin} add up to more than 1")
            }
            OptionsProblem::OtherPieces { max } => {
                write!(
                    f,
                    "{max} other pieces is more than the {MAX_OTHER_PIECES} a full set has beside the horse and the generals"
                )
            }
        }
    }
}

/// An endless, reproducible stream of boards: the same seed and options give
/// the same boards on every platform and in every version (see
/// [`Random`](board_geometry::random::Random)).
///
/// ```
/// use xiangqi_rules::tasks::horse::generate::{GenerateOptions, Generator};
///
/// let mut boards = Generator::new(1, &GenerateOptions::default())?;
/// let first = boards.next_case();
/// assert!(first.board().occupied().contains(first.horse()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Generator = board_geometry::random::Generator<GenerateOptions>;

#[cfg(test)]
mod tests;
