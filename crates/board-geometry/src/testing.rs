//! Helpers for testing code built on this crate, outside its normal API:
//! enabled by the `testing` feature (a dev-dependency's feature, as the
//! game crates take it for their tests).

use std::io::{self, Read};

/// A reader that hands out `text` at most `most` bytes a read, as pipes and
/// terminals do: for testing that a reader built on [`Scanner`](crate::text_input::Scanner) gives the
/// same answers however its input is cut (one byte a read cuts every line
/// at every place).
///
/// ```
/// use board_geometry::testing::InPieces;
/// use board_geometry::text_input::Scanner;
///
/// let mut scanner = Scanner::new(InPieces::new(b"12 345\n", 1));
/// assert_eq!(scanner.next_token()?.map(|field| field.text().into_owned()).as_deref(), Some("12"));
/// assert_eq!(scanner.next_token()?.map(|field| field.text().into_owned()).as_deref(), Some("345"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct InPieces<'a> {
    text: &'a [u8],
    most: usize,
}

impl<'a> InPieces<'a> {
    /// `text` in pieces of at most `most` bytes (at least one).
    #[must_use]
    pub fn new(text: &'a [u8], most: usize) -> InPieces<'a> {
        InPieces { text, most: most.max(1) }
    }
}

impl Read for InPieces<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let len = self.text.len().min(self.most).min(out.len());
        out[..len].copy_from_slice(&self.text[..len]);
        self.text = &self.text[len..];
        Ok(len)
    }
}
