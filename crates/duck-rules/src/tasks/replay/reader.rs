//! Reading a game log: `Q`, then the `Q` commands `xs ys xt yt`.

use std::io::Read;

use board_geometry::text_input::{Field, IntegerError, Located, Scanner, TextPosition, excerpt};

use super::{Case, CaseError, InputError, LogField};
use crate::{COORDINATES, Move, Square};

fn not_a_number(field: LogField, found: &Field<'_>) -> Located<CaseError> {
    Located::new(found.position(), CaseError::NotANumber { field, text: excerpt(found.bytes()) })
}

/// Reads one coordinate, `xs`..`yt`, checking it is on the board.
fn parse_coordinate(field: LogField, found: &Field<'_>) -> Result<u8, Located<CaseError>> {
    let limit = if field.is_row() { 10 } else { 9 };
    let value = match found.integer() {
        Ok(value) => u8::try_from(value).ok().filter(|&v| v < limit),
        Err(IntegerError::TooLarge) => None,
        Err(IntegerError::NotAnInteger) => return Err(not_a_number(field, found)),
    };
    value.ok_or_else(|| {
        Located::new(found.position(), CaseError::OffBoard { field, text: excerpt(found.bytes()) })
    })
}

/// The point on row `row`, column `column`, if it is on the board.
#[inline]
fn point(row: u8, column: u8) -> Option<Square> {
    COORDINATES.square(i64::from(row), i64::from(column))
}

/// The point of each pair of digits, row then column, at `row << 4 |
/// column`: `None` for column 9, which is off the board, and for numbers
/// that are no digits. One look-up, without bounds checks, instead of the
/// checks of [`point`], for the commands read a line at a time.
static DIGIT_POINTS: [Option<Square>; 256] = {
    let mut points = [None; 256];
    let mut i = 0;
    while i < 256 {
        // Off the board (a column of 9 or more, a row of 10 or more), `square` gives `None`.
        points[i] = COORDINATES.square((i >> 4) as i64, (i & 15) as i64);
        i += 1;
    }
    points
};

/// The point of single digits `row` and `column` (each at most 9).
#[inline(always)]
fn digit_point(row: u8, column: u8) -> Option<Square> {
    DIGIT_POINTS[usize::from((row << 4) | (column & 15))]
}

/// Hands the command of four single digits `xs ys xt yt` to `play`, if
/// both its points are on the board; whether it did.
#[inline(always)]
fn play_digits(play: &mut impl FnMut(Move), [xs, ys, xt, yt]: [u8; 4]) -> bool {
    let (Some(from), Some(to)) = (digit_point(xs, ys), digit_point(xt, yt)) else { return false };
    play(Move::new(from, to));
    true
}

/// Reads a game log from any reader, one line at a time: first `Q`, then the
/// `Q` commands, each `xs ys xt yt` alone on its line.
///
/// Blank lines (nothing but whitespace) are skipped wherever they are, as the
/// judge's whitespace-driven reading would; `\n`, `\r\n` and lone `\r` line
/// ends and a last line without a line end are accepted. Anything but
/// whitespace after the `Q` commands is an error, as is a log that ends
/// before them. A command is returned as soon as its line ends, without
/// reading further. After an error the reader is spent.
///
/// Each command is the [`Move`] it asks for, in squares: the command
/// `0 3 1 4` is `d0e1` ([`Move::to_judge`] gives back the judge's numbers).
///
/// ```
/// use duck_rules::tasks::replay::Reader;
///
/// let mut log = Reader::new("2\n0 3 1 4\n3 9 4 0\n".as_bytes());
/// assert_eq!(log.announced(), None, "Q is read with the first command");
/// let command = log.next_case()?.expect("a command");
/// assert_eq!(log.announced(), Some(2));
/// assert_eq!((command.to_string(), command.to_judge().to_string()), ("d0e1".into(), "0 3 1 4".into()));
/// assert_eq!(log.next_case().unwrap_err().to_string(), "3:3: ys 9 is off the board: columns are 0 to 8");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    scanner: Scanner<R>,
    /// `Q`, once read; 0 before, so that the quick ways take nothing then.
    announced: u64,
    counted: bool,
    read: u64,
    finished: bool,
}

