//! The JSON objects of the xiangqi commands (see the README's JSON section).

use serde::Serialize;
use xiangqi_rules::tasks::{checkmate, horse};
use xiangqi_rules::{Board, Color, Position, RowColumn, Setup, Square, SquareSet, piece_character};

use crate::json::RowCol;

/// A point in a task's coordinates.
fn point(coordinates: RowColumn, square: Square) -> RowCol {
    RowCol { row: i32::from(coordinates.row(square)), col: i32::from(coordinates.column(square)) }
}

/// A piece on the board of `xiangqi show`.
#[derive(Debug, Serialize)]
struct PieceJson {
    square: String,
    color: &'static str,
    kind: &'static str,
    letter: char,
    character: char,
}

/// How a game has ended.
#[derive(Debug, Serialize)]
struct OutcomeJson {
    winner: Option<&'static str>,
    reason: &'static str,
}

/// `xiangqi show --format json`.
#[derive(Debug, Serialize)]
pub(super) struct ShowJson {
    fen: String,
    turn: &'static str,
    legal: bool,
    problems: Vec<String>,
    check: Option<bool>,
    outcome: Option<OutcomeJson>,
    summary: String,
    pieces: Vec<PieceJson>,
}

impl ShowJson {
    pub(super) fn new(setup: Setup) -> ShowJson {
        let pieces = setup
            .board
            .pieces()
            .map(|(square, piece)| PieceJson {
                square: square.to_string(),
                color: piece.color.name(),
                kind: piece.kind.name(),
                letter: piece.letter(),
                character: piece_character(piece),
            })
            .collect();
        let (legal, problems, check, outcome, summary) = match Position::from_setup(setup) {
            Ok(position) => {
                let outcome = position.outcome().map(|outcome| OutcomeJson {
                    winner: outcome.winner().map(Color::name),
                    reason: outcome.reason().name(),
                });
                (true, Vec::new(), Some(position.is_check()), outcome, position.summary())
            }
            Err(error) => {
                let problems = error.problems().iter().map(ToString::to_string).collect();
                let summary = format!("{} to move, but this is not a legal position", setup.turn);
                (false, problems, None, None, summary)
            }
        };
        ShowJson {
            fen: setup.to_string(),
            turn: setup.turn.name(),
            legal,
            problems,
            check,
            outcome,
            summary,
            pieces,
        }
    }
}

/// `xiangqi moves --format json`.
#[derive(Debug, Serialize)]
pub(super) struct MovesJson {
    pub(super) fen: String,
    pub(super) notation: &'static str,
    pub(super) moves: Vec<String>,
}

/// A piece of a judge task and where it stands.
#[derive(Debug, Serialize)]
struct PieceAt {
    piece: String,
    at: RowCol,
}

fn pieces_at(coordinates: RowColumn, board: &Board, squares: SquareSet) -> Vec<PieceAt> {
    squares
        .into_iter()
        .filter_map(|square| {
            board
                .piece_at(square)
                .map(|piece| PieceAt { piece: piece.to_string(), at: point(coordinates, square) })
        })
        .collect()
}

/// `xiangqi checkmate --format json`: one per case.
#[derive(Debug, Serialize)]
pub(super) struct CheckmateJson {
    case: u64,
    answer: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<CheckmateWhy>,
}

#[derive(Debug, Serialize)]
struct CheckmateWhy {
    black_general: RowCol,
    red: Vec<PieceAt>,
    generals_face: bool,
    checkers: Vec<PieceAt>,
    steps: Vec<StepJson>,
    escapes: Vec<RowCol>,
}

#[derive(Debug, Serialize)]
struct StepJson {
    to: RowCol,
    inside_palace: bool,
    captures: Option<String>,
    covered_by: Vec<PieceAt>,
    safe: bool,
}

