//! `xiangqi perft`: count the leaves of the legal-move tree.

use clap::Args;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::{divide, perft};

use super::args::{FenArgs, NotationArg};
use crate::Streams;

/// Arguments of `xiangqi perft`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  xiangqi perft 3
  79666
  xiangqi perft 1 --divide --notation wxf --fen-file position.fen")]
pub(crate) struct PerftArgs {
    /// The depth in plies.
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
}

impl PerftArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let position = self.position.position(streams)?;
        let notation = self.notation.map_or(Notation::Iccs, Notation::from);
        let (depth, out) = (self.depth, &mut *streams.stdout);
        let total = if self.divide {
            let mut total = 0;
            for (mv, count) in divide(&position, depth) {
                writeln!(out, "{}: {count}", notation.write(&position, mv)?)?;
                total += count;
            }
            if depth == 0 { 1 } else { total }
        } else {
            perft(&position, depth)
        };
        writeln!(out, "{total}")?;
        Ok(())
    }
}
