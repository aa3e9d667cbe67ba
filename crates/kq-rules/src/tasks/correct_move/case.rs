//! One case of the task: `king queen newqueen`.

use core::str::FromStr;

use board_geometry::text_input::Located;

use super::CaseError;
use crate::Place;

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
    type Err = Located<CaseError>;

    /// Reads `king queen newqueen` from a single line of text.
    fn from_str(text: &str) -> Result<Case, Self::Err> {
        super::reader::one_line(text)
    }
}
