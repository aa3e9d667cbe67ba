//! The C++ baselines of `xtask/baselines/`, built with the system compiler.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use super::bench_dir;
use crate::fixtures::workspace_root;

/// The compilers tried, in order.
const COMPILERS: [&str; 3] = ["c++", "g++", "clang++"];

/// Why a baseline is missing, for the note under the table.
pub const NO_COMPILER: &str =
    "baselines skipped: no C++ compiler (c++, g++ or clang++) on PATH; apt-get install g++ to compare";

/// The first C++ compiler on `PATH`, if any.
#[must_use]
pub fn compiler() -> Option<&'static str> {
    COMPILERS
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok_and(|output| output.status.success()))
}

/// Builds `xtask/baselines/NAME.cpp` with `compiler -O2` into
/// `target/bench/baselines/NAME`, unless it is already built from the same
/// source, and returns the binary.
///
/// # Errors
/// The source is missing or does not compile.
pub fn build(compiler: &str, name: &str) -> anyhow::Result<PathBuf> {
    let source = workspace_root().join("xtask").join("baselines").join(format!("{name}.cpp"));
    let out_dir = bench_dir().join("baselines");
    std::fs::create_dir_all(&out_dir)?;
    let binary = out_dir.join(name);
    if is_newer(&binary, &source) {
        return Ok(binary);
    }
    let status = Command::new(compiler)
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .with_context(|| format!("cannot run {compiler}"))?;
    if !status.success() {
        bail!("{compiler} -O2 {} failed: {status}", source.display());
    }
    Ok(binary)
}

/// Whether `built` exists and was written after `source`.
fn is_newer(built: &Path, source: &Path) -> bool {
    let modified = |path: &Path| std::fs::metadata(path).and_then(|meta| meta.modified()).ok();
    matches!((modified(built), modified(source)), (Some(built), Some(source)) if built > source)
}
