//! DhtmlXQ, the tagged text that Chinese xiangqi sites embed in their pages
//! for their board viewer (东萍象棋 DhtmlXQ); UBB forum posts carry the same
//! text inside `[DhtmlXQHTML]`.
//!
//! ```text
//! [DhtmlXQ]
//! [DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title]
//! [DhtmlXQ_red]许银川[/DhtmlXQ_red]
//! [DhtmlXQ_result]红胜[/DhtmlXQ_result]
//! [DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
//! [DhtmlXQ_movelist]77477967[/DhtmlXQ_movelist]
//! [DhtmlXQ_move_0_2_1]1927[/DhtmlXQ_move_0_2_1]
//! [DhtmlXQ_comment0]before the first move[/DhtmlXQ_comment0]
//! [DhtmlXQ_comment1]after the first move||on two lines[/DhtmlXQ_comment1]
//! [DhtmlXQ_comment1_2]after the variation's move[/DhtmlXQ_comment1_2]
//! [/DhtmlXQ]
//! ```
//! - `binit`: the 32 pieces' points, two digits each (file 0..8 from red's
//!   left, row 0..9 from the top), in the order red chariot, horse,
//!   elephant, advisor, general, advisor, elephant, horse, chariot, two
//!   cannons, five soldiers, then black's; `99` for a piece off the board.
//!   Without it, the start position. `fen` (written by some tools) wins over it.
//! - `movelist`: the main line, four digits a move (source, then target).
//! - `move_P_S_B`: line `B`, an alternative to move `S` (from 1) of line `P`
//!   (0 the main line); its moves are numbered on from `S`.
//! - `commentN`: the comment after move `N` of the main line (`comment0`
//!   before the first move); `commentB_N` after move `N` of line `B`; `||`
//!   stands for a line break.
//! - `result`: `红胜` (red wins), `黑胜` (black wins), `和棋` (a draw), and
//!   the variants sites write.
//! - The other fields are tags: `title` (Title), `event` (Event), `date`
//!   (Date), `place` (Site), `round` (Round), `table` (Table), `red` and
//!   `black`, `redteam` (RedTeam), `blackteam`, `redtime` (RedTime),
//!   `blacktime`, `redrating`, `blackrating`, `ecco` (ECCO), `open`
//!   (Opening), `variation` (Variation), `remark` (Annotator), `author`
//!   (Author), `group`, `judge`, `record` (Recorder); others by their name
//!   with a capital first letter. `init` and `ver` (the viewer's size and
//!   version) are left out.
//!
//! A text may hold several games, each opened by `[DhtmlXQ]`,
//! `[DhtmlXQiFrame]` or `[DhtmlXQHTML]`. Values cannot hold `[` or `]`:
//! the writer puts the full-width `［` and `］` in their place.

use std::io::Write;

use crate::record::error::{Location, ReadError, ReadErrorKind, WriteRecordError, broken};
use crate::record::game::{result_named, usual_fen};
use crate::record::tree::{CutGame, TreeBuilder, choices};
use crate::record::xqf::header::{PLACE_KINDS, points_of};
use crate::record::{Format, GameResult, Node, Record, RecordFile, read_as};
use crate::{Board, Color, Move, Piece, Position, PositionError, Setup, Square};

/// DhtmlXQ keys and the tags they are read into.
const TAGS: [(&str, &str); 22] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("table", "Table"),
    ("red", "Red"),
    ("black", "Black"),
    ("redteam", "RedTeam"),
    ("blackteam", "BlackTeam"),
    ("redtime", "RedTime"),
    ("blacktime", "BlackTime"),
    ("redrating", "RedRating"),
    ("blackrating", "BlackRating"),
    ("ecco", "ECCO"),
    ("open", "Opening"),
    ("variation", "Variation"),
    ("remark", "Annotator"),
    ("author", "Author"),
    ("group", "Group"),
    ("judge", "Judge"),
    ("record", "Recorder"),
];

/// Keys about the viewer, not the game.
const VIEWER_KEYS: [&str; 2] = ["init", "ver"];

/// One `[DhtmlXQ_key]value[/DhtmlXQ_key]`, and where its value begins.
struct Field<'a> {
    key: &'a str,
    value: &'a str,
    /// The byte offset of the opening bracket, and of the value.
    at: usize,
    value_at: usize,
}

