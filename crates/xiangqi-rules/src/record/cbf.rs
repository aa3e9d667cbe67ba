//! CBF, CChessBoard's XML record (`.cbf`).
//!
//! As CChessBoard writes it:
//! ```text
//! <ChineseChessRecord Version="1.0">
//!  <Head>
//!   <Name>title</Name> <Contest>event</Contest> <Round/> <Date/> <Site/> <Red/> <Black/>
//!   <RedTeam/> <BlackTeam/> <TimeRule/> <Commentator/> <ECCO/> ...
//!   <RecordResult>0 unknown, 1 red wins, 2 black wins, 3 or 4 a draw</RecordResult>
//!   <FEN>rnbakabnr/9/... w - - 0 1</FEN>
//!  </Head>
//!  <MoveList>
//!   <Move value="00-00"><![CDATA[comment before the first move]]></Move>
//!   <Move value="77-47" />                (file, row from the top; h2e2)
//!   <Move value="70-62"><![CDATA[a comment]]></Move>
//!   <Move value="19-27" end="1"/>         (the last move)
//!  </MoveList>
//! </ChineseChessRecord>
//! ```
//! Head fields become tags by their own names (those about the file, such as
//! `From`, `URL` or `DateModified`, are left out), but `Name` (read as
//! `Title`), `Contest` (`Event`), `TimeRule` (`TimeControl`) and
//! `Commentator` (`Annotator`); `FEN` and `RecordResult` are the start
//! position and the result. The main line is read to the move marked
//! `end="1"`; no description of how CBF writes variations was found, so
//! moves after that one are not read.

use crate::record::error::{Location, ReadError, ReadErrorKind};
use crate::record::tree::TreeBuilder;
use crate::record::xml::{Event, Events};
use crate::record::{Format, GameResult, ReadGame, RecordFile, read_as};
use crate::{Move, Position, Square};

/// Head fields about the file rather than the game, not read.
const SKIPPED: [&str; 10] = [
    "URL",
    "From",
    "DateCreated",
    "DateModified",
    "RecordType",
    "RecordKind",
    "ResultType",
    "ContestType",
    "CommentatorURL",
    "CreatorURL",
];

/// Head fields read under another tag name.
const RENAMED: [(&str, &str); 4] =
    [("Name", "Title"), ("Contest", "Event"), ("TimeRule", "TimeControl"), ("Commentator", "Annotator")];

fn error(line: usize, column: usize, kind: ReadErrorKind) -> ReadError {
    ReadError::new(Format::Cbf, Location::Text { line, column }, kind)
}

struct CbfMove {
    value: String,
    end: bool,
    comment: Option<String>,
    line: usize,
    column: usize,
}

/// What a CBF text holds, before its moves are played.
#[derive(Default)]
struct Parsed {
    head: Vec<(String, String, usize, usize)>,
    moves: Vec<CbfMove>,
}

fn parse(text: &str) -> Result<Parsed, ReadError> {
    let mut events = Events::new(text);
    let mut parsed = Parsed::default();
    let mut path: Vec<String> = Vec::new();
    let mut field: Option<(String, String, usize, usize)> = None;
    let mut seen_root = false;
    while let Some(event) = events.next_event() {
        let (event, line, column) =
            event.map_err(|xml| error(xml.line, xml.column, ReadErrorKind::Xml(xml.message)))?;
        match event {
            Event::Start { name, attributes, empty } => {
                if !seen_root {
                    if name != "ChineseChessRecord" {
                        return Err(error(line, column, ReadErrorKind::NotCbfRoot { root: Some(name) }));
                    }
                    seen_root = true;
                }
                let parent = path.last().map(String::as_str);
                if parent == Some("Head") {
                    field = Some((name.clone(), String::new(), line, column));
                } else if parent == Some("MoveList") && name == "Move" {
                    let attribute =
                        |key: &str| attributes.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
                    parsed.moves.push(CbfMove {
                        value: attribute("value").unwrap_or_default(),
                        end: attribute("end").is_some_and(|end| end.trim() == "1"),
                        comment: None,
                        line,
                        column,
                    });
                }
                if empty {
                    if let Some(field) = field.take() {
                        parsed.head.push(field);
                    }
                } else {
                    path.push(name);
                }
            }
            Event::End { name } => {
                if path.last() != Some(&name) {
                    return Err(error(line, column, ReadErrorKind::UnopenedElement { name }));
                }
                path.pop();
                if path.last().map(String::as_str) == Some("Head") {
                    if let Some(field) = field.take() {
                        parsed.head.push(field);
                    }
                }
            }
            Event::Text(text) => {
                if let Some((_, value, _, _)) = field.as_mut() {
                    value.push_str(&text);
                } else if path.last().map(String::as_str) == Some("Move") {
                    if let Some(mv) = parsed.moves.last_mut() {
                        mv.comment.get_or_insert_with(String::new).push_str(&text);
                    }
                }
            }
        }
    }
    if !seen_root {
        return Err(error(1, 1, ReadErrorKind::NotCbfRoot { root: None }));
    }
    Ok(parsed)
}

