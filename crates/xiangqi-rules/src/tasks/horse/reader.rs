//! Reading boards of the task: 90 numbers each, in tokens and whitespace.

use std::io::Read;

use board_geometry::text_input::{IntegerError, Located, ScanError, Scanner, TextPosition, excerpt};

use super::codes::piece_of_code;
use super::fast::{Filling, Matrix, POINTS};
use super::{COORDINATES, Case, CaseError, CaseProblem, InputError};
use crate::Square;

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
/// use xiangqi_rules::tasks::horse::{Reader, Rule};
///
/// let mut text = String::from("0 0 0 0 15 0 0 0 0\n");
/// for _ in 0..8 {
///     text.push_str("0 0 0 0 0 0 0 0 0\n");
/// }
/// text.push_str("12 0 0 0 5 0 0 0 0\n");
/// let mut reader = Reader::new(text.as_bytes());
/// let board = reader.next_case()?.expect("one board");
/// assert_eq!(board.moves(Rule::FlyingGeneralPin).to_string(), "(7,1)\n(8,2)\n");
/// assert!(reader.next_case()?.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    scanner: Scanner<R>,
    boards: u64,
    spent: bool,
    /// The line of the last number read, and how many numbers it holds so far.
    line: u64,
    on_line: u64,
    /// Where the row the last number belongs to starts, and its board point.
    row_start: (TextPosition, Square),
    /// Whether lines of plain codes are taken the fast way (always, but in
    /// the tests that compare the two ways).
    fast: bool,
    /// How many numbers were taken the fast way, and how many boards were
    /// found whole without the engine's check: the tests' proof that the
    /// fast way is taken, which gives the same boards as the careful way.
    #[cfg(test)]
    fast_numbers: usize,
    #[cfg(test)]
    unchecked_boards: u64,
}

impl<R: Read> Reader<R> {
    /// A reader of the boards in `input`.
    pub fn new(input: R) -> Self {
        let corner = COORDINATES.square_at_reading_index(0).unwrap_or_else(|| unreachable!());
        Reader {
            scanner: Scanner::new(input),
            boards: 0,
            spent: false,
            line: 0,
            on_line: 0,
            row_start: (TextPosition::new(1, 1), corner),
            fast: true,
            #[cfg(test)]
            fast_numbers: 0,
            #[cfg(test)]
            unchecked_boards: 0,
        }
    }

    /// A reader that reads every number the careful way, one by one, as
    /// the fast way must read the same.
    #[cfg(test)]
    fn number_by_number(input: R) -> Self {
        Reader { fast: false, ..Reader::new(input) }
    }

    /// How many boards have been read so far, not counting one with an error.
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
    pub fn next_case(&mut self) -> Result<Option<Case>, InputError> {
        Ok(self.next_matrix()?.map(|matrix| matrix.case()))
    }

