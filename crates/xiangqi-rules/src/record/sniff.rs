//! Telling a record's format from its first bytes, and naming what bytes
//! that are no record at all look like.

use core::fmt;

use crate::record::Format;

/// What [`sniff`] found in a file's bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sniffed {
    /// A game record in this format.
    Record(Format),
    /// Something that is no game record.
    Other(Content),
}

/// What bytes that are no game record look like, for a one-line refusal:
/// `not a record: this looks like a zip archive; unpack it first`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Content {
    /// No bytes at all.
    Empty,
    /// A zip archive (`PK`), as records are often exchanged.
    Zip,
    /// gzip-compressed data.
    Gzip,
    /// bzip2-compressed data.
    Bzip2,
    /// xz-compressed data.
    Xz,
    /// A 7-Zip archive.
    SevenZip,
    /// A RAR archive.
    Rar,
    /// A PDF document.
    Pdf,
    /// A PNG picture.
    Png,
    /// A JPEG picture.
    Jpeg,
    /// A GIF picture.
    Gif,
    /// A program: a Windows executable, an ELF or a Mach-O binary.
    Executable,
    /// Binary data of no kind known here.
    Binary,
}

impl Content {
    /// What it is, as in "this looks like {description}": `a zip archive`.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Content::Empty => "an empty file",
            Content::Zip => "a zip archive",
            Content::Gzip => "gzip-compressed data",
            Content::Bzip2 => "bzip2-compressed data",
            Content::Xz => "xz-compressed data",
            Content::SevenZip => "a 7-Zip archive",
            Content::Rar => "a RAR archive",
            Content::Pdf => "a PDF document",
            Content::Png => "a PNG picture",
            Content::Jpeg => "a JPEG picture",
            Content::Gif => "a GIF picture",
            Content::Executable => "a program",
            Content::Binary => "binary data",
        }
    }

    /// What the player can do about it: `unpack it first`.
    #[must_use]
    pub const fn advice(self) -> &'static str {
        match self {
            Content::Zip | Content::SevenZip | Content::Rar => "unpack it first",
            Content::Gzip | Content::Bzip2 | Content::Xz => "decompress it first",
            Content::Pdf | Content::Png | Content::Jpeg | Content::Gif => {
                "a picture or a document of a game cannot be read; look for the record itself (PGN, XQF, CBR, CBL, CBF or DhtmlXQ)"
            }
            Content::Empty | Content::Executable | Content::Binary => {
                "records are read in PGN, XQF, CBR, CBL, CBF or DhtmlXQ"
            }
        }
    }
}

impl fmt::Display for Content {
    /// `this looks like a zip archive; unpack it first`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "this looks like {}; {}", self.description(), self.advice())
    }
}

impl fmt::Display for Sniffed {
    /// The format's name, or what the bytes look like.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sniffed::Record(format) => write!(f, "{format}"),
            Sniffed::Other(content) => write!(f, "{content}"),
        }
    }
}

/// The signatures of binary formats that are no record, first bytes first.
const SIGNATURES: [(&[u8], Content); 14] = [
    (b"PK\x03\x04", Content::Zip),
    (b"PK\x05\x06", Content::Zip),
    (b"\x1F\x8B", Content::Gzip),
    (b"BZh", Content::Bzip2),
    (b"\xFD7zXZ\x00", Content::Xz),
    (b"7z\xBC\xAF\x27\x1C", Content::SevenZip),
    (b"Rar!\x1A\x07", Content::Rar),
    (b"%PDF", Content::Pdf),
    (b"\x89PNG", Content::Png),
    (b"\xFF\xD8\xFF", Content::Jpeg),
    (b"GIF8", Content::Gif),
    (b"MZ", Content::Executable),
    (b"\x7FELF", Content::Executable),
    (b"\xCF\xFA\xED\xFE", Content::Executable),
];

/// How many leading bytes decide whether data is text.
const TEXT_WINDOW: usize = 8192;

