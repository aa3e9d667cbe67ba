//! `xiangqi moves`: the legal moves of a position.

use clap::Args;
use xiangqi_rules::notation::Notation;

use super::args::{FenArgs, NotationArg};
use super::json::MovesJson;
use crate::Streams;
use crate::json::{Format, write_json};

/// Arguments of `xiangqi moves`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  xiangqi moves | head -2
  a0a1
  a0a2
  xiangqi moves --notation chinese | head -2
  车九进一
  车九进二
  xiangqi moves --format json --fen '3k5/9/9/9/9/9/9/9/R8/4K4 w'")]
pub(crate) struct MovesArgs {
    #[command(flatten)]
    position: FenArgs,
    /// Write the moves in NOTATION (default: iccs). They stay in ICCS order;
    /// only their text changes.
    #[arg(long, value_enum, value_name = "NOTATION")]
    notation: Option<NotationArg>,
    /// Write one move a line, or one JSON object `{"fen", "notation", "moves"}`.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
}

impl MovesArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let position = self.position.position(streams)?;
        let arg = self.notation.unwrap_or(NotationArg::Iccs);
        let notation = Notation::from(arg);
        let mut moves = position.legal_moves();
        moves.sort_unstable();
        let out = &mut *streams.stdout;
        match self.format {
            Format::Text => {
                for &mv in &moves {
                    writeln!(out, "{}", notation.write(&position, mv)?)?;
                }
            }
            Format::Json => {
                let moves =
                    moves.iter().map(|&mv| notation.write(&position, mv)).collect::<Result<_, _>>()?;
                write_json(out, &MovesJson { fen: position.to_string(), notation: arg.name(), moves })?;
            }
        }
        Ok(())
    }
}
