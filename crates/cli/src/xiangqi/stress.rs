//! `xiangqi stress checkmate|horse`: a program compared with the oracle on
//! generated cases, and a difference shrunk (see [`crate::stress`]).

use board_geometry::layout::Reading;
use clap::{Args, Subcommand};
use xiangqi_rules::Color;
use xiangqi_rules::tasks::{checkmate, horse};

use super::generate::{CheckmateKnobs, HorseKnobs};
use crate::Streams;
use crate::stress::{self, CommonArgs, Mix, Settings, Task};

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
At the first difference the case is run again alone, shrunk (fewer red
pieces, weaker ones, pieces nearer the black general; facing generals stay
facing) while it still fails the same way, and reported: the minimal input,
the expected output, the program's output, the seed and the command that
reproduces the run; the exit code is then 1.
Shrinking stops after 2000 runs of the program, 120 seconds or 10 time-outs;
a time-out is not shrunk.
All cases agreeing: one line, exit code 0.

Exit codes: 0 all cases agree; 1 a difference was found (wrong answer,
crash, non-zero exit, time-out, too many or too few lines, presentation
error); 2 usage error; 3 the program could not be started at all; 130
stopped by Ctrl-C before a difference was found.";

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
the seed and the command that reproduces the run; the exit code is then 1.

Exit codes: 0 all cases agree; 1 a difference was found (wrong answer,
crash, non-zero exit, time-out, too many or too few lines, presentation
error); 2 usage error; 3 the program could not be started at all; 130
stopped by Ctrl-C before a difference was found.";

#[derive(Debug, Subcommand)]
enum StressTask {
    /// Compare a checkmate solver (UVa 1589) with the oracle on generated cases.
    #[command(after_help = CHECKMATE_HELP)]
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
    #[command(after_help = HORSE_HELP)]
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
                let generator = checkmate::generate::Generator::new(settings.seed, &knobs.options())?;
                stress::run(CheckmateTask { generator }, &settings, streams)
            }
            StressTask::Horse { batch, knobs, common } => {
                let settings = Settings::new("xiangqi stress horse", common, batch, 1, knobs.typed());
                let generator = horse::generate::Generator::new(settings.seed, &knobs.options())?;
                stress::run(HorseTask { generator }, &settings, streams)
            }
        }
    }
}

/// Runs `judge` on `input` and returns its output's lines.
fn judged<E: std::fmt::Display>(
    input: &[u8],
    judge: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<(), E>,
) -> anyhow::Result<Vec<String>> {
    let mut output = Vec::new();
    judge(input, &mut output)
        .map_err(|error| anyhow::anyhow!("the oracle refused a generated case: {error}"))?;
    Ok(String::from_utf8_lossy(&output).lines().map(str::to_string).collect())
}

/// The checkmate task for the driver.
struct CheckmateTask {
    generator: checkmate::generate::Generator,
}

impl Task for CheckmateTask {
    type Case = checkmate::Case;

    const READING: Reading = checkmate::generate::READING;

    fn next_case(&mut self) -> checkmate::Case {
        self.generator.next_case()
    }

    fn write_input(&self, cases: &[checkmate::Case]) -> Vec<u8> {
        let mut input = Vec::new();
        // Writing to memory cannot fail.
        let _ = checkmate::generate::write_input(cases, &mut input);
        input
    }

    fn answer(&self, case: &checkmate::Case) -> anyhow::Result<Vec<String>> {
        judged(&self.write_input(std::slice::from_ref(case)), |input, output| {
            checkmate::judge(input, output, &checkmate::Options::default())
        })
    }

    fn shrink(
        &self,
        case: &checkmate::Case,
        still_fails: &mut dyn FnMut(&checkmate::Case) -> bool,
    ) -> checkmate::Case {
        checkmate::generate::shrink(case, still_fails)
    }

    fn size(&self, case: &checkmate::Case) -> String {
        stress::counted(case.board().by_color(Color::Red).len(), "red piece", "red pieces")
    }

    fn tally(&self, answer: &[String], mix: &mut Mix) {
        for line in answer {
            mix.add(line);
        }
    }
}

/// The horse task for the driver.
struct HorseTask {
    generator: horse::generate::Generator,
}

impl Task for HorseTask {
    type Case = horse::Case;

    const READING: Reading = horse::generate::READING;

    fn next_case(&mut self) -> horse::Case {
        self.generator.next_case()
    }

    fn write_input(&self, boards: &[horse::Case]) -> Vec<u8> {
        let mut input = Vec::new();
        // Writing to memory cannot fail.
        let _ = horse::generate::write_input(boards, &mut input);
        input
    }

    fn answer(&self, board: &horse::Case) -> anyhow::Result<Vec<String>> {
        judged(&self.write_input(std::slice::from_ref(board)), |input, output| {
            horse::judge(input, output, &horse::Options::default())
        })
    }

    fn separated(&self) -> bool {
        true
    }

    fn shrink(&self, board: &horse::Case, still_fails: &mut dyn FnMut(&horse::Case) -> bool) -> horse::Case {
        horse::generate::shrink(board, still_fails)
    }

    fn size(&self, board: &horse::Case) -> String {
        stress::counted(board.board().occupied().len(), "piece", "pieces")
    }

    fn tally(&self, answer: &[String], mix: &mut Mix) {
        match answer {
            [none] if none == "NONE" => mix.add("NONE"),
            [_] => mix.add("1 point"),
            points => mix.add(&format!("{} points", points.len())),
        }
    }
}
