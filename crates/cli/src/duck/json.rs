//! The JSON objects of the duck commands (see the README's JSON section).

use duck_rules::tasks::replay::Verdict;
use duck_rules::{Color, Move, Position, Setup, piece_character};
use serde::Serialize;

/// A piece on the board of `duck show`: its square, and the same point in
/// the judge's numbers (row and column).
#[derive(Debug, Serialize)]
struct PieceJson {
    square: String,
    row: u8,
    col: u8,
    color: &'static str,
    kind: &'static str,
    letter: char,
    character: char,
}

/// `duck show --format json`.
#[derive(Debug, Serialize)]
pub(super) struct ShowJson {
    position: String,
    turn: &'static str,
    reachable: bool,
    problems: Vec<String>,
    check: Option<bool>,
    winner: Option<&'static str>,
    summary: String,
    pieces: Vec<PieceJson>,
}

impl ShowJson {
    pub(super) fn new(setup: Setup) -> ShowJson {
        let coordinates = duck_rules::COORDINATES;
        let pieces = setup
            .board
            .pieces()
            .map(|(square, piece)| PieceJson {
                square: square.to_string(),
                row: coordinates.row(square),
                col: coordinates.column(square),
                color: piece.color.name(),
                kind: piece.kind.name(),
                letter: piece.letter(),
                character: piece_character(piece),
            })
            .collect();
        let (reachable, problems, check, winner, summary) = match Position::from_setup(setup) {
            Ok(position) => (
                true,
                Vec::new(),
                Some(position.is_check()),
                position.outcome().and_then(duck_rules::Outcome::winner).map(Color::name),
                position.summary(),
            ),
            Err(error) => (
                false,
                error.problems().iter().map(ToString::to_string).collect(),
                None,
                None,
                format!("{} to move, but no game reaches this position", setup.turn),
            ),
        };
        ShowJson {
            position: setup.to_string(),
            turn: setup.turn.name(),
            reachable,
            problems,
            check,
            winner,
            summary,
            pieces,
        }
    }
}

/// `duck moves --format json`.
#[derive(Debug, Serialize)]
pub(super) struct MovesJson {
    pub(super) position: String,
    pub(super) moves: Vec<String>,
}

/// `duck replay --format json`: one per command.
#[derive(Debug, Serialize)]
pub(super) struct CommandJson {
    command: u64,
    /// The command in the judge's numbers, `xs,ys-xt,yt`: the task's own
    /// coordinates, as its log gives them, and what this field has always held.
    #[serde(rename = "move")]
    mv: String,
    /// The same move as its squares, as the reason names points.
    squares: String,
    answer: String,
    valid: bool,
    piece: Option<String>,
    removed: Option<String>,
    check: Option<bool>,
    game_over: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<CommandWhy>,
}

#[derive(Debug, Serialize)]
struct CommandWhy {
    reason: Option<String>,
    position: String,
    summary: String,
}

impl CommandJson {
    pub(super) fn new(
        number: u64,
        command: Move,
        verdict: &Verdict,
        after: &Position,
        explain: bool,
    ) -> CommandJson {
        let report = match verdict {
            Verdict::Valid(report) => Some(report),
            Verdict::Invalid(_) => None,
        };
        let explanation = explain.then(|| CommandWhy {
            reason: match verdict {
                Verdict::Invalid(reason) => Some(reason.to_string()),
                Verdict::Valid(_) => None,
            },
            position: after.to_string(),
            summary: after.summary(),
        });
        CommandJson {
            command: number,
            mv: command.to_judge().compact().to_string(),
            squares: command.to_string(),
            answer: verdict.to_string(),
            valid: verdict.is_valid(),
            piece: report.map(|report| report.piece.to_string()),
            removed: report.map(|report| report.removed.map(|piece| piece.to_string())).unwrap_or_default(),
            check: report.map(|report| report.check),
            game_over: report.map(|report| report.game_over),
            explanation,
        }
    }
}
