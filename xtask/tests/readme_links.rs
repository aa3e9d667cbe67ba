//! Each library crate's README is its crate docs (`#![doc =
//! include_str!("../README.md")]`, so its examples are doctests) and reads
//! on GitHub too: its reference links are defined at its bottom, pointing
//! into the sources, and `lib.rs` defines the same labels before the README
//! as paths to the items, so that rustdoc links the same words to the items
//! (rustdoc itself checks that those paths resolve). This test keeps the two
//! lists alike and every link of the README defined and leading somewhere.

use std::collections::BTreeSet;
use std::fs;

use xtask::docs::{prose_lines, reference_definition};
use xtask::fixtures::workspace_root;

const LIBRARY_CRATES: [&str; 4] = ["board-geometry", "xiangqi-rules", "duck-rules", "kq-rules"];

/// The `[label]: target` definitions of a Markdown text, in order.
fn definitions(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(reference_definition)
        .filter(|(label, _)| !label.is_empty())
        .map(|(label, target)| (label.to_string(), target.to_string()))
        .collect()
}

/// The labels a Markdown text uses as reference links outside its code
/// blocks: shortcut `[label]` where the label is code (`` [`Position`] ``),
/// and full `[text][label]`.
fn references(text: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for line in prose_lines(text) {
        if line.starts_with('[') && line.contains("]: ") {
            continue;
        }
        let bytes = line.as_bytes();
        let mut start = 0;
        while let Some(open) = line[start..].find('[').map(|at| start + at) {
            let Some(close) = line[open..].find(']').map(|at| open + at) else { break };
            let label = &line[open + 1..close];
            let after = bytes.get(close + 1).copied();
            if after == Some(b'[') {
                if let Some(end) = line[close + 1..].find(']').map(|at| close + 1 + at) {
                    used.insert(line[close + 2..end].to_string());
                    start = end + 1;
                    continue;
                }
            } else if after != Some(b'(') && label.starts_with('`') && label.ends_with('`') && label.len() > 2
            {
                used.insert(label.to_string());
            }
            start = close + 1;
        }
    }
    used
}

#[test]
fn readmes_are_the_crate_docs_and_their_links_lead_somewhere_in_both() {
    let root = workspace_root();
    for name in LIBRARY_CRATES {
        let folder = root.join("crates").join(name);
        let readme = fs::read_to_string(folder.join("README.md")).unwrap_or_else(|e| panic!("{name}: {e}"));
        let lib = fs::read_to_string(folder.join("src/lib.rs")).unwrap();
        let manifest = fs::read_to_string(folder.join("Cargo.toml")).unwrap();
        assert!(
            lib.contains("#![doc = include_str!(\"../README.md\")]"),
            "{name}: lib.rs does not include README.md"
        );
        assert!(manifest.contains("readme = \"README.md\""), "{name}: Cargo.toml names no readme");
        let opening = readme.split("```").nth(1).unwrap_or_default();
        assert!(
            opening.starts_with("rust\n") && opening.contains("fn main()"),
            "{name}: the README opens with no example"
        );

        let in_readme = definitions(&readme);
        let mut folded = BTreeSet::new();
        for (label, target) in &in_readme {
            // Markdown matches labels without regard to case: `perft` and `Perft` would be one.
            assert!(folded.insert(label.to_lowercase()), "{name}: the README defines [{label}] twice");
            if !target.starts_with("https://") {
                assert!(
                    folder.join(target).exists(),
                    "{name}: [{label}] leads to {target}, which is not there"
                );
            }
        }
        let defined: BTreeSet<&str> = in_readme.iter().map(|(label, _)| label.as_str()).collect();
        let used = references(&readme);
        let undefined: Vec<&String> = used.iter().filter(|label| !defined.contains(label.as_str())).collect();
        assert!(
            undefined.is_empty(),
            "{name}: the README uses {undefined:?} without defining them at its bottom"
        );
        let unused: Vec<&&str> = defined.iter().filter(|label| !used.contains(**label)).collect();
        assert!(unused.is_empty(), "{name}: the README defines {unused:?} and never uses them");

        // `//! [label]: path` lines, and `#![cfg_attr(feature = "...", doc = "[label]: path")]`
        // for the items behind a feature, before the README is included.
        let for_rustdoc: BTreeSet<String> = lib
            .lines()
            .take_while(|line| !line.starts_with("#![doc"))
            .filter_map(|line| {
                line.strip_prefix("//! ").or_else(|| {
                    line.strip_prefix("#![cfg_attr(feature = ")?
                        .split_once(", doc = \"")?
                        .1
                        .strip_suffix("\")]")
                })
            })
            .flat_map(definitions)
            .map(|(label, _)| label)
            .collect();
        let for_github: BTreeSet<String> = in_readme
            .iter()
            .filter(|(_, target)| !target.starts_with("https://"))
            .map(|(label, _)| label.clone())
            .collect();
        assert_eq!(for_rustdoc, for_github, "{name}: lib.rs and the README define different labels");
    }
}

#[test]
fn references_are_found_outside_code_only() {
    let text = "A [`Position`] and [`perft`][fn perft], a [link](https://example.com), [plain] words.\n\
                ```rust\nlet moves = [`x`];\n```\n[`Position`]: src/position.rs\n";
    let found: Vec<String> = references(text).into_iter().collect();
    assert_eq!(found, ["`Position`", "fn perft"]);
    assert_eq!(definitions(text), [("`Position`".to_string(), "src/position.rs".to_string())]);
}
