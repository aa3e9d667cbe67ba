//! The HTTP JSON API of `xiangqi serve` (docs/serve-api.md), as functions
//! from a request's path, query and body to a reply, so that the server
//! loop only moves bytes and every answer can be tested without a socket.

use serde::{Deserialize, Serialize};
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{self, Line, Node, Record};
use xiangqi_rules::{History, Move, Position, Rules, Setup, SquareSet};

use super::assets;
use crate::xiangqi::game::{NodeJson, TreeJson, games_json_array};
use crate::xiangqi::json::ShowJson;
use crate::xiangqi::play::OutcomeJson;

/// The most moves a request may name: far beyond any real game (the move
/// limit ends a game long before), small enough to answer at once.
pub(super) const MAX_MOVES: usize = 4_000;

/// The longest request target (path and query) answered.
pub(super) const MAX_TARGET: usize = 64 * 1024;

/// What the server sends back.
#[derive(Debug)]
pub(super) struct Reply {
    pub(super) status: u16,
    pub(super) content_type: &'static str,
    pub(super) body: Vec<u8>,
    /// A file name to save the body as (`Content-Disposition: attachment`).
    pub(super) file_name: Option<String>,
}

impl Reply {
    /// A 200 answer of `value` as JSON.
    fn json(value: &impl Serialize) -> Reply {
        Reply::bytes(200, "application/json", serde_json::to_vec(value).unwrap_or_default())
    }

    pub(super) const fn bytes(status: u16, content_type: &'static str, body: Vec<u8>) -> Reply {
        Reply { status, content_type, body, file_name: None }
    }

    /// An error answer: `{"error": message}` with a 4xx status.
    pub(super) fn error(status: u16, message: impl Into<String>) -> Reply {
        #[derive(Serialize)]
        struct ErrorJson {
            error: String,
        }
        let body = serde_json::to_vec(&ErrorJson { error: message.into() }).unwrap_or_default();
        Reply::bytes(status, "application/json", body)
    }
}

/// The games of the files named on the command line, read once at the start.
#[derive(Debug, Default)]
pub(super) struct Library {
    /// One JSON array of every game object of every file read, in order.
    pub(super) games_json: Vec<u8>,
    /// How many games it holds.
    pub(super) games: usize,
}

impl Library {
    /// Reads the files (name, bytes or why not); a file that cannot be read
    /// or holds no game is left out and named in the messages returned.
    pub(super) fn read(files: Vec<(String, Result<Vec<u8>, String>)>) -> (Library, Vec<String>) {
        let mut games_json = vec![b'['];
        let mut games = 0;
        let mut problems = Vec::new();
        for (name, bytes) in files {
            let array = bytes.and_then(|bytes| games_json_array(&name, &bytes, true));
            match array {
                Ok(array) => {
                    let inner = &array[1..array.len() - 1];
                    if games > 0 {
                        games_json.push(b',');
                    }
                    games_json.extend_from_slice(inner);
                    games += count_games(inner);
                }
                Err(message) if message.starts_with(&name) => problems.push(message),
                Err(message) => problems.push(format!("{name}: {message}")),
            }
        }
        games_json.push(b']');
        (Library { games_json, games }, problems)
    }
}

/// How many game objects the inside of a games array holds.
fn count_games(inner: &[u8]) -> usize {
    serde_json::from_slice::<Vec<serde::de::IgnoredAny>>(&[b"[", inner, b"]"].concat())
        .map_or(0, |games| games.len())
}

/// The answer to a `GET` of `path` with `query` (still percent-encoded).
pub(super) fn get(path: &str, query: &str, library: &Library) -> Reply {
    if let Some(asset) = assets::find(path) {
        return Reply::bytes(200, asset.content_type, asset.bytes.to_vec());
    }
    let params = Params::parse(query);
    let answer = match path {
        "/api/games" => Ok(Reply::bytes(200, "application/json", library.games_json.clone())),
        "/api/position" => position(&params),
        "/api/setup" => setup(&params),
        "/api/export" => export(&params),
        "/api/solve" => Err(Reply::error(405, "/api/solve answers GET only: its answer is a stream")),
        _ if path.starts_with("/api/") => Err(Reply::error(404, format!("no such endpoint: {path}"))),
        _ => Err(Reply::error(404, format!("no such page: {path}"))),
    };
    answer.unwrap_or_else(|error| error)
}

