//! `xiangqi show` and `duck show`: a position as a picture in text, an SVG
//! diagram or JSON. One set of arguments and one run for both; each game's
//! setup says how it is given, drawn and written ([`Show`]).

use std::fmt;

use board_geometry::render::TextStyle;
use clap::Args;
use serde::Serialize;

use crate::Streams;
use crate::json::{Format, write_json};
use crate::style::StyleArgs;

/// A game's setup, as `show` takes and draws it.
///
/// The help texts are one paragraph each, as clap shows a field's doc
/// comment: without a final period.
pub(crate) trait Show: Copy + fmt::Debug {
    /// The help of `--svg`: what the diagram shows.
    const SVG_HELP: &'static str;
    /// The help of `--flip`.
    const FLIP_HELP: &'static str;
    /// The help of `--format`: what the JSON object holds.
    const FORMAT_HELP: &'static str;

    /// Where the position comes from (`--fen`, `--position`, ...).
    type PositionArgs: Args + fmt::Debug;
    /// The options of the SVG diagram besides `--flip` (shown before it).
    type DiagramArgs: Args + fmt::Debug;

    /// The setup `args` give, unchecked: any setup that reads can be shown.
    ///
    /// # Errors
    /// The setup cannot be read.
    fn given(args: &Self::PositionArgs, streams: &mut Streams<'_>) -> anyhow::Result<Self>;

    /// The SVG diagram of the setup, drawn from the other side if `flip`.
    ///
    /// # Errors
    /// What `args` ask cannot be drawn.
    fn svg(self, args: &Self::DiagramArgs, flip: bool) -> anyhow::Result<String>;

    /// The JSON object of the setup.
    fn json(self) -> impl Serialize;

    /// The picture in `style`, the setup written out, and how the game stands.
    fn text(self, style: TextStyle) -> String;
}

/// The arguments of `show`, in this order: the position, `--style` and
/// `--color`, `--svg` and the diagram's options, `--flip`, `--format`.
#[derive(Debug, Args)]
pub(crate) struct ShowArgs<S: Show> {
    #[command(flatten)]
    position: S::PositionArgs,
    #[command(flatten)]
    style: StyleArgs,
    #[arg(long, conflicts_with = "format", help = S::SVG_HELP)]
    svg: bool,
    #[command(flatten)]
    diagram: S::DiagramArgs,
    #[arg(long, requires = "svg", help = S::FLIP_HELP)]
    flip: bool,
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text, help = S::FORMAT_HELP)]
    format: Format,
}

impl<S: Show> ShowArgs<S> {
    /// Writes the position as asked: an SVG diagram, JSON, or the picture in text.
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let setup = S::given(&self.position, streams)?;
        let out = &mut *streams.stdout;
        if self.svg {
            out.write_all(setup.svg(&self.diagram, self.flip)?.as_bytes())?;
            return Ok(());
        }
        match self.format {
            Format::Json => write_json(out, &setup.json())?,
            Format::Text => out.write_all(setup.text(self.style.text_style()).as_bytes())?,
        }
        Ok(())
    }
}
