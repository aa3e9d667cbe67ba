//! What the README shows, made by the tools themselves: the SVG pictures
//! under `docs/` and the output of every `$ ` command in the README's
//! `console` blocks. `cargo xtask docs` regenerates both; the test
//! `tests/docs.rs` checks that they are current.

use std::fs;
use std::path::PathBuf;

use anyhow::{Context, bail, ensure};
use cli::{Streams, run_tool};

use crate::fixtures::workspace_root;

/// A picture under `docs/` and the command that makes it.
#[derive(Copy, Clone, Debug)]
pub struct Picture {
    /// The file name under `docs/`.
    pub name: &'static str,
    /// The command line (tool first), as in the README.
    pub command: &'static [&'static str],
    /// For a command that writes pictures into a folder (`--svg DIR`): the
    /// file it writes there; `DIR` in the command stands for that folder.
    pub written: Option<&'static str>,
}

/// Every picture under `docs/`.
pub const PICTURES: [Picture; 5] = [
    Picture { name: "xiangqi-start.svg", command: &["xiangqi", "show", "--svg"], written: None },
    Picture {
        name: "xiangqi-central-cannon-black-view.svg",
        command: &["xiangqi", "show", "--svg", "--move", "炮二平五", "--flip"],
        written: None,
    },
    Picture {
        name: "checkmate-sample-case-1.svg",
        command: &[
            "xiangqi",
            "checkmate",
            "--explain",
            "--svg",
            "DIR",
            "fixtures/xiangqi/checkmate/sample.in",
        ],
        written: Some("case-1.svg"),
    },
    Picture {
        name: "horse-sample.svg",
        command: &["xiangqi", "horse", "--explain", "--svg", "DIR", "fixtures/xiangqi/horse/sample.in"],
        written: Some("board-1.svg"),
    },
    Picture { name: "duck-initial.svg", command: &["duck", "show", "--svg"], written: None },
];

/// Runs a tool in memory from the workspace root: (exit code, standard output, standard error).
fn run(args: &[String], stdin: &[u8]) -> anyhow::Result<(u8, Vec<u8>, Vec<u8>)> {
    let root = workspace_root();
    std::env::set_current_dir(&root).with_context(|| format!("{}: cannot go there", root.display()))?;
    let mut stdin = stdin;
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let tool = args.first().context("an empty command")?;
    let code = run_tool(tool, args, &mut streams).with_context(|| format!("no tool named {tool}"))?;
    Ok((code, stdout, stderr))
}

impl Picture {
    /// The picture as the tools make it now.
    ///
    /// # Errors
    /// The command fails.
    pub fn make(&self) -> anyhow::Result<String> {
        let dir = workspace_root().join("target").join("docs").join(self.name);
        let args: Vec<String> = self
            .command
            .iter()
            .map(|&arg| if arg == "DIR" { dir.display().to_string() } else { arg.to_string() })
            .collect();
        let (code, stdout, stderr) = run(&args, b"")?;
        ensure!(
            code == 0,
            "{}: exit code {code}: {}",
            self.command.join(" "),
            String::from_utf8_lossy(&stderr)
        );
        match self.written {
            None => Ok(String::from_utf8(stdout)?),
            Some(file) => {
                let path = dir.join(file);
                fs::read_to_string(&path).with_context(|| format!("{}: not written", path.display()))
            }
        }
    }

    /// Where the picture is kept.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        workspace_root().join("docs").join(self.name)
    }
}

/// Every `docs/*.svg`, sorted.
///
/// # Errors
/// `docs/` cannot be read.
pub fn svg_files() -> anyhow::Result<Vec<PathBuf>> {
    let dir = workspace_root().join("docs");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .with_context(|| format!("{}: cannot read", dir.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "svg"))
        .collect();
    files.sort();
    Ok(files)
}

/// One `$ ` command of a README `console` block and the output shown under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The line the command is on (from 1).
    pub line: usize,
    /// The command as written, without the `$ `.
    pub command: String,
    /// The output shown, each line ending with a newline.
    pub shown: String,
}

/// Splits a command line as a POSIX shell would for the forms the README
/// uses: words separated by spaces, single-quoted words, and an optional
/// `printf 'TEXT' | ` before the tool, whose TEXT (with `\n` for a line end)
/// is standard input. Returns the words and the input.
///
/// # Errors
/// An unclosed quote, or a pipe from anything but `printf`.
pub fn split_command(command: &str) -> anyhow::Result<(Vec<String>, Vec<u8>)> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    ensure!(!quoted, "an unclosed quote in `{command}`");
    if started {
        words.push(word);
    }
    match words.iter().position(|word| word == "|") {
        None => Ok((words, Vec::new())),
        Some(2) if words[0] == "printf" => {
            let input = words[1].replace("\\n", "\n").into_bytes();
            Ok((words[3..].to_vec(), input))
        }
        Some(_) => bail!("`{command}`: only `printf 'TEXT' | TOOL ...` may pipe"),
    }
}

