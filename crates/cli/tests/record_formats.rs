//! `xiangqi game` on records of every format it writes, through the same
//! entry point as the binary: seeded random games written by the library's
//! writers as PGN-style text, XQF and DhtmlXQ, converted by `--to` into every
//! format, and read back to the same moves, tags and result.

use std::fs;
use std::path::{Path, PathBuf};

use board_geometry::RandomGame;
use board_geometry::random::Random;
use cli::{Streams, run_tool};
use serde_json::Value;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{self, GameResult, Node, Record};
use xiangqi_rules::{Position, Setup};

/// Runs `xiangqi ARGS...` and returns (exit code, stdout, stderr).
fn xiangqi(args: &[&str]) -> (u8, Vec<u8>, String) {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut stdin: &[u8] = &[];
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let argv: Vec<&str> = std::iter::once("xiangqi").chain(args.iter().copied()).collect();
    let code = run_tool("xiangqi", argv, &mut streams).expect("the xiangqi tool exists");
    (code, stdout, String::from_utf8(stderr).unwrap())
}

/// Runs `xiangqi ARGS...`, which must succeed without a word on standard
/// error, and returns its standard output.
fn succeeds(args: &[&str]) -> Vec<u8> {
    let (code, out, err) = xiangqi(args);
    assert_eq!((code, err.as_str()), (0, ""), "xiangqi {}", args.join(" "));
    out
}

/// A fresh folder for one test under cargo's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("record_formats").join(name);
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    folder
}

/// A seeded random game: from the start position or from a position a
/// random game reached (its clocks reset, as XQF and DhtmlXQ keep none),
/// tags that every format written has a field for, and a result.
fn random_record(random: &mut Random, round: usize) -> Record {
    let start = if round % 3 == 0 {
        Position::start()
    } else {
        let plies = random.index(40);
        let reached = *RandomGame::play(Position::start(), random, plies).end();
        Position::from_setup(Setup { halfmove_clock: 0, fullmove_number: 1, ..*reached.setup() }).unwrap()
    };
    let plies = 1 + random.index(80);
    let game = RandomGame::play(start, random, plies);
    let mut record = Record::new(start);
    record.moves = game.moves().iter().map(|&mv| Node::new(mv)).collect();
    // Comments, and variations: another legal move in place of one, and a reply.
    let notes = ["好棋", "a plain note", "黑方 反击", "红方优势"];
    if random.chance(0.5) {
        record.comment = Some(notes[random.index(notes.len())].to_string());
    }
    let mut position = start;
    for node in &mut record.moves {
        if random.chance(0.1) {
            node.comment = Some(notes[random.index(notes.len())].to_string());
        }
        if random.chance(0.1) {
            let others: Vec<_> =
                position.legal_moves().iter().copied().filter(|&other| other != node.mv).collect();
            if let Some(&other) = random.pick(&others) {
                let mut after = position;
                after.play(other).unwrap();
                let mut variation = vec![Node::new(other)];
                if let Some(&reply) = random.pick(&after.legal_moves().iter().copied().collect::<Vec<_>>()) {
                    variation.push(Node::new(reply));
                }
                node.variations.push(variation);
            }
        }
        position.play(node.mv).unwrap();
    }
    let names = ["许银川", "吕钦", "Hu Ronghua", "赵国荣", "Liu Dahua"];
    record.set_tag("Event", &format!("第{round}届 random cup"));
    record.set_tag("Site", "北京");
    record.set_tag("Date", "2024-05-01");
    record.set_tag("Red", names[random.index(names.len())]);
    record.set_tag("Black", names[random.index(names.len())]);
    record.result = GameResult::ALL[random.index(4)];
    record
}

