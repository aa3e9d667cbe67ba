//! `duck show`: the position as a picture, in text, SVG or JSON (see [`crate::show`]).

use board_geometry::render::TextStyle;
use duck_rules::{Position, Setup};
use serde::Serialize;

use super::json::ShowJson;
use super::{POSITION_FORMAT, PositionArgs};
use crate::Streams;
use crate::show::Show;
use crate::tool::NoArgs;

/// What `duck show --help` shows after the options.
pub(super) fn after_help() -> String {
    format!(
        "\
Examples:
  duck show
  duck show --style ascii --position '4k4/9/9/9/4R4/9/9/9/9/3K5 r'
  duck show --svg > initial.svg
  duck show --format json

Pieces in the Chinese pictures: the task names them 王 士 象 马 车 鸭 兵 alike for
both sides; to tell the sides apart without colour each is drawn as the xiangqi
piece of its colour it is named after, red 帥 仕 相 傌 俥 兵 and blue 將 士 象 馬 車 卒,
and the duck as 鸭 (red) and 鴨 (blue).

{POSITION_FORMAT}"
    )
}

impl Show for Setup {
    const SVG_HELP: &'static str = "Write an SVG diagram instead of text: the grid, files lettered a-i and \
        ranks numbered 0-9 as squares are named, the pieces in their characters";
    const FLIP_HELP: &'static str = "Draw the SVG diagram from blue's side: rank 9 at the bottom";
    const FORMAT_HELP: &'static str = "Write text, or one JSON object: the position string, whose move, \
        whether a game reaches it and why not, check, the winner, and every piece";

    type PositionArgs = PositionArgs;
    type DiagramArgs = NoArgs;

    fn given(args: &PositionArgs, streams: &mut Streams<'_>) -> anyhow::Result<Setup> {
        args.setup(streams)
    }

    fn svg(self, _: &NoArgs, flip: bool) -> anyhow::Result<String> {
        let mut diagram = self.svg_diagram();
        diagram.flip = flip;
        Ok(diagram.render())
    }

    fn json(self) -> impl Serialize {
        ShowJson::new(self)
    }

    /// The picture, the position string, and whose move it is and how
    /// things stand, or why no game reaches the setup.
    fn text(self, style: TextStyle) -> String {
        match Position::from_setup(self) {
            Ok(position) => {
                format!("{}\nposition: {self}\n{}\n", position.picture_in(style), position.summary())
            }
            Err(problems) => format!(
                "{}\nposition: {self}\n{} to move, but no game reaches this position: {problems}\n",
                self.picture_in(style),
                self.turn
            ),
        }
    }
}
