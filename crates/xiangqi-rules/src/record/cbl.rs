//! CBL, a library of many games as CChessBoard (象棋桥) writes it: a
//! header, an index of one entry a slot, then each game as a CBR record.
//!
//! The layout, from the public descriptions of the format:
//! ```text
//!     0  "CCBridgeLibrary\0"           56  1 if the index holds deleted entries
//!    60  slots the index has (32 bits) 64  the library's name (512 bytes, UTF-16LE)
//! 66624  the index: 276 bytes a slot   66624 + 276·slots: the records
//! ```
//! The records follow on 4096-byte boundaries; a long game runs on into the
//! next slots, so the records are the boundaries that begin with the CBR
//! signature. Index entries begin with a status: 7 for a game, 5 for a game
//! deleted (kept in the file), 0 for an empty slot.
//!
//! Libraries also hold headings between their games: records whose board is
//! empty, holding only a title and a comment (`……对局（男子组20局）`). They
//! are no games, and are left out.
//!
//! # The older layout: CChessBoard 2.1, compressed
//! Older libraries (CChessBoard 2.1's, `.cbl` too) keep every game in one
//! zlib stream. The layout below was decoded from 19 public libraries
//! (championship archives, masters' collections, opening and endgame
//! studies, an app's bundled games: 1,350 games, 69,043 moves) and agrees
//! field by field with the public description of version 2.1 that
//! open-source readers quote; what that description does not say, and the
//! files alone show, is marked *(inferred)*. Numbers are little-endian; a
//! *text* is a 32-bit length in bytes, then that many bytes of GBK (none
//! ends with a NUL).
//! ```text
//!  0  "CCBridge"      8  the version: 21 (32 bits)
//! 12  compression: 0 stored, 1 low, 2 medium, 3 high (32 bits)
//! 16  the size of the data unpacked (32 bits)
//! 20  the data: a zlib stream to the end of the file (as it is, if stored)
//! ```
//! The data:
//! ```text
//! the library   text name; text related resource; text (reserved); text creator;
//!               text creator's email; 19 bytes created and 19 bytes last changed
//!               ("2001-2-18 12:30:19 ", blank-padded); number of games (32 bits);
//!               text description
//! each game     its size in bytes, these 4 included (32 bits); the board (32 bytes);
//!               the game type (32 bits: 1 a game played, 2 a game composed,
//!               3 an endgame played, 4 an endgame composed); text event;
//!               the first move's number (32 bits, 1 but in an endgame played;
//!               read as the start position's move number, *inferred*);
//!               text title; text related resource; text (reserved); text site;
//!               text date; text red; text black; the result (32 bits: 1 red wins,
//!               2 black wins, 3 a draw, 4 unknown); text annotator; text annotator's
//!               email; text creator; text creator's email; text comment;
//!               1 byte: 1 if red moves first, 0 if black does; 19 bytes created and
//!               19 bytes last changed; the number of moves (32 bits); the moves,
//!               6 bytes each; then each move's comment, each ended by "\r\n"
//! ```
//! - The board gives each of 32 pieces a byte, red's 16 then black's, in
//!   the order 车马相仕帅仕相马车炮炮兵兵兵兵兵: the file from red's left
//!   plus 1 in the high four bits, the row from black's side plus 1 in the
//!   low four (`0x1A` is red's left chariot on a0); 0 for a piece not on
//!   the board.
//! - A move: its number (16 bits), the point it leaves and the point it
//!   reaches (a byte each: the file from red's left in the high four bits,
//!   the row from black's side in the low four, `0x77` is h2), and its
//!   Chinese notation in four numbers of four bits, the high bits of each
//!   byte first: the piece (车马相仕帅炮兵, or 前中后), its file from its
//!   side's right (after 前中后, the piece: 9 for 车 on), the direction
//!   (进退平), and the ranks travelled or the file arrived on; 0 stands for
//!   the first of each list (炮二平五 is `0x51 0x24`). The notation repeats
//!   the points: the reader takes the points.
//! - The number is the move's ply from 1; it alone gives the tree. The
//!   moves come in pre-order, each move followed by the rest of its line,
//!   then by the alternatives to it: a move numbered n follows the move
//!   numbered n - 1 in the line last read, and a number not above the last
//!   one's starts a variation there *(the order is inferred; the
//!   description says only that the number is the one key to the
//!   variations)*.
//! - Checked on the 19 libraries: every game read to the end of its size,
//!   one comment for each move, the notation bytes of all 69,043 moves
//!   agreeing with their points (68,984 byte for byte with what
//!   [`write_compressed_cbl`] writes, the other 59 naming the piece by 前/后
//!   where the writer names it by its file, or the other way round), and
//!   the games kept also as XQF elsewhere (641, with 4,053 moves in
//!   variations) read to the same tree of moves. Seven games do not read:
//!   six hold a move that cannot be played, one a soldier behind its
//!   starting rank.
//! - A line break inside a comment, the game's or a move's, is `||`.
//! - Read into tags: event `Event`, title `Title`, site `Site`, date `Date`,
//!   red `Red`, black `Black`, annotator `Annotator` (and `AnnotatorEmail`),
//!   creator `Creator` (and `CreatorEmail`), related resource `Source`, the
//!   reserved text `Other`, those empty left out; the comment is the
//!   record's comment before the first move; the first move's number the
//!   start position's move number. The game type and the times are not
//!   read, nor the library's texts but its name.
//! - Errors inside the stream name their byte in the unpacked data
//!   ([`Location::Unpacked`](crate::record::Location::Unpacked)); a stream
//!   cut short or damaged still gives the games unpacked before the damage,
//!   the game it cuts read in part.

