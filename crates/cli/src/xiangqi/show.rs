//! `xiangqi show`: the position as a picture, in text, SVG or JSON.

use anyhow::{anyhow, bail};
use clap::Args;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::{Position, Setup, svg_diagram};

use super::args::FenArgs;
use super::json::ShowJson;
use crate::Streams;
use crate::json::{Format, write_json};
use crate::style::StyleArgs;

/// Arguments of `xiangqi show`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  xiangqi show
  xiangqi show --style ascii --fen '3k5/9/9/9/9/9/9/9/3R5/4K4 b'
  xiangqi show --svg > start.svg
  xiangqi show --svg --move h2e2 --flip > after-h2e2-black-view.svg
  xiangqi show --format json")]
pub(crate) struct ShowArgs {
    #[command(flatten)]
    position: FenArgs,
    #[command(flatten)]
    style: StyleArgs,
    /// Write an SVG diagram instead of text: the pieces in their Chinese
    /// characters, the river and palaces, the soldiers' and cannons' points
    /// marked, files labelled with ICCS letters and each player's numbers
    /// (red 九..一, black 1..9), ranks 0-9.
    #[arg(long, conflicts_with = "format")]
    svg: bool,
    /// Play MOVE (in any notation: h2e2, C2.5, 炮二平五) from the position and
    /// mark it on the SVG diagram of the position reached: a dashed ring where
    /// it started, a ring where it ended, an arrow between.
    #[arg(long = "move", value_name = "MOVE", requires = "svg", allow_hyphen_values = true)]
    mv: Option<String>,
    /// Draw the SVG diagram from black's side: rank 9 at the bottom, files i to a.
    #[arg(long, requires = "svg")]
    flip: bool,
    /// Write text, or one JSON object: the FEN, whose move, legality and its
    /// problems, check, the outcome, and every piece (see the README).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
}

impl ShowArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let setup = self.position.setup(streams)?;
        if self.svg {
            let svg = self.svg(setup)?;
            streams.stdout.write_all(svg.as_bytes())?;
            return Ok(());
        }
        let out = &mut *streams.stdout;
        match self.format {
            Format::Json => write_json(out, &ShowJson::new(setup))?,
            Format::Text => {
                out.write_all(setup.picture_in(self.style.text_style()).as_bytes())?;
                writeln!(out, "\nFEN: {setup}")?;
                writeln!(out, "{}", describe(setup))?;
            }
        }
        Ok(())
    }

    /// The SVG diagram asked for: the position, or the position after `--move` with the move marked.
    fn svg(&self, setup: Setup) -> anyhow::Result<String> {
        let (board, arrow) = match &self.mv {
            None => (setup.board, None),
            Some(text) => {
                let Ok(mut position) = Position::from_setup(setup) else {
                    bail!("--move {text}: the position is not a legal one, so no move can be played from it");
                };
                let mv = Notation::parse_any(&position, text)
                    .map_err(|error| anyhow!("--move {text}: {error}"))?;
                position.play(mv).map_err(|error| anyhow!("--move {text}: {error}"))?;
                (*position.board(), Some((mv.from, mv.to)))
            }
        };
        let mut diagram = svg_diagram(&board);
        diagram.flip = self.flip;
        diagram.arrow = arrow;
        Ok(diagram.render())
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
