//! One line of input: `king queen newqueen`.

use core::fmt;
use core::str::FromStr;
use std::io::Read;

use board_geometry::text_input::{
    Field, IntegerError, Located, Scanner, StreamError, TextPosition, excerpt, leading_blanks,
    leading_whitespace,
};

use crate::Place;

/// Which of the three numbers of a line a message is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The first number: where the king stands.
    King,
    /// The second number: where the queen stands.
    Queen,
    /// The third number: where the queen is to move.
    NewQueen,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::NewQueen => "newqueen",
        })
    }
}

/// One case of the task: the king's place, the queen's place and where the queen is to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// Where the king stands.
    pub king: Place,
    /// Where the queen stands.
    pub queen: Place,
    /// Where the queen is to move.
    pub new_queen: Place,
}

/// What is wrong with a line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// The line does not hold exactly three fields.
    FieldCount {
        /// How many fields it holds.
        found: usize,
    },
    /// A field is not a whole number.
    NotANumber {
        /// Which number it should have been.
        role: Role,
        /// The field as written.
        text: String,
    },
    /// A number is outside 0..63.
    OffBoard {
        /// Which number it is.
        role: Role,
        /// The number as written.
        text: String,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::FieldCount { found } => {
                write!(f, "expected 3 numbers 'king queen newqueen', found {found} field")?;
                if *found != 1 {
                    f.write_str("s")?;
                }
                Ok(())
            }
            InputError::NotANumber { role, text } => write!(f, "{role} '{text}' is not a number"),
            InputError::OffBoard { role, text } => {
                write!(f, "{role} {text} is off the board: places are 0 to 63")
            }
        }
    }
}

impl std::error::Error for InputError {}

fn parse_place(role: Role, field: Field<'_>) -> Result<Place, Located<InputError>> {
    let place = match field.integer() {
        Ok(number) => u8::try_from(number).ok().and_then(Place::from_index),
        Err(IntegerError::TooLarge) => None,
        Err(IntegerError::NotAnInteger) => {
            let text = excerpt(field.bytes());
            return Err(Located::new(field.position(), InputError::NotANumber { role, text }));
        }
    };
    place.ok_or_else(|| {
        let text = excerpt(field.bytes());
        Located::new(field.position(), InputError::OffBoard { role, text })
    })
}

impl Case {
    /// The case with these place numbers, if all three are on the board.
    #[must_use]
    pub fn from_numbers(king: u8, queen: u8, new_queen: u8) -> Option<Case> {
        Some(Case {
            king: Place::from_index(king)?,
            queen: Place::from_index(queen)?,
            new_queen: Place::from_index(new_queen)?,
        })
    }
}

impl FromStr for Case {
    type Err = Located<InputError>;

    /// Reads `king queen newqueen` from a single line of text.
    fn from_str(text: &str) -> Result<Case, Self::Err> {
        let mut cases = CaseReader::new(text.as_bytes());
        cases.read_ahead = false;
        match cases.next_case() {
            Ok(Some(case)) => match cases.scanner.next_token() {
                Ok(None) => Ok(case),
                Ok(Some(extra)) => Err(Located::new(extra.position(), InputError::FieldCount { found: 4 })),
                Err(_) => Err(Located::new(cases.scanner.position(), InputError::FieldCount { found: 4 })),
            },
            Ok(None) => Err(Located::new(TextPosition::new(1, 1), InputError::FieldCount { found: 0 })),
            Err(StreamError::Input(error)) => Err(error),
            // A field too long to read is no place number.
            Err(StreamError::Text(error)) => {
                let text = error.error.to_string();
                Err(Located::new(error.position, InputError::NotANumber { role: Role::King, text }))
            }
            Err(_) => Err(Located::new(TextPosition::new(1, 1), InputError::FieldCount { found: 0 })),
        }
    }
}

/// Reads cases one line at a time from any reader; blank lines are skipped.
///
/// A case is answered as soon as its line ends: nothing after the line end
/// is read before the case is returned, so a person typing at a terminal
/// sees each verdict at once.
#[derive(Debug)]
pub struct CaseReader<R> {
    scanner: Scanner<R>,
    /// Cases read ahead from plain lines already in the buffer, not yet handed out.
    ahead: [Case; READ_AHEAD],
    ahead_len: usize,
    ahead_next: usize,
    /// Whether plain lines may be read ahead: not when one line is parsed
    /// on its own and whatever follows it is an error.
    read_ahead: bool,
}