use crate::record::binary::Header;
use crate::record::cbr::{self, MAGIC as RECORD_MAGIC};
use std::io::Write;

use crate::record::error::{BrokenRecord, Location, ReadError, ReadErrorKind, WriteRecordError};

mod compressed;

use crate::record::tree::CutGame;
use crate::record::{Format, Record, RecordFile, read_as, text};
pub(crate) use compressed::is_older_library;
pub use compressed::write_compressed_cbl;

const MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
const DELETED_AT: usize = 56;
const SLOTS_AT: usize = 60;
const NAME_AT: usize = 64;
const NAME_SIZE: usize = 512;
/// The signature and the fixed fields before the index.
const HEADER: Header = Header {
    signature: MAGIC,
    signature_name: "CCBridgeLibrary",
    size: NAME_AT + NAME_SIZE,
    part: "the library's header",
};
const INDEX_AT: usize = 66624;
const ENTRY_SIZE: usize = 276;
const SLOT_SIZE: usize = 4096;
/// The status of an index entry whose game was deleted.
const DELETED: u32 = 5;
/// The status of an index entry of a game.
const GAME: u32 = 7;

/// A library read: its name, and each game with where its record begins
/// and where its variations were cut.
pub(crate) struct LocatedLibrary {
    /// The library's name, empty if it has none.
    pub(crate) name: String,
    /// Each game, in the library's order.
    pub(crate) games: Vec<(Location, CutGame)>,
}

fn error(offset: usize, kind: ReadErrorKind) -> ReadError {
    ReadError::new(Format::Cbl, Location::Byte(offset), kind)
}

