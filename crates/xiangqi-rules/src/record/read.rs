//! Reading a record file of any format: its format found from its content,
//! its text decoded, its games read.

#[cfg(doc)]
use crate::record::PgnGames;
use crate::record::cbl::read_cbl_located;
use crate::record::dhtmlxq::read_dhtmlxq_located;
use crate::record::error::{Location, ReadError, ReadErrorKind, broken};
use crate::record::tree::CutGame;
use crate::record::xqf::read_xqf_cut;
use crate::record::{
    BrokenRecord, CutVariation, Decoding, Format, Record, RecordWarning, ReplayError, Sniffed, TextEncoding,
    cbf, cbr, decode, decode_as, pgn_games, sniff,
};

/// How a record file is read: what is found from its content unless given.
///
/// ```
/// use xiangqi_rules::record::{Format, ReadOptions, TextEncoding};
///
/// let options = ReadOptions::new().with_encoding(TextEncoding::Big5);
/// assert_eq!((options.format, options.encoding), (None, Some(TextEncoding::Big5)));
/// assert_eq!(ReadOptions::new().with_format(Format::Xqf).format, Some(Format::Xqf));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// The file's format; `None` finds it from the content ([`sniff`]).
    pub format: Option<Format>,
    /// The encoding of a text format; `None` tells it by decoding
    /// ([`decode`](crate::record::decode)). Binary formats have their own.
    pub encoding: Option<TextEncoding>,
}

impl ReadOptions {
    /// Everything found from the content, as [`ReadOptions::default`].
    #[must_use]
    pub const fn new() -> ReadOptions {
        ReadOptions { format: None, encoding: None }
    }

    /// The same options, reading the file as `format`.
    #[must_use]
    pub const fn with_format(mut self, format: Format) -> ReadOptions {
        self.format = Some(format);
        self
    }

    /// The same options, decoding a text format from `encoding`.
    #[must_use]
    pub const fn with_encoding(mut self, encoding: TextEncoding) -> ReadOptions {
        self.encoding = Some(encoding);
        self
    }
}

/// The games of a record file, and what it is: what [`read`] gives, and
/// every reader of one format ([`read_xqf`](crate::record::read_xqf),
/// [`read_cbl`](crate::record::read_cbl), [`read_pgn`], ...), whether the
/// format holds one game or many (fields may be added, so it is read, not
/// built, outside this crate).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordFile {
    /// The file's format.
    pub format: Format,
    /// The name a CBL library gives itself, if it has one (`None` for an
    /// empty name, and in every other format: no other names its file).
    pub name: Option<String>,
    /// How a text format's bytes were decoded; `None` for a binary format.
    pub decoding: Option<Decoding>,
    /// What the reading of a PGN-style text skipped or read leniently
    /// (text that is no game, an unescaped quote in a tag), in file order.
    pub warnings: Vec<RecordWarning>,
    /// Where variations were cut at a move that cannot be played (XQF, CBR,
    /// CBL, DhtmlXQ): each such game is read in full, its main line whole,
    /// and the variation kept up to that move. In file order.
    pub cut_variations: Vec<CutVariation>,
    /// Each game, in the file's order: read in full, or in part with the
    /// problem that stopped it. One for XQF, CBR and CBF; any number for
    /// PGN, DhtmlXQ and CBL.
    pub games: Vec<Result<Record, Box<BrokenRecord>>>,
    /// Where each game of [`RecordFile::games`] begins, one for each, in
    /// the same order: in a text, the line and column of its first tag,
    /// move or (DhtmlXQ) container tag; in a CBL library, the byte offset of
    /// its record; the start of the file for the formats of one game.
    pub starts: Vec<Location>,
}

/// Reads a record file of any format, found from its content (see
/// [`sniff`]); text is decoded from UTF-8, UTF-16 with a byte-order mark,
/// or (with the `gbk` feature) GBK or Big5, told apart by decoding.
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
    read_with(bytes, &ReadOptions::new())
}

/// Reads `bytes` as a record file of `format`, whatever they look like.
///
/// # Errors
/// The file cannot be read at all in `format`: see each format's reader.
pub fn read_as(format: Format, bytes: &[u8]) -> Result<RecordFile, ReadError> {
    read_with(bytes, &ReadOptions::new().with_format(format))
}