/// How many cases are read ahead at most: enough to spread the scanner's
/// bookkeeping thin, few enough to stay in the first-level cache.
const READ_AHEAD: usize = 256;

/// What fills the read-ahead cases before any is read (never handed out).
const UNREAD: Case = match Place::from_index(0) {
    Some(a1) => Case { king: a1, queen: a1, new_queen: a1 },
    None => panic!("a grid has a first square"),
};

impl<R: Read> CaseReader<R> {
    /// A reader of the cases in `input`.
    pub fn new(input: R) -> Self {
        CaseReader {
            scanner: Scanner::new(input),
            ahead: [UNREAD; READ_AHEAD],
            ahead_len: 0,
            ahead_next: 0,
            read_ahead: true,
        }
    }

    /// Reads ahead the cases of the plain lines the buffer holds whole
    /// (`k q n` in one or two digits each, spaces or tabs between them and
    /// perhaps at either end, each line ending in `\n`, `\r\n` or `\r`, blank
    /// lines between allowed), stopping before the first line that is
    /// anything else: that one is read field by field, which says precisely
    /// what is wrong with it. Only text already read is looked at, so a
    /// person typing still gets each answer at once.
    fn read_plain_lines(&mut self) -> Result<(), StreamError<InputError>> {
        let text = self.scanner.peek_text()?;
        let (mut at, mut consumed, mut count) = (0, 0, 0);
        // As judges write lines, one after another.
        while count < READ_AHEAD {
            let Some((king, after_king)) = place_before(text, at, b' ') else { break };
            let Some((queen, after_queen)) = place_before(text, after_king + 1, b' ') else { break };
            let Some((new_queen, end)) = place_before(text, after_queen + 1, b'\n') else { break };
            self.ahead[count] = Case { king, queen, new_queen };
            count += 1;
            consumed = end;
            at = end + if text[end] == b'\r' { 2 } else { 1 };
        }
        // Otherwise, the rest of these lines (the next lines read ahead go
        // the first way again).
        while count < READ_AHEAD {
            let Some((case, end, next)) = any_line(text, at) else { break };
            self.ahead[count] = case;
            count += 1;
            (consumed, at) = (end, next);
        }
        self.scanner.consume_text(consumed);
        (self.ahead_len, self.ahead_next) = (count, 0);
        Ok(())
    }

    /// The next case, or `None` at the end of input.
    ///
    /// # Errors
    /// A line that does not hold exactly three numbers from 0 to 63 (the
    /// error points at the offending field, or at the end of a short line),
    /// unreadable text, or a failure to read.
    pub fn next_case(&mut self) -> Result<Option<Case>, StreamError<InputError>> {
        if self.ahead_next == self.ahead_len && self.read_ahead {
            self.read_plain_lines()?;
        }
        if self.ahead_next < self.ahead_len {
            self.ahead_next += 1;
            return Ok(Some(self.ahead[self.ahead_next - 1]));
        }
        // A line of three places written plainly but otherwise than above,
        // read at once; anything else is read field by field, which says what is wrong.
        if let Some(line) = self.scanner.peek_numbers::<3>()? {
            if let (None, &[king, queen, new_queen]) = (line.letter(), line.numbers()) {
                let place = |number: u32| u8::try_from(number).ok().and_then(Place::from_index);
                if let (Some(king), Some(queen), Some(new_queen)) =
                    (place(king), place(queen), place(new_queen))
                {
                    self.scanner.consume(&line);
                    return Ok(Some(Case { king, queen, new_queen }));
                }
            }
        }
        let scanner = &mut self.scanner;
        let Some(field) = scanner.next_token()? else { return Ok(None) };
        let king = parse_place(Role::King, field)?;
        let mut next = |role, found| -> Result<Place, StreamError<InputError>> {
            match scanner.next_in_line()? {
                Some(field) => Ok(parse_place(role, field)?),
                None => Err(Located::new(scanner.line_end(), InputError::FieldCount { found }).into()),
            }
        };
        let queen = next(Role::Queen, 1)?;
        let new_queen = next(Role::NewQueen, 2)?;
        if let Some(extra) = scanner.next_in_line()? {
            let at = extra.position();
            let mut found = 4;
            while scanner.next_in_line()?.is_some() {
                found += 1;
            }
            return Err(Located::new(at, InputError::FieldCount { found }).into());
        }
        Ok(Some(Case { king, queen, new_queen }))
    }
}

