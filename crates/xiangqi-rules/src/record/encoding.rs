//! The bytes of a record file as text: UTF-8, or GBK as older tools write it.

use std::borrow::Cow;

/// How the bytes of a record were decoded.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// The bytes are valid UTF-8 (after a byte-order mark, if any).
    Utf8,
    /// The bytes are not valid UTF-8 and were read as GBK (decoded as its
    /// superset GB18030); any sequence that is not GBK either became U+FFFD,
    /// which the game reader then reports where it stands in a move.
    Gbk,
}

/// The text of a record file: UTF-8 where the bytes are valid UTF-8 (a
/// leading byte-order mark is dropped), GBK otherwise.
///
/// ```
/// use xiangqi_rules::record::{TextEncoding, decode};
///
/// // 炮二平五 in GBK, as older Chinese tools save it.
/// let gbk = [0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5];
/// assert_eq!(decode(&gbk), ("炮二平五".into(), TextEncoding::Gbk));
/// assert_eq!(decode("\u{feff}炮二平五".as_bytes()), ("炮二平五".into(), TextEncoding::Utf8));
/// ```
#[must_use]
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), TextEncoding::Utf8),
        Err(_) => (encoding_rs::GBK.decode_without_bom_handling(bytes).0, TextEncoding::Gbk),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_stays_borrowed_and_gbk_is_decoded() {
        let text = "[Red \"许银川\"]\n1. 炮二平五 马８进７ *\n";
        let (decoded, encoding) = decode(text.as_bytes());
        assert!(matches!(decoded, Cow::Borrowed(_)));
        assert_eq!((decoded.as_ref(), encoding), (text, TextEncoding::Utf8));
        let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
        assert!(!unmappable);
        assert_ne!(bytes.as_ref(), text.as_bytes());
        assert_eq!(decode(&bytes), (Cow::Owned(text.to_string()), TextEncoding::Gbk));
    }

    #[test]
    fn bytes_that_are_neither_become_replacement_characters() {
        let (decoded, encoding) = decode(&[b'h', 0xFF, b'2']);
        assert_eq!(encoding, TextEncoding::Gbk);
        assert_eq!(decoded, "h\u{fffd}2");
        assert_eq!(decode(b""), (Cow::Borrowed(""), TextEncoding::Utf8));
    }
}
