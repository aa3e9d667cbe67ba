//! Points: where pieces stand, named by row and column as in the task.

use core::fmt;
use core::str::FromStr;

use board_geometry::{NineByTen, Square};

/// A point of the board, named `(x, y)` = (row, column) as in the task:
/// rows `0..=9` from red's side up to blue's, columns `0..=8` from left to right,
/// `(0,0)` the bottom-left point where a red car starts.
///
/// A point is a [`Square`] of board-geometry's [`NineByTen`] grid with the row
/// as its rank and the column as its file, so `(x, y)` is the square on file
/// `y`, rank `x`. `Display` and `FromStr` use `x,y`, such as `0,4` for red's
/// captain; points order row by row from `0,0` to `9,8`.
///
/// ```
/// use duck_rules::Point;
///
/// let captain = Point::new(0, 4).expect("on the board");
/// assert_eq!((captain.row(), captain.column()), (0, 4));
/// assert_eq!(captain.to_string(), "0,4");
/// assert_eq!("0,4".parse::<Point>(), Ok(captain));
/// assert_eq!(captain.square().to_string(), "e0"); // the same point in xiangqi notation
/// assert_eq!(Point::new(10, 0), None);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(Square<NineByTen>);

impl Point {
    /// Number of rows, `x` in `0..ROWS`.
    pub const ROWS: u8 = 10;
    /// Number of columns, `y` in `0..COLUMNS`.
    pub const COLUMNS: u8 = 9;
    /// Number of points.
    pub const COUNT: usize = 90;

    /// The point on `row` and `column`, or `None` if that is off the board.
    #[must_use]
    pub const fn new(row: u8, column: u8) -> Option<Point> {
        Point::from_coords(row as i64, column as i64)
    }

    /// The point on `row` and `column`, or `None` if that is off the board.
    /// Takes wide signed numbers so that untrusted input can be checked without
    /// a lossy conversion first.
    #[must_use]
    pub const fn from_coords(row: i64, column: i64) -> Option<Point> {
        match Square::from_coords(column, row) {
            Some(square) => Some(Point(square)),
            None => None,
        }
    }

    /// The point that is `square` of the grid (row = rank, column = file).
    #[must_use]
    pub const fn from_square(square: Square<NineByTen>) -> Point {
        Point(square)
    }

    /// The point with this [`index`](Point::index), or `None` if it is 90 or more.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Point> {
        match Square::from_index(index) {
            Some(square) => Some(Point(square)),
            None => None,
        }
    }

    /// The row `x`, from 0 on red's side to 9 on blue's.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0.rank().index()
    }

    /// The column `y`, from 0 on the left to 8 on the right.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0.file().index()
    }

    /// The compact index `9 * row + column`, 0 to 89.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0.index()
    }

    /// The same point as a square of board-geometry's grid.
    #[must_use]
    pub const fn square(self) -> Square<NineByTen> {
        self.0
    }

    /// Every point, row by row from `0,0` to `9,8`.
    pub fn all() -> impl DoubleEndedIterator<Item = Point> + ExactSizeIterator + Clone {
        Square::all().map(Point)
    }
}

impl From<Square<NineByTen>> for Point {
    fn from(square: Square<NineByTen>) -> Point {
        Point(square)
    }
}

impl From<Point> for Square<NineByTen> {
    fn from(point: Point) -> Square<NineByTen> {
        point.0
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row(), self.column())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Point({self})")
    }
}

/// The text is not a point written `x,y` with a row 0..9 and a column 0..8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError {
    text: String,
}

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a point: write row,column with a row 0 to 9 and a column 0 to 8", self.text)
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads `x,y`: one digit for the row, a comma, one digit for the column.
    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        match text.as_bytes() {
            &[row @ b'0'..=b'9', b',', column @ b'0'..=b'9'] => Point::new(row - b'0', column - b'0'),
            _ => None,
        }
        .ok_or_else(|| ParsePointError { text: text.into() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_ranks_and_columns_are_files() {
        assert_eq!(Point::all().len(), Point::COUNT);
        for (i, point) in Point::all().enumerate() {
            assert_eq!(usize::from(point.index()), i);
            assert_eq!(usize::from(point.row()), i / 9);
            assert_eq!(usize::from(point.column()), i % 9);
            assert_eq!(point.square().rank().index(), point.row());
            assert_eq!(point.square().file().index(), point.column());
            assert_eq!(Point::new(point.row(), point.column()), Some(point));
            assert_eq!(Point::from_index(point.index()), Some(point));
            assert_eq!(Point::from(point.square()), point);
            assert_eq!(point.to_string().parse::<Point>(), Ok(point));
        }
        // (0,0) is the bottom-left point, a red car's; (9,8) the top-right one.
        assert_eq!(Point::new(0, 0).map(|p| p.square().to_string()).as_deref(), Some("a0"));
        assert_eq!(Point::new(9, 8).map(|p| p.square().to_string()).as_deref(), Some("i9"));
        assert_eq!(Point::new(0, 8).map(|p| p.square().to_string()).as_deref(), Some("i0"));
    }

    #[test]
    fn off_board_coordinates_are_rejected() {
        for (row, column) in [(10, 0), (0, 9), (-1, 0), (0, -1), (i64::MAX, 0), (i64::MIN, i64::MIN)] {
            assert_eq!(Point::from_coords(row, column), None, "({row}, {column})");
        }
        assert_eq!(Point::from_index(90), None);
    }

    #[test]
    fn malformed_names_are_rejected() {
        for text in ["", "0", "0,", ",0", "0,9", "10,0", "0 ,0", "0,0 ", "00", "a,0", "0;0", "-1,0"] {
            assert!(text.parse::<Point>().is_err(), "{text:?}");
        }
        assert_eq!(
            "0,9".parse::<Point>().unwrap_err().to_string(),
            "'0,9' is not a point: write row,column with a row 0 to 9 and a column 0 to 8"
        );
    }
}
