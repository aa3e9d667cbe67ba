//! Position files: one position string, alone on a line, for tools that read positions from files.

use std::io::Read;

use board_geometry::SetupLine;
use board_geometry::text_input::{InputError, Located, TextLine};

use crate::{Position, PositionError, Setup, SetupError};

/// What is wrong with a position file: its one line is not a position
/// string ([`SetupError`]), or the string describes a board no game can
/// reach ([`PositionError`]); or the file is empty, or holds a second line.
/// The [`Located`] wrapper gives the line and column.
pub type PositionFileError = board_geometry::PositionFileError<SetupError, PositionError>;

impl board_geometry::PositionText for SetupError {
    const NAME: &'static str = "position string";
    // Each error says what is wrong with what: `'C' is not a piece`.
    const SAY_WHAT_FAILED: bool = false;
}

/// Reads a position file: one position string (see [`Setup`]) on a line of
/// its own; blank lines and whitespace around the string are ignored.
///
/// ```
/// let text = "\n  rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR r\n\n";
/// assert_eq!(duck_rules::read_position(text.as_bytes())?, duck_rules::Position::start());
/// let error = duck_rules::read_position("4K4/9/9/9/9/9/9/9/9/9 r\n".as_bytes()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "1:1: blue's captain has been removed, so red made the last move and blue must be the side to move"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// An empty input, a line that is not a position string (at the column where
/// it goes wrong), a position no game can reach (at the start of the string),
/// a second non-blank line, or a failure to read.
pub fn read_position(input: impl Read) -> Result<Position, InputError<PositionFileError>> {
    board_geometry::read_position_file::<Setup, Position>(input)
}

/// Reads a position file as [`read_position`] does, without checking that a
/// game can reach the setup.
///
/// # Errors
/// An empty input, a line that is not a position string, a second non-blank
/// line, or a failure to read.
pub fn read_setup(input: impl Read) -> Result<Setup, InputError<PositionFileError>> {
    board_geometry::read_setup_file::<Setup, PositionError>(input)
}

impl SetupLine for Setup {
    type Error = SetupError;

    fn from_file_line<P>(
        line: &TextLine<'_>,
    ) -> Result<Setup, Located<board_geometry::PositionFileError<SetupError, P>>> {
        Setup::from_line(line)
            .map_err(|e| Located::new(e.position, board_geometry::PositionFileError::Syntax(e.error)))
    }
}

#[cfg(test)]
mod tests {
    use board_geometry::testing::assert_gives;

    use super::*;

    fn error(text: &str) -> String {
        read_position(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn files_hold_one_position_string() {
        assert_eq!(
            read_position("4k4/9/9/9/9/9/9/9/9/4K4 b".as_bytes()).unwrap().to_string(),
            "4k4/9/9/9/9/9/9/9/9/4K4 b"
        );
        assert_gives(
            error,
            &[
                ("", "1:1: no position string: the input is empty"),
                ("\n \n", "1:1: no position string: the input is empty"),
                (
                    "\n  4k4/9/9/9/9/9/9/9/9/4K4 x\n",
                    "2:27: 'x' is not a side to move: use r (red) or b (blue)",
                ),
                (
                    "4k4/9/9/9/9/9/9/9/9/4K4 r\n\n4k4/9/9/9/9/9/9/9/9/4K4 r\n",
                    "3:1: a second line after the position string: give one position per file",
                ),
            ],
        );
        let unreachable = "4K4/9/9/9/9/9/9/9/9/9 r";
        assert_eq!(read_setup(unreachable.as_bytes()).unwrap().to_string(), unreachable);
        assert!(read_position(unreachable.as_bytes()).is_err());
    }
}
