//! `duck gen`: a random game log for the replay task. (The module is not
//! called `gen`, a reserved word of Rust 2024.)

use clap::Args;
use duck_rules::tasks::replay::generate::{GenerateOptions, MAX_COMMANDS};

use crate::Streams;
use crate::generate::{knobs, parse_share, write_generated};
use crate::layout::LayoutArg;
use crate::task::Replay;

/// Arguments of `duck gen`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  duck gen --count 18 --seed 1
  duck gen --count 1000 --seed 5 --valid-share 0.9 | duck replay

The same seed and options give the same bytes on every machine.")]
pub(crate) struct GenArgs {
    /// How many commands, Q: 0 to 1000, as the judge promises.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u16).range(0..=MAX_COMMANDS as i64))]
    count: u16,
    /// The seed: the same seed gives the same log.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    knobs: DuckKnobs,
    #[command(flatten)]
    layout: LayoutArg,
}

knobs! {
    /// The options that shape game logs, shared by `gen` and `stress`.
    pub(crate) struct DuckKnobs shapes GenerateOptions {
        /// The chance, from 0 to 1, that a command before the end of the game
        /// is a valid move [default: 0.6]. The others are invalid in every way
        /// the judge knows: a piece of the side not to move, an empty point, a
        /// move blocked by a piece in the way (a duck's blocking points among
        /// them), onto one's own piece, or one the piece never makes.
        #[arg(long, value_name = "P", value_parser = parse_share)]
        valid_share: f64 => valid_share,
        /// The chance, from 0 to 1, that the game is played to its end (a
        /// captain taken) before the log ends, so that commands come after the
        /// end [default: 0.8].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        end_share: f64 => end_share,
    }
}

/// The generator's options for logs of `commands` commands, shaped by `knobs`.
pub(crate) fn log_options(knobs: &DuckKnobs, commands: u16) -> GenerateOptions {
    let mut options = knobs.options();
    options.commands = usize::from(commands);
    options
}

impl GenArgs {
    /// Writes one log of `--count` commands: the judge replays one game per input.
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        write_generated::<Replay>(self.seed, &log_options(&self.knobs, self.count), 1, self.layout, streams)
    }
}
