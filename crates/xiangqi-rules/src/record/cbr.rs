//! CBR, one game as CChessBoard (象棋桥, CCBridge) writes it; each game of
//! a CBL library is a CBR record too.
//!
//! The layout, from the public descriptions of the format (the write-up
//! the CCBridge readers cite, checked against real files): fixed fields of
//! UTF-16LE text, each ended by a NUL character; then the board and the moves.
//! ```text
//!    0  "CCBridge Record\0"       180  title (128)        692  event (64)
//!  756  round (64)                820  group (32)         852  table (32)
//!  884  date (64)                 948  site (64)         1012  time rule (64)
//! 1076  red (64)                 1140  red team (64)     1204  red's time (64)
//! 1300  black (64)               1364  black team (64)   1428  black's time (64)
//! 1524  referee (64)             1588  recorder (64)     1652  commentator (64)
//! 1780  creator (64)             2076  result: 0 unknown, 1 red wins, 2 black wins, 3 draw
//! 2112  who moves first: 1 red, 2 black                  2116  first move number (16 bits)
//! 2120  the board: 90 bytes, top rank first (index = (9 - rank)·9 + file),
//!       0 empty, 0x11..0x17 red and 0x21..0x27 black chariot, horse,
//!       elephant, advisor, general, cannon, soldier
//! 2214  the moves
//! ```
//! The moves are four-byte records in pre-order: flags, an unused byte,
//! source and target as board indexes. Flag 0x01: the line ends here; 0x02:
//! an alternative to this move comes later; 0x04: a comment follows (a
//! 32-bit little-endian byte length, then UTF-16LE text). The first record
//! stands for the start position: only its flags (and comment) count.

use std::io::Write;

use crate::record::binary::{self, Header, TextField};

use crate::record::error::{Location, ReadError, ReadErrorKind, WriteRecordError};
use crate::record::tree::{CutGame, StoredMove, build_preorder, first_mover, preorder, read_preorder};
use crate::record::{Format, GameResult, Record, RecordFile, read_as, text};
use crate::{Board, Color, Piece, PieceKind, Position, PositionError, Setup, Square};

/// Every CBR record begins with these bytes.
pub(crate) const MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// The signature and the fixed fields before the moves.
const HEADER: Header = Header {
    signature: MAGIC,
    signature_name: "CCBridge Record",
    size: MOVES_AT,
    part: "the 2214-byte header",
};
/// The text fields: tag, offset, size in bytes.
pub(crate) const FIELDS: [TextField; 18] = [
    ("Event", 692, 64),
    ("Site", 948, 64),
    ("Date", 884, 64),
    ("Round", 756, 64),
    ("Red", 1076, 64),
    ("Black", 1300, 64),
    ("Title", 180, 128),
    ("Group", 820, 32),
    ("Table", 852, 32),
    ("TimeControl", 1012, 64),
    ("RedTeam", 1140, 64),
    ("RedTime", 1204, 64),
    ("BlackTeam", 1364, 64),
    ("BlackTime", 1428, 64),
    ("Referee", 1524, 64),
    ("Recorder", 1588, 64),
    ("Annotator", 1652, 64),
    ("Creator", 1780, 64),
];
pub(crate) const RESULT_AT: usize = 2076;
pub(crate) const FIRST_MOVER_AT: usize = 2112;
pub(crate) const MOVE_NUMBER_AT: usize = 2116;
pub(crate) const BOARD_AT: usize = 2120;
pub(crate) const MOVES_AT: usize = 2214;

/// Piece kinds by the low nibble of a board byte, from 1.
pub(crate) const KINDS: [PieceKind; 7] = PieceKind::CHINESE_ORDER;

/// The point of a board index: top rank first.
pub(crate) fn point(index: u8) -> Option<Square> {
    if index < 90 { Square::from_coords(i64::from(index % 9), 9 - i64::from(index / 9)) } else { None }
}

