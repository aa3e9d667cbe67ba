//! Ranks: the rows of a grid.

use core::fmt;
use core::marker::PhantomData;

use crate::Grid;

grid_index! {
    /// A rank (row) of grid `G`, counted from the bottom: the bottom rank has index 0.
    ///
    /// Its written number is the index plus [`Grid::FIRST_RANK_NUMBER`]: xiangqi
    /// writes the bottom rank `0`, chess writes it `1`.
    Rank below RANKS, written as number;
    /// The rank with this index (0 for the bottom rank), or `None` if the grid has no such rank.
    new;
    /// The index of the rank, 0 for the bottom rank.
    index;
    /// The rank mirrored top to bottom.
    flip;
    /// Every rank, bottom to top.
    all;
}

impl<G: Grid> Rank<G> {
    /// The rank written as `number` in the grid's notation.
    #[must_use]
    pub const fn from_number(number: u32) -> Option<Self> {
        match number.checked_sub(G::FIRST_RANK_NUMBER as u32) {
            // Checked here, before narrowing: a number 256 ranks up must not wrap onto the board.
            Some(index) if index < G::RANKS as u32 => Some(Rank { index: index as u8, grid: PhantomData }),
            _ => None,
        }
    }

    /// The number naming the rank in the grid's notation.
    #[must_use]
    pub const fn number(self) -> u32 {
        self.index as u32 + G::FIRST_RANK_NUMBER as u32
    }
}