/// Reads a CBL library in either of CChessBoard's layouts: its name
/// ([`RecordFile::name`]) and each of its games, with tags, start position, result, comments and the
/// whole tree of moves. A game that cannot be read does not stop the
/// others: it is an error in its place.
///
/// - The layout of CChessBoard 3 (`CCBridgeLibrary`): each game as
///   [`read_cbr`](crate::record::read_cbr) reads one, but those the index
///   marks deleted and the headings between games (records of an empty board).
/// - The older layout of CChessBoard 2.1 (`CCBridge`, then the version 21):
///   every game in one zlib stream, its texts in GBK. Read into tags: event
///   `Event`, title `Title`, site `Site`, date `Date`, players `Red` and
///   `Black`, annotator `Annotator` (and `AnnotatorEmail`), creator `Creator`
///   (and `CreatorEmail`), related resource `Source`, a reserved text
///   `Other`; the game's comment is the comment before the first move, and
///   a `||` in a comment is a line break. Problems inside the stream are
///   placed in the unpacked data ([`Location::Unpacked`]); a stream cut short
///   or damaged still gives the games before the damage, the one it cuts in
///   part. Without the `gbk` feature the texts keep only their ASCII.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::record::{Node, Record, read_cbl, write_compressed_cbl};
///
/// let mut game = Record::new(Position::start());
/// game.moves = vec![Node::new("h2e2".parse()?), Node::new("h9g7".parse()?)];
/// let mut bytes = Vec::new();
/// write_compressed_cbl(&[game], "", &mut bytes)?;
/// // Cut short inside the stream: the game is read in part, the problem placed in the file.
/// let cut = bytes.len() - 6;
/// let file = read_cbl(&bytes[..cut])?;
/// let broken = file.games[0].as_ref().unwrap_err();
/// assert_eq!(
///     broken.error.to_string(),
///     format!("cbl, byte {cut} (0x{cut:X}): the file ends inside the compressed data")
/// );
/// assert_eq!(broken.partial.as_ref().unwrap().main_line().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The same as `read_as(Format::Cbl, bytes)`.
///
/// # Errors
/// The file is no library (no `CCBridgeLibrary` or `CCBridge` signature), a
/// version or compression level not known here, or it ends inside its
/// header or index (or, compressed, inside the library's own fields, or
/// with data that is damaged). A game that cannot be read, or only in part,
/// is a [`BrokenRecord`](crate::record::BrokenRecord) in its place in
/// [`RecordFile::games`].
pub fn read_cbl(bytes: &[u8]) -> Result<RecordFile, ReadError> {
    read_as(Format::Cbl, bytes)
}

/// [`read_cbl`], where each game begins, and its cut variations.
pub(crate) fn read_cbl_located(bytes: &[u8]) -> Result<LocatedLibrary, ReadError> {
    if compressed::is_older_library(bytes) {
        return compressed::read_located(bytes);
    }
    let header = HEADER.read(bytes, error)?;
    let slots = i32::from_le_bytes([
        header[SLOTS_AT],
        header[SLOTS_AT + 1],
        header[SLOTS_AT + 2],
        header[SLOTS_AT + 3],
    ]);
    let first = usize::try_from(slots)
        .ok()
        .and_then(|slots| slots.checked_mul(ENTRY_SIZE))
        .and_then(|index| index.checked_add(INDEX_AT))
        .ok_or_else(|| {
            error(SLOTS_AT, ReadErrorKind::BadNumber { what: "number of slots", value: i64::from(slots) })
        })?;
    if first > bytes.len() {
        return Err(error(bytes.len(), ReadErrorKind::Truncated { part: "the library's index" }));
    }
    let name = text::from_utf16le(&header[NAME_AT..NAME_AT + NAME_SIZE]).trim().to_string();

    let starts: Vec<usize> = (first..bytes.len())
        .step_by(SLOT_SIZE)
        .filter(|&start| bytes[start..].starts_with(RECORD_MAGIC))
        .collect();
    // Index entries in use, in order, stand for the records in order: where
    // the counts agree and the library says it keeps deleted games, those
    // are left out.
    let statuses: Vec<u32> = bytes[INDEX_AT..first]
        .chunks_exact(ENTRY_SIZE)
        .map(|entry| u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]))
        .filter(|&status| status != 0)
        .collect();
    let skip_deleted = header[DELETED_AT] != 0 && statuses.len() == starts.len();

    let mut games = Vec::with_capacity(starts.len());
    for (index, &start) in starts.iter().enumerate() {
        if skip_deleted && statuses[index] == DELETED {
            continue;
        }
        let end = starts.get(index + 1).copied().unwrap_or(bytes.len());
        let board = bytes.get(start + cbr::BOARD_AT..start + cbr::BOARD_AT + 90);
        if board.is_some_and(|board| board.iter().all(|&byte| byte == 0)) {
            continue;
        }
        let game = cbr::read_record(&bytes[start..end], start, Format::Cbl)
            .unwrap_or_else(|error| (Err(Box::new(BrokenRecord { partial: None, error })), Vec::new()));
        games.push((Location::Byte(start), game));
    }
    Ok(LocatedLibrary { name, games })
}

