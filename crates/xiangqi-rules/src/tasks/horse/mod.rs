//! The "where can the black horse go" judge task: a 10 x 9 matrix of piece
//! codes with exactly one black horse in, every point the horse can move to
//! out, as `(row,col)` lines or `NONE`.
//!
//! The horse's jumps come from the engine ([`Board::moves_from`](crate::Board::moves_from));
//! the task's only departure from the full game, its flying-general pin, is
//! the switch [`Rule`]: [`Rule::FlyingGeneralPin`] answers the exercise,
//! [`Rule::FullLegality`] applies the whole rule of check.
//!
//! - [`Reader`] reads boards (90 numbers each) from any buffered reader;
//! - [`Case`] is one board, and [`Case::moves`] its answer, an [`Answer`]
//!   whose `Display` is the judge's text;
//! - [`judge`] streams a whole input to its answers;
//! - points are `(row,col)` in [`COORDINATES`]: row 0 at the top, columns from 0;
//! - [`generate`] makes random boards for stress tests and shrinks a failing one.
//!
//! ```
//! use xiangqi_rules::tasks::horse::{Options, judge};
//!
//! let sample = "0 0 0 0 15 0 13 0 0\n0 0 0 0 14 0 0 0 0\n0 0 0 0 0 0 0 0 13\n\
//!               0 0 0 0 0 0 0 0 0\n12 1 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n\
//!               0 0 0 0 0 0 0 0 0\n0 0 0 0 3 0 0 0 0\n0 0 0 0 4 0 0 0 0\n\
//!               0 0 0 0 5 4 0 0 0\n";
//! let mut output = Vec::new();
//! judge(sample.as_bytes(), &mut output, &Options::default())?;
//! assert_eq!(String::from_utf8(output)?, "(2,1)\n(6,1)\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod case;
mod codes;
mod error;
mod explain;
mod fast;
pub mod generate;
mod reader;
mod rule;

use std::io::{self, Read, Write};

use board_geometry::text_input::{JudgeOptions, StreamError, answer_each};
use board_geometry::{RowColumn, RowsFrom};

pub use case::{Case, SetupError};
pub use error::{CaseError, CaseProblem, InputError};
pub use explain::{Explanation, Jump, JumpOutcome};
pub use reader::Reader;
pub use rule::{Answer, Rule};

/// The task's coordinates: rows 0..9 from the top (black's side), columns 0..8 from the left.
pub const COORDINATES: RowColumn = RowColumn::new(RowsFrom::Top, 0);

/// How [`judge`] answers: `options.task` is the [`Rule`] that says which
/// jumps count as moves (the exercise's pin by default, or full legality),
/// and `options.explain` writes an [`Explanation`] after each answer (the
/// board, and why each jump is or is not a move), drawn in `options.style`.
pub type Options = JudgeOptions<Rule>;

/// Answers every board of `input`, writing one block per board to `output`:
/// the points the black horse can move to, one `(row,col)` per line, or
/// `NONE`, then, when `options.explain` is set, an [`Explanation`]. Blocks are
/// separated by one empty line, with no empty line after the last, so one
/// board in gives exactly the judge's output.
///
/// Memory stays flat for any input size. On a bad board the blocks of every
/// board before it have been written and flushed before the error is returned.
///
/// # Errors
/// The first board that breaks the task's promise (see [`InputError`]), or
/// a failure to read the input or write the answers.
pub fn judge(input: impl Read, output: impl Write, options: &Options) -> Result<(), StreamError<CaseError>> {
    let mut boards = Reader::new(input);
    if options.task == Rule::FlyingGeneralPin && !options.explain {
        return fast::judge(&mut boards, output);
    }
    answer_blocks(
        output,
        || boards.next_case(),
        |out, board, separated| {
            if separated {
                out.write_all(b"\n")?;
            }
            write!(out, "{}", board.moves(options.task))?;
            if options.explain {
                write!(out, "{}", board.explain(options.task).with_style(options.style))?;
            }
            Ok(())
        },
    )
}

/// The judge's loop over boards ([`answer_each`]) for answers in blocks that
/// an empty line separates: `answer` writes a board's block, told whether a
/// block came before it (`separated`, which then starts with the empty line).
fn answer_blocks<B, W: Write>(
    output: W,
    next_board: impl FnMut() -> Result<Option<B>, InputError>,
    mut answer: impl FnMut(&mut W, B, bool) -> io::Result<()>,
) -> Result<(), StreamError<CaseError>> {
    let mut answered = false;
    answer_each(output, next_board, |out, board| {
        let separated = answered;
        answered = true;
        answer(out, board, separated)
    })
}

#[cfg(test)]
mod tests {
    use board_geometry::render::TextStyle;

    use super::*;
    use crate::tasks::test_support::horse_board_text as board_text;

    fn run(text: &str, rule: Rule) -> (String, Option<String>) {
        let mut output = Vec::new();
        let result = judge(text.as_bytes(), &mut output, &Options::new().with_task(rule));
        (String::from_utf8(output).unwrap(), result.err().map(|error| error.to_string()))
    }