/// The place written at `at` in one or two digits, if `separator` follows it
/// (for a line end, `\n` or `\r\n`), and the index just after its digits.
#[inline(always)]
fn place_before(text: &[u8], at: usize, separator: u8) -> Option<(Place, usize)> {
    let digit = |index: usize| text.get(index).filter(|byte| byte.is_ascii_digit()).map(|byte| byte - b'0');
    let first = digit(at)?;
    let (number, end) = match digit(at + 1) {
        Some(second) => (first * 10 + second, at + 2),
        None => (first, at + 1),
    };
    let follows = match (separator, text.get(end)) {
        (b'\n', Some(b'\r')) => text.get(end + 1) == Some(&b'\n'),
        (_, Some(&byte)) => byte == separator,
        (_, None) => false,
    };
    if follows { Some((Place::from_index(number)?, end)) } else { None }
}

/// The case of the line at `line_start` (or of the first after blank lines)
/// written otherwise than one space apart: spaces and tabs (one or more)
/// between its numbers and perhaps at either end, `\n`, `\r\n` or `\r`
/// after it. Returns the index just after its last number and where the
/// next line (or the blank lines before it) starts.
#[inline(never)]
fn any_line(text: &[u8], line_start: usize) -> Option<(Case, usize, usize)> {
    // Blank lines, and spaces and tabs before the first number.
    let at = match text.get(line_start)? {
        b'0'..=b'9' => line_start,
        _ => line_start + leading_whitespace(&text[line_start..]),
    };
    if let Some((king, after_king)) = place_before(text, at, b'\t') {
        // As judges write lines, but with tabs.
        if let Some((queen, after_queen)) = place_before(text, after_king + 1, b'\t') {
            if let Some((new_queen, end)) = place_before(text, after_queen + 1, b'\n') {
                let next = end + if text[end] == b'\r' { 2 } else { 1 };
                return Some((Case { king, queen, new_queen }, end, next));
            }
        }
    }
    let mut places = [0; 3];
    let mut end = at;
    for (index, place) in places.iter_mut().enumerate() {
        if index > 0 {
            let blanks = leading_blanks(text.get(end..)?);
            if blanks == 0 {
                return None;
            }
            end += blanks;
        }
        let (number, length) = number_at(text, end)?;
        *place = number;
        end += length;
    }
    let next = after_line_end(text, end)?;
    let [king, queen, new_queen] = places;
    Some((Case::from_numbers(king, queen, new_queen)?, end, next))
}

/// The number written at `at` in one or two digits, if something other
/// than a digit follows it in `text`, and the count of its digits.
#[inline(always)]
fn number_at(text: &[u8], at: usize) -> Option<(u8, usize)> {
    match *text.get(at..)? {
        [first @ b'0'..=b'9', second @ b'0'..=b'9', after, ..] if !after.is_ascii_digit() => {
            Some(((first - b'0') * 10 + (second - b'0'), 2))
        }
        [first @ b'0'..=b'9', after, ..] if !after.is_ascii_digit() => Some((first - b'0', 1)),
        _ => None,
    }
}

/// Where the next line's first field starts, after the spaces and tabs at
/// `at`, the line end and any blank lines, if the line end is there (the
/// index may be `text.len()`, where the next line has not come yet).
#[inline]
fn after_line_end(text: &[u8], at: usize) -> Option<usize> {
    let line_end = match *text.get(at..)? {
        [b'\n' | b'\r', ..] => at,
        _ => at + leading_blanks(&text[at..]),
    };
    if !matches!(text.get(line_end)?, b'\n' | b'\r') {
        return None;
    }
    Some(line_end + leading_whitespace(&text[line_end..]))
}

