//! What can go wrong reading a record of any format, and where.

use core::fmt;

use crate::notation::NotationError;
use crate::record::{Content, Format, NotText, Record, RecordError, ReplayError};
use crate::{IllegalMove, Move, ParsePositionError, PositionError};

/// Where in a file a problem stands: a byte offset in a binary format (or
/// in the data a compressed one unpacks to), a line and column in a text one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// The offset of the byte, from 0.
    Byte(usize),
    /// The offset of the byte, from 0, in the data that a compressed file
    /// unpacks to (CChessBoard's older libraries, whose games are all
    /// inside one zlib stream): no byte of the file itself stands for it.
    Unpacked(usize),
    /// The line and column, both from 1; columns count characters.
    Text {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
}

impl fmt::Display for Location {
    /// `byte 1032 (0x408)`, `byte 1032 (0x408) of the unpacked data` or
    /// `line 3, column 12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Location::Byte(offset) => write!(f, "byte {offset} (0x{offset:X})"),
            Location::Unpacked(offset) => write!(f, "byte {offset} (0x{offset:X}) of the unpacked data"),
            Location::Text { line, column } => write!(f, "line {line}, column {column}"),
        }
    }
}

/// A record that cannot be read, or not to its end: what is wrong, where,
/// and in which format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The format the bytes were read as (`None` where they are no record).
    pub format: Option<Format>,
    /// Where the problem stands.
    pub at: Location,
    /// What is wrong.
    pub kind: ReadErrorKind,
}

impl ReadError {
    pub(crate) const fn new(format: Format, at: Location, kind: ReadErrorKind) -> ReadError {
        ReadError { format: Some(format), at, kind }
    }

    #[cfg(test)]
    pub(crate) const fn at_byte(format: Format, offset: usize, kind: ReadErrorKind) -> ReadError {
        ReadError::new(format, Location::Byte(offset), kind)
    }
}

