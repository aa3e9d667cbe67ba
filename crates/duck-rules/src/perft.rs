//! Tests of perft on duck-chess positions; the counting itself is
//! board-geometry's, for every [`Game`](crate::Game), and the crate docs
//! show it.

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;
    use std::ops::ControlFlow::Continue;

    use board_geometry::testing::assert_every_move_is_taken_back;

    use crate::{Leaves, Perft, Position, divide, perft, perft_every_leaf};

    #[test]
    fn reference_counts_from_the_initial_position() {
        let start = Position::start();
        assert_eq!(perft(&start, 0), 1);
        assert_eq!(perft(&start, 1), 43);
        assert_eq!(perft(&start, 2), 1_849);
        assert_eq!(perft(&start, 3), 80_066);
    }

    #[test]
    fn divide_adds_up_to_perft() {
        let start = Position::start();
        assert!(divide(&start, 0).is_empty());
        let divided = divide(&start, 3);
        let moves: Vec<_> = divided.iter().map(|&(m, _)| m).collect();
        assert_eq!(moves, start.legal_moves().to_vec());
        assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), 80_066);
    }

    #[test]
    fn a_removed_captain_ends_the_branch() {
        // Red: a car on e0 facing blue's captain on e9 up an open column, and
        // a captain on i0. The car has 9 + 4 + 3 moves, the captain 2.
        let position: Position = "4k4/9/9/9/9/9/9/9/9/4R3K r".parse().unwrap();
        assert_eq!(perft(&position, 1), 18);
        for (m, nodes) in divide(&position, 2) {
            // Taking the captain ends the game; after any other move blue's
            // captain has its three steps.
            let expected = if m.to_string() == "e0e9" { 0 } else { 3 };
            assert_eq!(nodes, expected, "{m}");
        }
        assert_eq!(perft(&position, 2), 17 * 3);
    }

    /// The initial position, one where a captain can be taken, and one where the game is over.
    fn positions() -> Vec<Position> {
        let mut positions = vec![Position::start()];
        positions.push("4k4/9/9/9/9/9/9/9/9/4R3K r".parse().unwrap());
        positions.push("4R4/9/9/9/9/9/9/9/3g5/4K4 b".parse().unwrap());
        positions
    }

    #[test]
    fn every_leaf_played_and_any_number_of_threads_count_the_same() {
        for position in positions() {
            for depth in 0..=3 {
                let one = divide(&position, depth);
                assert_eq!(perft_every_leaf(&position, depth), perft(&position, depth));
                for threads in [1, 2, 5] {
                    for leaves in [Leaves::Counted, Leaves::Played] {
                        let threads = NonZeroUsize::new(threads).unwrap();
                        let counting = Perft::new().threads(threads).leaves(leaves);
                        assert_eq!(
                            counting.divide(&position, depth, |_, _, _| Continue(())),
                            Ok(one.clone())
                        );
                        assert_eq!(counting.count(&position, depth), Ok(perft(&position, depth)));
                    }
                }
            }
        }
    }

    #[test]
    fn taking_a_move_back_restores_the_position() {
        for root in positions() {
            assert_every_move_is_taken_back(root, |before, mv, undo| {
                assert_eq!((undo.mv(), undo.captured()), (mv, before.board().piece_at(mv.to)));
            });
        }
    }
}