/// `POST /api/read`: the body is a record file's bytes; the answer is what
/// `xiangqi game --format json` prints for it, as one array.
pub(super) fn read(query: &str, bytes: &[u8]) -> Reply {
    let params = Params::parse(query);
    let name = params.get("name").filter(|name| !name.is_empty()).unwrap_or("upload");
    let name: String = name.chars().filter(|c| !c.is_control()).take(200).collect();
    match games_json_array(&name, bytes, params.get("tree") == Some("1")) {
        Ok(array) => Reply::bytes(200, "application/json", array),
        Err(message) => Reply::error(400, format!("{name}: {message}")),
    }
}

/// The decoded parameters of a query string.
#[derive(Debug, Default)]
pub(super) struct Params(Vec<(String, String)>);

impl Params {
    pub(super) fn parse(query: &str) -> Params {
        Params(
            query
                .split('&')
                .filter(|pair| !pair.is_empty())
                .map(|pair| {
                    let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                    (percent_decode(name), percent_decode(value))
                })
                .collect(),
        )
    }

    pub(super) fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }
}

/// Decodes `%XX` escapes and `+` (a space, as forms write it); bytes that
/// are not UTF-8 become U+FFFD.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&byte| char::from(byte).to_digit(16));
        match bytes[index] {
            b'+' => out.push(b' '),
            b'%' if hex(index + 1).is_some() && hex(index + 2).is_some() => {
                let (high, low) = (hex(index + 1).unwrap_or(0), hex(index + 2).unwrap_or(0));
                out.push(u8::try_from(high * 16 + low).unwrap_or(b'?'));
                index += 2;
            }
            byte => out.push(byte),
        }
        index += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The game a request names: `fen` (the start position when absent) and
/// `moves`, ICCS moves separated by commas, played under the Asian rules.
pub(super) fn game_of(params: &Params) -> Result<(History, Line), Reply> {
    let start = match params.get("fen").map(str::trim).filter(|fen| !fen.is_empty()) {
        None => Position::start(),
        Some(fen) => Position::from_fen(fen).map_err(|error| Reply::error(400, format!("FEN: {error}")))?,
    };
    let texts: Vec<&str> =
        params.get("moves").unwrap_or("").split(',').map(str::trim).filter(|text| !text.is_empty()).collect();
    if texts.len() > MAX_MOVES {
        return Err(Reply::error(400, format!("{} moves: at most {MAX_MOVES} are answered", texts.len())));
    }
    let mut game = History::with_rules(start, Rules::Asian);
    let mut line = Line::new(start);
    for (index, text) in texts.into_iter().enumerate() {
        let number = index + 1;
        let mv: Move =
            text.parse().map_err(|error| Reply::error(400, format!("move {number}: '{text}': {error}")))?;
        game.play(mv).map_err(|error| Reply::error(400, format!("move {number}: {error}")))?;
        line.play(mv).map_err(|error| Reply::error(400, format!("move {number}: {error}")))?;
    }
    Ok((game, line))
}

/// The notation a request asks the moves to be written in (`notation`), ICCS by default.
pub(super) fn notation_of(params: &Params) -> Result<Notation, Reply> {
    match params.get("notation").filter(|name| !name.is_empty()) {
        None => Ok(Notation::Iccs),
        Some(name) => name.parse().map_err(|error| Reply::error(400, format!("notation: {error}"))),
    }
}

/// An attack the last move made, by the piece on `attacker` on the one on `victim`.
#[derive(Debug, Serialize)]
struct AttackJson {
    attacker: String,
    victim: String,
    chase: bool,
}

/// `GET /api/position`.
#[derive(Debug, Serialize)]
struct PositionJson {
    fen: String,
    turn: &'static str,
    legal_moves: Vec<String>,
    check: bool,
    outcome: Option<OutcomeJson>,
    ply: usize,
    notation: &'static str,
    written: Vec<String>,
    last_move: Option<String>,
    checkers: Vec<String>,
    attacks: Vec<AttackJson>,
    /// With `each=1`: every ply's FEN and check, from the start (ply 0) on.
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<Vec<PlyJson>>,
}

