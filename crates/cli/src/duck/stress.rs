//! `duck stress`: a replay program compared with the oracle on generated game
//! logs, and a difference shrunk (see [`crate::stress`]).
//!
//! One case is one game log: the judge replays one game per input, so each
//! log gets a run of the program of its own, and shrinking takes commands
//! out of the log.

use clap::Args;
use duck_rules::tasks::replay::generate::{Log, MAX_COMMANDS};

use super::generate::{DuckKnobs, log_options};
use crate::Streams;
use crate::stress::{self, CommonArgs, Mix, Settings};
use crate::task::Replay;

/// Arguments of `duck stress`.
#[derive(Debug, Args)]
#[command(after_help = stress::after_help("\
Examples:
  duck stress -- ./my-replay
  duck stress --cases 5000 --commands 300 --seed 7 -- python3 replay.py

Each case is one game log (Q, then Q commands) in a run of the program of
its own; the program writes one answer per command. At the first difference
the log is run again, shrunk (commands taken out) while it still fails the
same way, and reported: the minimal log, the expected output, the program's
output, the seed and the command that reproduces the run; the exit code is
then 1. Shrinking stops after 2000 runs of the program, 120 seconds or 10 time-outs;
a time-out is not shrunk.
All logs agreeing: one line, exit code 0."))]
pub(crate) struct StressArgs {
    /// Commands per log, Q: 1 to 1000.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u16).range(1..=MAX_COMMANDS as i64))]
    commands: u16,
    #[command(flatten)]
    knobs: DuckKnobs,
    #[command(flatten)]
    common: CommonArgs,
}

impl StressArgs {
    pub(crate) fn run(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let mut typed = vec!["--commands".to_string(), self.commands.to_string()];
        typed.extend(self.knobs.typed());
        let settings = Settings::new("duck stress", self.common, None, 1, typed);
        stress::run::<Replay>(&settings, &log_options(&self.knobs, self.commands), streams)
    }
}

impl stress::StressTask for Replay {
    fn size(log: &Log) -> String {
        stress::counted(log.len() as u64, "command", "commands")
    }

    fn tally(answer: &[String], mix: &mut Mix) {
        for line in answer {
            if line == "Invalid command" {
                mix.add("invalid commands");
            } else {
                mix.add("valid moves");
                if line.ends_with(";yes") {
                    mix.add("games ended");
                }
            }
        }
    }
}