/// The move `value` gives: `XY-XY`, file then row counted from the top.
fn move_of(value: &str) -> Option<Move> {
    let digits: Vec<i64> = value
        .trim()
        .chars()
        .filter(|&c| c != '-')
        .map(|c| c.to_digit(10).map(i64::from))
        .collect::<Option<_>>()?;
    let [from_file, from_row, to_file, to_row] = digits[..] else { return None };
    let square = |file, row| Square::from_coords(file, 9 - row);
    Some(Move::new(square(from_file, from_row)?, square(to_file, to_row)?))
}

/// Reads a CBF record (see the module docs for what maps to what), its
/// text decoded as [`read`](crate::record::read) decodes it. The same as
/// `read_as(Format::Cbf, bytes)`: a [`RecordFile`] of one game.
///
/// # Errors
/// The bytes are no text, or the text is not the XML of a CBF record, or
/// its FEN is not a legal position, with a line and column. A move that
/// cannot be read or played makes the game a
/// [`BrokenRecord`](crate::record::BrokenRecord) in [`RecordFile::games`],
/// holding the moves before it.
pub fn read_cbf(bytes: &[u8]) -> Result<RecordFile, ReadError> {
    read_as(Format::Cbf, bytes)
}

/// The game of the CBF record `text`, or the error of the whole text.
pub(crate) fn read_text(text: &str) -> Result<ReadGame, ReadError> {
    let parsed = parse(text)?;
    let mut tags = Vec::new();
    let mut start = Position::start();
    let mut result = GameResult::Unknown;
    for (name, value, line, column) in parsed.head {
        let value = value.trim().to_string();
        if value.is_empty() || SKIPPED.contains(&name.as_str()) {
            continue;
        }
        match name.as_str() {
            "FEN" => {
                start = Position::from_fen(&value).map_err(|problem| {
                    error(line, column, ReadErrorKind::BadFen { fen: value.clone(), error: problem })
                })?;
            }
            "RecordResult" => {
                result = match value.as_str() {
                    "1" => GameResult::RedWins,
                    "2" => GameResult::BlackWins,
                    "3" | "4" => GameResult::Draw,
                    _ => GameResult::Unknown,
                };
            }
            _ => {
                let tag = RENAMED.iter().find(|(own, _)| *own == name).map_or(name.as_str(), |(_, tag)| tag);
                tags.push((tag.to_string(), value));
            }
        }
    }
    let mut builder = TreeBuilder::new(start);
    let mut parent = None;
    let mut problem = None;
    for (index, cbf_move) in parsed.moves.iter().enumerate() {
        let comment =
            cbf_move.comment.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(String::from);
        if index == 0 && cbf_move.value.trim() == "00-00" {
            builder.set_comment(None, comment);
        } else {
            let Some(mv) = move_of(&cbf_move.value) else {
                let kind = ReadErrorKind::NoCbfMove { text: cbf_move.value.clone() };
                problem = Some(error(cbf_move.line, cbf_move.column, kind));
                break;
            };
            match builder.add(parent, mv) {
                Ok(node) => {
                    builder.set_comment(Some(node), comment);
                    parent = Some(node);
                }
                Err(refused) => {
                    problem = Some(error(cbf_move.line, cbf_move.column, refused.into_kind(mv)));
                    break;
                }
            }
        }
        if cbf_move.end {
            break;
        }
    }
    // CBF is read along its main line only: nothing is cut.
    Ok(builder.into_game(tags, result, problem).0)
}

#[cfg(test)]
mod tests {
    use board_geometry::random::Random;

    use super::*;
    use crate::record::Record;
    use crate::record::test_support::{Damage, feed_cut_and_damaged, random_record, random_round, with_tags};

    /// Test only: the main line of `record` as CBF, as the module docs lay it out.
    fn cbf_text(record: &Record) -> String {
        let escape = |text: &str| text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        let mut text = String::from(
            "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n",
        );
        for (name, value) in &record.tags {
            let name = RENAMED.iter().find(|(_, tag)| tag == name).map_or(name.as_str(), |(own, _)| own);
            text.push_str(&format!("  <{name}>{}</{name}>\n", escape(value)));
        }
        text.push_str("  <URL />\n");
        let result = match record.result {
            GameResult::Unknown => 0,
            GameResult::RedWins => 1,
            GameResult::BlackWins => 2,
            GameResult::Draw => 3,
        };
        text.push_str(&format!(
            "  <RecordResult>{result}</RecordResult>\n  <FEN>{}</FEN>\n </Head>\n <MoveList>\n",
            record.start
        ));
        let comment = |comment: &Option<String>| comment.as_ref().map(|c| format!("<![CDATA[{c}]]>"));
        let coordinates = |square: Square| format!("{}{}", square.file().index(), 9 - square.rank().index());
        let mut line = |value: String, comment: Option<String>, end: bool| {
            let end = if end { " end=\"1\"" } else { "" };
            match comment {
                Some(comment) => text.push_str(&format!("  <Move value=\"{value}\"{end}>{comment}</Move>\n")),
                None => text.push_str(&format!("  <Move value=\"{value}\"{end} />\n")),
            }
        };
        line("00-00".into(), comment(&record.comment), record.moves.is_empty());
        for (index, node) in record.moves.iter().enumerate() {
            let value = format!("{}-{}", coordinates(node.mv.from), coordinates(node.mv.to));
            line(value, comment(&node.comment), index + 1 == record.moves.len());
        }
        text.push_str(" </MoveList>\n</ChineseChessRecord>\n");
        text
    }

