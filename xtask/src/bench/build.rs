//! `cargo xtask bench build`: how long a user waits for `xiangqi-rules` with
//! each set of its features. Each feature set is built cold, in release
//! mode, as `cargo build --release -p xiangqi-rules` builds it for a user:
//! in a target folder of its own, emptied first, with the registry's sources
//! already on disk (`cargo fetch` first, untimed; the builds run `--offline`)
//! so that no download is timed.
//!
//! Processor time (user and system, of cargo and every compiler it ran) is
//! the steady figure; wall time depends on the cores and on what else the
//! machine is doing, so each build is printed with the load average before
//! it, and the feature sets take turns, round after round. Not run by CI:
//! it takes minutes.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{Context, bail};

use super::{Run, load_average};
use crate::fixtures::workspace_root;
use crate::launch::Launch;

/// The package built.
const PACKAGE: &str = "xiangqi-rules";

/// A set of features, as a user asks cargo for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSet {
    /// What the table calls it.
    pub label: &'static str,
    /// Its arguments to `cargo build`.
    pub args: &'static [&'static str],
}

/// Every feature set timed: the engine alone, each feature alone, the
/// default features, all of them.
pub const FEATURE_SETS: [FeatureSet; 9] = [
    FeatureSet { label: "engine alone", args: &["--no-default-features"] },
    FeatureSet { label: "records", args: &["--no-default-features", "--features", "records"] },
    FeatureSet { label: "gbk (and records)", args: &["--no-default-features", "--features", "gbk"] },
    FeatureSet { label: "tasks", args: &["--no-default-features", "--features", "tasks"] },
    FeatureSet { label: "solve", args: &["--no-default-features", "--features", "solve"] },
    FeatureSet { label: "random", args: &["--no-default-features", "--features", "random"] },
    FeatureSet { label: "serde", args: &["--no-default-features", "--features", "serde"] },
    FeatureSet { label: "default", args: &[] },
    FeatureSet { label: "all features", args: &["--all-features"] },
];

impl FeatureSet {
    /// The name of its target folder.
    #[must_use]
    pub fn folder(&self) -> String {
        self.label.split(' ').next().unwrap_or(self.label).to_string()
    }

    /// The whole command a user types.
    #[must_use]
    pub fn command(&self) -> String {
        let mut words = vec!["cargo build --release -p", PACKAGE];
        words.extend(self.args);
        words.join(" ")
    }
}

/// The workspace's cargo (the one running this xtask).
fn cargo_program() -> PathBuf {
    std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from)
}

/// The arguments of the timed build of `set`.
fn build_args(set: &FeatureSet, manifest: &Path) -> Vec<String> {
    let mut args: Vec<String> =
        ["build", "--release", "--locked", "--offline", "--quiet", "--package", PACKAGE]
            .map(String::from)
            .into();
    args.push("--manifest-path".into());
    args.push(manifest.display().to_string());
    args.extend(set.args.iter().map(ToString::to_string));
    args
}

