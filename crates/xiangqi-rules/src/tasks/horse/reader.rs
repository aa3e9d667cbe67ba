//! Reading boards of the task: 90 numbers each, in tokens and whitespace.

use core::fmt;
use std::io::Read;

use board_geometry::text_input::{IntegerError, Located, Scanner, StreamError, TextPosition, excerpt};

use super::codes::piece_of_code;
use super::{COORDINATES, Case, SetupError};
use crate::{Board, Square};

/// The numbers of one board: 10 rows of 9.
const NUMBERS: u8 = 90;

/// What is wrong with a board of the input (see [`InputError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseProblem {
    /// The input holds no number at all, so not even one board.
    NoBoard,
    /// A token is not a whole number.
    NotANumber {
        /// The point of the matrix it stands for.
        at: Square,
        /// The token as written (cut short if long).
        text: String,
    },
    /// A number is not one of the piece codes 0, 1..7, 11..17.
    NotACode {
        /// The point of the matrix it stands for.
        at: Square,
        /// The number as written (cut short if long).
        text: String,
    },
    /// A line that does not hold whole rows: its count of numbers is not a
    /// multiple of 9, so a row of the board is split across lines.
    RowCut {
        /// The point of the matrix where the split row starts.
        at: Square,
        /// How many numbers the line holds.
        numbers: u64,
    },
    /// The input ends before the board's 90th number.
    EndsInsideBoard {
        /// The first point left without a number.
        at: Square,
    },
    /// The numbers are codes, but the pieces break the task's promise.
    Setup(SetupError),
}

impl CaseProblem {
    /// The point of the matrix the problem is at, if it is at one.
    #[must_use]
    pub const fn point(&self) -> Option<Square> {
        match self {
            CaseProblem::NoBoard => None,
            CaseProblem::NotANumber { at, .. }
            | CaseProblem::NotACode { at, .. }
            | CaseProblem::RowCut { at, .. }
            | CaseProblem::EndsInsideBoard { at } => Some(*at),
            CaseProblem::Setup(error) => error.point(),
        }
    }
}

impl fmt::Display for CaseProblem {
    /// The problem alone, without board, row and column (see [`InputError`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseProblem::NoBoard => f.write_str("the input holds no board: expected 10 rows of 9 numbers"),
            CaseProblem::NotANumber { text, .. } => {
                write!(f, "'{text}' is not a number: expected a piece code (0 empty, 1-7 red, 11-17 black)")
            }
            CaseProblem::NotACode { text, .. } => {
                write!(f, "{text} is not a piece code: codes are 0 (empty), 1-7 (red) and 11-17 (black)")
            }
            CaseProblem::RowCut { numbers, .. } => write!(
                f,
                "this row is split across lines: a line holds whole rows of 9 numbers, and this one holds {numbers}"
            ),
            CaseProblem::EndsInsideBoard { at } => write!(
                f,
                "missing: the input ends after {} of the board's {NUMBERS} numbers (10 rows of 9)",
                COORDINATES.reading_index(*at)
            ),
            CaseProblem::Setup(error) => write!(f, "{error}"),
        }
    }
}

/// A board of the input that breaks the task's promise: which board (from
/// 1), and what is wrong with it.
///
/// `Display` puts the board number in front when it is 2 or more (so that a
/// one-board input reads as the task knows it), then the row and column of
/// the matrix when the problem is at a point, then the problem:
/// `board 2, row 0, column 3: 8 is not a piece code: ...`. The line and
/// column of the text come with it in a [`Located`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The board it is in, counting from 1.
    pub board: u64,
    /// What is wrong.
    pub problem: CaseProblem,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board > 1 {
            write!(f, "board {}", self.board)?;
        }
        if let Some(at) = self.problem.point() {
            let comma = if self.board > 1 { ", " } else { "" };
            write!(f, "{comma}row {}, column {}", COORDINATES.row(at), COORDINATES.column(at))?;
        }
        if self.board > 1 || self.problem.point().is_some() {
            f.write_str(": ")?;
        }
        write!(f, "{}", self.problem)
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            CaseProblem::Setup(error) => Some(error),
            _ => None,
        }
    }
}

