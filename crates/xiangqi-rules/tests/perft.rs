//! The published perft counts in `fixtures/xiangqi/perft/*.perft`, checked up
//! to a node limit that a debug build handles in seconds. Every count, to
//! depth 6, runs in release with `cargo xtask perft-suite`.

use std::fs;
use std::path::Path;

use xiangqi_rules::{Position, parse_perft_suite, perft};

/// Counts larger than this are left to `cargo xtask perft-suite` (release build).
const NODE_LIMIT: u64 = if cfg!(debug_assertions) { 2_000_000 } else { 20_000_000 };

#[test]
fn published_counts_up_to_the_node_limit() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/xiangqi/perft");
    let mut files: Vec<_> =
        fs::read_dir(&folder).expect("the perft fixtures folder").map(|e| e.unwrap().path()).collect();
    files.retain(|path| path.extension().is_some_and(|ext| ext == "perft"));
    files.sort();
    let (mut positions, mut checked) = (0, 0);
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for case in parse_perft_suite(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display())) {
            let position = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
            positions += 1;
            for &(depth, expected) in case.counts.iter().filter(|&&(_, count)| count <= NODE_LIMIT) {
                assert_eq!(perft(&position, depth), expected, "{} depth {depth}", case.fen);
                checked += 1;
            }
        }
    }
    assert_eq!(positions, 11, "the spec publishes counts for eleven positions");
    assert!(checked >= 33, "only {checked} counts were under the node limit");
}
