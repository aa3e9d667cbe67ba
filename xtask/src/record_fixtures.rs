//! The game records of `fixtures/xiangqi/game/` in formats other than
//! PGN-style text: XQF files, a CBR record and CBL libraries (in both of
//! CChessBoard's layouts, one cut short), a web page of DhtmlXQ games, a zip
//! archive's first bytes, and a folder of mixed files. Real downloaded files
//! are not ours to ship, so these are written by the workspace's own writers
//! (`write_xqf`, `write_cbr`, `write_cbl`, `write_compressed_cbl`,
//! `write_dhtmlxq`, `Record::to_pgn`) from games built here.
//!
//! `cargo xtask record-fixtures` writes them; the test
//! `tests/record_fixtures.rs` checks that the committed files are what this
//! writes now.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{self, GameResult, Node, Record};
use xiangqi_rules::{Move, Position};

use crate::fixtures::workspace_root;

/// The folder the files go into, under the workspace root.
pub const FOLDER: &str = "fixtures/xiangqi/game";

/// Each file, by its path under [`FOLDER`], and its bytes.
///
/// # Errors
/// A record cannot be written (a bug in a game built here).
pub fn files() -> anyhow::Result<Vec<(PathBuf, Vec<u8>)>> {
    let opening = opening();
    let opening_xqf = xqf(&opening)?;
    // The same bytes, cut inside a move record in the middle of the game.
    let cut_at = opening_xqf.len() - 45;
    let compressed =
        compressed_cbl("象棋古谱", &[opening.clone(), black_first(), perpetual_check(), bad_move()])?;
    // A library cut inside its stream, in the last game's comments.
    let whole = compressed_cbl("象棋古谱", &[opening.clone(), black_first(), perpetual_check()])?;
    let compressed_cut = whole[..whole.len() - 6].to_vec();
    let files = vec![
        ("xqf.xqf", opening_xqf.clone()),
        ("xqf-cut-short.xqf", opening_xqf[..cut_at].to_vec()),
        ("xqf-bad-move.xqf", xqf(&bad_move())?),
        ("xqf-endgame.xqf", xqf(&endgame())?),
        ("cbr.cbr", cbr(&opening)?),
        ("cbl-library.cbl", cbl("测试棋库", &[opening.clone(), perpetual_check(), bad_move(), endgame()])?),
        ("cbl-compressed.cbl", compressed),
        ("cbl-compressed-cut.cbl", compressed_cut),
        ("dhtmlxq-page.html", page(&[perpetual_check(), opening_draw(), bad_move()])?.into_bytes()),
        ("bad-zip.zip", zip_start()),
        ("bad-nul-after-text.pgn", nul_after_text()),
        ("folder-mixed/1-opening.pgn", opening.to_pgn(Notation::Chinese)?.into_bytes()),
        ("folder-mixed/2/endgame.xqf", xqf(&endgame())?),
        ("folder-mixed/3-page.txt", dhtmlxq(&perpetual_check())?),
        ("folder-mixed/README.txt", README.as_bytes().to_vec()),
        ("folder-mixed/convert.py", SCRIPT.as_bytes().to_vec()),
        ("folder-mixed/viewer.html", LOADER_PAGE.as_bytes().to_vec()),
        ("folder-mixed/board.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR: only the start of a picture".to_vec()),
        ("folder-mixed/games.zip", zip_start()),
        ("folder-mixed/.hidden.pgn", b"[Event \"a hidden file, never read\"]\n1. h2e2 *\n".to_vec()),
    ];
    Ok(files.into_iter().map(|(path, bytes)| (PathBuf::from(path), bytes)).collect())
}

/// The note in the mixed folder: text that holds no game.
const README: &str = "These files were written by cargo xtask record-fixtures for the folder\n\
                      fixture of xiangqi game: records in several formats, a picture, an\n\
                      archive, and this note, which holds no game.\n";

/// A script in the mixed folder: brackets and braces, no game.
const SCRIPT: &str = "#!/usr/bin/env python3\n\
                      # Converts every record of a folder (written for the folder fixture).\n\
                      import sys\n\
                      for name in sys.argv[1:]:\n    print({\"file\": name})\n";

/// A web page in the mixed folder that loads its record from elsewhere, as
/// viewer pages do: no game in it.
const LOADER_PAGE: &str = "<!DOCTYPE html>\n<html><head><script src=\"viewer.js\"></script></head>\n\
                           <body><div id=\"board\"></div>\n\
                           <script>viewer.load(\"games/1.xqf\", {width: 500});</script></body></html>\n";

