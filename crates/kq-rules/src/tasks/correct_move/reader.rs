//! Reading the cases one line at a time, with located errors.

use std::io::Read;

use board_geometry::text_input::{Field, IntegerError, Located, Scanner, TextPosition, excerpt};

use super::fast::{self, READ_AHEAD};
use super::{Case, CaseError, InputError, Role};
use crate::Place;

fn parse_place(role: Role, field: Field<'_>) -> Result<Place, Located<CaseError>> {
    let place = match field.integer() {
        Ok(number) => u8::try_from(number).ok().and_then(Place::from_index),
        Err(IntegerError::TooLarge) => None,
        Err(IntegerError::NotAnInteger) => {
            let text = excerpt(field.bytes());
            return Err(Located::new(field.position(), CaseError::NotANumber { role, text }));
        }
    };
    place.ok_or_else(|| {
        let text = excerpt(field.bytes());
        Located::new(field.position(), CaseError::OffBoard { role, text })
    })
}

/// Reads cases one line at a time from any reader; blank lines are skipped.
///
/// A case is answered as soon as its line ends: nothing after the line end
/// is read before the case is returned, so a person typing at a terminal
/// sees each verdict at once.
#[derive(Debug)]
pub struct Reader<R> {
    scanner: Scanner<R>,
    /// Cases read ahead from plain lines already in the buffer, not yet handed out.
    ahead: [Case; READ_AHEAD],
    ahead_len: usize,
    ahead_next: usize,
    /// Whether plain lines may be read ahead: not when one line is parsed
    /// on its own and whatever follows it is an error.
    read_ahead: bool,
    /// Whether a case has been handed out: an input without any is refused.
    any_case: bool,
}

/// What fills the read-ahead cases before any is read (never handed out).
const UNREAD: Case = match Place::from_index(0) {
    Some(a1) => Case { king: a1, queen: a1, new_queen: a1 },
    None => panic!("a grid has a first square"),
};

impl<R: Read> Reader<R> {
    /// A reader of the cases in `input`.
    pub fn new(input: R) -> Self {
        Reader {
            scanner: Scanner::new(input),
            ahead: [UNREAD; READ_AHEAD],
            ahead_len: 0,
            ahead_next: 0,
            read_ahead: true,
            any_case: false,
        }
    }

    /// Reads ahead the cases of the plain lines the buffer holds whole (see
    /// [`fast::plain_lines`]), stopping before the first line that is
    /// anything else: that one is read field by field, which says precisely
    /// what is wrong with it. Only text already read is looked at, so a
    /// person typing still gets each answer at once.
    fn read_plain_lines(&mut self) -> Result<(), InputError> {
        let text = self.scanner.peek_text()?;
        let (count, consumed) = fast::plain_lines(text, &mut self.ahead);
        self.scanner.consume_text(consumed);
        (self.ahead_len, self.ahead_next) = (count, 0);
        Ok(())
    }

    /// The next case, or `None` at the end of input.
    ///
    /// # Errors
    /// A line that does not hold exactly three numbers from 0 to 63 (the
    /// error points at the offending field, or at the end of a short line),
    /// an input with no line at all ([`CaseError::NoCase`], at 1:1),
    /// unreadable text, or a failure to read.
    pub fn next_case(&mut self) -> Result<Option<Case>, InputError> {
        let case = self.next_line()?;
        match case {
            Some(_) => self.any_case = true,
            None if !self.any_case => {
                return Err(Located::new(TextPosition::new(1, 1), CaseError::NoCase).into());
            }
            None => {}
        }
        Ok(case)
    }

    /// The next case, or `None` at the end of input, however many came before.
    fn next_line(&mut self) -> Result<Option<Case>, InputError> {
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
        let mut next = |role, found| -> Result<Place, InputError> {
            match scanner.next_in_line()? {
                Some(field) => Ok(parse_place(role, field)?),
                None => Err(Located::new(scanner.line_end(), CaseError::FieldCount { found }).into()),
            }
        };
        let queen = next(Role::Queen, 1)?;
        let new_queen = next(Role::NewQueen, 2)?;
        if let Some((at, extra)) = scanner.rest_of_line()? {
            return Err(Located::new(at, CaseError::FieldCount { found: 3 + extra }).into());
        }
        Ok(Some(Case { king, queen, new_queen }))
    }
}

