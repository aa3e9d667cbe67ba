//! FEN: reading and writing positions as text.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`:
//! ten ranks from rank 9 down to rank 0, digits counting empty points, upper
//! case for red; then the side to move, two `-` fields, the half-move clock and
//! the move number. Only the first two fields are required.

use core::fmt;
use core::str::FromStr;

use board_geometry::text_input::{Located, TextPosition, excerpt};

use crate::{Board, Color, File, Piece, Rank, Setup, Square};

/// Why a text is not a FEN: what is wrong ([`SetupError`]) and the column
/// (on line 1, counted in bytes from 1) where the part that is wrong begins.
/// Its `Display` writes `1:COLUMN: message`.
///
/// ```
/// use xiangqi_rules::{Setup, SetupError};
///
/// let error = "4k4/9/9/9/9/9/9/9/9/3K5 x".parse::<Setup>().unwrap_err();
/// assert_eq!(error.position.column, 25);
/// assert_eq!(error.error, SetupError::BadSide { text: "x".into() });
/// assert_eq!(error.to_string(), "1:25: the side to move is 'x'; it must be 'w' or 'r' (red) or 'b' (black)");
/// ```
pub type ParseSetupError = Located<SetupError>;

/// What is wrong with a FEN, naming the part that is wrong. The [`Located`]
/// wrapper of a [`ParseSetupError`] gives the column where that part begins.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// The text is empty.
    Empty,
    /// The board part does not have ten ranks.
    RankCount {
        /// How many `/`-separated ranks it has.
        found: usize,
    },
    /// A rank does not describe exactly nine points.
    RankWidth {
        /// The rank's number (9 for the first rank of the FEN).
        rank: u8,
        /// The rank's text.
        text: String,
        /// How many points it describes.
        points: usize,
    },
    /// A character in a rank is neither a piece letter nor a digit 1..9.
    BadCharacter {
        /// The rank's number.
        rank: u8,
        /// The rank's text.
        text: String,
        /// The character.
        character: char,
    },
    /// Only the board is given; the side to move must follow.
    MissingSide,
    /// The side to move is not `w`, `r` or `b`.
    BadSide {
        /// The field as written.
        text: String,
    },
    /// Field 3 or 4 is not `-`.
    BadPlaceholder {
        /// Which field (3 or 4).
        field: u8,
        /// The field as written.
        text: String,
    },
    /// The half-move clock (field 5) is not a whole number.
    BadHalfmoveClock {
        /// The field as written.
        text: String,
    },
    /// The move number (field 6) is not a whole number from 1 up.
    BadFullmoveNumber {
        /// The field as written.
        text: String,
    },
    /// There are more than six fields.
    TooManyFields {
        /// How many fields there are.
        found: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Empty => f.write_str("the FEN is empty"),
            SetupError::RankCount { found } => {
                write!(
                    f,
                    "the board has {found} rank{}; a FEN gives 10, from rank 9 down to rank 0, separated by '/'",
                    if *found == 1 { "" } else { "s" }
                )
            }
            SetupError::RankWidth { rank, text, points } => {
                write!(f, "rank {rank} ('{text}') describes {points} points; every rank has 9")
            }
            SetupError::BadCharacter { rank, text, character } => write!(
                f,
                "rank {rank} ('{text}') has '{character}', which is neither a piece letter (KABNRCP, also E and H; \
                 lower case for black) nor a count of empty points from 1 to 9"
            ),
            SetupError::MissingSide => {
                f.write_str("the side to move is missing after the board: 'w' (red) or 'b' (black)")
            }
            SetupError::BadSide { text } => {
                write!(f, "the side to move is '{text}'; it must be 'w' or 'r' (red) or 'b' (black)")
            }
            SetupError::BadPlaceholder { field, text } => {
                write!(f, "field {field} is '{text}'; in xiangqi FEN fields 3 and 4 are always '-'")
            }
            SetupError::BadHalfmoveClock { text } => {
                write!(f, "the half-move clock (field 5) is '{text}'; it must be a whole number from 0 up")
            }
            SetupError::BadFullmoveNumber { text } => {
                write!(f, "the move number (field 6) is '{text}'; it must be a whole number from 1 up")
            }
            SetupError::TooManyFields { found } => {
                write!(f, "the FEN has {found} fields; it has at most 6")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// `error`, about the part of the FEN that begins at byte `offset`.
fn at(offset: usize, error: SetupError) -> ParseSetupError {
    Located::new(TextPosition::new(1, offset as u64 + 1), error)
}

/// The whitespace-separated fields of `text`, each with the byte offset where it begins.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (offset, byte) in text.bytes().enumerate().chain([(text.len(), b' ')]) {
        match (byte.is_ascii_whitespace(), start) {
            (true, Some(begin)) => {
                fields.push((begin, &text[begin..offset]));
                start = None;
            }
            (false, None) => start = Some(offset),
            _ => {}
        }
    }
    fields
}

