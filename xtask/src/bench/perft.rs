//! `xiangqi perft 5` from the start position, release build: the count on
//! one thread and on every core (how far the threads speed it up), and every
//! leaf played and taken back on one thread (the speed a search would see).
//!
//! The machine may be shared, so wall times are noisy: the three commands
//! take turns, round after round, each run is printed with the load average
//! just before it and the processor time it took, and the fastest and the
//! median of each command are compared.

use std::num::NonZeroUsize;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, bail};

use super::{Run, Settings, load_average, measure};

/// The depth counted.
const DEPTH: u32 = 5;
/// Leaves of the depth-5 tree from the start position.
const LEAVES: u64 = 133_312_995;

/// One command of the benchmark.
struct Case {
    label: String,
    args: Vec<String>,
    runs: Vec<(Run, String)>,
}

impl Case {
    fn new(label: String, extra: &[&str]) -> Case {
        let args =
            ["perft".to_string(), DEPTH.to_string()].into_iter().chain(extra.iter().map(ToString::to_string));
        Case { label, args: args.collect(), runs: Vec::new() }
    }

    fn args(&self) -> Vec<&str> {
        self.args.iter().map(String::as_str).collect()
    }

    /// The fastest and the median wall time.
    fn best_and_median(&self) -> (Duration, Duration) {
        let mut walls: Vec<Duration> = self.runs.iter().map(|(run, _)| run.wall).collect();
        walls.sort();
        (walls.first().copied().unwrap_or_default(), walls.get(walls.len() / 2).copied().unwrap_or_default())
    }
}

/// Runs the count once, untimed, and checks that it prints the right number.
fn check_count(binary: &Path, args: &[&str]) -> anyhow::Result<()> {
    let output = Command::new(binary)
        .args(args)
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    let printed = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() || printed.trim() != LEAVES.to_string() {
        bail!("{} {} printed '{}', not {LEAVES}", binary.display(), args.join(" "), printed.trim());
    }
    Ok(())
}

fn rate(leaves: u64, time: Duration) -> f64 {
    leaves as f64 / time.as_secs_f64() / 1e6
}

/// Runs the benchmark: `settings.runs` rounds of the three commands.
///
/// # Errors
/// The build or a run fails, or a run prints a wrong count.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let binary = settings.binary("xiangqi")?;
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let all = cores.to_string();
    let mut cases = [
        Case::new("1 thread".to_string(), &["--threads", "1"]),
        Case::new(format!("{cores} threads (all cores)"), &["--threads", &all]),
        Case::new("every leaf, 1 thread".to_string(), &["--threads", "1", "--every-leaf"]),
    ];
    for case in &cases {
        check_count(&binary, &case.args())?;
    }
    println!(
        "xiangqi perft {DEPTH} from the start position: {LEAVES} leaves, release build, {cores} cores, {} rounds",
        settings.runs
    );
    for round in 1..=settings.runs {
        for case in &mut cases {
            let load = load_average();
            let Some(&run) = measure(&binary, &case.args(), 1)?.first() else { bail!("no run") };
            println!(
                "round {round}  {:<26} wall {:>7.3} s  cpu {:>7.3} s  {:>7.1} M leaves/s  load average before: {load}",
                case.label,
                run.wall.as_secs_f64(),
                run.cpu.as_secs_f64(),
                rate(LEAVES, run.wall),
            );
            case.runs.push((run, load));
        }
    }
    println!();
    println!(
        "{:<26} {:>5} {:>10} {:>10} {:>10} {:>10}",
        "", "depth", "best s", "median s", "best M/s", "median M/s"
    );
    for case in &cases {
        let (best, median) = case.best_and_median();
        println!(
            "{:<26} {DEPTH:>5} {:>10.3} {:>10.3} {:>10.1} {:>10.1}",
            case.label,
            best.as_secs_f64(),
            median.as_secs_f64(),
            rate(LEAVES, best),
            rate(LEAVES, median),
        );
    }
    let (one_best, one_median) = cases[0].best_and_median();
    let (all_best, all_median) = cases[1].best_and_median();
    println!(
        "scaling, {cores} threads against 1: {:.2}x (best), {:.2}x (median)",
        one_best.as_secs_f64() / all_best.as_secs_f64(),
        one_median.as_secs_f64() / all_median.as_secs_f64(),
    );
    let cpu_per_wall: Vec<String> = cases[1]
        .runs
        .iter()
        .map(|(run, _)| format!("{:.2}", run.cpu.as_secs_f64() / run.wall.as_secs_f64()))
        .collect();
    println!(
        "cores kept busy by the {cores}-thread runs (processor time / wall time): {}; below {cores} means the \
         machine was busy with other work",
        cpu_per_wall.join(", ")
    );
    Ok(())
}
