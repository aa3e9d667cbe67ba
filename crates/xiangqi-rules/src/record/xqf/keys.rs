//! XQF's encryption: the keys that versions 11 and later derive from their
//! header, and the decryption of the start position and the move stream.
//!
//! As XQStudio's files do it (described in the public XQF readers: Morning
//! Yellow's XQF->PGN convertor, the cchess library, and XQStudio's own
//! `XQFRW.pas` as they quote it):
//! - header bytes 3 (mask), 8..=11 (four "or" keys), 12 (key sum), 13, 14
//!   and 15 (the position, move-source and move-target keys) are the inputs;
//! - `f(x) = 54·x² + 221`; the position offset is `f(h13)·h13`, the source
//!   offset `f(h14)·position`, the target offset `f(h15)·source`, each
//!   taken modulo 256;
//! - the comment-length offset is `(h12·256 + h13) mod 32000 + 767`;
//! - the 32-byte key stream is `(h[8 + i mod 4] | (h[12 + i mod 4] & h3)) &
//!   "[(C) Copyright Mr. Dong Shiwei.]"[i]`, and byte `k` of the file from
//!   offset 1024 on is stored plus stream byte `(k - 1024) mod 32`.

/// The text whose bytes mask the key stream.
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Where the move stream (and so the key stream) begins.
pub(super) const STREAM_START: usize = 0x400;

/// The keys of one file; all zero (no encryption) before version 11.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Keys {
    /// Subtracted from each piece's point, and the rotation of the 32 points (version 12 on).
    pub(super) piece: u8,
    /// Subtracted from each move's source byte.
    pub(super) source: u8,
    /// Subtracted from each move's target byte.
    pub(super) target: u8,
    /// Subtracted from each comment's length.
    pub(super) comment: u32,
    /// Subtracted from each byte of the move stream, in turn.
    pub(super) stream: [u8; 32],
}

impl Keys {
    /// No encryption: versions up to 10.
    pub(super) const PLAIN: Keys = Keys { piece: 0, source: 0, target: 0, comment: 0, stream: [0; 32] };

    /// The keys that header bytes 0..16 give (the version's own rules decide
    /// whether they are used).
    pub(super) fn derive(header: &[u8; 16]) -> Keys {
        let square_54_plus_221 = |x: u8| 54 * u32::from(x) * u32::from(x) + 221;
        let piece = (square_54_plus_221(header[13]).wrapping_mul(u32::from(header[13])) & 0xFF) as u8;
        let source = (square_54_plus_221(header[14]).wrapping_mul(u32::from(piece)) & 0xFF) as u8;
        let target = (square_54_plus_221(header[15]).wrapping_mul(u32::from(source)) & 0xFF) as u8;
        let comment = (u32::from(header[12]) * 256 + u32::from(header[13])) % 32000 + 767;
        let mask = header[3];
        let mut stream = [0_u8; 32];
        for (index, byte) in stream.iter_mut().enumerate() {
            let key = header[8 + index % 4] | (header[12 + index % 4] & mask);
            *byte = key & STREAM_MASK[index];
        }
        Keys { piece, source, target, comment, stream }
    }

    /// The byte at `offset` of the file (at or after the stream's start), decrypted.
    pub(super) fn decrypt(&self, offset: usize, byte: u8) -> u8 {
        byte.wrapping_sub(self.stream[(offset - STREAM_START) % 32])
    }

    /// The 32 piece points of the header as stored, decrypted: version 12 on
    /// also rotates them by `piece + 1` places.
    pub(super) fn decrypt_points(&self, version: u8, stored: &[u8; 32]) -> [u8; 32] {
        let mut points = [0_u8; 32];
        for (index, &byte) in stored.iter().enumerate() {
            let place = if version >= 12 { (usize::from(self.piece) + 1 + index) % 32 } else { index };
            points[place] = byte.wrapping_sub(self.piece);
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_published_derivation() {
        // h13 = 1: f(1) = 275, 275·1 = 275 → 19. h14 = 2: f(2) = 437, 437·19 = 8303 → 111.
        // h15 = 3: f(3) = 707, 707·111 = 78477 → 141. Comment: (5·256 + 1) mod 32000 + 767 = 2048.
        let mut header = [0_u8; 16];
        header[3] = 0xF0;
        header[8..12].copy_from_slice(&[0x01, 0x02, 0x04, 0x08]);
        header[12..16].copy_from_slice(&[5, 1, 2, 3]);
        let keys = Keys::derive(&header);
        assert_eq!((keys.piece, keys.source, keys.target, keys.comment), (19, 111, 141, 2048));
        // Stream byte 0: (0x01 | (5 & 0xF0)) & '[' (0x5B) = 0x01; byte 1: (0x02 | 0) & '(' (0x28) = 0;
        // byte 2: 0x04 & 'C' (0x43) = 0; byte 3: 0x08 & ')' (0x29) = 0x08.
        assert_eq!(keys.stream[..4], [0x01, 0x00, 0x00, 0x08]);
        // With every key byte 0xFF the stream is the mask itself.
        let keys = Keys::derive(&[0xFF; 16]);
        assert_eq!(&keys.stream, STREAM_MASK);
        assert_eq!(keys.comment, (255 * 256 + 255) % 32000 + 767);
        assert_eq!(keys.decrypt(STREAM_START + 33, b'(' + 7), 7);
    }

    #[test]
    fn points_rotate_from_version_12_on() {
        let keys = Keys { piece: 2, ..Keys::PLAIN };
        let stored: [u8; 32] = core::array::from_fn(|index| index as u8 + 2);
        let plain: [u8; 32] = core::array::from_fn(|index| index as u8);
        assert_eq!(keys.decrypt_points(11, &stored), plain);
        // Stored point i lands at place (2 + 1 + i) mod 32.
        let rotated = keys.decrypt_points(12, &stored);
        assert_eq!((rotated[3], rotated[31], rotated[0], rotated[2]), (0, 28, 29, 31));
    }
}
