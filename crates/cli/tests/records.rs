//! `xiangqi game`, `xiangqi play` and the position files, through the same
//! entry point as the binary: what fixtures cannot show (round trips over
//! every sample record, standard input, endless input).

use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use cli::{Streams, run_tool};

/// Runs `xiangqi ARGS...` with `stdin` and returns (exit code, stdout, stderr).
fn xiangqi_with(stdin: &mut dyn BufRead, args: &[&str]) -> (u8, String, String) {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin, stdout: &mut stdout, stderr: &mut stderr };
    let argv: Vec<&str> = std::iter::once("xiangqi").chain(args.iter().copied()).collect();
    let code = run_tool("xiangqi", argv, &mut streams).expect("the xiangqi tool exists");
    (code, String::from_utf8(stdout).unwrap(), String::from_utf8(stderr).unwrap())
}

fn xiangqi(args: &[&str]) -> (u8, String, String) {
    xiangqi_with(&mut &b""[..], args)
}

/// Every sample record under `fixtures/xiangqi/game/`.
fn sample_records() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/xiangqi/game");
    let mut records: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "pgn"))
        .collect();
    records.sort();
    records
}

#[test]
fn every_sample_record_written_in_every_notation_reads_back_to_the_same_games() {
    let notations = ["iccs", "engine", "wxf", "chinese"];
    let mut games_written = 0;
    for record in sample_records() {
        let path = record.to_str().expect("a UTF-8 path");
        // The games as ICCS records: the moves, the tags and the result, all in one text.
        let (code, iccs, _) = xiangqi(&["game", "--to", "iccs", path]);
        games_written += iccs.matches("[Format \"ICCS\"]").count();
        for notation in notations {
            let (written_code, written, _) = xiangqi(&["game", "--to", notation, path]);
            assert_eq!(written_code, code, "{path} --to {notation}");
            if written.is_empty() {
                assert_eq!(code, 1, "{path}: no game written, so something was wrong");
                continue;
            }
            let (again_code, again, error) = xiangqi_with(&mut written.as_bytes(), &["game", "--to", "iccs"]);
            assert_eq!((again_code, error.as_str()), (0, ""), "{path} --to {notation}:\n{written}");
            assert_eq!(again, iccs, "{path} --to {notation}, read back");
            // And the report on the written games finds every move playable.
            let (report_code, report, _) = xiangqi_with(&mut written.as_bytes(), &["game", "-"]);
            assert_eq!(report_code, 0, "{report}");
            assert!(!report.contains("bad move"), "{report}");
        }
    }
    assert!(games_written >= 15, "the samples hold many games, {games_written} written");
}

#[test]
fn a_report_covers_every_file_before_failing() {
    let records = sample_records();
    let bad = records.iter().find(|path| path.ends_with("bad-move-deep.pgn")).unwrap();
    let good = records.iter().find(|path| path.ends_with("wxf.pgn")).unwrap();
    let (bad, good) = (bad.to_str().unwrap(), good.to_str().unwrap());
    let (code, out, err) = xiangqi(&["game", bad, "no-such-file.pgn", good]);
    assert_eq!(code, 1);
    assert!(out.contains("red's move 40: '兵四平七' names no legal move"), "{out}");
    assert!(out.contains("\nno-such-file.pgn: cannot open: "), "{out}");
    assert!(
        out.contains("result: agrees: 1-0 recorded, 1-0 on the board"),
        "the file after the bad ones: {out}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad-move-deep.pgn:48:5: game 1, red's move 40:"), "{err}");
    assert!(err.ends_with("(and 1 more problem: see the report)\n"), "{err}");
}

