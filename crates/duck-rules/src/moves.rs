//! Moves, their notation in the task's coordinates, and fixed-capacity lists of them.

use core::fmt;
use core::str::FromStr;

use board_geometry::{RowColumn, RowsFrom};

use crate::Square;

/// The task's coordinates: a point is `(x, y)` = (row, column), rows 0..9 from
/// red's side, columns 0..8 from the left, `(0,0)` the bottom-left point where
/// a red car starts. Row `x`, column `y` is the square on file `y`, rank `x`.
///
/// ```
/// use duck_rules::{COORDINATES, Square};
///
/// let captain: Square = COORDINATES.square(0, 4).expect("on the board");
/// assert_eq!(captain.to_string(), "e0"); // the same point in grid notation
/// assert_eq!((COORDINATES.row(captain), COORDINATES.column(captain)), (0, 4));
/// ```
pub const COORDINATES: RowColumn = RowColumn::new(RowsFrom::Bottom, 0);

/// A point written `x,y` in the task's coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Point(pub(crate) Square);

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", COORDINATES.row(self.0), COORDINATES.column(self.0))
    }
}

/// Reads a point written `x,y`: one digit for the row, a comma, one digit for the column.
fn parse_point(text: &str) -> Option<Square> {
    match text.as_bytes() {
        &[row @ b'0'..=b'9', b',', column @ b'0'..=b'9'] => {
            COORDINATES.square(i64::from(row - b'0'), i64::from(column - b'0'))
        }
        _ => None,
    }
}

/// A move: the piece on `from` goes to `to`, removing whatever enemy piece stands there.
///
/// The notation (`Display` and `FromStr`) is the task's row/column coordinates
/// ([`COORDINATES`]): `xs,ys-xt,yt`, such as `0,3-1,4` for red's first guard
/// stepping up and right. The judge's command `0 3 1 4` is the same move.
/// Moves order by their source point, then their target point, each row by row.
///
/// ```
/// use duck_rules::{COORDINATES, Move};
///
/// let m: Move = "0,3-1,4".parse()?;
/// assert_eq!(m.from, COORDINATES.square(0, 3).unwrap());
/// assert_eq!(m.to, COORDINATES.square(1, 4).unwrap());
/// assert_eq!(m.to_string(), "0,3-1,4");
/// # Ok::<(), duck_rules::ParseMoveError>(())
/// ```
///
/// There is no `Default` move: no move is valid in every position, so a
/// default one would only stand for a move not yet known, which an
/// `Option<Move>` says better.
///
/// ```compile_fail
/// let mv = duck_rules::Move::default();
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl board_geometry::Filler for Move {
    /// The null move `0,0-0,0`, never valid, for the unused places of a
    /// [`MoveList`], which never hands them out.
    fn filler() -> Move {
        const CORNER: Square = match Square::from_index(0) {
            Some(square) => square,
            None => unreachable!(),
        };
        Move::new(CORNER, CORNER)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", Point(self.from), Point(self.to))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// The text is not a move written `xs,ys-xt,yt`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    text: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move: write xs,ys-xt,yt (rows 0 to 9, columns 0 to 8), such as 0,3-1,4",
            self.text
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `xs,ys-xt,yt`.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let error = || ParseMoveError { text: text.into() };
        let (from, to) = text.split_once('-').ok_or_else(error)?;
        Ok(Move::new(parse_point(from).ok_or_else(error)?, parse_point(to).ok_or_else(error)?))
    }
}

/// The most moves a side can have in any position: two cars with 17 each,
/// two horses and two ducks with 8 each, two elephants and two guards with 4
/// each, a captain with 4 and five soldiers with 8 each make 126. Positions
/// never hold more pieces than a side starts with (see
/// [`Position`](crate::Position)), so a [`MoveList`] of this capacity always suffices.
pub const MAX_MOVES: usize = 2 * 17 + 2 * 8 + 2 * 8 + 2 * 4 + 2 * 4 + 4 + 5 * 8;

/// A list of at most [`MAX_MOVES`] moves, stored inline without heap
/// allocation; it dereferences to a slice of [`Move`]s and iterates by value.
pub type MoveList = board_geometry::BoundedList<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    fn point(row: u8, column: u8) -> Square {
        COORDINATES.square(row.into(), column.into()).unwrap()
    }

    #[test]
    fn notation_round_trips_for_every_pair_of_points() {
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(m.to_string().parse::<Move>(), Ok(m));
            }
        }
        assert_eq!(Move::new(point(9, 0), point(8, 0)).to_string(), "9,0-8,0");
        assert_eq!(Point(point(0, 4)).to_string(), "0,4");
    }

    #[test]
    fn malformed_moves_are_rejected() {
        for text in [
            "",
            "0,0",
            "0,0-",
            "-0,0",
            "0,0-1,9",
            "0,0 1,0",
            "0 0 1 0",
            "0,0-1,0-2,0",
            "0,0--1,0",
            "10,0-0,0",
            "0,0-0,0 ",
            "a,0-0,0",
            "0;0-0,0",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text:?}");
        }
        assert_eq!(
            "0,0-1,9".parse::<Move>().unwrap_err().to_string(),
            "'0,0-1,9' is not a move: write xs,ys-xt,yt (rows 0 to 9, columns 0 to 8), such as 0,3-1,4"
        );
    }

    #[test]
    fn moves_order_by_source_then_target_row_by_row() {
        let mut moves = [
            Move::new(point(1, 0), point(0, 0)),
            Move::new(point(0, 8), point(1, 8)),
            Move::new(point(0, 8), point(0, 7)),
        ];
        moves.sort();
        let text: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["0,8-0,7", "0,8-1,8", "1,0-0,0"]);
    }
}
