//! `xiangqi stress checkmate|horse`: a program compared with the oracle on
//! generated cases, and a difference shrunk (see [`crate::stress`]).

use clap::{Args, Subcommand};
use xiangqi_rules::Color;
use xiangqi_rules::tasks::{checkmate, horse};

use super::generate::{CheckmateKnobs, HorseKnobs};
use crate::Streams;
use crate::stress::{self, CommonArgs, Mix, Settings};
use crate::task::{Checkmate, Horse};

/// Arguments of `xiangqi stress`.
#[derive(Debug, Args)]
pub(crate) struct StressArgs {
    #[command(subcommand)]
    task: StressTask,
}

const CHECKMATE_HELP: &str = "\
Examples:
  xiangqi stress checkmate -- ./my-solution
  xiangqi stress checkmate --cases 100000 --seed 7 -- python3 solution.py
  xiangqi stress checkmate --yes-share 0.9 --max-pieces 4 -- ./my-solution

The program reads the judge's input on standard input (cases ended by 0 0 0;
40 cases a run, as on the original judge) and writes YES or NO per case.
A tenth of the cases (--facing-share) start with the generals facing each
other, which no game reaches but the judge's data holds: black's general
flies across and captures, so the answer is NO; they catch solutions that
never look for this at the start, or look wrongly (a cannon or a chariot
behind red's general, a piece on another file between the generals' ranks).
A fifth of the mates (--trap-share), and the next mate after 30 cases
without one, hold a trap for a mistake that mates drawn at random hardly
ever show: a piece behind red's general on its file where red's general
alone covers a step, or a piece beyond a step that one chariot or cannon
alone covers on its line; a solution that scans the line past its end
takes it for a block. Each is in the first hundred cases of every seed.
At the first difference the case is run again alone, shrunk (fewer red
pieces, weaker ones, pieces nearer the black general; facing generals stay
facing) while it still fails the same way, and reported: the minimal input,
the expected output, the program's output, the seed and the command that
reproduces the run; the exit code is then 1.
Shrinking stops after 2000 runs of the program, 120 seconds or 10 time-outs;
a time-out is not shrunk.
All cases agreeing: one line, exit code 0.";

const HORSE_HELP: &str = "\
Examples:
  xiangqi stress horse -- ./my-solution
  xiangqi stress horse --batch 100 --pin-share 0.5 -- ./my-solution

The program reads one board (10 lines of 9 numbers) on standard input and
writes the horse's targets, one (row,col) a line, or NONE. With --batch N it
gets N boards a run, an empty line between them, and must answer each,
its answers separated by one empty line. At the first difference the board
is run again alone, shrunk (fewer pieces, pieces nearer the horse) while it
still fails the same way, and reported with the expected and actual output,
the seed and the command that reproduces the run; the exit code is then 1.";

#[derive(Debug, Subcommand)]
enum StressTask {
    /// Compare a checkmate solver (UVa 1589) with the oracle on generated cases.
    #[command(after_help = stress::after_help(CHECKMATE_HELP))]
    Checkmate {
        /// Cases per run of the program: 40 by default, the original judge's
        /// most; 1 runs each case on its own.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        batch: Option<u64>,
        #[command(flatten)]
        knobs: CheckmateKnobs,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Compare a "where can the black horse go" solver with the oracle on generated boards.
    #[command(after_help = stress::after_help(HORSE_HELP))]
    Horse {
        /// Boards per run of the program: 1 by default, as the exercise gives
        /// one; more for a program that reads boards until the end of input.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        batch: Option<u64>,
        #[command(flatten)]
        knobs: HorseKnobs,
        #[command(flatten)]
        common: CommonArgs,
    },
}

impl StressArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        match self.task {
            StressTask::Checkmate { batch, knobs, common } => {
                let settings = Settings::new("xiangqi stress checkmate", common, batch, 40, knobs.typed());
                stress::run::<Checkmate>(&settings, &knobs.options(), streams)
            }
            StressTask::Horse { batch, knobs, common } => {
                let settings = Settings::new("xiangqi stress horse", common, batch, 1, knobs.typed());
                stress::run::<Horse>(&settings, &knobs.options(), streams)
            }
        }
    }
}

impl stress::StressTask for Checkmate {
    fn size(case: &checkmate::Case) -> String {
        stress::counted(case.board().by_color(Color::Red).len(), "red piece", "red pieces")
    }

    const SHAPED: bool = true;

    /// The red pieces by kind, and whether the generals face each other at
    /// the start: two bugs need other pieces, or one needs the flight.
    fn shape(cases: &[checkmate::Case]) -> String {
        let shapes: Vec<String> = cases
            .iter()
            .map(|case| {
                let red = case.board().pieces().filter(|(_, piece)| piece.color == Color::Red);
                let mut letters: Vec<char> = red.map(|(_, piece)| piece.kind.letter()).collect();
                letters.sort_unstable();
                let facing = if case.generals_face_at_start() { " facing" } else { "" };
                format!("{}{facing}", letters.into_iter().collect::<String>())
            })
            .collect();
        shapes.join(" + ")
    }
}

impl stress::StressTask for Horse {
    const SEPARATED: bool = true;

    fn size(board: &horse::Case) -> String {
        stress::counted(board.board().occupied().len(), "piece", "pieces")
    }

    fn tally(answer: &[String], mix: &mut Mix) {
        match answer {
            [none] if none == "NONE" => mix.add("NONE"),
            [_] => mix.add("1 point"),
            points => mix.add(&format!("{} points", points.len())),
        }
    }
}
