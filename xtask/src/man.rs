//! Man pages for the tools, made from the clap definitions that `--help` shows.

use std::path::Path;

use anyhow::Context;
use clap::CommandFactory;

/// Writes `xiangqi.1`, `duck.1`, `kq.1` and a page for each of their
/// subcommands (`xiangqi-show.1`, ...) into `dir`, creating it if missing,
/// and returns the pages' file names, sorted.
///
/// # Errors
/// `dir` cannot be created or a page cannot be written.
pub fn generate(dir: &Path) -> anyhow::Result<Vec<String>> {
    std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create", dir.display()))?;
    for command in [cli::xiangqi::Xiangqi::command(), cli::duck::Duck::command(), cli::kq::Kq::command()] {
        clap_mangen::generate_to(command, dir)
            .with_context(|| format!("cannot write man pages into {}", dir.display()))?;
    }
    let mut pages: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".1"))
        .collect();
    pages.sort();
    Ok(pages)
}

/// `cargo xtask man`: writes the pages and says where.
///
/// # Errors
/// As [`generate`].
pub fn write_all(dir: &Path) -> anyhow::Result<()> {
    let pages = generate(dir)?;
    println!("{} man pages in {}: {}", pages.len(), dir.display(), pages.join(" "));
    println!("read one with `man {}`", dir.join("xiangqi.1").display());
    Ok(())
}