/// Lines and columns of byte offsets in a text.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let starts = core::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect();
        Lines { text, starts }
    }

    fn location(&self, offset: usize) -> Location {
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        let column = self.text.get(start..offset).map_or(1, |before| before.chars().count() + 1);
        Location::Text { line, column }
    }

    fn error(&self, offset: usize, kind: ReadErrorKind) -> ReadError {
        ReadError::new(Format::DhtmlXq, self.location(offset), kind)
    }
}

/// Reads every game of a DhtmlXQ (or UBB) text, decoded as
/// [`read`](crate::record::read) decodes it. A text without `[DhtmlXQ_`
/// fields holds no game. The same as `read_as(Format::DhtmlXq, bytes)`.
///
/// ```
/// use xiangqi_rules::record::read_dhtmlxq;
///
/// let text = "[DhtmlXQ][DhtmlXQ_red]Hu Ronghua[/DhtmlXQ_red]\
///             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
/// let file = read_dhtmlxq(text.as_bytes())?;
/// let record = file.games[0].as_ref().unwrap();
/// assert_eq!(record.tag("Red"), Some("Hu Ronghua"));
/// assert_eq!(record.main_line(), ["h2e2".parse()?, "h9g7".parse()?]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The bytes are no text ([`ReadErrorKind::NotText`]). A game that cannot
/// be read, or only in part, is a
/// [`BrokenRecord`](crate::record::BrokenRecord) in its place in
/// [`RecordFile::games`], and does not stop the others.
pub fn read_dhtmlxq(bytes: &[u8]) -> Result<RecordFile, ReadError> {
    read_as(Format::DhtmlXq, bytes)
}

/// [`read_dhtmlxq`], each game with where it begins: its container tag
/// (`[DhtmlXQ]`), or its first field where it has none; and where its
/// variations were cut.
pub(crate) fn read_dhtmlxq_located(text: &str) -> Vec<(Location, CutGame)> {
    let lines = Lines::new(text);
    segments(text).into_iter().filter_map(|(start, end)| read_game(text, start, end, &lines)).collect()
}

/// The byte ranges of the games: from each container tag to the next.
fn segments(text: &str) -> Vec<(usize, usize)> {
    let openers: Vec<usize> = text
        .match_indices("[DhtmlXQ")
        .map(|(at, _)| at)
        .filter(|&at| !text[at + "[DhtmlXQ".len()..].starts_with('_'))
        .collect();
    if openers.is_empty() {
        return vec![(0, text.len())];
    }
    let mut segments = vec![(0, openers[0])];
    segments.extend(
        openers
            .iter()
            .enumerate()
            .map(|(index, &at)| (at, openers.get(index + 1).copied().unwrap_or(text.len()))),
    );
    segments
}

/// Whether the game cannot be read without the field `key`: the start
/// position and the moves. Any other field is a tag or a comment, which a
/// page written carelessly must never cost the game.
fn is_needed(key: &str) -> bool {
    ["movelist", "binit", "fen"].contains(&key) || key.starts_with("move_")
}

/// The fields of `text[start..end]`, or the first needed one never closed.
/// A field closed under another name (`[DhtmlXQ_blacktime]..[/DhtmlXQ_time]`,
/// as generators write it) ends at that closing tag; a field that is not
/// needed (see [`is_needed`]) and never closed is left out.
fn fields(text: &str, start: usize, end: usize) -> Result<Vec<Field<'_>>, usize> {
    const OPENER: &str = "[DhtmlXQ_";
    const ANY_CLOSER: &str = "[/DhtmlXQ_";
    let mut fields = Vec::new();
    let mut from = start;
    while let Some(found) = text[from..end].find(OPENER) {
        let at = from + found;
        let key_at = at + OPENER.len();
        let next_opener = |from: usize| text[from..end].find(OPENER).map_or(end, |found| from + found);
        // The key ends at the first `]`, unless another field opens before it
        // (an opener holds no `]`, so one before it lies wholly before it):
        // found without looking for the next opener through the value.
        let key_end = text[key_at..end].find(']');
        let Some(key_length) = key_end.filter(|&length| !text[key_at..key_at + length].contains(OPENER))
        else {
            if is_needed(text[key_at..end].split(']').next().unwrap_or_default()) {
                return Err(at);
            }
            from = next_opener(key_at);
            continue;
        };
        let key = &text[key_at..key_at + key_length];
        let value_at = key_at + key_length + 1;
        let closer = format!("[/DhtmlXQ_{key}]");
        let (value_end, next) = match text[value_at..end].find(&closer) {
            Some(length) => (value_at + length, value_at + length + closer.len()),
            None => {
                let before = next_opener(value_at);
                let other = text[value_at..before].find(ANY_CLOSER).and_then(|length| {
                    let closer_end = text[value_at + length..before].find(']')?;
                    Some((value_at + length, value_at + length + closer_end + 1))
                });
                match other {
                    Some(closed) => closed,
                    None if is_needed(key) => return Err(at),
                    None => {
                        from = before;
                        continue;
                    }
                }
            }
        };
        fields.push(Field { key, value: &text[value_at..value_end], at, value_at });
        from = next;
    }
    Ok(fields)
}