/// Reads the boards of the task one by one from any reader.
///
/// The input is read as the judge's `scanf` reads it: whitespace-separated
/// numbers, blank lines, tabs and any line ends meaning nothing; each board
/// is the next 90 numbers, row by row from the top. One rule keeps a
/// mistyped row from shifting the rest of the board: a line holds whole rows,
/// so the count of numbers on a line is a multiple of 9 (a whole board on one
/// line is fine; a row of 8 or 10 numbers is an error at that line). Memory
/// stays flat for any input size. An input with no number at all is an error
/// ([`CaseProblem::NoBoard`]): the task promises a board.
///
/// After an error the reader is spent: further calls return `Ok(None)`.
///
/// ```
/// use xiangqi_rules::tasks::horse::{CaseReader, Rule};
///
/// let mut text = String::from("0 0 0 0 15 0 0 0 0\n");
/// for _ in 0..8 {
///     text.push_str("0 0 0 0 0 0 0 0 0\n");
/// }
/// text.push_str("12 0 0 0 5 0 0 0 0\n");
/// let mut reader = CaseReader::new(text.as_bytes());
/// let board = reader.next_board()?.expect("one board");
/// assert_eq!(board.moves(Rule::FlyingGeneralPin).to_string(), "(7,1)\n(8,2)\n");
/// assert!(reader.next_board()?.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CaseReader<R> {
    scanner: Scanner<R>,
    boards: u64,
    spent: bool,
    /// The line of the last number read, and how many numbers it holds so far.
    line: u64,
    on_line: u64,
    /// Where the row the last number belongs to starts, and its board point.
    row_start: (TextPosition, Square),
}

impl<R: Read> CaseReader<R> {
    /// A reader of the boards in `input`.
    pub fn new(input: R) -> Self {
        let corner = COORDINATES.square_at_reading_index(0).unwrap_or_else(|| unreachable!());
        CaseReader {
            scanner: Scanner::new(input),
            boards: 0,
            spent: false,
            line: 0,
            on_line: 0,
            row_start: (TextPosition::new(1, 1), corner),
        }
    }

    /// How many boards have been read so far.
    #[must_use]
    pub const fn boards_read(&self) -> u64 {
        self.boards
    }

    /// The next board, or `None` once only whitespace is left.
    ///
    /// # Errors
    /// A board that breaks the task's promise, with the line and column of
    /// the offending number (the board's first number for a missing horse,
    /// the start of a row that a line cuts, the end of the last number for
    /// input that ends inside a board), unreadable text, or a failure to read.
    pub fn next_board(&mut self) -> Result<Option<Case>, StreamError<InputError>> {
        if self.spent {
            return Ok(None);
        }
        let result = self.read_board();
        if result.is_err() {
            self.spent = true;
        }
        result
    }

    /// Counts a number at `position` standing for point `at`, first checking
    /// that the line before it, if it has ended, held whole rows.
    fn count_number(&mut self, position: TextPosition, at: Square) -> Result<(), CaseProblem> {
        if position.line != self.line {
            self.end_of_line()?;
            self.line = position.line;
            self.on_line = 0;
        }
        if self.on_line % 9 == 0 {
            self.row_start = (position, at);
        }
        self.on_line += 1;
        Ok(())
    }

    /// Checks that the line of the last number holds whole rows.
    fn end_of_line(&self) -> Result<(), CaseProblem> {
        if self.on_line % 9 == 0 {
            Ok(())
        } else {
            Err(CaseProblem::RowCut { at: self.row_start.1, numbers: self.on_line })
        }
    }

