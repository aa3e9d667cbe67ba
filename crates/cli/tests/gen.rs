//! `gen` writes input that our own judge accepts and that keeps every
//! promise of the task, checked here by code of its own: the text is read
//! back token by token and each promise tested on plain arrays, with no
//! call into the rules crates. Each test also prints the answer mix (run
//! with `--nocapture` to see it).

use cli::{Streams, run_tool};

/// Runs `tool args...` with `stdin`; returns (exit code, stdout, stderr).
fn run(tool: &str, args: &[&str], stdin: &str) -> (u8, String, String) {
    let mut stdin = stdin.as_bytes();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let argv: Vec<&str> = std::iter::once(tool).chain(args.iter().copied()).collect();
    let code = run_tool(tool, argv, &mut streams).expect("a tool of ours");
    (code, String::from_utf8(stdout).expect("UTF-8"), String::from_utf8(stderr).expect("UTF-8"))
}

/// `gen` output, checked to succeed and to be the same for the same seed.
fn generated(tool: &str, args: &[&str]) -> String {
    let (code, text, errors) = run(tool, args, "");
    assert_eq!((code, errors.as_str()), (0, ""), "{tool} {args:?}");
    assert_eq!(run(tool, args, "").1, text, "the same seed gives the same bytes");
    text
}

/// Our judge's answers to `input`, which it must accept.
fn judged(tool: &str, subcommand: &str, input: &str) -> String {
    let (code, answers, errors) = run(tool, &[subcommand], input);
    assert_eq!(code, 0, "our judge refused generated input: {errors}");
    answers
}

fn share(part: usize, whole: usize) -> f64 {
    part as f64 / whole as f64
}

// ---------------------------------------------------------------- checkmate

/// Whether a red piece at `from` of kind `kind` attacks `target` on `board`
/// (rows 1..10, columns 1..9, 0 empty).
fn attacks(board: &[[u8; 10]; 11], kind: u8, from: (usize, usize), target: (usize, usize)) -> bool {
    let between = || -> usize {
        if from.0 == target.0 {
            (from.1.min(target.1) + 1..from.1.max(target.1)).filter(|&c| board[from.0][c] != 0).count()
        } else {
            (from.0.min(target.0) + 1..from.0.max(target.0)).filter(|&r| board[r][from.1] != 0).count()
        }
    };
    let in_line = from.0 == target.0 || from.1 == target.1;
    match kind {
        b'R' => in_line && between() == 0,
        b'C' => in_line && between() == 1,
        b'G' => from.1 == target.1 && between() == 0,
        b'H' => {
            let (dr, dc) = (target.0 as i32 - from.0 as i32, target.1 as i32 - from.1 as i32);
            let leg = match (dr.abs(), dc.abs()) {
                (2, 1) => (from.0 as i32 + dr / 2, from.1 as i32),
                (1, 2) => (from.0 as i32, from.1 as i32 + dc / 2),
                _ => return false,
            };
            board[leg.0 as usize][leg.1 as usize] == 0
        }
        _ => false,
    }
}

/// Checks every promise of the checkmate input in `text`; returns the number
/// of cases and how many of them start with the generals facing each other.
fn check_checkmate_input(text: &str) -> (usize, usize) {
    let mut facing = 0;
    assert!(text.ends_with("\n\n0 0 0\n") || text == "0 0 0\n", "ends with `0 0 0` and nothing after it");
    let mut cases = 0;
    let blocks: Vec<&str> = text.split("\n\n").collect();
    let (last, blocks) = blocks.split_last().expect("at least the end");
    assert_eq!(*last, "0 0 0\n");
    for block in blocks {
        let lines: Vec<&str> = block.lines().collect();
        let header: Vec<usize> = lines[0].split(' ').map(|n| n.parse().expect("a number")).collect();
        let [count, row, column] = header[..] else { panic!("header {}", lines[0]) };
        assert!((2..=7).contains(&count), "{count} red pieces");
        assert_eq!(lines.len(), count + 1, "{block}");
        assert!((1..=3).contains(&row) && (4..=6).contains(&column), "black general at ({row},{column})");
        let mut board = [[0u8; 10]; 11];
        let mut pieces = Vec::new();
        for line in &lines[1..] {
            let fields: Vec<&str> = line.split(' ').collect();
            let [letter, r, c] = fields[..] else { panic!("piece line {line}") };
            let (r, c): (usize, usize) = (r.parse().expect("a row"), c.parse().expect("a column"));
            assert!((1..=10).contains(&r) && (1..=9).contains(&c), "({r},{c}) off the board");
            assert!(board[r][c] == 0 && (r, c) != (row, column), "two pieces on ({r},{c})");
            let kind = letter.as_bytes()[0];
            assert!(letter.len() == 1 && b"GRHC".contains(&kind), "piece {letter}");
            board[r][c] = kind;
            pieces.push((kind, r, c));
        }
        let of = |kind| pieces.iter().filter(|p| p.0 == kind).count();
        assert_eq!(of(b'G'), 1, "one red general");
        assert!(of(b'R') <= 2 && of(b'H') <= 2 && of(b'C') <= 2, "at most two of a kind: {block}");
        let &(_, gr, gc) = pieces.iter().find(|p| p.0 == b'G').expect("a red general");
        assert!((8..=10).contains(&gr) && (4..=6).contains(&gc), "red general at ({gr},{gc})");
        // Facing generals are the judge's own trap: allowed, and no check of themselves.
        facing += usize::from(attacks(&board, b'G', (gr, gc), (row, column)));
        let check =
            pieces.iter().any(|&(kind, r, c)| kind != b'G' && attacks(&board, kind, (r, c), (row, column)));
        assert!(check, "red does not give check:\n{block}");
        cases += 1;
    }
    (cases, facing)
}

