//! A move's text as a record writes it, held in place when it is short.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

/// The longest text held in place: a Chinese move with a mark (`前车进一`
/// is twelve bytes), any WXF or coordinate move.
const INLINE: usize = 22;

/// A move's text as a record writes it, such as `炮二平五` or `h2e2`: a
/// [`str`] to read ([`MoveText::as_str`], or through `Deref`), compared
/// with strings directly.
///
/// Move texts are short, and a reader of many records makes one for every
/// move: a text of up to 22 bytes is kept in the value itself, with no
/// allocation; a longer word (no notation has moves that long, but a
/// record may hold anything where a move belongs) is kept on the heap.
///
/// ```
/// use xiangqi_rules::record::MoveText;
///
/// let text = MoveText::from("炮二平五");
/// assert_eq!(text, "炮二平五");
/// assert_eq!(text.chars().count(), 4);
/// assert_eq!(format!("{text} {text:?}"), "炮二平五 \"炮二平五\"");
/// let long = MoveText::from("<!DOCTYPE html><html><head>");
/// assert_eq!(long.as_str(), "<!DOCTYPE html><html><head>");
/// ```
#[derive(Clone, Eq)]
pub struct MoveText(Stored);

#[derive(Clone, Eq, PartialEq)]
enum Stored {
    /// The text's bytes, then zeros.
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    Heap(Box<str>),
}

impl MoveText {
    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // The bytes were copied whole from a `str`, so they are UTF-8.
            Stored::Inline { len, bytes } => {
                core::str::from_utf8(bytes.get(..usize::from(*len)).unwrap_or_default()).unwrap_or_default()
            }
            Stored::Heap(text) => text,
        }
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> Self {
        match u8::try_from(text.len()) {
            Ok(len) if usize::from(len) <= INLINE => {
                let mut bytes = [0; INLINE];
                bytes[..text.len()].copy_from_slice(text.as_bytes());
                MoveText(Stored::Inline { len, bytes })
            }
            _ => MoveText(Stored::Heap(text.into())),
        }
    }
}

impl From<String> for MoveText {
    fn from(text: String) -> Self {
        if text.len() <= INLINE { MoveText::from(text.as_str()) } else { MoveText(Stored::Heap(text.into())) }
    }
}

impl From<MoveText> for String {
    fn from(text: MoveText) -> Self {
        text.as_str().to_string()
    }
}

impl Deref for MoveText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for MoveText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for MoveText {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<str> for MoveText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MoveText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for MoveText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<MoveText> for str {
    fn eq(&self, other: &MoveText) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<MoveText> for &str {
    fn eq(&self, other: &MoveText) -> bool {
        *self == other.as_str()
    }
}

impl Hash for MoveText {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_texts_read_back_whole_and_compare_as_strings() {
        for text in [
            "",
            "h2e2",
            "炮二平五",
            "前车进一+",
            "1234567890123456789012",
            "12345678901234567890123",
            "炮二平五炮二平五炮二平五",
        ] {
            let stored = MoveText::from(text);
            assert_eq!(stored.as_str(), text);
            assert_eq!(stored, text);
            assert_eq!(MoveText::from(text.to_string()), stored);
            assert_eq!(String::from(stored.clone()), text);
            assert_eq!(format!("{stored:?}"), format!("{text:?}"));
        }
        assert!(matches!(MoveText::from("1234567890123456789012").0, Stored::Inline { len: 22, .. }));
        assert!(matches!(MoveText::from("12345678901234567890123").0, Stored::Heap(_)));
        assert_ne!(MoveText::from("h2e2"), MoveText::from("h2e"));
    }
}
