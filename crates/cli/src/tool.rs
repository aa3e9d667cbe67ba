//! Running a tool: argument parsing, error reporting and exit codes.

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, IsTerminal, LineWriter, Write};
use std::process::ExitCode;

use clap::Parser;

/// The streams a tool reads and writes.
pub struct Streams<'a> {
    /// Standard input, for judge input given as `-` or not given.
    pub stdin: &'a mut dyn BufRead,
    /// Standard output: answers, and nothing else.
    pub stdout: &'a mut dyn Write,
    /// Standard error: the one-line message of a failed run.
    pub stderr: &'a mut dyn Write,
}

/// A command-line tool: its arguments, parsed by clap, and what it does with them.
pub trait Tool: Parser {
    /// Does the work.
    ///
    /// # Errors
    /// Any failure, as a message for standard error. Judge input errors are
    /// already formatted as `FILE:LINE:COLUMN: message`.
    fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()>;
}

/// No arguments: what a command has where others of its kind have some
/// (`kq judge` has no options for pictures, `duck show` none for its
/// diagram besides `--flip`).
#[derive(Debug, clap::Args)]
pub(crate) struct NoArgs {}

/// Exit code of a successful run.
const SUCCESS: u8 = 0;
/// Exit code of a run that failed on its input or on I/O.
const FAILURE: u8 = 1;
/// Exit code of a `stress` run whose program under test could not be started at all.
const CANNOT_START: u8 = 3;
/// Exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

/// Parses `args` (program name first) for tool `T`, runs it, and returns the
/// exit code: 0 success, 1 failure (with one line on standard error; for
/// `stress`, a difference found), 2 usage error, 3 a `stress` program that
/// could not be started, 130 stopped by Ctrl-C.
pub fn run<T: Tool>(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    streams: &mut Streams<'_>,
) -> u8 {
    let tool = match T::try_parse_from(args) {
        Ok(tool) => tool,
        Err(error) => {
            let mut text = error.render().to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            let sink = if error.use_stderr() { &mut *streams.stderr } else { &mut *streams.stdout };
            // Nothing sensible is left to do if even the usage message cannot be written.
            let _ = sink.write_all(text.as_bytes()).and_then(|()| sink.flush());
            return u8::try_from(error.exit_code()).unwrap_or(2);
        }
    };
    let outcome = tool.run(streams);
    let flushed = streams.stdout.flush();
    match outcome.and_then(|()| flushed.map_err(anyhow::Error::from)) {
        Ok(()) => SUCCESS,
        Err(error) if is_broken_pipe(&error) => SUCCESS,
        Err(error)
            if error.is::<crate::perft::Interrupted>()
                || error.is::<crate::stress::Interrupted>()
                || error.is::<crate::xiangqi::SolveInterrupted>() =>
        {
            let _ = writeln!(streams.stderr, "{error:#}").and_then(|()| streams.stderr.flush());
            INTERRUPTED
        }
        Err(error) if error.is::<crate::stress::CannotStart>() => {
            let _ = writeln!(streams.stderr, "{error:#}").and_then(|()| streams.stderr.flush());
            CANNOT_START
        }
        Err(error) => {
            let _ = writeln!(streams.stderr, "{error:#}").and_then(|()| streams.stderr.flush());
            FAILURE
        }
    }
}

/// A reader of the output went away (`tool | head`): stop quietly, as Unix tools do.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|cause| cause.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

/// Runs tool `T` on the process's arguments and standard streams.
///
/// Standard output is written in large blocks, except on a terminal, where
/// each answer appears as soon as its line is complete and pictures are drawn
/// in Chinese characters, in colour (see `--style` and `--color`). Ctrl-C stops a long
/// count cleanly, and progress is drawn when standard error is a terminal.
#[must_use]
pub fn main<T: Tool>() -> ExitCode {
    crate::perft::install(io::stderr().is_terminal());
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let stdout = io::stdout();
    crate::style::set_stdout_terminal(stdout.is_terminal());
    let mut stdout: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(LineWriter::new(stdout.lock()))
    } else {
        Box::new(BufWriter::with_capacity(1 << 16, stdout.lock()))
    };
    // Not locked for the whole run: progress bars write to it from a thread of their own.
    let mut stderr = io::stderr();
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    ExitCode::from(run::<T>(std::env::args_os(), &mut streams))
}

/// Runs the tool called `program` (`xiangqi`, `duck` or `kq`) with `args`
/// (program name first); `None` if there is no such tool.
pub fn run_tool(
    program: &str,
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    streams: &mut Streams<'_>,
) -> Option<u8> {
    match program {
        "duck" => Some(run::<crate::duck::Duck>(args, streams)),
        "kq" => Some(run::<crate::kq::Kq>(args, streams)),
        "xiangqi" => Some(run::<crate::xiangqi::Xiangqi>(args, streams)),
        _ => None,
    }
}
