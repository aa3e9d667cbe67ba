//! One line of input: `king queen newqueen`.

use core::fmt;
use core::str::FromStr;
use std::io::BufRead;

use board_geometry::text_input::{Field, IntegerError, Line, LineReader, Located, StreamError, TextPosition};

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
            let text = field.text().into_owned();
            return Err(Located::new(field.position(), InputError::NotANumber { role, text }));
        }
    };
    place.ok_or_else(|| {
        let text = field.text().into_owned();
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

    /// Reads a case from one line of input.
    ///
    /// # Errors
    /// When the line does not hold exactly three numbers from 0 to 63; the
    /// error points at the offending field (or at the end of a short line).
    pub fn from_line(line: &Line<'_>) -> Result<Case, Located<InputError>> {
        let field_count = || InputError::FieldCount { found: line.fields().count() };
        let mut fields = line.fields();
        let mut next_place = |role| match fields.next() {
            Some(field) => parse_place(role, field),
            None => Err(Located::new(line.end(), field_count())),
        };
        let case = Case {
            king: next_place(Role::King)?,
            queen: next_place(Role::Queen)?,
            new_queen: next_place(Role::NewQueen)?,
        };
        match fields.next() {
            Some(extra) => Err(Located::new(extra.position(), field_count())),
            None => Ok(case),
        }
    }
}

impl FromStr for Case {
    type Err = Located<InputError>;

    /// Reads `king queen newqueen` from a single line of text.
    fn from_str(text: &str) -> Result<Case, Self::Err> {
        let mut lines = LineReader::new(text.as_bytes());
        match lines.next_line() {
            Ok(Some(line)) => Case::from_line(&line),
            _ => Err(Located::new(TextPosition::new(1, 1), InputError::FieldCount { found: 0 })),
        }
    }
}

/// Reads cases one line at a time from any buffered reader; blank lines are skipped.
#[derive(Debug)]
pub struct CaseReader<R> {
    lines: LineReader<R>,
}

impl<R: BufRead> CaseReader<R> {
    /// A reader of the cases in `input`.
    pub fn new(input: R) -> Self {
        CaseReader { lines: LineReader::new(input) }
    }

    /// The next case, or `None` at the end of input.
    ///
    /// # Errors
    /// A line that is not a case, or a failure to read.
    pub fn next_case(&mut self) -> Result<Option<Case>, StreamError<InputError>> {
        match self.lines.next_nonblank_line() {
            Ok(Some(line)) => Ok(Some(Case::from_line(&line)?)),
            Ok(None) => Ok(None),
            Err(error) => Err(StreamError::Read(error)),
        }
    }
}

impl<R: BufRead> Iterator for CaseReader<R> {
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
        assert_eq!(error("king 2 3"), "1:1: king 'king' is not a number");
        assert_eq!(error("1 2 3.5"), "1:5: newqueen '3.5' is not a number");
        assert_eq!(error("1 - 3"), "1:3: queen '-' is not a number");
        assert_eq!(error(""), "1:1: expected 3 numbers 'king queen newqueen', found 0 fields");
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
