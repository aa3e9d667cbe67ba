//! Random cases of the "Correct Move" task for stress tests, and the
//! shrinking of a failing one.
//!
//! The same shape as the generators of the other judge tasks:
//!
//! - [`Generator`] turns a seed into an endless, reproducible stream of
//!   [`Case`]s, steered by [`GenerateOptions`] (the share of `Stop` cases);
//! - [`write_input`] writes cases in the judge's format, one line
//!   `king queen newqueen` each;
//! - [`shrink`] makes a failing case as small as it can be while it still fails.
//!
//! - [`check_promises`] says whether a case keeps the promises of the
//!   judge: every [`Case`] does (three places from 0 to 63), so unlike the
//!   other tasks' it cannot fail, and its [`BrokenPromise`] has no values.
//!
//! # How cases are built
//!
//! The first cases have every verdict the options allow, one each in a
//! random order: all five when [`GenerateOptions::stop_share`] is between 0
//! and 1, the four other than `Stop` when it is 0, `Stop` alone when it is 1
//! (then every case is a `Stop`); so an input of five lines or more shows
//! every verdict it can hold. Each later case draws its verdict: `Stop` with the chance
//! [`GenerateOptions::stop_share`], each of the other four verdicts with an
//! equal share of the rest. An `Illegal state` puts king and queen on one
//! place; a `Stop` is one of the 56 cases that stop (listed once, by the
//! engine's verdict); any other verdict draws the king and the queen at
//! random and then one of the places the queen could be sent to that gets
//! that verdict (drawing the pair again in the rare case that none does).
//!
//! ```
//! use kq_rules::tasks::correct_move::generate::{GenerateOptions, Generator, write_input};
//! use kq_rules::tasks::correct_move::{Options, Verdict, judge};
//!
//! let cases: Vec<_> = Generator::new(9, &GenerateOptions::default())?.take(1000).collect();
//! let stops = cases.iter().filter(|case| case.verdict() == Verdict::Stop).count();
//! assert!((60..=140).contains(&stops), "{stops} stops of 1000");
//!
//! let mut input = Vec::new();
//! write_input(&cases, &mut input)?;
//! let mut answers = Vec::new();
//! judge(input.as_slice(), &mut answers, &Options::default())?;
//! let expected: String = cases.iter().map(|case| format!("{}\n", case.verdict())).collect();
//! assert_eq!(String::from_utf8(answers)?, expected);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod promise;
mod shrink;
mod write;

use std::sync::OnceLock;

use board_geometry::random::{Build, Random, ShareError, check_shares};

use super::{Case, Verdict};

pub use board_geometry::layout::{Layout, LayoutWriter, Reading};
pub use board_geometry::random::Validate;
pub use promise::{BrokenPromise, check_promises};
pub use shrink::shrink;
pub use write::write_input;

/// How the judge reads this task's input, which says where
/// [`Layout::Varied`] puts its whitespace: a line of three numbers at a time, any spaces and tabs between them, blank lines between lines.
pub const READING: Reading = Reading::Lines;

/// What kind of cases a [`Generator`] makes.
///
/// ```
/// use kq_rules::tasks::correct_move::generate::{GenerateOptions, Validate};
///
/// let mut options = GenerateOptions::default();
/// options.stop_share = 0.5;
/// assert!(options.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// The chance, from 0 to 1, that a case is a `Stop`; 0.1 by default. The
    /// other four verdicts share the rest equally.
    pub stop_share: f64,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions { stop_share: 0.1 }
    }
}

impl Validate for GenerateOptions {
    type Error = OptionsError;

    fn validate(&self) -> Result<(), OptionsError> {
        check_shares(&[("stop share", self.stop_share)])
    }
}

/// Options a [`Generator`] cannot work with: the stop share out of range.
pub type OptionsError = ShareError;

/// The verdicts other than `Stop`, which share the rest of the cases equally.
const OTHERS: [Verdict; 4] =
    [Verdict::IllegalState, Verdict::IllegalMove, Verdict::MoveNotAllowed, Verdict::Continue];

/// Every case whose verdict is `Stop`, in the order of their numbers.
fn stops() -> &'static [Case] {
    static STOPS: OnceLock<Vec<Case>> = OnceLock::new();
    STOPS.get_or_init(|| {
        let mut stops = Vec::new();
        for king in 0..64 {
            for queen in 0..64 {
                for new_queen in 0..64 {
                    if let Some(case) = Case::from_numbers(king, queen, new_queen) {
                        if case.verdict() == Verdict::Stop {
                            stops.push(case);
                        }
                    }
                }
            }
        }
        stops
    })
}

/// An endless, reproducible stream of cases: the same seed and options give
/// the same cases on every platform and in every version (see [`Random`]).
///
/// ```
/// use kq_rules::tasks::correct_move::generate::{GenerateOptions, Generator};
/// use kq_rules::tasks::correct_move::Verdict;
///
/// let first: Vec<_> = Generator::new(1, &GenerateOptions::default())?.take(5).collect();
/// let again: Vec<_> = Generator::new(1, &GenerateOptions::default())?.take(5).collect();
/// assert_eq!(first, again);
/// // Five lines show the five verdicts (with the default share of `Stop`s).
/// assert!(first.iter().any(|case| case.verdict() == Verdict::Stop));
/// assert!(first.iter().any(|case| case.verdict() == Verdict::MoveNotAllowed));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Generator = board_geometry::random::Generator<CaseBuilder>;

/// How a [`Generator`] builds this task's cases: its options, and the
/// verdicts its first cases still have to show.
#[derive(Clone, Debug)]
pub struct CaseBuilder {
    options: GenerateOptions,
    /// The verdicts of the first cases, every one the options allow, in a random order.
    opening: Vec<Verdict>,
}

/// A place number drawn from `random`.
fn place(random: &mut Random) -> u8 {
    // below(64) is less than 64.
    u8::try_from(random.below(64)).unwrap_or(0)
}

impl Build for CaseBuilder {
    type Options = GenerateOptions;
    type Case = Case;

    fn start(options: &GenerateOptions, random: &mut Random) -> CaseBuilder {
        let mut opening: Vec<Verdict> = Vec::with_capacity(5);
        if options.stop_share > 0.0 {
            opening.push(Verdict::Stop);
        }
        if options.stop_share < 1.0 {
            opening.extend(OTHERS);
        }
        random.shuffle(&mut opening);
        opening.reverse();
        CaseBuilder { options: options.clone(), opening }
    }

    fn build(&mut self, random: &mut Random) -> Case {
        let verdict = match self.opening.pop() {
            Some(verdict) => verdict,
            None if random.chance(self.options.stop_share) => Verdict::Stop,
            None => OTHERS[random.index(OTHERS.len())],
        };
        loop {
            let (king, queen) = (place(random), place(random));
            let case = match verdict {
                Verdict::Stop => random.pick(stops()).copied(),
                Verdict::IllegalState => {
                    let new_queen = place(random);
                    Case::from_numbers(king, king, new_queen)
                }
                _ if king == queen => None,
                _ => {
                    let fitting: Vec<Case> = (0..64)
                        .filter_map(|new_queen| Case::from_numbers(king, queen, new_queen))
                        .filter(|case| case.verdict() == verdict)
                        .collect();
                    random.pick(&fitting).copied()
                }
            };
            if let Some(case) = case {
                return case;
            }
        }
    }
}

#[cfg(test)]
mod tests;
