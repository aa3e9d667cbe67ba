//! Every published xiangqi perft count, checked with the release binary.

use std::fs;
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, bail};
use xiangqi_rules::parse_perft_suite;

use crate::bench::build_release;
use crate::fixtures::workspace_root;

/// Runs `xiangqi perft` for every count up to `max_depth` and compares.
///
/// # Errors
/// A count differs, a suite file cannot be read, or the binary fails.
pub fn run(max_depth: u32) -> anyhow::Result<()> {
    let binary = build_release("xiangqi")?;
    let folder = workspace_root().join("crates/xiangqi-rules/tests/data/perft");
    let mut files: Vec<_> = fs::read_dir(&folder)
        .with_context(|| format!("cannot read {}", folder.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "perft"))
        .collect();
    files.sort();
    let (mut checked, mut failed) = (0, 0);
    let suite_start = Instant::now();
    for file in files {
        let text = fs::read_to_string(&file)?;
        let cases = parse_perft_suite(&text).with_context(|| file.display().to_string())?;
        for case in cases {
            println!("{}", case.fen);
            for &(depth, expected) in case.counts.iter().filter(|&&(depth, _)| depth <= max_depth) {
                let start = Instant::now();
                let output = Command::new(&binary)
                    .args(["perft", &depth.to_string(), "--fen", &case.fen])
                    .output()
                    .context("cannot run xiangqi perft")?;
                let seconds = start.elapsed().as_secs_f64();
                let stdout = String::from_utf8_lossy(&output.stdout);
                let got = stdout.lines().last().unwrap_or("").trim().to_string();
                let ok = output.status.success() && got == expected.to_string();
                println!(
                    "  depth {depth}: {expected:>13} {} {got:>13}  {seconds:8.3} s  {:7.1} M leaves/s",
                    if ok { "==" } else { "!=" },
                    expected as f64 / seconds / 1e6
                );
                checked += 1;
                if !ok {
                    failed += 1;
                }
            }
        }
    }
    println!("{checked} counts checked in {:.1} s, {failed} wrong", suite_start.elapsed().as_secs_f64());
    if failed > 0 {
        bail!("{failed} perft counts differ from the published ones");
    }
    Ok(())
}
