//! A task's generator: its cases drawn from a seed, one after another.

use core::fmt;

use super::Random;

/// What a task's [`Generator`] builds its cases with: the options that
/// steer it, kept with whatever it draws once at the start, and how one
/// case is drawn.
///
/// ```
/// use board_geometry::random::{Build, Generator, Random};
///
/// /// Dice rolls of a number of sides given as the option.
/// struct Dice {
///     sides: u64,
/// }
///
/// impl Build for Dice {
///     type Options = u64;
///     type OptionsError = String;
///     type Case = u64;
///
///     fn start(sides: &u64, _: &mut Random) -> Result<Dice, String> {
///         if *sides == 0 { Err("a die has sides".into()) } else { Ok(Dice { sides: *sides }) }
///     }
///
///     fn build(&mut self, random: &mut Random) -> u64 {
///         1 + random.below(self.sides)
///     }
/// }
///
/// let rolls: Vec<u64> = Generator::<Dice>::new(7, &6)?.take(100).collect();
/// assert!(rolls.iter().all(|roll| (1..=6).contains(roll)));
/// assert_eq!(rolls, Generator::<Dice>::new(7, &6)?.take(100).collect::<Vec<_>>());
/// assert!(Generator::<Dice>::new(7, &0).is_err());
/// # Ok::<(), String>(())
/// ```
pub trait Build: Sized {
    /// The options that steer the cases.
    type Options;
    /// What the options can get wrong.
    type OptionsError;
    /// What is built: a case of the task (or, for a task whose input is
    /// one game, a whole input).
    type Case;

    /// A builder for `options`, which it checks; `random` is the
    /// generator's, for what is drawn once at the start.
    ///
    /// # Errors
    /// Options out of range.
    fn start(options: &Self::Options, random: &mut Random) -> Result<Self, Self::OptionsError>;

    /// The next case, drawn from `random`.
    fn build(&mut self, random: &mut Random) -> Self::Case;
}

/// An endless, reproducible stream of a task's cases: the same seed and
/// options give the same cases on every platform and in every version (see
/// [`Random`]). Each task names its own: `tasks::checkmate::generate::Generator`
/// is a `Generator` of that task's [`Build`].
#[derive(Clone, Debug)]
pub struct Generator<B> {
    random: Random,
    builder: B,
}

impl<B: Build> Generator<B> {
    /// A generator of cases from `seed`, steered by `options`.
    ///
    /// # Errors
    /// Options out of range (see the task's `GenerateOptions::validate`).
    pub fn new(seed: u64, options: &B::Options) -> Result<Generator<B>, B::OptionsError> {
        let mut random = Random::new(seed);
        let builder = B::start(options, &mut random)?;
        Ok(Generator { random, builder })
    }

    /// The next case.
    pub fn next_case(&mut self) -> B::Case {
        self.builder.build(&mut self.random)
    }
}

impl<B: Build> Iterator for Generator<B> {
    type Item = B::Case;

    fn next(&mut self) -> Option<B::Case> {
        Some(self.next_case())
    }
}

/// Options that draw a task's case by themselves: the [`Build`] of a
/// generator whose only state is its options (the task's
/// `GenerateOptions`), checked once when the [`Generator`] starts.
///
/// ```
/// use board_geometry::random::{Draw, Generator, Random, ShareError, check_shares};
///
/// /// Coins that come up heads with the chance `heads`.
/// #[derive(Clone)]
/// struct Coin {
///     heads: f64,
/// }
///
/// impl Draw for Coin {
///     type Case = bool;
///     type Error = ShareError;
///
///     fn validate(&self) -> Result<(), ShareError> {
///         check_shares(&[("heads share", self.heads)])
///     }
///
///     fn draw(&self, random: &mut Random) -> bool {
///         random.chance(self.heads)
///     }
/// }
///
/// assert_eq!(Generator::<Coin>::new(3, &Coin { heads: 1.0 })?.take(4).collect::<Vec<_>>(), [true; 4]);
/// let error = Generator::<Coin>::new(3, &Coin { heads: 1.5 }).err().expect("out of range");
/// assert_eq!(error.to_string(), "the heads share 1.5 is not a number from 0 to 1");
/// # Ok::<(), ShareError>(())
/// ```
pub trait Draw: Clone {
    /// What is drawn: a case of the task (or a whole input).
    type Case;
    /// What the options can get wrong.
    type Error;

    /// Checks that every option is in its range.
    ///
    /// # Errors
    /// The first option out of range.
    fn validate(&self) -> Result<(), Self::Error>;

    /// The next case, drawn from `random` as the options say.
    fn draw(&self, random: &mut Random) -> Self::Case;
}

impl<O: Draw> Build for O {
    type Options = O;
    type OptionsError = O::Error;
    type Case = O::Case;

    fn start(options: &O, _: &mut Random) -> Result<O, O::Error> {
        options.validate()?;
        Ok(options.clone())
    }

    fn build(&mut self, random: &mut Random) -> O::Case {
        self.draw(random)
    }
}

/// A chance or share among a generator's options that is not a number from
/// 0 to 1, the mistake every task's options can make.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ShareError {
    /// Which share, in words (`stop share`).
    pub name: &'static str,
    /// Its value.
    pub value: f64,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} {} is not a number from 0 to 1", self.name, self.value)
    }
}

impl std::error::Error for ShareError {}

/// Checks that each of `shares`, named, is a number from 0 to 1.
///
/// # Errors
/// The first that is not.
pub fn check_shares(shares: &[(&'static str, f64)]) -> Result<(), ShareError> {
    match shares.iter().find(|(_, value)| !(0.0..=1.0).contains(value)) {
        Some(&(name, value)) => Err(ShareError { name, value }),
        None => Ok(()),
    }
}
