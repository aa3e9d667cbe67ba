//! Running the program under test as a judge runs it: its standard input
//! fed from a buffer, its standard output and error collected, and on Unix
//! in a process group of its own, so that whatever it starts (the real
//! solution under a shell script or `cargo run`) ends with it: the whole
//! group is killed when its time is up, and what is left of the group once
//! the program itself has exited is killed too.
//!
//! Plain threads: one writes the input, two read the outputs, one waits for
//! the program's exit, which the caller waits for until the time is up or
//! Ctrl-C is pressed.
//! That exit is seen without reaping the program (`waitid` with `WNOWAIT`):
//! while it is an unreaped zombie its process id, which is the group's id,
//! cannot be given to another process, so the group killed is its own.

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

/// How long to wait for the output readers once the program and its group
/// have gone: a process it started that left the group (`setsid`) and holds
/// the pipes open is not waited for.
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

/// Why a run of the program has no outcome.
#[derive(Debug)]
pub(crate) enum NoRun {
    /// It could not be started (not found, not executable, ...), or not
    /// waited for.
    Failed(io::Error),
    /// Ctrl-C was pressed while it ran: it was killed with its group.
    Stopped,
}

impl From<io::Error> for NoRun {
    fn from(error: io::Error) -> NoRun {
        NoRun::Failed(error)
    }
}

/// How often a run checks for Ctrl-C: the binaries' handler only raises a
/// flag, and the program, in a process group of its own, does not get the
/// terminal's interrupt.
const STOP_CHECK: Duration = Duration::from_millis(50);

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
    /// The program cannot be started (not found, not executable, ...), or
    /// Ctrl-C was pressed.
    pub(crate) fn run(&self, input: &[u8]) -> Result<Run, NoRun> {
        let Some((program, arguments)) = self.command.split_first() else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "no program to run").into());
        };
        let mut command = Command::new(program);
        command.args(arguments).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
        let stdout = read_in_background(child.stdout.take());
        let stderr = read_in_background(child.stderr.take());
        if let Some(mut stdin) = child.stdin.take() {
            let input = input.to_vec();
            // A program that stops reading early closes the pipe: not an error of ours.
            thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
        }
        let exit = wait_until(&mut child, Instant::now() + self.timeout)?;
        // Its group is gone, so its outputs end now, unless a process it
        // started left the group and holds them open: that one is not waited for.
        let drained_by = Instant::now() + DRAIN_TIME;
        Ok(Run { exit, stdout: collect(&stdout, drained_by), stderr: collect(&stderr, drained_by) })
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
/// `deadline` if the stream stays open (held by a process that left the
/// program's group).
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

/// How the wait for a run ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// The program exited.
    Exited,
    /// Its time was up.
    TimedOut,
    /// Ctrl-C was pressed.
    Stopped,
}

impl Ending {
    /// How the wait ends after `now`, if it does: the time is up or Ctrl-C was pressed.
    fn cut_short(now: Instant, deadline: Instant) -> Option<Ending> {
        if now >= deadline {
            Some(Ending::TimedOut)
        } else if crate::perft::stop_requested() {
            Some(Ending::Stopped)
        } else {
            None
        }
    }

    /// The run's exit for this ending and the program's exit status.
    fn exit(self, status: ExitStatus) -> Result<Exit, NoRun> {
        match self {
            Ending::Exited => Ok(Exit::of(status)),
            Ending::TimedOut => Ok(Exit::TimedOut),
            Ending::Stopped => Err(NoRun::Stopped),
        }
    }
}

/// Waits for `child` to exit, killing it at `deadline` or on Ctrl-C, and
/// kills what is left of its process group either way.
#[cfg(unix)]
fn wait_until(child: &mut Child, deadline: Instant) -> Result<Exit, NoRun> {
    use rustix::io::Errno;
    use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};

    let leader = Pid::from_child(child);
    let (exited, exit_seen) = mpsc::channel();
    let watcher = thread::spawn(move || {
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT;
        // An error other than an interruption cannot come for a child of
        // ours that nobody has reaped; were it to, the group is killed below.
        loop {
            match waitid(WaitId::Pid(leader), options) {
                Err(error) if error == Errno::INTR => {}
                _ => break,
            }
        }
        let _ = exited.send(());
    });
    let ending = loop {
        let now = Instant::now();
        match exit_seen.recv_timeout(deadline.saturating_duration_since(now).min(STOP_CHECK)) {
            Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break Ending::Exited,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(ending) = Ending::cut_short(Instant::now(), deadline) {
                    break ending;
                }
            }
        }
    };
    // The leader is not reaped yet, so its group id is still its own. An
    // error means the group is already empty but for the leader's zombie.
    let _ = kill_process_group(leader, Signal::KILL);
    if ending != Ending::Exited {
        // The leader too, should it have moved to another group.
        let _ = child.kill();
    }
    // The watcher returns once the leader has exited, which it now has; it
    // is joined before the reaping, so it never waits on a reused pid.
    let _ = watcher.join();
    ending.exit(child.wait()?)
}

/// Waits for `child` to exit, killing it at `deadline` or on Ctrl-C
/// (without process groups, what it started itself is left running).
#[cfg(not(unix))]
fn wait_until(child: &mut Child, deadline: Instant) -> Result<Exit, NoRun> {
    let mut pause = Duration::from_micros(20);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Exit::of(status));
        }
        let now = Instant::now();
        if let Some(ending) = Ending::cut_short(now, deadline) {
            // It may have exited just now; either way it is gone after this.
            let _ = child.kill();
            return ending.exit(child.wait()?);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(1));
    }
}

// Shared with the stress integration test, which checks the same of whole runs.
#[cfg(all(test, target_os = "linux"))]
#[path = "../../tests/support/processes.rs"]
mod processes;

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    #[cfg(target_os = "linux")]
    use processes::still_running_after_a_while;

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

    /// A file of its own for `test` to write a process id into.
    fn pid_file(test: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("cli-stress-{}-{test}.pid", std::process::id()))
    }

    /// A script whose own child hangs, its pid written to `file`.
    fn wrapper(file: &std::path::Path, then: &str) -> String {
        format!("sleep 30 & echo $! > '{}'; {then}", file.display())
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_time_out_kills_what_the_program_started_too() {
        let file = pid_file("time-out");
        let run = shell(&wrapper(&file, "wait"), 300).run(b"").unwrap();
        assert_eq!(run.exit, Exit::TimedOut);
        let child = std::fs::read_to_string(&file).unwrap().trim().to_string();
        let _ = std::fs::remove_file(&file);
        assert!(!still_running_after_a_while(&child), "its child {child} is left running");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn what_is_left_of_its_group_is_killed_when_the_program_exits() {
        let file = pid_file("exit");
        // The child holds standard output open: without the group killed,
        // the run would wait for the end of the output, then leave it running.
        let run = shell(&wrapper(&file, "echo done"), 20_000).run(b"").unwrap();
        assert_eq!((run.exit, run.stdout.as_slice()), (Exit::Code(0), b"done\n".as_slice()));
        let child = std::fs::read_to_string(&file).unwrap().trim().to_string();
        let _ = std::fs::remove_file(&file);
        assert!(!still_running_after_a_while(&child), "its child {child} is left running");
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let program = Program { command: vec!["/no/such/program".into()], timeout: Duration::from_secs(1) };
        assert!(program.run(b"").is_err());
    }
}