    /// The next board as its matrix of codes: [`Reader::next_case`]
    /// without the engine's board, for the fast way of answering.
    pub(super) fn next_matrix(&mut self) -> Result<Option<Matrix>, InputError> {
        if self.spent {
            return Ok(None);
        }
        let result = self.read_matrix();
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

    /// Reads a board: whole lines of plain codes the fast way, anything else
    /// number by number, which says exactly what is wrong.
    fn read_matrix(&mut self) -> Result<Option<Matrix>, InputError> {
        let number = self.boards + 1;
        if self.scanner.at_end()? {
            return if self.boards == 0 {
                fail(number, TextPosition::new(1, 1), CaseProblem::NoBoard)
            } else {
                Ok(None)
            };
        }
        let mut board =
            BoardInProgress { filling: Filling::new(), read: 0, first: TextPosition::new(1, 1), clash: None };
        while board.read < POINTS {
            if !self.take_lines(&mut board)? {
                self.read_numbers(number, &mut board)?;
            }
        }
        let matrix = if let (None, Some(matrix)) = (board.clash, board.filling.finish()) {
            #[cfg(test)]
            {
                self.unchecked_boards += 1;
            }
            matrix
        } else {
            // The board may break the promise: the engine's check says how.
            match Case::new(board.filling.board()) {
                Ok(case) => board.filling.finish_at(COORDINATES.reading_index(case.horse())),
                Err(error) => {
                    let position = if error.point().is_some() { board.clash } else { None };
                    return fail(number, position.unwrap_or(board.first), CaseProblem::Setup(error));
                }
            }
        };
        self.boards = number;
        Ok(Some(matrix))
    }

    /// Takes the coming lines the fast way, as many as start a line (the
    /// line before held whole rows) and hold only piece codes written
    /// plainly, whole rows of them that fit in the board, and no second horse
    /// or general of a colour, and whose line end the scanner's buffer holds.
    /// Returns `false`, having consumed nothing, if the next line is not such.
    #[inline]
    fn take_lines(&mut self, board: &mut BoardInProgress) -> Result<bool, InputError> {
        if self.on_line % 9 != 0 || !self.fast {
            return Ok(false);
        }
        let text = self.scanner.peek_text()?;
        let Some((lines, length)) = board.filling.parse_lines(board.read, text) else { return Ok(false) };
        // A line's first number, not one after numbers already read on it
        // (rare: a whole board on a line and the next board after it).
        let at = self.scanner.unread_position();
        if at.line == self.line {
            return Ok(false);
        }
        self.scanner.consume_text(length);
        if board.read == 0 {
            board.first = at;
        }
        let numbers = board.filling.commit(lines);
        board.read += numbers;
        #[cfg(test)]
        {
            self.fast_numbers += numbers;
        }
        // The lines taken held whole rows, so the next number starts a row.
        self.line = self.scanner.position().line;
        self.on_line = 0;
        Ok(true)
    }

    /// Reads numbers one by one, from the next one to the end of its line
    /// or of the board, with an exact error for anything wrong.
    fn read_numbers(&mut self, number: u64, board: &mut BoardInProgress) -> Result<(), InputError> {
        let mut next = match self.scanner.next_token() {
            Ok(next) => next,
            // Text that cannot be read (a field too long) on a line after a
            // row cut short: the cut row is the first thing wrong.
            Err(ScanError::Text(error)) if self.on_line % 9 != 0 && error.position.line != self.line => {
                let cut = CaseProblem::RowCut { at: self.row_start.1, numbers: self.on_line };
                return fail(number, self.row_start.0, cut);
            }
            Err(error) => return Err(error.into()),
        };
        while let Some(at) =
            u8::try_from(board.read).ok().and_then(|i| COORDINATES.square_at_reading_index(i))
        {
            let Some(token) = next else {
                return fail(number, self.scanner.position(), CaseProblem::EndsInsideBoard { at });
            };
            let position = token.position();
            // The text is kept only when the token is no piece code, for the message.
            let not_a_code = || CaseProblem::NotACode { at, text: excerpt(token.bytes()) };
            let code = match token.integer() {
                Ok(number) => u8::try_from(number)
                    .ok()
                    .filter(|&code| piece_of_code(i64::from(code)).is_some())
                    .ok_or_else(not_a_code),
                Err(IntegerError::TooLarge) => Err(not_a_code()),
                Err(IntegerError::NotAnInteger) => {
                    Err(CaseProblem::NotANumber { at, text: excerpt(token.bytes()) })
                }
            };
            // A row cut short on the line before is the first thing wrong,
            // whatever this token is: a line holds whole rows.
            if let Err(cut) = self.count_number(position, at) {
                return fail(number, self.row_start.0, cut);
            }
            let code = match code {
                Ok(code) => code,
                Err(problem) => return fail(number, position, problem),
            };
            if board.read == 0 {
                board.first = position;
            }
            if !board.filling.take(board.read, code) && board.clash.is_none() {
                board.clash = Some(position);
            }
            board.read += 1;
            if board.read == POINTS {
                break;
            }
            next = self.scanner.next_in_line()?;
            if next.is_none() {
                // The line has ended: the next one may go the fast way.
                break;
            }
        }
        Ok(())
    }
}

/// A board being read, and what its messages need.
struct BoardInProgress {
    filling: Filling,
    /// How many of its numbers have been read.
    read: usize,
    /// Where its first number stands, for a missing horse.
    first: TextPosition,
    /// Where the first second horse or second general stands, if any.
    clash: Option<TextPosition>,
}

/// The error of board `board` at `position`.
fn fail<T>(board: u64, position: TextPosition, problem: CaseProblem) -> Result<T, InputError> {
    Err(InputError::Invalid(Located::new(position, CaseError { case: board, problem })))
}

board_geometry::impl_case_iterator!(Reader, Case, InputError);

#[cfg(test)]
mod tests {
    use super::super::generate::{GenerateOptions, Generator, write_input};
    use super::super::{Rule, SetupError};
    use super::*;
    use crate::tasks::test_support::horse_board_text as board_text;
    use board_geometry::random::Random;

