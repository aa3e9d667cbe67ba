//! `duck replay` on one long generated game, and `duck perft` at depths 4 and 5 on one thread.

use std::fs::{self, File};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use super::{Settings, Summary, bench_dir, measure, report};
use crate::cargo;

/// Commands in the generated log.
const COMMANDS: u64 = 3_000_000;
/// The generator's seed, so that every run times the same log.
const SEED: u64 = 2019;

/// Writes the log with the `random_log` example of duck-rules, which plays
/// the game with the rules engine: an opening with captures, a long quiet
/// middlegame, an ending in which a captain falls, and commands after the
/// end; about 40% of the commands are invalid in one way or another. A log
/// already written (its name holds its size) is kept.
pub(super) fn generate_log(path: &Path, commands: u64) -> anyhow::Result<()> {
    if path.exists() {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    // Written aside and renamed, so that an interrupted run leaves no half log.
    let partial = path.with_extension("partial");
    let file = File::create(&partial).with_context(|| format!("cannot create {}", partial.display()))?;
    let status = cargo()
        .args(["run", "--quiet", "--release", "--package", "duck-rules", "--example", "random_log", "--"])
        .args([commands.to_string(), SEED.to_string()])
        .stdout(file)
        .status()
        .context("cannot run the random_log example")?;
    if !status.success() {
        bail!("the random_log example failed: {status}");
    }
    fs::rename(&partial, path).with_context(|| format!("cannot write {}", path.display()))
}

/// The answers to the log, counted once outside the timed runs: valid moves,
/// invalid commands, and the command that ended the game.
struct Mix {
    valid: u64,
    invalid: u64,
    checks: u64,
    end: Option<u64>,
}

fn answer_mix(binary: &Path, log: &Path) -> anyhow::Result<Mix> {
    let mut child = Command::new(binary)
        .arg("replay")
        .arg(log)
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot start {}", binary.display()))?;
    let stdout = child.stdout.take().context("no standard output")?;
    let mut mix = Mix { valid: 0, invalid: 0, checks: 0, end: None };
    for (number, line) in (1..).zip(BufReader::new(stdout).lines()) {
        let line = line?;
        if line == "Invalid command" {
            mix.invalid += 1;
        } else {
            mix.valid += 1;
            mix.checks += u64::from(line.ends_with(";yes;no"));
            if line.ends_with(";yes") {
                mix.end = Some(number);
            }
        }
    }
    if !child.wait()?.success() {
        bail!("duck replay failed on {}", log.display());
    }
    Ok(mix)
}

/// The node count `duck perft DEPTH` prints on its last line.
fn perft_nodes(binary: &Path, depth: u32) -> anyhow::Result<u64> {
    let output = Command::new(binary).args(["perft", &depth.to_string()]).output()?;
    if !output.status.success() {
        bail!("duck perft {depth} failed: {}", output.status);
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let last = text.lines().last().unwrap_or("");
    last.parse().with_context(|| format!("duck perft {depth} printed '{last}' last, not a count"))
}

/// Runs the benchmark, `settings.runs` timed runs per input.
///
/// # Errors
/// The build, the input generation or a run fails.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let runs = settings.runs;
    let binary = settings.binary("duck")?;
    let log = bench_dir().join(format!("duck-game-{COMMANDS}.in"));
    generate_log(&log, COMMANDS)?;
    let mix = answer_mix(&binary, &log)?;
    let end = mix.end.map_or_else(|| "does not end".to_string(), |n| format!("ends at command {n}"));
    println!("duck replay, release build, output to /dev/null, {runs} runs each");
    println!(
        "log: one game of {COMMANDS} commands, {} valid ({} checks), {} invalid; the game {end}",
        mix.valid, mix.checks, mix.invalid
    );
    let log_text = log.display().to_string();
    let timed = measure(&binary, &["replay", &log_text], runs)?;
    report("replay, one long game", COMMANDS, "cmds", Summary::of(&timed));

    println!("duck perft from the initial position, release build, one thread, {runs} runs each");
    for depth in [4, 5] {
        let nodes = perft_nodes(&binary, depth)?;
        let timed = measure(&binary, &["perft", &depth.to_string(), "--threads", "1"], runs)?;
        report(&format!("perft {depth}"), nodes, "nodes", Summary::of(&timed));
    }
    Ok(())
}
