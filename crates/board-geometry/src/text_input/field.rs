//! One whitespace-separated field of the input, and how a message quotes
//! text.

use super::TextPosition;
use core::fmt::Write as _;
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// One whitespace-separated field of the input and where it starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) position: TextPosition,
}

impl<'a> Field<'a> {
    /// The raw bytes of the field (never empty, never containing whitespace).
    #[must_use]
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The field as text, with any invalid UTF-8 replaced, for messages.
    #[must_use]
    pub fn text(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.bytes)
    }

    /// Where the field starts.
    #[must_use]
    pub const fn position(&self) -> TextPosition {
        self.position
    }

    /// The field read as a whole number in decimal, with an optional sign.
    ///
    /// # Errors
    /// [`IntegerError::NotAnInteger`] if the field is not written as one, and
    /// [`IntegerError::TooLarge`] if it is but does not fit in an `i64`.
    pub fn integer(&self) -> Result<i64, IntegerError> {
        let (negative, digits) = match self.bytes {
            [b'-', rest @ ..] => (true, rest),
            [b'+', rest @ ..] => (false, rest),
            digits => (false, digits),
        };
        if digits.is_empty() {
            return Err(IntegerError::NotAnInteger);
        }
        let mut value: i64 = 0;
        let mut too_large = false;
        for &byte in digits {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                return Err(IntegerError::NotAnInteger);
            }
            // Accumulate downwards so that i64::MIN itself is representable.
            match value.checked_mul(10).and_then(|v| v.checked_sub(i64::from(digit))) {
                Some(next) => value = next,
                None => too_large = true,
            }
        }
        if too_large {
            return Err(IntegerError::TooLarge);
        }
        if negative { Ok(value) } else { value.checked_neg().ok_or(IntegerError::TooLarge) }
    }

    /// The field as a number if it is written plainly, with 1 to 9 digits and
    /// nothing else: the quick reading for the numbers of judge formats
    /// ([`Field::integer`] reads every form).
    #[inline]
    #[must_use]
    pub fn small_number(&self) -> Option<u32> {
        if self.bytes.len() > 9 {
            return None;
        }
        let mut value = 0u32;
        for &byte in self.bytes {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                return None;
            }
            value = value * 10 + u32::from(digit);
        }
        Some(value)
    }

    /// The field parsed as a `T` (a number, usually), or `None` if it is not one.
    pub fn parse<T: FromStr>(&self) -> Option<T> {
        std::str::from_utf8(self.bytes).ok()?.parse().ok()
    }
}

/// Why a field is not a whole number.
///
/// The two cases are all there can be (the field is a whole number or not,
/// and it fits or not), so the enum is exhaustive and callers may match both.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntegerError {
    /// The field is not written as a decimal whole number.
    NotAnInteger,
    /// The field is a whole number too large for an `i64`.
    TooLarge,
}

impl fmt::Display for IntegerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IntegerError::NotAnInteger => "not a whole number",
            IntegerError::TooLarge => "a whole number too large for 64 bits",
        })
    }
}

impl std::error::Error for IntegerError {}

/// The longest field (token) the scanner reads, in bytes: far more than any
/// number or word of a judge format, far less than memory.
pub const MAX_FIELD: usize = 1024;

/// The most bytes of text a line read by [`Scanner::next_line`](super::Scanner::next_line) may hold
/// (leading and trailing whitespace not counted).
pub const MAX_LINE: usize = 4096;

/// How many characters of an offending text an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// `text` quoted for a message: at most [`EXCERPT_CHARS`] characters, control
/// characters escaped, bytes that are not UTF-8 written as `\xff`, and `...`
/// where it is cut.
#[must_use]
pub fn excerpt(text: &[u8]) -> String {
    excerpt_of(text, EXCERPT_CHARS)
}

