//! Random cases of the "Correct Move" task for stress tests, and the
//! shrinking of a failing one.
//!
//! The same shape as the generators of the other judge tasks:
//!
//! - [`Generator`] turns a seed into an endless, reproducible stream of
//!   [`Case`]s, steered by [`GenerateOptions`] (the share of `Stop` cases);
//! - [`write_input`] writes cases in the judge's format, one line
//!   `king queen newqueen` each ([`write_case`] writes one);
//! - [`shrink`] makes a failing case as small as it can be while it still fails.
//!
//! Every [`Case`] keeps the judge's promise (three places from 0 to 63), so
//! unlike the other tasks there is nothing more to check.
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

use core::fmt;
use std::borrow::Borrow;
use std::io::{self, Write};
use std::sync::OnceLock;

use board_geometry::random::Random;

use super::{Case, Verdict};

pub use board_geometry::layout::{Layout, LayoutWriter, Reading};

/// How the judge reads this task's input, which says where
/// [`Layout::Varied`] puts its whitespace: a line of three numbers at a time, any spaces and tabs between them, blank lines between lines.
pub const READING: Reading = Reading::Lines;

/// What kind of cases a [`Generator`] makes.
///
/// ```
/// use kq_rules::tasks::correct_move::generate::GenerateOptions;
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

impl GenerateOptions {
    /// Checks that every option is in its range.
    ///
    /// # Errors
    /// The first option out of range.
    pub fn validate(&self) -> Result<(), OptionsError> {
        if (0.0..=1.0).contains(&self.stop_share) {
            Ok(())
        } else {
            Err(OptionsError::Share { name: "stop share", value: self.stop_share })
        }
    }
}

/// Options a [`Generator`] cannot work with.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum OptionsError {
    /// A share is not a number from 0 to 1.
    Share {
        /// Which share.
        name: &'static str,
        /// Its value.
        value: f64,
    },
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Share { name, value } => {
                write!(f, "the {name} {value} is not a number from 0 to 1")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

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
#[derive(Clone, Debug)]
pub struct Generator {
    random: Random,
    options: GenerateOptions,
    /// The verdicts of the first cases, every one the options allow, in a random order.
    opening: Vec<Verdict>,
}

impl Generator {
    /// A generator of cases from `seed`.
    ///
    /// # Errors
    /// Options out of range (see [`GenerateOptions::validate`]).
    pub fn new(seed: u64, options: &GenerateOptions) -> Result<Generator, OptionsError> {
        options.validate()?;
        let mut random = Random::new(seed);
        let mut opening: Vec<Verdict> = Vec::with_capacity(5);
        if options.stop_share > 0.0 {
            opening.push(Verdict::Stop);
        }
        if options.stop_share < 1.0 {
            opening.extend(OTHERS);
        }
        random.shuffle(&mut opening);
        opening.reverse();
        Ok(Generator { random, options: options.clone(), opening })
    }

    fn place(&mut self) -> u8 {
        // below(64) is less than 64.
        u8::try_from(self.random.below(64)).unwrap_or(0)
    }

    /// The next case.
    pub fn next_case(&mut self) -> Case {
        let verdict = match self.opening.pop() {
            Some(verdict) => verdict,
            None if self.random.chance(self.options.stop_share) => Verdict::Stop,
            None => OTHERS[self.random.index(OTHERS.len())],
        };
        loop {
            let (king, queen) = (self.place(), self.place());
            let case = match verdict {
                Verdict::Stop => self.random.pick(stops()).copied(),
                Verdict::IllegalState => {
                    let new_queen = self.place();
                    Case::from_numbers(king, king, new_queen)
                }
                _ if king == queen => None,
                _ => {
                    let fitting: Vec<Case> = (0..64)
                        .filter_map(|new_queen| Case::from_numbers(king, queen, new_queen))
                        .filter(|case| case.verdict() == verdict)
                        .collect();
                    self.random.pick(&fitting).copied()
                }
            };
            if let Some(case) = case {
                return case;
            }
        }
    }
}

impl Iterator for Generator {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        Some(self.next_case())
    }
}

/// Appends `king queen newqueen` and a line end.
fn append_case(text: &mut Vec<u8>, case: &Case) {
    for (index, place) in [case.king, case.queen, case.new_queen].into_iter().enumerate() {
        if index > 0 {
            text.push(b' ');
        }
        let number = place.index();
        if number >= 10 {
            text.push(b'0' + number / 10);
        }
        text.push(b'0' + number % 10);
    }
    text.push(b'\n');
}

