//! `duck show`: the position as a picture, in text, SVG or JSON.

use clap::Args;
use duck_rules::Position;

use super::json::ShowJson;
use super::{POSITION_FORMAT, PositionArgs};
use crate::Streams;
use crate::json::{Format, write_json};
use crate::style::StyleArgs;

/// Arguments of `duck show`.
#[derive(Debug, Args)]
#[command(after_help = format!("\
Examples:
  duck show
  duck show --style ascii --position '4k4/9/9/9/4R4/9/9/9/9/3K5 r'
  duck show --svg > initial.svg
  duck show --format json

Pieces in the Chinese pictures: the task names them 王 士 象 马 车 鸭 兵 alike for
both sides; to tell the sides apart without colour each is drawn as the xiangqi
piece of its colour it is named after, red 帥 仕 相 傌 俥 兵 and blue 將 士 象 馬 車 卒,
and the duck as 鸭 (red) and 鴨 (blue).

{POSITION_FORMAT}"))]
pub(crate) struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    style: StyleArgs,
    /// Write an SVG diagram instead of text: the grid, files lettered a-i and
    /// ranks numbered 0-9 as squares are named, the pieces in their characters.
    #[arg(long, conflicts_with = "format")]
    svg: bool,
    /// Draw the SVG diagram from blue's side: rank 9 at the bottom.
    #[arg(long, requires = "svg")]
    flip: bool,
    /// Write text, or one JSON object: the position string, whose move, whether
    /// a game reaches it and why not, check, the winner, and every piece.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
}

impl ShowArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let setup = self.position.setup(streams)?;
        let out = &mut *streams.stdout;
        if self.svg {
            let mut diagram = setup.svg_diagram();
            diagram.flip = self.flip;
            out.write_all(diagram.render().as_bytes())?;
            return Ok(());
        }
        if self.format == Format::Json {
            write_json(out, &ShowJson::new(setup))?;
            return Ok(());
        }
        let style = self.style.text_style();
        match Position::from_setup(setup) {
            Ok(position) => {
                write!(out, "{}\nposition: {setup}\n{}\n", position.picture_in(style), position.summary())?;
            }
            Err(problems) => {
                let turn = setup.turn;
                writeln!(out, "{}\nposition: {setup}", setup.picture_in(style))?;
                writeln!(out, "{turn} to move, but no game reaches this position: {problems}")?;
            }
        }
        Ok(())
    }
}