/// The format of a record from its content, never its file name.
///
/// - XQF starts with `XQ` and a version byte, CBR with `CCBridge Record`,
///   CBL with `CCBridgeLibrary` (or, in CChessBoard's older layout, with
///   `CCBridge` and a 32-bit version number).
/// - Text (UTF-8, GBK, or UTF-16 with a byte-order mark) that holds
///   `[DhtmlXQ` is DhtmlXQ (UBB posts included); XML whose root is
///   `<ChineseChessRecord` is CBF; any other text is read as PGN.
/// - Anything else is no record: archives, compressed data, documents,
///   pictures and programs are named by their signatures, the rest is
///   binary data.
///
/// ```
/// use xiangqi_rules::record::{Content, Format, Sniffed, sniff};
///
/// assert_eq!(sniff(b"XQ\x0a\x00"), Sniffed::Record(Format::Xqf));
/// assert_eq!(sniff("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]".as_bytes()), Sniffed::Record(Format::DhtmlXq));
/// assert_eq!(sniff("1. 炮二平五 马８进７".as_bytes()), Sniffed::Record(Format::Pgn));
/// let zip = sniff(b"PK\x03\x04\x14\x00");
/// assert_eq!(zip, Sniffed::Other(Content::Zip));
/// assert_eq!(zip.to_string(), "this looks like a zip archive; unpack it first");
/// ```
#[must_use]
pub fn sniff(bytes: &[u8]) -> Sniffed {
    if bytes.is_empty() {
        return Sniffed::Other(Content::Empty);
    }
    if bytes.starts_with(b"CCBridge Record") {
        return Sniffed::Record(Format::Cbr);
    }
    if bytes.starts_with(b"CCBridgeLibrary") || crate::record::cbl::is_older_library(bytes) {
        return Sniffed::Record(Format::Cbl);
    }
    // "XQ" then a version byte (0x0A..0x12 in use), never a letter: a text
    // that merely begins with the letters XQ stays text.
    if bytes.starts_with(b"XQ") && bytes.get(2).is_none_or(|&version| !(0x20..0x7F).contains(&version)) {
        return Sniffed::Record(Format::Xqf);
    }
    if let Some(&(_, content)) = SIGNATURES.iter().find(|(signature, _)| bytes.starts_with(signature)) {
        return Sniffed::Other(content);
    }
    match text_start(bytes) {
        Some(text) => Sniffed::Record(text_format(&text)),
        None => Sniffed::Other(Content::Binary),
    }
}

/// The first bytes as text, if they are text: UTF-16 with a byte-order
/// mark, or bytes without NUL and with few control characters (UTF-8 or GBK).
fn text_start(bytes: &[u8]) -> Option<String> {
    let window = &bytes[..bytes.len().min(TEXT_WINDOW)];
    if let Some(text) = utf16_text(window) {
        return Some(text);
    }
    let controls = window.iter().filter(|&&byte| byte < 0x20 && !b"\t\n\r\x0C\x1A".contains(&byte)).count();
    if window.contains(&0) || controls * 100 > window.len() {
        return None;
    }
    // Only ASCII decides the format, so GBK's bytes may become anything here.
    Some(String::from_utf8_lossy(window).into_owned())
}

/// The text of UTF-16 bytes that begin with a byte-order mark.
pub(crate) fn utf16_text(bytes: &[u8]) -> Option<String> {
    let little_endian = match bytes {
        [0xFF, 0xFE, ..] => true,
        [0xFE, 0xFF, ..] => false,
        _ => return None,
    };
    let units = bytes[2..].chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if little_endian { u16::from_le_bytes(pair) } else { u16::from_be_bytes(pair) }
    });
    Some(char::decode_utf16(units).map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER)).collect())
}

