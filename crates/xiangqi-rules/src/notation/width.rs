//! Full-width forms of ASCII characters (U+FF01..U+FF5E), as East Asian
//! text writes letters, digits and signs in records: `Ｃ２＝５` is `C2=5`,
//! `ｈ２ｅ２` is `h2e2`, `１．` is `1.`.

use std::borrow::Cow;

/// The first and last full-width ASCII forms: `！` (U+FF01) and `～` (U+FF5E).
const FULL_WIDTH: core::ops::RangeInclusive<char> = '\u{FF01}'..='\u{FF5E}';

/// How far each full-width form lies above its ASCII character (`！` is `!` + 0xFEE0).
const FULL_WIDTH_OFFSET: u32 = 0xFEE0;

/// The ASCII character `c` is the full-width form of, or `c` itself.
pub(crate) fn ascii_form(c: char) -> char {
    if FULL_WIDTH.contains(&c) { char::from_u32(c as u32 - FULL_WIDTH_OFFSET).unwrap_or(c) } else { c }
}

/// `text` with its full-width ASCII forms written as ASCII; borrowed when it
/// holds none. Each character stays one character, so character offsets
/// into the result are offsets into `text`.
pub(crate) fn ascii_forms(text: &str) -> Cow<'_, str> {
    // Full-width forms are U+FF01..U+FF5E, which UTF-8 writes from the byte
    // 0xEF: text without it (ASCII, and most Chinese) holds none of them.
    if text.as_bytes().contains(&0xEF) && text.chars().any(|c| FULL_WIDTH.contains(&c)) {
        Cow::Owned(text.chars().map(ascii_form).collect())
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use board_geometry::testing::assert_gives;

    use super::*;

    #[test]
    fn full_width_letters_digits_and_signs_become_ascii() {
        assert_gives(
            ascii_forms,
            &[
                ("Ｃ２＝５", "C2=5"),
                ("Ｈ８＋７", "H8+7"),
                ("ｈ２－ｅ２", "h2-e2"),
                ("１．", "1."),
                ("！～", "!~"),
            ],
        );
        assert_eq!(ascii_form('\u{FF00}'), '\u{FF00}', "not a full-width ASCII form");
        assert_eq!(ascii_form('\u{FF5F}'), '\u{FF5F}', "not a full-width ASCII form");
    }

    #[test]
    fn other_text_is_borrowed_unchanged() {
        for text in ["C2.5", "炮二平五", "马８进７", "", "\u{3000}"] {
            let converted = ascii_forms(text);
            match text {
                "马８进７" => assert_eq!(converted, "马8进7"),
                _ => assert!(matches!(converted, Cow::Borrowed(same) if same == text), "{text}"),
            }
        }
    }
}
