//! Setups: what a position string says, before any check that it makes sense.

use core::fmt;
use core::str::FromStr;

use board_geometry::NineByTen;
use board_geometry::render::{
    BoxLayout, Cell, Glyphs, Ink, Labels, SvgBoard, SvgPiece, TextStyle, box_picture, picture,
};
use board_geometry::text_input::{Located, TextLine, TextPosition, excerpt};

use crate::{Board, COORDINATES, Color, Piece, PieceKind};

/// The position string of the initial position (see [`Setup`] for the format).
pub const INITIAL_POSITION: &str = "rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR r";

/// What a position string says: a piece or nothing on each point, and the side
/// to move. A setup is not checked for sense; [`Position::from_setup`](crate::Position::from_setup)
/// does that.
///
/// # The position string
///
/// A position string is the board and the side to move, separated by one space:
///
/// ```text
/// rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR r
/// ```
///
/// - The board lists the rows from row 9 (blue's back row) down to row 0
///   (red's), separated by `/`. Each row lists its points from column 0 to
///   column 8: a letter for a piece, or a digit `1`..`9` for that many empty
///   points in a row.
/// - Letters are `K` captain, `G` guard, `E` elephant, `H` horse, `R` car,
///   `D` duck, `S` soldier; upper case for red, lower case for blue.
/// - The side to move is `r` (red) or `b` (blue).
///
/// The format has one spelling for every setup: a run of empty points is one
/// digit (`9`, never `45` or `0`), and nothing may come before the board, after
/// the side, or between them but the one space. So every string that parses is
/// written back byte for byte, and [`Display`](fmt::Display) writes it.
///
/// ```
/// use duck_rules::{COORDINATES, INITIAL_POSITION, Setup};
///
/// let setup: Setup = INITIAL_POSITION.parse()?;
/// assert_eq!(setup, Setup::start());
/// let captain = COORDINATES.square(0, 4).unwrap();
/// assert_eq!(setup.board.piece_at(captain).map(|p| p.to_string()).as_deref(), Some("red captain"));
/// assert_eq!(setup.to_string(), INITIAL_POSITION);
///
/// let error = "rhegkgehr/9/d7x/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR r".parse::<Setup>().unwrap_err();
/// assert_eq!(error.position.column, 15);
/// # Ok::<(), duck_rules::ParseSetupError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
}

