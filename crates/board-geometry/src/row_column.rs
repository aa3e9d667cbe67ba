//! How tasks name points by row and column, and the conversion to squares.

use crate::{File, Grid, Rank, Square};

/// The edge a task counts its rows from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RowsFrom {
    /// The first row is the top rank (the far side from the first player).
    Top,
    /// The first row is the bottom rank.
    Bottom,
}

/// A task's convention for naming a point as `(row, column)`: which edge rows
/// are counted from, and whether rows and columns are numbered from 0 or 1.
/// Columns always run left to right.
///
/// Judge tasks each speak their own coordinates; one value of this type says
/// which, and converts both ways, so a task need not invent a point type of its own.
///
/// ```
/// use board_geometry::{NineByTen, RowColumn, RowsFrom, Square};
///
/// // UVa 1589: rows 1..10 from the top, columns 1..9.
/// const CHECKMATE: RowColumn = RowColumn::new(RowsFrom::Top, 1);
/// let e0: Square<NineByTen> = "e0".parse()?;
/// assert_eq!(CHECKMATE.square(10, 5), Some(e0));
/// assert_eq!((CHECKMATE.row(e0), CHECKMATE.column(e0)), (10, 5));
/// assert_eq!(CHECKMATE.square::<NineByTen>(11, 5), None);
///
/// // Duck chess: rows 0..9 from the bottom, columns 0..8.
/// const DUCK: RowColumn = RowColumn::new(RowsFrom::Bottom, 0);
/// assert_eq!(DUCK.square(0, 4), Some(e0));
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RowColumn {
    rows_from: RowsFrom,
    first: u8,
}

impl RowColumn {
    /// Rows counted from `rows_from`, rows and columns both numbered from `first` (0 or 1, usually).
    #[must_use]
    pub const fn new(rows_from: RowsFrom, first: u8) -> RowColumn {
        RowColumn { rows_from, first }
    }

    /// The edge rows are counted from.
    #[must_use]
    pub const fn rows_from(self) -> RowsFrom {
        self.rows_from
    }

    /// The number of the first row and of the first column.
    #[must_use]
    pub const fn first(self) -> u8 {
        self.first
    }

    /// The square at `row` and `column` as the task numbers them, or `None` if
    /// that is off the grid. Takes wide signed numbers so that untrusted input
    /// can be checked without a lossy conversion first.
    #[must_use]
    pub const fn square<G: Grid>(self, row: i64, column: i64) -> Option<Square<G>> {
        let (Some(row), Some(file)) =
            (row.checked_sub(self.first as i64), column.checked_sub(self.first as i64))
        else {
            return None;
        };
        let rank = match self.rows_from {
            RowsFrom::Bottom => Some(row),
            RowsFrom::Top => (G::RANKS as i64 - 1).checked_sub(row),
        };
        match rank {
            Some(rank) => Square::from_coords(file, rank),
            None => None,
        }
    }

    /// The row of `square` as the task numbers it.
    #[must_use]
    pub const fn row<G: Grid>(self, square: Square<G>) -> u8 {
        self.row_of_rank(square.rank())
    }

    /// The column of `square` as the task numbers it.
    #[must_use]
    pub const fn column<G: Grid>(self, square: Square<G>) -> u8 {
        self.column_of_file(square.file())
    }

    /// The number the task gives the row of `rank`.
    #[must_use]
    pub const fn row_of_rank<G: Grid>(self, rank: Rank<G>) -> u8 {
        self.first
            + match self.rows_from {
                RowsFrom::Bottom => rank.index(),
                RowsFrom::Top => G::RANKS - 1 - rank.index(),
            }
    }

    /// The number the task gives the column of `file`.
    #[must_use]
    pub const fn column_of_file<G: Grid>(self, file: File<G>) -> u8 {
        self.first + file.index()
    }

    /// The place of `square` when the task's rows are read in their own order,
    /// each left to right: 0 for the first column of the first row. Sorting
    /// squares by it lists them as the task lists points.
    #[must_use]
    pub const fn reading_index<G: Grid>(self, square: Square<G>) -> u8 {
        (self.row(square) - self.first) * G::FILES + square.file().index()
    }

    /// The square that is number `index` in reading order (see [`RowColumn::reading_index`]).
    #[must_use]
    pub const fn square_at_reading_index<G: Grid>(self, index: u8) -> Option<Square<G>> {
        self.square(
            (index / G::FILES) as i64 + self.first as i64,
            (index % G::FILES) as i64 + self.first as i64,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EightByEight, NineByTen};

    fn check<G: Grid>(convention: RowColumn) {
        let mut seen = Vec::new();
        for square in Square::<G>::all() {
            let (row, column) = (convention.row(square), convention.column(square));
            assert_eq!(convention.square(i64::from(row), i64::from(column)), Some(square));
            let index = convention.reading_index(square);
            assert_eq!(convention.square_at_reading_index(index), Some(square));
            seen.push(index);
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..G::SQUARES).collect::<Vec<_>>());
        let first = i64::from(convention.first());
        for (row, column) in [(first - 1, first), (first, first - 1), (first + i64::from(G::RANKS), first)] {
            assert_eq!(convention.square::<G>(row, column), None, "({row}, {column})");
        }
        assert_eq!(convention.square::<G>(first, first + i64::from(G::FILES)), None);
        assert_eq!(convention.square::<G>(i64::MIN, i64::MAX), None);
    }

    #[test]
    fn every_convention_maps_every_square_both_ways() {
        for rows_from in [RowsFrom::Top, RowsFrom::Bottom] {
            for first in [0, 1] {
                check::<NineByTen>(RowColumn::new(rows_from, first));
                check::<EightByEight>(RowColumn::new(rows_from, first));
            }
        }
    }

    #[test]
    fn the_three_task_conventions() {
        let square = |name: &str| name.parse::<Square<NineByTen>>().unwrap();
        let checkmate = RowColumn::new(RowsFrom::Top, 1);
        assert_eq!((checkmate.row(square("a9")), checkmate.column(square("a9"))), (1, 1));
        assert_eq!((checkmate.row(square("i0")), checkmate.column(square("i0"))), (10, 9));
        let horse = RowColumn::new(RowsFrom::Top, 0);
        assert_eq!((horse.row(square("a5")), horse.column(square("a5"))), (4, 0));
        assert_eq!(horse.reading_index(square("a9")), 0);
        assert_eq!(horse.reading_index(square("i0")), 89);
        let duck = RowColumn::new(RowsFrom::Bottom, 0);
        assert_eq!((duck.row(square("d0")), duck.column(square("d0"))), (0, 3));
        assert_eq!(duck.reading_index(square("i9")), 89);
    }
}
