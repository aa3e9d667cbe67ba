//! The bytes of a record file as text: UTF-8, or GBK and Big5 as older
//! Chinese tools write them, told apart by decoding; and bytes that are no
//! text at all told as such.

use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;

#[cfg(feature = "gbk")]
use encoding_rs::{DecoderResult, Encoding};

/// The encoding a record's bytes are decoded from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextEncoding {
    /// UTF-8, with or without a byte-order mark.
    Utf8,
    /// GBK, as simplified-Chinese tools write it (xqbase-style files),
    /// decoded as its superset GB18030 (which GB2312 text also is).
    Gbk,
    /// Big5, as traditional-Chinese tools write it, with the Hong Kong
    /// additions (Big5-HKSCS, as web browsers read Big5).
    Big5,
    /// UTF-16, little end first: only where the bytes begin with its byte-order mark.
    Utf16Le,
    /// UTF-16, big end first: only where the bytes begin with its byte-order mark.
    Utf16Be,
}

impl TextEncoding {
    /// The encodings told apart by [`decode`], in the order a tie goes:
    /// UTF-8, then GBK, then Big5.
    pub const DETECTED: [TextEncoding; 3] = [TextEncoding::Utf8, TextEncoding::Gbk, TextEncoding::Big5];

    /// The encoding's name: `UTF-8`, `GBK`, `Big5`, `UTF-16LE` or `UTF-16BE`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Gbk => "GBK",
            TextEncoding::Big5 => "Big5",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
        }
    }

    /// encoding_rs's decoder for the legacy encodings.
    #[cfg(feature = "gbk")]
    fn legacy(self) -> Option<&'static Encoding> {
        match self {
            TextEncoding::Utf8 => None,
            TextEncoding::Gbk => Some(encoding_rs::GB18030),
            TextEncoding::Big5 => Some(encoding_rs::BIG5),
            TextEncoding::Utf16Le => Some(encoding_rs::UTF_16LE),
            TextEncoding::Utf16Be => Some(encoding_rs::UTF_16BE),
        }
    }
}

impl fmt::Display for TextEncoding {
    /// Writes the name: `UTF-8`, `GBK`, `Big5`, `UTF-16LE` or `UTF-16BE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TextEncoding {
    type Err = UnknownEncodingName;

    /// Reads a name in any case: `utf-8` (`utf8`), `gbk` (`gb18030`,
    /// `gb2312`, `cp936`), `big5` (`big5-hkscs`, `cp950`), `utf-16le`, `utf-16be`.
    fn from_str(name: &str) -> Result<TextEncoding, UnknownEncodingName> {
        let lower = name.trim().to_ascii_lowercase();
        Ok(match lower.as_str() {
            "utf-8" | "utf8" => TextEncoding::Utf8,
            "gbk" | "gb18030" | "gb2312" | "cp936" => TextEncoding::Gbk,
            "big5" | "big5-hkscs" | "cp950" => TextEncoding::Big5,
            "utf-16le" => TextEncoding::Utf16Le,
            "utf-16be" => TextEncoding::Utf16Be,
            _ => return Err(UnknownEncodingName { name: name.chars().take(40).collect() }),
        })
    }
}

/// A name that is not one of the encodings read here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEncodingName {
    /// The name given, cut to forty characters.
    pub name: String,
}

impl fmt::Display for UnknownEncodingName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not an encoding read here: expected utf-8, gbk, big5, utf-16le or utf-16be",
            self.name
        )
    }
}

impl std::error::Error for UnknownEncodingName {}

/// Bytes that are not text in any encoding: what [`decode`] and
/// [`decode_as`] answer instead of decoding them into garbage.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotText {
    /// A NUL byte, which no text file holds (outside UTF-16).
    NulByte {
        /// Where the first one is, counting bytes from 0.
        offset: usize,
    },
    /// More than one character in a hundred is a control character (other
    /// than tab, line ends, form feed and DOS's end-of-file mark).
    ControlCharacters {
        /// How many there are.
        count: usize,
        /// Among how many characters (bytes, outside UTF-16).
        of: usize,
    },
}

impl fmt::Display for NotText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotText::NulByte { offset } => {
                write!(f, "not text: it holds a NUL byte (at byte offset {offset})")
            }
            NotText::ControlCharacters { count, of } => {
                write!(f, "not text: {count} of its {of} characters are control characters")
            }
        }
    }
}

impl std::error::Error for NotText {}