impl CheckmateJson {
    pub(super) fn new(case: &checkmate::Case, explain: bool) -> CheckmateJson {
        let coordinates = checkmate::COORDINATES;
        let explanation = explain.then(|| {
            let why = case.explain();
            let board = case.board();
            let steps = why
                .steps()
                .iter()
                .map(|step| match step.outcome {
                    checkmate::StepOutcome::OutsidePalace => StepJson {
                        to: point(coordinates, step.target),
                        inside_palace: false,
                        captures: None,
                        covered_by: Vec::new(),
                        safe: false,
                    },
                    checkmate::StepOutcome::Inside { captured, covered_by } => StepJson {
                        to: point(coordinates, step.target),
                        inside_palace: true,
                        captures: captured.map(|piece| piece.to_string()),
                        covered_by: pieces_at(coordinates, board, covered_by),
                        safe: covered_by.is_empty(),
                    },
                })
                .collect();
            CheckmateWhy {
                black_general: point(coordinates, case.black_general()),
                red: pieces_at(coordinates, board, board.by_color(xiangqi_rules::Color::Red)),
                generals_face: case.generals_face_at_start(),
                checkers: pieces_at(coordinates, board, why.checkers()),
                steps,
                escapes: why.escapes().into_iter().map(|square| point(coordinates, square)).collect(),
            }
        });
        CheckmateJson { case: case.number(), answer: case.verdict().as_str(), explanation }
    }
}

/// `xiangqi horse --format json`: one per board.
#[derive(Debug, Serialize)]
pub(super) struct HorseJson {
    board: u64,
    answer: Vec<RowCol>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<HorseWhy>,
}

#[derive(Debug, Serialize)]
struct HorseWhy {
    horse: RowCol,
    rule: &'static str,
    pinned: bool,
    jumps: Vec<JumpJson>,
}

#[derive(Debug, Serialize)]
struct JumpJson {
    to: RowCol,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    leg: Option<RowCol>,
    #[serde(skip_serializing_if = "Option::is_none")]
    piece: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    attackers: Vec<PieceAt>,
}

impl HorseJson {
    pub(super) fn new(number: u64, case: &horse::Case, rule: horse::Rule, explain: bool) -> HorseJson {
        let coordinates = horse::COORDINATES;
        let answer = case.moves(rule).points().map(|square| point(coordinates, square)).collect();
        let explanation = explain.then(|| {
            let why = case.explain(rule);
            let jumps = why
                .jumps()
                .iter()
                .map(|jump| {
                    let (row, col) = jump.point(case.horse());
                    let mut json = JumpJson {
                        to: RowCol { row, col },
                        outcome: "",
                        leg: None,
                        piece: None,
                        attackers: Vec::new(),
                    };
                    json.outcome = match jump.outcome {
                        horse::JumpOutcome::OffBoard => "off_board",
                        horse::JumpOutcome::LegBlocked { leg, by } => {
                            json.leg = Some(point(coordinates, leg));
                            json.piece = Some(by.to_string());
                            "leg_blocked"
                        }
                        horse::JumpOutcome::OwnPiece { piece } => {
                            json.piece = Some(piece.to_string());
                            "own_piece"
                        }
                        horse::JumpOutcome::Pinned => "pinned",
                        horse::JumpOutcome::ExposesGeneral { attackers } => {
                            json.attackers = pieces_at(coordinates, case.board(), attackers);
                            "exposes_general"
                        }
                        horse::JumpOutcome::Move { captures } => {
                            json.piece = captures.map(|piece| piece.to_string());
                            "move"
                        }
                        _ => "other",
                    };
                    json
                })
                .collect();
            HorseWhy {
                horse: point(coordinates, case.horse()),
                rule: match rule {
                    horse::Rule::FlyingGeneralPin => "flying_general_pin",
                    horse::Rule::FullLegality => "full_legality",
                },
                pinned: why.is_pinned(),
                jumps,
            }
        });
        HorseJson { board: number, answer, explanation }
    }
}
