//! The repository stands alone: nothing in it cites the developers' own
//! folders, which users do not have (the task statements beside the design
//! notes, or paths of the machine it was written on), and every relative
//! link of its Markdown files leads to a file inside it. The rules are the
//! project's own document (`crates/xiangqi-rules/RULES.md`), and
//! `xtask/baselines/README.md` says how to build and compare a baseline with
//! what the repository holds.

use std::fs;
use std::path::{Path, PathBuf};

use xtask::docs::{prose_lines, reference_definition};
use xtask::fixtures::workspace_root;

/// Every file under `dir`, but the build and version-control folders.
fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display())) {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        // `.git` is a folder in a clone and a file in a worktree.
        if name == "target" || name == ".git" {
            continue;
        }
        if path.is_dir() {
            files(&path, found);
        } else {
            found.push(path);
        }
    }
}

/// What no file may contain: the developers' folder of task statements,
/// and the development machine's paths. Built here so that this file does
/// not name them itself.
fn outside_names() -> [String; 3] {
    [["spec", "s/"].concat(), ["/wo", "rk/"].concat(), ["../sha", "red"].concat()]
}

#[test]
fn no_file_cites_the_developers_folders() {
    let root = workspace_root();
    let mut all = Vec::new();
    files(&root, &mut all);
    assert!(all.len() > 100, "the walk found the repository's files");
    let mut citing = Vec::new();
    for path in &all {
        // Binary fixtures (records, pictures) are not text.
        let Ok(text) = fs::read_to_string(path) else { continue };
        for name in outside_names() {
            if let Some(line) = text.lines().position(|line| line.contains(&name)) {
                citing.push(format!("{}:{}: {name}", path.strip_prefix(&root).unwrap().display(), line + 1));
            }
        }
    }
    assert!(citing.is_empty(), "files cite what users do not have:\n{}", citing.join("\n"));
}

/// The targets of a Markdown text's inline links `[text](target)` and
/// reference definitions `[label]: target`, outside code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose_lines(text) {
        if let Some((_, target)) = reference_definition(line) {
            targets.push(target.to_string());
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    targets
}

#[test]
fn every_relative_link_of_the_markdown_files_leads_inside_the_repository() {
    let root = workspace_root();
    let canonical_root = root.canonicalize().unwrap();
    let mut all = Vec::new();
    files(&root, &mut all);
    let markdown: Vec<&PathBuf> =
        all.iter().filter(|path| path.extension().is_some_and(|e| e == "md")).collect();
    assert!(markdown.iter().any(|path| path.ends_with("xtask/baselines/README.md")));
    let mut broken = Vec::new();
    for path in markdown {
        let text = fs::read_to_string(path).unwrap();
        for target in link_targets(&text) {
            if target.starts_with("https://") || target.starts_with("http://") || target.starts_with('#') {
                continue;
            }
            let file = target.split('#').next().unwrap_or_default();
            let resolved = path.parent().unwrap().join(file);
            let inside = resolved.canonicalize().is_ok_and(|found| found.starts_with(&canonical_root));
            if !inside {
                broken.push(format!("{}: {target}", path.strip_prefix(&root).unwrap().display()));
            }
        }
    }
    assert!(broken.is_empty(), "links that lead nowhere or out of the repository:\n{}", broken.join("\n"));
}

#[test]
fn links_are_found_outside_code_only() {
    let text = "See [the rules](crates/xiangqi-rules/RULES.md#repetition) and [`Board`].\n\
                ```sh\nls [a](b)\n```\n[`Board`]: src/board.rs\n[words]: not a link\n";
    assert_eq!(link_targets(text), ["crates/xiangqi-rules/RULES.md#repetition", "src/board.rs"]);
}
