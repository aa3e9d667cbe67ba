//! `xiangqi solve` on the command line: the notations of its answers and
//! explanations, the JSON object's exact shape, answers streamed as the
//! input comes, the progress line on a terminal, Ctrl-C, bad input, and
//! limits that say "unknown".

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use cli::{Streams, run_tool};

/// Two chariots against a lone general: red mates in two.
const TWO_CHARIOTS: &str = "4k4/9/9/9/9/9/9/9/R8/R4K3 w";

/// 《适情雅趣》 No. 2 马蹀阏氏: a mate in 20 that takes any search long
/// enough to show progress or to be stopped (no mate within 30 is ever
/// settled while a test waits).
const LONG: &str = "C3kab2/4a4/n3c1n2/3Np1p2/1R4P2/1R7/4P4/4B4/1pCp1p3/1crAK1N2 w";

/// Runs `xiangqi ARGS...` with `stdin` and returns (exit code, stdout, stderr).
fn xiangqi_with(args: &[&str], stdin: &str) -> (u8, String, String) {
    let mut input = stdin.as_bytes();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut input, stdout: &mut stdout, stderr: &mut stderr };
    let argv: Vec<&str> = std::iter::once("xiangqi").chain(args.iter().copied()).collect();
    let code = run_tool("xiangqi", argv, &mut streams).expect("the xiangqi tool exists");
    (code, String::from_utf8(stdout).unwrap(), String::from_utf8(stderr).unwrap())
}

fn xiangqi(args: &[&str]) -> (u8, String, String) {
    xiangqi_with(args, "")
}

#[test]
fn the_line_is_written_in_every_notation_numbered_as_players_write_it() {
    let expected = [
        ("iccs", "mate in 2: 1. a0d0 e9e8 2. a1e1\n"),
        ("wxf", "mate in 2: 1. R-.6 K5+1 2. R9.5\n"),
        ("chinese", "mate in 2: 1. 后车平六 将５进１ 2. 车九平五\n"),
    ];
    for (notation, line) in expected {
        let answer = xiangqi(&["solve", "--fen", TWO_CHARIOTS, "--moves", "3", "--notation", notation]);
        assert_eq!(answer, (0, line.to_string(), String::new()), "{notation}");
    }
    // A black attacker's line starts with its number too, and numbers its own moves.
    let black =
        xiangqi(&["solve", "--fen", "r4k3/r8/9/9/9/9/9/9/9/4K4 b", "--moves", "2", "--notation", "iccs"]);
    assert_eq!(black, (0, "mate in 2: 1. a8a1 e0d0 2. a1e1\n".to_string(), String::new()));
}

#[test]
fn chinese_is_the_default_notation_when_pictures_are_drawn_in_chinese() {
    let (code, out, _) = xiangqi(&["solve", "--fen", TWO_CHARIOTS, "--moves", "3", "--style", "chinese"]);
    assert_eq!((code, out.as_str()), (0, "mate in 2: 1. 后车平六 将５进１ 2. 车九平五\n"));
    // Not on a terminal and no style asked: ICCS.
    let (code, out, _) = xiangqi(&["solve", "--fen", TWO_CHARIOTS, "--moves", "3"]);
    assert_eq!((code, out.as_str()), (0, "mate in 2: 1. a0d0 e9e8 2. a1e1\n"));
}

