//! Moves: written in square names (`d0e1`, as [`Square`]s are), or in the
//! judge's coordinates (`0 3 1 4`) through [`JudgeMove`]; and fixed-capacity
//! lists of them.

use core::fmt;
use core::str::FromStr;

use board_geometry::{RowColumn, RowsFrom};

use crate::Square;

/// The judge's coordinates: a point is `(x, y)` = (row, column), rows 0..9
/// from red's side, columns 0..8 from the left, `(0,0)` the bottom-left point
/// where a red car starts. Row `x`, column `y` is the square on file `y`
/// (`a` for column 0 to `i` for column 8) and rank `x`, so the judge's
/// `(0, 4)` is the square `e0`.
///
/// Only the replay task's log and what answers it speak in these numbers
/// ([`JudgeMove`], [`Move::from_judge`]); everything else names squares.
///
/// ```
/// use duck_rules::{COORDINATES, Square};
///
/// let captain: Square = COORDINATES.square(0, 4).expect("on the board");
/// assert_eq!(captain.to_string(), "e0"); // the same point as a square
/// assert_eq!((COORDINATES.row(captain), COORDINATES.column(captain)), (0, 4));
/// ```
pub const COORDINATES: RowColumn = RowColumn::new(RowsFrom::Bottom, 0);

/// A move: the piece on `from` goes to `to`, removing whatever enemy piece stands there.
///
/// The notation (`Display` and `FromStr`) names the two squares, as
/// [`Square`] does, in the shape of xiangqi's ICCS moves: `d0e1` for red's
/// first guard stepping up and right; `FromStr` also reads `d0-e1` and upper
/// case. The judge's command `0 3 1 4` (row and column of each point, see
/// [`COORDINATES`]) is the same move in the judge's coordinates: read it with
/// [`JudgeMove`] (or build it with [`Move::from_judge`]), write it with
/// [`Move::to_judge`].
///
/// ```
/// use duck_rules::{JudgeMove, Move};
///
/// let guard: Move = "d0e1".parse()?;
/// assert_eq!((guard.from.to_string(), guard.to.to_string()), ("d0".into(), "e1".into()));
/// assert_eq!(guard.to_string(), "d0e1");
/// assert_eq!(guard, "D0-E1".parse()?);
///
/// // The judge's command for the same move.
/// assert_eq!("0 3 1 4".parse::<JudgeMove>()?.to_move(), guard);
/// assert_eq!(Move::from_judge(0, 3, 1, 4), Some(guard));
/// assert_eq!(guard.to_judge().to_string(), "0 3 1 4");
/// # Ok::<(), duck_rules::ParseMoveError>(())
/// ```
///
/// Moves order by their source square, then their target square, each rank
/// by rank from `a0` (`a0`, `b0`, ..., `i0`, `a1`, ...): the order of the
/// judge's numbers `xs ys xt yt`, and the order in which
/// [`Position::legal_moves`](crate::Position::legal_moves) lists them.
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

board_geometry::impl_move!(Move, board_geometry::NineByTen, ParseMoveError, |text| ParseMoveError {
    text: text.into(),
    notation: Notation::Squares
});

impl Move {
    /// The move of the judge's command `xs ys xt yt`: from row `xs`, column
    /// `ys` to row `xt`, column `yt` (see [`COORDINATES`]), or `None` if a
    /// point is off the board (a row above 9 or a column above 8).
    ///
    /// ```
    /// use duck_rules::Move;
    ///
    /// assert_eq!(Move::from_judge(0, 3, 1, 4).map(|m| m.to_string()).as_deref(), Some("d0e1"));
    /// assert_eq!(Move::from_judge(0, 3, 1, 9), None, "column 9 is off the board");
    /// ```
    #[must_use]
    pub const fn from_judge(xs: u8, ys: u8, xt: u8, yt: u8) -> Option<Move> {
        match (judge_point(xs, ys), judge_point(xt, yt)) {
            (Some(from), Some(to)) => Some(Move::new(from, to)),
            _ => None,
        }
    }

