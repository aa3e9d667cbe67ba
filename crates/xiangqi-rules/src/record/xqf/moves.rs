//! XQF's moves: from offset 1024, one record a move in pre-order, the first
//! record standing for the start position (its comment is the comment
//! before the first move).
//!
//! - Versions up to 10: source point + 0x18, target point + 0x20, a flag
//!   byte (high nibble set: the line goes on; low nibble set: an
//!   alternative to this move comes later), a reserved byte, then always a
//!   32-bit little-endian comment length and the comment (GBK).
//! - Versions 11 on: every byte is encrypted (see `keys`); the points carry
//!   the source and target offsets too; the flag byte's bit 0x80 says the
//!   line goes on, 0x40 that an alternative comes, 0x20 that a comment
//!   follows, and only then come its length (plus the comment offset) and text.

use crate::record::error::{Location, ReadError, ReadErrorKind};
use crate::record::tree::{StoredMove, read_preorder};
use crate::record::xqf::keys::{Keys, STREAM_START};
use crate::record::{Format, text};

/// The records of the move stream, the start position's first, read until
/// the tree they describe is complete; and the problem that stopped the
/// reading before that, if any.
pub(super) fn read_steps(bytes: &[u8], version: u8, keys: &Keys) -> (Vec<StoredMove>, Option<ReadError>) {
    let mut cursor = Cursor { bytes, offset: STREAM_START, keys, encrypted: version > 10 };
    // A record takes 8 bytes at least up to version 10, 4 from 11 on.
    let room = bytes.len().saturating_sub(STREAM_START) / if version > 10 { 4 } else { 8 };
    read_preorder(room, |_| cursor.step(version).map(Some))
}

struct Cursor<'a> {
    bytes: &'a [u8],
    offset: usize,
    keys: &'a Keys,
    encrypted: bool,
}

impl Cursor<'_> {
    fn error(&self, kind: ReadErrorKind) -> ReadError {
        ReadError::new(Format::Xqf, Location::Byte(self.offset), kind)
    }

    /// The next `N` bytes, decrypted.
    fn take<const N: usize>(&mut self, part: &'static str) -> Result<[u8; N], ReadError> {
        let stored = self
            .bytes
            .get(self.offset..self.offset + N)
            .ok_or_else(|| self.error(ReadErrorKind::Truncated { part }))?;
        let mut taken = [0_u8; N];
        for (index, (slot, &byte)) in taken.iter_mut().zip(stored).enumerate() {
            *slot = if self.encrypted { self.keys.decrypt(self.offset + index, byte) } else { byte };
        }
        self.offset += N;
        Ok(taken)
    }

    /// A comment of `length` bytes, decrypted.
    fn comment(&mut self, length: u32, length_at: usize) -> Result<Option<String>, ReadError> {
        let length = length as usize;
        // Most moves have none: no text to decode.
        if length == 0 {
            return Ok(None);
        }
        if length > self.bytes.len().saturating_sub(self.offset) {
            let kind = ReadErrorKind::BadNumber { what: "comment length here", value: length as i64 };
            return Err(ReadError::new(Format::Xqf, Location::Byte(length_at), kind));
        }
        let start = self.offset;
        let stored = &self.bytes[start..start + length];
        let decrypted: Vec<u8> = if self.encrypted {
            stored.iter().enumerate().map(|(index, &byte)| self.keys.decrypt(start + index, byte)).collect()
        } else {
            stored.to_vec()
        };
        self.offset += length;
        let text = text::from_gbk(&decrypted);
        let text = text.trim_end_matches('\0');
        Ok((!text.is_empty()).then(|| text.to_string()))
    }

    fn step(&mut self, version: u8) -> Result<StoredMove, ReadError> {
        let offset = self.offset;
        let [source, target, flags, _reserved] = self.take::<4>("a move record")?;
        let from = source.wrapping_sub(0x18).wrapping_sub(self.keys.source);
        let to = target.wrapping_sub(0x20).wrapping_sub(self.keys.target);
        let (has_next, has_alternative, has_comment) = if version <= 10 {
            (flags & 0xF0 != 0, flags & 0x0F != 0, true)
        } else {
            (flags & 0x80 != 0, flags & 0x40 != 0, flags & 0x20 != 0)
        };
        let comment = if has_comment {
            let length_at = self.offset;
            let stored = u32::from_le_bytes(self.take::<4>("a comment length")?);
            let length = stored.wrapping_sub(self.keys.comment);
            if length > i32::MAX as u32 {
                let kind =
                    ReadErrorKind::BadNumber { what: "comment length", value: i64::from(length as i32) };
                return Err(ReadError::new(Format::Xqf, Location::Byte(length_at), kind));
            }
            self.comment(length, length_at)?
        } else {
            None
        };
        Ok(StoredMove { offset, from, to, has_next, has_alternative, comment })
    }
}
