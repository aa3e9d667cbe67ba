//! Game records: the files xiangqi players keep and exchange (PGN-style
//! text, XQF, CBR, CBL (compressed too), CBF, DhtmlXQ and UBB), read into
//! one model, [`Record`], so that any of them converts to any other; and
//! the games they hold, played on the board and ruled on.
//!
//! # Which type holds "a game"
//! | you have | you want | use |
//! |---|---|---|
//! | a file's bytes, of any format | its games | [`read`] (or [`read_as`], or one format's reader: [`read_xqf`], [`read_cbl`], ...): always a [`RecordFile`], a file of games (one or many, a CBL library's name), each game a [`Record`], or a [`BrokenRecord`] (what could be read, and the problem) |
//! | a game of a file | its tags, its moves with their comments and variations, its result; the game in another format | [`Record`], the game with its tree: [`Record::to_pgn`], [`write_xqf`], [`write_dhtmlxq`], ... |
//! | a start position, and moves as [`Move`](crate::Move)s or as text in any notation | to play them on, to write them numbered or as PGN | [`Line`], a line to replay; [`Record::line`] is a record's main line |
//! | a [`Record`] or a [`Line`] | how the game ends by the rules, repetition and the move limit as well as mate; the ply it ended at; why, in words | [`History`](crate::History), the game with its history and ruling: [`History::from_record`](crate::History::from_record) (or, for a record built by hand whose main line holds an illegal move, an [`IllegalRecordMove`] naming it and its ply), then [`History::ending`](crate::History::ending) and [`History::explain`](crate::History::explain) |
//! | PGN-style text, and the moves as written in it, and where | each game's text, its moves not played yet | [`pgn_games`]: [`PgnGame`]s; [`PgnGame::replay`] plays one's main line into a [`Line`] |
//!
//! A [`Position`](crate::Position) is one position, not a game; the
//! [`Game`](crate::Game) trait is what positions implement, for code
//! written once for both games.
//!
//! ```
//! use xiangqi_rules::notation::Notation;
//! use xiangqi_rules::record::{self, Format, GameResult, ResultCheck};
//! use xiangqi_rules::{History, Reason, Rules};
//!
//! // A file of games, its format found from its content.
//! let text = "[Red \"Hu Ronghua\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\
//!             1. a8a9 {check} e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 1/2-1/2\n";
//! let file = record::read(text.as_bytes())?;
//! assert_eq!((file.format, file.games.len()), (Format::Pgn, 1));
//!
//! // A game with its tree: tags, moves and comments, the result; any format out.
//! let record = file.games[0].as_ref().expect("read whole");
//! assert_eq!(record.tag("Red"), Some("Hu Ronghua"));
//! assert_eq!(record.moves[0].comment.as_deref(), Some("check"));
//! let mut xqf = Vec::new();
//! record::write_xqf(record, &mut xqf)?;
//! assert_eq!(record::read(&xqf)?.games[0].as_ref().expect("read whole"), record);
//!
//! // A line to replay: the main line, played on in any notation, written numbered.
//! let mut line = record.line();
//! line.play_text("车九进一", None)?;
//! assert_eq!(line.movetext(Notation::Iccs)?, "1. a8a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9");
//!
//! // The game with its history and ruling: a perpetual check, ruled at ply 8.
//! // The board alone cannot check the recorded draw; the ruling says black won.
//! assert_eq!(record.result_check(), ResultCheck::Unchecked(Some(GameResult::Draw)));
//! let history = History::from_record(record, Rules::Asian)?;
//! let ending = history.ending().expect("ruled");
//! assert_eq!((ending.outcome.reason(), ending.outcome.result(), ending.ply), (Reason::PerpetualCheck, GameResult::BlackWins, 8));
//! assert!(history.explain(Notation::Iccs).expect("a ruling").ends_with(": black wins"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A tool that shows or checks the text itself (each move as written, its
//! line and column) reads PGN-style text as [`PgnGame`]s:
//!
//! ```
//! use xiangqi_rules::notation::Notation;
//! use xiangqi_rules::record::{self, GameResult, ResultCheck};
//!
//! let text = "[Game \"Chinese Chess\"]\n\
//!             [Result \"*\"]\n\
//!             1. 炮二平五 马８进７ {the usual reply} 2. 马二进三 车９平８ *\n";
//! let game = record::pgn_games(text).next().expect("one game")?;
//! assert_eq!(game.tag("Game"), Some("Chinese Chess"));
//! assert_eq!(game.comments[0].text, "the usual reply");
//!
//! // No Format tag: each move's notation is detected.
//! let line = game.replay()?;
//! let iccs: Vec<String> = line.moves().iter().map(ToString::to_string).collect();
//! assert_eq!(iccs, ["h2e2", "h9g7", "h0g2", "i9h9"]);
//! let check = ResultCheck::new(line.position(), game.recorded_result());
//! assert_eq!(check, ResultCheck::Unchecked(Some(GameResult::Unknown)));
//!
//! // Written again in WXF, the record reads back to the same moves.
//! let wxf = line.to_pgn_with_tags(&game.tags, Notation::Wxf)?;
//! assert!(wxf.contains("[Format \"WXF\"]\n\n1. C2.5 H8+7\n2. H2+3 R9.8\n*\n"));
//! let again = record::pgn_games(&wxf).next().expect("one game")?.replay()?;
//! assert_eq!(again.moves(), line.moves());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The format
//! ```text
//! [Game "Chinese Chess"]
//! [Red "..."]
//! [Black "..."]
//! [Result "1-0"]
//! [FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]
//! [Format "ICCS"]
//! 1. h2e2 h9g7 2. h0g2 i9h9 1-0
//! ```
//! - Tags `[Name "value"]` (with `\"` and `\\` escaped in the value), then the
//!   moves, then the result: `1-0` red wins, `0-1` black wins, `1/2-1/2` a
//!   draw, `*` unknown. A text may hold many games one after another.
//! - `FEN` gives the start position; without it the game starts from the
//!   start position.
//! - `Format` gives the notation of the moves: `ICCS` (also with dashes,
//!   `H2-E2`), `WXF`, `Chinese`, or `Engine` for engine coordinates (this
//!   crate's addition). Without it, each move's notation is detected (see
//!   [`Notation::detect_in`](crate::notation::Notation::detect_in)).
//! - `{comments}` may span lines, and `;` starts a comment to the end of the
//!   line; move numbers `1.`, `1...` and annotations `$1`, `!`, `?` are ignored.
//! - A variation, `( ... )` after a move, holds the moves that could have
//!   been played instead of it and after it, with comments and variations
//!   of its own, nested to any depth up to [`MAX_VARIATION_DEPTH`] (deeper
//!   ones are skipped): `1. h2e2 (1. c3c4 c6c5) 1... h9g7`. A variation is
//!   kept up to its first move that cannot be played, with a warning
//!   ([`RecordFile::cut_variations`]); the main line is whole all the same.
//! - The marks players add to a move in any notation are read and dropped:
//!   check `+` and `#`, `!` and `?`, their full-width forms (`炮二平五+`,
//!   `C2.5！`), and a capture mark between a coordinate move's points
//!   (`H6xH9`, `h6:h9`).
//! - A tag on the line of a move, after the moves began, is an engine's
//!   annotation of that move (`1.炮二平五 [Score "8=-2"] 马２进３`): kept as
//!   the move's comment (`[Score "8=-2"]`), not the start of a new game. A
//!   tag that begins a line after moves begins the next game.
//! - A `FEN` as other tools write it (move number 0, `red` or `r` for red,
//!   no side to move, no counters) is read as the usual FEN, with a warning.
//! - Chinese tools' own words are read: `[Format "zh"]` (also `cn`, `中文`)
//!   for Chinese notation, and results `红胜`, `红先胜`, `黑负` (red wins),
//!   `黑胜`, `红负` (black wins), `和棋`, `和` (a draw) in the `Result` tag.
//! - Chinese moves written without spaces between them (`炮二平五马８进７`), as
//!   some databases do, are read one by one.
//! - Letters, digits and signs may be full-width (`１．Ｃ２＝５ Ｈ８＋７ １－０`),
//!   as East Asian texts write them.
//! - Read leniently, each with a [`RecordWarning`] ([`PgnGames::take_warnings`]):
//!   a quote inside a tag's value that is not escaped (`[Event "the "Spring"
//!   cup"]`) is part of the value, as only a quote followed by `]` closes
//!   it; and text that is not a game, ending at a tag or at the end of the
//!   text, with no tag, no result, no move number and no word that is a move
//!   in any notation, is skipped. That is the footer xqbase-style files end
//!   with after the last game's result (a line of `=`, the site's name, its
//!   address), and the same between games where such files were joined.
#![cfg_attr(
    feature = "gbk",
    doc = " - Files are UTF-8 (with or without a byte-order mark), or GBK or Big5 from \
           older tools (UTF-16 with its byte-order mark too): [`decode`] (the `gbk` feature, \
           on by default) tells them apart by decoding, or [`decode_as`] takes the encoding \
           given, and both refuse bytes that are no text ([`NotText`])."
)]
#![cfg_attr(
    not(feature = "gbk"),
    doc = " - Files are UTF-8; with the `gbk` feature (on by default), GBK and Big5 from older tools too."
)]
//!
//! # Every format, one model
//! A [`Record`] is a game as any format holds it, its moves checked on the
//! board: tags under PGN's names (`Event`, `Site`, `Date`, `Round`, `Red`,
//! `Black`, ...), the start position, the tree of moves (a main line whose
//! [`Node`]s hold their comments and their variations) and the result.
//! [`read`] finds a file's format from its content ([`sniff`]: magic bytes
//! and text markers, never the file name) and reads its games; each is a
//! `Result<Record, Box<BrokenRecord>>`: the whole [`Record`], or a [`BrokenRecord`] holding what was
//! read before the problem and a [`ReadError`] that names it and where it
//! stands (a byte offset in a binary format, a line and column in text).
//! Bytes that are no record are refused with what they look like
//! ([`Content`]: a zip archive, a PDF, a picture, a program).
//!
//! | format | read | written | one file holds |
//! |---|---|---|---|
//! | PGN-style text ([`Format::Pgn`]) | [`read_pgn`]: the whole tree, comments | [`Record::to_pgn`]: the whole tree; [`Line::to_pgn`]: a line | many games |
//! | XQF, XQStudio ([`Format::Xqf`]) | [`read_xqf`]: versions 1 to 18, encrypted from 11 on | [`write_xqf`]: version 10, the whole tree | one game |
//! | CBR, CChessBoard ([`Format::Cbr`]) | [`read_cbr`] | [`write_cbr`]: the whole tree, from the public layout | one game |
//! | CBL, CChessBoard's library ([`Format::Cbl`]) | [`read_cbl`]: both layouts, CChessBoard 3's and 2.1's compressed one | [`write_cbl`]: as CBR; [`write_compressed_cbl`]: the older layout, the whole tree | many games, a name |
//! | CBF, CChessBoard's XML ([`Format::Cbf`]) | [`read_cbf`] (main line) | no | one game |
//! | DhtmlXQ and UBB ([`Format::DhtmlXq`]) | [`read_dhtmlxq`] | [`write_dhtmlxq`]: the whole tree | many games |
//!
//! Every writer takes what it writes first and an [`io::Write`](std::io::Write)
//! last (`write_xqf(&record, &mut file)`, `write_cbl(&records, name, &mut
//! file)`); PGN-style text, a `String`, comes from the `to_pgn` methods.
//! Every reader gives a [`RecordFile`], whether its format holds one game
//! or many: [`read`] finds the format, [`read_as`] and [`read_with`] take
//! it given, and each format's own reader (`read_xqf(&bytes)` is
//! `read_as(Format::Xqf, &bytes)`) documents what the format holds.
//!
//! Each reader's documentation says which fields become which tags. The
//! CBR and CBL writers lay files out as the public descriptions of those
//! formats do and are read back by the readers here; they have not been
//! checked in CChessBoard itself. Text
//! inside XQF and compressed CBL libraries is GBK: with the `gbk` feature
//! off its non-ASCII characters read as U+FFFD and write as `?` (moves,
//! positions and results are not affected). CBR and CBL text is UTF-16 and
//! needs no feature. A compressed library places a problem inside its
//! stream in the data it unpacks to ([`Location::Unpacked`]).
//!
//! ```
//! use xiangqi_rules::notation::Notation;
//! use xiangqi_rules::record::{self, Format};
//!
//! let page = "[DhtmlXQ][DhtmlXQ_red]Hu Ronghua[/DhtmlXQ_red][DhtmlXQ_result]红胜[/DhtmlXQ_result]\
//!             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
//! let file = record::read(page.as_bytes())?;
//! assert_eq!(file.format, Format::DhtmlXq);
//! let game = file.games[0].as_ref().expect("a whole game");
//!
//! // To XQF and back: the same record.
//! let mut xqf = Vec::new();
//! record::write_xqf(game, &mut xqf)?;
//! assert_eq!(record::read_xqf(&xqf)?.games[0].as_ref().expect("a whole game"), game);
//!
//! // To PGN.
//! assert_eq!(
//!     game.to_pgn(Notation::Wxf)?,
//!     "[Red \"Hu Ronghua\"]\n[Result \"1-0\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7\n1-0\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod binary;
mod cbf;
mod cbl;
mod cbr;
mod dhtmlxq;
mod encoding;
mod error;
mod format;
mod game;
mod lexer;
mod line;
mod read;
mod reader;
mod replay;
mod sniff;
mod text;
mod tree;
mod warning;
mod write;
mod xml;
mod xqf;

