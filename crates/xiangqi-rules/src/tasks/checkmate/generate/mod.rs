//! Random cases of the checkmate task for stress tests, built by the engine
//! to keep every promise of the judge, and the shrinking of a failing case.
//!
//! - [`Generator`] turns a seed into an endless, reproducible stream of
//!   [`Case`]s, steered by [`GenerateOptions`] (the share of `YES` answers,
//!   of cases with facing generals, how many red pieces);
//! - [`write_input`] writes cases in the judge's input format, ended by
//!   `0 0 0`;
//! - [`check_promises`] says whether a case keeps the judge's promises;
//! - [`shrink`] makes a failing case as small as it can be while it still
//!   fails and keeps the promises.
//!
//! Every case keeps the judge's promises: black's general alone in its
//! palace with black to move, red's general in its palace and 1 to 6 more
//! red pieces (2 to 7 red pieces in all), at most two chariots, two horses
//! and two cannons, red giving check with a chariot, a horse or a cannon.
//!
//! # Facing generals
//!
//! Most cases are legal positions. A share of them
//! ([`GenerateOptions::facing_share`], a tenth by default) start instead
//! with the two generals on one file and nothing between them, which no game
//! reaches but the judge's data holds: black's general flies across and
//! captures red's, so the answer is `NO` whatever else stands on the board.
//! Solutions that never look for this at the start, or look wrongly, pass
//! every legal case; these cases catch them. They are spread over every way
//! it happens: the shared file is the centre file or the one on either side;
//! behind red's general (on the file, further from black) stands nothing, a
//! red chariot or a red cannon (which then gives check through red's
//! general); a red piece stands between the generals' ranks on another file
//! (a solution that compares ranks only thinks it blocks) or none does.
//! Most of them are *mate but for the flight*: every step of the black
//! general is covered, so that a solution that forgets the flight answers
//! `YES`; the others leave one escape as well.
//!
//! # Traps
//!
//! Two mistakes real solutions make show in mates only, and in so few mates
//! drawn at random that a stress run of a thousand cases may miss them. So
//! a share of the mates ([`GenerateOptions::trap_share`], a fifth by
//! default) is built with a *trap* for one of them, and a trap not built
//! for 30 cases goes into the next mate: each shows within the first
//! hundred cases of every seed.
//!
//! - *A piece behind red's general*: a step of the black general is covered
//!   by red's general alone, along its file, and a red chariot or horse
//!   stands behind red's general (further from black). A solution that
//!   looks down the file to the board's edge, rather than up to red's
//!   general, takes that piece for a block and sees an escape.
//! - *A piece beyond the escape*: a step is covered by one chariot or cannon
//!   alone, along a line, and a red piece stands beyond the step on that
//!   line. A solution that counts the pieces on the whole line past the
//!   step takes it for a block (or for a cannon's second screen).
//!
//! Such a solution answers `NO` where the answer is `YES`. (In a `NO` case
//! the same positions change nothing: an escape more is still `NO`.)
//!
//! # How cases are built
//!
//! Not by drawing random boards and throwing away those that do not fit:
//! each case is constructed to be what it should be.
//!
//! 1. The generals go on random points of their palaces (for facing
//!    generals: on the file drawn, with the piece behind red's general).
//! 2. A checking piece goes on a point from which it attacks the black
//!    general (a cannon first gets a screen); now and then a chariot stands
//!    right next to the general, so that capturing it is the way out.
//! 3. For a `YES` case, red pieces are added one by one, each on a point
//!    that covers one of the black general's remaining escapes, until none
//!    is left. A *hard* `NO` case is built the same way but stops with
//!    exactly one escape left. An *easy* `NO` case gets its pieces on random
//!    points. Facing generals are covered like a `YES` or a hard `NO` case
//!    (their flight is not counted as an escape), with no piece on the file
//!    between the generals.
//! 4. Pieces that change nothing of the answer ("decoys") are added to
//!    spread the number of red pieces over the allowed range.
//!
//! Whether a piece keeps the check and whether an escape is safe are the
//! engine's questions, and the final answer is checked with
//! [`Case::verdict`]. A construction that goes wrong (a piece that would
//! block the check, a general facing the other where it should not) is
//! undone and tried again; all of it costs under a microsecond a case.
//!
//! ```
//! use xiangqi_rules::tasks::checkmate::generate::{GenerateOptions, Generator, check_promises, write_input};
//! use xiangqi_rules::tasks::checkmate::{Options, Verdict, judge};
//!
//! let mut options = GenerateOptions::default();
//! options.yes_share = 0.75;
//! let cases: Vec<_> = Generator::new(7, &options)?.take(200).collect();
//! assert!(cases.iter().all(|case| check_promises(case).is_ok()));
//! let mates = cases.iter().filter(|case| case.verdict() == Verdict::Mate).count();
//! assert!((120..180).contains(&mates), "{mates} of 200");
//! // A tenth start with the generals facing each other: all of them NO.
//! let facing: Vec<_> = cases.iter().filter(|case| case.generals_face_at_start()).collect();
//! assert!((8..35).contains(&facing.len()), "{} of 200", facing.len());
//! assert!(facing.iter().all(|case| case.verdict() == Verdict::NotMate));
//!
//! // The written input is the judge's, and the judge agrees case by case.
//! let mut input = Vec::new();
//! write_input(&cases, &mut input)?;
//! assert!(input.ends_with(b"\n\n0 0 0\n"));
//! let mut answers = Vec::new();
//! judge(input.as_slice(), &mut answers, &Options::default())?;
//! let expected: String = cases.iter().map(|case| format!("{}\n", case.verdict())).collect();
//! assert_eq!(String::from_utf8(answers)?, expected);
//!
//! // The same seed gives the same cases.
//! let again: Vec<_> = Generator::new(7, &options)?.take(200).collect();
//! assert_eq!(again, cases);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
mod promise;
mod shrink;
mod write;

