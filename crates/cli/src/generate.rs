//! What the `gen` commands share: writing generated cases, and the options
//! that shape them (`--yes-share`, `--crowding`, ...), which `stress` takes
//! too. (The module is not called `gen`, a reserved word of Rust 2024.)

use std::io::Write;

use crate::Streams;
use crate::layout::LayoutArg;
use crate::task::Task;

/// Writes `count` cases of task `T`, generated from `seed` with `options`,
/// laid out as `layout` says: what every `gen` command does.
///
/// # Errors
/// The options are out of range for the generator, or the output cannot be written.
pub(crate) fn write_generated<T: Task>(
    seed: u64,
    options: &T::GenerateOptions,
    count: u64,
    layout: LayoutArg,
    streams: &mut Streams<'_>,
) -> anyhow::Result<()> {
    let cases = T::generator(seed, options)?;
    let mut out = layout.writer(&mut *streams.stdout, T::READING, seed);
    T::write_input(cases.take(usize::try_from(count).unwrap_or(usize::MAX)), &mut out)?;
    out.flush()?;
    Ok(())
}

/// A share or a chance: a number from 0 to 1.
pub(crate) fn parse_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// Declares the options that shape a task's generated cases, shared by its
/// `gen` and `stress` commands: a clap struct of optional fields, each
/// written `name: Type => field`, where `field` is the field of the
/// generator's options it sets. Two methods come with it:
/// - `options()`: the generator's options, the library's default for each
///   one not given;
/// - `typed()`: the options given, as typed (`--yes-share 0.2`), for the
///   command that repeats a stress run.
///
/// A macro, as each task has fields of its own: what is the same is how
/// every field is declared, defaulted and typed back.
macro_rules! knobs {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident shapes $options:ty {
            $(
                $(#[$field_meta:meta])*
                $field:ident: $type:ty => $target:ident,
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, clap::Args)]
        $vis struct $name {
            $(
                $(#[$field_meta])*
                $field: Option<$type>,
            )*
        }

        impl $name {
            /// The generator's options: the library's default for each one not given.
            $vis fn options(&self) -> $options {
                let mut options = <$options>::default();
                $(
                    if let Some(value) = self.$field {
                        options.$target = value;
                    }
                )*
                options
            }

            /// The options given, as typed (`--yes-share 0.2`), for the
            /// command that repeats a run.
            $vis fn typed(&self) -> Vec<String> {
                let mut words = Vec::new();
                $(
                    if let Some(value) = self.$field {
                        // clap names each option after its field, `_` written `-`.
                        words.push(format!("--{}", stringify!($field).replace('_', "-")));
                        words.push(value.to_string());
                    }
                )*
                words
            }
        }
    };
}

pub(crate) use knobs;
