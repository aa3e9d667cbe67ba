//! `duck play`: apply moves to a position and show where they lead.

use anyhow::anyhow;
use clap::Args;
use duck_rules::{JudgeMove, Move};

use super::{POSITION_FORMAT, PositionArgs};
use crate::Streams;
use crate::style::StyleArgs;

/// Arguments of `duck play`.
#[derive(Debug, Args)]
#[command(after_help = format!("\
A move is written as its two squares, such as d0e1 (d0-e1 and D0E1 are read too):
files a-i from the left, ranks 0-9 from red's side. It may also be written in the
judge's numbers as one word, xs,ys-xt,yt (rows 0-9 from red's side, columns 0-8
from the left): the judge's command '0 3 1 4' is 0,3-1,4, the move d0e1. Four
separate numbers are not read as a move, so that a list of moves stays
unambiguous. The moves played are listed as their squares.

Examples:
  duck play d0e1 d9e8
  duck play 0,3-1,4 9,3-8,4
  duck play --position '4k4/9/9/9/4R4/9/9/9/9/3K5 r' e5e9

{POSITION_FORMAT}"))]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    style: StyleArgs,
    /// The moves, in order from the position (red moves first from the initial position).
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

/// A move as `duck play` reads it: its squares, or else the judge's numbers.
fn read_move(text: &str) -> Option<Move> {
    text.parse::<Move>().ok().or_else(|| text.parse::<JudgeMove>().ok().map(JudgeMove::to_move))
}

impl PlayArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let mut position = self.position.position(streams)?;
        let mut played = Vec::with_capacity(self.moves.len());
        for (index, text) in self.moves.iter().map(|text| text.trim()).enumerate() {
            let number = index + 1;
            let mv = read_move(text).ok_or_else(|| {
                anyhow!(
                    "move {number}: '{text}' is not a move: write its two squares, such as d0e1 \
                     (files a to i, ranks 0 to 9), or the judge's numbers xs,ys-xt,yt, such as \
                     0,3-1,4 (rows 0 to 9, columns 0 to 8)"
                )
            })?;
            // The reason names squares; a move given in the judge's numbers is shown as both.
            let shown = if text == mv.to_string() { text.to_string() } else { format!("{text} = {mv}") };
            position.play(mv).map_err(|error| anyhow!("move {number} ({shown}): {error}"))?;
            played.push(mv.to_string());
        }
        let moves = if played.is_empty() { "none".to_string() } else { played.join(" ") };
        let out = &mut *streams.stdout;
        write!(
            out,
            "{}\nmoves: {moves}\nposition: {position}\n{}\n",
            position.picture_in(self.style.text_style()),
            position.summary()
        )?;
        Ok(())
    }
}
