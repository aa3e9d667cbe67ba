//! The judge's input written from cases: one line `king queen newqueen` each.

use std::borrow::Borrow;
use std::io::{self, Write};

use board_geometry::layout::{push_number_line, write_items};

use super::Case;
use crate::Place;

/// Appends `king queen newqueen` and a line end.
fn append_case(text: &mut Vec<u8>, case: &Case) {
    push_number_line(text, [case.king, case.queen, case.new_queen].map(Place::index));
}

/// Writes `cases` in the judge's format, one line `king queen newqueen` each.
///
/// ```
/// use kq_rules::tasks::correct_move::Case;
/// use kq_rules::tasks::correct_move::generate::write_input;
///
/// let mut lines = Vec::new();
/// write_input([Case::from_numbers(56, 48, 49).expect("places")], &mut lines)?;
/// assert_eq!(lines, b"56 48 49\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(
    cases: impl IntoIterator<Item = impl Borrow<Case>>,
    out: &mut W,
) -> io::Result<()> {
    write_items(cases, out, b"", b"", |text, case| append_case(text, case.borrow()))
}
