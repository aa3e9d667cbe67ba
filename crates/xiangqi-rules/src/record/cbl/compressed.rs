//! CBL libraries in CChessBoard's older layout (its version 2.1): a 20-byte
//! header, then every game in one zlib stream (see the [module docs of
//! CBL](super) for the layout, field by field).

use std::borrow::Cow;
use std::io::Write;

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use crate::notation::{Direction, Mark, file_number, moves_along_lines, standing};
use crate::record::cbl::LocatedLibrary;
use crate::record::error::{Location, ReadError, ReadErrorKind, WriteRecordError, broken};
use crate::record::tree::{CutGame, TreeBuilder};
use crate::record::xqf::header::{PLACE_KINDS, points_of};
use crate::record::{Format, GameResult, Node, Record, text};
use crate::{Board, Color, Move, Piece, PieceKind, Position, PositionError, Setup, Square};

/// What every file of the layout begins with; a version number follows.
pub(crate) const SIGNATURE: &[u8; 8] = b"CCBridge";
/// The version of the layout read here (CChessBoard 2.1), at byte 8.
const VERSION: u32 = 21;
/// The signature, the version, the compression level and the size unpacked.
const HEADER_SIZE: usize = 20;
const LEVEL_AT: usize = 12;
/// The compression level the writer gives: 3, "high".
const WRITTEN_LEVEL: u32 = 3;
/// The last of the compression levels: 0 stored, 1 to 3 low to high.
const HIGHEST_LEVEL: u32 = 3;
/// The size of each of the two timestamps.
const TIMESTAMP_SIZE: usize = 19;
/// The size of a move record.
const MOVE_SIZE: usize = 6;
/// The line break that ends each move's comment; a break inside a comment is `||`.
const COMMENT_END: &[u8; 2] = b"\r\n";
const LINE_BREAK: &str = "||";

/// The text fields of a game after its title, in the order stored, by the
/// tags they are read into; the result comes after `Black`, and the last,
/// named "", is the game's comment.
const GAME_TEXTS: [&str; 11] = [
    "Source",
    "Other",
    "Site",
    "Date",
    "Red",
    "Black",
    "Annotator",
    "AnnotatorEmail",
    "Creator",
    "CreatorEmail",
    "",
];

/// The order of a game's tags as read.
const TAG_ORDER: [&str; 12] = [
    "Event",
    "Site",
    "Date",
    "Red",
    "Black",
    "Title",
    "Source",
    "Other",
    "Annotator",
    "AnnotatorEmail",
    "Creator",
    "CreatorEmail",
];

/// What the game type says of a game: played or composed (摆谱), from the
/// start or an endgame.
const PLAYED_GAME: u32 = 1;
const PLAYED_ENDGAME: u32 = 3;
const COMPOSED_ENDGAME: u32 = 4;

/// Whether `bytes` are a library of this layout (or the start of one): the
/// signature, then a small version number (the newer layout has `Library`
/// there, CBR ` Record`).
pub(crate) fn is_older_library(bytes: &[u8]) -> bool {
    bytes.starts_with(SIGNATURE) && bytes.iter().skip(9).take(3).all(|&byte| byte == 0)
}

/// How the games are stored after the header, and so how a place in them is told.
#[derive(Copy, Clone)]
enum Packing {
    /// Compression level 0: the data follows the header as it is.
    Stored,
    /// Levels 1 to 3: the data is a zlib stream.
    Deflated,
}

impl Packing {
    /// Where the byte `offset` of the data stands.
    const fn locate(self, offset: usize) -> Location {
        match self {
            Packing::Stored => Location::Byte(HEADER_SIZE + offset),
            Packing::Deflated => Location::Unpacked(offset),
        }
    }
}

fn file_error(offset: usize, kind: ReadErrorKind) -> ReadError {
    ReadError::new(Format::Cbl, Location::Byte(offset), kind)
}

fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes([bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]])
}

/// Reads a library of this layout (see [`read_cbl`](crate::record::read_cbl)):
/// its games, each game's offset in the data, and where variations were cut.
pub(crate) fn read_located(bytes: &[u8]) -> Result<LocatedLibrary, ReadError> {
    if !bytes.starts_with(SIGNATURE) {
        return Err(file_error(0, ReadErrorKind::BadMagic { expected: "CCBridge" }));
    }
    let Some(header) = bytes.get(..HEADER_SIZE) else {
        return Err(file_error(bytes.len(), ReadErrorKind::Truncated { part: "the 20-byte header" }));
    };
    let version = u32_at(header, 8);
    if version != VERSION {
        return Err(file_error(8, ReadErrorKind::UnsupportedVersion { version, supported: "21" }));
    }
    let level = u32_at(header, LEVEL_AT);
    let declared = u32_at(header, 16) as usize;
    let stream = &bytes[HEADER_SIZE..];
    let (data, packing, damage) = match level {
        0 => (Cow::Borrowed(stream), Packing::Stored, None),
        1..=HIGHEST_LEVEL => {
            let (data, damage) = inflate(stream, declared);
            (Cow::Owned(data), Packing::Deflated, damage)
        }
        _ => {
            let kind = ReadErrorKind::BadNumber { what: "compression level", value: level.into() };
            return Err(file_error(LEVEL_AT, kind));
        }
    };
    let reader = LibraryReader { data: &data, packing, damage };
    reader.read()
}

