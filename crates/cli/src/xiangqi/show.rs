//! `xiangqi show`: the position as a picture, in text, SVG or JSON (see [`crate::show`]).

use anyhow::{anyhow, bail};
use board_geometry::render::TextStyle;
use clap::Args;
use serde::Serialize;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::{Position, Setup};

use super::args::FenArgs;
use super::json::ShowJson;
use crate::Streams;
use crate::show::Show;

/// What `xiangqi show --help` shows after the options.
pub(super) const AFTER_HELP: &str = "\
Examples:
  xiangqi show
  xiangqi show --style ascii --fen '3k5/9/9/9/9/9/9/9/3R5/4K4 b'
  xiangqi show --svg > start.svg
  xiangqi show --svg --move h2e2 --flip > after-h2e2-black-view.svg
  xiangqi show --format json";

/// `--move`: the SVG diagram of the position after a move, the move marked.
#[derive(Debug, Args)]
pub(crate) struct MoveArg {
    /// Play MOVE (in any notation: h2e2, C2.5, 炮二平五) from the position and
    /// mark it on the SVG diagram of the position reached: a dashed ring where
    /// it started, a ring where it ended, an arrow between.
    #[arg(long = "move", value_name = "MOVE", requires = "svg", allow_hyphen_values = true)]
    mv: Option<String>,
}

impl Show for Setup {
    const SVG_HELP: &'static str = "Write an SVG diagram instead of text: the pieces in their Chinese \
        characters, the river and palaces, the soldiers' and cannons' points marked, files labelled with ICCS \
        letters and each player's numbers (red 九..一, black 1..9), ranks 0-9";
    const FLIP_HELP: &'static str =
        "Draw the SVG diagram from black's side: rank 9 at the bottom, files i to a";
    const FORMAT_HELP: &'static str = "Write text, or one JSON object: the FEN, whose move, legality and its \
        problems, check, the outcome, and every piece (see the README)";

    type PositionArgs = FenArgs;
    type DiagramArgs = MoveArg;

    fn given(args: &FenArgs, streams: &mut Streams<'_>) -> anyhow::Result<Setup> {
        args.setup(streams)
    }

    /// The position, or the position after `--move` with the move marked.
    fn svg(self, args: &MoveArg, flip: bool) -> anyhow::Result<String> {
        let (board, arrow) = match &args.mv {
            None => (self.board, None),
            Some(text) => {
                let Ok(mut position) = Position::from_setup(self) else {
                    bail!("--move {text}: the position is not a legal one, so no move can be played from it");
                };
                let mv = Notation::parse_any(&position, text)
                    .map_err(|error| anyhow!("--move {text}: {error}"))?;
                position.play(mv).map_err(|error| anyhow!("--move {text}: {error}"))?;
                (*position.board(), Some((mv.from, mv.to)))
            }
        };
        let mut diagram = board.svg_diagram();
        diagram.flip = flip;
        diagram.arrow = arrow;
        Ok(diagram.render())
    }

    fn json(self) -> impl Serialize {
        ShowJson::new(self)
    }

    /// The picture, the FEN, whose move it is and how things stand.
    fn text(self, style: TextStyle) -> String {
        let turn = self.turn;
        let standing = match Position::from_setup(self) {
            Err(error) => format!("{turn} to move, but this is not a legal position: {error}"),
            Ok(position) => position.summary(),
        };
        format!("{}\nFEN: {self}\n{standing}\n", self.picture_in(style))
    }
}
