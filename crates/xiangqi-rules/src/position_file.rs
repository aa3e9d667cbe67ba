//! Position files: one FEN, alone on a line, for tools that read positions from files.

use std::io::Read;

use board_geometry::SetupLine;
use board_geometry::text_input::{InputError, Located, TextLine};

use crate::{Position, PositionError, Setup, SetupError};

/// What is wrong with a position file: its one line is not UTF-8 text, or
/// not a FEN ([`SetupError`]), or the FEN describes a setup that is not a
/// legal position ([`PositionError`]); or the file is empty, or holds a
/// second line. The [`Located`] wrapper gives the line and column.
pub type PositionFileError = board_geometry::PositionFileError<SetupError, PositionError>;

impl board_geometry::PositionText for SetupError {
    const NAME: &'static str = "FEN";
    // The errors name the FEN's parts, not the FEN: `the side to move is 'x'`.
    const SAY_WHAT_FAILED: bool = true;
}

/// Reads a position file: one FEN on a line of its own; blank lines and
/// whitespace around the FEN are ignored. The reading is bounded: a line of
/// more than [`MAX_LINE`](board_geometry::text_input::MAX_LINE) characters,
/// or anything after the FEN's line, stops it.
///
/// ```
/// use xiangqi_rules::{Position, read_position};
///
/// let text = "\n  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\n";
/// assert_eq!(read_position(text.as_bytes())?, Position::start());
/// let error = read_position("\n4k4/9/9/9/9/9/9/9/9/4K4 x\n".as_bytes()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "2:25: bad FEN: the side to move is 'x'; it must be 'w' or 'r' (red) or 'b' (black)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// An empty input, a line too long or not UTF-8, a line that is not a FEN
/// (at the part that is wrong), an illegal position (at the start of the
/// FEN), a second non-blank line, or a failure to read.
pub fn read_position(input: impl Read) -> Result<Position, InputError<PositionFileError>> {
    board_geometry::read_position_file::<Setup, Position>(input)
}

/// Reads a position file as [`read_position`] does, without checking that
/// the setup is a legal position.
///
/// # Errors
/// As [`read_position`], apart from the position's legality.
pub fn read_setup(input: impl Read) -> Result<Setup, InputError<PositionFileError>> {
    board_geometry::read_setup_file::<Setup, PositionError>(input)
}

impl SetupLine for Setup {
    type Error = SetupError;