/// The game of `text[start..end]` and where it begins, if it holds one.
fn read_game(text: &str, start: usize, end: usize, lines: &Lines<'_>) -> Option<(Location, CutGame)> {
    let opened = text[start..].starts_with("[DhtmlXQ") && !text[start..].starts_with("[DhtmlXQ_");
    let fields = match fields(text, start, end) {
        Ok(fields) if fields.is_empty() => return None,
        Ok(fields) => fields,
        Err(at) => {
            let key: String = text[at + 9..end].chars().take_while(|&c| c != ']').take(40).collect();
            let begins = lines.location(if opened { start } else { at });
            return Some((
                begins,
                (broken(None, lines.error(at, ReadErrorKind::UnclosedField { field: key })), Vec::new()),
            ));
        }
    };
    let begins = lines.location(if opened { start } else { fields[0].at });
    Some((begins, read_fields(&fields, lines)))
}

/// The game the fields of one container hold.
fn read_fields(fields: &[Field<'_>], lines: &Lines<'_>) -> CutGame {
    let field = |key: &str| fields.iter().find(|field| field.key == key);
    let mut tags = Vec::new();
    let mut result = GameResult::Unknown;
    for field in fields {
        let value = field.value.trim();
        let own = ["binit", "movelist", "fen"].contains(&field.key)
            || field.key.starts_with("move_")
            || field.key.starts_with("comment")
            || VIEWER_KEYS.contains(&field.key);
        if field.key == "result" {
            result = result_of(value);
        } else if !own && !value.is_empty() && field.key.chars().all(|c| c.is_ascii_alphanumeric()) {
            let tag = TAGS
                .iter()
                .find(|(key, _)| *key == field.key)
                .map_or_else(|| capitalized(field.key), |(_, tag)| (*tag).to_string());
            tags.push((tag, value.to_string()));
        }
    }
    let start = match start_position(field("fen"), field("binit"), field("movelist"), lines) {
        Ok(start) => start,
        Err(error) => return (broken(None, error), Vec::new()),
    };
    build_tree(start, fields, tags, result, lines)
}

fn capitalized(key: &str) -> String {
    let mut characters = key.chars();
    characters
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + characters.as_str())
        .unwrap_or_default()
}

/// The result a `result` field names (see [`result_named`]).
fn result_of(value: &str) -> GameResult {
    result_named(value).unwrap_or(GameResult::Unknown)
}

/// The point two digits name (file, row from the top), if any.
fn point(file: u8, row: u8) -> Option<Square> {
    if file <= 8 && row <= 9 { Square::from_coords(i64::from(file), 9 - i64::from(row)) } else { None }
}

/// The digits of a field's value, or the offset of the first non-digit.
fn digits(field: &Field<'_>) -> Result<Vec<u8>, usize> {
    let value = field.value.trim_end();
    let leading = field.value.len() - field.value.trim_start().len();
    // Read as bytes: a character that is no digit begins with a byte that is none.
    value
        .trim_start()
        .bytes()
        .enumerate()
        .map(
            |(at, byte)| {
                if byte.is_ascii_digit() { Ok(byte - b'0') } else { Err(field.value_at + leading + at) }
            },
        )
        .collect()
}