#[test]
fn explain_gives_each_defence_count_and_draws_the_final_position_in_every_notation() {
    let steps = [
        ("iccs", "1. a0d0 e9e8 (1 defence)\n2. a1e1 (mate)\n"),
        ("wxf", "1. R-.6 K5+1 (1 defence)\n2. R9.5 (mate)\n"),
        ("chinese", "1. 后车平六 将５进１ (1 defence)\n2. 车九平五 (mate)\n"),
    ];
    for (notation, explained) in steps {
        let args = ["solve", "--fen", TWO_CHARIOTS, "--moves", "3", "--explain", "--style", "ascii"];
        let (code, out, err) = xiangqi(&[&args[..], &["--notation", notation]].concat());
        assert_eq!((code, err.as_str()), (0, ""), "{notation}");
        let (first, rest) = out.split_once('\n').expect("the answer line");
        assert!(first.starts_with("mate in 2: 1. "), "{first}");
        assert!(rest.starts_with(explained), "{notation}:\n{rest}");
        // The final position drawn: the general on e8, the chariots on d0 and e1.
        let picture = &rest[explained.len()..];
        assert!(picture.contains(" 8   +---+---+---+---k---+"), "{picture}");
        assert!(picture.contains(" 1   +---+---+---+---R---+"), "{picture}");
        assert!(picture.contains(" 0   +---+---+---R---+---K---+"), "{picture}");
        assert!(out.ends_with("black to move is checkmated and loses\n"), "{out}");
    }
    // More than one defence: the count is of all the defender's legal moves.
    let (code, out, _) = xiangqi(&[
        "solve",
        "--fen",
        "3akab2/9/9/9/9/9/9/9/9/R2K4R w",
        "--moves",
        "4",
        "--explain",
        "--notation",
        "iccs",
        "--style",
        "ascii",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("\n1. i0e0 f9e8 (3 defences)\n2. a0a9 e9f9 (3 defences)\n3. e0e8 g9e7 (2 defences)\n4. a9d9 (mate)\n"),
        "{out}"
    );
}

/// The object with its `nodes` and `ms` values taken out, which vary.
fn without_counts(object: &str) -> String {
    let at = object.find(",\"nodes\":").expect("a nodes field");
    let value: serde_json::Value = serde_json::from_str(object).expect("one JSON object");
    assert!(value["nodes"].as_u64().is_some_and(|nodes| nodes > 0), "{object}");
    assert!(value["ms"].is_u64(), "{object}");
    let keys: Vec<&String> = value.as_object().expect("an object").keys().collect();
    assert_eq!(keys.len(), 7, "{object}");
    object[..at].to_string()
}

#[test]
fn json_is_one_object_a_position_with_the_issue_s_exact_shape() {
    let input = format!("{TWO_CHARIOTS}\n4k4/9/9/9/9/9/9/9/9/3K5 w\n");
    let (code, out, err) = xiangqi_with(&["solve", "--format", "json", "--moves", "2"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    let objects: Vec<String> = out.lines().map(without_counts).collect();
    assert_eq!(
        objects,
        [
            "{\"fen\":\"4k4/9/9/9/9/9/9/9/R8/R4K3 w - - 0 1\",\"result\":\"mate\",\"moves\":2,\
             \"line\":[\"a0d0\",\"e9e8\",\"a1e1\"],\"first_moves\":null",
            "{\"fen\":\"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\",\"result\":\"no-mate\",\"moves\":null,\
             \"line\":[],\"first_moves\":null",
        ]
    );
    let (code, out, _) =
        xiangqi(&["solve", "--fen", TWO_CHARIOTS, "--format", "json", "--moves", "2", "--all-first-moves"]);
    assert_eq!(code, 0);
    assert_eq!(
        without_counts(out.trim_end()),
        "{\"fen\":\"4k4/9/9/9/9/9/9/9/R8/R4K3 w - - 0 1\",\"result\":\"mate\",\"moves\":2,\
         \"line\":[\"a0d0\",\"e9e8\",\"a1e1\"],\"first_moves\":[{\"move\":\"a0d0\",\"moves\":2},\
         {\"move\":\"a0e0\",\"moves\":2},{\"move\":\"a1a8\",\"moves\":2},{\"move\":\"a1d1\",\"moves\":2},\
         {\"move\":\"a1e1\",\"moves\":2}]"
    );
    // JSON writes ICCS whatever the notation asked.
    let (_, wxf, _) =
        xiangqi(&["solve", "--fen", TWO_CHARIOTS, "--format", "json", "--moves", "2", "--notation", "wxf"]);
    assert!(wxf.contains("\"line\":[\"a0d0\",\"e9e8\",\"a1e1\"]"), "{wxf}");
}

#[test]
fn a_limit_reached_says_unknown_never_no_mate() {
    // Mates in 2, 20 and (for the node limit) a position with no mate at all
    // within 3: every limit that stops the search first says "unknown".
    let cases: [(&str, &[&str], &str); 4] = [
        (TWO_CHARIOTS, &["--nodes", "1"], "unknown: the node limit reached, nothing proved yet\n"),
        (LONG, &["--nodes", "20000"], "unknown: the node limit reached, no mate within "),
        (LONG, &["--time", "0.3"], "unknown: the time limit reached, "),
        ("4k4/9/9/9/9/9/9/9/9/R2K5 w", &["--nodes", "2"], "unknown: the node limit reached"),
    ];
    for (fen, limit, answer) in cases {
        let args = [&["solve", "--fen", fen, "--moves", "25"][..], limit].concat();
        let (code, out, err) = xiangqi(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        assert!(out.starts_with(answer), "{args:?}: {out}");
        assert!(!out.contains("no mate within 25"), "{args:?}: {out}");
    }
    let (_, json, _) =
        xiangqi(&["solve", "--fen", LONG, "--moves", "25", "--nodes", "5000", "--format", "json"]);
    assert!(json.contains("\"result\":\"unknown\",\"moves\":null,\"line\":[]"), "{json}");
}

#[test]
fn bad_input_is_one_located_line_and_exit_code_1() {
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["--fen", "9/9/9/9/9/9/9/9/R8/R4K3 w"],
            "",
            "--fen '9/9/9/9/9/9/9/9/R8/R4K3 w': illegal position: black has no general\n",
        ),
        (&["--moves", "0", "--fen", TWO_CHARIOTS], "", "--moves 0: the bound must be from 1 to 120 moves\n"),
        (
            &["--moves", "121", "--fen", TWO_CHARIOTS],
            "",
            "--moves 121: the bound must be from 1 to 120 moves\n",
        ),
        (&["--time", "0", "--fen", TWO_CHARIOTS], "", "--time 0: give a positive number of seconds\n"),
        (
            &["--moves", "2"],
            "4k4/9/9/9/9/9/9/9/R8/R4K3 w\n  9/9/9/9/9/9/9/9/R8/R4K3 w\n",
            "<stdin>:2:3: illegal position: black has no general\n",
        ),
        (
            &["--moves", "2"],
            "4k4/9/9/9/9/9/9/9/R8/R4K3 w\nnot a position\n",
            "<stdin>:2:1: bad FEN: the board has 1 rank; a FEN gives 10, from rank 9 down to rank 0, separated by '/'\n",
        ),
    ];
    for (args, input, error) in cases {
        let (code, out, err) = xiangqi_with(&[&["solve"][..], args].concat(), input);
        assert_eq!((code, err.as_str()), (1, error), "{args:?}");
        // Answers to the positions before the bad line were written first.
        let answered = usize::from(input.starts_with(TWO_CHARIOTS));
        assert_eq!(out.lines().count(), answered, "{args:?}: {out}");
    }
}

/// Reads one line of the child's output, failing after a minute.
fn read_line(reader: &mut BufReader<ChildStdout>) -> String {
    let mut line = String::new();
    reader.read_line(&mut line).expect("the output can be read");
    line
}

#[test]
fn answers_are_streamed_one_line_a_position_as_the_input_comes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["solve", "--moves", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xiangqi solve starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    let mut stdout = BufReader::new(child.stdout.take().expect("a pipe"));
    // Each answer comes while the input is still open: nothing waits for its end.
    writeln!(stdin, "{TWO_CHARIOTS}").unwrap();
    stdin.flush().unwrap();
    assert_eq!(read_line(&mut stdout), "mate in 2: 1. a0d0 e9e8 2. a1e1\n");
    writeln!(stdin, "# a comment, then a blank line\n\n4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
    stdin.flush().unwrap();
    assert_eq!(read_line(&mut stdout), "no mate within 3\n");
    drop(stdin);
    assert_eq!(read_line(&mut stdout), "");
    assert!(child.wait().expect("it ends").success());
}

/// A pseudo-terminal: the child's standard error, read back here.
#[cfg(unix)]
struct Terminal {
    master: std::fs::File,
}

#[cfg(unix)]
impl Terminal {
    /// A new terminal, and the file of its other end for a child's standard error.
    fn open() -> (Terminal, std::fs::File) {
        use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal opens");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let name = ptsname(&master, Vec::new()).expect("its name");
        let path = name.to_str().expect("a UTF-8 name").to_string();
        let slave =
            std::fs::OpenOptions::new().read(true).write(true).open(path).expect("its other end opens");
        (Terminal { master: std::fs::File::from(master) }, slave)
    }

    /// Reads what the child writes until `wanted` holds, or until the
    /// child closes the terminal; returns all that was read.
    fn read_until(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        let mut seen = Vec::new();
        let mut buffer = [0u8; 4096];
        while !wanted(&String::from_utf8_lossy(&seen)) {
            // Linux answers EIO once no one has the other end open.
            match self.master.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(read) => seen.extend_from_slice(&buffer[..read]),
            }
        }
        String::from_utf8_lossy(&seen).into_owned()
    }
}

/// Starts `xiangqi solve ARGS...` with standard error on a terminal.
#[cfg(unix)]
fn solve_on_a_terminal(args: &[&str]) -> (Child, Terminal) {
    let (terminal, slave) = Terminal::open();
    let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
    command.arg("solve").args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(slave);
    let child = command.spawn().expect("xiangqi solve starts");
    // The terminal's other end stays open only in the child.
    drop(command);
    (child, terminal)
}

/// The progress line's parts: `N nodes, M nodes/s, searching D moves, no mate within K`.
#[cfg(unix)]
fn is_progress(text: &str) -> bool {
    text.split("\r\x1b[2K").any(|line| {
        let words: Vec<&str> = line.split(' ').collect();
        words.len() == 11
            && words[0].parse::<u64>().is_ok()
            && words[1] == "nodes,"
            && words[2].parse::<u64>().is_ok()
            && words[3..5] == ["nodes/s,", "searching"]
            && words[5].parse::<u32>().is_ok()
            && words[6..10] == ["moves,", "no", "mate", "within"]
            && words[10].parse::<u32>().is_ok()
    })
}

#[cfg(unix)]
#[test]
fn a_long_search_draws_a_progress_line_on_a_terminal_and_clears_it() {
    let (child, mut terminal) = solve_on_a_terminal(&["--fen", LONG, "--moves", "30", "--time", "2"]);
    let drawn = terminal.read_until(|_| false);
    let output = child.wait_with_output().expect("it ends");
    assert!(output.status.success());
    assert!(is_progress(&drawn), "{drawn:?}");
    assert!(drawn.ends_with("\r\x1b[2K"), "the line is cleared at the end: {drawn:?}");
    let answer = String::from_utf8(output.stdout).unwrap();
    assert!(answer.starts_with("unknown: the time limit reached, "), "{answer}");
    // Off a terminal, nothing is drawn.
    let (code, _, err) = xiangqi(&["solve", "--fen", LONG, "--moves", "30", "--time", "1"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_what_was_proved_and_exits_with_130() {
    let (mut child, mut terminal) = solve_on_a_terminal(&["--fen", LONG, "--moves", "30"]);
    // The progress line shows the search under way (and the handler installed).
    let started = Instant::now();
    let drawn = terminal.read_until(is_progress);
    assert!(is_progress(&drawn), "{drawn:?}");
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(status.success());
    let mut answer = String::new();
    child.stdout.take().expect("a pipe").read_to_string(&mut answer).expect("the answer");
    let after = terminal.read_until(|_| false);
    let status = child.wait().expect("it ends");
    assert_eq!(status.code(), Some(130), "{answer}{after}");
    assert!(answer.starts_with("unknown: a stop reached, "), "{answer}");
    assert!(after.ends_with("interrupted; the last answer says what was proved\r\n"), "{after:?}");
    assert!(started.elapsed() < Duration::from_secs(60));
}
