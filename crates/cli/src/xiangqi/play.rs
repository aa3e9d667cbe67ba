//! `xiangqi play`: apply moves written in any notation to a position.

use anyhow::anyhow;
use clap::Args;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::Line;

use super::args::{FenArgs, NotationArg};
use crate::Streams;
use crate::style::StyleArgs;

/// Arguments of `xiangqi play`.
#[derive(Debug, Args)]
#[command(after_help = "\
Moves may be written in any of the four notations, mixed freely; each is
read in the notation it is detected to be written in (text such as h7h3,
which reads in both coordinate systems, is ICCS), or in --notation's:
  iccs     h2e2, also H2-E2
  engine   h3e3 (ranks 1-10, as Fairy-Stockfish writes them)
  wxf      C2.5, also C2=5; tandem pieces R+.3, C--1, ++.4
  chinese  炮二平五 马８进７ (traditional characters, half-width digits too)
The moves are written back in --notation's notation, or else in the first
move's. WXF moves that begin with '-' (such as --.4) need a '--' before the moves.

Examples:
  xiangqi play 炮二平五 马８进７ 马二进三
  xiangqi play --notation wxf C2.5 H8+7 H2+3
  xiangqi play --fen '3k5/9/9/9/9/9/9/9/R8/4K4 w' a1a2 d9d8 a2d2")]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    position: FenArgs,
    /// Read every move in NOTATION instead of detecting each one's; the moves
    /// are then also written back in it.
    #[arg(long, value_enum, value_name = "NOTATION")]
    notation: Option<NotationArg>,
    #[command(flatten)]
    style: StyleArgs,
    /// The moves, in order from the position (red moves first from the start position).
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

impl PlayArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let notation = self.notation.map(Notation::from);
        let mut line = Line::new(self.position.position(streams)?);
        for (index, text) in self.moves.iter().enumerate() {
            line.play_text(text, notation).map_err(|error| anyhow!("move {}: {error}", index + 1))?;
        }
        // Written back in --notation, or else in the notation of the first move.
        let written = notation
            .or_else(|| self.moves.first().and_then(|text| Notation::detect(text)))
            .unwrap_or(Notation::Iccs);
        let movetext = line.movetext(written)?;
        let position = line.position();
        let out = &mut *streams.stdout;
        out.write_all(position.picture_in(self.style.text_style()).as_bytes())?;
        writeln!(out, "\nmoves: {}", if movetext.is_empty() { "none" } else { &movetext })?;
        writeln!(out, "FEN: {position}")?;
        writeln!(out, "{}", position.summary())?;
        Ok(())
    }
}