/// The data of the zlib `stream` (which unpacks to `declared` bytes, its
/// header says), as far as it unpacks; and the problem that stopped it, at
/// its place in the file.
fn inflate(stream: &[u8], declared: usize) -> (Vec<u8>, Option<ReadError>) {
    // Deflate packs at most 1032 bytes into one: a size beyond that is no
    // reason to reserve memory.
    let most = stream.len().saturating_mul(1032).saturating_add(64);
    let mut data = vec![0_u8; declared.min(most).max(64)];
    let mut decompressor = DecompressorOxide::new();
    let flags =
        inflate_flags::TINFL_FLAG_PARSE_ZLIB_HEADER | inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let (mut read, mut written) = (0, 0);
    loop {
        let (status, consumed, produced) =
            decompress(&mut decompressor, &stream[read..], &mut data, written, flags);
        read += consumed;
        written += produced;
        let kind = match status {
            TINFLStatus::Done => {
                data.truncate(written);
                return (data, None);
            }
            TINFLStatus::HasMoreOutput if data.len() < most => {
                let larger = data.len().saturating_mul(2).min(most);
                data.resize(larger, 0);
                continue;
            }
            TINFLStatus::FailedCannotMakeProgress | TINFLStatus::NeedsMoreInput => {
                data.truncate(written);
                let error = file_error(
                    HEADER_SIZE + stream.len(),
                    ReadErrorKind::Truncated { part: "the compressed data" },
                );
                return (data, Some(error));
            }
            TINFLStatus::Adler32Mismatch => ReadErrorKind::BadCompressedData { checksum: true },
            _ => ReadErrorKind::BadCompressedData { checksum: false },
        };
        data.truncate(written);
        return (data, Some(file_error(HEADER_SIZE + read, kind)));
    }
}

/// The unpacked data of a library, and how to place a problem in it.
struct LibraryReader<'a> {
    data: &'a [u8],
    packing: Packing,
    /// Why the data ends before the stream's end, if it does: the error of
    /// whatever the data is cut inside.
    damage: Option<ReadError>,
}

impl LibraryReader<'_> {
    fn error(&self, offset: usize, kind: ReadErrorKind) -> ReadError {
        ReadError::new(Format::Cbl, self.packing.locate(offset), kind)
    }

    /// The error of a part that the data ends inside: the stream's damage,
    /// or the end of the data.
    fn cut_short(&self, part: &'static str) -> ReadError {
        self.damage.clone().unwrap_or_else(|| self.error(self.data.len(), ReadErrorKind::Truncated { part }))
    }

    fn read(&self) -> Result<LocatedLibrary, ReadError> {
        let header = "the library's header";
        let mut fields = Fields::new(self.data, 0, self.data.len());
        let name = fields.text().ok_or_else(|| self.cut_short(header))?;
        // The related resource, a field reserved, the creator and their email.
        for _ in 0..4 {
            fields.text().ok_or_else(|| self.cut_short(header))?;
        }
        fields.take(2 * TIMESTAMP_SIZE).ok_or_else(|| self.cut_short(header))?;
        let count = fields.u32().ok_or_else(|| self.cut_short(header))?;
        // The library's description.
        fields.text().ok_or_else(|| self.cut_short(header))?;

        let mut at = fields.at;
        let reserved = (count as usize).min(self.data.len() / 64);
        let mut games = Vec::with_capacity(reserved);
        let mut damage_told = false;
        for _ in 0..count {
            let begins = self.packing.locate(at);
            let Some(size) = self.data.get(at..at + 4).map(|size| u32_at(size, 0)) else {
                let error = self.cut_short("the games the library counts");
                games.push((begins, (broken(None, error), Vec::new())));
                damage_told = true;
                break;
            };
            let end = at.saturating_add(size as usize);
            if size < 4 {
                let kind = ReadErrorKind::BadNumber { what: "game size in bytes", value: size.into() };
                games.push((begins, (broken(None, self.error(at, kind)), Vec::new())));
                break;
            }
            let cut = (end > self.data.len()).then(|| self.cut_short("a game"));
            damage_told |= cut.is_some();
            games.push((begins, self.read_game(at, end.min(self.data.len()), size, cut.as_ref())));
            if end > self.data.len() {
                break;
            }
            at = end;
        }
        // Damage found in what no game reached (a checksum over the whole)
        // still makes the data untrustworthy.
        if let Some(damage) = self.damage.clone().filter(|_| !damage_told) {
            return Err(damage);
        }
        Ok(LocatedLibrary { name: text::from_gbk(name).trim().to_string(), games })
    }

    /// The game whose size field stands at `start`, its fields up to `end`
    /// (`size` bytes after `start`, unless the data is `cut` before).
    fn read_game(&self, start: usize, end: usize, size: u32, cut: Option<&ReadError>) -> CutGame {
        let mut fields = Fields::new(self.data, start + 4, end);
        // A field beyond the game's end: the data is cut, or the size is wrong.
        let overrun = || match cut {
            Some(cut) => cut.clone(),
            None => {
                self.error(start, ReadErrorKind::BadNumber { what: "game size in bytes", value: size.into() })
            }
        };
        let Some(head) = self.read_head(&mut fields) else { return (broken(None, overrun()), Vec::new()) };
        let head = match head {
            Ok(head) => head,
            Err(error) => return (broken(None, error), Vec::new()),
        };

        let count_at = fields.at;
        let Some(count) = fields.u32() else { return (broken(None, overrun()), Vec::new()) };
        // A number of moves that cannot be is the problem, whatever the bytes
        // read as moves in its place say.
        let mut problem = None;
        let stored = (fields.end - fields.at) / MOVE_SIZE;
        let records = if count as usize <= stored {
            count as usize
        } else {
            problem = Some(match cut {
                Some(cut) => cut.clone(),
                None => {
                    let kind = ReadErrorKind::BadNumber { what: "number of moves here", value: count.into() };
                    self.error(count_at, kind)
                }
            });
            stored
        };
        let moves_at = fields.at;
        let moves = fields.take(records * MOVE_SIZE).unwrap_or_default();
        let comments: Vec<&[u8]> =
            if problem.is_none() { comments(&self.data[fields.at..end]) } else { Vec::new() };

        let mut builder = TreeBuilder::new(head.start);
        builder.reserve(records);
        builder.set_comment(None, head.comment);
        // The node at each ply of the line last read: a record numbered n
        // follows the one at ply n - 1 of that line.
        let mut path: Vec<usize> = Vec::new();
        let mut in_cut_variation = false;
        let first_number = moves.get(..2).map_or(1, |number| u16::from_le_bytes([number[0], number[1]]));
        for (index, record) in moves.chunks_exact(MOVE_SIZE).enumerate() {
            let offset = moves_at + index * MOVE_SIZE;
            let number = u16::from_le_bytes([record[0], record[1]]);
            let ply = (usize::from(number) + 1).saturating_sub(usize::from(first_number));
            if ply == 0 || ply > path.len() + 1 {
                // The moves after one that cannot be played, in a variation cut there.
                if in_cut_variation && ply > path.len() + 1 {
                    continue;
                }
                let kind = ReadErrorKind::BadNumber { what: "move number here", value: number.into() };
                problem.get_or_insert_with(|| self.error(offset, kind));
                break;
            }
            in_cut_variation = false;
            path.truncate(ply - 1);
            let parent = path.last().copied();
            let played = match (point(record[2]), point(record[3])) {
                (Some(from), Some(to)) => {
                    let mv = Move::new(from, to);
                    builder.add(parent, mv).map_err(|refused| refused.into_kind(mv))
                }
                (None, _) => Err(ReadErrorKind::BadSquare { value: record[2].into() }),
                (_, None) => Err(ReadErrorKind::BadSquare { value: record[3].into() }),
            };
            match played {
                Ok(node) => {
                    let comment =
                        comments.get(index).map(|comment| text::from_gbk(comment).replace(LINE_BREAK, "\n"));
                    builder.set_comment(Some(node), comment);
                    path.push(node);
                }
                Err(kind) if builder.continues_main_line(parent) => {
                    problem.get_or_insert_with(|| self.error(offset, kind));
                    break;
                }
                Err(kind) => {
                    builder.cut(self.error(offset, kind));
                    in_cut_variation = true;
                }
            }
        }
        builder.into_game(head.tags, head.result, problem.or_else(|| cut.cloned()))
    }

    /// The fields of a game before its moves: `None` where they run past
    /// its end, an error where they say something impossible.
    fn read_head(&self, fields: &mut Fields<'_>) -> Option<Result<Head, ReadError>> {
        let board_at = fields.at;
        let board = fields.take(32)?;
        let _game_type = fields.u32()?;
        let event = fields.text()?;
        let move_number = fields.u32()?;
        let title = fields.text()?;
        let mut tags = vec![("Event", event), ("Title", title)];
        let mut result = GameResult::Unknown;
        let mut comment = None;
        for tag in GAME_TEXTS {
            let value = fields.text()?;
            match tag {
                "" => comment = Some(text::from_gbk(value).replace(LINE_BREAK, "\n")),
                _ => tags.push((tag, value)),
            }
            if tag == "Black" {
                result = match fields.u32()? {
                    1 => GameResult::RedWins,
                    2 => GameResult::BlackWins,
                    3 => GameResult::Draw,
                    _ => GameResult::Unknown,
                };
            }
        }
        let red_first = fields.take(1)?[0] != 0;
        fields.take(2 * TIMESTAMP_SIZE)?;

        let tags = TAG_ORDER
            .iter()
            .filter_map(|&name| {
                let (_, value) = tags.iter().find(|(tag, _)| *tag == name)?;
                let value = text::from_gbk(value);
                let value = value.trim();
                (!value.is_empty()).then(|| (name.to_string(), value.to_string()))
            })
            .collect();
        let board = match board_of(board) {
            Ok(board) => board,
            Err((place, kind)) => return Some(Err(self.error(board_at + place, kind))),
        };
        let turn = if red_first { Color::Red } else { Color::Black };
        let setup = Setup { board, turn, halfmove_clock: 0, fullmove_number: move_number.max(1) };
        let start = match Position::from_setup(setup).or_else(PositionError::ignore_too_much_material) {
            Ok(start) => start,
            Err(problems) => return Some(Err(self.error(board_at, ReadErrorKind::BadStart(problems)))),
        };
        Some(Ok(Head { tags, result, comment, start }))
    }
}

