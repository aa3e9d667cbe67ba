//! The fixed header that the binary formats (XQF, CBR, CBL) begin with:
//! the signature, a file cut short inside the header, and the text fields
//! at fixed offsets. Each format gives its own sizes, names and text
//! encoding; the reading is the same.

use crate::record::Record;
use crate::record::error::{ReadError, ReadErrorKind};

/// The start of a binary format's files: the signature they begin with and
/// the header of fixed fields it opens.
pub(crate) struct Header {
    /// The bytes every file begins with.
    pub(crate) signature: &'static [u8],
    /// The signature as errors name it (`CCBridge Record`, without its NUL).
    pub(crate) signature_name: &'static str,
    /// The header's size in bytes, the signature included.
    pub(crate) size: usize,
    /// The header as an error names it where the file ends inside it
    /// (`the 1024-byte header`).
    pub(crate) part: &'static str,
}

impl Header {
    /// Checks that `bytes` begin with the signature. A file that is a cut
    /// piece of the signature ends inside the header; any other is no file
    /// of the format. `error` places a problem at its offset.
    ///
    /// # Errors
    /// The signature is cut short or wrong.
    pub(crate) fn check_signature(
        &self,
        bytes: &[u8],
        error: impl Fn(usize, ReadErrorKind) -> ReadError,
    ) -> Result<(), ReadError> {
        if bytes.starts_with(self.signature) {
            Ok(())
        } else if bytes.len() < self.signature.len() && self.signature.starts_with(bytes) {
            Err(self.truncated(bytes, error))
        } else {
            Err(error(0, ReadErrorKind::BadMagic { expected: self.signature_name }))
        }
    }

    /// The header of `bytes`, which begin with the signature
    /// ([`Header::check_signature`]).
    ///
    /// # Errors
    /// The file ends inside the header.
    pub(crate) fn of<'a>(
        &self,
        bytes: &'a [u8],
        error: impl Fn(usize, ReadErrorKind) -> ReadError,
    ) -> Result<&'a [u8], ReadError> {
        bytes.get(..self.size).ok_or_else(|| self.truncated(bytes, error))
    }

    /// The header of `bytes`, once their signature is checked: what a
    /// format reads when it finds nothing to check between the two.
    ///
    /// # Errors
    /// As [`Header::check_signature`] and [`Header::of`].
    pub(crate) fn read<'a>(
        &self,
        bytes: &'a [u8],
        error: impl Fn(usize, ReadErrorKind) -> ReadError,
    ) -> Result<&'a [u8], ReadError> {
        self.check_signature(bytes, &error)?;
        self.of(bytes, error)
    }

    /// The file `bytes` ends inside the header.
    pub(crate) fn truncated(
        &self,
        bytes: &[u8],
        error: impl Fn(usize, ReadErrorKind) -> ReadError,
    ) -> ReadError {
        error(bytes.len(), ReadErrorKind::Truncated { part: self.part })
    }
}

/// A text field of a header: the tag it is read into, its offset and its size in bytes.
pub(crate) type TextField = (&'static str, usize, usize);

/// The text fields of `header` as tags, in the order of `fields`, each
/// decoded from its bytes by `decode`; those empty (or only spaces and the
/// NUL padding inside a field) left out.
pub(crate) fn tags_of(
    header: &[u8],
    fields: &[TextField],
    decode: impl Fn(&[u8]) -> String,
) -> Vec<(String, String)> {
    fields
        .iter()
        .filter_map(|&(tag, offset, size)| {
            let value = decode(&header[offset..offset + size]);
            let value = value.trim_end_matches('\0').trim();
            (!value.is_empty()).then(|| (tag.to_string(), value.to_string()))
        })
        .collect()
}

/// Writes the tags of `record` that `fields` name into `header`, each as
/// `encode` gives its value for a field of the size given (at most that
/// many bytes).
pub(crate) fn put_tags(
    header: &mut [u8],
    fields: &[TextField],
    record: &Record,
    encode: impl Fn(&str, usize) -> Vec<u8>,
) {
    for &(tag, offset, size) in fields {
        if let Some(value) = record.tag(tag) {
            let encoded = encode(value, size);
            header[offset..offset + encoded.len()].copy_from_slice(&encoded);
        }
    }
}