#[test]
fn records_come_from_standard_input_too() {
    let record = "1. 炮二平五 马８进７ 2. 马二进三 *\n";
    let (code, out, _) = xiangqi_with(&mut record.as_bytes(), &["game"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("game 1: <stdin>:1:1\n  moves: 3\n"), "{out}");
    let (code, out, _) = xiangqi_with(&mut record.as_bytes(), &["game", "--to", "wxf", "-"]);
    assert_eq!((code, out.as_str()), (0, "[Result \"*\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7\n2. H2+3 *\n"));
    let (code, _, err) = xiangqi(&["game", "--to", "wxf", "--fen-each"]);
    assert_eq!(code, 2, "--to writes records, which have no room for FENs: {err}");
}

#[test]
fn endless_input_is_refused_not_read_forever() {
    let mut endless = BufReader::new(io::repeat(b'9'));
    let (code, _, err) = xiangqi_with(&mut endless, &["moves", "--fen-file", "-"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "<stdin>:1:1: a line of more than 4096 characters ('{}...'): no line of this input is that long\n",
            "9".repeat(40)
        )
    );
    let mut endless = BufReader::new(io::repeat(b' '));
    let (code, out, err) = xiangqi_with(&mut endless, &["game"]);
    assert_eq!(code, 1);
    assert_eq!(err, "<stdin>: larger than 64 MiB: split it into smaller files\n");
    assert_eq!(
        out,
        "<stdin>: larger than 64 MiB: split it into smaller files\n\n\
         summary: 1 file, 0 games, 0 moves; 1 failure (cannot open: 1)\n"
    );
}

#[test]
fn a_fen_comes_from_an_argument_a_file_or_standard_input_never_two() {
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w";
    let from_argument = xiangqi(&["play", "--fen", fen, "a1a2", "d9d8", "a2d2"]);
    let from_stdin = xiangqi_with(&mut fen.as_bytes(), &["play", "--fen-file", "-", "a1a2", "d9d8", "a2d2"]);
    assert_eq!(from_argument, from_stdin);
    assert_eq!(from_argument.0, 0);
    assert!(from_argument.1.ends_with(
        "black to move is checkmated and loses\ngame over: 1-0, checkmate: after 2. a2d2, black is checkmated: red wins\n"
    ));
    for command in [&["moves"][..], &["perft", "1"], &["show"], &["play"]] {
        let mut args = command.to_vec();
        args.extend(["--fen", fen, "--fen-file", "-"]);
        let (code, _, err) = xiangqi(&args);
        assert_eq!(code, 2, "{command:?}");
        assert!(err.contains("cannot be used with"), "{err}");
    }
}

#[test]
fn play_names_the_move_that_fails_and_prints_nothing_else() {
    let (code, out, err) = xiangqi(&["play", "h2e2", "h9g7", "h2e2"]);
    assert_eq!((code, out.as_str()), (1, ""));
    // Text that reads in both coordinate systems says which it was read in.
    assert_eq!(
        err,
        "move 3: 'h2e2' names no legal move: no piece stands on h2 \
         (read as ICCS, ranks 0-9; for engine coordinates, ranks 1-10, give --notation engine)\n"
    );
    // Text only ICCS reads, or read in the notation given, needs no such word.
    let (_, _, err) = xiangqi(&["play", "h2e2", "h9g7", "h2e2", "--notation", "iccs"]);
    assert_eq!(err, "move 3: 'h2e2' names no legal move: no piece stands on h2\n");
    let (_, _, err) = xiangqi(&["play", "h2e2", "h9g7", "e5e0"]);
    assert_eq!(err, "move 3: 'e5e0' names no legal move: no piece stands on e5\n");
    // WXF moves that begin with '-' go after '--'.
    let fen = "P4k3/P8/P8/P8/P8/9/9/9/9/4K4 w";
    let (code, out, _) = xiangqi(&["play", "--fen", fen, "--", "--.8"]);
    assert_eq!(code, 0);
    assert!(out.contains("moves: 1. --.8\n"), "{out}");
    // No move at all shows the position.
    let (code, out, _) = xiangqi(&["play"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("moves: none\nFEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nred to move\n"));
}

#[test]
fn out_that_is_a_file_is_refused_saying_it_must_be_a_folder() {
    let file = std::env::temp_dir().join(format!("records-out-file-{}", std::process::id()));
    std::fs::write(&file, "not a folder").unwrap();
    let record = sample_records().into_iter().next().expect("a sample record");
    let (code, stdout, stderr) =
        xiangqi(&["game", "--to", "pgn", "--out", file.to_str().unwrap(), record.to_str().unwrap()]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "--out {}: this is a file, and --out names a folder, new or existing, to write each game into \
             (DIR/NAME-N.EXT)\n",
            file.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder", "the file is left alone");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_game_stopped_by_a_bad_move_is_unchecked_in_the_report_and_in_json() {
    let record = "[Event \"x\"]\n\n1. h2e2 h9g7 2. a0a5 *\n";
    let (code, text, _) = xiangqi_with(&mut record.as_bytes(), &["game", "-"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("\n  result: unchecked: * recorded, the game stops at a bad move\n"), "{text}");
    let (_, json, _) = xiangqi_with(&mut record.as_bytes(), &["game", "-", "--format", "json"]);
    assert!(json.contains("\"result_check\":\"unchecked\""), "{json}");
}

#[test]
fn a_ruling_is_written_in_the_records_own_notation_in_the_report_and_in_json() {
    use xiangqi_rules::notation::Notation;
    use xiangqi_rules::record::Line;
    // A perpetual chase: the chariot chases the horse back and forth.
    let start: xiangqi_rules::Position = "4k4/9/1n7/9/9/9/9/9/9/2RK5 w - - 0 1".parse().unwrap();
    let moves: Vec<xiangqi_rules::Move> = ["c0b0", "b7c5", "b0c0", "c5b7", "c0b0", "b7c5", "b0c0", "c5b7"]
        .iter()
        .map(|mv| mv.parse().unwrap())
        .collect();
    let mut line = Line::new(start);
    for &mv in &moves {
        line.play(mv).unwrap();
    }
    for (notation, tagged) in [
        (Notation::Chinese, false),
        (Notation::Chinese, true),
        (Notation::Iccs, false),
        (Notation::Wxf, false),
    ] {
        let record = line.to_pgn(notation).unwrap();
        // Without the `Format` tag the notation is the first move's.
        let record = if tagged {
            record
        } else {
            record
                .lines()
                .filter(|line| !line.starts_with("[Format "))
                .map(|line| format!("{line}\n"))
                .collect()
        };
        assert_eq!(record.contains("[Format"), tagged && notation != Notation::Iccs, "{record}");
        let last = line.texts(notation).unwrap().pop().unwrap();
        let ruling = format!("the position after 4... {last} has occurred three times (moves 1-4)");
        let (_, text, _) = xiangqi_with(&mut record.as_bytes(), &["game", "-"]);
        assert!(text.contains(&format!("  ruling: 0-1, perpetual-chase: {ruling}; ")), "{notation}:\n{text}");
        let (_, json, _) = xiangqi_with(&mut record.as_bytes(), &["game", "-", "--format", "json"]);
        assert!(json.contains(&format!("\"text\":\"{ruling}; ")), "{notation}:\n{json}");
    }
}