use core::fmt;

use board_geometry::random::{Build, Random, check_shares};
use board_geometry::text_input::TextPosition;

use super::Case;

pub use promise::{BrokenPromise, check_promises};
pub use shrink::shrink;
pub use write::write_input;

pub use board_geometry::layout::{Layout, LayoutWriter, Reading};
pub use board_geometry::random::Validate;

/// How the judge reads this task's input, which says where
/// [`Layout::Varied`] puts its whitespace: token by token, as `scanf` reads it: the statement says tokens are separated by whitespace, so a case may even break a line between two tokens.
pub const READING: Reading = Reading::Tokens;

/// The fewest red pieces a case may have, the general included.
pub const MIN_RED_PIECES: u8 = 2;
/// The most red pieces a case may have, the general included.
pub const MAX_RED_PIECES: u8 = 7;

/// What kind of cases a [`Generator`] makes.
///
/// Every field has a default ([`GenerateOptions::default`]); set the ones to
/// change on a default value:
///
/// ```
/// use xiangqi_rules::tasks::checkmate::generate::{GenerateOptions, Validate};
///
/// let mut options = GenerateOptions::default();
/// options.yes_share = 0.2;
/// options.max_red_pieces = 4;
/// assert!(options.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// The chance that a case is checkmate (`YES`), from 0 to 1; 0.5 by
    /// default. Each case that does not start with facing generals draws its
    /// answer with this chance, so the share of mates over many cases comes
    /// near it times `1 - facing_share`.
    pub yes_share: f64,
    /// The chance that a `NO` case is a *hard* one, from 0 to 1; 0.5 by
    /// default: built like a mate but left with exactly one escape, which
    /// may be the capture of an adjacent red piece. The other `NO` cases have
    /// their red pieces on random points.
    pub hard_no_share: f64,
    /// The fewest red pieces, the general included: 2 to 7, 2 by default.
    pub min_red_pieces: u8,
    /// The most red pieces, the general included: 2 to 7, 7 by default.
    /// With few pieces some answers are rare (a mate with two red pieces
    /// needs a chariot and the general in the right places), and the
    /// generator may then give the other answer after many tries.
    pub max_red_pieces: u8,
    /// The chance that a case starts with the generals facing each other
    /// (on one file, nothing between), from 0 to 1; 0.1 by default. Such a
    /// case is `NO` (black's general flies across and captures), red still
    /// gives check with another piece, and most are mates but for the
    /// flight (see [the module docs](self#facing-generals)).
    pub facing_share: f64,
    /// The chance that a mate is built with a trap, from 0 to 1; 0.2 by
    /// default: a position that mates drawn at random hardly ever show,
    /// where a solution with one of two known mistakes sees an escape (see
    /// [the module docs](self#traps)). Besides that chance, a trap not built
    /// for 30 cases is built into the next mate, so that each shows within
    /// the first hundred cases. With 0 there is none, and with
    /// `facing_share` 0 as well the cases are those that versions before
    /// these two options gave.
    pub trap_share: f64,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            yes_share: 0.5,
            hard_no_share: 0.5,
            min_red_pieces: MIN_RED_PIECES,
            max_red_pieces: MAX_RED_PIECES,
            facing_share: 0.1,
            trap_share: 0.2,
        }
    }
}

