//! `gen` on the release binaries: how many cases a second the generators
//! write (standard output thrown away). The issue asks for a million
//! checkmate cases a second.

use super::{Settings, Summary, measure, report};

/// Runs the benchmark, `settings.runs` timed runs per command.
///
/// # Errors
/// The build or a run fails.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let runs = settings.runs;
    let xiangqi = settings.binary("xiangqi")?;
    let kq = settings.binary("kq")?;
    println!("gen, release build, output to /dev/null, {runs} runs each");
    for count in [1_000_000u64, 10_000_000] {
        let count_text = count.to_string();
        let measured = measure(&xiangqi, &["gen", "checkmate", "--count", &count_text, "--seed", "1"], runs)?;
        report(&format!("xiangqi gen checkmate {count}"), count, "cases", Summary::of(&measured));
    }
    let boards = 1_000_000u64;
    let measured = measure(&xiangqi, &["gen", "horse", "--count", &boards.to_string(), "--seed", "1"], runs)?;
    report(&format!("xiangqi gen horse {boards}"), boards, "boards", Summary::of(&measured));
    let lines = 10_000_000u64;
    let measured = measure(&kq, &["gen", "--count", &lines.to_string(), "--seed", "1"], runs)?;
    report(&format!("kq gen {lines}"), lines, "lines", Summary::of(&measured));
    Ok(())
}