impl NotText {
    /// Where in the bytes the reason stands: the NUL byte's offset, or 0
    /// for control characters throughout.
    #[must_use]
    pub const fn offset(self) -> usize {
        match self {
            NotText::NulByte { offset } => offset,
            NotText::ControlCharacters { .. } => 0,
        }
    }
}

/// The text of a record's bytes, and how it was decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, without a byte-order mark; borrowed where the bytes are UTF-8.
    pub text: Cow<'a, str>,
    /// The encoding it was decoded from.
    pub encoding: TextEncoding,
    /// What decided the encoding.
    pub decided_by: DecidedBy,
    /// How many byte sequences are not valid in the encoding: each became
    /// U+FFFD (`�`), which the game reader reports where it stands in a move.
    pub invalid: usize,
}

impl Decoded<'_> {
    /// How the text was decoded, without the text.
    #[must_use]
    pub const fn decoding(&self) -> Decoding {
        Decoding { encoding: self.encoding, decided_by: self.decided_by, invalid: self.invalid }
    }
}

/// How a record's bytes were decoded: [`Decoded`] without its text, as a
/// [`RecordFile`](crate::record::RecordFile) keeps it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decoding {
    /// The encoding the text was decoded from.
    pub encoding: TextEncoding,
    /// What decided the encoding.
    pub decided_by: DecidedBy,
    /// How many byte sequences are not valid in the encoding (each read as U+FFFD).
    pub invalid: usize,
}

/// What decided the encoding a record's bytes were decoded from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecidedBy {
    /// The caller named it ([`decode_as`]).
    Caller,
    /// The bytes begin with its byte-order mark.
    ByteOrderMark,
    /// The bytes are valid UTF-8, or it reads them best of UTF-8, GBK and Big5 ([`decode`]).
    Decoding,
}

/// UTF-8's byte-order mark.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The text of a record file's bytes, in the encoding they are told to be in.
///
/// - A byte-order mark names the encoding: UTF-8 (`EF BB BF`) or UTF-16 (`FF FE`, `FE FF`).
/// - Bytes that are valid UTF-8 are UTF-8 (plain ASCII is).
/// - Otherwise each of UTF-8, GBK and Big5 decodes the lines that are not
///   ASCII (the first megabyte of them: ASCII reads the same in all three),
///   and the decoding that reads best wins: the one with the
///   most words that are moves in some notation; among equals, the one
///   with the fewest suspect characters (invalid sequences, private-use
///   characters, control characters); among equals, the one whose
///   two-byte characters are most often the encoding's common ones (GB2312's
///   hanzi and punctuation; Big5's level-1 hanzi and punctuation); and
///   among equals, UTF-8, then GBK, then Big5.
///
// GBK and Big5 are decoded with the `gbk` feature: the example runs with it.
#[cfg_attr(feature = "gbk", doc = "```")]
#[cfg_attr(not(feature = "gbk"), doc = "```ignore")]
/// use xiangqi_rules::record::{TextEncoding, decode};
///
/// // 炮二平五 in GBK, as older simplified-Chinese tools save it, and in Big5.
/// let gbk = [0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5];
/// let big5 = [0xAC, 0xB6, 0xA4, 0x47, 0xA5, 0xAD, 0xA4, 0xAD];
/// let decoded = decode(&gbk)?;
/// assert_eq!((decoded.text.as_ref(), decoded.encoding), ("炮二平五", TextEncoding::Gbk));
/// assert_eq!(decode(&big5)?.text, "炮二平五");
/// assert_eq!(decode("\u{feff}炮二平五".as_bytes())?.encoding, TextEncoding::Utf8);
/// // Bytes that are no text say so.
/// let error = decode(b"XQ\0\0\x0a\x01").unwrap_err();
/// assert_eq!(error.to_string(), "not text: it holds a NUL byte (at byte offset 2)");
/// # Ok::<(), xiangqi_rules::record::NotText>(())
/// ```
///
/// # Errors
/// [`NotText`]: the bytes hold a NUL byte, or more than one control
/// character in a hundred, as binary files do and text files do not.
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, NotText> {
    let by_bom = |encoding| {
        decode_as(bytes, encoding).map(|decoded| Decoded { decided_by: DecidedBy::ByteOrderMark, ..decoded })
    };
    if let Some(encoding) = utf16_by_bom(bytes) {
        return by_bom(encoding);
    }
    if bytes.starts_with(UTF8_BOM) {
        return by_bom(TextEncoding::Utf8);
    }
    check_bytes(bytes)?;
    let decoded = match std::str::from_utf8(bytes) {
        // Checked once: most records are UTF-8.
        Ok(text) => Decoded {
            text: Cow::Borrowed(text),
            encoding: TextEncoding::Utf8,
            decided_by: DecidedBy::Caller,
            invalid: 0,
        },
        Err(_) => decode_checked(bytes, best_decoding(bytes)),
    };
    Ok(Decoded { decided_by: DecidedBy::Decoding, ..decoded })
}