    fn main_line_only(mut record: Record) -> Record {
        for node in &mut record.moves {
            node.variations.clear();
        }
        record
    }

    #[test]
    fn random_games_round_trip() {
        let mut random = Random::new(17);
        for round in 0..40 {
            let record = with_tags(
                main_line_only(random_round(&mut random, round, 40)),
                &[
                    ("Title", "第一局 屏风马 <和>"),
                    ("Event", "居荣鑫《象棋古谱全局三种》 & more"),
                    ("ECCO", "C03"),
                ],
            );
            assert_eq!(read_text(&cbf_text(&record)).unwrap(), Ok(record), "round {round}");
        }
    }

    #[test]
    fn as_chess_board_writes_it() {
        let text = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n  <Name>第十局</Name>\n  <URL />\n  <Red />\n  <RecordResult>3</RecordResult>\n  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n </Head>\n <MoveList>\n  <Move value=\"00-00\"><![CDATA[中炮对屏风马]]></Move>\n  <Move value=\"77-47\" />\n  <Move value=\"70-62\" end=\"1\"><![CDATA[正着]]></Move>\n  <Move value=\"79-67\" />\n </MoveList>\n</ChineseChessRecord>\n";
        let record = read_text(text).unwrap().unwrap();
        assert_eq!(record.tags, [("Title".to_string(), "第十局".to_string())]);
        assert_eq!(record.result, GameResult::Draw);
        assert_eq!(record.comment.as_deref(), Some("中炮对屏风马"));
        assert_eq!(record.main_line(), ["h2e2", "h9g7"].map(|mv| mv.parse::<Move>().unwrap()));
        assert_eq!(record.moves[1].comment.as_deref(), Some("正着"));
    }

    #[test]
    fn bad_records_are_refused_at_their_line_and_column() {
        let bad = |text: &str| read_text(text).unwrap_err().to_string();
        assert_eq!(
            bad("<Record/>"),
            "cbf, line 1, column 1: the root element is <Record>, not <ChineseChessRecord>"
        );
        assert_eq!(bad(""), "cbf, line 1, column 1: there is no <ChineseChessRecord> element");
        assert_eq!(
            bad("<ChineseChessRecord>\n</Head>"),
            "cbf, line 2, column 1: </Head> closes no open element"
        );
        assert!(
            bad("<ChineseChessRecord><Head><FEN>9/9 w</FEN></Head>")
                .starts_with("cbf, line 1, column 27: the FEN '9/9 w' is no legal position: ")
        );
        let moves = "<ChineseChessRecord><MoveList>\n<Move value=\"77-47\"/>\n  <Move value=\"77-47\"/><Move value=\"x\"/></MoveList></ChineseChessRecord>";
        let broken = read_text(moves).unwrap().unwrap_err();
        assert_eq!(
            broken.error.to_string(),
            "cbf, line 3, column 3: the move h2e2 cannot be played: no piece stands on h2"
        );
        assert_eq!(broken.partial.unwrap().moves.len(), 1);
        let broken = read_text(
            "<ChineseChessRecord><MoveList><Move value=\"97-47\"/></MoveList></ChineseChessRecord>",
        )
        .unwrap()
        .unwrap_err();
        assert_eq!(
            broken.error.to_string(),
            "cbf, line 1, column 31: '97-47' is no move (file and row digits: 77-47)"
        );
    }

    #[test]
    fn no_text_makes_the_reader_panic() {
        let mut random = Random::new(4);
        let text = cbf_text(&main_line_only(random_record(&mut random, Position::start(), 20)));
        let characters: Vec<char> = text.chars().collect();
        let with = ['<', '>', '"', '/', '&', ';', '9', '-', 'x', ' '];
        let damage = Damage { cut_every: 1, copies: 2000, most: 1, from: 0, with: &with };
        feed_cut_and_damaged(&characters, &mut random, &damage, |characters| {
            let _ = read_text(&characters.iter().collect::<String>());
        });
    }
}