/// The examples of the README's `console` blocks.
///
/// # Errors
/// A block is not closed.
pub fn examples(readme: &str) -> anyhow::Result<Vec<Example>> {
    let mut examples: Vec<Example> = Vec::new();
    let mut inside = false;
    for (index, line) in readme.lines().enumerate() {
        if !inside {
            inside = line == "```console";
            continue;
        }
        if line.starts_with("```") {
            inside = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example { line: index + 1, command: command.to_string(), shown: String::new() });
        } else if let Some(example) = examples.last_mut() {
            example.shown.push_str(line);
            example.shown.push('\n');
        }
    }
    ensure!(!inside, "a ```console block is not closed");
    Ok(examples)
}

/// What an example's command writes now.
///
/// # Errors
/// The command cannot be run or does not succeed.
pub fn output(example: &Example) -> anyhow::Result<String> {
    let (args, input) = split_command(&example.command)?;
    let (code, stdout, stderr) = run(&args, &input)?;
    ensure!(
        code == 0,
        "README.md:{}: `{}` exits with {code}: {}",
        example.line,
        example.command,
        String::from_utf8_lossy(&stderr)
    );
    Ok(String::from_utf8(stdout)?)
}

/// The README with every example's output replaced by what its command writes now.
///
/// # Errors
/// An example cannot be run.
pub fn current_readme(readme: &str) -> anyhow::Result<String> {
    let mut text = String::new();
    let mut inside = false;
    let mut skipping = false;
    let examples = examples(readme)?;
    let mut next = examples.iter();
    for line in readme.lines() {
        if !inside {
            inside = line == "```console";
        } else if line.starts_with("```") {
            inside = false;
            skipping = false;
        } else if line.starts_with("$ ") {
            let example = next.next().context("the examples changed while reading")?;
            text.push_str(line);
            text.push('\n');
            text.push_str(&output(example)?);
            skipping = true;
            continue;
        }
        if !skipping || !inside {
            text.push_str(line);
            text.push('\n');
        }
    }
    Ok(text)
}

/// `cargo xtask docs`: writes every picture and the README's example outputs.
///
/// # Errors
/// A command fails or a file cannot be written.
pub fn regenerate() -> anyhow::Result<()> {
    let docs = workspace_root().join("docs");
    fs::create_dir_all(&docs)?;
    for picture in PICTURES {
        fs::write(picture.path(), picture.make()?)?;
        println!("docs/{}: {}", picture.name, picture.command.join(" "));
    }
    let path = workspace_root().join("README.md");
    let readme = fs::read_to_string(&path)?;
    let current = current_readme(&readme)?;
    if current != readme {
        fs::write(&path, current)?;
        println!("README.md: example outputs updated");
    } else {
        println!("README.md: example outputs were current");
    }
    Ok(())
}

/// The lines of a Markdown text outside its fenced code blocks (the fences
/// left out too): the prose, where links are links.
pub fn prose_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut in_code = false;
    text.lines().filter(move |line| {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            return false;
        }
        !in_code
    })
}

/// A Markdown reference definition, `[label]: target` at the start of
/// `line` with a target of one word: its label and target.
#[must_use]
pub fn reference_definition(line: &str) -> Option<(&str, &str)> {
    let (label, target) = line.strip_prefix('[')?.split_once("]: ")?;
    (!target.contains(' ')).then_some((label, target))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_as_a_shell_would() {
        let (words, input) = split_command("xiangqi show --fen '3k5/9 b' --svg").unwrap();
        assert_eq!(words, ["xiangqi", "show", "--fen", "3k5/9 b", "--svg"]);
        assert!(input.is_empty());
        let (words, input) = split_command("printf '17 49 33\\n56 48 49\\n' | kq judge").unwrap();
        assert_eq!(words, ["kq", "judge"]);
        assert_eq!(input, b"17 49 33\n56 48 49\n");
        assert!(split_command("xiangqi show --fen 'open").is_err());
        assert!(split_command("cat x | kq judge").is_err());
    }

    #[test]
    fn examples_are_read_from_console_blocks_only() {
        let readme = "```sh\n$ not this\n```\n\n```console\n$ kq judge a\nStop\n$ kq judge b\n```\n";
        let examples = examples(readme).unwrap();
        assert_eq!(examples.len(), 2);
        assert_eq!(
            (examples[0].line, examples[0].command.as_str(), examples[0].shown.as_str()),
            (6, "kq judge a", "Stop\n")
        );
        assert_eq!(examples[1].shown, "");
    }
}
