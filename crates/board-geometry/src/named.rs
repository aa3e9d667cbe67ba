//! Words of a game's vocabulary read back from their names: a side
//! (`red`), a kind of piece (`chariot`), with one error that says what the
//! names are.

use core::fmt;
use core::marker::PhantomData;

/// A small vocabulary whose every value has a name: the sides or the kinds
/// of piece of a game. [`Named::from_name`] reads a name back; each game
/// crate's `FromStr` is that.
///
/// ```
/// use board_geometry::{Named, ParseNameError};
///
/// #[derive(Copy, Clone, Debug, PartialEq)]
/// enum Light { Red, Green }
///
/// impl Named for Light {
///     const WHAT: &'static str = "a light";
///     const ALL: &'static [Light] = &[Light::Red, Light::Green];
///     fn name(self) -> &'static str {
///         match self { Light::Red => "red", Light::Green => "green" }
///     }
/// }
///
/// assert_eq!(Light::from_name("green"), Ok(Light::Green));
/// assert_eq!(Light::find_name("amber"), None);
/// let error: ParseNameError<Light> = Light::from_name("blue").unwrap_err();
/// assert_eq!(error.to_string(), "'blue' is not a light: use red or green");
/// ```
pub trait Named: Copy + 'static {
    /// What the values are, for messages: `a side`, `a kind of piece`.
    const WHAT: &'static str;
    /// Every value, in the order messages list them.
    const ALL: &'static [Self];

    /// The value's name.
    fn name(self) -> &'static str;

    /// The value named `text`, exactly, if any: for readers that try many
    /// words and need no error for those that are no name.
    fn find_name(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|value| value.name() == text)
    }

    /// The value named `text`, exactly.
    ///
    /// # Errors
    /// `text` names no value: the error lists the names.
    fn from_name(text: &str) -> Result<Self, ParseNameError<Self>> {
        Self::find_name(text)
            .ok_or_else(|| ParseNameError { text: text.to_string(), vocabulary: PhantomData })
    }
}

/// The text names no value of the vocabulary `T`.
pub struct ParseNameError<T> {
    text: String,
    vocabulary: PhantomData<fn() -> T>,
}

impl<T> ParseNameError<T> {
    /// The text that was read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

// Written by hand: derived impls would ask the same of `T`, which is only a marker here.
impl<T> Clone for ParseNameError<T> {
    fn clone(&self) -> Self {
        ParseNameError { text: self.text.clone(), vocabulary: PhantomData }
    }
}

impl<T> PartialEq for ParseNameError<T> {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl<T> Eq for ParseNameError<T> {}

impl<T: Named> fmt::Debug for ParseNameError<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseNameError").field("what", &T::WHAT).field("text", &self.text).finish()
    }
}

impl<T: Named> fmt::Display for ParseNameError<T> {
    /// `'blue' is not a side: use red or black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not {}: use ", self.text, T::WHAT)?;
        let names: Vec<&str> = T::ALL.iter().map(|value| value.name()).collect();
        match names.split_last() {
            Some((last, [])) => f.write_str(last),
            Some((last, rest)) => write!(f, "{} or {last}", rest.join(", ")),
            None => f.write_str("nothing"),
        }
    }
}

impl<T: Named> std::error::Error for ParseNameError<T> {}

/// Gives a game's vocabulary type ([`Named`]: the sides, the kinds of piece,
/// the reasons a game ends) its text: [`Named`] itself, `Display` (the
/// name) and `FromStr` (a name read back, refused with a
/// [`ParseNameError`] that lists the names). The type has an associated
/// `ALL` (an array of every value) and a `const fn name(self) -> &'static
/// str` (or a method of another name, given third); `$what` says what its
/// values are, for messages. A name given fourth is declared as the type of
/// the `FromStr` errors, a [`ParseNameError`] (`ParseColorError`).
///
/// ```
/// #[derive(Copy, Clone, Debug, PartialEq)]
/// enum Light { Red, Green }
///
/// impl Light {
///     const ALL: [Light; 2] = [Light::Red, Light::Green];
///     const fn name(self) -> &'static str {
///         match self { Light::Red => "red", Light::Green => "green" }
///     }
/// }
///
/// board_geometry::impl_named!(Light, "a light");
///
/// assert_eq!(Light::Green.to_string(), "green");
/// assert_eq!("red".parse::<Light>(), Ok(Light::Red));
/// assert_eq!("blue".parse::<Light>().unwrap_err().to_string(), "'blue' is not a light: use red or green");
/// ```
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
#[macro_export]
macro_rules! impl_named {
    ($type:ident, $what:literal) => {
        $crate::impl_named!($type, $what, name);
    };
    ($type:ident, $what:literal, $name:ident $(, $error:ident)?) => {
        $(
            #[doc = concat!("The text is not the name of ", $what, " ([`", stringify!($type), "`]'s `FromStr`).")]
            pub type $error = $crate::ParseNameError<$type>;
        )?

        impl $crate::Named for $type {
            const WHAT: &'static str = $what;
            const ALL: &'static [$type] = &$type::ALL;

            fn name(self) -> &'static str {
                $type::$name(self)
            }
        }

        impl ::core::fmt::Display for $type {
            /// Writes the name.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str($type::$name(*self))
            }
        }

        impl ::core::str::FromStr for $type {
            type Err = $crate::ParseNameError<$type>;

            /// Reads a name, exactly as `Display` writes it.
            fn from_str(text: &str) -> ::core::result::Result<$type, $crate::ParseNameError<$type>> {
                <$type as $crate::Named>::from_name(text)
            }
        }
    };
}
