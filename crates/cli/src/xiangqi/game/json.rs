//! `xiangqi game --format json`: JSON Lines, one object a game in file
//! order, and one for each file that cannot be read or holds no game.

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use xiangqi_rules::record::{CutVariation, GameResult, Location, Node, Record, ResultCheck};
use xiangqi_rules::{Move, Square};

use super::read::{Body, FileRead, GameRead, Problem, Warning};
use super::report::cut_message;
use crate::xiangqi::play::OutcomeJson;

/// Tags a record holds otherwise: the start position, the notation and the result.
const OWN_TAGS: [&str; 3] = ["FEN", "Format", "Result"];

/// One object of the output: a game, or a file (`"game": null`).
#[derive(Debug, Serialize)]
struct GameJson<'a> {
    file: &'a str,
    game: Option<usize>,
    format: Option<&'static str>,
    encoding: Option<String>,
    location: Option<LocationJson>,
    tags: TagsJson<'a>,
    result: Option<&'static str>,
    start_fen: Option<String>,
    moves: MovesJson<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<TreeJson>,
    final_fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fens: Option<Vec<String>>,
    result_check: Option<&'static str>,
    outcome: Option<OutcomeJson>,
    warnings: Vec<WarningJson>,
    error: Option<ErrorJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<bool>,
}

impl<'a> GameJson<'a> {
    /// An object of the file `name` read as `format` and `encoding`, with
    /// nothing else known yet: no game, tags, moves, verdict or error.
    const fn of_file(name: &'a str, format: Option<&'static str>, encoding: Option<String>) -> GameJson<'a> {
        GameJson {
            file: name,
            game: None,
            format,
            encoding,
            location: None,
            tags: TagsJson(&[]),
            result: None,
            start_fen: None,
            moves: MovesJson(&[]),
            tree: None,
            final_fen: None,
            fens: None,
            result_check: None,
            outcome: None,
            warnings: Vec::new(),
            error: None,
            skipped: None,
        }
    }
}

/// A record's moves as a tree (`--tree`): the comment before the first
/// move and the main line, each move with its comment and variations.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct TreeJson {
    pub(crate) comment: Option<String>,
    pub(crate) moves: Vec<NodeJson>,
}

/// A move of a [`TreeJson`]: ICCS, its comment, and the variations that
/// may be played instead of it, each a line of nodes.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct NodeJson {
    #[serde(rename = "move")]
    pub(crate) mv: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) comment: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) variations: Vec<Vec<NodeJson>>,
}

impl TreeJson {
    fn of(record: &Record) -> TreeJson {
        TreeJson { comment: record.comment.clone(), moves: NodeJson::line(&record.moves) }
    }
}

impl NodeJson {
    fn new(mv: Move) -> NodeJson {
        NodeJson { mv: mv.to_string(), comment: None, variations: Vec::new() }
    }

    fn line(nodes: &[Node]) -> Vec<NodeJson> {
        nodes
            .iter()
            .map(|node| NodeJson {
                mv: node.mv.to_string(),
                comment: node.comment.clone(),
                variations: node.variations.iter().map(|line| NodeJson::line(line)).collect(),
            })
            .collect()
    }
}

/// A place in a file: a line and column in text, a byte offset in a binary
/// file or in the data a compressed one unpacks to.
#[derive(Copy, Clone, Debug, Serialize)]
#[serde(untagged)]
enum LocationJson {
    Text { line: usize, column: usize },
    Byte { offset: usize },
    Unpacked { unpacked_offset: usize },
}

impl From<Location> for LocationJson {
    fn from(location: Location) -> LocationJson {
        match location {
            Location::Text { line, column } => LocationJson::Text { line, column },
            Location::Byte(offset) => LocationJson::Byte { offset },
            Location::Unpacked(unpacked_offset) => LocationJson::Unpacked { unpacked_offset },
        }
    }
}

/// Why a game stops early, or a file is not read.
#[derive(Debug, Serialize)]
struct ErrorJson {
    cause: &'static str,
    message: String,
    #[serde(flatten)]
    at: Option<LocationJson>,
}

impl From<&Problem> for ErrorJson {
    fn from(problem: &Problem) -> ErrorJson {
        let message = match &problem.mover {
            Some(mover) => format!("{mover}: {}", problem.message),
            None => problem.message.clone(),
        };
        ErrorJson { cause: problem.cause.name(), message, at: Some(problem.at.into()) }
    }
}

/// A note of the reading.
/// A warning and its place: a line and column in a text, a byte offset in
/// a binary file.
#[derive(Debug, Serialize)]
struct WarningJson {
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    byte: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unpacked_byte: Option<usize>,
}

impl From<&Warning> for WarningJson {
    fn from(warning: &Warning) -> WarningJson {
        WarningJson {
            message: warning.kind.to_string(),
            line: Some(warning.line),
            column: Some(warning.column),
            byte: None,
            unpacked_byte: None,
        }
    }
}

impl From<&CutVariation> for WarningJson {
    fn from(cut: &CutVariation) -> WarningJson {
        let (line, column, byte, unpacked_byte) = match cut.error.at {
            Location::Text { line, column } => (Some(line), Some(column), None, None),
            Location::Byte(offset) => (None, None, Some(offset), None),
            Location::Unpacked(offset) => (None, None, None, Some(offset)),
        };
        WarningJson { message: cut_message(cut), line, column, byte, unpacked_byte }
    }
}

