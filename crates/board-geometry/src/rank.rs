//! Ranks: the rows of a grid.

use core::fmt;
use core::marker::PhantomData;

use crate::Grid;

/// A rank (row) of grid `G`, counted from the bottom: the bottom rank has index 0.
///
/// Its written number is the index plus [`Grid::FIRST_RANK_NUMBER`]: xiangqi
/// writes the bottom rank `0`, chess writes it `1`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank<G: Grid> {
    index: u8,
    grid: PhantomData<G>,
}

impl<G: Grid> Rank<G> {
    /// The rank with this index (0 for the bottom rank), or `None` if the grid has no such rank.
    #[must_use]
    pub const fn new(index: u8) -> Option<Self> {
        if index < G::RANKS { Some(Rank { index, grid: PhantomData }) } else { None }
    }

    /// The rank written as `number` in the grid's notation.
    #[must_use]
    pub const fn from_number(number: u32) -> Option<Self> {
        match number.checked_sub(G::FIRST_RANK_NUMBER as u32) {
            // Checked here, before narrowing: a number 256 ranks up must not wrap onto the board.
            Some(index) if index < G::RANKS as u32 => Some(Rank { index: index as u8, grid: PhantomData }),
            _ => None,
        }
    }

    /// The index of the rank, 0 for the bottom rank.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.index
    }

    /// The number naming the rank in the grid's notation.
    #[must_use]
    pub const fn number(self) -> u32 {
        self.index as u32 + G::FIRST_RANK_NUMBER as u32
    }

    /// The rank mirrored top to bottom.
    #[must_use]
    pub const fn flip(self) -> Self {
        Rank { index: G::RANKS - 1 - self.index, grid: PhantomData }
    }

    /// Every rank, bottom to top.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..G::RANKS).map(|index| Rank { index, grid: PhantomData })
    }
}

impl<G: Grid> fmt::Display for Rank<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl<G: Grid> fmt::Debug for Rank<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rank({})", self.number())
    }
}