fn start_position(
    fen: Option<&Field<'_>>,
    binit: Option<&Field<'_>>,
    movelist: Option<&Field<'_>>,
    lines: &Lines<'_>,
) -> Result<Position, ReadError> {
    if let Some(fen) = fen.filter(|fen| !fen.value.trim().is_empty()) {
        let fen_text = fen.value.trim();
        let usual = usual_fen(fen_text);
        return Position::from_fen(usual.as_deref().unwrap_or(fen_text)).map_err(|error| {
            lines.error(fen.value_at, ReadErrorKind::BadFen { fen: fen_text.to_string(), error })
        });
    }
    let board = match binit.filter(|binit| !binit.value.trim().is_empty()) {
        None => Board::start(),
        Some(binit) => {
            let digits = digits(binit)
                .map_err(|at| lines.error(at, ReadErrorKind::NotDigits { what: "binit's piece points" }))?;
            if digits.len() != 64 {
                return Err(lines.error(binit.value_at, ReadErrorKind::BinitLength { digits: digits.len() }));
            }
            let mut board = Board::empty();
            for (place, pair) in digits.chunks_exact(2).enumerate() {
                let color = if place < 16 { Color::Red } else { Color::Black };
                if let Some(square) = point(pair[0], pair[1]) {
                    if board.put(square, Piece::new(color, PLACE_KINDS[place % 16])).is_some() {
                        return Err(
                            lines.error(binit.value_at + 2 * place, ReadErrorKind::PointTaken { place })
                        );
                    }
                }
            }
            board
        }
    };
    // The first move's point, where the moves are all digits: looked at
    // without reading them all (the tree is built from them later).
    let first = movelist.and_then(|movelist| {
        let value = movelist.value.trim();
        if !value.bytes().all(|byte| byte.is_ascii_digit()) {
            return None;
        }
        let [file, row, ..] = *value.as_bytes() else { return None };
        board.piece_at(point(file - b'0', row - b'0')?)
    });
    let at = binit.map_or(0, |binit| binit.value_at);
    let position = |turn| {
        Position::from_setup(Setup { board, turn, ..Setup::start() })
            .or_else(PositionError::ignore_too_much_material)
    };
    match first {
        Some(piece) => position(piece.color),
        // No move tells who moves first: red, unless only black may.
        None => position(Color::Red).or_else(|red| position(Color::Black).map_err(|_| red)),
    }
    .map_err(|problems| lines.error(at, ReadErrorKind::BadStart(problems)))
}

/// A line of the tree being read: the move it starts at, and its nodes.
struct Branch {
    first_step: usize,
    nodes: Vec<usize>,
}

