//! The shape of a board: how many files and ranks it has.

use core::fmt::Debug;
use core::hash::Hash;

/// The shape of a rectangular board of points, chosen at compile time.
///
/// A grid is a zero-sized marker type. Everything else in this crate (squares,
/// square sets, rays, leaps) is generic over it, so one implementation serves
/// the 9 x 10 board of xiangqi and duck chess and the 8 x 8 board alike, while
/// the type system keeps squares of different boards apart.
///
/// Files run left to right (`a`, `b`, ...), ranks bottom to top. A grid may
/// have at most 128 squares, so that every [`SquareSet`](crate::SquareSet)
/// fits in a `u128`.
pub trait Grid: Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static {
    /// Number of files (columns), at most 26 so that each has a letter.
    const FILES: u8;
    /// Number of ranks (rows), at most 99.
    const RANKS: u8;
    /// The number written for the bottom rank: `0` in xiangqi notation (`e0`),
    /// `1` in chess notation (`e1`).
    const FIRST_RANK_NUMBER: u8;
    /// Number of squares: `FILES * RANKS`.
    const SQUARES: u8 = Self::FILES * Self::RANKS;
    /// One byte per square (`[u8; SQUARES]`), for boards that keep a code per square.
    type Cells: Copy + Eq + Hash + Debug + AsRef<[u8]> + AsMut<[u8]> + Send + Sync + 'static;
    /// Cells that are all zero.
    const ZERO_CELLS: Self::Cells;
}

/// Declares a grid: its marker type, with the derives every grid has, and
/// its [`Grid`] impl from its files, ranks and the number of its bottom rank;
/// its cells are one byte per square.
macro_rules! grid {
    ($(#[$doc:meta])* $name:ident: $files:literal files, $ranks:literal ranks, bottom rank $first:literal) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name;

        impl Grid for $name {
            const FILES: u8 = $files;
            const RANKS: u8 = $ranks;
            const FIRST_RANK_NUMBER: u8 = $first;
            type Cells = [u8; $files * $ranks];
            const ZERO_CELLS: Self::Cells = [0; $files * $ranks];
        }
    };
}

grid! {
    /// The xiangqi board: 9 files (`a`..`i`) by 10 ranks (`0`..`9`), 90 points.
    /// Duck chess is played on the same grid.
    NineByTen: 9 files, 10 ranks, bottom rank 0
}

grid! {
    /// The 8 x 8 board: files `a`..`h`, ranks `1`..`8`, 64 squares.
    EightByEight: 8 files, 8 ranks, bottom rank 1
}
