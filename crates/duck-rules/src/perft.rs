//! Perft: counting the positions the tree of legal moves reaches.

use crate::{Move, Position};

/// The number of positions reached by exactly `depth` legal moves from
/// `position` (1 for depth 0). A move that removes a captain ends the game:
/// it counts at its own depth, and nothing grows from it.
///
/// From the initial position the counts are 43, 1,849 and 80,066 for
/// depths 1, 2 and 3.
///
/// ```
/// use duck_rules::{Position, perft};
///
/// let start = Position::start();
/// assert_eq!(perft(&start, 1), 43);
/// assert_eq!(perft(&start, 2), 1_849);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // The leaves are counted without being made.
        1 => position.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            position.for_each_move(|mv| {
                let mut child = *position;
                child.play_unchecked(mv);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
    }
}

/// [`perft`] split by first move: each legal move with the count of
/// positions `depth - 1` moves after it, in the order of
/// [`legal_moves`](Position::legal_moves). Empty for depth 0.
///
/// ```
/// use duck_rules::{Position, divide};
///
/// let divided = divide(&Position::start(), 2);
/// assert_eq!(divided.len(), 43);
/// assert!(divided.iter().all(|&(_, nodes)| nodes == 43));
/// ```
#[must_use]
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let Some(rest) = depth.checked_sub(1) else {
        return Vec::new();
    };
    let mut divided = Vec::new();
    position.for_each_move(|mv| {
        let mut child = *position;
        child.play_unchecked(mv);
        divided.push((mv, perft(&child, rest)));
    });
    divided
}

#[cfg(test)]
mod tests {
    use super::*;

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
        // Red: a car on 0,4 facing blue's captain on 9,4 up an open column, and
        // a captain on 0,8. The car has 9 + 4 + 3 moves, the captain 2.
        let position: Position = "4k4/9/9/9/9/9/9/9/9/4R3K r".parse().unwrap();
        assert_eq!(perft(&position, 1), 18);
        for (m, nodes) in divide(&position, 2) {
            // Taking the captain ends the game; after any other move blue's
            // captain has its three steps.
            let expected = if m.to_string() == "0,4-9,4" { 0 } else { 3 };
            assert_eq!(nodes, expected, "{m}");
        }
        assert_eq!(perft(&position, 2), 17 * 3);
    }
}