/// The board index of `square`.
pub(crate) fn index_of(square: Square) -> u8 {
    (9 - square.rank().index()) * 9 + square.file().index()
}

/// The piece a board byte names (`Ok(None)` for an empty point).
pub(crate) fn piece_of(byte: u8) -> Result<Option<Piece>, ()> {
    if byte == 0 {
        return Ok(None);
    }
    let color = match byte >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return Err(()),
    };
    let kind = KINDS.get(usize::from(byte & 0x0F).wrapping_sub(1)).ok_or(())?;
    Ok(Some(Piece::new(color, *kind)))
}

/// Reads a CBR file: its tags (the fields above, by PGN's names), start
/// position, result, and the whole tree of moves with comments.
///
/// The same as `read_as(Format::Cbr, bytes)`: a [`RecordFile`] of one game.
///
/// # Errors
/// As [`read_xqf`](crate::record::read_xqf): the file cannot be read at
/// all (signature, a header cut short, a board byte that names no piece, a
/// start position that is not legal); a game whose moves are read only in
/// part is a [`BrokenRecord`](crate::record::BrokenRecord) in
/// [`RecordFile::games`].
pub fn read_cbr(bytes: &[u8]) -> Result<RecordFile, ReadError> {
    read_as(Format::Cbr, bytes)
}

/// Reads the CBR record `bytes`, which stands at `base` in a file of `format`.
pub(crate) fn read_record(bytes: &[u8], base: usize, format: Format) -> Result<CutGame, ReadError> {
    let error =
        |offset: usize, kind: ReadErrorKind| ReadError::new(format, Location::Byte(base + offset), kind);
    let header = HEADER.read(bytes, error)?;
    let mut board = Board::empty();
    for (index, &byte) in header[BOARD_AT..BOARD_AT + 90].iter().enumerate() {
        let piece =
            piece_of(byte).map_err(|()| error(BOARD_AT + index, ReadErrorKind::BadPiece { value: byte }))?;
        if let (Some(piece), Some(square)) = (piece, point(index as u8)) {
            board.put(square, piece);
        }
    }
    let tags = binary::tags_of(header, &FIELDS, text::from_utf16le);
    let result = match header[RESULT_AT] {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 => GameResult::Draw,
        _ => GameResult::Unknown,
    };

    let (steps, stream_error) = read_steps(bytes);
    // The first move's piece says who moves first; without moves, the header does.
    let first_in_header = if header[FIRST_MOVER_AT] == 2 { Color::Black } else { Color::Red };
    let turn = first_mover(&steps, &board, point).unwrap_or(first_in_header);
    let move_number = u16::from_le_bytes([header[MOVE_NUMBER_AT], header[MOVE_NUMBER_AT + 1]]);
    let setup = Setup { board, turn, halfmove_clock: 0, fullmove_number: u32::from(move_number.max(1)) };
    let start = Position::from_setup(setup)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|problems| error(BOARD_AT, ReadErrorKind::BadStart(problems)))?;

    let (builder, move_error) = build_preorder(start, &steps, point, error);
    let stream_error = stream_error.map(|(offset, kind)| error(offset, kind));
    Ok(builder.into_game(tags, result, move_error.or(stream_error)))
}