/// Writes one case as the judge's line `king queen newqueen`.
///
/// ```
/// use kq_rules::tasks::correct_move::Case;
/// use kq_rules::tasks::correct_move::generate::write_case;
///
/// let mut line = Vec::new();
/// write_case(&Case::from_numbers(56, 48, 49).expect("places"), &mut line)?;
/// assert_eq!(line, b"56 48 49\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// A failure to write.
pub fn write_case<W: Write + ?Sized>(case: &Case, out: &mut W) -> io::Result<()> {
    let mut line = Vec::with_capacity(12);
    append_case(&mut line, case);
    out.write_all(&line)
}

/// Writes `cases` in the judge's format, one line each.
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(
    cases: impl IntoIterator<Item = impl Borrow<Case>>,
    out: &mut W,
) -> io::Result<()> {
    let mut text = Vec::with_capacity(1 << 16);
    for case in cases {
        append_case(&mut text, case.borrow());
        if text.len() >= 1 << 16 {
            out.write_all(&text)?;
            text.clear();
        }
    }
    out.write_all(&text)
}

/// Shrinks a case on which a program fails: returns the smallest case found
/// on which `still_fails` holds; `case` itself if no smaller one fails.
///
/// The search is [`board_geometry::shrink::shrink`]'s greedy loop over
/// smaller numbers, tried in this order:
///
/// 1. each of `king`, `queen` and `newqueen` alone replaced by 0, by half
///    of itself, or by one less;
/// 2. one, two or all three of the numbers moved one row up (less 8), then
///    one place back (less 1), then the whole case mirrored left to right
///    or top to bottom (when that makes the numbers smaller);
/// 3. two equal numbers (king and queen on one place, say) made smaller
///    together, so that what ties them stays.
///
/// Every change lowers the sum of the three numbers, so the search ends;
/// every case keeps the judge's promise.
///
/// ```
/// use kq_rules::tasks::correct_move::generate::shrink;
/// use kq_rules::tasks::correct_move::{Case, Verdict};
///
/// // A smaller case that still stops: the corner 63 mirrored to 0, the queen moved nearer.
/// let stop = Case::from_numbers(63, 53, 54).expect("places");
/// let small = shrink(&stop, |case| case.verdict() == Verdict::Stop);
/// assert_eq!(small, Case::from_numbers(0, 10, 9).expect("places"));
/// ```
pub fn shrink(case: &Case, still_fails: impl FnMut(&Case) -> bool) -> Case {
    board_geometry::shrink::shrink(*case, candidates, still_fails)
}

/// The smaller variants of `case`: each number alone made smaller, then
/// some numbers or the whole case moved, the case mirrored, and equal
/// numbers made smaller together.
fn candidates(case: &Case) -> Vec<Case> {
    let numbers = [case.king.index(), case.queen.index(), case.new_queen.index()];
    let lower = |value: u8| [0, value / 2, value.saturating_sub(1)];
    let mut changes: Vec<[u8; 3]> = Vec::new();
    for field in 0..3 {
        for smaller in lower(numbers[field]) {
            let mut changed = numbers;
            changed[field] = smaller;
            changes.push(changed);
        }
    }
    // Some of the numbers (the whole case last) one row up, then one place back.
    for shift in [8, 1] {
        for fields in [
            [true, false, false],
            [false, true, false],
            [false, false, true],
            [true, true, false],
            [true, false, true],
            [false, true, true],
            [true, true, true],
        ] {
            let moved: Vec<u8> =
                numbers.iter().zip(fields).filter(|&(_, moved)| moved).map(|(&n, _)| n).collect();
            if moved.iter().all(|&number| number >= shift) {
                let mut changed = numbers;
                for (number, moved) in changed.iter_mut().zip(fields) {
                    if moved {
                        *number -= shift;
                    }
                }
                changes.push(changed);
            }
        }
    }
    // Mirrored left to right, or top to bottom: the same geometry.
    changes.push(numbers.map(|number| number - number % 8 + (7 - number % 8)));
    changes.push(numbers.map(|number| number % 8 + 8 * (7 - number / 8)));
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if numbers[a] == numbers[b] {
            for smaller in lower(numbers[a]) {
                let mut changed = numbers;
                (changed[a], changed[b]) = (smaller, smaller);
                changes.push(changed);
            }
        }
    }
    let sum = |numbers: &[u8; 3]| numbers.iter().map(|&n| u32::from(n)).sum::<u32>();
    let mut smaller: Vec<Case> = Vec::new();
    for changed in changes {
        if sum(&changed) < sum(&numbers) {
            if let Some(case) = Case::from_numbers(changed[0], changed[1], changed[2]) {
                if !smaller.contains(&case) {
                    smaller.push(case);
                }
            }
        }
    }
    smaller
}

#[cfg(test)]
mod tests;
