//! Judge input: a file or standard input, and how its errors are reported.

use std::fmt::Display;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;

use anyhow::{Context, anyhow};
use board_geometry::text_input::{InputError, StreamError};

use crate::Streams;

/// Where a judge reads its input: a file, or standard input for `-` or no path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The input an optional `INPUT` argument names.
    #[must_use]
    pub fn from_arg(arg: Option<PathBuf>) -> Input {
        match arg {
            Some(path) if path.as_os_str() != "-" => Input::File(path),
            _ => Input::Stdin,
        }
    }

    /// The name used in messages: the path as given, or `<stdin>`.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

/// Runs `judge` over `input`, writing to standard output, and turns its
/// errors into one-line messages: `FILE:LINE:COLUMN: message` for bad input.
///
/// # Errors
/// The input cannot be opened or read, the output cannot be written, or the
/// judge rejects the input.
pub fn run_judge<E: Display>(
    input: &Input,
    streams: &mut Streams<'_>,
    judge: impl FnOnce(&mut dyn BufRead, &mut dyn Write) -> Result<(), StreamError<E>>,
) -> anyhow::Result<()> {
    let name = input.name();
    let mut file;
    let reader: &mut dyn BufRead = match input {
        Input::Stdin => &mut *streams.stdin,
        Input::File(path) => {
            let opened = File::open(path).with_context(|| format!("{name}: cannot open"))?;
            // The judges read blocks of about 64 KB; a buffer smaller than that is
            // passed by (as standard input's is), so the bytes are not copied twice.
            file = BufReader::new(opened);
            &mut file
        }
    };
    judge(reader, &mut *streams.stdout).map_err(|error| match error {
        StreamError::Input(InputError::Invalid(located)) => anyhow!("{name}:{located}"),
        StreamError::Input(InputError::Text(located)) => anyhow!("{name}:{located}"),
        StreamError::Input(InputError::Read(error)) => {
            anyhow::Error::new(error).context(format!("{name}: cannot read"))
        }
        StreamError::Write(error) => anyhow::Error::new(error).context("cannot write the answers"),
        other => anyhow!("{name}: {other}"),
    })
}