#[test]
fn checkmate_cases_keep_every_promise_and_mix_the_answers() {
    // A tenth of the cases start with facing generals (all NO); the yes
    // share is of the others.
    for (args, yes_share, facing_share) in [
        (vec!["--count", "20000", "--seed", "1"], 0.45, 0.1),
        (vec!["--count", "5000", "--seed", "2", "--yes-share", "0.1"], 0.09, 0.1),
        (vec!["--count", "2000", "--seed", "3", "--min-pieces", "6", "--max-pieces", "6"], 0.45, 0.1),
        (vec!["--count", "5000", "--seed", "4", "--facing-share", "0"], 0.5, 0.0),
        (vec!["--count", "2000", "--seed", "5", "--facing-share", "1"], 0.0, 1.0),
        (vec!["--count", "2000", "--seed", "6", "--facing-share", "0.5", "--max-pieces", "3"], 0.25, 0.5),
    ] {
        let text = generated("xiangqi", &[&["gen", "checkmate"], args.as_slice()].concat());
        let (cases, facing) = check_checkmate_input(&text);
        let count: usize = args[1].parse().unwrap();
        assert_eq!(cases, count);
        let answers = judged("xiangqi", "checkmate", &text);
        assert_eq!(answers.lines().count(), cases);
        let yes = answers.lines().filter(|&answer| answer == "YES").count();
        eprintln!("checkmate {args:?}: YES {yes}, NO {}, facing generals {facing}", cases - yes);
        assert!((share(yes, cases) - yes_share).abs() <= 0.03, "{yes} YES of {cases}");
        assert!((share(facing, cases) - facing_share).abs() <= 0.03, "{facing} facing of {cases}");
    }
    let other = generated("xiangqi", &["gen", "checkmate", "--count", "20", "--seed", "9"]);
    assert_ne!(other, generated("xiangqi", &["gen", "checkmate", "--count", "20", "--seed", "10"]));
}

