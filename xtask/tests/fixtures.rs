//! Runs every `fixtures/<tool>/<subcommand>/NAME.in`, and every game record
//! there (`NAME.pgn`, `.xqf`, `.cbr`, `.cbl`, `.cbf`, `.html`, `.zip`), through the tools and compares the result with the insta snapshot
//! committed beside it, and with `NAME.expected` where a task statement gives
//! the exact output.
//!
//! `cargo xtask test-fixtures [--accept] [--filter PATTERN]` drives this test.

use std::fs;

use xtask::fixtures::{checked_list, run_fixture, workspace_root};

#[test]
fn fixtures_match_their_snapshots() {
    let root = workspace_root();
    // Messages name input files relative to the root, as a user running the
    // tools from there would see them; this is the only test in this binary.
    std::env::set_current_dir(&root).expect("the workspace root exists");
    // Only files right inside a subcommand's folder: the folders below it
    // are inputs (`xiangqi game DIR`), not fixtures.
    let checked = std::sync::Mutex::new(Vec::new());
    insta::glob!("../../fixtures", "*/*/*.{in,pgn,xqf,cbr,cbl,cbf,html,zip}", |path| {
        let relative = path.strip_prefix(&root).unwrap_or(path);
        let run = run_fixture(relative).unwrap_or_else(|error| panic!("{error}"));
        let expected_file = relative.with_extension("expected");
        if expected_file.exists() {
            let expected = fs::read(&expected_file).expect("readable .expected file");
            assert!(
                run.stdout == expected,
                "{}: output differs from {}\n--- expected ---\n{}--- actual ---\n{}",
                relative.display(),
                expected_file.display(),
                String::from_utf8_lossy(&expected),
                String::from_utf8_lossy(&run.stdout),
            );
        }
        if run.command.contains("--format json") {
            check_json_lines(&run.command, &run.stdout);
        }
        let name = relative.file_stem().and_then(|s| s.to_str()).expect("a UTF-8 file name");
        let folder = path.parent().unwrap_or(std::path::Path::new("."));
        insta::with_settings!({
            snapshot_path => folder,
            prepend_module_to_snapshot => false,
            snapshot_suffix => "",
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, run.snapshot());
        });
        checked.lock().expect("no test thread panicked holding it").push(relative.display().to_string());
    });
    // For `cargo xtask test-fixtures` to say what was checked.
    let list: String =
        checked.into_inner().unwrap_or_default().iter().map(|path| format!("{path}\n")).collect();
    let _ = fs::create_dir_all(root.join("target"));
    fs::write(checked_list(), list).expect("the target folder is writable");
}

/// Every line of a `--format json` run's output is one JSON object, as a
/// standard parser reads it.
fn check_json_lines(command: &str, stdout: &[u8]) {
    let text = std::str::from_utf8(stdout).unwrap_or_else(|error| panic!("{command}: not UTF-8: {error}"));
    for (number, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|error| panic!("{command}: line {}: not JSON ({error}): {line}", number + 1));
        assert!(value.is_object(), "{command}: line {}: not a JSON object: {line}", number + 1);
    }
}