    fn read_board(&mut self) -> Result<Option<Case>, StreamError<InputError>> {
        let number = self.boards + 1;
        let fail = |position, kind| {
            Err(StreamError::Input(Located::new(position, InputError { board: number, problem: kind })))
        };
        if self.scanner.at_end()? {
            return if self.boards == 0 {
                fail(TextPosition::new(1, 1), CaseProblem::NoBoard)
            } else {
                Ok(None)
            };
        }
        let mut board = Board::empty();
        let mut positions = [TextPosition::new(1, 1); NUMBERS as usize];
        let mut end = TextPosition::new(1, 1);
        for (index, position_slot) in (0..NUMBERS).zip(positions.iter_mut()) {
            let Some(at) = COORDINATES.square_at_reading_index(index) else { break };
            let Some(token) = self.scanner.next_token()? else {
                return fail(end, CaseProblem::EndsInsideBoard { at });
            };
            let position = token.position();
            *position_slot = position;
            end = TextPosition::new(position.line, position.column + token.bytes().len() as u64);
            // The text is kept only when the number is no piece code, for the message.
            let code = match token.integer() {
                Ok(number) => piece_of_code(number).ok_or_else(|| excerpt(token.bytes())),
                Err(IntegerError::TooLarge) => Err(excerpt(token.bytes())),
                Err(IntegerError::NotAnInteger) => {
                    return fail(position, CaseProblem::NotANumber { at, text: excerpt(token.bytes()) });
                }
            };
            if let Err(cut) = self.count_number(position, at) {
                return fail(self.row_start.0, cut);
            }
            match code {
                Ok(Some(piece)) => {
                    board.put(at, piece);
                }
                Ok(None) => {}
                Err(text) => return fail(position, CaseProblem::NotACode { at, text }),
            }
        }
        self.boards = number;
        match Case::new(board) {
            Ok(board) => Ok(Some(board)),
            Err(error) => {
                let index = error.point().map_or(0, |point| usize::from(COORDINATES.reading_index(point)));
                let position = positions.get(index).copied().unwrap_or(positions[0]);
                fail(position, CaseProblem::Setup(error))
            }
        }
    }
}

impl<R: Read> Iterator for CaseReader<R> {
    type Item = Result<Case, StreamError<InputError>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_board().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rule;
    use super::*;

    /// Ninety numbers: a black horse on `horse` (reading index) and empty points,
    /// then `changes` as (reading index, token).
    fn board_text(horse: usize, changes: &[(usize, &str)]) -> String {
        let mut tokens = vec!["0"; 90];
        tokens[horse] = "12";
        for &(index, token) in changes {
            tokens[index] = token;
        }
        tokens.chunks(9).map(|row| row.join(" ") + "\n").collect()
    }

    fn error(text: &str) -> String {
        let mut reader = CaseReader::new(text.as_bytes());
        loop {
            match reader.next_board() {
                Ok(Some(_)) => {}
                Ok(None) => panic!("no error in {text:?}"),
                Err(StreamError::Input(error)) => return error.to_string(),
                Err(other) => panic!("{other}"),
            }
        }
    }

    fn boards(text: &str) -> Vec<String> {
        CaseReader::new(text.as_bytes())
            .map(|board| board.unwrap().moves(Rule::FlyingGeneralPin).to_string())
            .collect()
    }

    #[test]
    fn whitespace_of_any_kind_separates_numbers() {
        let plain = board_text(40, &[]);
        let messy = format!("\r\n\t {}\r\n\r\n", plain.replace('\n', "\r\n\t").replacen(' ', "\t\t", 5));
        assert_eq!(boards(&plain), boards(&messy));
        let one_line = plain.replace('\n', " ");
        assert_eq!(boards(&one_line), ["(2,3)\n(2,5)\n(3,2)\n(3,6)\n(5,2)\n(5,6)\n(6,3)\n(6,5)\n"]);
        assert_eq!(boards(&board_text(40, &[(0, "+0"), (1, "007")])).len(), 1);
    }

    #[test]
    fn several_boards_with_or_without_blank_lines() {
        let first = board_text(0, &[]);
        let second = board_text(89, &[(78, "1")]);
        let together = format!("{first}{second}");
        assert_eq!(boards(&together), ["(1,2)\n(2,1)\n", "(7,7)\n(8,6)\n"]);
        let apart = format!("{first}\n\n{second}\n\n");
        assert_eq!(boards(&apart), boards(&together));
        // Boards need not start on a line of their own.
        let joined = format!("{} {}", first.trim_end(), second);
        assert_eq!(boards(&joined), boards(&together));
    }

    #[test]
    fn bad_tokens_are_named_by_row_column_line_and_column() {
        assert_eq!(
            error(&board_text(40, &[(3, "x")])),
            "1:7: row 0, column 3: 'x' is not a number: expected a piece code (0 empty, 1-7 red, 11-17 black)"
        );
        assert_eq!(
            error(&board_text(40, &[(10, "8")])),
            "2:3: row 1, column 1: 8 is not a piece code: codes are 0 (empty), 1-7 (red) and 11-17 (black)"
        );
        assert!(error(&board_text(40, &[(10, "18")])).contains("18 is not a piece code"));
        assert!(error(&board_text(40, &[(10, "-1")])).contains("-1 is not a piece code"));
        assert!(error(&board_text(40, &[(10, "10")])).contains("10 is not a piece code"));
        assert!(
            error(&board_text(40, &[(10, "99999999999999999999")])).contains("99999999999999999999 is not")
        );
        assert!(error(&board_text(40, &[(10, "1.5")])).contains("'1.5' is not a number"));
        let long = "y".repeat(100);
        assert!(error(&board_text(40, &[(10, &long)])).contains(&format!("'{}...'", "y".repeat(40))));
    }