/// What a game says before its moves.
struct Head {
    tags: Vec<(String, String)>,
    result: GameResult,
    comment: Option<String>,
    start: Position,
}

/// The fields of the data one after another, up to an end.
struct Fields<'a> {
    data: &'a [u8],
    at: usize,
    end: usize,
}

impl<'a> Fields<'a> {
    const fn new(data: &'a [u8], at: usize, end: usize) -> Fields<'a> {
        Fields { data, at, end }
    }

    /// The next `count` bytes, unless they run past the end.
    fn take(&mut self, count: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(count).filter(|&end| end <= self.end)?;
        let bytes = &self.data[self.at..end];
        self.at = end;
        Some(bytes)
    }

    /// A 32-bit little-endian number.
    fn u32(&mut self) -> Option<u32> {
        self.take(4).map(|bytes| u32_at(bytes, 0))
    }

    /// A text: its length in bytes (32 bits), then its bytes.
    fn text(&mut self) -> Option<&'a [u8]> {
        let length = self.u32()?;
        self.take(length as usize)
    }
}

/// Each move's comment: the text after the moves, each ended by `\r\n`.
fn comments(text: &[u8]) -> Vec<&[u8]> {
    let mut comments = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.windows(2).position(|pair| pair == COMMENT_END).unwrap_or(rest.len());
        comments.push(&rest[..end]);
        rest = rest.get(end + 2..).unwrap_or_default();
    }
    comments
}

/// The point of a move's byte: the file (0 to 8 from red's left) in the
/// high four bits, the row (0 to 9 from black's side) in the low four.
fn point(byte: u8) -> Option<Square> {
    let (file, row) = (byte >> 4, byte & 0x0F);
    if file < 9 && row < 10 { Square::from_coords(file.into(), 9 - i64::from(row)) } else { None }
}

/// The byte of a move's point (see [`point`]).
fn point_byte(square: Square) -> u8 {
    (square.file().index() << 4) | (9 - square.rank().index())
}