    fn from_file_line<P>(
        line: &TextLine<'_>,
    ) -> Result<Setup, Located<board_geometry::PositionFileError<SetupError, P>>> {
        use board_geometry::PositionFileError::{NotText, Syntax};
        let fen = std::str::from_utf8(line.bytes())
            .map_err(|error| Located::new(line.position_of(error.valid_up_to()), NotText))?;
        Setup::from_fen(fen).map_err(|located| {
            let offset = usize::try_from(located.position.column - 1).unwrap_or(usize::MAX);
            Located::new(line.position_of(offset), Syntax(located.error))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &[u8]) -> String {
        read_position(text).unwrap_err().to_string()
    }

    #[test]
    fn errors_keep_the_fen_error_as_their_cause() {
        use std::error::Error as _;
        let syntax = "4k4/9/9".parse::<crate::Setup>().unwrap_err().error;
        let cause = |error: PositionFileError| error.source().map(ToString::to_string);
        assert_eq!(cause(PositionFileError::Syntax(syntax.clone())), Some(syntax.to_string()));
        let setup: crate::Setup = "9/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
        let invalid = crate::Position::try_from(setup).unwrap_err();
        assert_eq!(cause(PositionFileError::Invalid(invalid)), Some("black has no general".to_string()));
        assert_eq!(cause(PositionFileError::Empty), None);
    }

    #[test]
    fn setups_are_read_whether_or_not_they_are_legal() {
        let fen = "9/9/9/9/9/9/9/9/9/4K4 b - - 0 7";
        assert_eq!(read_setup(format!("\n{fen}\n").as_bytes()).unwrap().to_string(), fen);
        assert_eq!(
            read_position(fen.as_bytes()).unwrap_err().to_string(),
            "1:1: illegal position: black has no general"
        );
        assert_eq!(read_setup(b"4k4/9 w".as_slice()).unwrap_err().to_string(), error(b"4k4/9 w"));
    }

    #[test]
    fn files_hold_one_fen() {
        let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
        assert_eq!(read_position(format!("{fen}\r\n").as_bytes()).unwrap().to_string(), fen);
        assert_eq!(read_position(format!("\t {fen} \n\n \n").as_bytes()).unwrap().to_string(), fen);
        assert_eq!(error(b""), "1:1: no FEN: the input is empty");
        assert_eq!(error(b"\n \r\n\t\n"), "1:1: no FEN: the input is empty");
        assert_eq!(
            error(format!("{fen}\n\n  {fen}\n").as_bytes()),
            "3:3: a second line after the FEN: give one position per file"
        );
    }

    #[test]
    fn fen_errors_point_at_the_part_that_is_wrong() {
        // The columns count from the start of the line, indent included.
        assert_eq!(
            error(b"  4k4/9/9/9/9/9/9/9/9/3K5"),
            "1:26: bad FEN: the side to move is missing after the board: 'w' (red) or 'b' (black)"
        );
        assert_eq!(
            error(b"4k4/9/9/9/9/9/9/9/9/3K5 w - x"),
            "1:29: bad FEN: field 4 is 'x'; in xiangqi FEN fields 3 and 4 are always '-'"
        );
        assert!(error(b"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0").starts_with("1:33: bad FEN: the move number"));
        assert!(
            error(b"4k4/9/9/9/9/9/9/9/9/3K5 w - - z 1").starts_with("1:31: bad FEN: the half-move clock")
        );
        assert!(error(b"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 7").starts_with("1:35: bad FEN: the FEN has 7"));
        assert!(error(b"\n4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 7").starts_with("2:35: "));
        assert!(error(b"4k4/9/9/9/9/9/9/9/3K5 w").starts_with("1:1: bad FEN: the board has 9 ranks"));
        assert!(
            error(b"4k4/9/9/9/9/9/9/9/9/3K6 w").starts_with("1:21: bad FEN: rank 0 ('3K6') describes 10")
        );
        assert!(error(b"4k4/9/9/9/9/9/9/9/9/3KX4 w").starts_with("1:23: bad FEN: rank 0 ('3KX4') has 'X'"));
        assert!(
            error(b"4k4/9/9/9/9/9/9/9/9/4K4 w").starts_with("1:1: illegal position: black is not to move")
        );
        // A setup that is not a legal position still reads as a setup.
        assert!(read_setup("4k4/9/9/9/9/9/9/9/9/4K4 w".as_bytes()).is_ok());
    }

    #[test]
    fn long_lines_endless_input_and_other_bytes_are_refused() {
        // Whitespace around the FEN costs nothing, however long.
        let spaced = format!("{}4k4/9/9/9/9/9/9/9/9/3K5 w{}\n\n", " ".repeat(100_000), " ".repeat(100_000));
        assert!(read_position(spaced.as_bytes()).is_ok());
        let long = format!("4k4/9/9/9/9/9/9/9/9/3K5 w {}", "x".repeat(5000));
        assert!(error(long.as_bytes()).starts_with("1:1: a line of more than 4096 characters"));
        assert!(error(&[b'\n', b'4', 0xFF]).starts_with("2:2: this byte is not UTF-8 text"));
        let endless = std::io::repeat(b'9');
        assert!(read_position(endless).unwrap_err().to_string().starts_with("1:1: a line of more than 4096"));
        let zeros = std::io::repeat(0);
        assert!(read_position(zeros).unwrap_err().to_string().starts_with("1:1: a line of more than 4096"));
    }
}
