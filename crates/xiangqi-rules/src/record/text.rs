//! The text inside binary records: GBK in XQF, UTF-16LE in CBR and CBL.
//!
//! GBK needs the `gbk` feature (encoding_rs). Without it, GBK text keeps its
//! ASCII characters and each other character becomes U+FFFD on reading, `?`
//! on writing: the moves, positions and results of every format still read
//! and write in full.

/// The text of GBK bytes (decoded as their superset GB18030).
#[cfg(feature = "gbk")]
pub(crate) fn from_gbk(bytes: &[u8]) -> String {
    encoding_rs::GBK.decode_without_bom_handling(bytes).0.into_owned()
}

/// The text of GBK bytes: ASCII kept, anything else U+FFFD (the `gbk`
/// feature is off).
#[cfg(not(feature = "gbk"))]
pub(crate) fn from_gbk(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    let mut in_other = false;
    for &byte in bytes {
        if byte.is_ascii() {
            text.push(char::from(byte));
            in_other = false;
        } else if !in_other {
            // A GBK character takes two bytes: one replacement for the pair.
            text.push(char::REPLACEMENT_CHARACTER);
            in_other = true;
        } else {
            in_other = false;
        }
    }
    text
}

/// `text` in GBK; characters GBK lacks become `?`.
#[cfg(feature = "gbk")]
pub(crate) fn to_gbk(text: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut buffer = [0_u8; 4];
    for character in text.chars() {
        let (encoded, _, unmappable) = encoding_rs::GBK.encode(character.encode_utf8(&mut buffer));
        if unmappable { bytes.push(b'?') } else { bytes.extend_from_slice(&encoded) }
    }
    bytes
}

/// `text` in GBK: ASCII kept, anything else `?` (the `gbk` feature is off).
#[cfg(not(feature = "gbk"))]
pub(crate) fn to_gbk(text: &str) -> Vec<u8> {
    text.chars().map(|character| if character.is_ascii() { character as u8 } else { b'?' }).collect()
}

/// `text` in GBK, cut to at most `limit` bytes at a character boundary.
pub(crate) fn to_gbk_within(text: &str, limit: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    for character in text.chars() {
        let mut buffer = [0_u8; 4];
        let encoded = to_gbk(character.encode_utf8(&mut buffer));
        if bytes.len() + encoded.len() > limit {
            break;
        }
        bytes.extend_from_slice(&encoded);
    }
    bytes
}

/// The text of UTF-16LE bytes up to the first NUL character (an odd last
/// byte is dropped; unpaired surrogates become U+FFFD).
pub(crate) fn from_utf16le(bytes: &[u8]) -> String {
    let units = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .take_while(|&unit| unit != 0);
    char::decode_utf16(units).map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
}

/// `text` in UTF-16LE, cut to at most `limit` bytes at a character boundary.
pub(crate) fn to_utf16le_within(text: &str, limit: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    for character in text.chars() {
        let mut buffer = [0_u16; 2];
        let units = character.encode_utf16(&mut buffer);
        if bytes.len() + 2 * units.len() > limit {
            break;
        }
        bytes.extend(units.iter().flat_map(|unit| unit.to_le_bytes()));
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_stops_at_its_nul_and_cuts_at_characters() {
        let bytes = to_utf16le_within("红方 A𝄞", 64);
        assert_eq!(from_utf16le(&bytes), "红方 A𝄞");
        let mut padded = bytes.clone();
        padded.extend_from_slice(&[0, 0, 0x41, 0]);
        assert_eq!(from_utf16le(&padded), "红方 A𝄞");
        // The last character takes four bytes: it does not fit in 9.
        assert_eq!(from_utf16le(&to_utf16le_within("红方 A𝄞", 9)), "红方 A");
        assert_eq!(from_utf16le(&[0x00, 0xD8, 0x41]), "\u{fffd}");
    }

    #[cfg(feature = "gbk")]
    #[test]
    fn gbk_round_trips_and_cuts_at_characters() {
        assert_eq!(to_gbk("炮二平五"), [0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5]);
        assert_eq!(from_gbk(&to_gbk("柳大华 vs 吕钦")), "柳大华 vs 吕钦");
        assert_eq!(to_gbk_within("柳大华", 5), to_gbk("柳大"));
        assert_eq!(to_gbk("𝄞"), b"?");
    }

    #[cfg(not(feature = "gbk"))]
    #[test]
    fn without_gbk_ascii_survives() {
        assert_eq!(from_gbk(&[b'A', 0xC5, 0xDA, b'B']), "A\u{fffd}B");
        assert_eq!(to_gbk("A炮B"), b"A?B");
    }
}