/// The board of the 32 piece bytes: each a move's point byte plus 0x11, 0
/// for a piece not on the board; or the place of a byte that names no
/// point or a point taken, and what is wrong with it.
fn board_of(bytes: &[u8]) -> Result<Board, (usize, ReadErrorKind)> {
    let mut board = Board::empty();
    for (place, &byte) in bytes.iter().enumerate() {
        if byte == 0 {
            continue;
        }
        let square = byte
            .checked_sub(0x11)
            .filter(|point| point & 0x0F <= 9)
            .and_then(point)
            .ok_or((place, ReadErrorKind::BadSquare { value: byte.into() }))?;
        let color = if place < 16 { Color::Red } else { Color::Black };
        if board.put(square, Piece::new(color, PLACE_KINDS[place % 16])).is_some() {
            return Err((place, ReadErrorKind::PointTaken { place }));
        }
    }
    Ok(board)
}

/// Writes `records` as a CBL library in CChessBoard's older layout (its
/// version 2.1, which [`read_cbl`](crate::record::read_cbl) reads too),
/// compressed, named `name`: each game with its tags (`Event`, `Title`,
/// `Site`, `Date`, `Red`, `Black`, `Annotator`, `Creator` and the others the
/// [CBL docs](crate::record::read_cbl) list), its comment, result, start
/// position and side to move, and the whole tree of moves with comments.
///
/// A line break inside a comment is written `||`, as the layout has it.
/// The times of creation and of the last change, which are not read, are
/// left blank, and each move's Chinese notation (which the layout stores
/// beside its points) is written as CChessBoard writes it: `前`, `中` or `后`
/// only where the file would not tell the piece, and `中` for every soldier
/// between the first and the last of four or five on one file, which the
/// layout has no other word for. [`read_cbl`](crate::record::read_cbl) reads
/// the library back to the same records; the files have not been opened in
/// CChessBoard itself.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::record::{Node, Record, read_cbl, write_compressed_cbl};
///
/// let mut game = Record::new(Position::start());
/// game.set_tag("Red", "胡荣华");
/// game.moves.push(Node::new("h2e2".parse()?));
/// let mut bytes = Vec::new();
/// write_compressed_cbl(&[game.clone()], "Openings", &mut bytes)?;
/// assert!(bytes.starts_with(b"CCBridge\x15\0\0\0"));
/// let file = read_cbl(&bytes)?;
/// assert_eq!(file.name.as_deref(), Some("Openings"));
/// // Its texts are GBK: without the gbk feature only their ASCII reads back.
/// # #[cfg(feature = "gbk")]
/// assert_eq!(file.games[0].as_ref().unwrap(), &game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The writer fails; a start position has more pieces of a kind than a side
/// starts with ([`WriteRecordError::TooManyPieces`]); a number is too large
/// for its field ([`WriteRecordError::TooLarge`]): a line of more than
/// 65535 moves, a text of more than 4 GiB.
pub fn write_compressed_cbl(
    records: &[Record],
    name: &str,
    mut writer: impl Write,
) -> Result<(), WriteRecordError> {
    let data = library_data(name, records)?;
    let mut bytes = Vec::with_capacity(data.len() / 2);
    bytes.extend_from_slice(SIGNATURE);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&WRITTEN_LEVEL.to_le_bytes());
    let size = WriteRecordError::fit_u32(Format::Cbl, "the size of a library", data.len())?;
    bytes.extend_from_slice(&size.to_le_bytes());
    bytes.extend_from_slice(&miniz_oxide::deflate::compress_to_vec_zlib(&data, 9));
    writer.write_all(&bytes)?;
    Ok(())
}

/// The unpacked data of a library of `records` named `name`.
pub(crate) fn library_data(name: &str, records: &[Record]) -> Result<Vec<u8>, WriteRecordError> {
    let mut data = Vec::new();
    put_text(&mut data, name)?;
    // The related resource, a field reserved, the creator and their email.
    for _ in 0..4 {
        put_text(&mut data, "")?;
    }
    data.extend_from_slice(&[b' '; 2 * TIMESTAMP_SIZE]);
    let count = WriteRecordError::fit_u32(Format::Cbl, "the number of games", records.len())?;
    data.extend_from_slice(&count.to_le_bytes());
    put_text(&mut data, "")?;
    for record in records {
        let game = game_data(record)?;
        let size = WriteRecordError::fit_u32(Format::Cbl, "the size of a game", game.len() + 4)?;
        data.extend_from_slice(&size.to_le_bytes());
        data.extend_from_slice(&game);
    }
    Ok(data)
}

/// A text field: its length in bytes, then its GBK; line breaks written `||`.
fn put_text(data: &mut Vec<u8>, value: &str) -> Result<(), WriteRecordError> {
    let encoded = text::to_gbk(&value.replace("\r\n", LINE_BREAK).replace('\n', LINE_BREAK));
    let length = WriteRecordError::fit_u32(Format::Cbl, "a text's length in bytes", encoded.len())?;
    data.extend_from_slice(&length.to_le_bytes());
    data.extend_from_slice(&encoded);
    Ok(())
}

