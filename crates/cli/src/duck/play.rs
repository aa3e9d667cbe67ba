//! `duck play`: apply moves to a position and show where they lead.

use anyhow::anyhow;
use clap::Args;
use duck_rules::Move;

use super::{POSITION_FORMAT, PositionArgs};
use crate::Streams;
use crate::style::StyleArgs;

/// Arguments of `duck play`.
#[derive(Debug, Args)]
#[command(after_help = format!("\
Moves are written xs,ys-xt,yt in the task's coordinates (rows 0-9 from red's
side, columns 0-8 from the left): the judge's command '0 3 1 4' is 0,3-1,4.
Four separate numbers are not read as a move, so that a list of moves stays
unambiguous.

Examples:
  duck play 0,3-1,4 9,3-8,4
  duck play --position '4k4/9/9/9/4R4/9/9/9/9/3K5 r' 5,4-9,4

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

impl PlayArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let mut position = self.position.position(streams)?;
        for (index, text) in self.moves.iter().enumerate() {
            let number = index + 1;
            let mv: Move = text.trim().parse().map_err(|error| anyhow!("move {number}: {error}"))?;
            position.play(mv).map_err(|error| anyhow!("move {number} ({mv}): {error}"))?;
        }
        let moves: Vec<String> = self.moves.iter().map(|text| text.trim().to_string()).collect();
        let moves = if moves.is_empty() { "none".to_string() } else { moves.join(" ") };
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
