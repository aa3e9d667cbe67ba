//! Running the program under test: its standard input fed from a buffer, its
//! standard output and error collected, killed if it takes too long. Plain
//! `std`: a thread writes the input, two threads read the outputs, and the
//! caller waits for the end of the output, then polls the child until it
//! exits or its time is up.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The most bytes kept of each output stream; a program that writes more is
/// cut off (its next write fails) and reported with what it wrote.
const OUTPUT_LIMIT: u64 = 64 << 20;

/// How long to wait for the output readers once the program has gone: a
/// program that left a child of its own holding the pipes open is not waited for.
const DRAIN_TIME: Duration = Duration::from_secs(2);

/// How a run of the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// It exited with this code.
    Code(i32),
    /// It was killed by this signal (a crash: segmentation fault, abort, ...).
    Signal(i32),
    /// It was still running when its time was up, and was killed.
    TimedOut,
}

impl Exit {
    fn of(status: ExitStatus) -> Exit {
        if let Some(code) = status.code() {
            return Exit::Code(code);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if let Some(signal) = status.signal() {
                return Exit::Signal(signal);
            }
        }
        Exit::Code(-1)
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Code(code) => write!(f, "exited with code {code}"),
            Exit::Signal(signal) => write!(f, "was killed by signal {signal}{}", signal_name(*signal)),
            Exit::TimedOut => f.write_str("did not finish in time and was killed"),
        }
    }
}

/// A signal's usual name, for messages.
fn signal_name(signal: i32) -> &'static str {
    match signal {
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        _ => "",
    }
}

/// What one run of the program did.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    /// How it ended.
    pub(crate) exit: Exit,
    /// Its standard output (at most [`OUTPUT_LIMIT`] bytes).
    pub(crate) stdout: Vec<u8>,
    /// Its standard error (at most [`OUTPUT_LIMIT`] bytes).
    pub(crate) stderr: Vec<u8>,
}

/// The program under test and how long a run may take.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    /// The program, then its arguments.
    pub(crate) command: Vec<OsString>,
    /// How long one run may take.
    pub(crate) timeout: Duration,
}

impl Program {
    /// Runs the program once with `input` on its standard input.
    ///
    /// # Errors
    /// The program cannot be started (not found, not executable, ...).
    pub(crate) fn run(&self, input: &[u8]) -> io::Result<Run> {
        let Some((program, arguments)) = self.command.split_first() else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "no program to run"));
        };
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdout = read_in_background(child.stdout.take());
        let stderr = read_in_background(child.stderr.take());
        if let Some(mut stdin) = child.stdin.take() {
            let input = input.to_vec();
            // A program that stops reading early closes the pipe: not an error of ours.
            thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
        }
        // Most programs close their output when they exit: wait for that
        // first, without polling, then for the exit itself.
        let deadline = Instant::now() + self.timeout;
        let mut output = collect(&stdout, deadline);
        let exit = wait_until(&mut child, deadline)?;
        let drained_by = Instant::now() + DRAIN_TIME;
        output.extend(collect(&stdout, drained_by));
        Ok(Run { exit, stdout: output, stderr: collect(&stderr, drained_by) })
    }
}

/// Reads `stream` to its end (or the limit) on a thread of its own, sending
/// what it reads as it comes.
fn read_in_background(stream: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let Some(stream) = stream else { return };
        let mut stream = stream.take(OUTPUT_LIMIT);
        let mut chunk = vec![0; 1 << 16];
        loop {
            match stream.read(&mut chunk) {
                Ok(0) => return,
                Ok(read) => {
                    if sender.send(chunk[..read].to_vec()).is_err() {
                        return;
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return,
            }
        }
    });
    receiver
}

/// Everything a reader sends until its stream ends, or what it has sent by
/// `deadline` if the stream stays open (the program still running, or a
/// child of it holding the stream).
fn collect(receiver: &mpsc::Receiver<Vec<u8>>, deadline: Instant) -> Vec<u8> {
    let mut bytes = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match receiver.recv_timeout(left) {
            Ok(chunk) => bytes.extend_from_slice(&chunk),
            Err(_) => return bytes,
        }
    }
}

/// Waits for `child` to exit, killing it at `deadline`.
fn wait_until(child: &mut Child, deadline: Instant) -> io::Result<Exit> {
    let mut pause = Duration::from_micros(20);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Exit::of(status));
        }
        let now = Instant::now();
        if now >= deadline {
            // It may have exited just now; either way it is gone after this.
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Exit::TimedOut);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(1));
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn shell(script: &str, timeout_ms: u64) -> Program {
        Program {
            command: vec!["sh".into(), "-c".into(), script.into()],
            timeout: Duration::from_millis(timeout_ms),
        }
    }

    #[test]
    fn input_goes_in_and_both_outputs_come_back() {
        let run = shell("tr a-z A-Z; echo oops >&2; exit 3", 5000).run(b"hello\n").unwrap();
        assert_eq!(run.exit, Exit::Code(3));
        assert_eq!(run.stdout, b"HELLO\n");
        assert_eq!(run.stderr, b"oops\n");
    }

    #[test]
    fn a_program_that_runs_too_long_is_killed() {
        let started = Instant::now();
        let run = shell("echo started; sleep 10", 300).run(b"").unwrap();
        assert_eq!(run.exit, Exit::TimedOut);
        assert_eq!(run.stdout, b"started\n", "what it wrote before is kept");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_crash_is_a_signal() {
        let run = shell("kill -SEGV $$", 5000).run(b"").unwrap();
        assert_eq!(run.exit, Exit::Signal(11));
        assert_eq!(run.exit.to_string(), "was killed by signal 11 (SIGSEGV)");
    }

    #[test]
    fn a_program_that_ignores_its_input_is_fine() {
        let input = vec![b'x'; 1 << 20];
        let run = shell("echo done", 5000).run(&input).unwrap();
        assert_eq!((run.exit, run.stdout.as_slice()), (Exit::Code(0), b"done\n".as_slice()));
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let program = Program { command: vec!["/no/such/program".into()], timeout: Duration::from_secs(1) };
        assert!(program.run(b"").is_err());
    }
}