impl fmt::Display for ReadError {
    /// `xqf, byte 1032 (0x408): the move h2h9 cannot be played: ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.format {
            Some(format) => write!(f, "{format}, {}: {}", self.at, self.kind),
            None => write!(f, "{}: {}", self.at, self.kind),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::IllegalMove { reason, .. } => Some(reason),
            ReadErrorKind::BadStart(error) => Some(error),
            ReadErrorKind::BadFen { error, .. } => Some(error),
            ReadErrorKind::Text(error) => Some(&**error),
            ReadErrorKind::Replay(error) => Some(&**error),
            ReadErrorKind::BadMoveText(error) => Some(&**error),
            _ => None,
        }
    }
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The bytes are no record at all.
    NotARecord(Content),
    /// The file does not begin with the format's signature.
    BadMagic {
        /// What the format's files begin with.
        expected: &'static str,
    },
    /// A version of the format that is not read here.
    UnsupportedVersion {
        /// The version number the file gives.
        version: u32,
        /// The versions that are read, as text (`10 to 18`).
        supported: &'static str,
    },
    /// The file ends before a part it must have.
    Truncated {
        /// The part cut short (`the 1024-byte header`, `a move`).
        part: &'static str,
    },
    /// A byte that should name a point of the board names none.
    BadSquare {
        /// The byte, after decryption.
        value: u32,
    },
    /// A byte of a board diagram that names no piece.
    BadPiece {
        /// The byte.
        value: u8,
    },
    /// A number that is out of its range.
    BadNumber {
        /// What the number counts.
        what: &'static str,
        /// The number.
        value: i64,
    },
    /// The start position the record gives is not a legal position.
    BadStart(PositionError),
    /// A move that cannot be played where it stands in the game.
    IllegalMove {
        /// The move.
        mv: Move,
        /// Why not.
        reason: IllegalMove,
    },
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`](crate::record::MAX_VARIATION_DEPTH).
    TooDeep,
    /// A DhtmlXQ field that is never closed (`[DhtmlXQ_movelist]` with no
    /// `[/DhtmlXQ_movelist]`), where the game needs it.
    UnclosedField {
        /// The field's name after `DhtmlXQ_` (`movelist`).
        field: String,
    },
    /// A FEN the record gives that is no legal position.
    BadFen {
        /// The FEN as written.
        fen: String,
        /// What is wrong with it.
        error: ParsePositionError,
    },
    /// Digits were expected, and something else is written.
    NotDigits {
        /// What is written in digits (`moves`, `binit's piece points`).
        what: &'static str,
    },
    /// DhtmlXQ's `binit` does not hold 64 digits, two for each of 32 pieces.
    BinitLength {
        /// How many digits it holds.
        digits: usize,
    },
    /// DhtmlXQ moves whose digits are no whole number of moves (four digits each).
    PartMove {
        /// How many digits there are.
        digits: usize,
    },
    /// Two of the 32 pieces of a start position (XQF, DhtmlXQ's `binit`) on one point.
    PointTaken {
        /// The place of the second among the 32, from 0.
        place: usize,
    },
    /// Four digits of a DhtmlXQ move that name no move (a file or rank off the board).
    NoMoveInDigits {
        /// The digits.
        digits: String,
    },
    /// A DhtmlXQ variation field whose name gives no line and move (`move_LINE_MOVE_NUMBER`).
    NoVariationKey {
        /// The field's name after `DhtmlXQ_`.
        field: String,
    },
    /// A DhtmlXQ variation that branches at a move its line does not have.
    NoBranchPoint {
        /// The variation's own number.
        branch: usize,
        /// The move it branches at, as the field's name numbers it.
        step: usize,
        /// The line it branches from.
        parent: usize,
    },
    /// A CBF move that is no pair of points (`77-47`).
    NoCbfMove {
        /// The move as written.
        text: String,
    },
    /// CBF's XML whose root element is not `<ChineseChessRecord>`, or that has none.
    NotCbfRoot {
        /// The root element's name; `None` where there is none.
        root: Option<String>,
    },
    /// A CBF closing tag that closes no open element.
    UnopenedElement {
        /// The element's name.
        name: String,
    },
    /// XML that is not well formed (a CBF file): what is wrong.
    Xml(String),
    /// A variation that branches from a line the record does not give.
    UnknownBranch {
        /// The variation's own number.
        branch: u32,
        /// The line it says it branches from.
        parent: u32,
    },
    /// Compressed data that cannot be unpacked: not a valid zlib stream, or
    /// one whose data fails its checksum.
    BadCompressedData {
        /// Whether the data unpacked but fails its checksum (Adler-32).
        checksum: bool,
    },
    /// The bytes of a text format are not text in any encoding.
    NotText(NotText),
    /// PGN-style text that is not well formed.
    Text(Box<RecordError>),
    /// A PGN-style game whose `FEN` or `Format` tag is unusable.
    Replay(Box<ReplayError>),
    /// A PGN-style move that names no legal move.
    BadMoveText(Box<NotationError>),
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadErrorKind::NotARecord(content) => write!(f, "not a game record: {content}"),
            ReadErrorKind::BadMagic { expected } => write!(f, "the file does not begin with {expected}"),
            ReadErrorKind::UnsupportedVersion { version, supported } => {
                write!(f, "version {version} is not read here (versions {supported} are)")
            }
            ReadErrorKind::Truncated { part } => write!(f, "the file ends inside {part}"),
            ReadErrorKind::BadSquare { value } => write!(f, "{value} names no point of the board"),
            ReadErrorKind::BadPiece { value } => write!(f, "0x{value:02X} names no piece"),
            ReadErrorKind::BadNumber { what, value } => write!(f, "{value} is no possible {what}"),
            ReadErrorKind::BadStart(error) => write!(f, "the start position is not legal: {error}"),
            ReadErrorKind::IllegalMove { mv, reason } => {
                write!(f, "the move {mv} cannot be played: {reason}")
            }
            ReadErrorKind::TooDeep => {
                write!(f, "variations are nested more than {} deep", crate::record::MAX_VARIATION_DEPTH)
            }
            ReadErrorKind::UnclosedField { field } => {
                write!(f, "[DhtmlXQ_{field}] is never closed with [/DhtmlXQ_{field}]")
            }
            ReadErrorKind::BadFen { fen, error } => {
                write!(f, "the FEN '{fen}' is no legal position: {error}")
            }
            ReadErrorKind::NotDigits { what } => write!(f, "{what} are written in digits"),
            ReadErrorKind::BinitLength { digits } => {
                write!(f, "binit holds 64 digits (two for each of 32 pieces), not {digits}")
            }
            ReadErrorKind::PartMove { digits } => {
                write!(f, "a move takes four digits; {digits} digits are no whole number of moves")
            }
            ReadErrorKind::PointTaken { place } => {
                write!(f, "piece {} of 32 stands on a point already taken", place + 1)
            }
            ReadErrorKind::NoMoveInDigits { digits } => write!(f, "{digits} names no move"),
            ReadErrorKind::NoVariationKey { field } => {
                write!(f, "[DhtmlXQ_{field}] names no variation (move_LINE_MOVE_NUMBER)")
            }
            ReadErrorKind::NoBranchPoint { branch, step, parent } => {
                write!(
                    f,
                    "variation {branch} branches at move {step} of line {parent}, which has no move there"
                )
            }
            ReadErrorKind::NoCbfMove { text } => {
                write!(f, "'{text}' is no move (file and row digits: 77-47)")
            }
            ReadErrorKind::NotCbfRoot { root: Some(name) } => {
                write!(f, "the root element is <{name}>, not <ChineseChessRecord>")
            }
            ReadErrorKind::NotCbfRoot { root: None } => {
                f.write_str("there is no <ChineseChessRecord> element")
            }
            ReadErrorKind::UnopenedElement { name } => write!(f, "</{name}> closes no open element"),
            ReadErrorKind::Xml(what) => f.write_str(what),
            ReadErrorKind::UnknownBranch { branch, parent } => {
                write!(f, "variation {branch} branches from line {parent}, which the record does not give")
            }
            ReadErrorKind::BadCompressedData { checksum: false } => {
                f.write_str("the compressed data is damaged")
            }
            ReadErrorKind::BadCompressedData { checksum: true } => {
                f.write_str("the compressed data does not match its checksum")
            }
            ReadErrorKind::NotText(not_text) => write!(f, "{not_text}"),
            ReadErrorKind::Text(error) => write!(f, "{}", error.kind),
            ReadErrorKind::Replay(error) => write!(f, "{error}"),
            ReadErrorKind::BadMoveText(error) => write!(f, "{error}"),
        }
    }
}

