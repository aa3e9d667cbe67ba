//! `kq gen`: random lines for the "Correct Move" task. (The module is not
//! called `gen`, a reserved word of Rust 2024.)

use std::io::Write;

use clap::Args;
use kq_rules::tasks::correct_move::generate::{GenerateOptions, Generator, READING, write_input};

use crate::Streams;
use crate::layout::LayoutArg;
use crate::stress::{parse_share, push_typed};

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

/// The options that shape the lines, shared by `gen` and `stress`.
#[derive(Debug, Args)]
pub(crate) struct KqKnobs {
    /// The share of `Stop` lines, from 0 to 1; the other four verdicts
    /// share the rest equally [default: 0.1].
    #[arg(long, value_name = "P", value_parser = parse_share)]
    stop_share: Option<f64>,
}

impl KqKnobs {
    /// The generator's options.
    pub(crate) fn options(&self) -> GenerateOptions {
        let mut options = GenerateOptions::default();
        options.stop_share = self.stop_share.unwrap_or(options.stop_share);
        options
    }

    /// The options as typed.
    pub(crate) fn typed(&self) -> Vec<String> {
        let mut words = Vec::new();
        push_typed(&mut words, "--stop-share", self.stop_share);
        words
    }
}

impl GenArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let cases = Generator::new(self.seed, &self.knobs.options())?;
        let mut out = self.layout.writer(&mut *streams.stdout, READING, self.seed);
        write_input(cases.take(usize::try_from(self.count).unwrap_or(usize::MAX)), &mut out)?;
        out.flush()?;
        Ok(())
    }
}
