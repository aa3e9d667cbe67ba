//! The sample records in `tests/data/game/` (copies of those in the
//! workspace's `fixtures/xiangqi/game/`, where the `xiangqi game` tool
//! reads them): real games, read and
//! replayed, checked against each other where two come from independent
//! sources (the 1991 game exists as an ICCS list and as a Chinese record).
#![cfg(feature = "records")]

use std::path::Path;

use xiangqi_rules::notation::{Direction, NoSuchMove, Notation, NotationErrorKind};
use xiangqi_rules::record::{self, GameResult, Line, PgnGame, ReplayError, ResultCheck};
use xiangqi_rules::{Color, Move, Piece, PieceKind};

/// The bytes of the sample record `name`.
fn read(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/game").join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The games of the sample record `name`, which is UTF-8.
fn games_of(name: &str) -> Vec<PgnGame> {
    let text = String::from_utf8(read(name)).unwrap_or_else(|error| panic!("{name}: {error}"));
    record::pgn_games(&text).collect::<Result<_, _>>().unwrap_or_else(|error| panic!("{name}: {error}"))
}

fn replay(game: &PgnGame) -> Line {
    game.replay().unwrap_or_else(|error| panic!("{:?}: {error}", game.tag("Event")))
}

/// The result on the board at the end of `game` compared with the record's.
fn result_check(game: &PgnGame) -> ResultCheck {
    ResultCheck::new(replay(game).position(), game.recorded_result())
}

/// The 1991 game LIU DaHua - HUANG Yong as a list of ICCS moves.
fn game_1991_in_iccs() -> Vec<Move> {
    let games = games_of("several-games.pgn");
    assert_eq!(games[2].tag("Red"), Some("LIU DaHua"));
    assert_eq!(games[2].moves[0].text, "H2-E2");
    replay(&games[2]).moves().to_vec()
}

/// LE Thien Vi - BI BingJian, World Xiangqi Championships 1997: red mates with its 22nd move.
fn mating_game() -> Vec<Move> {
    let games = games_of("several-games.pgn");
    assert_eq!(games[0].tag("Red"), Some("LE Thien Vi"));
    replay(&games[0]).moves().to_vec()
}

#[test]
fn an_opening_in_chinese() {
    let games = games_of("opening-chinese.pgn");
    assert_eq!(games[0].notation(), Ok(Some(Notation::Chinese)));
    assert_eq!(replay(&games[0]).moves(), &game_1991_in_iccs()[..20]);
    assert_eq!(result_check(&games[0]), ResultCheck::Unchecked(Some(GameResult::Unknown)));
}

#[test]
fn several_games_written_as_their_database_writes_them() {
    let games = games_of("several-games.pgn");
    assert_eq!(games.len(), 3);
    assert!(games[0].comments[0].text.starts_with("Three games one after another."));
    let lines: Vec<Line> = games.iter().map(replay).collect();
    assert_eq!(lines.iter().map(|line| line.moves().len()).collect::<Vec<_>>(), [43, 127, 104]);
    assert_eq!(games[0].notation(), Ok(None), "no Format tag: each move is detected");
    assert_eq!(result_check(&games[0]), ResultCheck::Agrees(GameResult::RedWins));
    // The second game's black soldiers double up: 前卒 names the front one.
    let tandem: Vec<&str> =
        games[1].moves.iter().map(|mv| mv.text.as_str()).filter(|text| text.starts_with('前')).collect();
    assert_eq!(tandem, ["前卒进１", "前卒平６", "前卒平７"]);
    assert_eq!(result_check(&games[1]), ResultCheck::Unchecked(Some(GameResult::Unknown)));
    assert_eq!(games[2].notation(), Ok(Some(Notation::Iccs)));
}

/// The text of the sample record `name`, found to be in `encoding` by
/// decoding it, without a byte that is no text.
#[cfg(feature = "gbk")]
fn decoded(name: &str, encoding: record::TextEncoding) -> String {
    let bytes = read(name);
    let decoded = record::decode(&bytes).unwrap();
    assert_eq!((decoded.encoding, decoded.invalid), (encoding, 0), "{name}");
    decoded.text.into_owned()
}

/// The first game of a text.
#[cfg(feature = "gbk")]
fn first_game(text: &str) -> PgnGame {
    record::pgn_games(text).next().unwrap().unwrap()
}

#[cfg(feature = "gbk")]
#[test]
fn a_gbk_record() {
    let game = first_game(&decoded("gbk.pgn", record::TextEncoding::Gbk));
    assert_eq!(game.comments[0].text, "红方车五进一，将死。");
    assert_eq!(game.comments[0].after_moves, 43);
    assert_eq!(replay(&game).moves(), mating_game());
    assert_eq!(result_check(&game), ResultCheck::Agrees(GameResult::RedWins));
}

/// The moves of a UTF-8 text in Chinese notation.
#[cfg(feature = "gbk")]
fn chinese_moves(text: &str) -> Vec<Move> {
    replay(&first_game(text)).moves().to_vec()
}

#[cfg(feature = "gbk")]
#[test]
fn a_big5_record_in_traditional_characters() {
    let game = first_game(&decoded("big5.pgn", record::TextEncoding::Big5));
    assert_eq!(game.tag("Red"), Some("趙一"));
    assert_eq!(game.comments[0].text, "中炮對屏風馬，傳統字寫的示範棋譜。");
    let same_in_simplified = chinese_moves(
        "炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３ 兵三进一 卒３进１ 马八进九 卒１进１",
    );
    assert_eq!(replay(&game).moves(), same_in_simplified);
    // Read as GBK, as it is not, it is garbage without a move.
    let bytes = read("big5.pgn");
    let as_gbk = record::decode_as(&bytes, record::TextEncoding::Gbk).unwrap();
    assert!(first_game(&as_gbk.text).replay().is_err());
}

#[cfg(feature = "gbk")]
#[test]
fn an_xqbase_style_record_and_its_footer() {
    let text = decoded("footer-xqbase-gbk.pgn", record::TextEncoding::Gbk);
    let mut games = record::pgn_games(&text);
    let game = games.next().unwrap().unwrap();
    assert!(games.take_warnings().is_empty());
    assert_eq!(replay(&game).moves().len(), 12);
    assert!(games.next().is_none(), "the footer is no game");
    let warnings = games.take_warnings();
    assert_eq!((warnings.len(), warnings[0].line, warnings[0].column), (1, 15, 1));
    assert!(matches!(
        &warnings[0].kind,
        record::RecordWarningKind::NotAGame { first_word, words: 4, last_line: 18 } if first_word.starts_with("====")
    ));
}

#[test]
fn a_bad_move_deep_inside_a_game() {
    let games = games_of("bad-move-deep.pgn");
    let Err(ReplayError::BadMove(bad)) = games[0].replay() else { panic!("red's 40th move is wrong") };
    assert_eq!((bad.index, bad.text.as_str(), bad.line, bad.column), (78, "兵四平七", 48, 5));
    let soldier = Piece::new(Color::Red, PieceKind::Soldier);
    let f5 = "f5".parse().unwrap();
    let reason =
        NoSuchMove::CannotMove { piece: soldier, from: vec![f5], direction: Direction::Sideways, number: 7 };
    assert_eq!(bad.error.text, "兵四平七");
    assert_eq!(bad.error.kind, NotationErrorKind::NoSuchMove { reason });
    assert_eq!(
        bad.to_string(),
        "line 48, column 5: '兵四平七' names no legal move: the red soldier on f5 cannot move sideways to file 7"
    );
    // Up to the bad move, the Chinese record and the ICCS list of the game agree.
    assert_eq!(bad.played.moves(), &game_1991_in_iccs()[..78]);
}

#[test]
fn a_wrong_result_tag() {
    let games = games_of("wrong-result.pgn");
    assert_eq!(replay(&games[0]).moves(), mating_game());
    assert_eq!(games[0].recorded_result(), Some(GameResult::BlackWins));
    assert_eq!(
        result_check(&games[0]),
        ResultCheck::Disagrees { board: GameResult::RedWins, recorded: GameResult::BlackWins }
    );
}

#[test]
fn comments_and_variations() {
    let games = games_of("comments-variations.pgn");
    let game = &games[0];
    let texts: Vec<&str> = game.moves.iter().map(|mv| mv.text.as_str()).collect();
    assert_eq!(texts, ["h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5", "b0c2", "b9c7", "b2b4", "c9e7"]);
    let comments: Vec<&str> = game.comments.iter().map(|comment| comment.text.as_str()).collect();
    assert_eq!(
        comments,
        [
            "The opening of the game with a few notes.\nComments may run over several lines; \
             variations, nested or not, are read and written again.",
            "black's screen horse and chariot",
            "the other horse comes out",
            "the cannon rises to the river bank",
        ]
    );
    assert_eq!(replay(game).moves(), &game_1991_in_iccs()[..10]);
    // The variation after 3. c3c4, and the one inside it, in the record's tree.
    let record = record::Record::from_pgn(game, &replay(game));
    let line = |nodes: &[record::Node]| nodes.iter().map(|node| node.mv.to_string()).collect::<Vec<_>>();
    let instead = &record.moves[4].variations;
    assert_eq!(instead.len(), 1);
    assert_eq!(line(&instead[0]), ["b0c2", "b9c7", "b2a2"]);
    assert_eq!(line(&instead[0][1].variations[0]), ["g6g5", "c3c4"]);
    assert_eq!(instead[0][1].variations[0][1].comment.as_deref(), Some("the same idea"));
}

#[test]
fn a_wxf_record() {
    let games = games_of("wxf.pgn");
    assert_eq!(games[0].notation(), Ok(Some(Notation::Wxf)));
    assert_eq!(replay(&games[0]).moves(), mating_game());
    assert_eq!(result_check(&games[0]), ResultCheck::Agrees(GameResult::RedWins));
    assert_eq!(games[0].moves[0].text, "C2.5");
    assert_eq!(games[0].moves.last().unwrap().text, "R5+1");
}

#[test]
fn every_sample_writes_back_in_every_notation() {
    for name in ["opening-chinese.pgn", "several-games.pgn", "wrong-result.pgn", "wxf.pgn"] {
        for game in games_of(name) {
            let line = replay(&game);
            for notation in Notation::ALL {
                let written = line.to_pgn_with_tags(&game.tags, notation).unwrap();
                let again = record::pgn_games(&written).next().unwrap().unwrap().replay().unwrap();
                assert_eq!(again.moves(), line.moves(), "{name} in {notation}");
            }
        }
    }
}
