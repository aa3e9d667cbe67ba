//! `xiangqi perft`: count the leaves of the legal-move tree.

use clap::Args;
use xiangqi_rules::notation::Notation;

use super::args::{FenArgs, NotationArg};
use crate::Streams;
use crate::json::Format;
use crate::perft::CountArgs;

/// Arguments of `xiangqi perft`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  xiangqi perft 3
  79666
  xiangqi perft 1 --divide --notation wxf --fen-file position.fen
  xiangqi perft 2 --divide --format json
  xiangqi perft 6 --threads 2
  xiangqi perft 5 --every-leaf --threads 1")]
pub(crate) struct PerftArgs {
    /// The depth in plies (at most 64). On a terminal a long count shows its
    /// progress; Ctrl-C stops it with exit code 130.
    depth: u32,
    #[command(flatten)]
    position: FenArgs,
    /// Print the count below each root move first.
    #[arg(long)]
    divide: bool,
    /// Write the root moves of --divide in NOTATION (default: iccs). They stay
    /// in ICCS order; only their text changes.
    #[arg(long, value_enum, value_name = "NOTATION", requires = "divide")]
    notation: Option<NotationArg>,
    /// Write text, or one JSON object at the end: `{"depth", "nodes"}`, with
    /// `"divide": [{"move", "nodes"}, ...]` under --divide.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    count: CountArgs,
}

impl PerftArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let position = self.position.position(streams)?;
        let notation = self.notation.map_or(Notation::Iccs, Notation::from);
        let name = |mv| Ok(notation.write(&position, mv)?);
        crate::perft::run(&position, self.depth, self.divide, self.format, &self.count, name, streams)
    }
}