impl<R: Read> Reader<R> {
    /// A reader of the log in `input`; nothing is read before the first
    /// [`Reader::next_case`], which reads `Q` first.
    pub fn new(input: R) -> Reader<R> {
        Reader { scanner: Scanner::new(input), announced: 0, counted: false, read: 0, finished: false }
    }

    /// Reads the first line, `Q`, unless it has been read: what
    /// [`Reader::next_case`] does first.
    pub(super) fn start(&mut self) -> Result<(), InputError> {
        if !self.counted {
            self.announced = self.read_count()?;
            self.counted = true;
        }
        Ok(())
    }

    /// Reads the first line, `Q`.
    fn read_count(&mut self) -> Result<u64, InputError> {
        let scanner = &mut self.scanner;
        let (count, position) = match scanner.next_token()? {
            Some(field) => {
                (field.integer().map_err(|error| (error, excerpt(field.bytes()))), field.position())
            }
            None => return Err(Located::new(TextPosition::new(1, 1), CaseError::Empty).into()),
        };
        if let Some((at, extra)) = scanner.rest_of_line()? {
            return Err(Located::new(at, CaseError::CountFieldCount { found: 1 + extra }).into());
        }
        let error = |error| Err(Located::new(position, error).into());
        match count {
            Ok(count) => match u64::try_from(count) {
                Ok(count) => Ok(count),
                Err(_) => error(CaseError::CountOutOfRange { text: count.to_string() }),
            },
            Err((IntegerError::TooLarge, text)) => error(CaseError::CountTooLarge { text }),
            Err((IntegerError::NotAnInteger, text)) => {
                error(CaseError::NotANumber { field: LogField::Count, text })
            }
        }
    }

    /// `Q`, the number of commands the log announces, once the first line
    /// has been read (by the first [`Reader::next_case`]).
    #[must_use]
    pub const fn announced(&self) -> Option<u64> {
        if self.counted { Some(self.announced) } else { None }
    }

    /// The next command, or `None` after the `Q`-th once the rest of the input
    /// has been seen to be whitespace.
    ///
    /// # Errors
    /// A line that is not a command, a log that ends too early or goes on too
    /// long, unreadable text, or a failure to read.
    #[inline]
    pub fn next_case(&mut self) -> Result<Option<Case>, InputError> {
        if let Some(command) = self.next_buffered_command() {
            return Ok(Some(command));
        }
        self.next_command_slowly()
    }

    /// The next command if the input read so far holds all of it, written
    /// plainly (four digits, single spaces) and on the board; `None` means
    /// "ask [`Reader::next_case`]", which may read more input. Reads
    /// nothing itself (see [`Scanner::next_digits`]), so the judge can write
    /// its answers before a read that may wait.
    #[inline(always)]
    pub(crate) fn next_buffered_command(&mut self) -> Option<Move> {
        if self.read == self.announced || self.finished {
            return None;
        }
        let command = |[xs, ys, xt, yt]: [u8; 4]| Some(Move::new(digit_point(xs, ys)?, digit_point(xt, yt)?));
        let command = self.scanner.next_digits(command)?;
        self.read += 1;
        Some(command)
    }

    /// [`Reader::next_buffered_command`] for every such command in a
    /// row: hands each to `play`, and stops at the first command the input
    /// read so far does not hold plainly, at the `Q`-th, or after `most`.
    /// Returns how many it took. Reads nothing itself. The fastest way
    /// through a long log: the reader's bookkeeping is done once for the
    /// whole run (see [`Scanner::take_digit_lines`]).
    #[inline(always)]
    pub(crate) fn take_buffered_commands(&mut self, most: usize, mut play: impl FnMut(Move)) -> usize {
        let most = most.min(self.left());
        let taken = self.scanner.take_digit_lines::<4>(most, |digits| play_digits(&mut play, digits));
        self.read += taken as u64;
        taken
    }

    /// [`Reader::take_buffered_commands`] for commands laid out in any
    /// other way a judge's input may be: spaces and tabs, one or more,
    /// between the numbers and at either end of the line, any line ends,
    /// blank lines (see [`Scanner::take_spaced_digit_lines`]). Out of line,
    /// and `play` through a pointer, so that the judge's loop over plain
    /// lines stays as tight as without it.
    #[inline(never)]
    pub(crate) fn take_spaced_commands(&mut self, most: usize, mut play: &mut dyn FnMut(Move)) -> usize {
        let most = most.min(self.left());
        let taken = self.scanner.take_spaced_digit_lines::<4>(most, |digits| play_digits(&mut play, digits));
        self.read += taken as u64;
        taken
    }

