//! Points as the task writes them: `(row,col)`, row 0 at the top.

use core::cmp::Ordering;
use core::fmt;

use crate::Square;

/// A point of the board in the task's matrix coordinates: row 0 is the top
/// row (black's side), row 9 the bottom row (red's side), columns 0..8 left
/// to right. `Display` writes `(row,col)`, the judge's form.
///
/// It wraps a [`Square`], so it is always on the board: row `r`, column `c`
/// is the square on file `c` (`a` = 0) and rank `9 - r`.
///
/// Points order as the judge lists them: by row, top to bottom, then by
/// column, left to right.
///
/// ```
/// use xiangqi_rules::{MatrixPoint, Square};
///
/// let point = MatrixPoint::new(4, 0).expect("on the board");
/// assert_eq!(point.square(), "a5".parse::<Square>()?);
/// assert_eq!(point.to_string(), "(4,0)");
/// assert!(MatrixPoint::new(2, 8) < MatrixPoint::new(3, 0));
/// assert_eq!(MatrixPoint::new(10, 0), None);
/// # Ok::<(), board_geometry::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatrixPoint(Square);

impl MatrixPoint {
    /// The number of rows of the matrix.
    pub const ROWS: u8 = 10;
    /// The number of columns of the matrix.
    pub const COLUMNS: u8 = 9;

    /// The point in `row` (0 at the top) and `column` (0 at the left), or
    /// `None` if that is off the board.
    #[must_use]
    pub const fn new(row: u8, column: u8) -> Option<MatrixPoint> {
        if row >= Self::ROWS {
            return None;
        }
        match Square::from_coords(column as i64, (Self::ROWS - 1 - row) as i64) {
            Some(square) => Some(MatrixPoint(square)),
            None => None,
        }
    }

    /// The point that is number `index` (0..89) in reading order: row by
    /// row from the top, each row left to right.
    #[must_use]
    pub const fn from_reading_index(index: u8) -> Option<MatrixPoint> {
        MatrixPoint::new(index / Self::COLUMNS, index % Self::COLUMNS)
    }

    /// The point of `square`.
    #[must_use]
    pub const fn from_square(square: Square) -> MatrixPoint {
        MatrixPoint(square)
    }

    /// The square of the engine's board at this point.
    #[must_use]
    pub const fn square(self) -> Square {
        self.0
    }

    /// The row, 0 (top, black's side) to 9 (bottom, red's side).
    #[must_use]
    pub const fn row(self) -> u8 {
        Self::ROWS - 1 - self.0.rank().index()
    }

    /// The column, 0 (left) to 8 (right).
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0.file().index()
    }

    /// The place of the point in reading order, 0..89 (see [`MatrixPoint::from_reading_index`]).
    #[must_use]
    pub const fn reading_index(self) -> u8 {
        self.row() * Self::COLUMNS + self.column()
    }
}

impl From<Square> for MatrixPoint {
    fn from(square: Square) -> MatrixPoint {
        MatrixPoint(square)
    }
}

impl From<MatrixPoint> for Square {
    fn from(point: MatrixPoint) -> Square {
        point.0
    }
}

impl Ord for MatrixPoint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.reading_index().cmp(&other.reading_index())
    }
}

impl PartialOrd for MatrixPoint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for MatrixPoint {
    /// Writes `(row,col)` with no space, as the judge does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row(), self.column())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_maps_to_its_square_and_back() {
        let mut seen = 0;
        for row in 0..MatrixPoint::ROWS {
            for column in 0..MatrixPoint::COLUMNS {
                let point = MatrixPoint::new(row, column).unwrap();
                assert_eq!((point.row(), point.column()), (row, column));
                let square = point.square();
                assert_eq!(i64::from(square.file().index()), i64::from(column));
                assert_eq!(i64::from(square.rank().index()), 9 - i64::from(row));
                assert_eq!(MatrixPoint::from_square(square), point);
                assert_eq!(point.reading_index(), seen);
                assert_eq!(MatrixPoint::from_reading_index(seen), Some(point));
                seen += 1;
            }
        }
        assert_eq!(MatrixPoint::new(10, 0), None);
        assert_eq!(MatrixPoint::new(0, 9), None);
        assert_eq!(MatrixPoint::new(255, 255), None);
        assert_eq!(MatrixPoint::from_reading_index(90), None);
    }

    #[test]
    fn corners_are_named_as_the_task_names_them() {
        let name = |square: &str| MatrixPoint::from_square(square.parse().unwrap()).to_string();
        assert_eq!(name("a9"), "(0,0)");
        assert_eq!(name("i9"), "(0,8)");
        assert_eq!(name("a0"), "(9,0)");
        assert_eq!(name("i0"), "(9,8)");
        assert_eq!(name("e0"), "(9,4)");
    }

    #[test]
    fn points_sort_by_row_then_column() {
        let mut points: Vec<_> = Square::all().map(MatrixPoint::from_square).collect();
        points.sort();
        let order: Vec<_> = points.iter().map(|p| (p.row(), p.column())).collect();
        let mut expected = order.clone();
        expected.sort_unstable();
        assert_eq!(order, expected);
        assert_eq!(points[0].to_string(), "(0,0)");
        assert_eq!(points[89].to_string(), "(9,8)");
    }
}