/// Writes `records` in each format the library writes, one folder a format:
/// PGN-style text (all games in one file), XQF (one file a game) and a
/// DhtmlXQ page (all games).
fn write_sources(folder: &Path, records: &[Record]) -> Vec<(&'static str, PathBuf)> {
    let pgn = folder.join("pgn");
    let xqf = folder.join("xqf");
    let dhtmlxq = folder.join("dhtmlxq");
    for path in [&pgn, &xqf, &dhtmlxq] {
        fs::create_dir_all(path).unwrap();
    }
    let texts: Vec<String> = records.iter().map(|record| record.to_pgn(Notation::Wxf).unwrap()).collect();
    fs::write(pgn.join("games.pgn"), texts.join("\n")).unwrap();
    let mut page = b"<html><body>\n".to_vec();
    for (index, record) in records.iter().enumerate() {
        let mut bytes = Vec::new();
        record::write_xqf(record, &mut bytes).unwrap();
        // Numbered so that sorted names keep the games' order.
        fs::write(xqf.join(format!("game-{index:03}.xqf")), bytes).unwrap();
        record::write_dhtmlxq(record, &mut page).unwrap();
    }
    page.extend_from_slice(b"</body></html>\n");
    fs::write(dhtmlxq.join("page.html"), page).unwrap();
    vec![("pgn", pgn), ("xqf", xqf), ("dhtmlxq", dhtmlxq)]
}

/// What the conversion tests start from: `count` random games
/// ([`random_record`], round 0 first) written in each format under `folder`
/// ([`write_sources`]).
fn random_sources(
    folder: &Path,
    random: &mut Random,
    count: usize,
) -> (Vec<Record>, Vec<(&'static str, PathBuf)>) {
    let records: Vec<Record> = (0..count).map(|round| random_record(random, round)).collect();
    let sources = write_sources(folder, &records);
    (records, sources)
}

/// The games of `--format json` on `paths`, each as what must survive a
/// conversion: tags, result, start and final position, moves, ending.
fn games(paths: &[&Path]) -> Vec<Value> {
    let mut args = vec!["game", "--format", "json"];
    let paths: Vec<String> = paths.iter().map(|path| path.display().to_string()).collect();
    args.extend(paths.iter().map(String::as_str));
    let text = String::from_utf8(succeeds(&args)).unwrap();
    text.lines()
        .map(|line| {
            let mut game: Value = serde_json::from_str(line).unwrap();
            let object = game.as_object_mut().unwrap();
            assert_eq!(object["error"], Value::Null, "{line}");
            for key in ["file", "game", "format", "encoding", "location", "warnings"] {
                object.remove(key);
            }
            // The explanation writes its moves in the record's notation.
            if let Some(outcome) = object.get_mut("outcome").and_then(Value::as_object_mut) {
                outcome.remove("text");
            }
            game
        })
        .collect()
}

/// Compares two lists of games one by one, to name the first that differs.
fn assert_same_games(read: &[Value], expected: &[Value], what: &str) {
    assert_eq!(read.len(), expected.len(), "{what}: the number of games");
    for (index, (read, expected)) in read.iter().zip(expected).enumerate() {
        assert_eq!(read, expected, "{what}: game {}", index + 1);
    }
}

/// The files under `folder`, sorted by the game number their names end with
/// (`NAME-N.EXT`), then by name.
fn written_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    let number = |path: &PathBuf| -> (usize, PathBuf) {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let number = stem.rsplit('-').next().and_then(|n| n.parse().ok()).unwrap_or(0);
        (number, path.clone())
    };
    files.sort_by_key(number);
    files
}

#[test]
fn random_games_convert_between_every_format_and_read_back_the_same() {
    let folder = scratch("every-pair");
    let (records, sources) = random_sources(&folder, &mut Random::new(2024), 12);
    // Every source format reads to the same games.
    let expected = games(&[&sources[0].1]);
    assert_eq!(expected.len(), records.len());
    for (format, source) in &sources {
        assert_same_games(&games(&[source]), &expected, &format!("read from {format}"));
    }
    let targets = ["pgn", "xqf", "dhtmlxq", "iccs", "engine", "wxf", "chinese"];
    for (format, source) in &sources {
        for target in targets {
            let out = folder.join(format!("{format}-to-{target}"));
            let out_arg = out.display().to_string();
            let source_arg = source.display().to_string();
            let summary = succeeds(&["game", "--to", target, "--out", &out_arg, &source_arg]);
            let summary = String::from_utf8(summary).unwrap();
            assert!(summary.contains(&format!("; {} files written in ", records.len())), "{summary}");
            let files = written_files(&out);
            assert_eq!(files.len(), records.len(), "{format} --to {target}");
            let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
            assert_same_games(&games(&paths), &expected, &format!("{format} --to {target}, read back"));
            // Between the formats that hold the whole tree, the whole record survives.
            if ["xqf", "dhtmlxq"].contains(format) && ["xqf", "dhtmlxq"].contains(&target) {
                for (file, record) in files.iter().zip(&records) {
                    let read = record::read(&fs::read(file).unwrap()).unwrap();
                    assert_eq!(
                        read.games[0].as_ref().unwrap(),
                        record,
                        "{format} --to {target}: {}",
                        file.display()
                    );
                }
            }
        }
    }
}