#[test]
fn gen_options_out_of_range_are_usage_errors() {
    for args in [
        vec!["gen", "checkmate", "--yes-share", "1.5"],
        vec!["gen", "checkmate", "--max-pieces", "8"],
        vec!["gen", "checkmate", "--facing-share", "1.1"],
        vec!["gen", "horse", "--crowding", "2"],
    ] {
        let (code, out, errors) = run("xiangqi", &args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(errors.contains("invalid value"), "{errors}");
    }
    let (code, _, errors) =
        run("xiangqi", &["gen", "checkmate", "--min-pieces", "5", "--max-pieces", "4"], "");
    assert_eq!(code, 1);
    assert_eq!(errors, "5 to 4 red pieces is not a range within 2 to 7 (the general included)\n");
    assert_eq!(run("duck", &["gen", "--count", "1001"], "").0, 2, "the judge promises Q <= 1000");
}

// -------------------------------------------------------------------- horse

/// Checks every promise of the horse input in `text`; returns the boards as 10 x 9 codes.
fn check_horse_input(text: &str) -> Vec<[[u8; 9]; 10]> {
    let mut boards = Vec::new();
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), 10, "10 rows:\n{block}");
        let mut board = [[0u8; 9]; 10];
        for (row, line) in lines.iter().enumerate() {
            let codes: Vec<u8> = line.split(' ').map(|code| code.parse().expect("a code")).collect();
            assert_eq!(codes.len(), 9, "a row holds 9 numbers: {line}");
            for (column, &code) in codes.iter().enumerate() {
                assert!(code <= 7 || (11..=17).contains(&code), "code {code}");
                board[row][column] = code;
            }
        }
        let count = |code: u8| board.iter().flatten().filter(|&&c| c == code).count();
        assert_eq!(count(12), 1, "exactly one black horse:\n{block}");
        assert!(count(5) <= 1 && count(15) <= 1, "at most one general a side");
        for (code, most) in
            [(1, 2), (2, 2), (3, 2), (4, 2), (6, 2), (7, 5), (11, 2), (13, 2), (14, 2), (16, 2), (17, 5)]
        {
            assert!(count(code) <= most, "{} pieces of code {code}", count(code));
        }
        for (row, cells) in board.iter().enumerate() {
            for (column, &code) in cells.iter().enumerate() {
                let in_palace =
                    |rows: std::ops::RangeInclusive<usize>| rows.contains(&row) && (3..=5).contains(&column);
                match code {
                    5 | 4 => assert!(in_palace(7..=9), "code {code} at ({row},{column})"),
                    15 | 14 => assert!(in_palace(0..=2), "code {code} at ({row},{column})"),
                    3 => assert!(row >= 5, "a red elephant across the river"),
                    13 => assert!(row <= 4, "a black elephant across the river"),
                    _ => {}
                }
            }
        }
        boards.push(board);
    }
    boards
}

/// Whether the exercise's pin holds: both generals on the horse's column,
/// the horse the only piece between them.
fn pinned(board: &[[u8; 9]; 10]) -> bool {
    let find = |code| (0..90).map(|i| (i / 9, i % 9)).find(|&(r, c)| board[r][c] == code);
    let (Some(horse), Some(black), Some(red)) = (find(12), find(15), find(5)) else { return false };
    let (top, bottom) = (black.0.min(red.0), black.0.max(red.0));
    black.1 == horse.1
        && red.1 == horse.1
        && (top + 1..bottom).filter(|&r| board[r][horse.1] != 0).count() == 1
        && (top..bottom).contains(&horse.0)
}

#[test]
fn horse_boards_keep_every_promise_and_the_pin_share_is_kept() {
    let text = generated("xiangqi", &["gen", "horse", "--count", "3000", "--seed", "1"]);
    let boards = check_horse_input(&text);
    assert_eq!(boards.len(), 3000);
    let answers = judged("xiangqi", "horse", &text);
    let blocks: Vec<&str> = answers.split("\n\n").collect();
    assert_eq!(blocks.len(), 3000, "one block per board");
    let none = blocks.iter().filter(|block| block.trim() == "NONE").count();
    let pins = boards.iter().filter(|board| pinned(board)).count();
    for (board, block) in boards.iter().zip(&blocks) {
        if pinned(board) {
            assert_eq!(block.trim(), "NONE");
        }
    }
    eprintln!("horse: NONE {none} of 3000 (pinned {pins}), others by number of points in the answer");
    assert!((0.18..=0.26).contains(&share(pins, 3000)), "{pins} pins");
    let single = generated("xiangqi", &["gen", "horse"]);
    assert_eq!(check_horse_input(&single).len(), 1, "one board by default, the exercise's input");
    assert!(!single.ends_with("\n\n"));
}

// --------------------------------------------------------------------- duck

#[test]
fn duck_logs_keep_the_promises_mix_valid_and_invalid_and_end_games() {
    let (mut valid, mut total, mut ended, mut after_end) = (0, 0, 0, 0);
    for seed in 1..=20 {
        let text = generated("duck", &["gen", "--count", "150", "--seed", &seed.to_string()]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "150");
        assert_eq!(lines.len(), 151);
        for line in &lines[1..] {
            let numbers: Vec<u8> = line.split(' ').map(|n| n.parse().expect("a number")).collect();
            assert_eq!(numbers.len(), 4, "{line}");
            assert!(numbers[0] < 10 && numbers[2] < 10 && numbers[1] < 9 && numbers[3] < 9, "{line}");
        }
        let answers = judged("duck", "replay", &text);
        let answers: Vec<&str> = answers.lines().collect();
        assert_eq!(answers.len(), 150);
        let end = answers.iter().position(|answer| answer.ends_with(";yes"));
        let before = end.map_or(150, |end| end + 1);
        valid += answers[..before].iter().filter(|&&answer| answer != "Invalid command").count();
        total += before;
        if let Some(end) = end {
            ended += 1;
            after_end += 149 - end;
            assert!(answers[end + 1..].iter().all(|&answer| answer == "Invalid command"));
        }
    }
    eprintln!(
        "duck: {valid} valid of {total} commands before the ends; {ended} of 20 games ended, {after_end} commands after"
    );
    assert!((0.55..=0.65).contains(&share(valid, total)), "valid share {}", share(valid, total));
    assert!(ended >= 12 && after_end > 0, "{ended} games ended");
}

