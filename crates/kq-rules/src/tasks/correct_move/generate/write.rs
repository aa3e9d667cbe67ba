//! The judge's input written from cases: one line `king queen newqueen` each.

use std::borrow::Borrow;
use std::io::{self, Write};

use board_geometry::layout::write_items;

use super::Case;

/// Appends `king queen newqueen` and a line end.
fn append_case(text: &mut Vec<u8>, case: &Case) {
    for (index, place) in [case.king, case.queen, case.new_queen].into_iter().enumerate() {
        if index > 0 {
            text.push(b' ');
        }
        let number = place.index();
        if number >= 10 {
            text.push(b'0' + number / 10);
        }
        text.push(b'0' + number % 10);
    }
    text.push(b'\n');
}

/// Writes one case as the judge's line `king queen newqueen`.
///
/// ```
/// use kq_rules::tasks::correct_move::Case;
/// use kq_rules::tasks::correct_move::generate::write_case;
///
/// let mut line = Vec::new();
/// write_case(&Case::from_numbers(56, 48, 49).expect("places"), &mut line)?;
/// assert_eq!(line, b"56 48 49\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// A failure to write.
pub fn write_case<W: Write + ?Sized>(case: &Case, out: &mut W) -> io::Result<()> {
    write_input([case], out)
}

/// Writes `cases` in the judge's format, one line each.
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(
    cases: impl IntoIterator<Item = impl Borrow<Case>>,
    out: &mut W,
) -> io::Result<()> {
    write_items(cases, out, b"", b"", |text, case| append_case(text, case.borrow()))
}