/// The crates outside the workspace that `package` builds with the cargo
/// arguments `args` (its normal and build dependencies: what a user of the
/// library compiles), as `cargo tree` resolves them from `Cargo.lock`.
///
/// # Errors
/// `cargo tree` cannot run or fails.
pub fn dependencies(package: &str, args: &[&str]) -> anyhow::Result<Vec<String>> {
    let output = Command::new(cargo_program())
        .args([
            "tree",
            "--locked",
            "--offline",
            "--edges",
            "normal,build",
            "--prefix",
            "none",
            "--package",
            package,
        ])
        .arg("--manifest-path")
        .arg(workspace_root().join("Cargo.toml"))
        .args(args)
        .output()
        .context("cannot run cargo tree")?;
    if !output.status.success() {
        bail!("cargo tree failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    Ok(crates_of_tree(&String::from_utf8_lossy(&output.stdout)))
}

/// The names of the crates in `cargo tree --prefix none`'s output that are
/// not the workspace's (those have a path after their version).
#[must_use]
pub fn crates_of_tree(tree: &str) -> Vec<String> {
    let names: BTreeSet<&str> = tree
        .lines()
        .filter(|line| !line.contains(" (/"))
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    names.into_iter().map(String::from).collect()
}

/// One timed build.
struct Timed {
    run: Run,
    load: String,
}

/// Builds `set` cold in `folder` once, timed.
fn build_cold(set: &FeatureSet, manifest: &Path, folder: &Path) -> anyhow::Result<Timed> {
    if folder.exists() {
        fs::remove_dir_all(folder).with_context(|| format!("cannot empty {}", folder.display()))?;
    }
    fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let load = load_average();
    let finished = Launch::new(&cargo_program(), build_args(set, manifest))
        .env("CARGO_TARGET_DIR", folder)
        // A compiler cache would make the build warm.
        .env("RUSTC_WRAPPER", "")
        .env("CARGO_BUILD_RUSTC_WRAPPER", "")
        .stdout(Stdio::null())
        .run()?;
    if !finished.status.success() {
        bail!("{} failed: {}", set.command(), finished.status);
    }
    Ok(Timed { run: Run { wall: finished.wall, cpu: finished.cpu, peak_rss: finished.peak_rss }, load })
}

/// Some times as the table gives them: the one, or the fastest with the
/// range (`3.7 s (3.7-3.9)`).
fn seconds(mut times: Vec<Duration>) -> String {
    times.sort();
    match (times.first(), times.last()) {
        (Some(best), Some(worst)) if times.len() > 1 => {
            format!("{:.1} s ({:.1}-{:.1})", best.as_secs_f64(), best.as_secs_f64(), worst.as_secs_f64())
        }
        (Some(best), _) => format!("{:.1} s", best.as_secs_f64()),
        _ => "-".to_string(),
    }
}

/// Times `rounds` cold builds of every feature set, in target folders under
/// `scratch` (by default `target/bench/cold-build/`), and prints every build
/// and then the table.
///
/// # Errors
/// `cargo fetch`, `cargo tree` or a build fails.
pub fn run(rounds: usize, scratch: Option<&Path>) -> anyhow::Result<()> {
    let root = workspace_root();
    let manifest = root.join("Cargo.toml");
    let scratch = scratch.map_or_else(|| super::bench_dir().join("cold-build"), Path::to_path_buf);
    let fetched = Command::new(cargo_program())
        .args(["fetch", "--locked", "--manifest-path"])
        .arg(&manifest)
        .status()
        .context("cannot run cargo fetch")?;
    if !fetched.success() {
        bail!("cargo fetch failed: the builds need the registry's sources on disk");
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    println!(
        "cold release builds of {PACKAGE}: a fresh target folder under {} for each, sources already \
         fetched, {cores} cores, {rounds} round(s)",
        scratch.display()
    );
    let mut timed: Vec<Vec<Timed>> = FEATURE_SETS.iter().map(|_| Vec::new()).collect();
    for round in 1..=rounds {
        for (set, runs) in FEATURE_SETS.iter().zip(&mut timed) {
            let build = build_cold(set, &manifest, &scratch.join(set.folder()))?;
            println!(
                "round {round}  {:<18} cpu {:>7.1} s  wall {:>7.1} s  load average before: {}",
                set.label,
                build.run.cpu.as_secs_f64(),
                build.run.wall.as_secs_f64(),
                build.load
            );
            runs.push(build);
        }
    }
    println!();
    println!(
        "| features | command | processor time (user + sys) | wall time | load average before | dependencies beside board-geometry |"
    );
    println!("| --- | --- | ---: | ---: | --- | --- |");
    for (set, runs) in FEATURE_SETS.iter().zip(&timed) {
        let cpu = seconds(runs.iter().map(|build| build.run.cpu).collect());
        let wall = seconds(runs.iter().map(|build| build.run.wall).collect());
        let loads: Vec<&str> =
            runs.iter().map(|build| build.load.split(',').next().unwrap_or("?").trim()).collect();
        let dependencies = dependencies(PACKAGE, set.args)?;
        let dependencies = if dependencies.is_empty() { "none".to_string() } else { dependencies.join(", ") };
        println!(
            "| {} | `{}` | {cpu} | {wall} | {} | {dependencies} |",
            set.label,
            set.command(),
            loads.join(", ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_the_best_with_their_range() {
        let times = |seconds: &[f64]| seconds.iter().copied().map(Duration::from_secs_f64).collect();
        assert_eq!(seconds(times(&[3.94])), "3.9 s");
        assert_eq!(seconds(times(&[3.9, 3.7, 4.26])), "3.7 s (3.7-4.3)");
        assert_eq!(seconds(Vec::new()), "-");
    }

    #[test]
    fn the_tree_gives_the_crates_outside_the_workspace() {
        let tree = "xiangqi-rules v0.1.0 (/w/crates/xiangqi-rules)\nboard-geometry v0.1.0 (/w/crates/board-geometry)\n\
                    encoding_rs v0.8.35\ncfg-if v1.0.5\nserde v1.0.229\nserde_derive v1.0.229 (proc-macro)\n\
                    serde v1.0.229 (*)\n";
        assert_eq!(crates_of_tree(tree), ["cfg-if", "encoding_rs", "serde", "serde_derive"]);
    }

    #[test]
    fn each_set_has_its_own_folder_and_the_command_a_user_types() {
        let folders: BTreeSet<String> = FEATURE_SETS.iter().map(FeatureSet::folder).collect();
        assert_eq!(folders.len(), FEATURE_SETS.len());
        assert_eq!(FEATURE_SETS[0].command(), "cargo build --release -p xiangqi-rules --no-default-features");
        assert_eq!(FEATURE_SETS[7].command(), "cargo build --release -p xiangqi-rules");
    }

    #[test]
    fn every_feature_of_the_crate_is_timed_alone() {
        let manifest = fs::read_to_string(workspace_root().join("crates/xiangqi-rules/Cargo.toml")).unwrap();
        let features = manifest.split("[features]").nth(1).unwrap().split("\n[").next().unwrap();
        for line in features.lines().filter(|line| !line.starts_with('#') && line.contains(" = [")) {
            let name = line.split(" = ").next().unwrap().trim();
            if name == "default" {
                continue;
            }
            assert!(
                FEATURE_SETS.iter().any(|set| set.args == ["--no-default-features", "--features", name]),
                "the feature {name} is not timed alone"
            );
        }
    }
}