fn build_tree(
    start: Position,
    fields: &[Field<'_>],
    tags: Vec<(String, String)>,
    result: GameResult,
    lines: &Lines<'_>,
) -> CutGame {
    let mut builder = TreeBuilder::new(start);
    // Four digits a move, in the main line and the variations.
    builder.reserve(
        fields
            .iter()
            .filter(|field| field.key == "movelist" || field.key.starts_with("move_"))
            .map(|field| field.value.len() / 4)
            .sum(),
    );
    let mut branches: std::collections::BTreeMap<usize, Branch> = std::collections::BTreeMap::new();
    let mut variations: Vec<(usize, usize, usize, &Field<'_>)> = Vec::new();
    let mut problem = None;
    // The lines cut at a bad move.
    let mut cut_lines: Vec<usize> = Vec::new();
    for field in fields {
        let Some(numbers) = field.key.strip_prefix("move_") else { continue };
        let numbers: Vec<Option<usize>> = numbers.split('_').map(|number| number.parse().ok()).collect();
        match numbers[..] {
            [Some(parent), Some(step), Some(branch)] if branch > 0 => {
                variations.push((branch, parent, step, field));
            }
            _ => {
                let kind = ReadErrorKind::NoVariationKey { field: field.key.to_string() };
                problem = Some(lines.error(field.at, kind));
            }
        }
    }
    variations.sort_by_key(|&(branch, ..)| branch);
    let main = fields.iter().find(|field| field.key == "movelist");
    let mut work: Vec<(usize, Option<usize>, usize, Option<&Field<'_>>)> = vec![(0, None, 1, main)];
    for &(branch, parent, step, field) in &variations {
        work.push((branch, Some(parent), step, Some(field)));
    }
    'lines: for (branch, parent_line, step, field) in work {
        if problem.is_some() {
            break;
        }
        // The node the line's first move follows.
        let after = match parent_line {
            None => None,
            Some(parent) => {
                let Some(line) = branches.get(&parent) else {
                    // A variation of a variation skipped with the cut of its own.
                    if cut_lines.contains(&parent) {
                        cut_lines.push(branch);
                        continue;
                    }
                    let kind = ReadErrorKind::UnknownBranch { branch: branch as u32, parent: parent as u32 };
                    problem = Some(lines.error(field.map_or(0, |field| field.at), kind));
                    break;
                };
                let before =
                    if parent == 0 { step.checked_sub(2) } else { step.checked_sub(line.first_step + 1) };
                let found = match before {
                    None if parent == 0 && step == 1 => Some(None),
                    Some(index) => line.nodes.get(index).map(|&node| Some(node)),
                    None => None,
                };
                // A variation of a line that was cut, from past the cut, goes with it.
                if found.is_none() && cut_lines.contains(&parent) {
                    cut_lines.push(branch);
                    continue;
                }
                let Some(after) = found else {
                    let kind = ReadErrorKind::NoBranchPoint { branch, step, parent };
                    problem = Some(lines.error(field.map_or(0, |field| field.at), kind));
                    break;
                };
                after
            }
        };
        let mut line = Branch { first_step: step, nodes: Vec::new() };
        if let Some(field) = field {
            let digits = match digits(field) {
                Ok(digits) if digits.len() % 4 == 0 => digits,
                Ok(digits) => {
                    let kind = ReadErrorKind::PartMove { digits: digits.len() };
                    problem = Some(lines.error(field.value_at, kind));
                    break;
                }
                Err(at) => {
                    problem = Some(lines.error(at, ReadErrorKind::NotDigits { what: "moves" }));
                    break;
                }
            };
            let leading = field.value.len() - field.value.trim_start().len();
            let mut parent = after;
            for (index, quad) in digits.chunks_exact(4).enumerate() {
                let at = field.value_at + leading + 4 * index;
                let (Some(from), Some(to)) = (point(quad[0], quad[1]), point(quad[2], quad[3])) else {
                    let digits = format!("{}{}{}{}", quad[0], quad[1], quad[2], quad[3]);
                    let refused = lines.error(at, ReadErrorKind::NoMoveInDigits { digits });
                    if branch == 0 {
                        problem = Some(refused);
                        branches.insert(branch, line);
                        break 'lines;
                    }
                    builder.cut(refused);
                    cut_lines.push(branch);
                    break;
                };
                let mv = Move::new(from, to);
                match builder.add(parent, mv) {
                    Ok(node) => {
                        line.nodes.push(node);
                        parent = Some(node);
                    }
                    Err(refused) if branch == 0 => {
                        problem = Some(lines.error(at, refused.into_kind(mv)));
                        branches.insert(branch, line);
                        break 'lines;
                    }
                    // A variation that cannot be played is cut at its bad move.
                    Err(refused) => {
                        builder.cut(lines.error(at, refused.into_kind(mv)));
                        cut_lines.push(branch);
                        break;
                    }
                }
            }
        }
        branches.insert(branch, line);
    }
    for field in fields {
        let Some(place) = field.key.strip_prefix("comment") else { continue };
        let numbers: Vec<Option<usize>> = place.split('_').map(|number| number.parse().ok()).collect();
        let (branch, step) = match numbers[..] {
            [Some(step)] => (0, step),
            [Some(branch), Some(step)] => (branch, step),
            _ => continue,
        };
        let comment = Some(field.value.replace("||", "\n").trim().to_string());
        if branch == 0 && step == 0 {
            builder.set_comment(None, comment);
        } else if let Some(line) = branches.get(&branch) {
            if let Some(&node) = step.checked_sub(line.first_step).and_then(|index| line.nodes.get(index)) {
                builder.set_comment(Some(node), comment);
            }
        }
    }
    builder.into_game(tags, result, problem)
}

/// A value as DhtmlXQ can hold it: brackets made full-width, line breaks `||`.
fn escaped(text: &str, line_break: &str) -> String {
    text.replace('[', "［").replace(']', "］").replace("\r\n", "\n").replace('\n', line_break)
}

/// The two digits of `square`: file, then row from the top.
fn digits_of(square: Square) -> String {
    format!("{}{}", square.file().index(), 9 - square.rank().index())
}

/// Writes `record` as DhtmlXQ text (see the module docs): its tags, result,
/// start position, the main line and every variation, and the comments.
/// `[` and `]` in values become `［` and `］`, line breaks in comments `||`,
/// line breaks in tags spaces. Tags whose names are not letters and digits
/// are left out.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::record::{Node, Record, read_dhtmlxq, write_dhtmlxq};
///
/// let mut record = Record::new(Position::start());
/// record.set_tag("Site", "Beijing");
/// record.moves.push(Node::new("h2e2".parse()?));
/// let mut text = Vec::new();
/// write_dhtmlxq(&record, &mut text)?;
/// let text = String::from_utf8(text)?;
/// assert!(text.contains("[DhtmlXQ_place]Beijing[/DhtmlXQ_place]\n"));
/// assert!(text.contains("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n"));
/// assert_eq!(read_dhtmlxq(text.as_bytes())?.games, [Ok(record)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The writer fails, or the start position has more pieces of a kind than
/// a side starts with.
pub fn write_dhtmlxq(record: &Record, mut writer: impl Write) -> Result<(), WriteRecordError> {
    let points = points_of(&record.start.setup().board)
        .map_err(|piece| WriteRecordError::TooManyPieces { format: Format::DhtmlXq, piece })?;
    let mut text = String::from("[DhtmlXQ]\n");
    let mut field =
        |key: &str, value: &str| text.push_str(&format!("[DhtmlXQ_{key}]{value}[/DhtmlXQ_{key}]\n"));
    for (tag, value) in &record.tags {
        let key = TAGS
            .iter()
            .find(|(_, own)| own.eq_ignore_ascii_case(tag))
            .map_or_else(|| tag.to_ascii_lowercase(), |(key, _)| (*key).to_string());
        let reserved = ["result", "binit", "movelist", "fen"].contains(&key.as_str())
            || key.starts_with("move")
            || key.starts_with("comment")
            || VIEWER_KEYS.contains(&key.as_str());
        if !reserved && !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric()) {
            field(&key, &escaped(value, " "));
        }
    }
    let result = match record.result {
        GameResult::RedWins => Some("红胜"),
        GameResult::BlackWins => Some("黑胜"),
        GameResult::Draw => Some("和棋"),
        GameResult::Unknown => None,
    };
    if let Some(result) = result {
        field("result", result);
    }
    let binit: String = points
        .iter()
        .map(|&byte| if byte < 90 { format!("{}{}", byte / 10, 9 - byte % 10) } else { "99".to_string() })
        .collect();
    field("binit", &binit);
    if record.start.turn() == Color::Black {
        // binit cannot say that black moves first; readers that know `fen` take it from there.
        field("fen", &record.start.to_string());
    }
    let (moves, comments) = lines_of(record);
    for (branch, parent, step, moves) in moves {
        if branch == 0 {
            field("movelist", &moves);
        } else {
            field(&format!("move_{parent}_{step}_{branch}"), &moves);
        }
    }
    for (branch, step, comment) in comments {
        let key = if branch == 0 { format!("comment{step}") } else { format!("comment{branch}_{step}") };
        field(&key, &escaped(comment, "||"));
    }
    text.push_str("[/DhtmlXQ]\n");
    writer.write_all(text.as_bytes())?;
    Ok(())
}

type Lines4<'a> = (Vec<(usize, usize, usize, String)>, Vec<(usize, usize, &'a str)>);