// ----------------------------------------------------------------------- kq

#[test]
fn kq_lines_keep_the_promises_and_every_verdict_appears() {
    let text = generated("kq", &["gen", "--count", "10000", "--seed", "1"]);
    for line in text.lines() {
        let numbers: Vec<u8> = line.split(' ').map(|n| n.parse().expect("a number")).collect();
        assert!(numbers.len() == 3 && numbers.iter().all(|&n| n < 64), "{line}");
    }
    let answers = judged("kq", "judge", &text);
    let mut mix: Vec<(&str, usize)> = Vec::new();
    for verdict in ["Illegal state", "Illegal move", "Move not allowed", "Continue", "Stop"] {
        mix.push((verdict, answers.lines().filter(|&answer| answer == verdict).count()));
    }
    eprintln!("kq: {mix:?}");
    assert_eq!(mix.iter().map(|(_, count)| count).sum::<usize>(), 10000);
    assert!(mix.iter().all(|&(_, count)| count > 800), "{mix:?}");
}

// ------------------------------------------------------------------- layout

/// The lines of `text` that hold tokens, each as its tokens.
fn token_lines(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .filter(|line| !line.is_empty())
        .collect()
}

/// `--layout varied` writes the same cases as plain, with CRLF line ends and
/// tabs, runs of spaces and blank lines where the task's reading allows
/// them (the tokens of a line stay on it, but for checkmate, read token by
/// token), and our judges give the same answers to both.
#[test]
fn varied_layout_is_the_same_cases_and_our_judges_read_it_alike() {
    for (tool, gen_args, judge, token_by_token) in [
        ("xiangqi", &["gen", "checkmate", "--count", "2000"][..], "checkmate", true),
        ("xiangqi", &["gen", "horse", "--count", "300"][..], "horse", false),
        ("duck", &["gen", "--count", "1000"][..], "replay", false),
        ("kq", &["gen", "--count", "5000"][..], "judge", false),
    ] {
        for seed in ["1", "2"] {
            let plain = generated(tool, &[gen_args, &["--seed", seed]].concat());
            let varied = generated(tool, &[gen_args, &["--seed", seed, "--layout", "varied"]].concat());
            assert!(!varied.replace("\r\n", "").contains('\n'), "{tool} {judge}: CRLF line ends only");
            for whitespace in ["\t", "  ", "\r\n\r\n"] {
                assert!(varied.contains(whitespace), "{tool} {judge}: no {whitespace:?}");
            }
            let tokens = |text: &str| text.split_whitespace().map(str::to_string).collect::<Vec<_>>();
            assert_eq!(tokens(&varied), tokens(&plain), "{tool} {judge}: the same tokens");
            if !token_by_token {
                assert_eq!(token_lines(&varied), token_lines(&plain), "{tool} {judge}: the same lines");
            }
            assert_eq!(
                judged(tool, judge, &varied),
                judged(tool, judge, &plain),
                "{tool} {judge}: seed {seed}"
            );
        }
    }
}

#[test]
fn kq_first_lines_show_every_verdict_the_stop_share_allows() {
    // What `kq gen --help` says: five verdicts by default, the four but
    // `Stop` with --stop-share 0, `Stop` alone with --stop-share 1.
    let verdicts = |share: &str, count: &str| {
        let text = generated("kq", &["gen", "--count", count, "--seed", "7", "--stop-share", share]);
        let mut verdicts: Vec<String> = judged("kq", "judge", &text).lines().map(str::to_string).collect();
        verdicts.sort();
        verdicts
    };
    assert_eq!(
        verdicts("0.1", "5"),
        ["Continue", "Illegal move", "Illegal state", "Move not allowed", "Stop"]
    );
    assert_eq!(verdicts("0", "4"), ["Continue", "Illegal move", "Illegal state", "Move not allowed"]);
    assert_eq!(verdicts("1", "3"), ["Stop", "Stop", "Stop"]);
}