/// A game's fields after its size.
fn game_data(record: &Record) -> Result<Vec<u8>, WriteRecordError> {
    let setup = record.start.setup();
    let points = points_of(&setup.board)
        .map_err(|piece| WriteRecordError::TooManyPieces { format: Format::Cbl, piece })?;
    let mut data: Vec<u8> = points
        .iter()
        .map(|&xqf| {
            Square::from_coords(i64::from(xqf / 10), i64::from(xqf % 10))
                .map_or(0, |square| point_byte(square) + 0x11)
        })
        .collect();
    let game_type = if setup.board == Board::start() {
        PLAYED_GAME
    } else if setup.fullmove_number > 1 {
        PLAYED_ENDGAME
    } else {
        COMPOSED_ENDGAME
    };
    data.extend_from_slice(&game_type.to_le_bytes());
    put_text(&mut data, record.tag("Event").unwrap_or_default())?;
    data.extend_from_slice(&setup.fullmove_number.to_le_bytes());
    put_text(&mut data, record.tag("Title").unwrap_or_default())?;
    for tag in GAME_TEXTS {
        match tag {
            "" => put_text(&mut data, record.comment.as_deref().unwrap_or_default())?,
            _ => put_text(&mut data, record.tag(tag).unwrap_or_default())?,
        }
        if tag == "Black" {
            let result: u32 = match record.result {
                GameResult::RedWins => 1,
                GameResult::BlackWins => 2,
                GameResult::Draw => 3,
                GameResult::Unknown => 4,
            };
            data.extend_from_slice(&result.to_le_bytes());
        }
    }
    data.push(u8::from(setup.turn == Color::Red));
    data.extend_from_slice(&[b' '; 2 * TIMESTAMP_SIZE]);

    let moves = numbered_moves(record);
    let count = WriteRecordError::fit_u32(Format::Cbl, "the number of moves", moves.len())?;
    data.extend_from_slice(&count.to_le_bytes());
    for &(ply, before, node) in &moves {
        let number = WriteRecordError::fit_u16(Format::Cbl, "a move's number", ply as u64)?;
        data.extend_from_slice(&number.to_le_bytes());
        data.extend_from_slice(&[point_byte(node.mv.from), point_byte(node.mv.to)]);
        data.extend_from_slice(&notation_bytes(&before, node.mv));
    }
    for &(_, _, node) in &moves {
        let comment = node.comment.as_deref().unwrap_or_default();
        data.extend_from_slice(&text::to_gbk(&comment.replace("\r\n", LINE_BREAK).replace('\n', LINE_BREAK)));
        data.extend_from_slice(COMMENT_END);
    }
    Ok(data)
}

/// The moves of `record` as the layout orders them: each move, then the
/// rest of its line, then the alternatives to it; each with its ply from 1
/// and the position it is played in.
fn numbered_moves(record: &Record) -> Vec<(usize, Position, &Node)> {
    let mut moves = Vec::with_capacity(record.node_count());
    let mut pending: Vec<(&[Node], usize, Position)> = vec![(&record.moves, 1, record.start)];
    while let Some((line, ply, before)) = pending.pop() {
        let Some((node, rest)) = line.split_first() else { continue };
        moves.push((ply, before, node));
        for variation in node.variations.iter().rev() {
            pending.push((variation, ply, before));
        }
        let mut after = before;
        // The record's moves were checked when it was built.
        if after.play(node.mv).is_ok() {
            pending.push((rest, ply + 1, after));
        }
    }
    moves
}

/// The two bytes of a move's Chinese notation, four numbers from 0: the
/// piece (车马相仕帅炮兵, then 前中后), its file from its side's right (or,
/// after 前中后, the piece as 9 + its number), the direction (进退平), and
/// the number of ranks travelled or the file arrived on.
fn notation_bytes(position: &Position, mv: Move) -> [u8; 2] {
    let board = &position.setup().board;
    let Some(piece) = board.piece_at(mv.from) else { return [0, 0] };
    let kind = PieceKind::CHINESE_ORDER.iter().position(|&kind| kind == piece.kind).unwrap_or(0) as u8;
    let told = |mv: Move| described(piece, mv);
    // A file that holds another piece of the kind with a move told the same way needs 前中后.
    let same_file = |other: Move| {
        other.from != mv.from
            && other.from.file() == mv.from.file()
            && board.piece_at(other.from) == Some(piece)
    };
    let ambiguous = position.legal_moves().iter().any(|&other| same_file(other) && told(other) == told(mv));
    let (first, second) = if ambiguous {
        let mark = match Mark::of(standing(board, mv.from, piece)) {
            Mark::Front => 7,
            Mark::Middle => 8,
            Mark::Rear => 9,
        };
        (mark, 9 + kind)
    } else {
        (kind, file_number(piece.color, mv.from.file()) - 1)
    };
    let (direction, number) = told(mv);
    let direction = match direction {
        Direction::Forward => 0,
        Direction::Backward => 1,
        Direction::Sideways => 2,
    };
    [first << 4 | second, direction << 4 | (number - 1)]
}