impl Setup {
    /// An empty board with red to move.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup { board: Board::empty(), turn: Color::Red }
    }

    /// The initial position of the task, red to move.
    #[must_use]
    pub fn start() -> Setup {
        use PieceKind::{Captain, Car, Duck, Elephant, Guard, Horse, Soldier};
        const BACK_ROW: [PieceKind; 9] = [Car, Horse, Elephant, Guard, Captain, Guard, Elephant, Horse, Car];
        let mut setup = Setup::empty();
        for color in Color::ALL {
            // Red's rows 0, 2, 3 mirror blue's rows 9, 7, 6.
            let row = |red_row: i64| if color == Color::Red { red_row } else { 9 - red_row };
            let mut put = |row: i64, column: i64, kind: PieceKind| {
                if let Some(square) = COORDINATES.square(row, column) {
                    setup.board.put(square, Piece::new(color, kind));
                }
            };
            for (column, kind) in (0..).zip(BACK_ROW) {
                put(row(0), column, kind);
            }
            put(row(2), 0, Duck);
            put(row(2), 8, Duck);
            for column in [0, 2, 4, 6, 8] {
                put(row(3), column, Soldier);
            }
        }
        setup
    }

    /// The board as a picture: rank 9 (the task's row 9) at the top, rank 0
    /// at the bottom, ranks labelled by number and files by letter, as squares
    /// are named (file `a` is the task's column 0, file `i` its column 8); one
    /// position-string letter per piece and `.` for an empty point.
    ///
    /// ```
    /// let picture = duck_rules::Setup::start().picture();
    /// assert!(picture.starts_with("9 r h e g k g e h r\n8 . . . . . . . . .\n7 d . . . . . . . d\n"));
    /// assert!(picture.ends_with("0 R H E G K G E H R\n  a b c d e f g h i\n"));
    /// ```
    #[must_use]
    pub fn picture(&self) -> String {
        picture::<NineByTen>(
            |square| self.board.piece_at(square).map_or('.', Piece::letter),
            Labels::Notation,
        )
    }

    /// The board as a picture in `style`: [`Setup::picture`] for
    /// [`TextStyle::ASCII`], or Chinese characters on Unicode box lines, two
    /// columns a point, for terminals (see [`piece_character`]); with
    /// `style.color`, red pieces red and blue pieces blue.
    ///
    /// ```
    /// use duck_rules::Setup;
    /// use duck_rules::render::TextStyle;
    ///
    /// assert_eq!(Setup::start().picture_in(TextStyle::ASCII), Setup::start().picture());
    /// let picture = Setup::start().picture_in(TextStyle::chinese(false));
    /// assert!(picture.starts_with("     a   b   c   d   e   f   g   h   i\n 9   車──馬──象──士──將──士──象──馬──車  9\n"));
    /// assert!(picture.contains(" 7   鴨──┼───┼───┼───┼───┼───┼───┼───鴨  7\n"));
    /// ```
    #[must_use]
    pub fn picture_in(&self, style: TextStyle) -> String {
        match style.glyphs {
            Glyphs::Ascii => self.picture(),
            Glyphs::Chinese => {
                let cell = |square| match self.board.piece_at(square) {
                    Some(piece) => Cell::Piece { glyph: piece_character(piece), ink: ink(piece.color) },
                    None => Cell::Empty,
                };
                box_picture::<NineByTen>(cell, Labels::Notation, &BoxLayout::default(), style.color)
            }
        }
    }

    /// An SVG diagram of the board: the grid of lines (duck chess has no river
    /// and no palace), files lettered and ranks numbered as squares are named,
    /// and the pieces in the characters of [`piece_character`], red and blue,
    /// each titled with its square. Set its fields to flip it or mark points,
    /// then [`render`](board_geometry::render::SvgBoard::render) it.
    ///
    /// ```
    /// let svg = duck_rules::Setup::start().svg_diagram().render();
    /// assert!(svg.contains("<title>red duck on a2</title>"));
    /// assert!(svg.contains(">鸭</text>") && svg.contains(">鴨</text>"));
    /// ```
    #[must_use]
    pub fn svg_diagram(&self) -> SvgBoard<NineByTen> {
        let pieces = self
            .board
            .pieces()
            .map(|(square, piece)| SvgPiece::titled(square, piece, piece_character(piece), ink(piece.color)))
            .collect();
        // Files lettered and ranks numbered are the default labels; the test
        // `diagrams_name_files_and_ranks_as_squares_are_named` pins them.
        SvgBoard { pieces, ..SvgBoard::default() }
    }

    /// Reads a position string from a line of input, ignoring whitespace
    /// around it; errors carry the line's number and the column in the line.
    ///
    /// # Errors
    /// The text is not a position string; see [`SetupError`].
    pub fn from_line(line: &TextLine<'_>) -> Result<Setup, Located<SetupError>> {
        parse(line.bytes(), line.start().line, line.start().column)
    }
}

/// The character a piece is drawn with in Chinese pictures.
///
/// The task names its pieces 王 士 象 马 车 鸭 兵, alike for both sides; so
/// that the sides can be told apart without colour, each piece is written
/// as the xiangqi piece of its colour that it is named after, red 帥 仕 相 傌
/// 俥 兵 and blue 將 士 象 馬 車 卒, and the duck 鸭 for red and 鴨 (the
/// traditional form) for blue.
///
/// ```
/// use duck_rules::{Color, Piece, PieceKind, piece_character};
///
/// assert_eq!(piece_character(Piece::new(Color::Red, PieceKind::Duck)), '鸭');
/// assert_eq!(piece_character(Piece::new(Color::Blue, PieceKind::Captain)), '將');
/// ```
#[must_use]
pub const fn piece_character(piece: Piece) -> char {
    use PieceKind::{Captain, Car, Duck, Elephant, Guard, Horse, Soldier};
    match (piece.color, piece.kind) {
        (Color::Red, Captain) => '帥',
        (Color::Red, Guard) => '仕',
        (Color::Red, Elephant) => '相',
        (Color::Red, Horse) => '傌',
        (Color::Red, Car) => '俥',
        (Color::Red, Duck) => '鸭',
        (Color::Red, Soldier) => '兵',
        (Color::Blue, Captain) => '將',
        (Color::Blue, Guard) => '士',
        (Color::Blue, Elephant) => '象',
        (Color::Blue, Horse) => '馬',
        (Color::Blue, Car) => '車',
        (Color::Blue, Duck) => '鴨',
        (Color::Blue, Soldier) => '卒',
    }
}

