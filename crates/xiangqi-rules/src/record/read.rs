//! Reading a record file of any format: its format found from its content,
//! its text decoded, its games read.

use std::borrow::Cow;

use crate::record::error::{Location, ReadError, ReadErrorKind, ReadGame, broken};
use crate::record::sniff::utf16_text;
use crate::record::{
    Format, Record, ReplayError, Sniffed, games, read_cbf, read_cbl, read_cbr, read_dhtmlxq, read_xqf, sniff,
};

/// The games of a record file, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordFile {
    /// The file's format.
    pub format: Format,
    /// A library's name (CBL), if it has one.
    pub name: Option<String>,
    /// Each game, in the file's order: read in full, or in part with the
    /// problem that stopped it. One for XQF, CBR and CBF; any number for
    /// PGN, DhtmlXQ and CBL.
    pub games: Vec<ReadGame>,
}

/// Reads a record file of any format, found from its content (see
/// [`sniff`]); text may be UTF-8, UTF-16 with a byte-order mark, or GBK
/// (with the `gbk` feature).
///
/// ```
/// use xiangqi_rules::record::{self, Format};
///
/// let file = record::read("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]".as_bytes())?;
/// assert_eq!(file.format, Format::DhtmlXq);
/// assert_eq!(file.games[0].as_ref().unwrap().main_line(), ["h2e2".parse()?]);
///
/// let error = record::read(b"PK\x03\x04 a zip archive").unwrap_err();
/// assert_eq!(error.to_string(), "byte 0 (0x0): not a game record: this looks like a zip archive; unpack it first");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The bytes are no record ([`ReadErrorKind::NotARecord`], saying what
/// they look like), or the file cannot be read at all in its format.
pub fn read(bytes: &[u8]) -> Result<RecordFile, ReadError> {
    match sniff(bytes) {
        Sniffed::Record(format) => read_as(format, bytes),
        Sniffed::Other(content) => {
            Err(ReadError { format: None, at: Location::Byte(0), kind: ReadErrorKind::NotARecord(content) })
        }
    }
}

/// Reads `bytes` as a record file of `format`, whatever they look like.
///
/// # Errors
/// The file cannot be read at all in `format`: see each format's reader.
pub fn read_as(format: Format, bytes: &[u8]) -> Result<RecordFile, ReadError> {
    let file = |games| RecordFile { format, name: None, games };
    match format {
        Format::Xqf => read_xqf(bytes).map(|game| file(vec![game])),
        Format::Cbr => read_cbr(bytes).map(|game| file(vec![game])),
        Format::Cbl => read_cbl(bytes).map(|library| RecordFile {
            format,
            name: Some(library.name).filter(|name| !name.is_empty()),
            games: library.games,
        }),
        Format::Cbf => read_cbf(&text_of(bytes, format)?).map(|game| file(vec![game])),
        Format::DhtmlXq => Ok(file(read_dhtmlxq(&text_of(bytes, format)?))),
        Format::Pgn => Ok(file(read_pgn(&text_of(bytes, format)?))),
    }
}

/// The text of a text record's bytes: UTF-16 with a byte-order mark, UTF-8
/// (a byte-order mark dropped), or GBK.
fn text_of(bytes: &[u8], format: Format) -> Result<Cow<'_, str>, ReadError> {
    if let Some(text) = utf16_text(bytes) {
        return Ok(Cow::Owned(text));
    }
    #[cfg(feature = "gbk")]
    {
        let _ = format;
        Ok(crate::record::decode(bytes).0)
    }
    #[cfg(not(feature = "gbk"))]
    {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        std::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|error| {
            ReadError::new(format, Location::Byte(error.valid_up_to()), ReadErrorKind::NotText)
        })
    }
}

