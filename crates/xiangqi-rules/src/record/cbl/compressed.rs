//! CBL libraries in CChessBoard's older layout (its version 2.1): a 20-byte
//! header, then every game in one zlib stream (see the [module docs of
//! CBL](super) for the layout, field by field).

use std::borrow::Cow;
use std::io::Write;

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use crate::notation::{Direction, Mark, file_number, moves_along_lines, standing};
use crate::record::cbl::{Library, LocatedLibrary};
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

/// The text fields of a game in the order stored, by the tags they are read
/// into (`None`: the title, which comes after the game type and event).
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

/// Whether `bytes` are a library of this layout: the signature, then a
/// small version number (the newer layout has `Library` there, CBR `
/// Record`).
pub(crate) fn is_older_library(bytes: &[u8]) -> bool {
    bytes.starts_with(SIGNATURE) && bytes.get(9..12) == Some(&[0, 0, 0])
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
        let (mut games, mut offsets, mut cuts) =
            (Vec::with_capacity(reserved), Vec::with_capacity(reserved), Vec::with_capacity(reserved));
        let mut damage_told = false;
        for _ in 0..count {
            offsets.push(self.packing.locate(at));
            let Some(size) = self.data.get(at..at + 4).map(|size| u32_at(size, 0)) else {
                games.push(broken(None, self.cut_short("the games the library counts")));
                cuts.push(Vec::new());
                damage_told = true;
                break;
            };
            let end = at.saturating_add(size as usize);
            if size < 4 {
                let kind = ReadErrorKind::BadNumber { what: "game size in bytes", value: size.into() };
                games.push(broken(None, self.error(at, kind)));
                cuts.push(Vec::new());
                break;
            }
            let cut = (end > self.data.len()).then(|| self.cut_short("a game"));
            damage_told |= cut.is_some();
            let (game, cut_variations) = self.read_game(at, end.min(self.data.len()), size, cut.as_ref());
            games.push(game);
            cuts.push(cut_variations);
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
        Ok((Library { name: text::from_gbk(name).trim().to_string(), games }, offsets, cuts))
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
            let ply = (usize::from(number) + 1).checked_sub(usize::from(first_number)).unwrap_or(0);
            if ply == 0 || ply > path.len() + 1 {
                // The moves after one that cannot be played, in a variation cut there.
                if in_cut_variation && ply > path.len() + 1 {
                    continue;
                }
                let kind = ReadErrorKind::BadNumber { what: "move number here", value: number.into() };
                problem = Some(self.error(offset, kind));
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
                    problem = Some(self.error(offset, kind));
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
/// write_compressed_cbl("全局", &[game.clone()], &mut bytes)?;
/// assert!(bytes.starts_with(b"CCBridge\x15\0\0\0"));
/// let library = read_cbl(&bytes)?;
/// assert_eq!(library.name, "全局");
/// # #[cfg(feature = "gbk")]
/// assert_eq!(library.games[0].as_ref().unwrap(), &game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The writer fails; a start position has more pieces of a kind than a side
/// starts with ([`WriteRecordError::TooManyPieces`]); a number is too large
/// for its field ([`WriteRecordError::TooLarge`]): a line of more than
/// 65535 moves, a text of more than 4 GiB.
pub fn write_compressed_cbl(
    name: &str,
    records: &[Record],
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