    /// How many commands are left to read: none once the reader is spent.
    #[inline(always)]
    fn left(&self) -> usize {
        if self.finished { 0 } else { usize::try_from(self.announced - self.read).unwrap_or(usize::MAX) }
    }

    /// [`Reader::next_case`] for lines the quick way does not take.
    #[inline(never)]
    fn next_command_slowly(&mut self) -> Result<Option<Move>, InputError> {
        if self.finished {
            return Ok(None);
        }
        let result = self.read_command();
        if !matches!(result, Ok(Some(_))) {
            self.finished = true;
        }
        result
    }

    fn read_command(&mut self) -> Result<Option<Move>, InputError> {
        self.start()?;
        let scanner = &mut self.scanner;
        if self.read == self.announced {
            return match scanner.next_token()? {
                None => Ok(None),
                Some(extra) => {
                    let error = CaseError::TooManyCommands { announced: self.announced };
                    Err(Located::new(extra.position(), error).into())
                }
            };
        }
        // A line of four plain numbers on the board is read at once; anything
        // else is read field by field below, which says exactly what is wrong
        // (or that the log has ended).
        if let Some(line) = scanner.peek_numbers::<4>()? {
            if let (None, &[xs, ys, xt, yt]) = (line.letter(), line.numbers()) {
                let point = |row, column| point(u8::try_from(row).ok()?, u8::try_from(column).ok()?);
                if let (Some(from), Some(to)) = (point(xs, ys), point(xt, yt)) {
                    scanner.consume(&line);
                    self.read += 1;
                    return Ok(Some(Move::new(from, to)));
                }
            }
        }
        let Some(first) = scanner.next_token()? else {
            let error = CaseError::TooFewCommands { announced: self.announced, found: self.read };
            return Err(Located::new(scanner.position(), error).into());
        };
        let xs = parse_coordinate(LogField::Xs, &first)?;
        let mut found = 1;
        let mut next = |field| -> Result<u8, InputError> {
            match scanner.next_in_line()? {
                Some(value) => {
                    found += 1;
                    Ok(parse_coordinate(field, &value)?)
                }
                None => Err(Located::new(scanner.line_end(), CaseError::FieldCount { found }).into()),
            }
        };
        let (ys, xt, yt) = (next(LogField::Ys)?, next(LogField::Xt)?, next(LogField::Yt)?);
        if let Some((at, extra)) = scanner.rest_of_line()? {
            return Err(Located::new(at, CaseError::FieldCount { found: 4 + extra }).into());
        }
        self.read += 1;
        match (COORDINATES.square(xs.into(), ys.into()), COORDINATES.square(xt.into(), yt.into())) {
            (Some(from), Some(to)) => Ok(Some(Move::new(from, to))),
            _ => unreachable!("each coordinate was checked against its own limit"),
        }
    }
}

board_geometry::impl_case_iterator!(Reader, Case, InputError);

#[cfg(test)]
mod tests {
    use board_geometry::testing::assert_gives;

    use super::*;

    #[test]
    fn the_digit_table_holds_every_point_and_nothing_off_the_board() {
        // The quick reading of plain lines looks points up here; a table of
        // `None`s would send every line the slow way and go unnoticed.
        for row in 0..16u8 {
            for column in 0..16u8 {
                let expected = point(row, column);
                assert_eq!(DIGIT_POINTS[usize::from(row << 4 | column)], expected, "{row},{column}");
                assert_eq!(expected.is_some(), row <= 9 && column <= 8, "{row},{column}");
            }
        }
    }

    fn commands(text: &str) -> Result<Vec<String>, String> {
        let mut log = Reader::new(text.as_bytes());
        let mut out = Vec::new();
        loop {
            match log.next_case() {
                // In the judge's numbers, as the log writes them.
                Ok(Some(m)) => out.push(m.to_judge().compact().to_string()),
                Ok(None) => return Ok(out),
                Err(error) => return Err(format!("{out:?} then {error}")),
            }
        }
    }