    #[test]
    fn blocks_are_separated_by_one_empty_line_and_none_is_written() {
        // A corner horse; then a pinned horse between generals on column 4.
        let text = format!("{}{}", board_text(0, &[]), board_text(40, &[(4, "15"), (85, "5")]));
        let (output, error) = run(&text, Rule::FlyingGeneralPin);
        assert_eq!(output, "(1,2)\n(2,1)\n\nNONE\n");
        assert_eq!(error, None);
    }

    #[test]
    fn the_rule_switch_reaches_the_answers() {
        // Generals facing on column 3, the horse on (2,5): only full legality
        // keeps the horse to the jumps that screen them.
        let text = board_text(23, &[(3, "15"), (84, "5")]);
        let (pin, _) = run(&text, Rule::FlyingGeneralPin);
        assert_eq!(pin.lines().count(), 8);
        assert_eq!(run(&text, Rule::FullLegality).0, "(1,3)\n(3,3)\n");
    }

    #[test]
    fn explained_answers_carry_their_explanation_under_either_rule() {
        let text = format!("{}{}", board_text(0, &[]), board_text(40, &[(4, "15"), (85, "5")]));
        for rule in [Rule::FlyingGeneralPin, Rule::FullLegality] {
            let mut output = Vec::new();
            judge(text.as_bytes(), &mut output, &Options::new().with_task(rule).explained(true)).unwrap();
            let boards: Vec<Case> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
            let expected: Vec<String> = boards
                .iter()
                .map(|board| {
                    format!("{}{}", board.moves(rule), board.explain(rule).with_style(TextStyle::ASCII))
                })
                .collect();
            let output = String::from_utf8(output).unwrap();
            assert_eq!(output, expected.join("\n"));
            assert!(output.starts_with("(1,2)\n(2,1)\n"), "{output}");
            assert!(output.contains("\nNONE\n"), "{output}");
        }
    }

    #[test]
    fn an_error_comes_after_the_earlier_blocks() {
        let text = format!("{}\n{}", board_text(0, &[]), board_text(40, &[(12, "12")]));
        let (output, error) = run(&text, Rule::FlyingGeneralPin);
        assert_eq!(output, "(1,2)\n(2,1)\n");
        let error = error.unwrap();
        assert!(error.starts_with("16:9: board 2, row 4, column 4: a second black horse"), "{error}");
    }

    #[test]
    fn write_failures_are_reported_as_such() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let result = judge(board_text(0, &[]).as_bytes(), Broken, &Options::default());
        assert!(matches!(result, Err(StreamError::Write(_))), "{result:?}");
    }

    /// The engine's answers to `cases`, as the judge writes them.
    fn engine_answers(cases: &[Case]) -> String {
        cases.iter().map(|case| case.moves(Rule::FlyingGeneralPin).to_string()).collect::<Vec<_>>().join("\n")
    }

    fn judged(cases: &[Case]) -> String {
        let mut input = Vec::new();
        generate::write_input(cases, &mut input).unwrap();
        let mut output = Vec::new();
        judge(&input[..], &mut output, &Options::default()).unwrap();
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn the_fast_answers_are_the_engines_on_random_boards() {
        let mut options = generate::GenerateOptions::default();
        (options.pin_share, options.near_pin_share, options.crowding) = (0.3, 0.3, 0.6);
        let cases: Vec<Case> = generate::Generator::new(21, &options).unwrap().take(4000).collect();
        assert_eq!(judged(&cases), engine_answers(&cases));
    }

    #[test]
    fn the_fast_answers_are_the_engines_for_every_horse_and_general_on_its_column() {
        use crate::{Board, Color, Piece, PieceKind};
        let piece = |color, kind| Piece::new(color, kind);
        let mut cases = Vec::new();
        for horse in (0..90).filter_map(|index| COORDINATES.square_at_reading_index(index)) {
            let column = COORDINATES.column(horse);
            let on_column: Vec<_> = (0..10)
                .filter_map(|row| COORDINATES.square(row, column.into()))
                .filter(|&p| p != horse)
                .collect();
            for &black in &on_column {
                for &red in on_column.iter().filter(|&&red| red != black) {
                    // Alone, and with a blocker on the column's first free point.
                    for blocker in [None, on_column.iter().find(|&&p| p != black && p != red)] {
                        let mut board = Board::empty();
                        board.put(horse, piece(Color::Black, PieceKind::Horse));
                        board.put(black, piece(Color::Black, PieceKind::General));
                        board.put(red, piece(Color::Red, PieceKind::General));
                        if let Some(&blocker) = blocker {
                            board.put(blocker, piece(Color::Red, PieceKind::Soldier));
                        }
                        cases.push(Case::new(board).unwrap());
                    }
                }
            }
        }
        assert!(cases.iter().any(Case::is_pinned) && cases.iter().any(|case| !case.is_pinned()));
        assert_eq!(judged(&cases), engine_answers(&cases));
    }
}
