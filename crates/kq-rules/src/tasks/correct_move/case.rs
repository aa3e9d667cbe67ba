//! One line of input: `king queen newqueen`.

use core::fmt;
use core::str::FromStr;
use std::io::Read;

use board_geometry::text_input::{Field, IntegerError, Located, Scanner, StreamError, TextPosition, excerpt};

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
}

impl<R: Read> CaseReader<R> {
    /// A reader of the cases in `input`.
    pub fn new(input: R) -> Self {
        CaseReader { scanner: Scanner::new(input) }
    }

    /// The next case, or `None` at the end of input.
    ///
    /// # Errors
    /// A line that does not hold exactly three numbers from 0 to 63 (the
    /// error points at the offending field, or at the end of a short line),
    /// unreadable text, or a failure to read.
    pub fn next_case(&mut self) -> Result<Option<Case>, StreamError<InputError>> {
        // The fast way: a line of three places written plainly, read at once;
        // anything else is read field by field, which says what is wrong.
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

impl<R: Read> Iterator for CaseReader<R> {
    type Item = Result<Case, StreamError<InputError>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_case().transpose()
    }
}

#[cfg(test)]
mod tests {
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
}
