//! How well a decoding of a record's bytes reads: what [`decode`](super::decode)
//! tells UTF-8, GBK and Big5 apart by (with the `gbk` feature).

use crate::notation::Notation;
use crate::record::TextEncoding;
use crate::record::lexer::{Lexer, TokenKind};

use super::{decode_checked, is_stray_control};

/// How much of a record is decoded in each encoding to tell them apart: a
/// megabyte of lines that are not ASCII holds thousands of names and moves,
/// and bounds the work on large files.
pub(super) const SCORED_BYTES: usize = 1 << 20;

/// How well a decoding of a record reads (see [`decode`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Score {
    /// Words outside comments and tags that are moves in some notation.
    pub(crate) moves: usize,
    /// Invalid sequences (U+FFFD), private-use characters and control characters.
    pub(crate) suspect: usize,
    /// Of the two-byte characters, how many in a thousand are the encoding's common ones.
    pub(crate) common_per_mille: usize,
}

impl Score {
    /// Whether this reads better than `other`: more moves, then fewer suspects, then more common characters.
    fn beats(self, other: Score) -> bool {
        (self.moves, other.suspect, self.common_per_mille)
            > (other.moves, self.suspect, other.common_per_mille)
    }
}

/// The encoding among UTF-8, GBK and Big5 whose decoding of `bytes` reads best.
pub(super) fn best_decoding(bytes: &[u8]) -> TextEncoding {
    let sample = scored_lines(bytes);
    let mut best = (TextEncoding::Utf8, score(&sample, TextEncoding::Utf8));
    for encoding in [TextEncoding::Gbk, TextEncoding::Big5] {
        let candidate = score(&sample, encoding);
        if candidate.beats(best.1) {
            best = (encoding, candidate);
        }
    }
    best.0
}

/// The lines of `bytes` that are not ASCII, up to [`SCORED_BYTES`] of them.
/// Lines end at a line feed, which is never part of a multi-byte sequence
/// in UTF-8, GBK or Big5.
pub(super) fn scored_lines(bytes: &[u8]) -> Vec<u8> {
    let mut sample = Vec::with_capacity(bytes.len().min(SCORED_BYTES));
    for line in bytes.split_inclusive(|&byte| byte == b'\n').filter(|line| !line.is_ascii()) {
        let room = SCORED_BYTES - sample.len();
        sample.extend_from_slice(&line[..line.len().min(room)]);
        if sample.len() == SCORED_BYTES {
            break;
        }
    }
    sample
}

/// How well `bytes` read as a record in `encoding`.
pub(crate) fn score(bytes: &[u8], encoding: TextEncoding) -> Score {
    let decoded = decode_checked(bytes, encoding);
    let mut lexer = Lexer::new(&decoded.text);
    let mut moves = 0;
    while let Some(token) = lexer.next_token() {
        if let Ok(TokenKind::Move(text)) = token.map(|token| token.kind) {
            moves += usize::from(Notation::detect(&text).is_some());
        }
    }
    let suspect =
        decoded.text.chars().filter(|&c| c == '\u{FFFD}' || is_private_use(c) || is_stray_control(c)).count();
    let common_per_mille = match two_byte_characters(bytes, encoding) {
        (_, 0) => 1000,
        (common, all) => common * 1000 / all,
    };
    Score { moves, suspect, common_per_mille }
}

/// Private-use characters: where GB18030 puts byte pairs GBK leaves to its users.
pub(super) fn is_private_use(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}')
}

/// How many of the two-byte characters of `bytes` in `encoding` are its
/// common ones, and how many there are: GB2312's hanzi (lead bytes B0-F7)
/// and punctuation (A1-A3) in GBK; level-1 hanzi (A440-C67E) and
/// punctuation (A140-A3BF) in Big5. A real text keeps nearly all its
/// characters there; the other encoding's text, read so, half of them or fewer.
pub(super) fn two_byte_characters(bytes: &[u8], encoding: TextEncoding) -> (usize, usize) {
    let (mut common, mut all, mut at) = (0, 0, 0);
    while at < bytes.len() {
        let lead = bytes[at];
        let next = bytes.get(at + 1).copied();
        if !(0x81..=0xFE).contains(&lead) || encoding == TextEncoding::Utf8 {
            at += 1;
            continue;
        }
        match (encoding, next) {
            // GB18030's four-byte sequences: a digit after the lead byte.
            (TextEncoding::Gbk, Some(0x30..=0x39)) => at += 4,
            (TextEncoding::Gbk, Some(trail @ (0x40..=0x7E | 0x80..=0xFE))) => {
                all += 1;
                let hanzi = (0xB0..=0xF7).contains(&lead) && trail >= 0xA1;
                let punctuation = (0xA1..=0xA3).contains(&lead) && trail >= 0xA1;
                common += usize::from(hanzi || punctuation);
                at += 2;
            }
            (TextEncoding::Big5, Some(trail @ (0x40..=0x7E | 0xA1..=0xFE))) => {
                all += 1;
                let code = u16::from_be_bytes([lead, trail]);
                common += usize::from(matches!(code, 0xA140..=0xA3BF | 0xA440..=0xC67E));
                at += 2;
            }
            _ => at += 1,
        }
    }
    (common, all)
}
