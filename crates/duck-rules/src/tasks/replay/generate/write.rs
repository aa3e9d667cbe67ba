//! The judge's input written from a log: `Q`, then a line a command.

use std::io::{self, Write};

use board_geometry::layout::{push_number_line, write_items};

use super::Log;

/// Writes `log` in the judge's format: `Q` alone on the first line, then one
/// line `xs ys xt yt` per command.
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(log: &Log, out: &mut W) -> io::Result<()> {
    let count = format!("{}\n", log.len());
    out.write_all(count.as_bytes())?;
    write_items(log.commands(), out, b"", b"", |text, command| {
        push_number_line(text, command.to_judge().coordinates());
    })
}
