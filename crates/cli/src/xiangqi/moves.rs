//! `xiangqi moves`: the legal moves of a position.

use clap::Args;
use xiangqi_rules::notation::Notation;

use super::args::{FenArgs, NotationArg};
use crate::Streams;

/// Arguments of `xiangqi moves`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  xiangqi moves | head -2
  a0a1
  a0a2
  xiangqi moves --notation chinese | head -2
  车九进一
  车九进二")]
pub(crate) struct MovesArgs {
    #[command(flatten)]
    position: FenArgs,
    /// Write the moves in NOTATION (default: iccs). They stay in ICCS order;
    /// only their text changes.
    #[arg(long, value_enum, value_name = "NOTATION")]
    notation: Option<NotationArg>,
}

impl MovesArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let position = self.position.position(streams)?;
        let notation = self.notation.map_or(Notation::Iccs, Notation::from);
        let mut moves = position.legal_moves();
        moves.sort_unstable();
        let out = &mut *streams.stdout;
        for &mv in &moves {
            writeln!(out, "{}", notation.write(&position, mv)?)?;
        }
        Ok(())
    }
}