/// The text of a record file's bytes in `encoding`, however well they read
/// in it: each byte sequence that is not valid in it becomes U+FFFD. A
/// leading byte-order mark of the encoding is dropped.
///
// GBK and Big5 are decoded with the `gbk` feature: the example runs with it.
#[cfg_attr(feature = "gbk", doc = "```")]
#[cfg_attr(not(feature = "gbk"), doc = "```ignore")]
/// use xiangqi_rules::record::{DecidedBy, TextEncoding, decode_as};
///
/// let big5 = [0xAC, 0xB6, 0xA4, 0x47, 0xA5, 0xAD, 0xA4, 0xAD];
/// let decoded = decode_as(&big5, TextEncoding::Big5)?;
/// assert_eq!((decoded.text.as_ref(), decoded.decided_by, decoded.invalid), ("炮二平五", DecidedBy::Caller, 0));
/// let as_utf8 = decode_as(&big5, TextEncoding::Utf8)?;
/// assert_eq!(as_utf8.invalid, 7, "every byte but 0x47, which is G in UTF-8");
/// # Ok::<(), xiangqi_rules::record::NotText>(())
/// ```
///
/// # Errors
/// [`NotText`], as for [`decode`].
pub fn decode_as(bytes: &[u8], encoding: TextEncoding) -> Result<Decoded<'_>, NotText> {
    let bom: &[u8] = match encoding {
        TextEncoding::Utf8 => UTF8_BOM,
        TextEncoding::Utf16Le => b"\xFF\xFE",
        TextEncoding::Utf16Be => b"\xFE\xFF",
        TextEncoding::Gbk | TextEncoding::Big5 => b"",
    };
    let bytes = bytes.strip_prefix(bom).unwrap_or(bytes);
    if matches!(encoding, TextEncoding::Utf16Le | TextEncoding::Utf16Be) {
        // NUL bytes are half of UTF-16's ASCII: look at its characters instead.
        let decoded = decode_checked(bytes, encoding);
        check_chars(&decoded.text)?;
        return Ok(decoded);
    }
    check_bytes(bytes)?;
    Ok(decode_checked(bytes, encoding))
}

/// The UTF-16 encoding whose byte-order mark `bytes` begin with, if any.
fn utf16_by_bom(bytes: &[u8]) -> Option<TextEncoding> {
    match bytes {
        [0xFF, 0xFE, ..] => Some(TextEncoding::Utf16Le),
        [0xFE, 0xFF, ..] => Some(TextEncoding::Utf16Be),
        _ => None,
    }
}

/// Control characters other than those text files hold: tab, line feed,
/// carriage return, form feed, and the Ctrl-Z that ended DOS text files.
fn is_stray_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c' | '\x1a')
}

/// [`is_stray_control`] of a byte read as ASCII (false from 0x80 up),
/// as arithmetic the compiler can run on many bytes at once.
const fn is_stray_control_byte(byte: u8) -> bool {
    let control = (byte < 0x20) | (byte == 0x7F);
    let kept = (byte == b'\t') | (byte == b'\n') | (byte == b'\r') | (byte == 0x0C) | (byte == 0x1A);
    control & !kept
}

/// Whether control characters are too many for text: more than one in a hundred.
fn too_many_controls(count: usize, of: usize) -> Result<(), NotText> {
    if count * 100 > of { Err(NotText::ControlCharacters { count, of }) } else { Ok(()) }
}

/// Refuses bytes that are no text in an encoding that keeps ASCII as it is
/// (UTF-8, GBK, Big5): there a byte below 0x20 is always that ASCII control
/// character, never part of a longer sequence.
fn check_bytes(bytes: &[u8]) -> Result<(), NotText> {
    // `contains` looks for the byte many at a time; most texts hold none.
    if bytes.contains(&0) {
        let offset = bytes.iter().position(|&byte| byte == 0).unwrap_or_default();
        return Err(NotText::NulByte { offset });
    }
    // The ASCII controls are 0x00..0x1F and 0x7F. Tested as arithmetic on
    // bytes, counted in a byte for each run of 255, the test runs many bytes
    // at a time and says what `is_stray_control` says.
    let controls: usize = bytes
        .chunks(255)
        .map(|run| {
            usize::from(run.iter().fold(0u8, |count, &byte| count + u8::from(is_stray_control_byte(byte))))
        })
        .sum();
    too_many_controls(controls, bytes.len())
}

