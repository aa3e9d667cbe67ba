//! The judge's input written from a log: `Q`, then a line a command.

use std::io::{self, Write};

use super::Log;

/// Writes `log` in the judge's format: `Q` alone on the first line, then one
/// line `xs ys xt yt` per command.
///
/// # Errors
/// A failure to write.
pub fn write_input<W: Write + ?Sized>(log: &Log, out: &mut W) -> io::Result<()> {
    let mut text = Vec::with_capacity(8 + 8 * log.len());
    text.extend_from_slice(log.len().to_string().as_bytes());
    text.push(b'\n');
    for command in log.commands() {
        for (index, number) in command.to_judge().coordinates().into_iter().enumerate() {
            if index > 0 {
                text.push(b' ');
            }
            text.push(b'0' + number);
        }
        text.push(b'\n');
    }
    out.write_all(&text)
}