    fn error(text: &str) -> String {
        let mut reader = Reader::new(text.as_bytes());
        loop {
            match reader.next_case() {
                Ok(Some(_)) => {}
                Ok(None) => panic!("no error in {text:?}"),
                Err(InputError::Invalid(error)) => return error.to_string(),
                Err(other) => panic!("{other}"),
            }
        }
    }

    fn boards(text: &str) -> Vec<String> {
        Reader::new(text.as_bytes())
            .map(|board| board.unwrap().moves(Rule::FlyingGeneralPin).to_string())
            .collect()
    }

    #[test]
    fn plain_lines_are_read_the_fast_way_and_whole_boards_need_no_engine_check() {
        // A board as judges write it; one whose second row holds a number
        // with a sign (`+0`: that line is read number by number); one whose
        // last row does; and one with two black horses on row 4 (read number
        // by number, and the engine's check says what is wrong).
        let plain = board_text(40, &[(4, "15"), (85, "5")]);
        let second_row = board_text(40, &[(13, "+0")]);
        let last_row = board_text(40, &[(89, "+0")]);
        let text = format!("{plain}\n{second_row}\n{last_row}\n{}", board_text(40, &[(41, "12")]));
        let mut reader = Reader::new(text.as_bytes());
        let mut read = 0;
        while let Ok(Some(_)) = reader.next_case() {
            read += 1;
        }
        assert_eq!(read, 3);
        assert_eq!(reader.unchecked_boards, 3);
        assert_eq!(reader.fast_numbers, 90 + 81 + 81 + 81);
        let mut careful = Reader::number_by_number(text.as_bytes());
        while let Ok(Some(_)) = careful.next_case() {}
        assert_eq!((careful.fast_numbers, careful.unchecked_boards), (0, 3));
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
        // A row cut short is the first thing wrong, whatever comes on the
        // next line: no number, no piece code, a number.
        let too_long = "0".repeat(3000);
        for next in ["0s", "x", "99", "-1", "0 0", too_long.as_str()] {
            assert_eq!(
                error(&format!("0 0 0 0\n{next}\n")),
                "1:1: row 0, column 0: this row is split across lines: a line holds whole rows of 9 numbers, \
                 and this one holds 4",
                "{next:?}"
            );
        }
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
        // The same when the first line is read number by number.
        assert_eq!(
            error(&board_text(40, &[(40, "0"), (1, "+0")])),
            "1:1: there is no black horse (12) on the board; it must hold exactly one"
        );
        // Of two clashes, the first in reading order is the one named.
        assert_eq!(
            error(&board_text(40, &[(50, "12"), (3, "15"), (70, "15")])),
            "6:11: row 5, column 5: a second black horse (12); the first stands at row 4, column 4, \
             and the board must hold exactly one"
        );
    }

