//! The published perft counts in `tests/data/perft/*.perft`, checked up
//! to a node limit that a debug build handles in seconds (every count, to
//! depth 6, runs in release with `cargo xtask perft-suite`); the same counts
//! with every leaf played and on several threads; and moves taken back.

use std::fs;
use std::num::NonZeroUsize;
use std::ops::ControlFlow::Continue;
use std::path::Path;

use board_geometry::testing::assert_every_move_is_taken_back;
use xiangqi_rules::{Leaves, Perft, Position, divide, parse_perft_suite, perft, perft_every_leaf};

/// Counts larger than this are left to `cargo xtask perft-suite` (release build).
const NODE_LIMIT: u64 = if cfg!(debug_assertions) { 2_000_000 } else { 20_000_000 };

#[test]
fn published_counts_up_to_the_node_limit() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let mut files: Vec<_> =
        fs::read_dir(&folder).expect("the perft suites folder").map(|e| e.unwrap().path()).collect();
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

/// Every published position, read from the suites.
fn published_positions() -> Vec<Position> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    ["start.perft", "published.perft"]
        .iter()
        .flat_map(|name| parse_perft_suite(&fs::read_to_string(folder.join(name)).unwrap()).unwrap())
        .map(|case| Position::from_fen(&case.fen).unwrap())
        .collect()
}

#[test]
fn every_leaf_played_gives_the_bulk_counts_at_every_depth() {
    let mut positions = published_positions();
    positions.push("3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse().unwrap()); // checkmated
    positions.push("3k5/R8/9/9/9/9/9/9/9/4K4 b".parse().unwrap()); // stalemated
    for position in &positions {
        for depth in 0..=3 {
            let bulk = perft(position, depth);
            assert_eq!(perft_every_leaf(position, depth), bulk, "{position} depth {depth}");
            let played =
                Perft::new().leaves(Leaves::Played).divide(position, depth, |_, _, _| Continue(())).unwrap();
            assert_eq!(played, divide(position, depth), "{position} depth {depth}");
        }
    }
    let start = Position::start();
    assert_eq!(perft_every_leaf(&start, 4), 3_290_240);
}

#[test]
fn any_number_of_threads_counts_and_divides_as_one() {
    let mut positions = published_positions();
    positions.push("3k5/9/9/9/9/9/9/9/3R5/4K4 b".parse().unwrap()); // checkmated: no task at all
    positions.push("4k4/9/9/9/9/9/9/9/9/3K5 w".parse().unwrap()); // one first move
    for position in &positions {
        for depth in 0..=3 {
            let one = divide(position, depth);
            for threads in [2, 3, 8, 300] {
                let threads = NonZeroUsize::new(threads).unwrap();
                for leaves in [Leaves::Counted, Leaves::Played] {
                    let counting = Perft::new().threads(threads).leaves(leaves);
                    let mut finished = 0;
                    let divided = counting
                        .divide(position, depth, |_, _, _| {
                            finished += 1;
                            Continue(())
                        })
                        .unwrap();
                    assert_eq!(divided, one, "{position} depth {depth} threads {threads}");
                    assert_eq!(finished, one.len());
                    assert_eq!(counting.count(position, depth), Ok(perft(position, depth)));
                }
            }
        }
    }
}

#[test]
fn taking_a_move_back_restores_the_position_exactly() {
    // Every move from every position two plies below each published one, and
    // chains of moves taken back in reverse order.
    for root in published_positions() {
        assert_every_move_is_taken_back(root, |before, mv, undo| {
            assert_eq!((undo.mv(), undo.captured()), (mv, before.board().piece_at(mv.to)));
        });
    }
}
