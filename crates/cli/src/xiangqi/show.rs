//! `xiangqi show`: the position as a picture.

use clap::Args;
use xiangqi_rules::{Position, Setup, SquareSet, svg_picture};

use super::args::FenArgs;
use crate::Streams;

/// Arguments of `xiangqi show`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  xiangqi show
  xiangqi show --fen '3k5/9/9/9/9/9/9/9/3R5/4K4 b'
  xiangqi show --svg > start.svg")]
pub(crate) struct ShowArgs {
    #[command(flatten)]
    position: FenArgs,
    /// Write an SVG picture (with the traditional Chinese characters) instead of text.
    #[arg(long)]
    svg: bool,
}

impl ShowArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let setup = self.position.setup(streams)?;
        let out = &mut *streams.stdout;
        if self.svg {
            out.write_all(svg_picture(&setup.board, SquareSet::EMPTY).as_bytes())?;
        } else {
            out.write_all(setup.picture().as_bytes())?;
            writeln!(out, "\nFEN: {setup}")?;
            writeln!(out, "{}", describe(setup))?;
        }
        Ok(())
    }
}

/// Whose move it is and how things stand, in a sentence.
fn describe(setup: Setup) -> String {
    let turn = setup.turn;
    match Position::from_setup(setup) {
        Err(error) => format!("{turn} to move, but this is not a legal position: {error}"),
        Ok(position) => position.summary(),
    }
}