impl<R: Read> Iterator for CaseReader<R> {
    type Item = Result<Case, StreamError<InputError>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_case().transpose()
    }
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;
    use board_geometry::text_input::InPieces;

    use super::*;

    fn error(line: &str) -> String {
        line.parse::<Case>().unwrap_err().to_string()
    }

    #[test]
    fn lines_with_three_places_parse() {
        let case: Case = "  7\t16 8 ".parse().unwrap();
        assert_eq!(case, Case::from_numbers(7, 16, 8).unwrap());
        assert_eq!("+7 16 08".parse::<Case>(), Ok(case));
    }

    #[test]
    fn bad_lines_say_what_and_where() {
        assert_eq!(error("17 64 3"), "1:4: queen 64 is off the board: places are 0 to 63");
        assert_eq!(error("-1 6 3"), "1:1: king -1 is off the board: places are 0 to 63");
        assert_eq!(
            error("1 2 99999999999999999999999"),
            "1:5: newqueen 99999999999999999999999 is off the board: places are 0 to 63"
        );
        assert_eq!(error("17 49"), "1:6: expected 3 numbers 'king queen newqueen', found 2 fields");
        assert_eq!(error("1 2 3 4"), "1:7: expected 3 numbers 'king queen newqueen', found 4 fields");
        assert_eq!(error("1 2 3 4 5 6"), "1:7: expected 3 numbers 'king queen newqueen', found 6 fields");
        assert_eq!(error("king 2 3"), "1:1: king 'king' is not a number");
        assert_eq!(error("1 2 3.5"), "1:5: newqueen '3.5' is not a number");
        assert_eq!(error("1 - 3"), "1:3: queen '-' is not a number");
        assert_eq!(error(""), "1:1: expected 3 numbers 'king queen newqueen', found 0 fields");
        let long = "7".repeat(100);
        assert_eq!(
            error(&format!("1 2 {long}")),
            format!("1:5: newqueen {}... is off the board: places are 0 to 63", "7".repeat(40))
        );
    }

    #[test]
    fn reader_skips_blank_lines_and_numbers_lines_from_one() {
        let mut reader = CaseReader::new("1 2 3\r\n\n  \n4 5 x\n".as_bytes());
        assert_eq!(reader.next().unwrap().unwrap(), Case::from_numbers(1, 2, 3).unwrap());
        match reader.next() {
            Some(Err(StreamError::Input(error))) => {
                assert_eq!(error.to_string(), "4:5: newqueen 'x' is not a number");
            }
            other => panic!("{other:?}"),
        }
    }

    /// Every case up to the first error, and that error's message.
    fn read_all(mut reader: CaseReader<impl Read>) -> (Vec<Case>, Option<String>, usize) {
        let (mut cases, mut most_ahead) = (Vec::new(), 0);
        loop {
            let next = reader.next_case();
            most_ahead = most_ahead.max(reader.ahead_len);
            match next {
                Ok(Some(case)) => cases.push(case),
                Ok(None) => return (cases, None, most_ahead),
                Err(error) => return (cases, Some(error.to_string()), most_ahead),
            }
        }
    }

    fn line_by_line(text: &[u8]) -> (Vec<Case>, Option<String>) {
        let mut reader = CaseReader::new(text);
        reader.read_ahead = false;
        let (cases, error, most_ahead) = read_all(reader);
        assert_eq!(most_ahead, 0);
        (cases, error)
    }

    #[test]
    fn reading_ahead_gives_the_cases_and_errors_of_reading_line_by_line() {
        let plain: String =
            (0..64).map(|n| format!("{n} {} {}\n", (n * 7) % 64, (n * 13 + 5) % 64)).collect();
        let odd_lines = [
            "1 2 3\r\n",
            "1 2 3\r",
            "  1 2 3\n",
            "1  2 3\n",
            "1\t2 3\n",
            "01 2 63\n",
            "\n",
            "\r\n",
            "1 2 3 \n",
            "+1 2 3\n",
            "\t1\t\t2 \t3\t\r\n \r\n",
            "1\t2\t3\r\n",
            "1 2 3\x0c\n",
            "1\x0c2 3\n",
            "1 2\x0b3\n",
            "\x0c1 2 3\n",
        ];
        let bad_lines = [
            "1 2 64\n",
            "1 2\n",
            "1 2 3 4\n",
            "1 x 3\n",
            "100 2 3\n",
            "1 2 345\n",
            "1\t2\t\n",
            "1 2\t 3 4\r\n",
            "1  2  x\n",
            "1\t2\t64\n",
            "  \t1 2\n3\n",
        ];
        let mut inputs: Vec<String> = vec![plain.clone(), plain.trim_end().to_string()];
        for line in odd_lines.iter().chain(&bad_lines) {
            inputs.push(format!("{plain}{line}{plain}"));
            inputs.push(format!("{line}{plain}"));
            inputs.push(format!("{plain}{}", line.trim_end()));
        }
        for odd in odd_lines {
            inputs.push(format!("{plain}{odd}{plain}{}{plain}", bad_lines[0]));
        }
        for text in &inputs {
            let expected = line_by_line(text.as_bytes());
            for piece in [1, 2, 7, 100, usize::MAX] {
                let (cases, error, most_ahead) =
                    read_all(CaseReader::new(InPieces::new(text.as_bytes(), piece)));
                assert_eq!((&cases, &error), (&expected.0, &expected.1), "{text:?} in pieces of {piece}");
                if piece == usize::MAX && text.starts_with(&plain) {
                    assert!(most_ahead > 1, "plain lines are read ahead: {text:?}");
                }
            }
        }
    }

    #[test]
    fn every_plain_line_in_the_buffer_is_read_ahead_at_once() {
        // Reading line by line gives the same answers, so only this notices
        // a quick way that declines lines it should take.
        let plain: String =
            (0..100).map(|n| format!("{} {} {}\n", n % 64, (n * 7) % 64, (n * 3 + 9) % 64)).collect();
        // And every other layout of judges: tabs, runs of spaces and tabs,
        // spaces and tabs at either end, `\r\n`, blank lines.
        let mut random = Random::new(41);
        let varied: String = plain
            .lines()
            .map(|line| {
                let mut laid = String::from(*random.pick(&["", "", " ", "\t", " \t"]).unwrap());
                for (index, number) in line.split(' ').enumerate() {
                    if index > 0 {
                        laid.push_str(random.pick(&[" ", "  ", "\t", " \t", "\t\t", "   "]).unwrap());
                    }
                    laid.push_str(number);
                }
                laid.push_str(random.pick(&["", "", " ", "\t"]).unwrap());
                laid + random.pick(&["\r\n", "\n", "\r\n\r\n", "\r\n \t\r\n"]).unwrap()
            })
            .collect();
        for text in [plain.clone(), plain.replace('\n', "\r\n"), plain.replace(' ', "\t"), varied] {
            let mut reader = CaseReader::new(text.as_bytes());
            assert_eq!(reader.next_case().unwrap(), Case::from_numbers(0, 0, 9));
            assert_eq!(reader.ahead_len, 100, "{:?}", &text[..20]);
            let (cases, error, _) = read_all(reader);
            assert_eq!((cases.len(), error), (99, None));
        }
    }

    #[test]
    fn reading_ahead_across_the_ends_of_blocks_keeps_every_line_and_column() {
        // Over two 64 KB blocks of plain lines, then a mistake, with the
        // block ends falling at each byte of a line in turn.
        let plain: String =
            (0..15_000).map(|n| format!("{} {} {}\n", n % 64, (n / 64) % 64, (n * 5) % 64)).collect();
        for shift in 0..8 {
            let text = format!("{}{plain}7 8 x9\n1 2 3\n", "\n".repeat(shift));
            let expected = line_by_line(text.as_bytes());
            assert_eq!(expected.0.len(), 15_000);
            assert_eq!(
                expected.1.as_deref(),
                Some(&*format!("{}:5: newqueen 'x9' is not a number", 15_001 + shift))
            );
            let (cases, error, _) = read_all(CaseReader::new(text.as_bytes()));
            assert_eq!((cases, error), expected, "shifted by {shift}");
        }
    }
}