/// The lines of `record` numbered as DhtmlXQ numbers them (each with the
/// line and move it branches from, and its moves as digits), and the
/// comments by line and move.
fn lines_of(record: &Record) -> Lines4<'_> {
    let mut lines = Vec::new();
    let mut comments = Vec::new();
    if let Some(comment) = &record.comment {
        comments.push((0, 0, comment.as_str()));
    }
    // Lines to write: (the line it branches from, the move number of its first move, the line).
    let mut pending: Vec<(usize, usize, &[Node])> = vec![(0, 1, &record.moves)];
    let mut next_number = 0;
    while let Some((parent, step, line)) = pending.pop() {
        let number = next_number;
        next_number += 1;
        let mut digits = String::new();
        for (index, node) in line.iter().enumerate() {
            digits.push_str(&digits_of(node.mv.from));
            digits.push_str(&digits_of(node.mv.to));
            if let Some(comment) = &node.comment {
                comments.push((number, step + index, comment.as_str()));
            }
            // The alternatives to this move; those to a line's first move
            // belong to the line it branches from, but the main line's.
            let here: Vec<&[Node]> =
                if index > 0 || number == 0 { alternatives(&line[index..]) } else { Vec::new() };
            for alternative in here.into_iter().rev() {
                pending.push((number, step + index, alternative));
            }
        }
        if number > 0 || !digits.is_empty() {
            lines.push((number, parent, step, digits));
        }
    }
    (lines, comments)
}