/// Which text format a record's text is written in.
fn text_format(text: &str) -> Format {
    let text = text.trim_start_matches('\u{feff}');
    if contains_ignoring_ascii_case(text, "[DhtmlXQ") {
        Format::DhtmlXq
    } else if text.trim_start().starts_with('<') && text.contains("<ChineseChessRecord") {
        Format::Cbf
    } else {
        Format::Pgn
    }
}

fn contains_ignoring_ascii_case(text: &str, needle: &str) -> bool {
    // A window is compared whole only where its first byte matches.
    let needle = needle.as_bytes();
    text.as_bytes()
        .windows(needle.len())
        .any(|window| window[0].eq_ignore_ascii_case(&needle[0]) && window.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_record_format_is_found_from_its_first_bytes() {
        assert_eq!(sniff(b"XQ\x12\xab"), Sniffed::Record(Format::Xqf));
        assert_eq!(sniff(b"XQ"), Sniffed::Record(Format::Xqf));
        assert_eq!(sniff(b"XQ is a text"), Sniffed::Record(Format::Pgn), "a letter after XQ is text");
        assert_eq!(sniff(b"CCBridge Record\0\0\0\x02"), Sniffed::Record(Format::Cbr));
        assert_eq!(sniff(b"CCBridgeLibrary\0"), Sniffed::Record(Format::Cbl));
        // The older, compressed library, and an older version of it (refused by its reader).
        let compressed = b"CCBridge\x15\0\0\0\x03\0\0\0\x5d\xcf\x01\0\x78\xda";
        assert_eq!(sniff(compressed), Sniffed::Record(Format::Cbl));
        assert_eq!(sniff(b"CCBridge\x14\0\0\0"), Sniffed::Record(Format::Cbl));
        assert_eq!(sniff(b"CCBridge is a program"), Sniffed::Record(Format::Pgn));
        let cbf = "\u{feff}<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">";
        assert_eq!(sniff(cbf.as_bytes()), Sniffed::Record(Format::Cbf));
        let ubb = "看这局：[DhtmlXQHTML][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQHTML]";
        assert_eq!(sniff(ubb.as_bytes()), Sniffed::Record(Format::DhtmlXq));
        assert_eq!(sniff(b"[dhtmlxq_binit]"), Sniffed::Record(Format::DhtmlXq));
        assert_eq!(sniff(b"[Event \"x\"]\r\n1. h2e2 *"), Sniffed::Record(Format::Pgn));
        // 炮二平五 in GBK: not UTF-8, still text.
        assert_eq!(sniff(&[0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5]), Sniffed::Record(Format::Pgn));
        let utf16: Vec<u8> = [0xFEFF_u16]
            .into_iter()
            .chain("[DhtmlXQ_binit]".encode_utf16())
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(sniff(&utf16), Sniffed::Record(Format::DhtmlXq));
    }

    #[test]
    fn what_is_no_record_is_named() {
        let cases: [(&[u8], Content); 10] = [
            (b"", Content::Empty),
            (b"PK\x03\x04rest", Content::Zip),
            (b"\x1F\x8B\x08", Content::Gzip),
            (b"7z\xBC\xAF\x27\x1C", Content::SevenZip),
            (b"Rar!\x1A\x07\x00", Content::Rar),
            (b"%PDF-1.7", Content::Pdf),
            (b"\x89PNG\r\n\x1A\n", Content::Png),
            (b"\xFF\xD8\xFF\xE0", Content::Jpeg),
            (b"MZ\x90\x00", Content::Executable),
            (b"\x00\x01\x02\x03", Content::Binary),
        ];
        for (bytes, content) in cases {
            assert_eq!(sniff(bytes), Sniffed::Other(content), "{bytes:?}");
        }
        assert_eq!(
            Sniffed::Other(Content::Pdf).to_string().split(';').next(),
            Some("this looks like a PDF document")
        );
        assert_eq!(Sniffed::Record(Format::Cbl).to_string(), "cbl");
        assert_eq!(Content::Gzip.to_string(), "this looks like gzip-compressed data; decompress it first");
    }
}
