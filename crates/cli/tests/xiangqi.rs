//! `xiangqi perft`, `moves` and `show` through the same entry point as the binary.

use cli::{Streams, run_tool};

/// Runs `xiangqi ARGS...` and returns (exit code, stdout, stderr).
fn xiangqi(args: &[&str]) -> (u8, String, String) {
    let mut stdin: &[u8] = &[];
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let argv: Vec<&str> = std::iter::once("xiangqi").chain(args.iter().copied()).collect();
    let code = run_tool("xiangqi", argv, &mut streams).expect("the xiangqi tool exists");
    (code, String::from_utf8(stdout).unwrap(), String::from_utf8(stderr).unwrap())
}

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    assert_eq!(xiangqi(&["perft", "3"]), (0, "79666\n".to_string(), String::new()));
    assert_eq!(xiangqi(&["perft", "0"]).1, "1\n");
    let (code, out, _) = xiangqi(&["perft", "2", "--fen", "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w"]);
    assert_eq!((code, out.as_str()), (0, "424\n"));
}

#[test]
fn threads_and_every_leaf_change_nothing_in_the_output() {
    let mated = "3k5/9/9/9/9/9/9/9/3R5/4K4 b";
    for base in
        [&["perft", "3", "--divide"][..], &["perft", "2", "--divide", "--format", "json"], &["perft", "0"]]
    {
        for fen in ["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", mated] {
            let plain: Vec<&str> = base.iter().copied().chain(["--fen", fen]).collect();
            let expected = xiangqi(&plain);
            assert_eq!(expected.0, 0, "{expected:?}");
            for extra in
                [&["--threads", "1"][..], &["--threads", "2"], &["--threads", "64"], &["--every-leaf"]]
            {
                let args: Vec<&str> = plain.iter().chain(extra).copied().collect();
                assert_eq!(xiangqi(&args), expected, "{args:?}");
            }
        }
    }
    let (code, _, err) = xiangqi(&["perft", "2", "--threads", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("'0' for '--threads <N>'"), "{err}");
}

#[test]
fn divide_lists_every_root_move_then_the_total() {
    let (code, out, _) = xiangqi(&["perft", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(lines[44], "1920");
    let mut sum = 0;
    let mut moves = Vec::new();
    for line in &lines[..44] {
        let (mv, count) = line.split_once(": ").expect("MOVE: COUNT");
        moves.push(mv);
        sum += count.parse::<u64>().unwrap();
    }
    assert_eq!(sum, 1920);
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    assert_eq!(moves, sorted, "root moves in ICCS order");
    // After the central cannon opening the black cannon on h7 reaches h2 and h1 but no longer
    // captures on h0: one move more than the 44 of the start.
    assert!(lines.contains(&"h2e2: 45"), "the central cannon opening");
}

#[test]
fn moves_are_sorted_iccs_one_per_line() {
    let (code, out, _) = xiangqi(&["moves"]);
    assert_eq!(code, 0);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 44);
    assert_eq!(&moves[..3], ["a0a1", "a0a2", "a3a4"]);
    assert!(moves.windows(2).all(|w| w[0] < w[1]));
    // A mated side has no moves and the output is empty.
    let (code, out, _) = xiangqi(&["moves", "--fen", "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b"]);
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn show_draws_the_board_and_says_how_things_stand() {
    let (code, out, _) = xiangqi(&["show"]);
    assert_eq!(code, 0);
    assert!(out.contains(" 0   R---N---B---A---K---A---B---N---R   0\n"));
    assert!(out.contains("river"));
    assert!(out.ends_with(
        "FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nred to move\n"
    ));
    let (_, out, _) = xiangqi(&["show", "--fen", "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b"]);
    assert!(out.ends_with("black to move is checkmated and loses\n"), "{out}");
    let (_, out, _) = xiangqi(&["show", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"]);
    assert!(
        out.contains("not a legal position: black is not to move, yet its general on e9 is attacked from e0")
    );
    let (code, svg, _) = xiangqi(&["show", "--svg"]);
    assert_eq!(code, 0);
    assert!(svg.starts_with("<svg ") && svg.contains("帥"));
}

#[test]
fn a_bad_fen_is_one_line_naming_the_wrong_part_and_exit_code_1() {
    let (code, out, err) =
        xiangqi(&["moves", "--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "--fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w': bad FEN: \
         rank 0 ('RNBAKABNRR') describes 10 points; every rank has 9\n"
    );
    let (code, _, err) = xiangqi(&["perft", "1", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("--fen '4k4/9/9/9/9/9/9/9/9/4K4 w': illegal position: "), "{err}");
    assert_eq!(err.lines().count(), 1);
    // A FEN of 10 KB is quoted once, cut short.
    let huge = format!("{}/9/9/9/9/9/9/9/9/9 w", "R".repeat(10_000));
    let (code, _, err) = xiangqi(&["moves", "--fen", &huge]);
    assert_eq!(code, 1);
    assert!(err.len() < 400, "{err}");
    assert_eq!(
        err,
        format!(
            "--fen '{}...': bad FEN: rank 9 ('{}...') describes 10000 points; every rank has 9\n",
            "R".repeat(100),
            "R".repeat(40)
        )
    );
}

#[test]
fn usage_errors_exit_with_code_2() {
    let (code, _, err) = xiangqi(&["perft"]);
    assert_eq!(code, 2);
    assert!(err.contains("DEPTH"));
    let (code, out, _) = xiangqi(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("checkmate") && out.contains("horse") && out.contains("perft"));
}

/// A disk that fills up after `room` bytes.
struct Full {
    room: usize,
    written: Vec<u8>,
}

impl std::io::Write for Full {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.written.len() + bytes.len() > self.room {
            return Err(std::io::Error::other("the disk is full"));
        }
        self.written.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_failed_write_stops_the_count_on_every_thread() {
    // 133 million leaves: the run ends soon only because the count stops at
    // the first line that cannot be written.
    for threads in ["1", "2"] {
        let mut stdin: &[u8] = &[];
        let (mut stdout, mut stderr) = (Full { room: 14, written: Vec::new() }, Vec::new());
        let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
        let argv = ["xiangqi", "perft", "5", "--divide", "--threads", threads];
        let code = run_tool("xiangqi", argv, &mut streams).unwrap();
        assert_eq!(code, 1);
        assert_eq!(String::from_utf8(stdout.written).unwrap(), "a0a1: 4549668\n");
        assert_eq!(String::from_utf8(stderr).unwrap(), "the disk is full\n");
    }
}

/// Runs `TOOL ARGS...` in memory and returns standard output and standard error together.
fn said(tool: &str, args: &[&str]) -> String {
    let mut stdin: &[u8] = &[];
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let argv: Vec<&str> = std::iter::once(tool).chain(args.iter().copied()).collect();
    run_tool(tool, argv, &mut streams).expect("a tool of ours");
    String::from_utf8(stdout).unwrap() + &String::from_utf8(stderr).unwrap()
}

/// The words a count of one stands before in our messages, in the plural:
/// none of them may follow a lone `1`.
const PLURALS: [&str; 14] = [
    "games", "ranks", "rows", "runs", "cases", "moves", "plies", "files", "pieces", "lines", "commands",
    "failures", "points", "answers",
];

/// Every `1 NOUNS` in `text`, where `1` stands alone (not `11`, `0.1` or `1,000`).
fn plural_after_one(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("1 ") {
        let alone =
            text[..at].chars().next_back().is_none_or(|c| !c.is_ascii_digit() && c != '.' && c != ',');
        let word: String = text[at + 2..].chars().take_while(char::is_ascii_alphabetic).collect();
        if alone && PLURALS.contains(&word.as_str()) {
            found.push(format!("1 {word}"));
        }
    }
    found
}

#[test]
fn counts_of_one_and_of_nothing_read_right_in_every_message() {
    assert_eq!(plural_after_one("1 games, 11 games, 0.1 runs, 2,001 cases, 1 game"), ["1 games"]);
    let texts = [
        said("xiangqi", &["selfplay", "--games", "1", "--rules", "none", "--seed", "1", "--max-plies", "1"]),
        said("xiangqi", &["show", "--fen", "4k4 w"]),
        said("kq", &["stress", "--cases", "0", "--seed", "0", "--", "true"]),
        said("kq", &["stress", "--cases", "1", "--seed", "1", "--", "true"]),
    ];
    for text in &texts {
        assert_eq!(plural_after_one(text), Vec::<String>::new(), "{text}");
        assert!(!text.contains("the none rules") && !text.contains(": )"), "{text}");
    }
    assert!(
        texts[0]
            .starts_with("1 random game ended by mate and stalemate only (--rules none), seed 1: 1 ply\n")
    );
    assert!(texts[1].contains("the board has 1 rank; a FEN gives 10"), "{}", texts[1]);
    assert!(
        texts[2].contains("all 0 cases agree with the oracle (seed 0; 0 runs of true in ")
            && texts[2].contains("answers: none)"),
        "{}",
        texts[2]
    );
}
