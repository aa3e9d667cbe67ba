//! The data a library crate's tests read from inside its own package (so
//! that the crate tests as published: `cargo xtask package-test`) is the same
//! as the workspace fixture it was copied from, and no fixture it means to
//! cover is missing.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use xtask::fixtures::workspace_root;

/// `(copies, fixtures, extension, whole)`: a folder of a crate's test data,
/// the fixture folder its files come from, the files' extension, and
/// whether it must hold every such file of that folder (or may hold a
/// chosen few).
const COPIES: [(&str, &str, &str, bool); 2] = [
    ("crates/xiangqi-rules/tests/data/checkmate", "fixtures/xiangqi/checkmate", "in", true),
    ("crates/xiangqi-rules/tests/data/game", "fixtures/xiangqi/game", "pgn", false),
];

fn names(folder: &Path, extension: &str) -> BTreeSet<String> {
    fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|found| found == extension))
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn crate_test_data_is_a_copy_of_its_fixtures() {
    let root = workspace_root();
    for (copies, fixtures, extension, whole) in COPIES {
        let (copy_names, fixture_names) =
            (names(&root.join(copies), extension), names(&root.join(fixtures), extension));
        assert!(!copy_names.is_empty(), "{copies} holds no .{extension} file");
        let missing: Vec<&String> = fixture_names.difference(&copy_names).collect();
        assert!(
            !whole || missing.is_empty(),
            "{missing:?} of {fixtures} are not in {copies}: cp {fixtures}/*.{extension} {copies}/"
        );
        for name in &copy_names {
            let copy = fs::read(root.join(copies).join(name)).unwrap();
            let fixture = fs::read(root.join(fixtures).join(name))
                .unwrap_or_else(|error| panic!("{copies}/{name} has no fixture {fixtures}/{name}: {error}"));
            assert!(
                copy == fixture,
                "{copies}/{name} differs from {fixtures}/{name}: cp {fixtures}/{name} {copies}/"
            );
        }
    }
}