/// The move records, the start position's first, until the tree is
/// complete (or a record of zeros, the padding of a library's slot, stands
/// where a move is due); and the problem that stopped the reading before.
fn read_steps(bytes: &[u8]) -> (Vec<StoredMove>, Option<(usize, ReadErrorKind)>) {
    let mut offset = MOVES_AT;
    // A record takes 4 bytes at least.
    read_preorder(bytes.len().saturating_sub(MOVES_AT) / 4, |first| {
        let Some(&[flags, _unused, from, to]) = bytes.get(offset..offset + 4) else {
            return Err((offset, ReadErrorKind::Truncated { part: "a move record" }));
        };
        if !first && [flags, from, to] == [0, 0, 0] {
            return Ok(None);
        }
        let mut step = StoredMove {
            offset,
            from,
            to,
            has_next: flags & 0x01 == 0,
            has_alternative: flags & 0x02 != 0,
            comment: None,
        };
        offset += 4;
        if flags & 0x04 != 0 {
            let Some(length) = bytes.get(offset..offset + 4) else {
                return Err((offset, ReadErrorKind::Truncated { part: "a comment length" }));
            };
            let length = u32::from_le_bytes([length[0], length[1], length[2], length[3]]) as usize;
            let Some(comment) = bytes.get(offset + 4..).and_then(|rest| rest.get(..length)) else {
                let kind = ReadErrorKind::BadNumber { what: "comment length here", value: length as i64 };
                return Err((offset, kind));
            };
            let comment = text::from_utf16le(comment);
            step.comment = (!comment.is_empty()).then_some(comment);
            offset += 4 + length;
        }
        Ok(Some(step))
    })
}

/// Writes `record` as a CBR record: the tags CBR has fields for (`Event`,
/// `Site`, `Date`, `Round`, `Red`, `Black`, `Title` and the others the
/// module docs list), each cut to its field's size, the result, the start
/// position and side to move, and the whole tree of moves with its
/// comments.
///
/// The layout is the one the public descriptions of the format give (what
/// CChessBoard leaves uninitialised is zero here); [`read_cbr`] reads it
/// back to the same record, but the files have not been opened in
/// CChessBoard itself.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::record::{GameResult, Node, Record, read_cbr, write_cbr};
///
/// let mut record = Record::new(Position::start());
/// record.set_tag("Red", "许银川");
/// record.moves.push(Node::new("h2e2".parse()?));
/// record.result = GameResult::Draw;
/// let mut bytes = Vec::new();
/// write_cbr(&record, &mut bytes)?;
/// assert!(bytes.starts_with(b"CCBridge Record\0"));
/// assert_eq!(read_cbr(&bytes)?.games, [Ok(record)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The writer fails, or a number is too large for the field CBR keeps it in
/// ([`WriteRecordError::TooLarge`]): a start position's move number above
/// 65535, a comment of more than 4 GiB. Written anyway, it would read back
/// as another number.
pub fn write_cbr(record: &Record, mut writer: impl Write) -> Result<(), WriteRecordError> {
    writer.write_all(&cbr_bytes(record)?)?;
    Ok(())
}

/// `record` as the bytes of a CBR record (see [`write_cbr`]).
pub(crate) fn cbr_bytes(record: &Record) -> Result<Vec<u8>, WriteRecordError> {
    let mut bytes = vec![0_u8; MOVES_AT];
    bytes[..16].copy_from_slice(MAGIC);
    bytes[19] = 2;
    // Each text ends with a NUL character: two bytes of the field.
    binary::put_tags(&mut bytes, &FIELDS, record, |value, size| text::to_utf16le_within(value, size - 2));
    bytes[RESULT_AT] = match record.result {
        GameResult::Unknown => 0,
        GameResult::RedWins => 1,
        GameResult::BlackWins => 2,
        GameResult::Draw => 3,
    };
    bytes[FIRST_MOVER_AT] = if record.start.turn() == Color::Red { 1 } else { 2 };
    let fullmove = record.start.setup().fullmove_number;
    let number = WriteRecordError::fit_u16(Format::Cbr, "the move number", fullmove.into())?;
    bytes[MOVE_NUMBER_AT..MOVE_NUMBER_AT + 2].copy_from_slice(&number.to_le_bytes());
    for (square, piece) in record.start.setup().board.pieces() {
        let kind = KINDS.iter().position(|&kind| kind == piece.kind).map_or(0, |index| index as u8 + 1);
        let color = if piece.color == Color::Red { 0x10 } else { 0x20 };
        bytes[BOARD_AT + usize::from(index_of(square))] = color | kind;
    }
    bytes[MOVES_AT - 4..MOVES_AT].copy_from_slice(&[0xFF; 4]);
    let mut push = |flags: u8, from: u8, to: u8, comment: Option<&str>| {
        let comment_flag = if comment.is_some() { 0x04 } else { 0 };
        bytes.extend_from_slice(&[flags | comment_flag, 0, from, to]);
        if let Some(comment) = comment {
            let encoded: Vec<u8> = comment.encode_utf16().flat_map(u16::to_le_bytes).collect();
            let length =
                WriteRecordError::fit_u32(Format::Cbr, "a comment's length in bytes", encoded.len())?;
            bytes.extend_from_slice(&length.to_le_bytes());
            bytes.extend_from_slice(&encoded);
        }
        Ok::<(), WriteRecordError>(())
    };
    push(if record.moves.is_empty() { 0x01 } else { 0 }, 0, 0, record.comment.as_deref())?;
    for step in preorder(record) {
        let flags = if step.has_next { 0 } else { 0x01 } | if step.has_alternative { 0x02 } else { 0 };
        push(flags, index_of(step.node.mv.from), index_of(step.node.mv.to), step.node.comment.as_deref())?;
    }
    Ok(bytes)
}