#[test]
fn text_conversions_to_standard_output_read_back_the_same() {
    let folder = scratch("stdout");
    let (records, sources) = random_sources(&folder, &mut Random::new(7), 6);
    let expected = games(&[&sources[0].1]);
    for (format, source) in &sources {
        for target in ["pgn", "dhtmlxq", "iccs", "engine", "wxf", "chinese"] {
            let written = succeeds(&["game", "--to", target, &source.display().to_string()]);
            let path = folder.join(format!("{format}-to-{target}.txt"));
            fs::write(&path, written).unwrap();
            assert_same_games(&games(&[&path]), &expected, &format!("{format} --to {target}, read back"));
        }
    }
    // One XQF game goes to standard output as it would to a file.
    let one = sources[0].1.join("games.pgn");
    let text = fs::read_to_string(&one).unwrap();
    let first = text.split("\n\n[").next().unwrap();
    let single = folder.join("single.pgn");
    fs::write(&single, first).unwrap();
    let xqf = succeeds(&["game", "--to", "xqf", &single.display().to_string()]);
    let read = record::read(&xqf).unwrap();
    let game = read.games[0].as_ref().unwrap();
    // PGN-style text holds the whole tree, variations and comments included.
    assert_eq!(game, &records[0]);
}

#[test]
fn a_record_of_each_format_in_a_folder_tree_is_found_and_converted_into_the_same_tree() {
    let folder = scratch("tree");
    let games_folder = folder.join("games");
    let (_, sources) = random_sources(&games_folder, &mut Random::new(99), 3);
    let out = folder.join("out");
    let summary = succeeds(&[
        "game",
        "--to",
        "pgn",
        "--out",
        &out.display().to_string(),
        &games_folder.display().to_string(),
    ]);
    assert!(String::from_utf8(summary).unwrap().starts_with("summary: 5 files, 9 games, "));
    for (format, _) in &sources {
        assert!(out.join(format).is_dir(), "the folder {format} below the one named is kept");
    }
    assert!(out.join("xqf/game-000-1.pgn").is_file());
    assert!(out.join("pgn/games-3.pgn").is_file());
    assert!(out.join("dhtmlxq/page-2.pgn").is_file());
}

#[test]
fn damaged_records_are_reported_never_panic() {
    let mut random = Random::new(5);
    let folder = scratch("damaged");
    let (_, sources) = random_sources(&folder.join("sources"), &mut random, 4);
    let damaged = folder.join("damaged");
    fs::create_dir_all(&damaged).unwrap();
    let mut count = 0;
    for (format, source) in &sources {
        for file in written_files(source) {
            let bytes = fs::read(&file).unwrap();
            // Cut short at many lengths, and with bytes changed.
            for cut in (0..bytes.len()).step_by(1 + bytes.len() / 40) {
                fs::write(damaged.join(format!("{format}-{count:04}-cut")), &bytes[..cut]).unwrap();
                let mut changed = bytes.clone();
                for _ in 0..3 {
                    let at = random.index(changed.len());
                    changed[at] = random.index(256) as u8;
                }
                fs::write(damaged.join(format!("{format}-{count:04}-changed")), changed).unwrap();
                count += 1;
            }
        }
    }
    let folder_arg = damaged.display().to_string();
    let (code, out, err) = xiangqi(&["game", &folder_arg]);
    let report = String::from_utf8(out).unwrap();
    assert_eq!(code, 1, "{report}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(report.lines().last().unwrap().starts_with("summary: "), "{report}");
    let (code, out, err) = xiangqi(&["game", "--format", "json", &folder_arg]);
    assert_eq!((code, err.lines().count()), (1, 1));
    for line in String::from_utf8(out).unwrap().lines() {
        let object: Value = serde_json::from_str(line).unwrap();
        assert!(object["file"].is_string(), "{line}");
    }
    let (code, _, err) =
        xiangqi(&["game", "--to", "xqf", "--out", &folder.join("out").display().to_string(), &folder_arg]);
    assert_eq!((code, err.lines().count()), (1, 1));
}