/// Reads a record file as `options` say: its format and a text format's
/// encoding given, or found from the content.
///
/// # Errors
/// As [`read`].
pub fn read_with(bytes: &[u8], options: &ReadOptions) -> Result<RecordFile, ReadError> {
    // The bytes are looked at only where the caller has not said the format.
    let format = match options.format.map_or_else(|| sniff(bytes), Sniffed::Record) {
        Sniffed::Record(format) => format,
        Sniffed::Other(content) => {
            return Err(ReadError {
                format: None,
                at: Location::Byte(0),
                kind: ReadErrorKind::NotARecord(content),
            });
        }
    };
    let file = |located: Vec<(Location, CutGame)>| {
        let mut cut_variations = Vec::new();
        let mut starts = Vec::with_capacity(located.len());
        let mut games = Vec::with_capacity(located.len());
        for (game, (start, (read, cuts))) in located.into_iter().enumerate() {
            cut_variations.extend(cuts.into_iter().map(|error| CutVariation { game, error }));
            starts.push(start);
            games.push(read);
        }
        RecordFile { format, name: None, decoding: None, warnings: Vec::new(), cut_variations, games, starts }
    };
    let whole_file =
        if format.is_binary() { Location::Byte(0) } else { Location::Text { line: 1, column: 1 } };
    let one = |game: CutGame| file(vec![(whole_file, game)]);
    match format {
        Format::Xqf => read_xqf_cut(bytes).map(one),
        Format::Cbr => cbr::read_record(bytes, 0, Format::Cbr).map(one),
        Format::Cbl => read_cbl_located(bytes).map(|library| RecordFile {
            name: Some(library.name).filter(|name| !name.is_empty()),
            ..file(library.games)
        }),
        Format::Cbf | Format::DhtmlXq | Format::Pgn => {
            let decoded = match options.encoding {
                None => decode(bytes),
                Some(encoding) => decode_as(bytes, encoding),
            }
            .map_err(|not_text| {
                ReadError::new(format, Location::Byte(not_text.offset()), ReadErrorKind::NotText(not_text))
            })?;
            let decoding = Some(decoded.decoding());
            let text = &decoded.text;
            Ok(match format {
                Format::Cbf => RecordFile { decoding, ..one((cbf::read_text(text)?, Vec::new())) },
                Format::DhtmlXq => RecordFile { decoding, ..file(read_dhtmlxq_located(text)) },
                _ => {
                    let (games, warnings) = read_pgn_warned(text);
                    RecordFile { decoding, warnings, ..file(games) }
                }
            })
        }
    }
}

/// Reads a PGN-style text (see [`pgn_games`]) and plays its games on the
/// board: each becomes a [`Record`] (see [`Record::from_pgn`]), or the
/// moves that could be played and the problem with the next one. The text
/// is decoded as [`read`] decodes it. The same as
/// `read_as(Format::Pgn, bytes)`.
///
/// ```
/// use xiangqi_rules::record::read_pgn;
///
/// let file = read_pgn("1. 炮二平五 马８进７ {a note} 2. 马二进二 *".as_bytes())?;
/// let broken = file.games[0].as_ref().unwrap_err();
/// assert_eq!(broken.partial.as_ref().unwrap().moves[1].comment.as_deref(), Some("a note"));
/// assert!(broken.error.to_string().starts_with("pgn, line 1, column 26: '马二进二' names no legal move"));
/// # Ok::<(), xiangqi_rules::record::ReadError>(())
/// ```
///
/// # Errors
/// The bytes are no text ([`ReadErrorKind::NotText`]). A game that cannot
/// be read, or only in part, is a [`BrokenRecord`] in its place in
/// [`RecordFile::games`], and does not stop the others.
pub fn read_pgn(bytes: &[u8]) -> Result<RecordFile, ReadError> {
    read_as(Format::Pgn, bytes)
}