    #[test]
    fn a_setup_error_gives_the_engines_error_as_its_source() {
        let text = board_text(40, &[(50, "12")]);
        let Err(InputError::Invalid(located)) = Reader::new(text.as_bytes()).next_case() else {
            panic!("no error")
        };
        let source = std::error::Error::source(&located.error).unwrap();
        let expected = SetupError::SecondBlackHorse {
            first: COORDINATES.square(4, 4).unwrap(),
            second: COORDINATES.square(5, 5).unwrap(),
        };
        assert_eq!(source.to_string(), expected.to_string());
        let text = board_text(40, &[(9, "x")]);
        let Err(InputError::Invalid(located)) = Reader::new(text.as_bytes()).next_case() else {
            panic!("no error")
        };
        assert!(std::error::Error::source(&located.error).is_none());
    }

    #[test]
    fn an_error_in_a_later_board_comes_after_the_earlier_boards() {
        let text = format!("{}{}{}", board_text(0, &[]), board_text(1, &[]), board_text(40, &[(9, "x")]));
        let mut reader = Reader::new(text.as_bytes());
        assert_eq!(reader.boards_read(), 0);
        assert!(reader.next_case().unwrap().is_some());
        assert!(reader.next_case().unwrap().is_some());
        assert_eq!(reader.boards_read(), 2);
        match reader.next_case() {
            Err(InputError::Invalid(error)) => {
                assert_eq!(error.position, TextPosition::new(22, 1));
                assert_eq!(error.error.case, 3);
                assert_eq!(error.error.problem.point(), COORDINATES.square(1, 0));
            }
            other => panic!("{other:?}"),
        }
        assert!(reader.next_case().unwrap().is_none(), "the reader is spent after an error");
        assert_eq!(reader.boards_read(), 2, "a board with an error is not counted");
        let broken_setup = format!("{}{}", board_text(0, &[]), board_text(40, &[(50, "12")]));
        let mut reader = Reader::new(broken_setup.as_bytes());
        while let Ok(Some(_)) = reader.next_case() {}
        assert_eq!(reader.boards_read(), 1);
    }

    /// The boards a reader reads, and its error at the end, if any.
    fn outcome(mut reader: Reader<impl Read>) -> (Vec<Case>, Option<String>) {
        let mut cases = Vec::new();
        loop {
            match reader.next_case() {
                Ok(Some(case)) => cases.push(case),
                Ok(None) => return (cases, None),
                Err(error) => return (cases, Some(error.to_string())),
            }
        }
    }

    /// A reader that hands out its text in pieces of random length, so that
    /// lines are cut at every place by the scanner's blocks.
    struct Pieces<'a> {
        text: &'a [u8],
        random: Random,
        most: u64,
    }

