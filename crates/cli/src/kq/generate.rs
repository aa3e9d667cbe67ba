//! `kq gen`: random lines for the "Correct Move" task. (The module is not
//! called `gen`, a reserved word of Rust 2024.)

use clap::Args;
use kq_rules::tasks::correct_move::generate::GenerateOptions;

use crate::Streams;
use crate::generate::{knobs, parse_share, write_generated};
use crate::layout::LayoutArg;
use crate::task::CorrectMove;

/// Arguments of `kq gen`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  kq gen --count 20 --seed 1
  kq gen --count 100000 --stop-share 0.5 | kq judge

The same seed and options give the same bytes on every machine.")]
pub(crate) struct GenArgs {
    /// How many lines.
    #[arg(long, value_name = "N", default_value_t = 20)]
    count: u64,
    /// The seed: the same seed gives the same lines.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    knobs: KqKnobs,
    #[command(flatten)]
    layout: LayoutArg,
}

knobs! {
    /// The options that shape the lines, shared by `gen` and `stress`.
    pub(crate) struct KqKnobs shapes GenerateOptions {
        /// The share of `Stop` lines, from 0 to 1; the other four verdicts
        /// share the rest equally [default: 0.1].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        stop_share: f64 => stop_share,
    }
}

impl GenArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        write_generated::<CorrectMove>(self.seed, &self.knobs.options(), self.count, self.layout, streams)
    }
}
