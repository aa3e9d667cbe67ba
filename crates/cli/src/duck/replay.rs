//! `duck replay`: the THUPC 2019 replay task, as a judge command.

use board_geometry::render::TextStyle;
use duck_rules::tasks::replay::{Options, Verdict};
use serde::Serialize;

use super::json::CommandJson;
use crate::judge::{Answer, JudgeCommand};
use crate::style::StyleArgs;
use crate::task::Replay;

/// What `duck replay --help` shows after the options.
pub(super) const AFTER_HELP: &str =
    "Example:\n  printf '2\\n0 0 7 0\\n0 3 1 4\\n' | duck replay\n  Invalid command\n  red guard;NA;no;no";

impl JudgeCommand for Replay {
    const INPUT_HELP: &'static str = "The game log; `-` or nothing reads standard input";
    const EXPLAIN_HELP: &'static str = "Explain the game: draw the board at the start and after each valid \
        move, number the commands (each as the log has it and as its squares: `1. 0 3 1 4 (d0e1): red \
        guard;NA;no;no`) and say why each invalid one is invalid. The output is then no longer the judge's. \
        (`--board` is another name for it.)";
    const EXPLAIN_ALIASES: &'static [&'static str] = &["board"];
    const FORMAT_HELP: &'static str = "Write the judge's text, or one JSON object per command: `{\"command\", \
        \"move\", \"squares\", \"answer\", \"valid\", \"piece\", \"removed\", \"check\", \"game_over\"}`, with \
        `\"explanation\"` (the reason, the position after) under --explain. \"move\" is the command in the \
        judge's numbers (`0,3-1,4`), \"squares\" the same move as squares (`d0e1`)";

    type Pictures = StyleArgs;

    fn options(&self, explain: bool, style: TextStyle) -> Options {
        Options::new().explained(explain).with_style(style)
    }

    /// The command played on the game so far (changing nothing if it is invalid), and its answer.
    fn json(&mut self, answer: &Answer<'_, Replay>) -> impl Serialize {
        let command = *answer.case;
        let verdict = Verdict::of(&mut self.game, command);
        CommandJson::new(answer.number, command, &verdict, &self.game, answer.options.explain)
    }
}