    /// The same move in the judge's coordinates, which writes itself as the
    /// judge's command: `d0e1` is `0 3 1 4`.
    #[must_use]
    pub const fn to_judge(self) -> JudgeMove {
        JudgeMove(self)
    }
}

/// The square of the judge's row `row` and column `column`, if it is on the board.
const fn judge_point(row: u8, column: u8) -> Option<Square> {
    COORDINATES.square(row as i64, column as i64)
}

/// A [`Move`] in the judge's coordinates: the replay task's command
/// `xs ys xt yt`, which moves the piece on row `xs`, column `ys` to row
/// `xt`, column `yt` (see [`COORDINATES`]).
///
/// `Display` writes the judge's command, four digits with one space between
/// them: `0 3 1 4`. [`JudgeMove::compact`] writes the same numbers as one
/// word, `0,3-1,4`, for a command line or a JSON field. `FromStr` reads both:
/// the four digits separated by spaces or tabs, or `xs,ys-xt,yt`; each digit
/// is a row 0 to 9 or a column 0 to 8. (The replay task's reader,
/// `tasks::replay::Reader`, reads whole logs, with the judge's looser
/// numbers, such as `+3` or `03`, and located errors.)
///
/// [`Move::to_judge`] and [`JudgeMove::to_move`] (or `From`) go between the
/// two; the move is the same, only its writing differs.
///
/// ```
/// use duck_rules::{JudgeMove, Move};
///
/// let command: JudgeMove = "0 3 1 4".parse()?;
/// let guard: Move = "d0e1".parse()?;
/// assert_eq!(command.to_move(), guard);
/// assert_eq!(command, guard.to_judge());
/// assert_eq!(command.coordinates(), [0, 3, 1, 4]);
/// assert_eq!(command.to_string(), "0 3 1 4");
/// assert_eq!(command.compact().to_string(), "0,3-1,4");
/// assert_eq!("0,3-1,4".parse::<JudgeMove>()?, command);
/// # Ok::<(), duck_rules::ParseMoveError>(())
/// ```
///
/// Judge moves order as their moves do: by the four numbers in turn.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct JudgeMove(Move);

impl JudgeMove {
    /// The move, to play or to write in square names.
    #[must_use]
    pub const fn to_move(self) -> Move {
        self.0
    }

    /// The judge's four numbers `[xs, ys, xt, yt]`: the row and column of the
    /// source point, then of the target point.
    #[must_use]
    pub const fn coordinates(self) -> [u8; 4] {
        let Move { from, to } = self.0;
        [COORDINATES.row(from), COORDINATES.column(from), COORDINATES.row(to), COORDINATES.column(to)]
    }

    /// The same numbers written as one word, `xs,ys-xt,yt`: `0,3-1,4`.
    #[must_use]
    pub const fn compact(self) -> impl fmt::Display + Copy {
        Compact(self)
    }
}

impl From<Move> for JudgeMove {
    fn from(mv: Move) -> JudgeMove {
        mv.to_judge()
    }
}

impl From<JudgeMove> for Move {
    fn from(command: JudgeMove) -> Move {
        command.to_move()
    }
}

impl fmt::Display for JudgeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [xs, ys, xt, yt] = self.coordinates();
        write!(f, "{xs} {ys} {xt} {yt}")
    }
}

impl fmt::Debug for JudgeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A judge move written `xs,ys-xt,yt` (see [`JudgeMove::compact`]).
#[derive(Copy, Clone)]
struct Compact(JudgeMove);

impl fmt::Display for Compact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [xs, ys, xt, yt] = self.0.coordinates();
        write!(f, "{xs},{ys}-{xt},{yt}")
    }
}

impl FromStr for JudgeMove {
    type Err = ParseMoveError;

