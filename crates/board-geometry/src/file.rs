//! Files: the columns of a grid.

use core::fmt;
use core::marker::PhantomData;

use crate::Grid;

grid_index! {
    /// A file (column) of grid `G`, counted from the left: file `a` is 0.
    File below FILES, written as letter;
    /// The file with this index (0 for `a`), or `None` if the grid has no such file.
    new;
    /// The index of the file, 0 for `a`.
    index;
    /// The file mirrored left to right (`a` <-> the last file).
    flip;
    /// Every file, left to right.
    all;
}

impl<G: Grid> File<G> {
    /// The file whose letter is `letter` (`'a'`, `'b'`, ...; upper case accepted).
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Self> {
        let lower = letter.to_ascii_lowercase();
        if lower.is_ascii_lowercase() { File::new(lower as u8 - b'a') } else { None }
    }

    /// The letter naming the file.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'a' + self.index) as char
    }
}
