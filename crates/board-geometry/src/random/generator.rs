//! A task's generator: its cases drawn from a seed, one after another.

use core::fmt;

use super::Random;

/// A task's generator options, which say whether a generator can work with
/// them: [`Generator::new`] asks before it starts.
pub trait Validate {
    /// What the options can get wrong.
    type Error;

    /// Checks that every option is in its range.
    ///
    /// # Errors
    /// The first option out of range.
    fn validate(&self) -> Result<(), Self::Error>;
}

/// What a task's [`Generator`] builds its cases with: the options that
/// steer it, kept with whatever it draws once at the start, and how one
/// case is drawn.
///
/// ```
/// use board_geometry::random::{Build, Generator, Random, Validate};
///
/// /// Dice of a number of sides.
/// struct Sides(u64);
///
/// impl Validate for Sides {
///     type Error = String;
///
///     fn validate(&self) -> Result<(), String> {
///         if self.0 == 0 { Err("a die has sides".into()) } else { Ok(()) }
///     }
/// }
///
/// /// Dice rolls, of the sides given as the option.
/// struct Dice {
///     sides: u64,
/// }
///
/// impl Build for Dice {
///     type Options = Sides;
///     type Case = u64;
///
///     fn start(options: &Sides, _: &mut Random) -> Dice {
///         Dice { sides: options.0 }
///     }
///
///     fn build(&mut self, random: &mut Random) -> u64 {
///         1 + random.below(self.sides)
///     }
/// }
///
/// let rolls: Vec<u64> = Generator::<Dice>::new(7, &Sides(6))?.take(100).collect();
/// assert!(rolls.iter().all(|roll| (1..=6).contains(roll)));
/// assert_eq!(rolls, Generator::<Dice>::new(7, &Sides(6))?.take(100).collect::<Vec<_>>());
/// assert!(Generator::<Dice>::new(7, &Sides(0)).is_err());
/// # Ok::<(), String>(())
/// ```
pub trait Build: Sized {
    /// The options that steer the cases.
    type Options: Validate;
    /// What is built: a case of the task (or, for a task whose input is
    /// one game, a whole input).
    type Case;

    /// A builder for `options`, which the generator has validated;
    /// `random` is the generator's, for what is drawn once at the start.
    fn start(options: &Self::Options, random: &mut Random) -> Self;

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
    /// Options out of range (see [`Validate`]).
    pub fn new(seed: u64, options: &B::Options) -> Result<Generator<B>, <B::Options as Validate>::Error> {
        options.validate()?;
        let mut random = Random::new(seed);
        let builder = B::start(options, &mut random);
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
/// `GenerateOptions`).
///
/// ```
/// use board_geometry::random::{Draw, Generator, Random, ShareError, Validate, check_shares};
///
/// /// Coins that come up heads with the chance `heads`.
/// #[derive(Clone)]
/// struct Coin {
///     heads: f64,
/// }
///
/// impl Validate for Coin {
///     type Error = ShareError;
///
///     fn validate(&self) -> Result<(), ShareError> {
///         check_shares(&[("heads share", self.heads)])
///     }
/// }
///
/// impl Draw for Coin {
///     type Case = bool;
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
pub trait Draw: Validate + Clone {
    /// What is drawn: a case of the task (or a whole input).
    type Case;

    /// The next case, drawn from `random` as the options say.
    fn draw(&self, random: &mut Random) -> Self::Case;
}

impl<O: Draw> Build for O {
    type Options = O;
    type Case = O::Case;

    fn start(options: &O, _: &mut Random) -> O {
        options.clone()
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

/// Options a task's generator cannot work with: a chance or share that is
/// not a number from 0 to 1 ([`ShareError`], the mistake every task's
/// options can make), or a mistake of the task's own options (`T`). Each
/// task names its own: `tasks::horse::generate::OptionsError` is an
/// `OptionsError` of that task's `OptionsProblem`.
///
/// ```
/// use board_geometry::random::{OptionsError, check_shares};
///
/// let share: OptionsError<&str> = check_shares(&[("stop share", 2.0)]).unwrap_err().into();
/// assert_eq!(share.to_string(), "the stop share 2 is not a number from 0 to 1");
/// let own: OptionsError<&str> = OptionsError::Task("more pieces than a set has");
/// assert_eq!(own.to_string(), "more pieces than a set has");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum OptionsError<T> {
    /// A chance or a share is not a number from 0 to 1.
    Share(ShareError),
    /// A mistake of the task's own options.
    Task(T),
}

impl<T: fmt::Display> fmt::Display for OptionsError<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Share(error) => write!(f, "{error}"),
            OptionsError::Task(problem) => write!(f, "{problem}"),
        }
    }
}

impl<T: fmt::Debug + fmt::Display> std::error::Error for OptionsError<T> {}

impl<T> From<ShareError> for OptionsError<T> {
    fn from(error: ShareError) -> Self {
        OptionsError::Share(error)
    }
}

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
