//! Fixture files: `fixtures/<tool>/<subcommand>/NAME.in`, run through the
//! tools exactly as the binaries run them. Game records are fixtures as they
//! are: `NAME.pgn`, `NAME.xqf`, `NAME.cbr`, `NAME.cbl`, `NAME.cbf`,
//! `NAME.html` (a web page of DhtmlXQ games) and `NAME.zip` (no record) are
//! run like `NAME.in` (so one name must not have two of them). Folders
//! below a subcommand's folder are inputs that fixtures name in their
//! arguments (`xiangqi game DIR`), not fixtures.
//!
//! Beside its input a fixture may have:
//! - `NAME.args`: extra arguments, whitespace-separated, put before the input path
//!   (`--explain`, `--legal`, ...). Arguments holding a lone `--` get no
//!   input path, for commands that read no input; the `.in` file of such a
//!   fixture is empty. A `--` that ends them is dropped (`gen ... --`); one
//!   inside them stays, for `stress ... -- PROGRAM ARGS`, whose program must
//!   be on any machine (`cat`, `true`, `false`, or `sh` running a script
//!   committed beside the fixture, named from the workspace root);
//! - `NAME.expected`: the exact standard output, typed from a task statement.
//!   It is compared byte for byte, so it can never be accepted from the program.
//!
//! Snapshots (`NAME.snap`, committed beside the input) hold the command, the
//! exit code, standard output and standard error; tabs and carriage returns
//! in them are drawn as `\u{2409}` and `\u{240d}`, since insta compares
//! snapshots with their line ends normalised. The one figure that
//! changes from run to run, the time a `stress` run took (`in 0.1 s;` in its
//! summary), is snapshotted as `in [elapsed] s;`.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use cli::{Streams, run_tool};

/// What one fixture produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureRun {
    /// The command line, as a user would type it from the workspace root.
    pub command: String,
    /// The exit code.
    pub exit_code: u8,
    /// Standard output, exactly.
    pub stdout: Vec<u8>,
    /// Standard error, exactly.
    pub stderr: Vec<u8>,
}

impl FixtureRun {
    /// The snapshot text: command, exit code, standard output (with a note on
    /// its final newline, which snapshots would otherwise hide) and standard error.
    #[must_use]
    pub fn snapshot(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "$ {}", self.command);
        let _ = writeln!(text, "exit code: {}", self.exit_code);
        for (name, bytes) in [("stdout", &self.stdout), ("stderr", &self.stderr)] {
            let body = String::from_utf8_lossy(bytes);
            let ending = match (body.is_empty(), body.ends_with('\n')) {
                (true, _) => "empty",
                (false, true) => "ends with a newline",
                (false, false) => "NO final newline",
            };
            let lines = body.lines().count();
            let plural = if lines == 1 { "" } else { "s" };
            // Snapshots compare text with its line ends normalised: tabs and
            // carriage returns (of `--layout varied`, say) are drawn as
            // their control pictures, so that they show and count.
            let pictured = body.contains(['\t', '\r']);
            let shown = if pictured {
                body.replace('\t', "\u{2409}").replace('\r', "\u{240d}")
            } else {
                body.to_string()
            };
            let pictures = if pictured { ", tabs shown as \u{2409}, CRs as \u{240d}" } else { "" };
            let _ = writeln!(text, "--- {name} ({lines} line{plural}, {ending}{pictures}) ---");
            text.push_str(&shown);
            if !body.is_empty() && !body.ends_with('\n') {
                text.push('\n');
            }
        }
        text
    }
}

/// The tool and subcommand a fixture belongs to, from its folder:
/// `fixtures/<tool>/<subcommand>/NAME.in`.
///
/// # Errors
/// If the path is not laid out that way.
pub fn tool_and_subcommand(relative: &Path) -> Result<(String, String), String> {
    let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    match parts.as_slice() {
        [root, tool, subcommand, _file] if root == "fixtures" => Ok((tool.clone(), subcommand.clone())),
        _ => Err(format!("{}: expected fixtures/<tool>/<subcommand>/NAME.in", relative.display())),
    }
}