/// A game read only in part: the record up to the problem, if the start
/// position at least could be read, and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenRecord {
    /// The game as far as it could be read: its tags and start position, and
    /// every move before the problem (in file order: a tree read in part
    /// keeps the lines and variations that came before).
    pub partial: Option<Record>,
    /// What stopped the reading, and where.
    pub error: ReadError,
}

impl fmt::Display for BrokenRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)
    }
}

impl std::error::Error for BrokenRecord {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// One game of a file: read in full, or in part with the problem that
/// stopped it.
pub(crate) type ReadGame = Result<Record, Box<BrokenRecord>>;

/// A game cut short by `error`, with what was read before it.
pub(crate) fn broken(partial: Option<Record>, error: ReadError) -> ReadGame {
    Err(Box::new(BrokenRecord { partial, error }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_the_format_the_place_and_the_problem() {
        let error = ReadError::at_byte(Format::Xqf, 1032, ReadErrorKind::Truncated { part: "a move" });
        assert_eq!(error.to_string(), "xqf, byte 1032 (0x408): the file ends inside a move");
        let error = ReadError::new(
            Format::DhtmlXq,
            Location::Text { line: 3, column: 12 },
            ReadErrorKind::UnknownBranch { branch: 4, parent: 2 },
        );
        assert_eq!(
            error.to_string(),
            "dhtmlxq, line 3, column 12: variation 4 branches from line 2, which the record does not give"
        );
        let version = ReadErrorKind::UnsupportedVersion { version: 25, supported: "1 to 18" };
        assert_eq!(version.to_string(), "version 25 is not read here (versions 1 to 18 are)");
        assert_eq!(
            ReadErrorKind::NotARecord(Content::Zip).to_string(),
            "not a game record: this looks like a zip archive; unpack it first"
        );
    }
}

/// Why a record cannot be written in a format.
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteRecordError {
    /// The writer failed.
    Io(std::io::Error),
    /// The start position has more pieces of a kind than the format has
    /// places for (XQF and DhtmlXQ list a side's sixteen pieces by kind).
    TooManyPieces {
        /// The format.
        format: Format,
        /// The piece that found no place.
        piece: crate::Piece,
    },
    /// A number larger than the field the format stores it in: written
    /// anyway, it would read back as another number.
    TooLarge {
        /// The format.
        format: Format,
        /// What the number counts (`the move number`, `a comment's length in bytes`).
        what: &'static str,
        /// The number.
        value: u64,
        /// The largest the format holds.
        most: u64,
    },
}

impl WriteRecordError {
    /// `value` as the 16-bit field `format` stores `what` in, if it fits.
    pub(crate) fn fit_u16(format: Format, what: &'static str, value: u64) -> Result<u16, WriteRecordError> {
        u16::try_from(value).map_err(|_| WriteRecordError::TooLarge {
            format,
            what,
            value,
            most: u16::MAX.into(),
        })
    }

    /// `value` as the 32-bit field `format` stores `what` in, if it fits.
    pub(crate) fn fit_u32(format: Format, what: &'static str, value: usize) -> Result<u32, WriteRecordError> {
        let value = value as u64;
        u32::try_from(value).map_err(|_| WriteRecordError::TooLarge {
            format,
            what,
            value,
            most: u32::MAX.into(),
        })
    }
}

impl fmt::Display for WriteRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteRecordError::Io(error) => write!(f, "cannot write the record: {error}"),
            WriteRecordError::TooManyPieces { format, piece } => write!(
                f,
                "{format} has no place for another {piece}: it holds at most as many pieces of a kind as a side starts with"
            ),
            WriteRecordError::TooLarge { format, what, value, most } => {
                write!(f, "{format} cannot hold {what} {value}: it holds at most {most}")
            }
        }
    }
}

impl std::error::Error for WriteRecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteRecordError::Io(error) => Some(error),
            WriteRecordError::TooManyPieces { .. } | WriteRecordError::TooLarge { .. } => None,
        }
    }
}

impl From<std::io::Error> for WriteRecordError {
    fn from(error: std::io::Error) -> WriteRecordError {
        WriteRecordError::Io(error)
    }
}