/// The variations of `line`'s first move, and those of their first moves,
/// in order: the lines to choose from there but `line` itself.
fn alternatives(line: &[Node]) -> Vec<&[Node]> {
    let mut choices = choices(line);
    choices.remove(0);
    choices
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;

    use super::*;
    use crate::record::test_support::{
        Damage, feed_cut_and_damaged, mv, random_record, random_round, with_tags,
    };

    fn write(record: &Record) -> String {
        let mut text = Vec::new();
        write_dhtmlxq(record, &mut text).unwrap();
        String::from_utf8(text).unwrap()
    }

    /// The games of the DhtmlXQ text `text`.
    fn games_of(text: &str) -> Vec<crate::record::ReadGame> {
        read_dhtmlxq(text.as_bytes()).unwrap().games
    }

    #[test]
    fn random_trees_round_trip() {
        let mut random = Random::new(31);
        for round in 0..80 {
            let mut record = with_tags(
                random_round(&mut random, round, 40),
                &[
                    ("Title", "中炮对屏风马"),
                    ("Site", "北京"),
                    ("Red", "许银川"),
                    ("Opening", "C83"),
                    ("Whatever", "x"),
                ],
            );
            let text = write(&record);
            let games = games_of(&text);
            assert_eq!(games.len(), 1);
            assert_eq!(games[0].as_ref().unwrap(), &record, "round {round}\n{text}");
            record.moves.clear();
            assert_eq!(games_of(&write(&record))[0].as_ref().unwrap(), &record);
        }
    }

    #[test]
    fn a_page_as_sites_write_it() {
        // The published example's start (binit from the DhtmlXQ viewer's samples), in a UBB post.
        let text = "看这局：\n[DhtmlXQHTML]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n[DhtmlXQ_init]500,350[/DhtmlXQ_init]\n\
                    [DhtmlXQ_title]仙人指路[/DhtmlXQ_title]\n[DhtmlXQ_result]黑胜[/DhtmlXQ_result]\n[DhtmlXQ_remark]东方剑客[/DhtmlXQ_remark]\n\
                    [DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]\n\
                    [DhtmlXQ_movelist]2625[/DhtmlXQ_movelist]\n[DhtmlXQ_move_0_1_1]7747[/DhtmlXQ_move_0_1_1]\n\
                    [DhtmlXQ_comment0]开局||第二行[/DhtmlXQ_comment0]\n[DhtmlXQ_comment1_1]中炮[/DhtmlXQ_comment1_1]\n[/DhtmlXQHTML]";
        let games = games_of(text);
        assert_eq!(games.len(), 1);
        let record = games[0].as_ref().unwrap();
        assert_eq!(
            record.tags,
            [
                ("Title".to_string(), "仙人指路".to_string()),
                ("Annotator".to_string(), "东方剑客".to_string())
            ]
        );
        assert_eq!(record.result, GameResult::BlackWins);
        // The binit lists red from a0 on: the start position all the same.
        assert_eq!(record.start, Position::start());
        assert_eq!(record.comment.as_deref(), Some("开局\n第二行"));
        assert_eq!(record.main_line(), [mv("c3c4")]);
        assert_eq!(
            record.moves[0].variations,
            [vec![Node { comment: Some("中炮".into()), ..Node::new(mv("h2e2")) }]]
        );
        // Two games in one page.
        let two = format!(
            "[DhtmlXQ]{}[/DhtmlXQ]\n[DhtmlXQ][DhtmlXQ_movelist]7062[/DhtmlXQ_movelist][/DhtmlXQ]",
            "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
        );
        let games = games_of(&two);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].as_ref().unwrap().start.turn(), Color::Black);
        assert!(games_of("no game here").is_empty());
    }

    #[test]
    fn bad_texts_are_refused_at_their_line_and_column() {
        let error = |text: &str| games_of(text)[0].as_ref().unwrap_err().error.to_string();
        assert_eq!(
            error("[DhtmlXQ]\n  [DhtmlXQ_movelist]7747"),
            "dhtmlxq, line 2, column 3: [DhtmlXQ_movelist] is never closed with [/DhtmlXQ_movelist]"
        );
        assert_eq!(
            error("[DhtmlXQ_movelist]77a7[/DhtmlXQ_movelist]"),
            "dhtmlxq, line 1, column 21: moves are written in digits"
        );
        assert_eq!(
            error("[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]"),
            "dhtmlxq, line 1, column 19: a move takes four digits; 3 digits are no whole number of moves"
        );
        assert_eq!(
            error("[DhtmlXQ_binit]0919[/DhtmlXQ_binit]"),
            "dhtmlxq, line 1, column 16: binit holds 64 digits (two for each of 32 pieces), not 4"
        );
        let broken = games_of("[DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist]").remove(0).unwrap_err();
        assert_eq!(
            broken.error.to_string(),
            "dhtmlxq, line 1, column 23: the move h2e2 cannot be played: no piece stands on h2"
        );
        assert_eq!(broken.partial.unwrap().main_line(), [mv("h2e2")]);
        assert_eq!(
            error("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_2_1_3]7062[/DhtmlXQ_move_2_1_3]"),
            "dhtmlxq, line 1, column 42: variation 3 branches from line 2, which the record does not give"
        );
        assert_eq!(
            error("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_5_1]7062[/DhtmlXQ_move_0_5_1]"),
            "dhtmlxq, line 1, column 42: variation 1 branches at move 5 of line 0, which has no move there"
        );
    }

    #[test]
    fn tags_closed_under_another_name_or_never_do_not_cost_the_game() {
        let text = "[DhtmlXQ]\n[DhtmlXQ_red]许银川[/DhtmlXQ_red]\n[DhtmlXQ_redtime]30分[/DhtmlXQ_time]\n\
                    [DhtmlXQ_blacktime]20分[/DhtmlXQ_time]\n[DhtmlXQ_title]never closed\n\
                    [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_comment1]中炮\n[/DhtmlXQ]";
        let games = games_of(text);
        let record = games[0].as_ref().unwrap();
        let tags: Vec<(&str, &str)> =
            record.tags.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
        assert_eq!(tags, [("Red", "许银川"), ("RedTime", "30分"), ("BlackTime", "20分")]);
        assert_eq!(record.main_line(), [mv("h2e2"), mv("h9g7")]);
        assert_eq!(record.moves[0].comment, None, "a comment never closed is left out");
        // A moves field never closed still is the game's problem.
        let broken = games_of("[DhtmlXQ_red]x[/DhtmlXQ_red][DhtmlXQ_movelist]7747").remove(0).unwrap_err();
        assert_eq!(broken.error.at, Location::Text { line: 1, column: 29 });
    }

    #[test]
    fn a_bad_move_in_a_variation_cuts_the_variation_only() {
        let text = "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n\
                    [DhtmlXQ_move_0_2_1]102277771927[/DhtmlXQ_move_0_2_1]\n\
                    [DhtmlXQ_move_1_4_2]1022[/DhtmlXQ_move_1_4_2]\n\
                    [DhtmlXQ_move_0_2_3]2042[/DhtmlXQ_move_0_2_3]\n";
        let file = crate::record::read(text.as_bytes()).unwrap();
        let record = file.games[0].as_ref().unwrap();
        assert_eq!(record.main_line(), [mv("h2e2"), mv("h9g7")]);
        // Variation 1 stops before 7777 (h2, emptied by the first move); variation 2 branched from
        // its cut part and goes with it; variation 3 stays.
        assert_eq!(record.moves[1].variations, [vec![Node::new(mv("b9c7"))], vec![Node::new(mv("c9e7"))]]);
        let [cut] = file.cut_variations.as_slice() else { panic!("{:?}", file.cut_variations) };
        assert_eq!(cut.error.at, Location::Text { line: 2, column: 25 });
        assert_eq!(
            cut.to_string(),
            "dhtmlxq, line 2, column 25: a variation is cut at its bad move, the rest of it left out: \
             the move h2h2 cannot be played: no piece stands on h2"
        );
    }

    #[test]
    fn no_text_makes_the_reader_panic() {
        let mut random = Random::new(8);
        let mut record = random_record(&mut random, Position::start(), 30);
        record.set_tag("Red", "许银川");
        let text: Vec<char> = write(&record).chars().collect();
        let with = ['[', ']', '_', '0', '9', '1', 'x', '/', '\n', '中'];
        let damage = Damage { cut_every: 1, copies: 3000, most: 3, from: 0, with: &with };
        feed_cut_and_damaged(&text, &mut random, &damage, |text| {
            for game in games_of(&text.iter().collect::<String>()) {
                if let Err(broken) = game {
                    let _ = broken.to_string();
                }
            }
        });
    }
}
