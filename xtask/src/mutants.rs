//! `cargo xtask mutants`: cargo-mutants on the library crates with the
//! workspace's settings, and one table of what the tests caught.
//!
//! The settings are in `.cargo/mutants.toml` (the `mutants` build profile,
//! timeouts suited to the exhaustive tests, and the equivalent mutants, each
//! with its reason); this task adds the crates to run, one output folder per
//! crate under `target/mutants/`, and the table.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde::Deserialize;

use crate::cargo;
use crate::fixtures::workspace_root;

/// The crates whose behaviour the tests must pin.
pub const LIBRARY_CRATES: [&str; 4] = ["board-geometry", "xiangqi-rules", "duck-rules", "kq-rules"];

/// What to run.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The crates to mutate (all of [`LIBRARY_CRATES`] when empty).
    pub crates: Vec<String>,
    /// Only mutate files matching these globs (cargo-mutants' `--file`).
    pub files: Vec<String>,
    /// Leave out the files matching these globs (cargo-mutants' `--exclude`).
    pub excluded: Vec<String>,
    /// Run every crate's tests against each mutant, not only its own: for
    /// code exercised mostly through the crates built on it.
    pub workspace_tests: bool,
    /// Build and test this many mutants at once.
    pub jobs: usize,
    /// Skip the mutants an earlier run in the same folder caught.
    pub iterate: bool,
}

/// The totals cargo-mutants writes in `mutants.out/outcomes.json`.
#[derive(Debug, Deserialize)]
struct Outcomes {
    total_mutants: u64,
    missed: u64,
    caught: u64,
    timeout: u64,
    unviable: u64,
    outcomes: Vec<Outcome>,
}

#[derive(Debug, Deserialize)]
struct Outcome {
    scenario: Scenario,
    summary: String,
}

#[derive(Debug, Deserialize)]
enum Scenario {
    Baseline,
    Mutant(Mutant),
}

#[derive(Debug, Deserialize)]
struct Mutant {
    name: String,
}

/// One line of the table.
struct Row {
    run: String,
    outcomes: Outcomes,
    took: Duration,
}

/// Where the run of `name` keeps its `mutants.out`.
fn output_dir(name: &str) -> PathBuf {
    workspace_root().join("target").join("mutants").join(name)
}

/// Runs cargo-mutants on one crate and reads its outcomes.
fn run_crate(name: &str, request: &Request) -> anyhow::Result<Row> {
    let out = output_dir(name);
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut command = cargo();
    command
        .args(["mutants", "--package", name, "--jobs", &request.jobs.max(1).to_string(), "--output"])
        .arg(&out);
    for file in &request.files {
        command.args(["--file", file]);
    }
    for file in &request.excluded {
        command.args(["--exclude", file]);
    }
    if request.workspace_tests {
        command.args(["--test-workspace", "true"]);
    }
    if request.iterate {
        command.arg("--iterate");
    }
    let start = Instant::now();
    // cargo-mutants exits non-zero when a mutant is missed: the table says so.
    let status = command.status().context("cannot run cargo mutants")?;
    let took = start.elapsed();
    let outcomes = read_outcomes(&out.join("mutants.out").join("outcomes.json"))
        .with_context(|| format!("cargo mutants on {name} ended ({status}) without its outcomes"))?;
    let mut run = format!("{name}, whole crate");
    if !request.files.is_empty() {
        run = format!("{name} {}", request.files.join(" "));
    }
    if !request.excluded.is_empty() {
        run = format!("{run} without {}", request.excluded.join(" "));
    }
    if request.workspace_tests {
        run.push_str(", every crate's tests");
    }
    Ok(Row { run, outcomes, took })
}

fn read_outcomes(path: &Path) -> anyhow::Result<Outcomes> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not cargo-mutants' outcomes", path.display()))
}

/// `caught / (caught + missed)`: timeouts and unviable mutants are neither.
fn score(outcomes: &Outcomes) -> String {
    let judged = outcomes.caught + outcomes.missed;
    if judged == 0 { "-".into() } else { format!("{:.1} %", 100.0 * outcomes.caught as f64 / judged as f64) }
}

fn print_table(rows: &[Row]) {
    println!();
    println!("| run | mutants | caught | timeout | missed | unviable | score | time |");
    println!("|---|---|---|---|---|---|---|---|");
    for row in rows {
        let o = &row.outcomes;
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} min |",
            row.run,
            o.total_mutants,
            o.caught,
            o.timeout,
            o.missed,
            o.unviable,
            score(o),
            (row.took.as_secs_f64() / 60.0).round()
        );
    }
    for row in rows {
        let missed: Vec<&str> = row
            .outcomes
            .outcomes
            .iter()
            .filter(|outcome| outcome.summary == "MissedMutant")
            .filter_map(|outcome| match &outcome.scenario {
                Scenario::Mutant(mutant) => Some(mutant.name.as_str()),
                Scenario::Baseline => None,
            })
            .collect();
        if !missed.is_empty() {
            println!("\nmissed in {}:", row.run);
            for name in missed {
                println!("  {name}");
            }
        }
    }
}

/// Runs the request and prints the table.
///
/// # Errors
/// cargo-mutants is not installed or fails to run, or a mutant is missed.
pub fn run(request: &Request) -> anyhow::Result<()> {
    let installed = Command::new("cargo").args(["mutants", "--version"]).output();
    if !installed.is_ok_and(|output| output.status.success()) {
        bail!("cargo-mutants is not installed: cargo install cargo-mutants --locked");
    }
    let crates: Vec<String> = if request.crates.is_empty() {
        LIBRARY_CRATES.iter().map(ToString::to_string).collect()
    } else {
        request.crates.clone()
    };
    for name in &crates {
        if !LIBRARY_CRATES.contains(&name.as_str()) {
            bail!("{name} is not a library crate: choose from {}", LIBRARY_CRATES.join(", "));
        }
    }
    let mut rows = Vec::new();
    for name in &crates {
        eprintln!("xtask mutants: {name}");
        rows.push(run_crate(name, request)?);
    }
    print_table(&rows);
    let missed: u64 = rows.iter().map(|row| row.outcomes.missed).sum();
    if missed > 0 {
        bail!(
            "{missed} mutants missed: add a test that pins the behaviour, or mark the mutant equivalent in .cargo/mutants.toml with its reason"
        );
    }
    Ok(())
}
