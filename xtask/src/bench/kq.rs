//! `kq judge` on every possible line, and on a file a hundred times larger.

use std::io::{self, Write};

use super::{Settings, Summary, bench_dir, measure, report, write_input};

/// Writes every line `king queen newqueen` of the task, `copies` times.
pub(super) fn all_lines(out: &mut dyn Write, copies: usize) -> io::Result<()> {
    for _ in 0..copies {
        for king in 0..64 {
            for queen in 0..64 {
                for new_queen in 0..64 {
                    writeln!(out, "{king} {queen} {new_queen}")?;
                }
            }
        }
    }
    Ok(())
}

/// Runs the benchmark, `settings.runs` timed runs per input.
///
/// # Errors
/// The build, the input generation or a run fails.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let runs = settings.runs;
    let binary = settings.binary("kq")?;
    println!("kq judge, release build, output to /dev/null, {runs} runs each");
    for (copies, label) in [(1, "all 262,144 lines"), (100, "all lines x 100 (26,214,400)")] {
        let path = bench_dir().join(format!("kq-all-x{copies}.in"));
        write_input(&path, |out| all_lines(out, copies))?;
        let path_text = path.display().to_string();
        let runs = measure(&binary, &["judge", &path_text], runs)?;
        report(label, 262_144 * copies as u64, "lines", Summary::of(&runs));
    }
    Ok(())
}