/// Reads the board field, which begins at byte `offset` of the FEN.
fn parse_board(placement: &str, offset: usize) -> Result<Board, ParseSetupError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(at(offset, SetupError::RankCount { found: ranks.len() }));
    }
    let mut board = Board::empty();
    let mut rank_start = offset;
    for (text, rank_number) in ranks.into_iter().zip((0..10u8).rev()) {
        let mut points = 0usize;
        for (index, character) in text.char_indices() {
            match character {
                '1'..='9' => points += character as usize - '0' as usize,
                _ => {
                    let piece = Piece::from_letter(character).ok_or_else(|| {
                        at(
                            rank_start + index,
                            SetupError::BadCharacter {
                                rank: rank_number,
                                text: excerpt(text.as_bytes()),
                                character,
                            },
                        )
                    })?;
                    let square = u8::try_from(points)
                        .ok()
                        .and_then(File::new)
                        .zip(Rank::new(rank_number))
                        .map(|(file, rank)| Square::new(file, rank));
                    if let Some(square) = square {
                        board.put(square, piece);
                    }
                    points += 1;
                }
            }
        }
        if points != 9 {
            let error = SetupError::RankWidth { rank: rank_number, text: excerpt(text.as_bytes()), points };
            return Err(at(rank_start, error));
        }
        rank_start += text.len() + 1;
    }
    Ok(board)
}

impl Setup {
    /// Reads a FEN. The side to move is required; fields 3 and 4 (`-`), the
    /// half-move clock and the move number may be left out.
    ///
    /// # Errors
    /// A [`ParseSetupError`]: the part of the FEN that is wrong, and the
    /// column where it begins.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseSetupError> {
        let fields = fields(fen);
        let Some(&(board_start, placement)) = fields.first() else {
            return Err(at(0, SetupError::Empty));
        };
        // Where field `number` (from 1) begins, or the end of the text if it is missing.
        let field_start = |number: usize| fields.get(number - 1).map_or(fen.len(), |&(start, _)| start);
        if fields.len() > 6 {
            return Err(at(field_start(7), SetupError::TooManyFields { found: fields.len() }));
        }
        let board = parse_board(placement, board_start)?;
        let turn = match fields.get(1).map(|&(_, text)| text) {
            None => return Err(at(board_start + placement.len(), SetupError::MissingSide)),
            Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(text) => {
                return Err(at(field_start(2), SetupError::BadSide { text: excerpt(text.as_bytes()) }));
            }
        };
        for (field, &(start, text)) in (3u8..).zip(fields.iter().skip(2).take(2)) {
            if text != "-" {
                return Err(at(start, SetupError::BadPlaceholder { field, text: excerpt(text.as_bytes()) }));
            }
        }
        let halfmove_clock = match fields.get(4) {
            None => 0,
            Some(&(start, text)) => text
                .parse()
                .map_err(|_| at(start, SetupError::BadHalfmoveClock { text: excerpt(text.as_bytes()) }))?,
        };
        let fullmove_number = match fields.get(5) {
            None => 1,
            Some(&(start, text)) => match text.parse::<u32>() {
                Ok(number) if number >= 1 => number,
                _ => return Err(at(start, SetupError::BadFullmoveNumber { text: excerpt(text.as_bytes()) })),
            },
        };
        Ok(Setup { board, turn, halfmove_clock, fullmove_number })
    }
}

impl FromStr for Setup {
    type Err = ParseSetupError;
    fn from_str(fen: &str) -> Result<Setup, ParseSetupError> {
        Setup::from_fen(fen)
    }
}

