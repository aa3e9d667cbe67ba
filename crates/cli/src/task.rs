//! The four judge tasks of the rules crates, as the commands use them.
//!
//! `xiangqi_rules::tasks::{checkmate, horse}`, `duck_rules::tasks::replay`
//! and `kq_rules::tasks::correct_move` are modules of the same shape: each
//! has a `Case`, a `Reader` of cases, an `Options`, a `judge`, and a
//! `generate` module with a `Generator`, `write_input`, `shrink` and
//! `READING`. [`Task`] names that shape once, so that the judge commands,
//! `gen` and `stress` are written once for all four; `library_task!`
//! implements it for a module by those names.

use std::borrow::Borrow;
use std::fmt::Display;
use std::io::{self, Read, Write};

use board_geometry::layout::Reading;
use board_geometry::text_input::{InputError, StreamError};
use duck_rules::Position;
use duck_rules::tasks::replay::generate::Log;
use xiangqi_rules::tasks::horse::Rule;

/// A judge task of a rules crate: its cases, its judge and its generator of random input.
pub(crate) trait Task {
    /// One case of the judge's input, as the task's reader reads it.
    type Case;
    /// What makes a case bad.
    type CaseError: Display;
    /// How the judge answers.
    type Options: Default;
    /// What the generator makes and the shrinker shrinks: one case, or for
    /// duck chess a whole game log (its judge replays one game per input).
    type Generated: Clone + PartialEq;
    /// The options that shape the generated cases.
    type GenerateOptions: Default;
    /// An endless, reproducible stream of generated cases.
    type Generator: Iterator<Item = Self::Generated>;

    /// How the judge reads its input: where `--layout varied` puts its whitespace.
    const READING: Reading;

    /// The cases of `input`, read one at a time.
    fn cases<R: Read>(input: R) -> impl Iterator<Item = Result<Self::Case, InputError<Self::CaseError>>>;

    /// The task's judge: answers every case of `input` on `output`.
    ///
    /// # Errors
    /// The first bad case, or a failure to read or write.
    fn judge(
        input: impl Read,
        output: impl Write,
        options: &Self::Options,
    ) -> Result<(), StreamError<Self::CaseError>>;

    /// The generator of cases from `seed`.
    ///
    /// # Errors
    /// Options out of the range the generator works with.
    fn generator(seed: u64, options: &Self::GenerateOptions) -> anyhow::Result<Self::Generator>;

    /// Writes `cases` as one input the judge reads as it is.
    ///
    /// # Errors
    /// A failure to write.
    fn write_input(
        cases: impl IntoIterator<Item = impl Borrow<Self::Generated>>,
        out: &mut dyn Write,
    ) -> io::Result<()>;

    /// The smallest case found from `case` for which `still_fails` holds,
    /// each case tried keeping the judge's promises.
    fn shrink(case: &Self::Generated, still_fails: impl FnMut(&Self::Generated) -> bool) -> Self::Generated;
}

/// Implements [`Task`] for a type by the names of a rules crate's task
/// module. A macro, not a generic: what the four tasks share is the names
/// in their modules, which no type of theirs carries.
///
/// `library_task!(Type = path::to::module)` takes everything from the
/// module; `..., generated Type, written by function` names what the
/// generator makes and how it is written, where that is not the case
/// type and the module's `generate::write_input`.
macro_rules! library_task {
    ($task:ty = $($module:ident)::+) => {
        library_task!(
            $task = $($module)::+,
            generated $($module)::+::Case,
            written by $($module)::+::generate::write_input
        );
    };
    ($task:ty = $($module:ident)::+, generated $generated:ty, written by $write_input:expr) => {
        impl Task for $task {
            type Case = $($module)::+::Case;
            type CaseError = $($module)::+::CaseError;
            type Options = $($module)::+::Options;
            type Generated = $generated;
            type GenerateOptions = $($module)::+::generate::GenerateOptions;
            type Generator = $($module)::+::generate::Generator;

            const READING: Reading = $($module)::+::generate::READING;

            fn cases<R: Read>(
                input: R,
            ) -> impl Iterator<Item = Result<Self::Case, InputError<Self::CaseError>>> {
                $($module)::+::Reader::new(input)
            }

            fn judge(
                input: impl Read,
                output: impl Write,
                options: &Self::Options,
            ) -> Result<(), StreamError<Self::CaseError>> {
                $($module)::+::judge(input, output, options)
            }

            fn generator(seed: u64, options: &Self::GenerateOptions) -> anyhow::Result<Self::Generator> {
                Ok($($module)::+::generate::Generator::new(seed, options)?)
            }

            fn write_input(
                cases: impl IntoIterator<Item = impl Borrow<Self::Generated>>,
                out: &mut dyn Write,
            ) -> io::Result<()> {
                $write_input(cases, out)
            }

            fn shrink(
                case: &Self::Generated,
                still_fails: impl FnMut(&Self::Generated) -> bool,
            ) -> Self::Generated {
                $($module)::+::generate::shrink(case, still_fails)
            }
        }
    };
}

/// The endgame checkmate task (UVa 1589): `xiangqi checkmate`.
#[derive(Debug)]
pub(crate) struct Checkmate;

library_task!(Checkmate = xiangqi_rules::tasks::checkmate);

/// The "where can the black horse go" task: `xiangqi horse`.
#[derive(Debug)]
pub(crate) struct Horse {
    /// Which jumps `xiangqi horse` counts as moves (`--legal`).
    pub(crate) rule: Rule,
}

library_task!(Horse = xiangqi_rules::tasks::horse);

/// The duck chess replay task (THUPC 2019): `duck replay`.
#[derive(Debug)]
pub(crate) struct Replay {
    /// The game replayed so far, as `duck replay` answers command by command.
    pub(crate) game: Position,
}

library_task!(Replay = duck_rules::tasks::replay, generated Log, written by write_logs);

/// The king-and-queen "Correct Move" task (UVa 255): `kq judge`.
#[derive(Debug)]
pub(crate) struct CorrectMove;

library_task!(CorrectMove = kq_rules::tasks::correct_move);

/// Writes the commands of `logs` as one game log: the replay judge reads one
/// game per input, so a batch of logs (always one in practice) is one log.
fn write_logs(logs: impl IntoIterator<Item = impl Borrow<Log>>, out: &mut dyn Write) -> io::Result<()> {
    let commands = logs.into_iter().flat_map(|log| log.borrow().commands().to_vec()).collect();
    duck_rules::tasks::replay::generate::write_input(&Log::new(commands), out)
}
