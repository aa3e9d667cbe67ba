//! `--layout plain|varied`, the option every `gen` and `stress` shares: the
//! same cases, their whitespace written plainly or as judges' files have it.

use std::io::Write;

use board_geometry::layout::{Layout, LayoutWriter, Reading};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

/// The `--layout` option.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct LayoutArg {
    /// How the input's whitespace is written: plain (one space between two
    /// numbers, a `\n` at the end of each line) or varied (the same cases as
    /// judges' files can have them: CRLF line ends, tabs and runs of spaces
    /// between numbers, whitespace at the start and end of lines, blank lines,
    /// wherever the task's statement lets a reader take them; checkmate
    /// input, read token by token, may even break a line between two tokens).
    /// A solution that splits lines on single spaces, or keeps the `\r` of a
    /// CRLF line end, fails on varied input only.
    #[arg(long, value_name = "LAYOUT", default_value = "plain",
          value_parser = PossibleValuesParser::new(["plain", "varied"])
              .map(|name| if name == "varied" { Layout::Varied } else { Layout::Plain }))]
    pub(crate) layout: Layout,
}

impl LayoutArg {
    /// `out`, laying out what is written through it for a task read as
    /// `reading`, whitespace drawn from `seed`.
    pub(crate) fn writer<W: Write>(self, out: W, reading: Reading, seed: u64) -> LayoutWriter<W> {
        LayoutWriter::new(out, self.layout, reading, seed)
    }

    /// The option as typed, for the command that repeats a run: nothing for
    /// the default.
    pub(crate) fn typed(self) -> Vec<String> {
        match self.layout {
            Layout::Plain => Vec::new(),
            layout => vec!["--layout".to_string(), layout.to_string()],
        }
    }
}
