//! `xiangqi perft 5` from the start position, one thread, release build.

use super::{Settings, Summary, measure};

/// Leaves of the depth-5 tree from the start position.
const LEAVES: u64 = 133_312_995;

/// Runs the benchmark, `settings.runs` timed runs.
///
/// # Errors
/// The build or a run fails.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let runs = settings.runs;
    let binary = settings.binary("xiangqi")?;
    let summary = Summary::of(&measure(&binary, &["perft", "5"], runs)?);
    println!("xiangqi perft 5 from the start position, release build, one thread, {runs} runs");
    println!(
        "{LEAVES} leaves: best {:.3} s, median {:.3} s: {:.1} M leaves/s (best), {:.1} M leaves/s (median)",
        summary.best.as_secs_f64(),
        summary.median.as_secs_f64(),
        LEAVES as f64 / summary.best.as_secs_f64() / 1e6,
        LEAVES as f64 / summary.median.as_secs_f64() / 1e6,
    );
    Ok(())
}