#[cfg(test)]
pub(crate) mod tests {
    use board_geometry::random::Random;

    use super::*;
    use crate::record::Node;
    use crate::record::test_support::{
        Damage, EVERY_BYTE, feed_cut_and_damaged, mv, random_record, random_round, single_game, with_tags,
    };

    /// `record` with tags in CBR's fields, one beyond the Basic Multilingual Plane.
    pub(crate) fn tagged(record: Record) -> Record {
        with_tags(
            record,
            &[
                ("Event", "全国象棋个人赛"),
                ("Site", "北京"),
                ("Date", "1989-10-01"),
                ("Round", "第一轮"),
                ("Red", "徐天红"),
                ("Black", "徐天利"),
                ("Title", "第一轮 徐天红 先和 徐天利"),
                ("RedTeam", "江苏"),
                ("Annotator", "𝄞 a name"),
            ],
        )
    }

    #[test]
    fn numbers_too_large_for_their_fields_are_refused() {
        for (fullmove, written) in [(65_535_u32, true), (65_536, false), (70_000, false)] {
            let setup = crate::Setup { fullmove_number: fullmove, ..crate::Setup::start() };
            let record = Record::new(Position::from_setup(setup).unwrap());
            let mut bytes = Vec::new();
            match write_cbr(&record, &mut bytes) {
                Ok(()) => {
                    assert!(written, "{fullmove}");
                    let read = single_game(read_cbr(&bytes)).unwrap().unwrap();
                    assert_eq!(read.start.setup().fullmove_number, fullmove);
                }
                Err(error) => {
                    assert!(!written, "{fullmove}");
                    assert_eq!(
                        error.to_string(),
                        format!("cbr cannot hold the move number {fullmove}: it holds at most 65535")
                    );
                    let mut library = Vec::new();
                    let refused = crate::record::write_cbl(&[record], "x", &mut library).unwrap_err();
                    assert!(
                        matches!(refused, WriteRecordError::TooLarge { value, .. } if value == u64::from(fullmove))
                    );
                }
            }
        }
    }

    #[test]
    fn random_trees_round_trip() {
        let mut random = Random::new(21);
        for round in 0..60 {
            let mut record = tagged(random_round(&mut random, round, 30));
            assert_eq!(
                read_cbr(&cbr_bytes(&record).unwrap()).unwrap().games,
                [Ok(record.clone())],
                "round {round}"
            );
            record.moves.clear();
            assert_eq!(read_cbr(&cbr_bytes(&record).unwrap()).unwrap().games, [Ok(record)], "round {round}");
        }
    }