/// Writes `records` as a CBL library named `name`: the header, an index
/// entry for each game, and each game as [`write_cbr`](crate::record::write_cbr)
/// writes it, from a 4096-byte boundary. The index has room for 128 games,
/// or as many more as it takes in steps of 128.
///
/// As for CBR, the layout is the one the public descriptions of the format
/// give; [`read_cbl`] reads it back to the same games, but the files have
/// not been opened in CChessBoard itself.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::record::{Node, Record, read_cbl, write_cbl};
///
/// let mut games = vec![Record::new(Position::start()), Record::new(Position::start())];
/// games[1].moves.push(Node::new("b0c2".parse()?));
/// let mut bytes = Vec::new();
/// write_cbl(&games, "两局", &mut bytes)?;
/// let file = read_cbl(&bytes)?;
/// assert_eq!(file.name.as_deref(), Some("两局"));
/// assert_eq!(file.games.len(), 2);
/// assert_eq!(file.games[1].as_ref().unwrap(), &games[1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The writer fails, or a number is too large for its field
/// ([`WriteRecordError::TooLarge`]; see [`write_cbr`](crate::record::write_cbr)).
pub fn write_cbl(records: &[Record], name: &str, mut writer: impl Write) -> Result<(), WriteRecordError> {
    let slots = records.len().div_ceil(128).max(1) * 128;
    writer.write_all(&library_bytes(name, records, slots)?)?;
    Ok(())
}