    fn error(text: &str) -> String {
        commands(text).unwrap_err()
    }

    #[test]
    fn plain_commands_are_taken_from_the_buffer() {
        // The quick ways decline whatever they cannot take, and the slow way then
        // gives the same answers: only these checks notice a quick way gone idle.
        let text = "3\n0 0 7 0\n9 0 8 0\n0 1 1 3\n";
        let mut log = Reader::new(text.as_bytes());
        assert_eq!(log.next_case().unwrap().map(|m| m.to_string()).as_deref(), Some("a0a7"));
        assert_eq!(log.next_buffered_command().map(|m| m.to_string()).as_deref(), Some("a9a8"));
        let mut taken = Vec::new();
        assert_eq!(log.take_buffered_commands(10, |m| taken.push(m.to_string())), 1);
        assert_eq!(taken, ["b0d1"]);
        assert_eq!(log.next_buffered_command(), None, "all three are read");
        let mut log = Reader::new(text.as_bytes());
        assert_eq!(log.take_buffered_commands(2, |_| ()), 0, "nothing before Q is read");
        assert!(log.next_case().unwrap().is_some());
        assert_eq!(log.take_buffered_commands(1, |_| ()), 1, "at most as many as asked");
        for row in 0..=9 {
            for column in 0..=9 {
                assert_eq!(digit_point(row, column), point(row, column), "{row},{column}");
            }
        }
    }

    #[test]
    fn commands_of_every_layout_of_judges_are_taken_from_the_buffer() {
        // Tabs, runs of spaces and tabs, blanks at either end, `\r\n`, blank
        // lines; all taken in one run, the same commands as one by one.
        let mut random = board_geometry::random::Random::new(51);
        let mut text = String::from("300\r\n");
        for _ in 0..300 {
            text.push_str(random.pick(&["", "", " ", "\t", " \t"]).unwrap());
            for index in 0..4 {
                if index > 0 {
                    text.push_str(random.pick(&[" ", "\t", "  ", " \t", "\t\t", "   "]).unwrap());
                }
                text.push_str(&random.index(if index % 2 == 0 { 10 } else { 9 }).to_string());
            }
            text.push_str(random.pick(&["", "", " ", "\t"]).unwrap());
            text.push_str(random.pick(&["\r\n", "\n", "\r\n\r\n", "\r\n \t\r\n"]).unwrap());
        }
        let one_by_one: Vec<String> =
            Reader::new(text.as_bytes()).map(|command| command.unwrap().to_string()).collect();
        assert_eq!(one_by_one.len(), 300);
        let mut log = Reader::new(text.as_bytes());
        log.start().unwrap();
        let mut taken = Vec::new();
        assert_eq!(
            log.take_buffered_commands(1000, |m| taken.push(m.to_string())),
            0,
            "none as judges write"
        );
        assert_eq!(log.take_spaced_commands(1000, &mut |m| taken.push(m.to_string())), 300);
        assert_eq!(taken, one_by_one);
        assert!(log.next_case().unwrap().is_none());
    }

    #[test]
    fn a_command_past_the_count_is_refused_whichever_way_it_is_read() {
        let too_many = "2\n0 0 7 0\n9 0 8 0\n0 1 1 3\n";
        let expected = r#"["0,0-7,0", "9,0-8,0"] then 4:1: the log goes on after the 2 commands Q announced"#;
        assert_eq!(error(too_many), expected);
        let mut log = Reader::new(too_many.as_bytes());
        log.start().unwrap();
        assert_eq!(log.take_buffered_commands(10, |_| ()), 2, "the third line is no command");
        assert!(log.next_case().is_err());
        let mut log = Reader::new(too_many.as_bytes());
        assert!(log.next_case().unwrap().is_some());
        assert_eq!(log.take_buffered_commands(10, |_| ()), 1, "one command is left after the first");
        assert!(log.next_case().is_err());
        // Commands the quick ways do not take (signed numbers) are counted too.
        let signed = "2\n+0 0 7 0\n+9 0 8 0\n";
        assert_eq!(commands(signed), Ok(vec!["0,0-7,0".into(), "9,0-8,0".into()]));
        assert_eq!(error(&format!("{signed}+0 1 1 3\n")), expected);
    }