/// A move of `piece` as Chinese notation tells where it goes: the
/// direction, and the ranks travelled or the file arrived on (1 to 9).
fn described(piece: Piece, mv: Move) -> (Direction, u8) {
    let forward = |rank: u8| if piece.color == Color::Red { rank } else { 9 - rank };
    let (from, to) = (forward(mv.from.rank().index()), forward(mv.to.rank().index()));
    let direction = match to.cmp(&from) {
        core::cmp::Ordering::Greater => Direction::Forward,
        core::cmp::Ordering::Less => Direction::Backward,
        core::cmp::Ordering::Equal => Direction::Sideways,
    };
    let number = if moves_along_lines(piece.kind) && direction != Direction::Sideways {
        from.abs_diff(to)
    } else {
        file_number(piece.color, mv.to.file())
    };
    (direction, number)
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;

    use super::*;
    use crate::record::test_support::{
        Damage, EVERY_BYTE, as_read_from_xqf, feed_cut_and_damaged, mv, random_round, with_tags,
    };
    use crate::record::{RecordFile, Sniffed, read, read_cbl, sniff};

    /// `record` with a text in each of the layout's fields.
    fn tagged(record: Record) -> Record {
        with_tags(
            record,
            &[
                ("Event", "全国象棋个人锦标赛"),
                ("Site", "广州"),
                ("Date", "1956.12.26"),
                ("Red", "杨官麟"),
                ("Black", "王嘉良"),
                ("Title", "广州杨官麟(红先和)哈尔滨王嘉良"),
                ("Source", "象棋谱大全"),
                ("Other", "x"),
                ("Annotator", "张强"),
                ("AnnotatorEmail", "a@b.c"),
                ("Creator", "盛昱"),
                ("CreatorEmail", "d@e.f"),
            ],
        )
    }

    /// The file of `data` at compression `level` (0 stored).
    fn packed(data: &[u8], level: u32) -> Vec<u8> {
        let mut bytes = SIGNATURE.to_vec();
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&level.to_le_bytes());
        bytes.extend_from_slice(&(data.len() as u32).to_le_bytes());
        if level == 0 {
            bytes.extend_from_slice(data);
        } else {
            bytes.extend_from_slice(&miniz_oxide::deflate::compress_to_vec_zlib(data, level as u8 * 3));
        }
        bytes
    }

    fn written(name: &str, records: &[Record]) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_compressed_cbl(records, name, &mut bytes).unwrap();
        bytes
    }

    fn whole(library: RecordFile) -> Vec<Record> {
        library.games.into_iter().map(Result::unwrap).collect()
    }

    #[test]
    fn random_trees_round_trip_at_every_level() {
        let mut random = Random::new(31);
        let mut records: Vec<Record> =
            (0..24).map(|round| tagged(random_round(&mut random, round, 40))).collect();
        records[3].comment = Some("第一行\n第二行".into());
        records[5] = Record::new(Position::start());
        let expected: Vec<Record> = records.iter().cloned().map(as_read_from_xqf).collect();
        let library = read_cbl(&written("1956年全国象棋锦标赛", &records)).unwrap();
        assert_eq!(library.name, Some(text::from_gbk(&text::to_gbk("1956年全国象棋锦标赛"))));
        assert_eq!(whole(library), expected);
        let data = library_data("", &records).unwrap();
        for level in 0..=HIGHEST_LEVEL {
            assert_eq!(whole(read_cbl(&packed(&data, level)).unwrap()), expected, "level {level}");
        }
        // Through the one door: the format, the name, where each game begins.
        let file = read(&written("库", &records[..2])).unwrap();
        assert_eq!((file.format, file.name.is_some()), (Format::Cbl, true));
        let at = library_data("库", &[]).unwrap().len();
        assert_eq!(file.starts[0], Location::Unpacked(at));
        let Location::Unpacked(second) = file.starts[1] else { panic!("{:?}", file.starts) };
        assert_eq!(
            second - at,
            library_data("", &records[..1]).unwrap().len() - library_data("", &[]).unwrap().len()
        );
        let stored = read(&packed(&library_data("库", &records[..2]).unwrap(), 0)).unwrap();
        assert_eq!(stored.starts[0], Location::Byte(HEADER_SIZE + at), "stored data is placed in the file");
    }

    #[test]
    fn a_game_reads_as_the_layout_gives_it() {
        // One game, by hand: the start position, 炮二平五 (a comment of two
        // lines), 马８进７, and 马８进９ instead of 马８进７; drawn.
        let text = |value: &[u8]| [&(value.len() as u32).to_le_bytes()[..], value].concat();
        let mut game = Vec::new();
        game.extend_from_slice(&[
            0x1A, 0x2A, 0x3A, 0x4A, 0x5A, 0x6A, 0x7A, 0x8A, 0x9A, 0x28, 0x88, 0x17, 0x37, 0x57, 0x77, 0x97,
        ]);
        game.extend_from_slice(&[
            0x11, 0x21, 0x31, 0x41, 0x51, 0x61, 0x71, 0x81, 0x91, 0x23, 0x83, 0x14, 0x34, 0x54, 0x74, 0x94,
        ]);
        game.extend_from_slice(&1_u32.to_le_bytes());
        game.extend(text(b"Event"));
        game.extend_from_slice(&1_u32.to_le_bytes());
        game.extend(text(b"Title  "));
        for value in [&b""[..], b"", b"Site", b"  ", b"Red", b"Black"] {
            game.extend(text(value));
        }
        game.extend_from_slice(&3_u32.to_le_bytes());
        for value in [&b"Annotator"[..], b"", b"Creator", b"", b"a||b"] {
            game.extend(text(value));
        }
        game.push(1);
        game.extend_from_slice(b"2001-2-18 12:30:19 2001-2-18 12:30:19 ");
        game.extend_from_slice(&3_u32.to_le_bytes());
        game.extend_from_slice(&[1, 0, 0x77, 0x47, 0x51, 0x24]);
        game.extend_from_slice(&[2, 0, 0x70, 0x62, 0x17, 0x06]);
        game.extend_from_slice(&[2, 0, 0x70, 0x82, 0x17, 0x08]);
        game.extend_from_slice(b"one||two\r\n\r\nedge\r\n");
        let mut data = text(b"Library");
        for _ in 0..4 {
            data.extend(text(b""));
        }
        data.extend_from_slice(&[b' '; 38]);
        data.extend_from_slice(&1_u32.to_le_bytes());
        data.extend(text(b"about the library"));
        data.extend_from_slice(&(game.len() as u32 + 4).to_le_bytes());
        data.extend_from_slice(&game);

        let library = read_cbl(&packed(&data, 3)).unwrap();
        assert_eq!(library.name.as_deref(), Some("Library"));
        let [Ok(record)] = library.games.as_slice() else { panic!("{:?}", library.games) };
        let tags: Vec<(&str, &str)> =
            record.tags.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
        assert_eq!(
            tags,
            [
                ("Event", "Event"),
                ("Site", "Site"),
                ("Red", "Red"),
                ("Black", "Black"),
                ("Title", "Title"),
                ("Annotator", "Annotator"),
                ("Creator", "Creator")
            ]
        );
        assert_eq!((record.start, record.result), (Position::start(), GameResult::Draw));
        assert_eq!(record.comment.as_deref(), Some("a\nb"));
        assert_eq!(record.main_line(), [mv("h2e2"), mv("h9g7")]);
        assert_eq!(record.moves[0].comment.as_deref(), Some("one\ntwo"));
        assert_eq!(record.moves[1].comment, None);
        assert_eq!(
            record.moves[1].variations,
            [vec![Node { comment: Some("edge".into()), ..Node::new(mv("h9i7")) }]]
        );
        // The writer gives the same moves the same bytes.
        let again = library_data("Library", std::slice::from_ref(record)).unwrap();
        let moves_at = again.len() - 3 * MOVE_SIZE - b"one||two\r\n\r\nedge\r\n".len();
        assert_eq!(again[moves_at..], data[data.len() - (again.len() - moves_at)..]);
    }

    #[test]
    fn the_notation_bytes_are_cchessboards() {
        let bytes = |fen: &str, text: &str| notation_bytes(&fen.parse().unwrap(), mv(text));
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        // 炮二平五, 马二进三, 车一平二, 兵三进一; then black: 马８进７, 车９平８, 卒７进１.
        assert_eq!(bytes(start, "h2e2"), [0x51, 0x24]);
        assert_eq!(bytes(start, "h0g2"), [0x11, 0x02]);
        assert_eq!(bytes(start, "i0i1"), [0x00, 0x00]);
        assert_eq!(bytes(start, "g3g4"), [0x62, 0x00]);
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(bytes(black, "h9g7"), [0x17, 0x06]);
        assert_eq!(bytes(black, "c6c5"), [0x62, 0x00]);
        assert_eq!(bytes(black, "c9e7"), [0x22, 0x04], "象３进５");
        // Two chariots on one file that could both go to file 2: 前车平二, 后车平二.
        let tandem = "3k5/9/9/9/9/R8/9/R8/9/4K4 w - - 0 1";
        assert_eq!(bytes(tandem, "a4h4"), [0x79, 0x21]);
        assert_eq!(bytes(tandem, "a2h2"), [0x99, 0x21]);
        // Along the file: only the front one can go 进二, only the rear one 退二; both 进一.
        assert_eq!(bytes(tandem, "a4a6"), [0x08, 0x01], "车九进二");
        assert_eq!(bytes(tandem, "a2a0"), [0x08, 0x11], "车九退二");
        assert_eq!(bytes(tandem, "a2a3"), [0x99, 0x00], "后车进一");
        // Three soldiers on one file: 中兵平四.
        let three = "4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1";
        assert_eq!(bytes(three, "e6f6"), [0x8F, 0x23]);
    }

    /// A library of three short games, the second with a variation, as data.
    fn three_games() -> (Vec<Record>, Vec<u8>) {
        let mut second = Record::new(Position::start());
        second.moves = ["h2e2", "h9g7", "h0g2"].map(|text| Node::new(mv(text))).into();
        second.moves[1].variations = vec![vec![Node::new(mv("b9c7")), Node::new(mv("b0c2"))]];
        let records = vec![Record::new(Position::start()), second, Record::new(Position::start())];
        let data = library_data("", &records).unwrap();
        (records, data)
    }

    /// Where each game of `data` begins (its size field).
    fn game_starts(data: &[u8], games: usize) -> Vec<usize> {
        let mut at = library_data("", &[]).unwrap().len();
        (0..games)
            .map(|_| {
                let start = at;
                at += u32_at(data, at) as usize;
                start
            })
            .collect()
    }

    /// Where the moves of the game at `start` begin: after its 32-byte board,
    /// type, texts, numbers, first-mover byte and times.
    fn moves_at(data: &[u8], start: usize) -> usize {
        let mut fields = Fields::new(data, start + 4 + 32 + 4, data.len());
        fields.text().unwrap();
        fields.u32().unwrap();
        // The title, the texts up to the players, the result, the texts after it.
        for _ in 0..7 {
            fields.text().unwrap();
        }
        fields.u32().unwrap();
        for _ in 0..5 {
            fields.text().unwrap();
        }
        fields.at + 1 + 2 * TIMESTAMP_SIZE + 4
    }

    #[test]
    fn headers_and_streams_that_cannot_be_read_are_refused_where_they_go_wrong() {
        let (_, data) = three_games();
        let bytes = packed(&data, 3);
        let message = |bytes: &[u8]| read_cbl(bytes).unwrap_err().to_string();
        assert_eq!(message(&bytes[..10]), "cbl, byte 10 (0xA): the file ends inside the 20-byte header");
        let mut version = bytes.clone();
        version[8] = 20;
        assert_eq!(message(&version), "cbl, byte 8 (0x8): version 20 is not read here (versions 21 are)");
        let mut level = bytes.clone();
        level[LEVEL_AT] = 7;
        assert_eq!(message(&level), "cbl, byte 12 (0xC): 7 is no possible compression level");
        // A stream cut inside the library's own fields, or damaged at its start.
        assert_eq!(
            message(&bytes[..HEADER_SIZE + 3]),
            format!("cbl, byte {0} (0x{0:X}): the file ends inside the compressed data", HEADER_SIZE + 3)
        );
        let mut damaged = bytes.clone();
        damaged[HEADER_SIZE] = 0x79;
        // Found once the stream's two-byte header is read.
        assert_eq!(message(&damaged), "cbl, byte 22 (0x16): the compressed data is damaged");
        // Every game read, but the data fails its checksum: nothing of it is trusted.
        let mut checksum = bytes.clone();
        *checksum.last_mut().unwrap() ^= 1;
        assert_eq!(
            read_cbl(&checksum).unwrap_err().kind,
            ReadErrorKind::BadCompressedData { checksum: true }
        );
        assert_eq!(
            message(&checksum).split(": ").nth(1),
            Some("the compressed data does not match its checksum")
        );
        // Stored data cut inside the library's fields.
        let stored = packed(&data, 0);
        assert_eq!(
            message(&stored[..HEADER_SIZE + 6]),
            format!("cbl, byte {0} (0x{0:X}): the file ends inside the library's header", HEADER_SIZE + 6)
        );
    }

    #[test]
    fn a_stream_cut_short_keeps_the_games_before_the_cut() {
        let (records, data) = three_games();
        let bytes = packed(&data, 0);
        let starts = game_starts(&data, 3);
        // Stored: cut inside the second game's moves, its first move whole.
        let cut = HEADER_SIZE + moves_at(&data, starts[1]) + MOVE_SIZE + 2;
        let library = read_cbl(&bytes[..cut]).unwrap();
        assert_eq!(library.games.len(), 2, "the third game is not reached");
        assert_eq!(library.games[0].as_ref().unwrap(), &records[0]);
        let broken = library.games[1].as_ref().unwrap_err();
        assert_eq!(
            broken.error.to_string(),
            format!("cbl, byte {cut} (0x{cut:X}): the file ends inside a game")
        );
        assert_eq!(broken.partial.as_ref().unwrap().main_line(), [mv("h2e2")]);
        // Compressed, cut anywhere: never more games than the library holds,
        // and the first cut short says the compressed data ends.
        let compressed = packed(&data, 3);
        for end in HEADER_SIZE + 8..compressed.len() {
            let Ok(library) = read_cbl(&compressed[..end]) else { continue };
            assert!(library.games.len() <= 3);
            let problems: Vec<&ReadError> = library
                .games
                .iter()
                .filter_map(|game| game.as_ref().err())
                .map(|broken| &broken.error)
                .collect();
            assert_eq!(problems.len(), 1, "cut at {end}");
            assert_eq!(problems[0].at, Location::Byte(end));
            assert_eq!(problems[0].kind, ReadErrorKind::Truncated { part: "the compressed data" });
        }
    }

    #[test]
    fn bad_data_inside_the_stream_is_placed_in_the_unpacked_data() {
        let (records, data) = three_games();
        let starts = game_starts(&data, 3);
        let second_moves = moves_at(&data, starts[1]);
        let read_damaged = |offset: usize, bytes: &[u8]| {
            let mut damaged = data.clone();
            damaged[offset..offset + bytes.len()].copy_from_slice(bytes);
            read_cbl(&packed(&damaged, 1)).unwrap()
        };
        let problem =
            |library: &RecordFile, game: usize| library.games[game].as_ref().unwrap_err().error.to_string();
        let at = |offset: usize| format!("cbl, byte {offset} (0x{offset:X}) of the unpacked data");

        // A board byte that names no point, and two pieces on one point; the other games read.
        let library = read_damaged(starts[1] + 4 + 3, &[0xAB]);
        assert_eq!(problem(&library, 1), format!("{}: 171 names no point of the board", at(starts[1] + 7)));
        assert_eq!(library.games[2].as_ref().unwrap(), &records[2]);
        let library = read_damaged(starts[1] + 4 + 1, &[data[starts[1] + 4]]);
        assert_eq!(
            problem(&library, 1),
            format!("{}: piece 2 of 32 stands on a point already taken", at(starts[1] + 5))
        );
        // A move of the main line that cannot be played: the moves before it kept.
        let third = second_moves + 2 * MOVE_SIZE;
        let library = read_damaged(third + 2, &[0x44]);
        assert_eq!(
            problem(&library, 1),
            format!("{}: the move e5g2 cannot be played: no piece stands on e5", at(third))
        );
        let partial = library.games[1].as_ref().unwrap_err().partial.clone().unwrap();
        assert_eq!(partial.main_line(), [mv("h2e2"), mv("h9g7")]);
        // One in a variation: the variation is cut there, the rest of the game whole.
        let fourth = second_moves + 3 * MOVE_SIZE;
        let mut damaged = data.clone();
        damaged[fourth + 3] = 0x00;
        let file = read(&packed(&damaged, 2)).unwrap();
        let game = file.games[1].as_ref().unwrap();
        assert_eq!(game.main_line(), records[1].main_line());
        assert!(game.moves[1].variations.is_empty());
        let [cut] = file.cut_variations.as_slice() else { panic!("{:?}", file.cut_variations) };
        assert_eq!(
            cut.error.to_string(),
            format!(
                "{}: the move b9a9 cannot be played: the black horse on b9 cannot land on its own side's chariot on a9",
                at(fourth)
            )
        );
        // A move number that skips a ply; a game whose size is too small to hold it.
        let library = read_damaged(second_moves + MOVE_SIZE, &[5, 0]);
        assert_eq!(
            problem(&library, 1),
            format!("{}: 5 is no possible move number here", at(second_moves + MOVE_SIZE))
        );
        let library = read_damaged(starts[1], &[2, 0, 0, 0]);
        assert_eq!(problem(&library, 1), format!("{}: 2 is no possible game size in bytes", at(starts[1])));
        assert_eq!(library.games.len(), 2, "no game is found after a size that cannot be");
        // A size that cuts the game's fields short, and a text longer than its game.
        let library = read_damaged(starts[1], &[40, 0, 0, 0]);
        assert_eq!(problem(&library, 1), format!("{}: 40 is no possible game size in bytes", at(starts[1])));
        let library = read_damaged(starts[1] + 4 + 32 + 4, &[0xFF, 0xFF, 0, 0]);
        assert_eq!(
            problem(&library, 1),
            problem(&read_damaged(starts[1], &[40, 0, 0, 0]), 1)
                .replace("40", &u32_at(&data, starts[1]).to_string())
        );
        // More moves than the game holds.
        let library = read_damaged(second_moves - 4, &[9, 0, 0, 0]);
        assert_eq!(
            problem(&library, 1),
            format!("{}: 9 is no possible number of moves here", at(second_moves - 4))
        );
        // More games counted than there are.
        let count_at = library_data("", &[]).unwrap().len() - 8;
        let library = read_damaged(count_at, &[4, 0, 0, 0]);
        assert_eq!(library.games.len(), 4);
        assert_eq!(
            problem(&library, 3),
            format!("{}: the file ends inside the games the library counts", at(data.len()))
        );
    }

    #[test]
    fn no_input_makes_the_reader_panic() {
        let mut random = Random::new(41);
        let records: Vec<Record> = (0..3).map(|round| tagged(random_round(&mut random, round, 20))).collect();
        let data = library_data("库", &records).unwrap();
        let damage = Damage { cut_every: 7, copies: 3000, most: 3, from: 0, with: &EVERY_BYTE };
        for level in [0, 3] {
            feed_cut_and_damaged(&packed(&data, level), &mut random, &damage, |bytes| {
                if let Ok(library) = read_cbl(bytes) {
                    for game in library.games {
                        let _ = game.map_err(|broken| broken.to_string());
                    }
                }
            });
        }
        assert_eq!(sniff(&packed(&data, 0)), Sniffed::Record(Format::Cbl));
    }
}