    #[test]
    fn a_line_holds_whole_rows() {
        // A row of ten numbers: the tenth starts a row the line cuts, and
        // nothing is answered for the shifted board.
        let ten = board_text(40, &[]).replacen('\n', " 0\n", 1);
        assert_eq!(
            error(&ten),
            "1:19: row 1, column 0: this row is split across lines: a line holds whole rows of 9 numbers, \
             and this one holds 10"
        );
        let eight = board_text(40, &[]).replacen("0 0\n", "0\n", 1);
        assert_eq!(
            error(&eight),
            "1:1: row 0, column 0: this row is split across lines: a line holds whole rows of 9 numbers, \
             and this one holds 8"
        );
        // Whole rows may share a line, and a board may end inside one.
        let one_line = board_text(40, &[]).replace('\n', " ");
        assert_eq!(boards(&one_line).len(), 1);
        let joined =
            format!("{}\n", board_text(0, &[]).replace('\n', " ") + &board_text(89, &[]).replace('\n', " "));
        assert_eq!(boards(&joined).len(), 2);
    }

    #[test]
    fn input_ending_inside_a_board_names_the_first_missing_point() {
        assert_eq!(
            error("12 0 0 0 0\n"),
            "1:11: row 0, column 5: missing: the input ends after 5 of the board's 90 numbers (10 rows of 9)"
        );
        let mut text = board_text(40, &[]);
        text.push_str("0 0 0\n\n");
        assert_eq!(
            error(&text),
            "11:6: board 2, row 0, column 3: missing: the input ends after 3 of the board's 90 numbers (10 rows of 9)"
        );
        let almost: String = board_text(40, &[]).split_whitespace().skip(1).collect::<Vec<_>>().join(" ");
        assert!(error(&almost).contains("row 9, column 8: missing: the input ends after 89 of"));
    }

    #[test]
    fn no_input_at_all_is_no_board() {
        for empty in ["", "\n\n", " \t\r\n "] {
            assert_eq!(error(empty), "1:1: the input holds no board: expected 10 rows of 9 numbers");
        }
    }

    #[test]
    fn setup_errors_point_at_the_offending_number() {
        assert_eq!(
            error(&board_text(40, &[(40, "0"), (0, "5")])),
            "1:1: there is no black horse (12) on the board; it must hold exactly one"
        );
        assert_eq!(
            error(&board_text(40, &[(50, "12")])),
            "6:11: row 5, column 5: a second black horse (12); the first stands at row 4, column 4, \
             and the board must hold exactly one"
        );
        assert_eq!(
            error(&board_text(40, &[(84, "5"), (86, "5")])),
            "10:11: row 9, column 5: a second red general (5); the first stands at row 9, column 3, \
             and a side has at most one"
        );
        assert_eq!(
            error(&board_text(40, &[(3, "15"), (13, "15")])),
            "2:9: row 1, column 4: a second black general (15); the first stands at row 0, column 3, \
             and a side has at most one"
        );
        let two = format!("{}\n{}", board_text(0, &[]), board_text(40, &[(40, "0")]));
        assert_eq!(
            error(&two),
            "12:1: board 2: there is no black horse (12) on the board; it must hold exactly one"
        );
    }

    #[test]
    fn an_error_in_a_later_board_comes_after_the_earlier_boards() {
        let text = format!("{}{}", board_text(0, &[]), board_text(40, &[(9, "x")]));
        let mut reader = CaseReader::new(text.as_bytes());
        assert!(reader.next_board().unwrap().is_some());
        assert_eq!(reader.boards_read(), 1);
        match reader.next_board() {
            Err(StreamError::Input(error)) => {
                assert_eq!(error.position, TextPosition::new(12, 1));
                assert_eq!(error.error.board, 2);
                assert_eq!(error.error.problem.point(), COORDINATES.square(1, 0));
            }
            other => panic!("{other:?}"),
        }
        assert!(reader.next_board().unwrap().is_none(), "the reader is spent after an error");
    }
}