/// Reads `king queen newqueen` from a single line of text, with nothing
/// after it (`Case`'s `FromStr`).
pub(super) fn one_line(text: &str) -> Result<Case, Located<CaseError>> {
    let mut cases = Reader::new(text.as_bytes());
    cases.read_ahead = false;
    match cases.next_case() {
        Ok(Some(case)) => match cases.scanner.next_token() {
            Ok(None) => Ok(case),
            Ok(Some(extra)) => Err(Located::new(extra.position(), CaseError::FieldCount { found: 4 })),
            Err(_) => Err(Located::new(cases.scanner.position(), CaseError::FieldCount { found: 4 })),
        },
        Ok(None) => Err(Located::new(TextPosition::new(1, 1), CaseError::FieldCount { found: 0 })),
        // One line asked for, none given: no field in it.
        Err(InputError::Invalid(Located { error: CaseError::NoCase, position })) => {
            Err(Located::new(position, CaseError::FieldCount { found: 0 }))
        }
        Err(InputError::Invalid(error)) => Err(error),
        // A field too long to read is no place number.
        Err(InputError::Text(error)) => {
            let text = error.error.to_string();
            Err(Located::new(error.position, CaseError::NotANumber { role: Role::King, text }))
        }
        Err(_) => Err(Located::new(TextPosition::new(1, 1), CaseError::FieldCount { found: 0 })),
    }
}

board_geometry::impl_case_iterator!(Reader, Case, InputError);

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;
    use board_geometry::testing::{InPieces, assert_gives, parse_error};

    use super::*;

    #[test]
    fn lines_with_three_places_parse() {
        let case: Case = "  7\t16 8 ".parse().unwrap();
        assert_eq!(case, Case::from_numbers(7, 16, 8).unwrap());
        assert_eq!("+7 16 08".parse::<Case>(), Ok(case));
    }

    #[test]
    fn an_input_with_no_line_is_refused_as_every_judge_refuses_one() {
        for empty in ["", "  \n\n", "\r\n\t\n"] {
            let mut reader = Reader::new(empty.as_bytes());
            let error = reader.next_case().expect_err("no case");
            assert_eq!(
                error.to_string(),
                "1:1: the input holds no line: expected lines 'king queen newqueen'"
            );
        }
        let mut reader = Reader::new(&b"0 1 2\n\n"[..]);
        assert!(matches!(reader.next_case(), Ok(Some(_))));
        assert!(matches!(reader.next_case(), Ok(None)), "the end after a case is no error");
    }

    #[test]
    fn bad_lines_say_what_and_where() {
        let error = parse_error::<Case>;
        assert_gives(
            error,
            &[
                ("17 64 3", "1:4: queen 64 is off the board: places are 0 to 63"),
                ("-1 6 3", "1:1: king -1 is off the board: places are 0 to 63"),
                (
                    "1 2 99999999999999999999999",
                    "1:5: newqueen 99999999999999999999999 is off the board: places are 0 to 63",
                ),
                ("17 49", "1:6: expected 3 numbers 'king queen newqueen', found 2 fields"),
                ("1 2 3 4", "1:7: expected 3 numbers 'king queen newqueen', found 4 fields"),
                ("1 2 3 4 5 6", "1:7: expected 3 numbers 'king queen newqueen', found 6 fields"),
                ("king 2 3", "1:1: king 'king' is not a number"),
                ("1 2 3.5", "1:5: newqueen '3.5' is not a number"),
                ("1 - 3", "1:3: queen '-' is not a number"),
                ("", "1:1: expected 3 numbers 'king queen newqueen', found 0 fields"),
            ],
        );
        let long = "7".repeat(100);
        assert_eq!(
            error(&format!("1 2 {long}")),
            format!("1:5: newqueen {}... is off the board: places are 0 to 63", "7".repeat(40))
        );
    }

    #[test]
    fn reader_skips_blank_lines_and_numbers_lines_from_one() {
        let mut reader = Reader::new("1 2 3\r\n\n  \n4 5 x\n".as_bytes());
        assert_eq!(reader.next().unwrap().unwrap(), Case::from_numbers(1, 2, 3).unwrap());
        match reader.next() {
            Some(Err(InputError::Invalid(error))) => {
                assert_eq!(error.to_string(), "4:5: newqueen 'x' is not a number");
            }
            other => panic!("{other:?}"),
        }
    }

    /// Every case up to the first error, and that error's message.
    fn read_all(mut reader: Reader<impl Read>) -> (Vec<Case>, Option<String>, usize) {
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
        let mut reader = Reader::new(text);
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
                let (cases, error, most_ahead) = read_all(Reader::new(InPieces::new(text.as_bytes(), piece)));
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
            let mut reader = Reader::new(text.as_bytes());
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
            let (cases, error, _) = read_all(Reader::new(text.as_bytes()));
            assert_eq!((cases, error), expected, "shifted by {shift}");
        }
    }
}
