//! Writing a record as XQF 1.0 (version 10, the layout XQStudio published,
//! unencrypted), which every XQF reader accepts.

use std::io::Write;

use crate::record::binary;
use crate::record::error::WriteRecordError;
use crate::record::tree::preorder;
use crate::record::xqf::header::{
    BLACK_FIRST_AT, FIELDS, HEADER_SIZE, KIND_AT, POINTS_AT, RESULT_AT, point_byte, points_of, result_byte,
};
use crate::record::{Format, Record, text};
use crate::{Board, Color};

/// The version written: XQF 1.0.
pub(super) const WRITTEN_VERSION: u8 = 10;

/// The 1024-byte header of `record` for `version` (unencrypted: the keys are zero).
pub(super) fn header(record: &Record, version: u8) -> Result<Vec<u8>, WriteRecordError> {
    let mut header = vec![0_u8; HEADER_SIZE];
    header[..2].copy_from_slice(b"XQ");
    header[2] = version;
    let points = points_of(&record.start.setup().board)
        .map_err(|piece| WriteRecordError::TooManyPieces { format: Format::Xqf, piece })?;
    header[POINTS_AT..POINTS_AT + 32].copy_from_slice(&points);
    header[BLACK_FIRST_AT] = u8::from(record.start.turn() == Color::Black);
    header[RESULT_AT] = result_byte(record.result);
    // A full game from the start position, otherwise a middle game: readers
    // such as XQF->PGN take the position from the header only for kinds 2 and 3.
    header[KIND_AT] = if record.start.setup().board == Board::start() { 0 } else { 2 };
    binary::put_tags(&mut header, &FIELDS, record, |value, size| {
        // A length byte, then the text.
        let text = text::to_gbk_within(value, size - 1);
        [&[text.len() as u8], text.as_slice()].concat()
    });
    Ok(header)
}

/// One version-10 move record: points plus 0x18 and 0x20, the flags, a
/// reserved byte, the comment's length and the comment.
fn push_step(
    bytes: &mut Vec<u8>,
    [from, to, flags, reserved]: [u8; 4],
    comment: Option<&str>,
) -> Result<(), WriteRecordError> {
    bytes.extend_from_slice(&[from + 0x18, to + 0x20, flags, reserved]);
    let comment = comment.map(text::to_gbk).unwrap_or_default();
    let length = WriteRecordError::fit_u32(Format::Xqf, "a comment's length in bytes", comment.len())?;
    bytes.extend_from_slice(&length.to_le_bytes());
    bytes.extend_from_slice(&comment);
    Ok(())
}

/// The bytes of `record` as XQF 1.0.
pub(super) fn xqf_bytes(record: &Record) -> Result<Vec<u8>, WriteRecordError> {
    let mut bytes = header(record, WRITTEN_VERSION)?;
    // The start record: fixed points, "a move follows" or not, and 0xFF as
    // the published example writes.
    let first_flags = if record.moves.is_empty() { 0x00 } else { 0xF0 };
    push_step(&mut bytes, [0, 0, first_flags, 0xFF], record.comment.as_deref())?;
    for step in preorder(record) {
        let flags = if step.has_next { 0xF0 } else { 0 } | if step.has_alternative { 0x0F } else { 0 };
        let points = [point_byte(step.node.mv.from), point_byte(step.node.mv.to), flags, 0];
        push_step(&mut bytes, points, step.node.comment.as_deref())?;
    }
    Ok(bytes)
}

/// Writes `record` as an XQF file: version 10 (XQF 1.0, unencrypted), the
/// start position, the whole tree of moves with its comments (variations
/// flagged as later XQStudio versions read them), the result, and the tags
/// XQF has fields for (`Event`, `Site`, `Date`, `Red`, `Black`, `Title`,
/// `TimeControl`, `RedTime`, `BlackTime`, `Annotator`, `Author`), and
/// `Game`, which XQF has no field for, in the 64 bytes at 0x90 that XQF 1.0
/// reserves (other readers ignore them, or show them as a second title),
/// each cut to its field's size; text in GBK (without the `gbk` feature, ASCII, and
/// `?` for each other character).
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::record::{Node, Record, read_xqf, write_xqf};
///
/// let mut record = Record::new(Position::start());
/// record.set_tag("Red", "Lu Qin");
/// record.moves.push(Node::new("h2e2".parse()?));
/// let mut bytes = Vec::new();
/// write_xqf(&record, &mut bytes)?;
/// assert_eq!(&bytes[..3], b"XQ\x0a");
/// assert_eq!(read_xqf(&bytes)?.games, [Ok(record)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The writer fails, or the start position has more pieces of a kind than
/// a side starts with (XQF has no place for them), or a comment is longer
/// than the 4 GiB its length field holds ([`WriteRecordError::TooLarge`]).
pub fn write_xqf(record: &Record, mut writer: impl Write) -> Result<(), WriteRecordError> {
    writer.write_all(&xqf_bytes(record)?)?;
    Ok(())
}