/// A library of `records` with `slots` index entries (at least one a record).
fn library_bytes(name: &str, records: &[Record], slots: usize) -> Result<Vec<u8>, WriteRecordError> {
    let mut bytes = vec![0_u8; INDEX_AT + slots * ENTRY_SIZE];
    bytes[..16].copy_from_slice(MAGIC);
    bytes[52..56].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0x7F]);
    let slot_count = WriteRecordError::fit_u32(Format::Cbl, "the number of index entries", slots)?;
    bytes[SLOTS_AT..SLOTS_AT + 4].copy_from_slice(&slot_count.to_le_bytes());
    let name = text::to_utf16le_within(name, NAME_SIZE - 2);
    bytes[NAME_AT..NAME_AT + name.len()].copy_from_slice(&name);
    for index in 0..records.len() {
        let entry = INDEX_AT + index * ENTRY_SIZE;
        bytes[entry..entry + 4].copy_from_slice(&GAME.to_le_bytes());
        let number = WriteRecordError::fit_u32(Format::Cbl, "a game's number", index)?;
        bytes[entry + 4..entry + 8].copy_from_slice(&number.to_le_bytes());
    }
    for record in records {
        let mut game = cbr::cbr_bytes(record)?;
        game.resize(game.len().div_ceil(SLOT_SIZE) * SLOT_SIZE, 0);
        bytes.extend_from_slice(&game);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;

    use super::*;
    use crate::Position;
    use crate::record::cbr::cbr_bytes;
    use crate::record::cbr::tests::tagged;
    use crate::record::test_support::{Damage, EVERY_BYTE, feed_cut_and_damaged, random_round};

    /// A library of `records` with `slots` index entries, as [`write_cbl`]
    /// lays it out; `deleted` marks entries deleted (their records stay).
    fn cbl_bytes(name: &str, records: &[Record], slots: usize, deleted: &[usize]) -> Vec<u8> {
        let mut bytes = library_bytes(name, records, slots).unwrap();
        if !deleted.is_empty() {
            bytes[DELETED_AT] = 1;
        }
        for &index in deleted {
            let entry = INDEX_AT + index * ENTRY_SIZE;
            bytes[entry..entry + 4].copy_from_slice(&DELETED.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn every_game_of_a_library_reads_and_deleted_ones_are_left_out() {
        let mut random = Random::new(5);
        let records: Vec<Record> = (0..6)
            // Some games long enough to run over their 4096-byte slot.
            .map(|round| tagged(random_round(&mut random, round, if round == 3 { 400 } else { 40 })))
            .collect();
        let bytes = cbl_bytes("1989年龙化杯", &records, 140, &[]);
        let library = read_cbl(&bytes).unwrap();
        assert_eq!(library.name.as_deref(), Some("1989年龙化杯"));
        let games: Vec<Record> = library.games.into_iter().map(Result::unwrap).collect();
        assert_eq!(games, records);
        let library = read_cbl(&cbl_bytes("", &records, 128, &[2])).unwrap();
        assert_eq!(library.games.len(), 5);
        assert_eq!(library.games[2].as_ref().unwrap(), &records[3]);
        // Each game's record is found where it begins, on a slot boundary.
        let file = crate::record::read(&bytes).unwrap();
        assert_eq!(file.starts.len(), 6);
        let first = INDEX_AT + 140 * ENTRY_SIZE;
        assert_eq!(file.starts[0], Location::Byte(first));
        for (start, record) in file.starts.iter().zip(&records) {
            let Location::Byte(offset) = *start else { panic!("a byte offset") };
            assert!(bytes[offset..].starts_with(RECORD_MAGIC));
            let file = crate::record::read_cbr(&bytes[offset..]).unwrap();
            assert_eq!(file.games, [Ok(record.clone())]);
        }
    }

    #[test]
    fn a_damaged_game_does_not_stop_the_others() {
        let records = [Record::new(Position::start()), Record::new(Position::start())];
        let mut bytes = cbl_bytes("", &records, 128, &[]);
        let first = INDEX_AT + 128 * ENTRY_SIZE;
        bytes[first + cbr::BOARD_AT] = 0x99;
        let library = read_cbl(&bytes).unwrap();
        let broken = library.games[0].as_ref().unwrap_err();
        assert_eq!(broken.partial, None);
        let at = first + cbr::BOARD_AT;
        assert_eq!(broken.error.to_string(), format!("cbl, byte {at} (0x{at:X}): 0x99 names no piece"));
        assert!(library.games[1].is_ok());
        // A heading: an empty board, a title, no moves.
        let mut heading = cbr_bytes(&Record::new(Position::start())).unwrap();
        heading[cbr::BOARD_AT..cbr::BOARD_AT + 90].fill(0);
        heading.resize(SLOT_SIZE, 0);
        bytes.splice(first..first, heading);
        assert_eq!(read_cbl(&bytes).unwrap().games.len(), 2);
    }

    #[test]
    fn bad_libraries_are_refused() {
        let bytes = cbl_bytes("", &[Record::new(Position::start())], 128, &[]);
        assert_eq!(
            read_cbl(b"CCBridge Record\0").unwrap_err().kind,
            ReadErrorKind::BadMagic { expected: "CCBridgeLibrary" }
        );
        assert_eq!(
            read_cbl(&bytes[..70_000]).unwrap_err().to_string(),
            "cbl, byte 70000 (0x11170): the file ends inside the library's index"
        );
        let mut negative = bytes.clone();
        negative[SLOTS_AT + 3] = 0x80;
        assert!(matches!(read_cbl(&negative).unwrap_err().kind, ReadErrorKind::BadNumber { .. }));
        let damage = Damage { cut_every: 97, copies: 300, most: 1, from: 0, with: &EVERY_BYTE };
        feed_cut_and_damaged(&bytes, &mut Random::new(9), &damage, |bytes| {
            let _ = read_cbl(bytes);
        });
    }
}