impl Validate for GenerateOptions {
    type Error = OptionsError;

    fn validate(&self) -> Result<(), OptionsError> {
        let shares = [
            ("yes share", self.yes_share),
            ("hard NO share", self.hard_no_share),
            ("facing share", self.facing_share),
            ("trap share", self.trap_share),
        ];
        check_shares(&shares)?;
        let (min, max) = (self.min_red_pieces, self.max_red_pieces);
        if min < MIN_RED_PIECES || max > MAX_RED_PIECES || min > max {
            return Err(OptionsError::Task(RedPieces { min, max }));
        }
        Ok(())
    }
}

/// Options a [`Generator`] cannot work with: a chance or a share that is
/// not a number from 0 to 1, or a range of [`RedPieces`] out of bounds.
pub type OptionsError = board_geometry::random::OptionsError<RedPieces>;

/// A range of red pieces that is empty or reaches outside 2 to 7, the one
/// option of this task beside its shares that can be out of range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RedPieces {
    /// The fewest asked for.
    pub min: u8,
    /// The most asked for.
    pub max: u8,
}

impl fmt::Display for RedPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let RedPieces { min, max } = self;
        write!(
            f,
            "{min} to {max} red pieces is not a range within {MIN_RED_PIECES} to {MAX_RED_PIECES} \
             (the general included)"
        )
    }
}

/// An endless, reproducible stream of cases: the same seed and options give
/// the same cases on every platform and in every version (see
/// [`Random`]). Cases are numbered from 1.
///
/// ```
/// use xiangqi_rules::tasks::checkmate::generate::{GenerateOptions, Generator};
///
/// let mut cases = Generator::new(1, &GenerateOptions::default())?;
/// let first = cases.next_case();
/// assert_eq!(first.number(), 1);
/// assert!((2..=7).contains(&first.board().by_color(xiangqi_rules::Color::Red).len()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Generator = board_geometry::random::Generator<CaseBuilder>;

/// How a [`Generator`] builds this task's cases: its options, and the
/// number of the next case.
#[derive(Clone, Debug)]
pub struct CaseBuilder {
    options: GenerateOptions,
    next_number: u64,
    since_trap: build::CasesSinceTrap,
}

impl Build for CaseBuilder {
    type Options = GenerateOptions;
    type Case = Case;

    fn start(options: &GenerateOptions, _: &mut Random) -> CaseBuilder {
        CaseBuilder { options: options.clone(), next_number: 1, since_trap: [0; 2] }
    }

    fn build(&mut self, random: &mut Random) -> Case {
        let number = self.next_number;
        self.next_number += 1;
        let board = build::case_board(random, &self.options, &mut self.since_trap);
        Case::from_checked_board(number, TextPosition::new(1, 1), board)
    }
}

#[cfg(test)]
mod tests;
