//! `xiangqi checkmate`: the endgame checkmate judge task (UVa 1589).

use std::io::{self, Write};

use board_geometry::render::TextStyle;
use serde::Serialize;
use xiangqi_rules::tasks::checkmate::Options;

use super::json::CheckmateJson;
use crate::judge::{Answer, DrawsDiagrams, JudgeCommand, SvgArgs};
use crate::task::Checkmate;

/// What `xiangqi checkmate --help` shows after the options.
pub(super) const AFTER_HELP: &str = "\
Input (as the judge gives it; blank lines, tabs and CRLF do not matter):
  2 1 4      N red pieces, then the black general's row and column
  G 10 5     N lines: G general, R chariot, H horse, C cannon, row, column
  R 6 4
  0 0 0      the end of input
Rows run 1..10 from black's side at the top, columns 1..9 from the left.

Examples:
  printf '2 1 4\\nG 10 5\\nR 6 4\\n0 0 0\\n' | xiangqi checkmate
  YES
  xiangqi checkmate --explain --svg diagrams/ fixtures/xiangqi/checkmate/sample.in
  xiangqi checkmate --format json --explain fixtures/xiangqi/checkmate/sample.in";

impl JudgeCommand for Checkmate {
    const EXPLAIN_HELP: &'static str = "After each answer, explain it: the position as a picture, whether the \
        generals face each other at the start, who gives check, and for each point the black general could \
        step to, the red pieces covering it or \"safe\". Not judge output";
    const FORMAT_HELP: &'static str = "Write the judge's text, or one JSON object per case: `{\"case\", \
        \"answer\"}`, with `\"explanation\"` under --explain (see the README)";

    type Pictures = SvgArgs<Checkmate>;

    fn options(&self, explain: bool, style: TextStyle) -> Options {
        Options::new().explained(explain).with_style(style)
    }

    fn json(&mut self, answer: &Answer<'_, Checkmate>) -> impl Serialize {
        CheckmateJson::new(answer.case, answer.options.explain)
    }
}

impl DrawsDiagrams for Checkmate {
    const SVG_HELP: &'static str = "With --explain, also write one SVG diagram per case into DIR (created \
        if missing), `case-N.svg`: the position, each step of the black general ringed in green if safe and \
        crossed in red if covered, the verdict below";

    fn write_explained(&self, out: &mut dyn Write, answer: &Answer<'_, Checkmate>) -> io::Result<()> {
        let Answer { case, options, .. } = answer;
        writeln!(out, "{}\n{}", case.verdict(), case.explain().with_style(options.style))
    }

    fn diagram(&self, Answer { case, .. }: &Answer<'_, Checkmate>) -> (String, String) {
        (format!("case-{}.svg", case.number()), case.explain().svg())
    }
}