    /// Reads `xs ys xt yt` (spaces or tabs between the digits) or `xs,ys-xt,yt`.
    fn from_str(text: &str) -> Result<JudgeMove, ParseMoveError> {
        let error = || ParseMoveError { text: text.into(), notation: Notation::Judge };
        let digits = match *text.as_bytes() {
            [xs, b',', ys, b'-', xt, b',', yt] => [xs, ys, xt, yt],
            _ => {
                let is_blank = |c: char| c == ' ' || c == '\t';
                if text.starts_with(is_blank) || text.ends_with(is_blank) {
                    return Err(error());
                }
                let mut fields = text.split(is_blank).filter(|field| !field.is_empty());
                let mut digits = [0; 4];
                for digit in &mut digits {
                    match fields.next().map(str::as_bytes) {
                        Some(&[byte]) => *digit = byte,
                        _ => return Err(error()),
                    }
                }
                if fields.next().is_some() {
                    return Err(error());
                }
                digits
            }
        };
        let [xs, ys, xt, yt] = digits.map(|byte| if byte.is_ascii_digit() { byte - b'0' } else { u8::MAX });
        Move::from_judge(xs, ys, xt, yt).map(Move::to_judge).ok_or_else(error)
    }
}

/// Which writing of a move a text failed to be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Notation {
    /// Two squares, `d0e1` ([`Move`]).
    Squares,
    /// The judge's coordinates, `0 3 1 4` ([`JudgeMove`]).
    Judge,
}

/// The text is not a move: for [`Move`], not two squares such as `d0e1`; for
/// [`JudgeMove`], not the judge's `xs ys xt yt` or `xs,ys-xt,yt` on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    text: String,
    notation: Notation,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match self.notation {
            Notation::Squares => write!(
                f,
                "'{text}' is not a move: write its two squares, such as d0e1 (files a to i, ranks 0 to 9)"
            ),
            Notation::Judge => write!(
                f,
                "'{text}' is not a move in the judge's coordinates: write xs ys xt yt, such as 0 3 1 4, \
                 or xs,ys-xt,yt, such as 0,3-1,4 (rows 0 to 9, columns 0 to 8)"
            ),
        }
    }
}