/// Reads the games of a PGN-style text (see [`games`]) and plays them on
/// the board: each becomes a [`Record`] (see [`Record::from_replay`]), or
/// the moves that could be played and the problem with the next one.
///
/// ```
/// use xiangqi_rules::record::read_pgn;
///
/// let games = read_pgn("1. 炮二平五 马８进７ {a note} 2. 马二进二 *");
/// let broken = games[0].as_ref().unwrap_err();
/// assert_eq!(broken.partial.as_ref().unwrap().moves[1].comment.as_deref(), Some("a note"));
/// assert!(broken.error.to_string().starts_with("pgn, line 1, column 26: '马二进二' names no legal move"));
/// ```
#[must_use]
pub fn read_pgn(text: &str) -> Vec<ReadGame> {
    let error = |line, column, kind| ReadError::new(Format::Pgn, Location::Text { line, column }, kind);
    games(text)
        .map(|game| {
            let game = match game {
                Ok(game) => game,
                Err(text_error) => {
                    return broken(
                        None,
                        error(text_error.line, text_error.column, ReadErrorKind::Text(Box::new(text_error))),
                    );
                }
            };
            match game.replay() {
                Ok(replay) => Ok(Record::from_replay(&game, &replay)),
                Err(ReplayError::BadMove(bad)) => {
                    let partial = Record::from_game_moves(&game, *bad.played.start(), bad.played.moves());
                    broken(
                        Some(partial),
                        error(bad.line, bad.column, ReadErrorKind::BadMoveText(Box::new(bad.error))),
                    )
                }
                Err(unusable) => {
                    broken(None, error(game.line, game.column, ReadErrorKind::Replay(Box::new(unusable))))
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Content, GameResult};

    #[test]
    fn every_format_is_read_through_one_door() {
        let mut record = Record::new(crate::Position::start());
        record.moves.push(crate::record::Node::new("h2e2".parse().unwrap()));
        let mut xqf = Vec::new();
        crate::record::write_xqf(&record, &mut xqf).unwrap();
        let mut dhtmlxq = Vec::new();
        crate::record::write_dhtmlxq(&record, &mut dhtmlxq).unwrap();
        let pgn = record.to_pgn(crate::notation::Notation::Chinese).unwrap();
        let utf16: Vec<u8> =
            [0xFEFF_u16].into_iter().chain(pgn.encode_utf16()).flat_map(u16::to_le_bytes).collect();
        for (bytes, format) in [
            (&xqf, Format::Xqf),
            (&dhtmlxq, Format::DhtmlXq),
            (&pgn.as_bytes().to_vec(), Format::Pgn),
            (&utf16, Format::Pgn),
        ] {
            let file = read(bytes).unwrap();
            assert_eq!(file.format, format);
            assert_eq!(file.games.len(), 1);
            assert_eq!(file.games[0].as_ref().unwrap(), &record, "{format}");
        }
        assert_eq!(read(b"").unwrap_err().kind, ReadErrorKind::NotARecord(Content::Empty));
        assert_eq!(
            read_as(Format::Cbr, &xqf).unwrap_err().kind,
            ReadErrorKind::BadMagic { expected: "CCBridge Record" }
        );
    }

    #[test]
    fn pgn_games_keep_their_comments_and_report_their_problems() {
        let text = "[Event \"A\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n{start} 1. h2e2 {one} {two} h9g7 1-0\n\
                    [FEN \"9/9 w\"]\n1. h2e2 *\n[Event \"C\"\n1. h2e2 *\n";
        let games = read_pgn(text);
        assert_eq!(games.len(), 3);
        let first = games[0].as_ref().unwrap();
        assert_eq!(first.tags, [("Event".to_string(), "A".to_string())]);
        assert_eq!(first.result, GameResult::RedWins);
        assert_eq!(first.comment.as_deref(), Some("start"));
        assert_eq!(first.moves[0].comment.as_deref(), Some("one\ntwo"));
        let second = games[1].as_ref().unwrap_err();
        assert!(
            matches!(&second.error.kind, ReadErrorKind::Replay(replay) if matches!(**replay, ReplayError::BadFen { .. }))
        );
        assert_eq!(second.error.at, Location::Text { line: 5, column: 1 });
        let third = games[2].as_ref().unwrap_err();
        assert_eq!(
            third.error.to_string(),
            "pgn, line 7, column 11: bad tag: tag Event must end with ] after its value"
        );
    }
}
