//! Perft on duck-chess positions; the counting itself is board-geometry's, for every game.
//!
//! A move that removes a captain ends the game: it counts at its own depth,
//! and nothing grows from it. From the initial position the counts are 43,
//! 1,849 and 80,066 for depths 1, 2 and 3:
//!
//! ```
//! use duck_rules::{Position, divide, perft};
//!
//! let start = Position::start();
//! assert_eq!(perft(&start, 2), 1_849);
//! let divided = divide(&start, 2);
//! assert_eq!(divided.len(), 43);
//! assert!(divided.iter().all(|&(_, nodes)| nodes == 43));
//! ```

use board_geometry::perft::Game;

use crate::{Move, MoveList, Position};

impl Game for Position {
    type Move = Move;
    type Moves = MoveList;

    #[inline]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        Position::count_legal_moves(self)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, divide, perft};

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