    #[test]
    fn the_first_bytes_of_a_game_as_the_description_gives_them() {
        // The start position, then 炮二平五 (h2e2: index 70 to 67) with a
        // comment of one character, then 马８进７ (h9g7: 7 to 24) ending the line.
        let mut bytes = cbr_bytes(&Record::new(Position::start())).unwrap();
        assert_eq!(bytes[BOARD_AT..BOARD_AT + 9], [0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21]);
        assert_eq!(
            bytes[BOARD_AT + 81..BOARD_AT + 90],
            [0x11, 0x12, 0x13, 0x14, 0x15, 0x14, 0x13, 0x12, 0x11]
        );
        bytes.truncate(MOVES_AT);
        bytes.extend_from_slice(&[0x00, 0x00, 0x00, 0x00]);
        bytes.extend_from_slice(&[0x04, 0x00, 70, 67, 2, 0, 0, 0, 0x4E, 0x67]);
        bytes.extend_from_slice(&[0x01, 0x00, 7, 24]);
        let record = single_game(read_cbr(&bytes)).unwrap().unwrap();
        assert_eq!(record.main_line(), [mv("h2e2"), mv("h9g7")]);
        assert_eq!(record.moves[0].comment.as_deref(), Some("李"), "U+674E");
        // A record of zeros where a move is due ends the moves (a library's padding).
        bytes.truncate(bytes.len() - 4);
        bytes[MOVES_AT + 4] = 0x04;
        bytes.extend_from_slice(&[0; 8]);
        assert_eq!(single_game(read_cbr(&bytes)).unwrap().unwrap().main_line(), [mv("h2e2")]);
    }

    #[test]
    fn bad_records_are_refused_where_they_go_wrong() {
        let mut record = Record::new(Position::start());
        record.moves = ["h2e2", "h9g7", "h0g2"].map(|text| Node::new(mv(text))).into();
        let good = cbr_bytes(&record).unwrap();
        assert_eq!(
            read_cbr(b"CCBridge Libr").unwrap_err().to_string(),
            "cbr, byte 0 (0x0): the file does not begin with CCBridge Record"
        );
        assert_eq!(
            read_cbr(&good[..2000]).unwrap_err().to_string(),
            "cbr, byte 2000 (0x7D0): the file ends inside the 2214-byte header"
        );
        let mut bad_piece = good.clone();
        bad_piece[BOARD_AT + 40] = 0x38;
        assert_eq!(read_cbr(&bad_piece).unwrap_err().kind, ReadErrorKind::BadPiece { value: 0x38 });
        let mut illegal = good.clone();
        let third = MOVES_AT + 4 * 3;
        illegal[third + 2] = index_of(Square::from_coords(4, 4).unwrap());
        let broken = single_game(read_cbr(&illegal)).unwrap().unwrap_err();
        assert_eq!(broken.error.at, Location::Byte(third));
        assert!(broken.error.to_string().ends_with("the move e4g2 cannot be played: no piece stands on e4"));
        assert_eq!(broken.partial.unwrap().main_line(), [mv("h2e2"), mv("h9g7")]);
        let broken = single_game(read_cbr(&good[..good.len() - 1])).unwrap().unwrap_err();
        assert_eq!(broken.error.kind, ReadErrorKind::Truncated { part: "a move record" });
    }

    #[test]
    fn no_input_makes_the_reader_panic() {
        let mut random = Random::new(3);
        let mut record = tagged(random_record(&mut random, Position::start(), 25));
        record.comment = Some("开局".into());
        // Damage the last hundred bytes of the header on: the move number, the board, the moves.
        let damage = Damage { cut_every: 1, copies: 3000, most: 4, from: MOVES_AT - 100, with: &EVERY_BYTE };
        feed_cut_and_damaged(&cbr_bytes(&record).unwrap(), &mut random, &damage, |bytes| {
            if let Ok(Err(broken)) = single_game(read_cbr(bytes)) {
                let _ = broken.to_string();
            }
        });
    }
}
