//! Benchmarks of the release binaries on generated inputs: wall time and peak
//! memory of whole runs, as a user would see them. One module per benchmark.

pub mod baseline;
pub mod build;
pub mod checkmate;
pub mod duck;
pub mod game;
pub mod r#gen;
pub mod kq;
pub mod perft;
pub mod records;
pub mod solve;
pub mod table;

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{Context, bail};

use crate::cargo;
use crate::launch::Launch;

/// One timed run of a binary.
#[derive(Copy, Clone, Debug)]
pub struct Run {
    /// Wall-clock time from spawn to exit.
    pub wall: Duration,
    /// Processor time, user and system, of all the process's threads.
    pub cpu: Duration,
    /// Peak resident memory of the process, in bytes.
    pub peak_rss: u64,
}

/// Runs `binary args...` with standard output thrown away, `runs` times, and
/// returns every run. Fails if any run fails.
///
/// # Errors
/// The binary cannot be started or exits with a failure.
pub fn measure(binary: &Path, args: &[&str], runs: usize) -> anyhow::Result<Vec<Run>> {
    (0..runs).map(|_| measure_once(binary, args, None)).collect()
}

/// Runs `binary args...` once, with standard input from `input` (or none),
/// standard output thrown away. Fails if the run fails.
///
/// # Errors
/// The binary cannot be started or exits with a failure.
pub fn measure_once(binary: &Path, args: &[&str], input: Option<&Path>) -> anyhow::Result<Run> {
    let stdin = match input {
        Some(path) => {
            Stdio::from(File::open(path).with_context(|| format!("cannot open {}", path.display()))?)
        }
        None => Stdio::null(),
    };
    let finished = Launch::new(binary, args).stdin(stdin).stdout(Stdio::null()).run()?;
    if !finished.status.success() {
        bail!("{} {} failed: {}", binary.display(), args.join(" "), finished.status);
    }
    Ok(Run { wall: finished.wall, cpu: finished.cpu, peak_rss: finished.peak_rss })
}

/// The fastest and the median wall time, and the largest peak memory, of some runs.
#[derive(Copy, Clone, Debug)]
pub struct Summary {
    /// The fastest run.
    pub best: Duration,
    /// The median run.
    pub median: Duration,
    /// The largest peak resident memory, in bytes.
    pub peak_rss: u64,
}

impl Summary {
    /// Summarises `runs` (which must not be empty).
    #[must_use]
    pub fn of(runs: &[Run]) -> Summary {
        let mut walls: Vec<Duration> = runs.iter().map(|r| r.wall).collect();
        walls.sort();
        Summary {
            best: walls.first().copied().unwrap_or_default(),
            median: walls.get(walls.len() / 2).copied().unwrap_or_default(),
            peak_rss: runs.iter().map(|r| r.peak_rss).max().unwrap_or(0),
        }
    }
}

/// The load average over the last 1, 5 and 15 minutes, as `uptime` shows it.
#[must_use]
pub fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|text| text.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_else(|| "unknown".to_string())
}

/// Writes a generated input file with a buffered writer.
///
/// # Errors
/// The file cannot be written.
pub fn write_input(
    path: &Path,
    generate: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    let mut file =
        BufWriter::new(File::create(path).with_context(|| format!("cannot create {}", path.display()))?);
    generate(&mut file)
        .and_then(|()| file.flush())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Where generated benchmark inputs go: `target/bench/` under the workspace root.
#[must_use]
pub fn bench_dir() -> PathBuf {
    crate::fixtures::workspace_root().join("target").join("bench")
}

/// Prints one line of a results table.
pub fn report(label: &str, items: u64, item_name: &str, summary: Summary) {
    let per_second = items as f64 / summary.best.as_secs_f64();
    println!(
        "{label:<34} {items:>12} {item_name:<6} best {:>9.2} ms  median {:>9.2} ms  {:>8.2} M {item_name}/s  peak RSS {:>6.2} MiB",
        summary.best.as_secs_f64() * 1e3,
        summary.median.as_secs_f64() * 1e3,
        per_second / 1e6,
        summary.peak_rss as f64 / (1024.0 * 1024.0),
    );
}

/// What every benchmark is run with.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How many timed runs of each command.
    pub runs: usize,
    /// Time the binaries in this folder instead of building the workspace's:
    /// copies of another commit's release build, say, to compare two builds
    /// on the same machine in one session.
    pub binaries: Option<PathBuf>,
}

impl Settings {
    /// The binary to time: from [`Settings::binaries`], or built from the workspace.
    ///
    /// # Errors
    /// The build fails, or the binary is not in the folder given.
    pub fn binary(&self, name: &str) -> anyhow::Result<PathBuf> {
        match &self.binaries {
            Some(folder) => {
                let path = folder.join(name);
                if !path.is_file() {
                    bail!("{} does not exist", path.display());
                }
                Ok(path)
            }
            None => build_release(name),
        }
    }
}

/// Builds `binary` of the cli package in release mode and returns its path.
///
/// # Errors
/// The build fails.
pub fn build_release(binary: &str) -> anyhow::Result<PathBuf> {
    let status = cargo()
        .args(["build", "--quiet", "--release", "--package", "cli", "--bin", binary])
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        bail!("cargo build --release failed");
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| crate::fixtures::workspace_root().join("target"), PathBuf::from);
    Ok(target.join("release").join(binary))
}