/// A game's tags as one object, in the record's order, the first of two
/// with one name kept; those the object gives otherwise left out.
#[derive(Debug)]
struct TagsJson<'a>(&'a [(String, String)]);

impl Serialize for TagsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (index, (name, value)) in self.0.iter().enumerate() {
            let own = OWN_TAGS.iter().any(|own| own.eq_ignore_ascii_case(name));
            let repeated = self.0[..index].iter().any(|(earlier, _)| earlier == name);
            if !own && !repeated {
                map.serialize_entry(name, value)?;
            }
        }
        map.end()
    }
}

/// Moves as a list of their ICCS texts (`"h2e2"`), written without a
/// string allocated for each.
#[derive(Debug)]
struct MovesJson<'a>(&'a [Move]);

impl Serialize for MovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut list = serializer.serialize_seq(Some(self.0.len()))?;
        for &mv in self.0 {
            let square = |square: Square| [b'a' + square.file().index(), b'0' + square.rank().index()];
            let ([a, b], [c, d]) = (square(mv.from), square(mv.to));
            let text = [a, b, c, d];
            list.serialize_element(core::str::from_utf8(&text).unwrap_or("?"))?;
        }
        list.end()
    }
}

/// `"agrees"`, `"disagrees"`, `"unrecorded"` or `"unchecked"`.
const fn result_check_name(check: ResultCheck) -> &'static str {
    match check {
        ResultCheck::Agrees(_) => "agrees",
        ResultCheck::Disagrees { .. } => "disagrees",
        ResultCheck::Unrecorded(_) => "unrecorded",
        ResultCheck::Unchecked(_) => "unchecked",
    }
}

/// The JSON lines of one file: an object for each game, or one for the
/// file where it cannot be read or holds no game; `skipped` when it was
/// found in a folder and skipped as no record.
pub(super) fn file_json(name: &str, file: &FileRead, fen_each: bool, skipped: bool, tree: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let format = file.format.map(xiangqi_rules::record::Format::name);
    let encoding = file.decoding.map(|decoding| decoding.encoding.name().to_ascii_lowercase());
    let last = file.games.len().checked_sub(1);
    for (index, game) in file.games.iter().enumerate() {
        let trailing = if Some(index) == last { file.trailing_warnings.as_slice() } else { &[] };
        let mut object = game_json(name, game, format, encoding.clone(), fen_each, trailing);
        if let (true, Body::Played(played)) = (tree, &game.body) {
            object.tree = Some(played.record.as_ref().map_or_else(
                || TreeJson {
                    comment: None,
                    moves: played.moves.iter().map(|&mv| NodeJson::new(mv)).collect(),
                },
                TreeJson::of,
            ));
        }
        object
            .warnings
            .extend(file.cut_variations.iter().filter(|cut| cut.game == index).map(WarningJson::from));
        let _ = crate::json::write_json(&mut out, &object);
    }
    if let Some(failure) = &file.failure {
        let object = GameJson {
            warnings: file.trailing_warnings.iter().map(WarningJson::from).collect(),
            error: Some(ErrorJson {
                cause: failure.cause.name(),
                message: failure.what.clone(),
                at: failure.at.map(LocationJson::from),
            }),
            skipped: Some(skipped),
            ..GameJson::of_file(name, format, encoding)
        };
        let _ = crate::json::write_json(&mut out, &object);
    }
    out
}

fn game_json<'a>(
    name: &'a str,
    game: &'a GameRead,
    format: Option<&'static str>,
    encoding: Option<String>,
    fen_each: bool,
    trailing: &[Warning],
) -> GameJson<'a> {
    let warnings =
        game.warnings_before.iter().chain(&game.warnings).chain(trailing).map(WarningJson::from).collect();
    let mut object = GameJson {
        game: Some(game.number),
        location: Some(game.begins.into()),
        tags: TagsJson(&game.tags),
        result: Some(game.recorded_result.map_or("*", |result| result.as_str())),
        warnings,
        error: game.problem().map(ErrorJson::from),
        ..GameJson::of_file(name, format, encoding)
    };
    if let Body::Played(played) = &game.body {
        object.start_fen = Some(played.start.to_string());
        object.moves = MovesJson(&played.moves);
        object.final_fen = Some(played.end.to_string());
        if fen_each {
            object.fens =
                Some(super::read::steps(played).into_iter().map(|(_, after)| after.to_string()).collect());
        }
        if let Some(verdict) = &played.verdict {
            let ruling = verdict.ending.as_ref().filter(|ending| ending.is_ruling());
            object.result_check = Some(match (ruling, game.recorded_result) {
                (None, _) => result_check_name(verdict.check),
                (Some(ending), Some(recorded)) if recorded == ending.outcome.result() => "agrees",
                (Some(_), None | Some(GameResult::Unknown)) => "unrecorded",
                (Some(_), Some(_)) => "disagrees",
            });
            object.outcome = verdict.ending.as_ref().map(|ending| {
                OutcomeJson::new(
                    ending.outcome,
                    ending.ply,
                    ending.explanation.clone(),
                    ending.explanation_zh.clone(),
                )
            });
        } else {
            // The moves stop before the end (a bad move): the report says
            // "unchecked", and so does the JSON.
            object.result_check = Some("unchecked");
        }
    }
    object
}