pub use crate::GameResult;
pub use encoding::{
    DecidedBy, Decoded, Decoding, NotText, TextEncoding, UnknownEncodingName, decode, decode_as,
};
pub use game::{PgnComment, PgnGame, PgnMove, PgnVariation};
pub use line::{Line, move_number};
pub use reader::{BadTag, PgnGames, RecordError, RecordErrorKind, pgn_games};
pub use replay::{BadMove, IllegalRecordMove, ReplayError, ResultCheck};
pub use warning::{CutVariation, RecordWarning, RecordWarningKind};
pub use write::WriteGameError;

pub use cbf::read_cbf;
pub use cbl::{read_cbl, write_cbl, write_compressed_cbl};
pub use cbr::{read_cbr, write_cbr};
pub use dhtmlxq::{read_dhtmlxq, write_dhtmlxq};
pub(crate) use error::ReadGame;
pub use error::{BrokenRecord, Location, ReadError, ReadErrorKind, WriteRecordError};
pub use format::{Format, ParseFormatError};
pub use read::{ReadOptions, RecordFile, read, read_as, read_pgn, read_with};
pub use sniff::{Content, Sniffed, sniff};
pub use tree::{MAX_VARIATION_DEPTH, Node, Record};
pub use xqf::{read_xqf, write_xqf};

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
