//! `xiangqi gen checkmate|horse`: random valid input for the xiangqi judge
//! tasks. (The module is not called `gen`, a reserved word of Rust 2024.)

use clap::{Args, Subcommand};
use xiangqi_rules::tasks::{checkmate, horse};

use crate::Streams;
use crate::generate::{knobs, parse_share, write_generated};
use crate::layout::LayoutArg;
use crate::task::{Checkmate, Horse};

/// Arguments of `xiangqi gen`.
#[derive(Debug, Args)]
pub(crate) struct GenArgs {
    #[command(subcommand)]
    task: GenTask,
}

#[derive(Debug, Subcommand)]
enum GenTask {
    /// Checkmate cases (UVa 1589), ended by `0 0 0`.
    ///
    /// Every case keeps the judge's promises: black's general alone in its
    /// palace, 2 to 7 red pieces (the general included, at most two
    /// chariots, two horses and two cannons), red giving check with a
    /// chariot, a horse or a cannon. The cases are built by the engine, not
    /// drawn and thrown away: of the cases without facing generals (below)
    /// about half are mates (--yes-share), and half of the others are hard,
    /// with a single escape left (--hard-share).
    ///
    /// A tenth (--facing-share) start with the two generals on one file and
    /// nothing between them, which no game reaches but the judge's data
    /// holds: black's general flies across and captures red's, so the answer
    /// is NO. A solution that never looks for this at the start, or looks
    /// wrongly, is right on every other case; most of these cases are mates
    /// but for the flight, so that it answers YES. They come in every way it
    /// happens: on the centre file or the one on either side; with nothing,
    /// a red chariot or a red cannon behind red's general (a cannon there
    /// gives check through it); with or without a red piece between the
    /// generals' ranks on another file (which blocks nothing).
    ///
    /// A fifth of the mates (--trap-share), and the next mate after 30
    /// cases without one, hold a trap for a mistake that mates drawn at
    /// random hardly ever show: red's general alone covering a step with a
    /// piece behind it on its file, or one chariot or cannon alone covering
    /// a step with a piece beyond the step on its line. A solution that
    /// scans such a line past its end takes that piece for a block and
    /// answers NO. Each is in the first hundred cases of every seed.
    #[command(after_help = "\
Examples:
  xiangqi gen checkmate --count 5 --seed 1
  xiangqi gen checkmate --count 1000000 --seed 7 --yes-share 0.1 > cases.txt
  xiangqi gen checkmate --count 40 | ./my-solution
  xiangqi gen checkmate --count 40 --facing-share 1    # only facing generals

The same seed and options give the same bytes on every machine.")]
    Checkmate {
        /// How many cases.
        #[arg(long, value_name = "N", default_value_t = 10)]
        count: u64,
        /// The seed: the same seed gives the same cases.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        knobs: CheckmateKnobs,
        #[command(flatten)]
        layout: LayoutArg,
    },
    /// Boards of the "where can the black horse go" task.
    ///
    /// Each board is 10 lines of 9 piece codes, an empty line between two
    /// boards (the exercise gives one board: --count 1, the default). Every
    /// board has exactly one black horse and at most one general a side,
    /// and could come from a game. Knobs: how crowded the horse's
    /// surroundings are, how often the flying-general pin applies.
    #[command(after_help = "\
Examples:
  xiangqi gen horse --seed 3
  xiangqi gen horse --count 100 --pin-share 0.5 --crowding 0.6")]
    Horse {
        /// How many boards.
        #[arg(long, value_name = "N", default_value_t = 1)]
        count: u64,
        /// The seed: the same seed gives the same boards.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        knobs: HorseKnobs,
        #[command(flatten)]
        layout: LayoutArg,
    },
}

knobs! {
    /// The options that shape checkmate cases, shared by `gen` and `stress`.
    pub(crate) struct CheckmateKnobs shapes checkmate::generate::GenerateOptions {
        /// The share of mates (YES answers) among the cases without facing
        /// generals, from 0 to 1 [default: 0.5].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        yes_share: f64 => yes_share,
        /// The share of the NO cases that are hard, from 0 to 1: built like a
        /// mate but with one escape left, maybe the capture of an adjacent
        /// piece [default: 0.5].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        hard_share: f64 => hard_no_share,
        /// The fewest red pieces, the general included: 2 to 7 [default: 2].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=7))]
        min_pieces: u8 => min_red_pieces,
        /// The most red pieces, the general included: 2 to 7 [default: 7].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=7))]
        max_pieces: u8 => max_red_pieces,
        /// The share of cases that start with the generals facing each other,
        /// from 0 to 1: all NO, black's general flying across; --yes-share and
        /// --hard-share shape the others [default: 0.1].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        facing_share: f64 => facing_share,
        /// The share of mates built with a trap, from 0 to 1: a piece behind
        /// red's general on its file, or beyond an escape on a line, which a
        /// solution that scans a line past its end takes for a block; a trap
        /// not built for 30 cases goes into the next mate [default: 0.2].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        trap_share: f64 => trap_share,
    }
}

knobs! {
    /// The options that shape horse boards, shared by `gen` and `stress`.
    pub(crate) struct HorseKnobs shapes horse::generate::GenerateOptions {
        /// The chance, from 0 to 1, that each of the horse's 4 leg points and 8
        /// landing points holds a piece [default: 0.3].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        crowding: f64 => crowding,
        /// The share of boards on which the flying-general pin applies: both
        /// generals on the horse's column, nothing else between them [default: 0.2].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        pin_share: f64 => pin_share,
        /// The share of boards that look pinned but are not: another piece
        /// between the generals too [default: 0.1].
        #[arg(long, value_name = "P", value_parser = parse_share)]
        near_pin_share: f64 => near_pin_share,
        /// The most pieces put on random points besides those around the horse
        /// and on the pin's column: 0 to 29 [default: 8].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=29))]
        max_other_pieces: u8 => max_other_pieces,
    }
}

impl GenArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        match self.task {
            GenTask::Checkmate { count, seed, knobs, layout } => {
                write_generated::<Checkmate>(seed, &knobs.options(), count, layout, streams)
            }
            GenTask::Horse { count, seed, knobs, layout } => {
                write_generated::<Horse>(seed, &knobs.options(), count, layout, streams)
            }
        }
    }
}