impl fmt::Display for Setup {
    /// Writes the full six-field FEN, with `w` for red and `B`/`N` for elephants and horses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} - - {} {}",
            self.board,
            self.turn.letter(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

#[cfg(test)]
mod tests {
    use board_geometry::testing::assert_gives;

    use super::*;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    /// The message of the FEN's error, without its place.
    fn error(fen: &str) -> String {
        Setup::from_fen(fen).unwrap_err().error.to_string()
    }

    /// The column of the FEN's error.
    fn column(fen: &str) -> u64 {
        let error = Setup::from_fen(fen).unwrap_err();
        assert_eq!(error.position.line, 1);
        error.position.column
    }

    #[test]
    fn the_start_position_round_trips() {
        let setup: Setup = START.parse().unwrap();
        assert_eq!(setup, Setup::start());
        assert_eq!(setup.to_string(), START);
    }

    #[test]
    fn short_forms_and_aliases_are_read_and_written_canonically() {
        let short = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";
        let setup: Setup = short.parse().unwrap();
        assert_eq!(setup.to_string(), START);
        let black: Setup =
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12".parse().unwrap();
        assert_eq!((black.turn, black.halfmove_clock, black.fullmove_number), (Color::Black, 7, 12));
        assert_eq!(
            black.to_string(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12"
        );
    }

    #[test]
    fn every_fen_error_names_its_part() {
        assert_gives(
            error,
            &[
                ("", "the FEN is empty"),
                ("   ", "the FEN is empty"),
                (
                    "9/9/9/9/9/9/9/9/9 w",
                    "the board has 9 ranks; a FEN gives 10, from rank 9 down to rank 0, separated by '/'",
                ),
                (
                    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR1 w",
                    "rank 0 ('RNBAKABNR1') describes 10 points; every rank has 9",
                ),
                ("rnbakabn/9/9/9/9/9/9/9/9/9 w", "rank 9 ('rnbakabn') describes 8 points; every rank has 9"),
                (
                    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w",
                    "rank 0 ('RNBAQABNR') has 'Q', which is neither a piece letter (KABNRCP, also E and H; \
                     lower case for black) nor a count of empty points from 1 to 9",
                ),
            ],
        );
        assert!(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKA0BNR w").contains("'0'"));
        // The fields after a good board.
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        assert_gives(
            |fields| error(&format!("{board}{fields}")),
            &[
                ("", "the side to move is missing after the board: 'w' (red) or 'b' (black)"),
                (" x", "the side to move is 'x'; it must be 'w' or 'r' (red) or 'b' (black)"),
                (" w KQ", "field 3 is 'KQ'; in xiangqi FEN fields 3 and 4 are always '-'"),
                (" w - e3", "field 4 is 'e3'; in xiangqi FEN fields 3 and 4 are always '-'"),
                (" w - - x", "the half-move clock (field 5) is 'x'; it must be a whole number from 0 up"),
                (" w - - 0 0", "the move number (field 6) is '0'; it must be a whole number from 1 up"),
                (" w - - 0 1 extra", "the FEN has 7 fields; it has at most 6"),
            ],
        );
        assert_eq!(
            Setup::from_fen(&format!("{board} w - - 0 1 extra")).unwrap_err().to_string(),
            format!("1:{}: the FEN has 7 fields; it has at most 6", board.len() + 12)
        );
        let long_rank = "9".repeat(5000);
        assert_eq!(
            error(&format!("{long_rank}/9/9/9/9/9/9/9/9/9 w")),
            format!("rank 9 ('{}...') describes 45000 points; every rank has 9", "9".repeat(40))
        );
    }

    #[test]
    fn every_fen_error_is_placed_where_its_part_begins() {
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        assert_gives(
            column,
            &[
                ("", 1),
                ("   ", 1),
                ("9/9/9/9/9/9/9/9/9 w", 1),
                ("  9/9/9/9/9/9/9/9/9 w", 3), // the board begins after the indent
                ("9/9/9/9/9/9/9/9/9/46 w", 19), // the rank that is too wide
                ("rnbakabn/9/9/9/9/9/9/9/9/9 w", 1),
                ("9/9/9/9/9/9/9/9/9/RNBAQABNR w", 23), // the bad letter itself
                ("9/9/9/9/9/9/9/9/9/é8 w", 19),
            ],
        );
        assert_gives(
            |after| column(&format!("{board}{after}")),
            &[
                ("/9 w", 1),
                ("", 60), // just after the board
                ("   x", 63),
                (" w KQ", 63),
                (" w - e3", 65),
                (" w - - x", 67),
                (" w - - 0 0", 69),
                (" w - - 0 1 extra", 71),
            ],
        );
        // A rank far longer than its quoted excerpt still places its bad letter.
        let long = format!("{}X/9/9/9/9/9/9/9/9/9 w", "1".repeat(100));
        assert_eq!(column(&long), 101);
    }
}