/// The colour a side's pieces are drawn in.
const fn ink(color: Color) -> Ink {
    match color {
        Color::Red => Ink::Red,
        Color::Blue => Ink::Blue,
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl fmt::Display for Setup {
    /// Writes the position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.board, self.turn.letter())
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup(\"{self}\")")
    }
}

/// Why a text is not a position string: what is wrong ([`SetupError`]) and
/// the column (on line 1) where it goes wrong.
pub type ParseSetupError = Located<SetupError>;

impl FromStr for Setup {
    type Err = ParseSetupError;

    /// Reads a position string, exactly as [`Display`](fmt::Display) writes it.
    /// Errors are on line 1, at the column (counted in bytes from 1) where the
    /// string goes wrong.
    fn from_str(text: &str) -> Result<Setup, Located<SetupError>> {
        parse(text.as_bytes(), 1, 1)
    }
}

/// What is wrong with a position string. The [`Located`] wrapper gives the
/// column where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// A character that is not a piece letter, a digit `1`..`9`, `/` or the space.
    UnknownPiece {
        /// The character found.
        found: char,
    },
    /// A `0`, which is not a run of empty points.
    ZeroEmpty,
    /// Two digits in a row, where one digit must give the whole run of empty points.
    SplitEmptyRun,
    /// A row with more than 9 points.
    RowTooLong {
        /// The row, 9 for the first one written.
        row: u8,
    },
    /// A row with fewer than 9 points.
    RowTooShort {
        /// The row, 9 for the first one written.
        row: u8,
        /// How many points it has.
        points: u8,
    },
    /// A `/` after the last row (row 0).
    TooManyRows,
    /// The board ends before row 0.
    TooFewRows {
        /// How many rows it has.
        rows: u8,
    },
    /// Nothing after the board: the side to move is missing.
    MissingTurn,
    /// The side to move is not `r` or `b`.
    BadTurn {
        /// The text found instead (cut short if long, control characters escaped).
        found: String,
    },
    /// Text after the side to move.
    TrailingText {
        /// The text found (cut short if long, control characters escaped).
        found: String,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownPiece { found } => write!(
                f,
                "{found:?} is not a piece: use K G E H R D S (red), k g e h r d s (blue), or 1 to 9 empty points"
            ),
            SetupError::ZeroEmpty => f.write_str("0 is not a number of empty points: use 1 to 9"),
            SetupError::SplitEmptyRun => {
                f.write_str("two digits in a row: write a run of empty points as one digit 1 to 9")
            }
            SetupError::RowTooLong { row } => write!(f, "row {row} has more than 9 points"),
            SetupError::RowTooShort { row, points } => {
                let plural = if *points == 1 { "" } else { "s" };
                write!(f, "row {row} has {points} point{plural}, not 9")
            }
            SetupError::TooManyRows => f.write_str("more than 10 rows: the board lists rows 9 down to 0"),
            SetupError::TooFewRows { rows } => {
                let plural = if *rows == 1 { "" } else { "s" };
                write!(
                    f,
                    "the board has {rows} row{plural}, not 10: it lists rows 9 down to 0, separated by '/'"
                )
            }
            SetupError::MissingTurn => f.write_str(
                "the side to move is missing: end the position with a space and r (red) or b (blue)",
            ),
            SetupError::BadTurn { found } => {
                write!(f, "'{found}' is not a side to move: use r (red) or b (blue)")
            }
            SetupError::TrailingText { found } => {
                write!(f, "unexpected '{found}' after the side to move")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Parses `text`, which starts at `column` of line `line`.
fn parse(text: &[u8], line: u64, column: u64) -> Result<Setup, Located<SetupError>> {
    let at = |i: usize, error| Located::new(TextPosition::new(line, column + i as u64), error);
    let lossy = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let quoted = |bytes: &[u8]| excerpt(bytes);
    let mut setup = Setup::empty();
    let mut i = 0;
    // Rows, from 9 down to 0.
    for row in (0..10u8).rev() {
        let mut points: u8 = 0;
        let mut after_digit = false;
        loop {
            match text.get(i).copied() {
                None | Some(b'/' | b' ') => break,
                Some(b'0') => return Err(at(i, SetupError::ZeroEmpty)),
                Some(digit @ b'1'..=b'9') => {
                    if after_digit {
                        return Err(at(i, SetupError::SplitEmptyRun));
                    }
                    points += digit - b'0';
                    after_digit = true;
                }
                Some(byte) => {
                    let found = if byte.is_ascii() {
                        char::from(byte)
                    } else {
                        lossy(&text[i..text.len().min(i + 4)]).chars().next().unwrap_or('\u{fffd}')
                    };
                    let piece = Piece::from_letter(found).ok_or(SetupError::UnknownPiece { found });
                    let piece = piece.map_err(|error| at(i, error))?;
                    if let Some(square) = COORDINATES.square(row.into(), points.into()) {
                        setup.board.put(square, piece);
                    }
                    points += 1;
                    after_digit = false;
                }
            }
            if points > 9 {
                return Err(at(i, SetupError::RowTooLong { row }));
            }
            i += 1;
        }
        if points < 9 {
            return Err(at(i, SetupError::RowTooShort { row, points }));
        }
        match text.get(i) {
            Some(b'/') if row == 0 => return Err(at(i, SetupError::TooManyRows)),
            Some(b'/') => i += 1,
            _ if row > 0 => return Err(at(i, SetupError::TooFewRows { rows: 10 - row })),
            _ => {}
        }
    }
    // The side to move: one space, then `r` or `b`, then the end.
    if text.get(i) == Some(&b' ') {
        i += 1;
    }
    let Some(&letter) = text.get(i) else {
        return Err(at(i, SetupError::MissingTurn));
    };
    let after = i + 1;
    match Color::from_letter(char::from(letter)) {
        Some(color) if text.get(after).is_none_or(u8::is_ascii_whitespace) => setup.turn = color,
        _ => {
            let word =
                text[after..].iter().position(u8::is_ascii_whitespace).map_or(text.len(), |n| after + n);
            let end = if letter.is_ascii_whitespace() { after } else { word };
            return Err(at(i, SetupError::BadTurn { found: quoted(&text[i..end]) }));
        }
    }
    if after < text.len() {
        return Err(at(after, SetupError::TrailingText { found: quoted(&text[after..]) }));
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use board_geometry::testing::{assert_gives, parse_error};

    use super::*;

    #[test]
    fn the_initial_position_is_the_statements_table() {
        let setup = Setup::start();
        assert_eq!(setup.to_string(), INITIAL_POSITION);
        assert_eq!(INITIAL_POSITION.parse::<Setup>(), Ok(setup));
        let at = |row, column| {
            setup.board.piece_at(COORDINATES.square(row, column).unwrap()).map(|p| p.to_string())
        };
        let row = |r| (0..9).map(|c| at(r, c).unwrap_or_else(|| "-".into())).collect::<Vec<_>>().join(",");
        let back = "car,horse,elephant,guard,captain,guard,elephant,horse,car";
        let red_back: Vec<String> = back.split(',').map(|k| format!("red {k}")).collect();
        let blue_back: Vec<String> = back.split(',').map(|k| format!("blue {k}")).collect();
        assert_eq!(row(0), red_back.join(","));
        assert_eq!(row(9), blue_back.join(","));
        assert_eq!(row(2), "red duck,-,-,-,-,-,-,-,red duck");
        assert_eq!(row(7), "blue duck,-,-,-,-,-,-,-,blue duck");
        assert_eq!(row(3), "red soldier,-,red soldier,-,red soldier,-,red soldier,-,red soldier");
        assert_eq!(row(6), "blue soldier,-,blue soldier,-,blue soldier,-,blue soldier,-,blue soldier");
        for empty in [1, 4, 5, 8] {
            assert_eq!(row(empty), "-,-,-,-,-,-,-,-,-");
        }
        assert_eq!(setup.board.pieces().count(), 32);
        assert_eq!(setup.turn, Color::Red);
    }

    #[test]
    fn strings_round_trip() {
        for text in [
            INITIAL_POSITION,
            "9/9/9/9/9/9/9/9/9/9 b",
            "4k4/9/9/9/9/9/9/9/9/4K4 r",
            "RRRRRRRRR/sssssssss/9/9/9/9/9/9/9/1h5D1 b",
        ] {
            let setup: Setup = text.parse().unwrap();
            assert_eq!(setup.to_string(), text);
        }
        let mut setup = Setup::empty();
        setup.board.put(COORDINATES.square(5, 3).unwrap(), Piece::new(Color::Blue, PieceKind::Duck));
        setup.turn = Color::Blue;
        assert_eq!(setup.to_string(), "9/9/9/9/3d5/9/9/9/9/9 b");
        assert_eq!(format!("{setup:?}"), "Setup(\"9/9/9/9/3d5/9/9/9/9/9 b\")");
    }

    #[test]
    fn errors_say_what_and_where() {
        let error = parse_error::<Setup>;
        assert_eq!(
            error("9/9/9/9/9/9/9/9/9/9\tr"),
            format!("1:20: {}", SetupError::UnknownPiece { found: '\t' })
        );
        assert_eq!(
            error("9/9/é8/9/9/9/9/9/9/9 r"),
            format!("1:5: {}", SetupError::UnknownPiece { found: 'é' })
        );
        assert_gives(
            error,
            &[
                (
                    "rhegkgehx/9/9/9/9/9/9/9/9/9 r",
                    "1:9: 'x' is not a piece: use K G E H R D S (red), k g e h r d s (blue), or 1 to 9 empty points",
                ),
                ("9/9/0/9/9/9/9/9/9/9 r", "1:5: 0 is not a number of empty points: use 1 to 9"),
                (
                    "9/9/45/9/9/9/9/9/9/9 r",
                    "1:6: two digits in a row: write a run of empty points as one digit 1 to 9",
                ),
                ("9/9/9r/9/9/9/9/9/9/9 r", "1:6: row 7 has more than 9 points"),
                ("9/9/5r4/9/9/9/9/9/9/9 r", "1:7: row 7 has more than 9 points"),
                ("9/8/9/9/9/9/9/9/9/9 r", "1:4: row 8 has 8 points, not 9"),
                ("9//9/9/9/9/9/9/9/9 r", "1:3: row 8 has 0 points, not 9"),
                ("9/9/9/9/9/9/9/9/9/9/9 r", "1:20: more than 10 rows: the board lists rows 9 down to 0"),
                ("9/9/9 r", "1:6: the board has 3 rows, not 10: it lists rows 9 down to 0, separated by '/'"),
                ("", "1:1: row 9 has 0 points, not 9"),
            ],
        );
        // A good board, then what stands after it in place of ` r`.
        let good = "rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR";
        assert_gives(
            |after| error(&format!("{good}{after}")),
            &[
                (
                    "",
                    "1:56: the side to move is missing: end the position with a space and r (red) or b (blue)",
                ),
                (
                    " ",
                    "1:57: the side to move is missing: end the position with a space and r (red) or b (blue)",
                ),
                (" red", "1:57: 'red' is not a side to move: use r (red) or b (blue)"),
                (" w", "1:57: 'w' is not a side to move: use r (red) or b (blue)"),
                (" rb", "1:57: 'rb' is not a side to move: use r (red) or b (blue)"),
                ("  r", "1:57: ' ' is not a side to move: use r (red) or b (blue)"),
                (" r 0 1", "1:58: unexpected ' 0 1' after the side to move"),
                (" r\n", "1:58: unexpected '\\n' after the side to move"),
            ],
        );
    }

    #[test]
    fn lines_may_have_whitespace_around_the_string() {
        use board_geometry::text_input::Scanner;
        let text = format!("\n  \t{INITIAL_POSITION}  \r\n   9/9/x\n");
        let mut lines = Scanner::new(text.as_bytes());
        let line = lines.next_line().unwrap().unwrap();
        assert_eq!(Setup::from_line(&line), Ok(Setup::start()));
        let line = lines.next_line().unwrap().unwrap();
        assert_eq!(Setup::from_line(&line).unwrap_err().position, TextPosition::new(3, 8));
    }

    #[test]
    fn arbitrary_text_never_panics_and_what_parses_round_trips() {
        let alphabet = b"KGEHRDSkgehrdsrb0123456789/ x\xc3\xa9";
        let mut random = board_geometry::random::Random::new(0x9e37_79b9_7f4a_7c15);
        let mut next = || random.next_u64();
        let mut parsed = 0;
        for _ in 0..20_000 {
            // Mutate a valid string, or build one from scratch.
            let mut bytes: Vec<u8> = INITIAL_POSITION.bytes().collect();
            for _ in 0..next() % 4 {
                let i = (next() % bytes.len() as u64) as usize;
                let b = alphabet[(next() % alphabet.len() as u64) as usize];
                match next() % 3 {
                    0 => bytes[i] = b,
                    1 => bytes.insert(i, b),
                    _ => {
                        bytes.remove(i);
                    }
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(setup) = text.parse::<Setup>() {
                parsed += 1;
                assert_eq!(setup.to_string(), text);
            }
        }
        assert!(parsed > 1000, "only {parsed} strings parsed");
    }
}