/// [`read_pgn`], each game with where it begins, and the warnings of the
/// reading (see [`PgnGames::take_warnings`]).
fn read_pgn_warned(text: &str) -> (Vec<(Location, CutGame)>, Vec<RecordWarning>) {
    let error = |line, column, kind| ReadError::new(Format::Pgn, Location::Text { line, column }, kind);
    let mut reader = pgn_games(text);
    let games = reader
        .by_ref()
        .map(|game| {
            let game = match game {
                Ok(game) => game,
                Err(text_error) => {
                    let (line, column) = (text_error.line, text_error.column);
                    let kind = ReadErrorKind::Text(Box::new(text_error));
                    return (
                        Location::Text { line, column },
                        (broken(None, error(line, column, kind)), Vec::new()),
                    );
                }
            };
            let begins = Location::Text { line: game.line, column: game.column };
            let read = match game.replay() {
                Ok(main_line) => {
                    let (record, cuts) = Record::from_pgn_with_cuts(&game, &main_line);
                    (Ok(record), cuts)
                }
                Err(ReplayError::BadMove(bad)) => {
                    let (partial, cuts) =
                        Record::from_game_moves(&game, *bad.played.start(), bad.played.moves());
                    let kind = ReadErrorKind::BadMoveText(Box::new(bad.error));
                    (broken(Some(partial), error(bad.line, bad.column, kind)), cuts)
                }
                Err(unusable) => {
                    let kind = ReadErrorKind::Replay(Box::new(unusable));
                    (broken(None, error(game.line, game.column, kind)), Vec::new())
                }
            };
            (begins, read)
        })
        .collect();
    (games, reader.take_warnings())
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
        assert_eq!(read(&xqf).unwrap().starts, [Location::Byte(0)]);
        assert_eq!(
            read_as(Format::Cbr, &xqf).unwrap_err().kind,
            ReadErrorKind::BadMagic { expected: "CCBridge Record" }
        );
    }

    #[test]
    fn the_file_says_its_name_decoding_and_warnings() {
        // A library's name.
        let mut library = Vec::new();
        crate::record::write_cbl(&[Record::new(crate::Position::start())], "开局库", &mut library).unwrap();
        let file = read(&library).unwrap();
        assert_eq!((file.format, file.name.as_deref(), file.decoding), (Format::Cbl, Some("开局库"), None));
        // How each text format was decoded; binary formats have no decoding.
        let text = "[Event \"the \"Spring\" cup\"]\n1. h2e2 *\n";
        let file = read(text.as_bytes()).unwrap();
        let decoding = file.decoding.expect("a text format's decoding");
        assert_eq!((decoding.encoding, decoding.invalid), (TextEncoding::Utf8, 0));
        assert_eq!(file.name, None);
        let [warning] = file.warnings.as_slice() else { panic!("{:?}", file.warnings) };
        assert_eq!((warning.line, warning.column), (1, 13));
        let forced =
            read_with(text.as_bytes(), &ReadOptions::new().with_encoding(TextEncoding::Utf8)).unwrap();
        assert_eq!(
            forced.decoding.map(|decoding| decoding.decided_by),
            Some(crate::record::DecidedBy::Caller)
        );
        let page = read(b"[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]").unwrap();
        assert_eq!(page.decoding.map(|decoding| decoding.encoding), Some(TextEncoding::Utf8));
        assert_eq!(page.warnings, []);
        let cbf = "<?xml version=\"1.0\"?><ChineseChessRecord Version=\"1.0\"><Head><FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head><MoveList><Move value=\"00-00\"/><Move value=\"77-47\" end=\"1\"/></MoveList></ChineseChessRecord>";
        let file = read(cbf.as_bytes()).unwrap();
        assert_eq!(file.format, Format::Cbf);
        assert_eq!(file.decoding.map(|decoding| decoding.encoding), Some(TextEncoding::Utf8));
        let mut xqf = Vec::new();
        crate::record::write_xqf(&Record::new(crate::Position::start()), &mut xqf).unwrap();
        let file = read(&xqf).unwrap();
        assert_eq!((file.name, file.decoding, file.warnings), (None, None, Vec::new()));
    }

    #[test]
    fn each_game_is_found_where_it_begins() {
        let text = "{a note}\n[Event \"A\"]\n1. h2e2 *\n\n[Event \"B\"\n1. h2e2 *\n1. h2e2 *\n";
        let file = read(text.as_bytes()).unwrap();
        let at = |line, column| Location::Text { line, column };
        assert_eq!(file.starts, [at(1, 1), at(5, 11), at(7, 1)], "a comment before a game is part of it");
        let page = "<p>\n  [DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]\n\
                    <p>\n[DhtmlXQiFrame][DhtmlXQ_movelist]7747\n";
        let file = read(page.as_bytes()).unwrap();
        assert_eq!(file.format, Format::DhtmlXq);
        assert_eq!(file.starts, [at(2, 3), at(4, 1)]);
        assert!(file.games[1].is_err(), "the moves never closed");
        // Without a container, a game begins at its first field.
        let post = "see:\n<p>[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]";
        assert_eq!(read(post.as_bytes()).unwrap().starts, [at(2, 4)]);
    }

    #[test]
    fn pgn_games_keep_their_comments_and_report_their_problems() {
        let text = "[Event \"A\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n{start} 1. h2e2 {one} {two} h9g7 1-0\n\
                    [FEN \"9/9 w\"]\n1. h2e2 *\n[Event \"C\"\n1. h2e2 *\n";
        let games = read_pgn(text.as_bytes()).unwrap().games;
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