/// Writes every file.
///
/// # Errors
/// A file cannot be written.
pub fn write_all() -> anyhow::Result<()> {
    let folder = workspace_root().join(FOLDER);
    for (path, bytes) in files()? {
        let path = folder.join(path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
        fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
        println!("{}", path.strip_prefix(workspace_root()).unwrap_or(&path).display());
    }
    Ok(())
}

/// The files that differ from what [`files`] writes now, or are missing.
///
/// # Errors
/// As [`files`].
pub fn stale() -> anyhow::Result<Vec<PathBuf>> {
    let folder = workspace_root().join(FOLDER);
    Ok(files()?
        .into_iter()
        .filter(|(path, bytes)| fs::read(folder.join(path)).ok().as_ref() != Some(bytes))
        .map(|(path, _)| Path::new(FOLDER).join(path))
        .collect())
}

fn moves(texts: &[&str]) -> Vec<Move> {
    texts.iter().map(|text| text.parse().expect("an ICCS move")).collect()
}

fn line(texts: &[&str]) -> Vec<Node> {
    moves(texts).into_iter().map(Node::new).collect()
}

fn tagged(mut record: Record, tags: &[(&str, &str)], result: GameResult) -> Record {
    for (name, value) in tags {
        record.set_tag(name, value);
    }
    record.result = result;
    record
}

/// A game from the start: the central cannon against the screen horses,
/// with comments and a variation, recorded as a red win.
fn opening() -> Record {
    let mut record = Record::new(Position::start());
    record.moves = line(&[
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5", "c3c4", "b9c7", "b0c2", "c9e7", "h0h6", "h7i7",
        "h6g6", "i7i8", "b2a2", "i8g8", "g6f6", "g7h5",
    ]);
    record.comment = Some("中炮对屏风马".to_string());
    record.moves[0].comment = Some("the central cannon".to_string());
    // Black could have answered with a cannon of its own: 炮８平５.
    record.moves[1].variations.push(line(&["h7e7", "h0g2"]));
    record.moves[1].variations[0][0].comment = Some("顺炮".to_string());
    record.moves[9].comment = Some("红方先手".to_string());
    tagged(
        record,
        &[
            ("Event", "测试杯象棋赛"),
            ("Site", "北京"),
            ("Date", "2024-05-01"),
            ("Red", "张三"),
            ("Black", "李四"),
            ("Title", "张三 先胜 李四"),
        ],
        GameResult::RedWins,
    )
}

/// The opening's first six moves, then a horse that moves as a chariot.
fn bad_move() -> Record {
    let mut record = Record::new(Position::start());
    record.moves = line(&["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5", "b0b9"]);
    tagged(
        record,
        &[("Event", "a record with a move that cannot be played"), ("Red", "王五")],
        GameResult::Unknown,
    )
}

/// A chariot's mate from a position, black's general alone.
fn endgame() -> Record {
    let start: Position = "3k5/9/9/9/9/9/9/9/R8/4K4 w".parse().expect("a legal position");
    let mut record = Record::new(start);
    record.moves = line(&["a1a2", "d9d8", "a2d2"]);
    tagged(record, &[("Title", "车胜单将"), ("Red", "Endgame study")], GameResult::RedWins)
}

/// An endgame of a game played, black to move at move 23, with a comment
/// of two lines, an annotator and a creator.
fn black_first() -> Record {
    let start: Position = "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 23".parse().expect("a legal position");
    let mut record = Record::new(start);
    record.moves = line(&["a1a2", "e0f0", "a2f2"]);
    record.moves[0].comment = Some("黑先\n车占要道".to_string());
    tagged(
        record,
        &[("Title", "黑先残局"), ("Event", "古谱"), ("Annotator", "评注者"), ("Creator", "录入者")],
        GameResult::Unknown,
    )
}

/// Red's chariot checks, the black general steps aside and back: perpetual
/// check, which the rules rule against red.
fn perpetual_check() -> Record {
    let start: Position = "4k4/R8/9/9/9/9/9/9/9/3K5 w".parse().expect("a legal position");
    let mut record = Record::new(start);
    record.moves = line(&["a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"]);
    record.moves[7].comment = Some("长将作负".to_string());
    tagged(record, &[("Title", "长将"), ("Red", "红方"), ("Black", "黑方")], GameResult::BlackWins)
}

/// Both sides' central cannons, agreed drawn.
fn opening_draw() -> Record {
    let mut record = Record::new(Position::start());
    record.moves = line(&["h2e2", "h7e7", "h0g2", "h9g7"]);
    tagged(record, &[("Event", "测试杯象棋赛"), ("Red", "赵六"), ("Black", "钱七")], GameResult::Draw)
}

fn xqf(record: &Record) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    record::write_xqf(record, &mut bytes)?;
    Ok(bytes)
}

fn cbr(record: &Record) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    record::write_cbr(record, &mut bytes)?;
    Ok(bytes)
}

fn cbl(name: &str, records: &[Record]) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    record::write_cbl(records, name, &mut bytes)?;
    Ok(bytes)
}

fn compressed_cbl(name: &str, records: &[Record]) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    record::write_compressed_cbl(records, name, &mut bytes)?;
    Ok(bytes)
}

fn dhtmlxq(record: &Record) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    record::write_dhtmlxq(record, &mut bytes)?;
    Ok(bytes)
}

/// A web page showing `records` in DhtmlXQ, one after another.
fn page(records: &[Record]) -> anyhow::Result<String> {
    let mut page = String::from(
        "<!DOCTYPE html>\n<html>\n<head><meta charset=\"utf-8\"><title>对局</title></head>\n<body>\n",
    );
    for (index, record) in records.iter().enumerate() {
        page.push_str(&format!("<h2>第{}局</h2>\n<div class=\"board\">\n", index + 1));
        page.push_str(&String::from_utf8(dhtmlxq(record)?)?);
        page.push_str("</div>\n");
    }
    page.push_str("</body>\n</html>\n");
    Ok(page)
}

/// A game whose long comment fills the first 8 KB (where the format is
/// told), then a NUL byte, which no text holds.
fn nul_after_text() -> Vec<u8> {
    let mut bytes = b"[Event \"text, then a NUL byte past the first 8 KB\"]\n{".to_vec();
    bytes.extend(std::iter::repeat_n(b'-', 8300));
    bytes.extend_from_slice(b"}\n1. h2e2 h9g7 *\n\0\n");
    bytes
}

/// The first bytes of a zip archive, as a record downloaded zipped begins.
fn zip_start() -> Vec<u8> {
    let mut bytes = b"PK\x03\x04\x14\x00\x00\x00\x08\x00".to_vec();
    bytes.extend_from_slice(&[0; 16]);
    bytes.extend_from_slice(b"\x09\x00\x00\x00games.xqf");
    bytes
}