impl std::error::Error for ParseMoveError {}

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
    use board_geometry::testing::{assert_none_parse, parse_error};

    use super::*;
    use crate::position::tests::point;

    /// The move from each point to each point, the null moves included.
    fn every_pair_of_points() -> impl Iterator<Item = Move> {
        Square::all().flat_map(|from| Square::all().map(move |to| Move::new(from, to)))
    }

    #[test]
    fn square_notation_round_trips_for_every_pair_of_points() {
        for m in every_pair_of_points() {
            let (from, to) = (m.from, m.to);
            let text = m.to_string();
            assert_eq!(text, format!("{from}{to}"), "a move is its two squares");
            assert_eq!(text.parse::<Move>(), Ok(m));
            assert_eq!(format!("{from}-{to}").to_uppercase().parse::<Move>(), Ok(m));
            assert_eq!(format!("{m:?}"), text, "Debug shows the squares too");
        }
        assert_eq!(Move::new(point(9, 0), point(8, 0)).to_string(), "a9a8");
        assert_eq!(Move::new(point(0, 3), point(1, 4)).to_string(), "d0e1");
    }

    #[test]
    fn judge_notation_round_trips_for_every_pair_of_points() {
        for m in every_pair_of_points() {
            let command = m.to_judge();
            let [xs, ys, xt, yt] = command.coordinates();
            assert_eq!([xs, ys], [COORDINATES.row(m.from), COORDINATES.column(m.from)]);
            assert_eq!([xt, yt], [COORDINATES.row(m.to), COORDINATES.column(m.to)]);
            assert_eq!(Move::from_judge(xs, ys, xt, yt), Some(m));
            let text = command.to_string();
            assert_eq!(text, format!("{xs} {ys} {xt} {yt}"));
            assert_eq!(text.parse::<JudgeMove>(), Ok(command));
            let compact = command.compact().to_string();
            assert_eq!(compact, format!("{xs},{ys}-{xt},{yt}"));
            assert_eq!(compact.parse::<JudgeMove>(), Ok(command));
            assert_eq!(Move::from(command), m);
            assert_eq!(JudgeMove::from(m), command);
            assert_eq!(format!("{command:?}"), text);
        }
    }

    #[test]
    fn the_judge_command_and_the_squares_are_one_move() {
        // The statement's `0 3 1 4`: red's guard from row 0, column 3 to row 1, column 4.
        let command: JudgeMove = "0 3 1 4".parse().unwrap();
        let squares: Move = "d0e1".parse().unwrap();
        assert_eq!(command.to_move(), squares);
        assert_eq!(squares.from, point(0, 3));
        assert_eq!(squares.to, point(1, 4));
        assert_eq!(squares.to_judge().to_string(), "0 3 1 4");
        assert_eq!(squares.to_judge().compact().to_string(), "0,3-1,4");
        // Each notation refuses the other's writing, so neither is read by mistake.
        assert!("0 3 1 4".parse::<Move>().is_err());
        assert!("0,3-1,4".parse::<Move>().is_err());
        assert!("d0e1".parse::<JudgeMove>().is_err());
        // The row comes first: `1 0 0 0` is a1a0, not b0a0.
        assert_eq!("1 0 0 0".parse::<JudgeMove>().unwrap().to_move().to_string(), "a1a0");
    }

    #[test]
    fn judge_commands_take_any_run_of_spaces_and_tabs_between_the_digits() {
        let command = Move::from_judge(9, 8, 0, 0).unwrap().to_judge();
        for text in ["9 8 0 0", "9  8\t0 \t 0", "9\t8\t0\t0", "9,8-0,0"] {
            assert_eq!(text.parse::<JudgeMove>(), Ok(command), "{text:?}");
        }
    }

    #[test]
    fn malformed_moves_are_rejected() {
        assert_none_parse::<Move>(&[
            "", "d0", "d0e", "d0e1e", "d0_e1", "j0a0", "a0j0", "a10a0", "d0--e1", "d-0e1", "é0e1", " d0e1",
            "d0e1 ", "0,3-1,4", "0 3 1 4",
        ]);
        assert_eq!(
            parse_error::<Move>("z9a0"),
            "'z9a0' is not a move: write its two squares, such as d0e1 (files a to i, ranks 0 to 9)"
        );
    }

    #[test]
    fn malformed_judge_commands_are_rejected() {
        assert_none_parse::<JudgeMove>(&[
            "",
            "0 3 1",
            "0 3 1 4 5",
            " 0 3 1 4",
            "0 3 1 4 ",
            "0 3 1 4\n",
            "0 3 1 9",
            "10 3 1 4",
            "03 3 1 4",
            "+0 3 1 4",
            "0 3 1 a",
            "0,3-1,9",
            "0,3-1,",
            "0,3 1,4",
            "0;3-1,4",
            "0,3--1,4",
            "0,3-1,4-2,0",
            "0,3-1,4 ",
            "d0e1",
            "0 3 1 é",
        ]);
        assert_eq!(
            parse_error::<JudgeMove>("0 3 1 9"),
            "'0 3 1 9' is not a move in the judge's coordinates: write xs ys xt yt, such as 0 3 1 4, \
             or xs,ys-xt,yt, such as 0,3-1,4 (rows 0 to 9, columns 0 to 8)"
        );
        assert_eq!(Move::from_judge(10, 0, 0, 0), None);
        assert_eq!(Move::from_judge(0, 0, 0, 9), None);
        assert_eq!(Move::from_judge(u8::MAX, 0, 0, 0), None);
    }

    #[test]
    fn moves_order_by_source_then_target_rank_by_rank() {
        let mut moves = [
            Move::new(point(1, 0), point(0, 0)),
            Move::new(point(0, 8), point(1, 8)),
            Move::new(point(0, 8), point(0, 7)),
        ];
        moves.sort();
        let text: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["i0h0", "i0i1", "a1a0"]);
        let mut commands = moves.map(Move::to_judge);
        commands.reverse();
        commands.sort();
        let numbers: Vec<[u8; 4]> = commands.iter().map(|c| c.coordinates()).collect();
        assert_eq!(numbers, [[0, 8, 0, 7], [0, 8, 1, 8], [1, 0, 0, 0]], "by the judge's numbers");
    }
}