/// Refuses decoded text that holds NUL or too many control characters.
fn check_chars(text: &str) -> Result<(), NotText> {
    if let Some(offset) = text.find('\0') {
        return Err(NotText::NulByte { offset });
    }
    let controls = text.chars().filter(|&c| is_stray_control(c)).count();
    too_many_controls(controls, text.chars().count())
}

/// Decodes `bytes` (without a byte-order mark) in `encoding`, counting
/// the invalid sequences.
fn decode_checked(bytes: &[u8], encoding: TextEncoding) -> Decoded<'_> {
    let (text, invalid) = match encoding {
        TextEncoding::Utf8 => match std::str::from_utf8(bytes) {
            Ok(text) => (Cow::Borrowed(text), 0),
            Err(_) => {
                // One U+FFFD for each invalid sequence, as String::from_utf8_lossy writes.
                let invalid = bytes.utf8_chunks().filter(|chunk| !chunk.invalid().is_empty()).count();
                (String::from_utf8_lossy(bytes), invalid)
            }
        },
        other => {
            let (text, invalid) = decode_legacy(other, bytes);
            (Cow::Owned(text), invalid)
        }
    };
    Decoded { text, encoding, decided_by: DecidedBy::Caller, invalid }
}

/// Decodes `bytes` in an encoding other than UTF-8 with encoding_rs, each
/// malformed sequence as U+FFFD, and counts those.
#[cfg(feature = "gbk")]
fn decode_legacy(encoding: TextEncoding, bytes: &[u8]) -> (String, usize) {
    let Some(encoding) = encoding.legacy() else { unreachable!("UTF-8 is decoded without encoding_rs") };
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder.max_utf8_buffer_length_without_replacement(bytes.len()).unwrap_or(bytes.len());
    let (mut text, mut invalid, mut rest) = (String::with_capacity(capacity), 0, bytes);
    loop {
        let (result, read) = decoder.decode_to_string_without_replacement(rest, &mut text, true);
        rest = &rest[read..];
        match result {
            DecoderResult::InputEmpty => return (text, invalid),
            DecoderResult::Malformed(..) => {
                invalid += 1;
                text.push('\u{FFFD}');
            }
            DecoderResult::OutputFull => text.reserve(rest.len().saturating_mul(3).max(16)),
        }
    }
}

/// Decodes `bytes` in an encoding other than UTF-8 without encoding_rs
/// (the `gbk` feature is off): UTF-16 in full; GBK and Big5 keep their
/// ASCII, and each of their two-byte characters becomes U+FFFD, counted as
/// invalid, as the text inside XQF files does without the feature.
#[cfg(not(feature = "gbk"))]
fn decode_legacy(encoding: TextEncoding, bytes: &[u8]) -> (String, usize) {
    let (mut text, mut invalid) = (String::with_capacity(bytes.len()), 0);
    match encoding {
        TextEncoding::Utf16Le | TextEncoding::Utf16Be => {
            let units = bytes.chunks_exact(2).map(|pair| {
                let pair = [pair[0], pair[1]];
                if encoding == TextEncoding::Utf16Le {
                    u16::from_le_bytes(pair)
                } else {
                    u16::from_be_bytes(pair)
                }
            });
            for unit in char::decode_utf16(units) {
                text.push(unit.unwrap_or_else(|_| {
                    invalid += 1;
                    char::REPLACEMENT_CHARACTER
                }));
            }
        }
        _ => {
            let mut rest = bytes;
            while let [byte, after @ ..] = rest {
                if byte.is_ascii() {
                    text.push(char::from(*byte));
                    rest = after;
                } else {
                    text.push(char::REPLACEMENT_CHARACTER);
                    invalid += 1;
                    rest = after.get(1..).unwrap_or_default();
                }
            }
        }
    }
    (text, invalid)
}

/// Without the `gbk` feature, bytes that are not UTF-8 are read as UTF-8,
/// each invalid sequence as U+FFFD.
#[cfg(not(feature = "gbk"))]
fn best_decoding(_bytes: &[u8]) -> TextEncoding {
    TextEncoding::Utf8
}

#[cfg(feature = "gbk")]
mod score;
#[cfg(all(test, feature = "gbk"))]
mod tests;

#[cfg(feature = "gbk")]
use score::best_decoding;