/// A position of the line, for `each=1`.
#[derive(Debug, Serialize)]
struct PlyJson {
    fen: String,
    check: bool,
}

fn position(params: &Params) -> Result<Reply, Reply> {
    let (game, line) = game_of(params)?;
    let notation = notation_of(params)?;
    let position = game.position();
    let mut legal_moves: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    legal_moves.sort();
    let written = line.texts(notation).map_err(|error| Reply::error(400, error.to_string()))?;
    let attacks = game
        .threats(game.len())
        .map(|threats| {
            threats
                .attacks()
                .iter()
                .map(|attack| AttackJson {
                    attacker: attack.attacker.to_string(),
                    victim: attack.victim.to_string(),
                    chase: threats.chases().any(|chase| chase == attack),
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Reply::json(&PositionJson {
        fen: position.to_string(),
        turn: position.turn().name(),
        legal_moves: if game.outcome().is_some() { Vec::new() } else { legal_moves },
        check: position.is_check(),
        // The moves in Chinese: the ruling in Chinese too, as `xiangqi play --style chinese` adds it.
        outcome: OutcomeJson::of_in(&game, notation, notation == Notation::Chinese),
        ply: game.len(),
        notation: notation.name(),
        written,
        last_move: game.moves().last().map(|mv| mv.to_string()),
        checkers: position.checkers().into_iter().map(|square| square.to_string()).collect(),
        attacks,
        plies: (params.get("each") == Some("1")).then(|| {
            game.positions()
                .map(|position| PlyJson { fen: position.to_string(), check: position.is_check() })
                .collect()
        }),
    }))
}

/// `GET /api/setup?fen=FEN`: what `xiangqi show --format json` says of any
/// FEN that reads, legal or not, with every problem the library names.
fn setup(params: &Params) -> Result<Reply, Reply> {
    let fen = params.get("fen").unwrap_or("").trim();
    let setup = Setup::from_fen(fen).map_err(|error| Reply::error(400, format!("FEN: {error}")))?;
    Ok(Reply::json(&ShowJson::new(setup)))
}

/// `GET /api/export?fen&moves&format`: the game as a file to save.
fn export(params: &Params) -> Result<Reply, Reply> {
    let (game, line) = game_of(params)?;
    let mut record = Record::new(*line.start());
    record.moves = game.moves().map(Node::new).collect();
    if let Some(outcome) = game.outcome() {
        record.result = outcome.result();
    }
    write_record(&record, &game, params.get("format").unwrap_or("pgn"))
}

/// The most moves, variations' moves included, a `POST /api/export` may hold.
const MAX_EXPORTED_MOVES: usize = 100_000;

/// The body of `POST /api/export`: a record as the page shows it.
#[derive(Debug, Deserialize)]
struct ExportJson {
    /// The start position (the usual one when absent).
    #[serde(default)]
    fen: Option<String>,
    /// The tags, as `xiangqi game --format json` gives them: `{"Red": "…", …}`.
    #[serde(default)]
    tags: serde_json::Map<String, serde_json::Value>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`; the main line's outcome when absent.
    #[serde(default)]
    result: Option<String>,
    tree: TreeJson,
}

/// `POST /api/export?format`: the body is a record with its variations and
/// comments (`ExportJson`); the answer is that record as a file to save.
pub(super) fn export_tree(query: &str, body: &[u8]) -> Reply {
    let params = Params::parse(query);
    let answer = (|| {
        let json: ExportJson = serde_json::from_slice(body)
            .map_err(|error| Reply::error(400, format!("the record: {error}")))?;
        let start = match json.fen.as_deref().map(str::trim).filter(|fen| !fen.is_empty()) {
            None => Position::start(),
            Some(fen) => {
                Position::from_fen(fen).map_err(|error| Reply::error(400, format!("FEN: {error}")))?
            }
        };
        let mut record = Record::new(start);
        record.tags = json
            .tags
            .into_iter()
            .filter_map(|(name, value)| value.as_str().map(|value| (name.clone(), value.to_string())))
            .collect();
        record.comment = json.tree.comment;
        let mut budget = MAX_EXPORTED_MOVES;
        record.moves = nodes_of(start, &json.tree.moves, "", 0, &mut budget)?;
        let mut game = History::with_rules(start, Rules::Asian);
        for mv in record.main_line() {
            game.play(mv).map_err(|error| Reply::error(400, error.to_string()))?;
        }
        record.result = match json.result.as_deref() {
            Some(text) => record::GameResult::from_record(text).ok_or_else(|| {
                Reply::error(400, format!("result: '{text}' is not 1-0, 0-1, 1/2-1/2 or *"))
            })?,
            None => game.outcome().map_or(record.result, xiangqi_rules::Outcome::result),
        };
        write_record(&record, &game, params.get("format").unwrap_or("pgn"))
    })();
    answer.unwrap_or_else(|error| error)
}

/// The record's nodes for `line` played from `position`, every move checked;
/// `at` names the line in errors (`1.2: ` for the second variation of the
/// first move).
fn nodes_of(
    mut position: Position,
    line: &[NodeJson],
    at: &str,
    depth: usize,
    budget: &mut usize,
) -> Result<Vec<Node>, Reply> {
    if depth > record::MAX_VARIATION_DEPTH {
        return Err(Reply::error(
            400,
            format!("variations nested deeper than {}", record::MAX_VARIATION_DEPTH),
        ));
    }
    let mut nodes = Vec::with_capacity(line.len());
    for (index, json) in line.iter().enumerate() {
        *budget = budget
            .checked_sub(1)
            .ok_or_else(|| Reply::error(400, format!("more than {MAX_EXPORTED_MOVES} moves")))?;
        let number = index + 1;
        let text = &json.mv;
        let mv: Move = text
            .parse()
            .map_err(|error| Reply::error(400, format!("move {at}{number}: '{text}': {error}")))?;
        let mut variations = Vec::with_capacity(json.variations.len());
        for (which, variation) in json.variations.iter().enumerate() {
            let name = format!("{at}{number}, variation {}: ", which + 1);
            variations.push(nodes_of(position, variation, &name, depth + 1, budget)?);
        }
        position.play(mv).map_err(|error| Reply::error(400, format!("move {at}{number}: {error}")))?;
        nodes.push(Node { mv, comment: json.comment.clone(), variations });
    }
    Ok(nodes)
}

/// `record` written as `format`, with `game` its main line played (for SVG, its last position).
fn write_record(record: &Record, game: &History, format: &str) -> Result<Reply, Reply> {
    let cannot = |error: &dyn std::fmt::Display| Reply::error(400, format!("cannot write {format}: {error}"));
    let (content_type, extension, body) = match format {
        "pgn" | "chinese" | "wxf" | "iccs" => {
            let notation =
                if format == "pgn" { Notation::Chinese } else { format.parse().unwrap_or(Notation::Iccs) };
            let text = record.to_pgn(notation).map_err(|error| cannot(&error))?;
            ("text/plain; charset=utf-8", "pgn", text.into_bytes())
        }
        "dhtmlxq" => {
            let mut bytes = Vec::new();
            record::write_dhtmlxq(record, &mut bytes).map_err(|error| cannot(&error))?;
            ("text/plain; charset=utf-8", "txt", bytes)
        }
        "xqf" => {
            let mut bytes = Vec::new();
            record::write_xqf(record, &mut bytes).map_err(|error| cannot(&error))?;
            ("application/octet-stream", "xqf", bytes)
        }
        "svg" => {
            let marked = game.moves().last().map_or(SquareSet::EMPTY, |mv| {
                let mut squares = SquareSet::EMPTY;
                squares.insert(mv.from);
                squares.insert(mv.to);
                squares
            });
            ("image/svg+xml", "svg", game.position().board().svg_picture(marked).into_bytes())
        }
        _ => {
            return Err(Reply::error(
                400,
                format!("format: unknown format '{format}': pgn, chinese, wxf, iccs, dhtmlxq, xqf or svg"),
            ));
        }
    };
    Ok(Reply { file_name: Some(format!("game.{extension}")), ..Reply::bytes(200, content_type, body) })
}

#[cfg(test)]
mod tests;
