//! `xiangqi selfplay` on the release binary: random games with their
//! history, every ply ruled on (mate, repetition, the move limit, material),
//! as a game server or a self-play loop runs them. The issue asks for a
//! million plies a second on games of a thousand plies.

use std::process::Command;

use anyhow::{Context, bail};

use super::{Settings, Summary, measure, report};

/// The plies `xiangqi selfplay ARGS` plays, from its first line.
fn plies_played(binary: &std::path::Path, args: &[&str]) -> anyhow::Result<(u64, String)> {
    let output = Command::new(binary)
        .args(args)
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    if !output.status.success() {
        bail!("xiangqi {} failed: {}", args.join(" "), output.status);
    }
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let plies = text
        .lines()
        .next()
        .and_then(|line| line.rsplit(": ").next())
        .and_then(|tail| tail.trim_end_matches(" plies").parse().ok())
        .with_context(|| format!("no count of plies in: {text}"))?;
    Ok((plies, text))
}

/// Runs the benchmark, `settings.runs` timed runs per command.
///
/// # Errors
/// The build or a run fails.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let xiangqi = settings.binary("xiangqi")?;
    println!("xiangqi selfplay, release build, {} runs each", settings.runs);
    for (label, args) in [
        ("selfplay 10000 games, asian rules", &["selfplay", "--games", "10000", "--seed", "1"][..]),
        // Games of up to a thousand plies: with no rule but mate most run
        // the whole thousand, the history kept all the way.
        (
            "selfplay 1000 x <=1000 plies, none",
            &["selfplay", "--games", "1000", "--seed", "1", "--rules", "none", "--max-plies", "1000"][..],
        ),
    ] {
        let (plies, text) = plies_played(&xiangqi, args)?;
        let measured = measure(&xiangqi, args, settings.runs)?;
        report(label, plies, "plies", Summary::of(&measured));
        if args.contains(&"10000") {
            print!("{text}");
        }
    }
    Ok(())
}
