//! Files: the columns of a grid.

use core::fmt;
use core::marker::PhantomData;

use crate::Grid;

/// A file (column) of grid `G`, counted from the left: file `a` is 0.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File<G: Grid> {
    index: u8,
    grid: PhantomData<G>,
}

impl<G: Grid> File<G> {
    /// The file with this index (0 for `a`), or `None` if the grid has no such file.
    #[must_use]
    pub const fn new(index: u8) -> Option<Self> {
        if index < G::FILES { Some(File { index, grid: PhantomData }) } else { None }
    }

    /// The file whose letter is `letter` (`'a'`, `'b'`, ...; upper case accepted).
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Self> {
        let lower = letter.to_ascii_lowercase();
        if lower.is_ascii_lowercase() { File::new(lower as u8 - b'a') } else { None }
    }

    /// The index of the file, 0 for `a`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.index
    }

    /// The letter naming the file.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'a' + self.index) as char
    }

    /// The file mirrored left to right (`a` <-> the last file).
    #[must_use]
    pub const fn flip(self) -> Self {
        File { index: G::FILES - 1 - self.index, grid: PhantomData }
    }

    /// Every file, left to right.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..G::FILES).map(|index| File { index, grid: PhantomData })
    }
}

impl<G: Grid> fmt::Display for File<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl<G: Grid> fmt::Debug for File<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "File({})", self.letter())
    }
}