    impl Read for Pieces<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let wanted = usize::try_from(1 + self.random.below(self.most)).unwrap_or(1);
            let length = wanted.min(out.len()).min(self.text.len());
            out[..length].copy_from_slice(&self.text[..length]);
            self.text = &self.text[length..];
            Ok(length)
        }
    }

    /// Reads `text` the fast way, in whole and in random pieces, and number
    /// by number, and checks that all read the same boards and stop at the
    /// same error; returns what they read.
    fn read_both_ways(text: &str, seed: u64) -> (Vec<Case>, Option<String>) {
        let careful = outcome(Reader::number_by_number(text.as_bytes()));
        assert_eq!(outcome(Reader::new(text.as_bytes())), careful, "{text:?}");
        for most in [7, 300] {
            let pieces = Pieces { text: text.as_bytes(), random: Random::new(seed), most };
            assert_eq!(outcome(Reader::new(pieces)), careful, "pieces of at most {most}: {text:?}");
        }
        careful
    }

    /// The numbers of `count` generated boards, as text.
    fn generated(seed: u64, count: usize) -> (Vec<Case>, Vec<Vec<String>>) {
        let cases: Vec<Case> =
            Generator::new(seed, &GenerateOptions::default()).unwrap().take(count).collect();
        let numbers = cases
            .iter()
            .map(|case| {
                let mut text = Vec::new();
                write_input([case], &mut text).unwrap();
                String::from_utf8(text).unwrap().split_whitespace().map(str::to_string).collect()
            })
            .collect();
        (cases, numbers)
    }

    /// `numbers` laid out `rows` rows a line, with separators, line ends and
    /// blank lines drawn from `random` when `messy`.
    fn lay_out(numbers: &[String], rows: usize, messy: bool, random: &mut Random) -> String {
        let mut text = String::new();
        for (index, number) in numbers.iter().enumerate() {
            text.push_str(number);
            let line_ends = (index + 1) % (9 * rows) == 0 || index + 1 == numbers.len();
            let separator = match (line_ends, messy) {
                (false, false) => " ",
                (true, false) => "\n",
                (false, true) => *random.pick(&[" ", " ", " ", "  ", "\t", " \t "]).unwrap(),
                (true, true) => {
                    *random.pick(&["\n", "\n", "\r\n", " \n", "\n\n", "\t\r\n\r\n", "\r"]).unwrap()
                }
            };
            text.push_str(separator);
        }
        text
    }

    #[test]
    fn the_fast_way_reads_what_the_careful_way_reads() {
        let (cases, numbers) = generated(3, 60);
        let all: Vec<String> = numbers.concat();
        let mut random = Random::new(4);
        for rows in [1, 2, 3, 10, 20] {
            for messy in [false, true] {
                let text = lay_out(&all, rows, messy, &mut random);
                assert_eq!(read_both_ways(&text, 5), (cases.clone(), None), "{rows} rows a line");
            }
            // Every line ended by `\r\n`, or by a lone `\r`.
            let plain = lay_out(&all, rows, false, &mut random);
            for line_end in ["\r\n", "\r"] {
                let text = plain.replace('\n', line_end);
                assert_eq!(read_both_ways(&text, 5), (cases.clone(), None), "{rows} rows, {line_end:?}");
            }
        }
        // Numbers the fast way leaves to the careful one, among plain ones.
        let mut odd = all.clone();
        for (index, number) in odd.iter_mut().enumerate().filter(|(index, _)| index % 97 == 5) {
            *number = if index % 2 == 0 { format!("0{number}") } else { format!("+{number}") };
        }
        assert_eq!(read_both_ways(&lay_out(&odd, 1, false, &mut random), 6), (cases, None));
    }

    #[test]
    fn every_layout_of_judges_is_read_the_fast_way() {
        // A row a line, each line with its own separators, spaces and tabs
        // at either end, `\r\n` or `\n`, and blank lines now and then.
        let (cases, numbers) = generated(21, 200);
        let mut random = Random::new(22);
        let mut text = String::new();
        for row in numbers.concat().chunks(9) {
            let edges = ["", "", " ", "\t", "  \t"];
            text.push_str(random.pick(&edges).unwrap());
            text.push_str(&row.join(random.pick(&[" ", "\t", "  ", " \t", "\t\t", "   "]).unwrap()));
            text.push_str(random.pick(&edges).unwrap());
            text.push_str(random.pick(&["\n", "\r\n", "\r\n", "\r\n \t\r\n"]).unwrap());
        }
        let mut reader = Reader::new(text.as_bytes());
        let mut read = Vec::new();
        while let Some(case) = reader.next_case().unwrap() {
            read.push(case);
        }
        assert_eq!(read, cases);
        assert_eq!(reader.fast_numbers, 90 * cases.len());
        assert_eq!(read_both_ways(&text, 23), (cases, None));
    }

    #[test]
    fn the_fast_way_stops_where_the_careful_way_does() {
        let (_, numbers) = generated(7, 12);
        let all: Vec<String> = numbers.concat();
        let mut random = Random::new(8);
        let mistakes = ["x", "8", "10", "99", "-1", "1.5", "12", "5", "15", "0", "123", "007", "+5"];
        let mut errors = 0;
        for round in 0..300 {
            let mut mistyped = all.clone();
            let at = random.index(mistyped.len());
            match round % 4 {
                0 => mistyped[at] = (*random.pick(&mistakes).unwrap()).to_string(),
                1 => {
                    mistyped.remove(at);
                }
                2 => mistyped.insert(at, (*random.pick(&mistakes).unwrap()).to_string()),
                _ => mistyped.truncate(at),
            }
            let rows = *random.pick(&[1, 1, 2, 3, 10]).unwrap();
            let text = lay_out(&mistyped, rows, round % 3 == 0, &mut random);
            errors += usize::from(read_both_ways(&text, round).1.is_some());
        }
        assert!(errors > 200, "most mistakes are errors: {errors}");
    }

    #[test]
    fn a_cut_row_stops_the_fast_way_at_that_row() {
        let (cases, numbers) = generated(9, 3);
        let mut rows: Vec<String> = numbers.concat().chunks(9).map(|row| row.join(" ")).collect();
        // The fifth row of the second board loses a number; the next row is whole.
        rows[14] = rows[14].rsplit_once(' ').unwrap().0.to_string();
        let text = rows.join("\n") + "\n";
        let (read, error) = read_both_ways(&text, 10);
        assert_eq!(read, cases[..1]);
        let error = error.unwrap();
        assert!(
            error.starts_with("15:1: board 2, row 4, column 0: this row is split across lines")
                && error.ends_with("holds 8"),
            "{error}"
        );
    }

    #[test]
    fn boards_across_the_blocks_of_the_scanner_are_read_alike() {
        let (cases, numbers) = generated(11, 800);
        let mut random = Random::new(12);
        let text = lay_out(&numbers.concat(), 1, false, &mut random);
        assert!(text.len() > 2 * 65536);
        assert_eq!(read_both_ways(&text, 13), (cases.clone(), None));
        let messy = lay_out(&numbers.concat(), 3, true, &mut random);
        assert_eq!(read_both_ways(&messy, 14), (cases, None));
        // A mistake near the end, after many blocks.
        let mut mistyped = numbers.concat();
        let last = mistyped.len() - 40;
        mistyped[last] = "y".into();
        let (read, error) = read_both_ways(&lay_out(&mistyped, 1, false, &mut random), 15);
        assert_eq!(read.len(), 799);
        assert!(error.unwrap().contains("board 800, row 5, column 5: 'y' is not a number"));
    }

    #[test]
    fn a_line_or_a_mistake_cut_by_the_first_block_end_is_read_alike() {
        // The scanner's block: its first read of a slice ends there.
        const BLOCK: usize = 1 << 16;
        let (cases, numbers) = generated(17, 400);
        let all = numbers.concat();
        let mut random = Random::new(18);
        let text = lay_out(&all, 1, false, &mut random);
        assert!(text.len() > BLOCK + 1000);
        // Spaces in front move the block end over every byte of a line.
        for shift in 0..24 {
            let indent = " ".repeat(shift);
            let shifted = format!("{indent}{text}");
            assert_eq!(read_both_ways(&shifted, 19), (cases.clone(), None), "shifted by {shift}");
            // The number that the block end cuts, or the last one before it.
            let at = shifted[..BLOCK].split_whitespace().count() - 1;
            for mistake in ["x", "99", "15", ""] {
                let mut mistyped = all.clone();
                if mistake.is_empty() {
                    mistyped.remove(at);
                } else {
                    mistyped[at] = mistake.to_string();
                }
                let text = format!("{indent}{}", lay_out(&mistyped, 1, false, &mut random));
                let (read, error) = read_both_ways(&text, 20);
                // A lost number shifts the rest of the text, and the last board runs short.
                let expected = match (mistake, &error) {
                    ("", _) => cases.len() - 1,
                    ("15", None) => cases.len(),
                    _ => at / 90,
                };
                assert_eq!(read.len(), expected, "shifted by {shift}, {mistake:?}: {error:?}");
                assert!(error.is_some() || mistake == "15", "shifted by {shift}, {mistake:?}");
            }
        }
    }
}