/// `text` quoted for a message as [`excerpt`] does, but cut after `chars`
/// characters: for texts that are whole and useful up to a known length,
/// such as a FEN, which is under a hundred characters.
#[must_use]
pub fn excerpt_of(text: &[u8], chars: usize) -> String {
    let mut shown = String::new();
    let mut count = 0;
    for chunk in text.utf8_chunks() {
        for character in chunk.valid().chars() {
            if count == chars {
                shown.push_str("...");
                return shown;
            }
            shown.extend(character.escape_debug());
            count += 1;
        }
        for byte in chunk.invalid() {
            if count == chars {
                shown.push_str("...");
                return shown;
            }
            let _ = write!(shown, "\\x{byte:02x}");
            count += 1;
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text_input::Scanner;

    #[test]
    fn small_numbers_are_one_to_nine_plain_digits() {
        let small = |text: &str| Scanner::new(text.as_bytes()).next_token().unwrap().unwrap().small_number();
        assert_eq!(small("0"), Some(0));
        assert_eq!(small("7"), Some(7));
        assert_eq!(small("09"), Some(9));
        assert_eq!(small("123456789"), Some(123_456_789));
        assert_eq!(small("999999999"), Some(999_999_999));
        for other in ["1234567890", "9999999999", "12a", "a", "1:", "/1", "-1", "+1", "1.5"] {
            assert_eq!(small(other), None, "{other}");
        }
    }

    #[test]
    fn excerpts_are_cut_after_so_many_characters_and_say_so() {
        assert_eq!(excerpt_of(b"abc", 3), "abc");
        assert_eq!(excerpt_of(b"abcd", 3), "abc...");
        assert_eq!(excerpt_of("一二三".as_bytes(), 3), "一二三", "three characters of three bytes");
        assert_eq!(excerpt_of("一二三四".as_bytes(), 3), "一二三...");
        assert_eq!(excerpt_of("😀😀😀".as_bytes(), 3), "😀😀😀", "the most bytes three characters take");
        assert_eq!(excerpt_of(b"a\tb\0", 4), "a\\tb\\0", "control characters escaped");
        assert_eq!(
            excerpt_of(&[0xff; 13], 3),
            "\\xff\\xff\\xff...",
            "bytes that are not UTF-8 as escapes, each counted as a character"
        );
        assert_eq!(IntegerError::NotAnInteger.to_string(), "not a whole number");
        assert_eq!(IntegerError::TooLarge.to_string(), "a whole number too large for 64 bits");
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt(b"abc"), "abc");
        assert_eq!(excerpt(&[b'y'; 100]), format!("{}...", "y".repeat(40)));
        assert_eq!(excerpt(b"a\0b\xff"), "a\\0b\\xff", "not U+FFFD, which would hide the byte");
        assert_eq!(excerpt(b"\xe4\xb8\x80\xe4\xb8"), "一\\xe4\\xb8", "a character cut short shows its bytes");
    }

    #[test]
    fn fields_parse_numbers_and_keep_bad_bytes_for_messages() {
        let mut scanner = Scanner::new(&b"12 x\xff -3"[..]);
        let mut fields = Vec::new();
        while let Some(field) = scanner.next_token().unwrap() {
            fields.push((field.parse::<u8>(), field.parse::<i32>(), field.text().into_owned()));
        }
        assert_eq!(fields[0].0, Some(12));
        assert_eq!(fields[1], (None, None, "x\u{fffd}".to_string()));
        assert_eq!((fields[2].0, fields[2].1), (None, Some(-3)));
    }

    #[test]
    fn integers_are_read_exactly_with_their_errors() {
        let read = |text: &str| Scanner::new(text.as_bytes()).next_token().unwrap().unwrap().integer();
        assert_eq!(read("0"), Ok(0));
        assert_eq!(read("+17"), Ok(17));
        assert_eq!(read("-5"), Ok(-5));
        assert_eq!(read("007"), Ok(7));
        assert_eq!(read("9223372036854775807"), Ok(i64::MAX));
        assert_eq!(read("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(read("9223372036854775808"), Err(IntegerError::TooLarge));
        assert_eq!(read("99999999999999999999999"), Err(IntegerError::TooLarge));
        for bad in ["-", "+", "1.5", "x", "1e3", "--1", "0x10", "12a"] {
            assert_eq!(read(bad), Err(IntegerError::NotAnInteger), "{bad}");
        }
    }
}
