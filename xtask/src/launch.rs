//! Running a program once and measuring it: wall time, exit status and its
//! own peak memory.
//!
//! The peak is the hard part. Linux keeps the largest resident size of a
//! process across `exec`, and a program started with `posix_spawn` (what
//! `std::process::Command` does) is for that moment a thread of its parent,
//! so `wait4` reports at least the parent's own size: 7 MB for this debug
//! xtask, whatever the program used. GNU time forks a small process of its
//! own before `exec`, so what it reports is the program's alone (about 1 MB
//! more than nothing). [`Launch`] runs programs under it when
//! `/usr/bin/time` is there, and otherwise says that its figure is an upper
//! bound.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context;
use wait4::Wait4;

/// GNU time, which reports the peak memory of the program it runs alone.
const GNU_TIME: &str = "/usr/bin/time";

/// Whether peak memory is the program's own ([`Launch`] explains why it may
/// not be).
#[must_use]
pub fn exact_peaks() -> bool {
    Path::new(GNU_TIME).is_file()
}

/// What to say under a table of peaks when they are not exact.
pub const INEXACT_PEAKS: &str =
    "peak memory includes this xtask's own (no /usr/bin/time: apt-get install time)";

/// One program to run, with its arguments and standard streams.
pub struct Launch {
    program: PathBuf,
    args: Vec<std::ffi::OsString>,
    envs: Vec<(std::ffi::OsString, std::ffi::OsString)>,
    address_space_kb: Option<u64>,
    stdin: Option<Stdio>,
    stdout: Option<Stdio>,
    stderr: Option<Stdio>,
}

impl std::fmt::Debug for Launch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Launch")
            .field("program", &self.program)
            .field("args", &self.args)
            .field("address_space_kb", &self.address_space_kb)
            .finish_non_exhaustive()
    }
}

/// How a run ended.
#[derive(Copy, Clone, Debug)]
pub struct Finished {
    /// The program's exit status (a signal shows as no code).
    pub status: ExitStatus,
    /// Wall-clock time from start to exit.
    pub wall: Duration,
    /// Processor time, user and system, of all the program's threads.
    pub cpu: Duration,
    /// Peak resident memory in bytes: the program's own when
    /// [`exact_peaks`], else an upper bound.
    pub peak_rss: u64,
}

impl Launch {
    /// `program args...`, with the streams inherited until set.
    pub fn new<I, S>(program: &Path, args: I) -> Launch
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        Launch {
            program: program.to_path_buf(),
            args: args.into_iter().map(|a| a.as_ref().to_os_string()).collect(),
            envs: Vec::new(),
            address_space_kb: None,
            stdin: None,
            stdout: None,
            stderr: None,
        }
    }

    /// Sets an environment variable of the program.
    #[must_use]
    pub fn env(mut self, name: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Launch {
        self.envs.push((name.as_ref().to_os_string(), value.as_ref().to_os_string()));
        self
    }

    /// Runs the program under `ulimit -v KB`.
    #[must_use]
    pub fn address_space_kb(mut self, kb: u64) -> Launch {
        self.address_space_kb = Some(kb);
        self
    }

    /// Sets the program's standard input.
    #[must_use]
    pub fn stdin(mut self, stdin: Stdio) -> Launch {
        self.stdin = Some(stdin);
        self
    }

    /// Sets the program's standard output.
    #[must_use]
    pub fn stdout(mut self, stdout: Stdio) -> Launch {
        self.stdout = Some(stdout);
        self
    }

    /// Sets the program's standard error.
    #[must_use]
    pub fn stderr(mut self, stderr: Stdio) -> Launch {
        self.stderr = Some(stderr);
        self
    }

    /// Starts the program, lets `meanwhile` use the child (to read a pipe,
    /// say), waits for it and measures it.
    ///
    /// # Errors
    /// The program cannot be started or waited for, or GNU time's report
    /// cannot be read.
    pub fn run_with<T>(
        self,
        meanwhile: impl FnOnce(&mut std::process::Child) -> T,
    ) -> anyhow::Result<(Finished, T)> {
        let report = exact_peaks().then(|| {
            let unique = format!("launch-{}-{:?}.peak", std::process::id(), std::thread::current().id());
            std::env::temp_dir().join(unique.replace(['(', ')'], ""))
        });
        let mut words: Vec<std::ffi::OsString> = Vec::new();
        if let Some(report) = &report {
            words.extend([GNU_TIME, "--quiet", "--format=%M", "--output"].map(Into::into));
            words.push(report.clone().into_os_string());
        }
        words.push(self.program.clone().into_os_string());
        words.extend(self.args.iter().cloned());
        let mut command = match self.address_space_kb {
            Some(kb) => {
                let mut sh = Command::new("sh");
                sh.arg("-c").arg(format!(r#"ulimit -v {kb} && exec "$@""#)).arg("sh").args(&words);
                sh
            }
            None => {
                let mut direct = Command::new(&words[0]);
                direct.args(&words[1..]);
                direct
            }
        };
        command.envs(self.envs.iter().map(|(name, value)| (name, value)));
        if let Some(stdin) = self.stdin {
            command.stdin(stdin);
        }
        if let Some(stdout) = self.stdout {
            command.stdout(stdout);
        }
        if let Some(stderr) = self.stderr {
            command.stderr(stderr);
        }
        let start = Instant::now();
        let mut child =
            command.spawn().with_context(|| format!("cannot start {}", self.program.display()))?;
        let result = meanwhile(&mut child);
        let usage = child.wait4().context("cannot wait for the run")?;
        let wall = start.elapsed();
        let peak_rss = match report {
            Some(report) => {
                let text = fs::read_to_string(&report)
                    .with_context(|| format!("cannot read GNU time's report {}", report.display()))?;
                let _ = fs::remove_file(&report);
                let kb: u64 = text
                    .lines()
                    .last()
                    .and_then(|line| line.trim().parse().ok())
                    .with_context(|| format!("GNU time reported '{}', not a size", text.trim()))?;
                kb * 1024
            }
            None => usage.rusage.maxrss,
        };
        let cpu = usage.rusage.utime + usage.rusage.stime;
        Ok((Finished { status: usage.status, wall, cpu, peak_rss }, result))
    }

    /// Starts the program, waits for it and measures it.
    ///
    /// # Errors
    /// As [`Launch::run_with`].
    pub fn run(self) -> anyhow::Result<Finished> {
        self.run_with(|_| ()).map(|(finished, ())| finished)
    }
}
