//! `kq judge`: the "Correct Move" task, as a judge command.

use board_geometry::render::TextStyle;
use kq_rules::tasks::correct_move::{Case, Options};
use serde::Serialize;

use crate::judge::{Answer, JudgeCommand};
use crate::task::CorrectMove;
use crate::tool::NoArgs;

/// What `kq judge --help` shows after the options.
pub(super) const AFTER_HELP: &str = "Examples:\n  printf '17 49 33\\n56 48 49\\n' | kq judge\n  Continue\n  Stop\n  \
                                     printf '17 49 33\\n' | kq judge --explain\n  printf '17 49 33\\n' | kq judge \
                                     --format json --explain";

impl JudgeCommand for CorrectMove {
    const EXPLAIN_HELP: &'static str = "After each verdict, explain it: the board (K king, Q queen, q the \
        queen's new place, * where the king can still step) and the rule that decided. Not judge output";
    const FORMAT_HELP: &'static str = "Write the judge's text, or one JSON object per line of input: \
        `{\"case\", \"answer\"}`, with `\"explanation\"` under --explain";

    type Pictures = NoArgs;

    /// The explanations' boards are the task's own letters: no style to draw them in.
    fn options(&self, explain: bool, _style: TextStyle) -> Options {
        Options::new().explained(explain)
    }

    fn json(&mut self, answer: &Answer<'_, CorrectMove>) -> impl Serialize {
        CaseJson::new(answer.number, *answer.case, answer.options.explain)
    }
}

/// `kq judge --format json`: one per case.
#[derive(Debug, Serialize)]
struct CaseJson {
    case: u64,
    answer: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<CaseWhy>,
}

/// What `--explain` adds to a case's JSON: the places and the rule that decided.
#[derive(Debug, Serialize)]
struct CaseWhy {
    king: u8,
    queen: u8,
    new_queen: u8,
    rule: &'static str,
    escapes: Vec<u8>,
}

impl CaseJson {
    fn new(number: u64, case: Case, explain: bool) -> CaseJson {
        let explanation = explain.then(|| {
            let why = case.explain();
            CaseWhy {
                king: case.king.index(),
                queen: case.queen.index(),
                new_queen: case.new_queen.index(),
                rule: why.rule().name(),
                escapes: why.escapes().iter().map(|place| place.index()).collect(),
            }
        });
        CaseJson { case: number, answer: case.verdict().as_str(), explanation }
    }
}