/// Runs the fixture at `relative` (a path under the workspace root, which must
/// be the current directory, so that messages name the file as users see it).
///
/// # Errors
/// If the path is not a fixture path, its `.args` file cannot be read, or the
/// tool does not exist.
pub fn run_fixture(relative: &Path) -> Result<FixtureRun, String> {
    let (tool, subcommand) = tool_and_subcommand(relative)?;
    let args_file = relative.with_extension("args");
    let extra = if args_file.exists() {
        fs::read_to_string(&args_file).map_err(|e| format!("{}: {e}", args_file.display()))?
    } else {
        String::new()
    };
    let mut args: Vec<String> = vec![tool.clone(), subcommand];
    let mut words: Vec<String> = extra.split_whitespace().map(str::to_string).collect();
    let reads_input = !words.iter().any(|word| word == "--");
    if words.last().is_some_and(|last| last == "--") {
        words.pop();
    }
    args.extend(words);
    if reads_input {
        args.push(relative.display().to_string());
    }

    let mut stdin: &[u8] = &[];
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let exit_code = run_tool(&tool, &args, &mut streams).ok_or_else(|| format!("no tool named '{tool}'"))?;
    if args.get(1).is_some_and(|subcommand| subcommand == "stress") {
        stdout = redact_elapsed(&String::from_utf8_lossy(&stdout)).into_bytes();
    }
    Ok(FixtureRun { command: args.join(" "), exit_code, stdout, stderr })
}

/// `text` with each elapsed time `in 0.1 s;` written `in [elapsed] s;`.
#[must_use]
pub fn redact_elapsed(text: &str) -> String {
    let mut redacted = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(" in ") {
        let (before, after) = rest.split_at(start + " in ".len());
        let digits = after.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(after.len());
        let number = &after[..digits];
        if after[digits..].starts_with(" s;") && number.parse::<f64>().is_ok() {
            redacted.push_str(before);
            redacted.push_str("[elapsed]");
            rest = &after[digits..];
        } else {
            // Keep the last space: it may start the next ` in `.
            let (kept, next) = rest.split_at(start + 1);
            redacted.push_str(kept);
            rest = next;
        }
    }
    redacted.push_str(rest);
    redacted
}

/// The file in which the fixture test lists the fixtures it checked, one
/// path a line, for `cargo xtask test-fixtures` to sum up.
#[must_use]
pub fn checked_list() -> PathBuf {
    workspace_root().join("target").join("test-fixtures-checked.txt")
}

/// What `cargo xtask test-fixtures` says after a run: how many snapshots
/// were checked, and in which folders, with how many in each:
/// `checked 3 snapshots in 2 folders: fixtures/kq/judge (2), fixtures/duck/replay (1)`.
#[must_use]
pub fn checked_summary(paths: &[String]) -> String {
    let mut folders: Vec<(String, usize)> = Vec::new();
    for path in paths {
        let folder = Path::new(path).parent().map_or_else(String::new, |f| f.display().to_string());
        match folders.iter_mut().find(|(seen, _)| *seen == folder) {
            Some((_, count)) => *count += 1,
            None => folders.push((folder, 1)),
        }
    }
    folders.sort();
    let plural =
        |count: usize, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
    let listed: Vec<String> = folders.iter().map(|(folder, count)| format!("{folder} ({count})")).collect();
    match paths.len() {
        0 => "checked no snapshot: no fixture matches".to_string(),
        count => format!(
            "checked {} in {}: {}",
            plural(count, "snapshot", "snapshots"),
            plural(folders.len(), "folder", "folders"),
            listed.join(", ")
        ),
    }
}

/// The workspace root: the parent of the xtask package.
///
/// `cargo run` (which `cargo xtask` is) names the package's folder at run
/// time, and that name wins over the one compiled in: two clones that share a
/// target folder share one xtask binary, and cargo does not rebuild it for the
/// other clone, so the compiled-in folder can be the other clone's.
#[must_use]
pub fn workspace_root() -> PathBuf {
    let package = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    package.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_snapshots_by_folder() {
        let paths = ["fixtures/kq/judge/a.in", "fixtures/duck/replay/b.in", "fixtures/kq/judge/c.in"];
        let paths: Vec<String> = paths.iter().map(|path| (*path).to_string()).collect();
        assert_eq!(
            checked_summary(&paths),
            "checked 3 snapshots in 2 folders: fixtures/duck/replay (1), fixtures/kq/judge (2)"
        );
        assert_eq!(checked_summary(&paths[..1]), "checked 1 snapshot in 1 folder: fixtures/kq/judge (1)");
        assert_eq!(checked_summary(&[]), "checked no snapshot: no fixture matches");
    }

    #[test]
    fn only_elapsed_times_are_redacted() {
        assert_eq!(
            redact_elapsed("(seed 1; 3 runs of cat in 0.1 s; answers: Stop: 3)\n"),
            "(seed 1; 3 runs of cat in [elapsed] s; answers: Stop: 3)\n"
        );
        let report = "Shrunk from 5 red pieces to 2 in 31 runs of the program.\nwithin 1 s and was killed.\n";
        assert_eq!(redact_elapsed(report), report);
        assert_eq!(redact_elapsed("in 12.5 s; in in 3 s; in x s;"), "in 12.5 s; in in [elapsed] s; in x s;");
    }
}
