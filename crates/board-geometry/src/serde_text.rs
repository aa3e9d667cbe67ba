//! Serde support (the `serde` feature): the vocabulary of this crate, and
//! of the game crates built on it, written as people write it.
//!
//! A [`Square`] is its name (`"e0"`), a [`File`] its letter (`"e"`), a
//! [`Rank`] its number (`0`), a [`Piece`](crate::Piece) its side and kind
//! (`{"color": "red", "kind": "chariot"}` in the game crates), and a
//! [`HashKey`] its 16 hexadecimal digits (`"c632c9d20f541807"`), as
//! `Display` writes it, in human-readable formats such as JSON, and its
//! 64 bits in binary formats. Reading checks what it reads: `"j9"` is no
//! square of a 9 x 10 board, and the error says so.
//!
//! [`serialize`] and [`deserialize`] do the same for any type that
//! `Display`s and parses its own notation (a move, a position); they fit
//! `#[serde(with = "board_geometry::serde_text")]`, and [`serde_as_text!`]
//! implements both traits with them.
//!
//! ```
//! use board_geometry::{NineByTen, Square};
//!
//! let e0: Square<NineByTen> = "e0".parse()?;
//! assert_eq!(serde_json::to_string(&e0)?, r#""e0""#);
//! assert_eq!(serde_json::from_str::<Square<NineByTen>>(r#""e0""#)?, e0);
//! assert!(serde_json::from_str::<Square<NineByTen>>(r#""j9""#).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`serde_as_text!`]: crate::serde_as_text

use core::fmt::{self, Display};
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::{File, Grid, HashKey, Rank, Square};

#[doc(hidden)]
pub use serde as __serde;

/// Serializes `value` as the text its `Display` writes.
///
/// # Errors
/// Those of the serializer.
pub fn serialize<T: Display + ?Sized, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Deserializes a value from text its `FromStr` reads; the error is the
/// parser's, in its words.
///
/// # Errors
/// Those of the deserializer, and text that does not parse.
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    deserializer.deserialize_str(TextVisitor(PhantomData))
}

/// Reads a `T` from a string.
struct TextVisitor<T>(PhantomData<T>);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string in the notation of the value")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// Implements `serde::Serialize` and `serde::Deserialize` for types that
/// `Display` and parse (`FromStr`) their own notation, through
/// [`serialize`] and [`deserialize`]: the game crates' moves and
/// positions. Available with the `serde` feature.
///
/// ```
/// use std::fmt;
/// use std::str::FromStr;
///
/// /// A count of counters, written `3 counters`.
/// #[derive(Debug, PartialEq)]
/// struct Counters(u32);
///
/// impl fmt::Display for Counters {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{} counters", self.0)
///     }
/// }
///
/// impl FromStr for Counters {
///     type Err = String;
///     fn from_str(text: &str) -> Result<Counters, String> {
///         let number = text.strip_suffix(" counters").ok_or_else(|| format!("'{text}' is no count"))?;
///         number.parse().map(Counters).map_err(|error| format!("'{text}': {error}"))
///     }
/// }
///
/// board_geometry::serde_as_text!(Counters);
///
/// assert_eq!(serde_json::to_string(&Counters(3))?, r#""3 counters""#);
/// assert_eq!(serde_json::from_str::<Counters>(r#""3 counters""#)?, Counters(3));
/// let error = serde_json::from_str::<Counters>(r#""three""#).unwrap_err();
/// assert!(error.to_string().starts_with("'three' is no count"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($($type:ty),+ $(,)?) => {$(
        impl $crate::serde_text::__serde::Serialize for $type {
            fn serialize<S: $crate::serde_text::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::serde_text::serialize(self, serializer)
            }
        }

        impl<'de> $crate::serde_text::__serde::Deserialize<'de> for $type {
            fn deserialize<D: $crate::serde_text::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<$type, D::Error> {
                $crate::serde_text::deserialize(deserializer)
            }
        }
    )+};
}

impl<G: Grid> Serialize for Square<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(self, serializer)
    }
}

impl<'de, G: Grid> Deserialize<'de> for Square<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square<G>, D::Error> {
        deserialize(deserializer)
    }
}

impl<G: Grid> Serialize for File<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(self.letter())
    }
}

impl<'de, G: Grid> Deserialize<'de> for File<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<File<G>, D::Error> {
        /// Reads a file's letter, in lower case as files are written.
        struct FileVisitor<G>(PhantomData<G>);

        impl<G: Grid> Visitor<'_> for FileVisitor<G> {
            type Value = File<G>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a file's letter, a to {}", File::<G>::all().last().map_or('a', File::letter))
            }

            fn visit_char<E: de::Error>(self, letter: char) -> Result<File<G>, E> {
                File::from_letter(letter)
                    .filter(|_| letter.is_ascii_lowercase())
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Char(letter), &self))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<File<G>, E> {
                let mut letters = text.chars();
                match (letters.next(), letters.next()) {
                    (Some(letter), None) => self.visit_char(letter),
                    _ => Err(E::invalid_value(de::Unexpected::Str(text), &self)),
                }
            }
        }

        deserializer.deserialize_char(FileVisitor(PhantomData))
    }
}

impl<G: Grid> Serialize for Rank<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.number())
    }
}

impl<'de, G: Grid> Deserialize<'de> for Rank<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rank<G>, D::Error> {
        let number = u32::deserialize(deserializer)?;
        Rank::from_number(number).ok_or_else(|| {
            let (first, last) =
                (G::FIRST_RANK_NUMBER, u32::from(G::FIRST_RANK_NUMBER) + u32::from(G::RANKS) - 1);
            de::Error::invalid_value(
                de::Unexpected::Unsigned(number.into()),
                &format!("a rank, {first} to {last}").as_str(),
            )
        })
    }
}

impl Serialize for HashKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serialize(self, serializer)
        } else {
            serializer.serialize_u64(self.get())
        }
    }
}

impl<'de> Deserialize<'de> for HashKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HashKey, D::Error> {
        /// Reads the hexadecimal digits `Display` writes, or the 64 bits.
        struct KeyVisitor;

        impl Visitor<'_> for KeyVisitor {
            type Value = HashKey;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a hash key: 16 hexadecimal digits, or its 64 bits")
            }

            fn visit_u64<E: de::Error>(self, bits: u64) -> Result<HashKey, E> {
                Ok(HashKey::from_u64(bits))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<HashKey, E> {
                // `from_str_radix` would also take a sign, which no key has.
                let digits = text.len() == 16 && text.bytes().all(|byte| byte.is_ascii_hexdigit());
                match u64::from_str_radix(text, 16) {
                    Ok(bits) if digits => Ok(HashKey::from_u64(bits)),
                    _ => Err(E::invalid_value(de::Unexpected::Str(text), &self)),
                }
            }
        }

        if deserializer.is_human_readable() {
            deserializer.deserialize_str(KeyVisitor)
        } else {
            deserializer.deserialize_u64(KeyVisitor)
        }
    }
}
