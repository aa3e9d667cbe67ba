//! `cargo xtask hostile`: the release binaries against input no judge format
//! allows, under a 1 GB address-space limit, each expected to stop quickly
//! with exit code 1, a one-line message, and little memory.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use crate::bench::{bench_dir, build_release};
use crate::launch::{INEXACT_PEAKS, Launch, exact_peaks};
use anyhow::{Context, bail};

/// The most memory a judge may use on any input, in MB: the figure the
/// README gives (a test keeps the two alike). The judges peak at 3 to 4.5 MB.
pub const PEAK_LIMIT_MB: f64 = 8.0;
/// How long a run may take.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// Writes `size` bytes of `byte`, with `tail` after them, to `path` (once).
fn write_file(path: &Path, byte: u8, size: usize, tail: &[u8]) -> anyhow::Result<()> {
    if path.exists() {
        return Ok(());
    }
    let mut file =
        BufWriter::new(File::create(path).with_context(|| format!("cannot create {}", path.display()))?);
    let block = vec![byte; 1 << 20];
    for _ in 0..size >> 20 {
        file.write_all(&block)?;
    }
    file.write_all(tail)?;
    file.flush()?;
    Ok(())
}

/// Runs the checks.
///
/// # Errors
/// A binary cannot be built or run, or a run breaks the contract.
pub fn run() -> anyhow::Result<()> {
    let dir = bench_dir();
    std::fs::create_dir_all(&dir)?;
    let digits = dir.join("hostile-100mb-line.in");
    write_file(&digits, b'7', 100 << 20, b"\n")?;
    let spaces = dir.join("hostile-100mb-spaces.in");
    write_file(&spaces, b' ', 100 << 20, b"\n")?;
    let inputs: [(&str, &Path); 3] =
        [("/dev/zero", Path::new("/dev/zero")), ("a 100 MB line", &digits), ("100 MB of spaces", &spaces)];
    // The tool, its arguments, and the most memory it may use: the judges
    // and position files a few MB; `game` reads a record file whole, up to
    // its documented 64 MiB.
    let runs: [(&str, &[&str], f64); 7] = [
        ("xiangqi", &["checkmate"], PEAK_LIMIT_MB),
        ("xiangqi", &["horse"], PEAK_LIMIT_MB),
        ("duck", &["replay"], PEAK_LIMIT_MB),
        ("kq", &["judge"], PEAK_LIMIT_MB),
        ("duck", &["show", "--position-file"], PEAK_LIMIT_MB),
        ("xiangqi", &["show", "--fen-file"], PEAK_LIMIT_MB),
        ("xiangqi", &["game"], 80.0),
    ];
    let mut failures = 0;
    println!("{:<34} {:<17} {:>4} {:>8} {:>9}  message", "command", "input", "exit", "time", "peak");
    for (tool, args, memory_limit) in runs {
        let binary = build_release(tool)?;
        for (label, path) in inputs {
            let command_line = format!("{tool} {} {}", args.join(" "), path.display());
            let (finished, stderr) =
                Launch::new(&binary, args.iter().map(OsStr::new).chain([path.as_os_str()]))
                    .address_space_kb(1_000_000)
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .run_with(|child| {
                        // Standard error is read on a thread of its own, so that a
                        // run writing more than a pipe holds cannot stall the wait.
                        child.stderr.take().map(|mut pipe| {
                            std::thread::spawn(move || {
                                let mut kept = Vec::new();
                                let _ = (&mut pipe).take(1 << 16).read_to_end(&mut kept);
                                let _ = std::io::copy(&mut pipe, &mut std::io::sink());
                                kept
                            })
                        })
                    })
                    .with_context(|| format!("cannot run {command_line}"))?;
            let elapsed = finished.wall;
            let peak = finished.peak_rss as f64 / (1024.0 * 1024.0);
            let code = finished.status.code();
            let stderr = stderr.and_then(|reader| reader.join().ok()).unwrap_or_default();
            let stderr = String::from_utf8_lossy(&stderr).into_owned();
            let lines = stderr.lines().count();
            let one_line = stderr.lines().next().unwrap_or("").chars().take(60).collect::<String>();
            // Every run is an error, whitespace alone too: no judge accepts an
            // input with no case.
            let expected = (Some(1), 1);
            let ok = (code, lines) == expected && peak < memory_limit && elapsed < TIME_LIMIT;
            if !ok {
                failures += 1;
            }
            println!(
                "{:<34} {:<17} {:>4} {:>6.2} s {:>6.1} MB  {}{}",
                format!("{tool} {}", args.join(" ")),
                label,
                code.map_or_else(|| "sig".to_string(), |c| c.to_string()),
                elapsed.as_secs_f64(),
                peak,
                one_line,
                if ok { "" } else { "   <- FAILS THE CONTRACT" }
            );
        }
    }
    if failures > 0 {
        bail!("{failures} {} the contract", if failures == 1 { "run broke" } else { "runs broke" });
    }
    if !exact_peaks() {
        println!("{INEXACT_PEAKS}");
    }
    println!(
        "every run stopped as it should, the judges under {PEAK_LIMIT_MB} MB, all within {} s",
        TIME_LIMIT.as_secs()
    );
    Ok(())
}
