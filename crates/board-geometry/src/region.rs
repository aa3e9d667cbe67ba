//! Regions: named sets of squares such as each side's half and the xiangqi palaces.

use crate::{Grid, NineByTen, Rank, Square, SquareSet};

/// One half of a board, split between its two middle ranks.
///
/// In xiangqi and duck chess red (the side that moves first) starts in the
/// lower half; the river runs between the halves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Half {
    /// The ranks below the middle (ranks `0..=4` on the 10-rank board).
    Lower,
    /// The ranks above the middle (ranks `5..=9` on the 10-rank board).
    Upper,
}

impl Half {
    /// The other half.
    #[must_use]
    pub const fn opposite(self) -> Half {
        match self {
            Half::Lower => Half::Upper,
            Half::Upper => Half::Lower,
        }
    }

    /// The half that `rank` lies in (the middle rank of an odd grid counts as upper).
    #[must_use]
    pub const fn of_rank<G: Grid>(rank: Rank<G>) -> Half {
        if rank.index() < G::RANKS / 2 { Half::Lower } else { Half::Upper }
    }

    /// The half that `square` lies in.
    #[must_use]
    pub const fn of<G: Grid>(square: Square<G>) -> Half {
        Half::of_rank(square.rank())
    }

    /// The squares of this half of grid `G`.
    #[must_use]
    pub const fn squares<G: Grid>(self) -> SquareSet<G> {
        let lower_bits = (1u128 << (G::RANKS / 2 * G::FILES)) - 1;
        match self {
            Half::Lower => SquareSet::from_bits(lower_bits),
            Half::Upper => SquareSet::from_bits(!lower_bits),
        }
    }

    /// The 3 x 3 palace of this half of the xiangqi board: files `d`..`f`, ranks
    /// `0`..`2` (lower) or `7`..`9` (upper).
    #[must_use]
    pub const fn palace(self) -> SquareSet<NineByTen> {
        let (a, b) = match self {
            Half::Lower => (Square::from_coords(3, 0), Square::from_coords(5, 2)),
            Half::Upper => (Square::from_coords(3, 7), Square::from_coords(5, 9)),
        };
        match (a, b) {
            (Some(a), Some(b)) => SquareSet::rectangle(a, b),
            _ => unreachable!(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EightByEight;

    fn names(set: SquareSet<NineByTen>) -> Vec<String> {
        set.into_iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn palaces_are_the_three_by_three_squares_at_each_end() {
        assert_eq!(names(Half::Lower.palace()), ["d0", "e0", "f0", "d1", "e1", "f1", "d2", "e2", "f2"]);
        assert_eq!(names(Half::Upper.palace()), ["d7", "e7", "f7", "d8", "e8", "f8", "d9", "e9", "f9"]);
        assert_eq!(Half::Upper.palace(), Half::Lower.palace().flip_ranks());
    }

    #[test]
    fn halves_split_every_square_between_them() {
        let (lower, upper) = (Half::Lower.squares::<NineByTen>(), Half::Upper.squares::<NineByTen>());
        assert_eq!(lower.len(), 45);
        assert_eq!(lower | upper, SquareSet::FULL);
        assert!(!lower.intersects(upper));
        for square in Square::<NineByTen>::all() {
            let half = Half::of(square);
            assert_eq!(half == Half::Lower, square.rank().index() <= 4);
            assert!(half.squares::<NineByTen>().contains(square));
            assert!(!half.opposite().squares::<NineByTen>().contains(square));
        }
        assert_eq!(Half::Lower.squares::<EightByEight>().len(), 32);
        assert_eq!(Half::Upper.squares::<EightByEight>().len(), 32);
    }
}