    #[test]
    fn logs_read_command_by_command() {
        assert_eq!(commands("2\n0 0 7 0\r\n9 0 8 0"), Ok(vec!["0,0-7,0".into(), "9,0-8,0".into()]));
        assert_eq!(commands("0\n"), Ok(vec![]));
        assert_eq!(commands("  \n1\n\n \t\n+3 02 2 2\n\n"), Ok(vec!["3,2-2,2".into()]));
        assert_eq!(
            commands("2\r0 0 7 0\r9 0 8 0\r"),
            Ok(vec!["0,0-7,0".into(), "9,0-8,0".into()]),
            "lone CR"
        );
        assert_eq!(commands("\u{feff}1\n0 0 7 0\n"), Ok(vec!["0,0-7,0".into()]), "byte-order mark");
        assert_eq!(commands(&format!("1\n0 0 7 0{}\n", " ".repeat(200_000))).map(|c| c.len()), Ok(1));
    }

    #[test]
    fn bad_counts_say_what_and_where() {
        assert_gives(
            error,
            &[
                ("", "[] then 1:1: the log is empty: its first line must be the number of commands Q"),
                ("\n \n", "[] then 1:1: the log is empty: its first line must be the number of commands Q"),
                ("x\n", "[] then 1:1: the number of commands Q 'x' is not a whole number"),
                ("-1\n", "[] then 1:1: the number of commands Q -1 is out of range: it must be 0 or more"),
                (
                    "99999999999999999999\n",
                    "[] then 1:1: the number of commands Q 99999999999999999999 is too large: it must fit in 64 bits, \
                     and no log is that long",
                ),
                (
                    "1 0 0 1 0\n",
                    "[] then 1:3: expected the number of commands Q alone on the first line, found 5 fields",
                ),
                (
                    "\n  2 1\n",
                    "[] then 2:5: expected the number of commands Q alone on the first line, found 2 fields",
                ),
            ],
        );
    }

    #[test]
    fn bad_commands_say_what_and_where() {
        assert_gives(
            error,
            &[
                (
                    "2\n0 0 1 0\n0 0 1\n",
                    "[\"0,0-1,0\"] then 3:6: expected 4 numbers 'xs ys xt yt', found 3 fields",
                ),
                ("1\n0 0 1 0 5\n", "[] then 2:9: expected 4 numbers 'xs ys xt yt', found 5 fields"),
                ("1\n0 0 1 0 5 6 7\n", "[] then 2:9: expected 4 numbers 'xs ys xt yt', found 7 fields"),
                ("1\n0 a 1 0\n", "[] then 2:3: ys 'a' is not a number"),
                ("1\n0 0 1.5 0\n", "[] then 2:5: xt '1.5' is not a number"),
                ("1\n10 0 1 0\n", "[] then 2:1: xs 10 is off the board: rows are 0 to 9"),
                ("1\n0 0 1 9\n", "[] then 2:7: yt 9 is off the board: columns are 0 to 8"),
                ("1\n0 -1 1 0\n", "[] then 2:3: ys -1 is off the board: columns are 0 to 8"),
                (
                    "1\n0 0 99999999999999999999 0\n",
                    "[] then 2:5: xt 99999999999999999999 is off the board: rows are 0 to 9",
                ),
                // The first bad field on a line is the one reported.
                ("1\nx 10 1\n", "[] then 2:1: xs 'x' is not a number"),
            ],
        );
    }

    #[test]
    fn logs_must_hold_exactly_q_commands() {
        // A log that ends early is reported just after its last field.
        assert_gives(
            error,
            &[
                ("3\n0 0 1 0\n", "[\"0,0-1,0\"] then 2:8: the log ends after 1 command, but Q announced 3"),
                ("2\n0 0 7 0", "[\"0,0-7,0\"] then 2:8: the log ends after 1 command, but Q announced 2"),
                ("1\n", "[] then 1:2: the log ends after 0 commands, but Q announced 1"),
                (
                    "1\n0 0 1 0\n\n  9 0 8 0\n",
                    "[\"0,0-1,0\"] then 4:3: the log goes on after the 1 command Q announced",
                ),
                ("0\nx\n", "[] then 2:1: the log goes on after the 0 commands Q announced"),
            ],
        );
    }
}
