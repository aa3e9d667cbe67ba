//! Judge input: a file or standard input, and how its errors are reported.

use std::fmt::Display;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

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
/// Returns what `judge` returns: nothing for a judge, the value read for a
/// reader of one value (a position file).
///
/// # Errors
/// The input cannot be opened or read, the output cannot be written, or the
/// judge rejects the input.
pub fn run_judge<T, E: Display>(
    input: &Input,
    streams: &mut Streams<'_>,
    judge: impl FnOnce(&mut dyn BufRead, &mut dyn Write) -> Result<T, StreamError<E>>,
) -> anyhow::Result<T> {
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

/// The value of an option pair such as `--fen TEXT` and `--fen-file FILE`:
/// `TEXT` as `parse` reads it, else the file (`-`: standard input) as `read`
/// reads it, its errors placed as [`run_judge`] places them, else `otherwise`.
///
/// # Errors
/// What `parse` returns, or the file cannot be opened or read, or `read` rejects it.
pub(crate) fn given_or_read<T, E: Display>(
    text: Option<&str>,
    file: Option<&Path>,
    streams: &mut Streams<'_>,
    parse: impl FnOnce(&str) -> anyhow::Result<T>,
    read: impl FnOnce(&mut dyn BufRead) -> Result<T, InputError<E>>,
    otherwise: impl FnOnce() -> T,
) -> anyhow::Result<T> {
    match (text, file) {
        (Some(text), _) => parse(text),
        (None, Some(path)) => run_judge(&Input::from_arg(Some(path.to_path_buf())), streams, |reader, _| {
            read(reader).map_err(StreamError::Input)
        }),
        (None, None) => Ok(otherwise()),
    }
}

/// Calls `read` on each of `paths` in turn (standard input for `-`, or for
/// no path at all), with the name its messages give it, until one returns
/// `false`: for the commands that read positions a line at a time from
/// several files.
///
/// # Errors
/// A file cannot be opened, or `read` fails.
pub(crate) fn each_file(
    paths: &[PathBuf],
    stdin: &mut dyn BufRead,
    mut read: impl FnMut(&str, &mut dyn BufRead) -> anyhow::Result<bool>,
) -> anyhow::Result<()> {
    let standard_input = [PathBuf::from("-")];
    let paths = if paths.is_empty() { &standard_input[..] } else { paths };
    for path in paths {
        let input = Input::from_arg(Some(path.clone()));
        let name = input.name();
        let go_on = match input {
            Input::Stdin => read(&name, &mut *stdin)?,
            Input::File(path) => {
                let opened = File::open(&path).with_context(|| format!("{name}: cannot open"))?;
                read(&name, &mut BufReader::new(opened))?
            }
        };
        if !go_on {
            break;
        }
    }
    Ok(())
}
