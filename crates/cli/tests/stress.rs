//! `stress` against programs that are wrong on purpose: each deliberately
//! wrong solution of `examples/` must be caught and shrunk to a small case,
//! each naive correct solution must pass, and each way a program can fail
//! (a crash, a non-zero exit, a time-out, too few or too many lines, state
//! kept between cases, whitespace under `--strict-output`) must be reported
//! as such, pinned on the case that causes it, with the exit code that
//! tells the outcomes apart; a hang must be reported after two runs of its
//! case, with nothing the program started left running.
//!
//! This test has no libtest harness (`harness = false` in `Cargo.toml`):
//! its `main` is also the programs under test. Run as `stress-… --naive
//! NAME`, it reads the judge's input on standard input and answers as the
//! program NAME would, so that `xiangqi stress ... -- <this binary> --naive
//! NAME` needs no other build. `cargo test` runs every test but the 100,000
//! case one; `cargo test --release -p cli --test stress -- --ignored` runs it.

#[path = "../examples/naive/checkmate.rs"]
mod checkmate;
#[path = "../examples/naive/duck.rs"]
mod duck;
#[path = "../examples/naive/horse.rs"]
mod horse;
#[path = "../examples/naive/kq.rs"]
mod kq;
mod support {
    pub(crate) mod processes;
}

use std::ffi::OsStr;
use std::io::{self, BufRead, Write};
use std::panic;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use support::processes::still_running_after_a_while;

/// The programs this binary can be.
fn naive(name: &str) -> Option<io::Result<()>> {
    Some(match name {
        "naive_checkmate" => checkmate::run(None),
        "wrong_checkmate_flying_general" => checkmate::run(Some(checkmate::Bug::ForgetFlyingGeneral)),
        "wrong_checkmate_no_capture" => checkmate::run(Some(checkmate::Bug::ForgetCapture)),
        "wrong_checkmate_letter_after_line_end" => checkmate::run(Some(checkmate::Bug::LetterAfterLineEnd)),
        "wrong_checkmate_no_facing_check" => checkmate::run(Some(checkmate::Bug::NoFacingCheck)),
        "wrong_checkmate_facing_cannon_behind" => checkmate::run(Some(checkmate::Bug::FacingScanToEdge)),
        "wrong_checkmate_horse_leg" => checkmate::run(Some(checkmate::Bug::HorseLegAtTarget)),
        "wrong_checkmate_piece_behind_general" => checkmate::run(Some(checkmate::Bug::FlyingScanToEdge)),
        "wrong_checkmate_piece_beyond_escape" => checkmate::run(Some(checkmate::Bug::LineScanToEdge)),
        // Two real bugs at once: facing generals never looked for, and lines
        // scanned past the escape.
        "wrong_checkmate_no_facing_check_and_piece_beyond_escape" => {
            checkmate::run_with(&[checkmate::Bug::NoFacingCheck, checkmate::Bug::LineScanToEdge])
        }
        "naive_horse" => horse::run(None),
        "wrong_horse_pin_outside" => horse::run(Some(horse::Bug::PinCountsOutside)),
        "naive_duck" => duck::run(None),
        "wrong_duck_blocking_point" => duck::run(Some(duck::Bug::DuckSecondPoint)),
        "naive_kq" => kq::run(None),
        "wrong_kq_queen_wraps" => kq::run(Some(kq::Bug::QueenWraps)),
        misbehaving => return misbehaving_kq(misbehaving),
    })
}

/// The variable naming a file to which `kq_hang_on_stop` adds its process
/// id each time it starts to hang, and `kq_slow_double_stop` each time it starts.
const PID_FILE: &str = "STRESS_TEST_PID_FILE";

/// Adds this process's id to the file [`PID_FILE`] names, if it names one.
fn record_pid() {
    if let Some(file) = std::env::var_os(PID_FILE) {
        let file = std::fs::OpenOptions::new().append(true).create(true).open(file);
        file.and_then(|mut file| writeln!(file, "{}", std::process::id())).expect("the pid file is writable");
    }
}

/// The naive kq solution gone wrong in the ways a program fails.
fn misbehaving_kq(name: &str) -> Option<io::Result<()>> {
    let mut out = io::stdout().lock();
    let mut first = None;
    let mut illegal_state_seen = false;
    let line_end = if name == "kq_crlf" { "\r\n" } else { "\n" };
    let mut lines_written = 0;
    if name == "kq_slow_double_stop" {
        record_pid();
        std::thread::sleep(Duration::from_millis(100));
    }
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let numbers: Vec<i32> = line.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        let [king, queen, to] = numbers[..] else { continue };
        let verdict = kq::verdict(king, queen, to, None);
        let answer = match (name, verdict) {
            ("kq_abort_on_stop", "Stop") => {
                let _ = out.flush();
                std::process::abort();
            }
            ("kq_exit_3_on_illegal_state", "Illegal state") => {
                let _ = out.flush();
                std::process::exit(3);
            }
            ("kq_hang_on_stop", "Stop") => {
                let _ = out.flush();
                record_pid();
                std::thread::sleep(Duration::from_secs(60));
                verdict
            }
            ("kq_exit_3_after_illegal_state", "Illegal state") => {
                illegal_state_seen = true;
                verdict
            }
            ("kq_space_after_stop", "Stop") => "Stop ",
            ("kq_swap_illegal_and_not_allowed", "Illegal move") => "Move not allowed",
            ("kq_swap_illegal_and_not_allowed", "Move not allowed") => "Illegal move",
            ("kq_skip_not_allowed", "Move not allowed") => continue,
            ("kq_double_stop" | "kq_slow_double_stop", "Stop") => "Stop\nStop",
            ("kq_sticky", _) => *first.get_or_insert(verdict),
            ("kq_abort_on_stop" | "kq_exit_3_on_illegal_state" | "kq_hang_on_stop", _)
            | ("kq_skip_not_allowed" | "kq_double_stop" | "kq_slow_double_stop", _)
            | ("kq_exit_3_after_illegal_state", _)
            | ("kq_space_after_stop" | "kq_crlf" | "kq_no_final_newline", _)
            | ("kq_swap_illegal_and_not_allowed", _) => verdict,
            _ => return None,
        };
        let written = if name == "kq_no_final_newline" {
            let before = if lines_written == 0 { "" } else { "\n" };
            write!(out, "{before}{answer}")
        } else {
            write!(out, "{answer}{line_end}")
        };
        if written.is_err() {
            break;
        }
        lines_written += 1;
    }
    if illegal_state_seen {
        let _ = out.flush();
        std::process::exit(3);
    }
    Some(out.flush())
}

/// What a run of a tool did.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Starts `tool args...` (a process of its own, as a user runs it), with
/// the variables `envs` set and its outputs piped.
fn spawn(tool: &str, args: &[&OsStr], envs: &[(&str, &OsStr)]) -> Child {
    let binary = match tool {
        "xiangqi" => env!("CARGO_BIN_EXE_xiangqi"),
        "duck" => env!("CARGO_BIN_EXE_duck"),
        _ => env!("CARGO_BIN_EXE_kq"),
    };
    let mut command = Command::new(binary);
    command.args(args).envs(envs.iter().copied()).stdin(Stdio::null());
    command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the tool starts")
}

/// What `child` did, once it has ended.
fn finished(child: Child) -> Outcome {
    let output = child.wait_with_output().expect("the tool runs");
    Outcome {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Runs `tool args...` with the variables `envs` set.
fn tool(tool: &str, args: &[&OsStr], envs: &[(&str, &OsStr)]) -> Outcome {
    finished(spawn(tool, args, envs))
}

/// This binary, which is also the programs under test.
fn this() -> PathBuf {
    std::env::current_exe().expect("the test binary's path")
}

/// Runs `tool args... -- <this binary> --naive program`.
fn stress(tool: &str, args: &[&str], program: &str) -> Outcome {
    finished(spawn_stress(tool, args, &[], program, &[]))
}

/// Starts `tool args... -- wrapper... <this binary> --naive program` with
/// the variables `envs` set.
fn spawn_stress(
    tool_name: &str,
    args: &[&str],
    wrapper: &[&str],
    program: &str,
    envs: &[(&str, &OsStr)],
) -> Child {
    let this = this();
    let mut words: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    words.push(OsStr::new("--"));
    words.extend(wrapper.iter().map(OsStr::new));
    words.extend([this.as_os_str(), OsStr::new("--naive"), OsStr::new(program)]);
    spawn(tool_name, &words, envs)
}

/// Runs `tool words...`, all of them plain text.
fn tool_words(tool_name: &str, words: &[&str]) -> Outcome {
    tool(tool_name, &words.iter().map(OsStr::new).collect::<Vec<_>>(), &[])
}

/// The section of a report under `--- title`, up to the next section.
fn section<'a>(report: &'a str, title: &str) -> &'a str {
    let start =
        report.find(&format!("--- {title}")).unwrap_or_else(|| panic!("no section {title} in\n{report}"));
    let body = &report[start..];
    let body = &body[body.find('\n').map_or(body.len(), |i| i + 1)..];
    &body[..body.find("\n--- ").map_or(body.len(), |i| i + 1)]
}

/// Runs `tool subcommand` of our own on `input` and returns its standard output.
fn ours(tool: &str, subcommand: &str, input: &str) -> String {
    let mut stdin = input.as_bytes();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = cli::Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let code = cli::run_tool(tool, [tool, subcommand], &mut streams).expect("a tool of ours");
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&stderr));
    String::from_utf8(stdout).expect("UTF-8 answers")
}

/// Checks that `program` is caught, and returns the report's minimal input.
fn caught(tool: &str, args: &[&str], program: &str, kind: &str) -> (Outcome, String) {
    let outcome = stress(tool, args, program);
    assert_eq!(outcome.code, 1, "{program} not caught:\n{}{}", outcome.stdout, outcome.stderr);
    assert!(outcome.stdout.contains(&format!(": {kind} on case ")), "{}", outcome.stdout);
    assert_eq!(outcome.stderr.lines().count(), 1, "one line on standard error: {}", outcome.stderr);
    assert!(outcome.stderr.contains(&format!("{kind} on case ")), "{}", outcome.stderr);
    assert!(section(&outcome.stdout, "to reproduce").contains("--seed "));
    let input = section(&outcome.stdout, "input").to_string();
    eprintln!("    {program}: {}", outcome.stdout.lines().nth(2).unwrap_or(""));
    (outcome, input)
}

fn wrong_checkmate_solvers_are_caught_and_shrunk() {
    for program in ["wrong_checkmate_flying_general", "wrong_checkmate_no_capture"] {
        let (outcome, input) = caught(
            "xiangqi",
            &["stress", "checkmate", "--cases", "20000", "--seed", "1"],
            program,
            "wrong answer",
        );
        let red_pieces: usize = input.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(99);
        assert!(red_pieces <= 3, "{program}: {red_pieces} red pieces left:\n{input}");
        assert_eq!(input.lines().filter(|line| line.trim() == "0 0 0").count(), 1);
        // The expected output is our judge's on that input, and the program's differs.
        assert_eq!(section(&outcome.stdout, "expected output"), ours("xiangqi", "checkmate", &input));
        assert_ne!(section(&outcome.stdout, "expected output"), section(&outcome.stdout, "output of"));
    }
}

/// A reader that breaks on CRLF line ends passes plainly written input and
/// is caught under `--layout varied`, which the report names as the cause.
fn a_reader_that_breaks_on_crlf_is_caught_under_the_varied_layout() {
    let program = "wrong_checkmate_letter_after_line_end";
    let plain = stress("xiangqi", &["stress", "checkmate", "--cases", "4000", "--seed", "1"], program);
    assert_eq!(plain.code, 0, "plain input reads right:\n{}{}", plain.stdout, plain.stderr);
    let (outcome, input) = caught(
        "xiangqi",
        &["stress", "checkmate", "--cases", "4000", "--seed", "1", "--layout", "varied"],
        program,
        "wrong answer",
    );
    assert!(input.contains("\r\n"), "the input shown is the varied one:\n{input:?}");
    let red_pieces: usize = input.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(99);
    // The reader misreads every piece after a CRLF line end, so what it answers depends on how
    // each smaller case is laid out: shrinking stops a little above the fewest pieces.
    assert!(red_pieces <= 4, "{red_pieces} red pieces left:\n{input}");
    assert!(outcome.stdout.contains("the failure shows only under --layout varied"), "{}", outcome.stdout);
    assert!(section(&outcome.stdout, "to reproduce").contains("--layout varied"));
    // Our judge reads the varied input as it is, and agrees with the expected output.
    assert_eq!(section(&outcome.stdout, "expected output"), ours("xiangqi", "checkmate", &input));
    // A failure that shows under both layouts does not blame the layout.
    let (outcome, _) = caught(
        "xiangqi",
        &["stress", "checkmate", "--cases", "4000", "--seed", "1", "--layout", "varied"],
        "wrong_checkmate_no_capture",
        "wrong answer",
    );
    assert!(!outcome.stdout.contains("shows only under"), "{}", outcome.stdout);
}

/// A red piece of a checkmate case: its letter, row and column.
type RedPiece = (char, u32, u32);

/// The black general's point and the red pieces of a checkmate input
/// holding one case.
fn checkmate_case(input: &str) -> ((u32, u32), Vec<RedPiece>) {
    let numbers =
        |line: &str| -> Vec<u32> { line.split_whitespace().filter_map(|n| n.parse().ok()).collect() };
    let mut lines = input.lines();
    let header = numbers(lines.next().unwrap_or(""));
    let pieces = lines
        .take(header[0] as usize)
        .map(|line| {
            let point = numbers(line);
            (line.chars().next().unwrap_or('?'), point[0], point[1])
        })
        .collect();
    ((header[1], header[2]), pieces)
}

/// Whether the generals of a case face each other: one column, nothing between.
fn generals_face(black: (u32, u32), pieces: &[RedPiece]) -> bool {
    let Some(&(_, row, column)) = pieces.iter().find(|piece| piece.0 == 'G') else { return false };
    column == black.1 && !pieces.iter().any(|&(_, r, c)| c == column && (black.0 + 1..row).contains(&r))
}

/// A wrong checkmate solver caught by `stress` with its default options,
/// the seed alone given: the report's minimal input, after checking that
/// the oracle answers it and the program differs.
fn caught_with_default_options(program: &str) -> String {
    caught_every_way_with_default_options(program).remove(0)
}

/// The minimal input of each report of a wrong checkmate solver caught by
/// `stress` with its default options, the seed alone given, after checking
/// that the oracle answers each and the program differs.
fn caught_every_way_with_default_options(program: &str) -> Vec<String> {
    let (outcome, _) = caught("xiangqi", &["stress", "checkmate", "--seed", "1"], program, "wrong answer");
    eprintln!("    {program}: {}", outcome.stdout.lines().next().unwrap_or(""));
    assert!(outcome.stdout.contains(" of 1000 (seed 1)"), "the default number of cases: {}", outcome.stdout);
    let mut inputs = Vec::new();
    for report in reports(&outcome.stdout) {
        let input = section(report, "input").to_string();
        assert_eq!(section(report, "expected output"), ours("xiangqi", "checkmate", &input));
        assert_ne!(section(report, "expected output"), section(report, "output of"));
        inputs.push(input);
    }
    inputs
}

/// The red pieces of the smallest of `inputs`.
fn fewest_red_pieces(inputs: &[String]) -> usize {
    inputs.iter().map(|input| checkmate_case(input).1.len()).min().unwrap_or(usize::MAX)
}

fn the_missing_facing_check_is_caught_with_default_options_and_shrunk_to_facing_generals() {
    let inputs = caught_every_way_with_default_options("wrong_checkmate_no_facing_check");
    for input in &inputs {
        let (black, pieces) = checkmate_case(input);
        assert!(generals_face(black, &pieces), "{input}");
        assert_eq!(ours("xiangqi", "checkmate", input), "NO\n");
    }
    // A chariot on the black general's rank covers both sides: the task
    // write-up's own example, black flying across as its only way out.
    // (Each shape of pieces is a failure of its own, shrunk on its own: a
    // cannon behind red's general may stop at four.)
    assert_eq!(fewest_red_pieces(&inputs), 2, "{inputs:?}");
}

fn the_facing_check_that_a_cannon_behind_fools_is_caught_with_default_options_and_shrunk() {
    let program = "wrong_checkmate_facing_cannon_behind";
    let inputs = caught_every_way_with_default_options(program);
    for input in &inputs {
        let (black, pieces) = checkmate_case(input);
        assert!(generals_face(black, &pieces), "{input}");
        let &(_, general_row, column) = pieces.iter().find(|piece| piece.0 == 'G').expect("a red general");
        let behind = pieces.iter().filter(|&&(_, r, c)| c == column && r > general_row).count();
        assert_eq!(behind, 1, "a piece behind red's general:\n{input}");
    }
    assert!(fewest_red_pieces(&inputs) <= 3, "{inputs:?}");

    // Where nothing stands behind red's general the program is right.
    let mut options = xiangqi_rules::tasks::checkmate::generate::GenerateOptions::default();
    options.facing_share = 0.5;
    let cases: Vec<_> = xiangqi_rules::tasks::checkmate::generate::Generator::new(21, &options)
        .expect("valid options")
        .take(4000)
        .filter(|case| {
            let board = case.board();
            let general = board.general(xiangqi_rules::Color::Red).expect("a red general");
            !board
                .occupied()
                .into_iter()
                .any(|point| point.file() == general.file() && point.rank() < general.rank())
        })
        .collect();
    let facing = cases.iter().filter(|case| case.generals_face_at_start()).count();
    assert!(facing > 500, "{facing} cases with facing generals");
    let mut text = Vec::new();
    xiangqi_rules::tasks::checkmate::generate::write_input(&cases, &mut text).expect("in memory");
    let text = String::from_utf8(text).expect("ASCII");
    assert_eq!(naive_output(program, &text), ours("xiangqi", "checkmate", &text));
}

fn the_horse_leg_at_the_target_is_caught_with_default_options_and_shrunk() {
    let input = caught_with_default_options("wrong_checkmate_horse_leg");
    let (_, pieces) = checkmate_case(&input);
    assert!(pieces.iter().any(|piece| piece.0 == 'H'), "{input}");
    assert!(pieces.len() <= 4, "{} red pieces left:\n{input}", pieces.len());
}

/// The two mistakes that mates drawn at random hardly ever show are caught
/// within the first hundred cases of every seed tried (the generator's
/// traps; its own tests try two hundred seeds), each shrunk to a mate the
/// program answers NO, with the piece that fools it still there.
fn the_rare_mistakes_are_caught_within_100_cases_on_every_seed() {
    for program in ["wrong_checkmate_piece_behind_general", "wrong_checkmate_piece_beyond_escape"] {
        let mut latest = 0;
        for seed in 0..20 {
            let seed = seed.to_string();
            let args = ["stress", "checkmate", "--cases", "100", "--seed", &seed, "--failures", "1"];
            let outcome = stress("xiangqi", &args, program);
            assert_eq!(
                outcome.code, 1,
                "{program}, seed {seed}:
{}{}",
                outcome.stdout, outcome.stderr
            );
            latest = latest.max(headline_case(&outcome.stdout));
            let input = section(&outcome.stdout, "input");
            assert_eq!(
                section(&outcome.stdout, "expected output"),
                "YES
",
                "{}",
                outcome.stdout
            );
            assert_eq!(
                ours("xiangqi", "checkmate", input),
                "YES
"
            );
            assert_eq!(
                naive_output(program, input),
                "NO
"
            );
            // Without the piece behind red's general, or without the pieces
            // on the lines, the program is right: the shrunk case still
            // holds what fools it.
            // A greedy shrink may stop at five: two steps covered by two
            // more pieces beside the trap's own.
            let (black, pieces) = checkmate_case(input);
            assert!(
                pieces.len() <= 5,
                "{program}, seed {seed}: {} red pieces left:
{input}",
                pieces.len()
            );
            if program.ends_with("behind_general") {
                let &(_, row, column) = pieces.iter().find(|piece| piece.0 == 'G').expect("a red general");
                assert!(
                    pieces.iter().any(|&(_, r, c)| c == column && r > row),
                    "seed {seed}:
{input}"
                );
                assert_ne!(column, black.1, "{input}");
            }
        }
        eprintln!("    {program}: first caught on case {latest} at the latest");
    }
}

/// A solution with two real bugs (facing generals never looked for, and
/// lines scanned past the escape) is shown failing both ways: one report
/// with facing generals that it answers YES, one mate that it answers NO.
fn a_checkmate_solution_with_two_bugs_is_shown_failing_both_ways() {
    let program = "wrong_checkmate_no_facing_check_and_piece_beyond_escape";
    let outcome = stress("xiangqi", &["stress", "checkmate", "--seed", "1"], program);
    assert_eq!(outcome.code, 1, "{}{}", outcome.stdout, outcome.stderr);
    let shown = reports(&outcome.stdout);
    assert!(
        shown.len() >= 2,
        "both bugs shown:
{}",
        outcome.stdout
    );
    let (mut facing, mut beyond) = (false, false);
    for report in &shown {
        let input = section(report, "input");
        let expected = section(report, "expected output");
        assert_eq!(expected, ours("xiangqi", "checkmate", input), "{report}");
        assert_ne!(expected, section(report, "output of"), "{report}");
        let (black, pieces) = checkmate_case(input);
        if generals_face(black, &pieces) {
            facing |= expected == "NO\n";
        } else {
            beyond |= expected == "YES\n";
        }
    }
    assert!(
        facing && beyond,
        "a facing case and a mate:
{}",
        outcome.stdout
    );
    let summary = section(&outcome.stdout, "in all");
    assert!(summary.contains(&format!("{} different failures in ", shown.len())), "{summary}");
    assert_eq!(outcome.stderr.lines().count(), 1, "{}", outcome.stderr);
    assert!(outcome.stderr.contains("; wrong answer on case "), "{}", outcome.stderr);
}

/// The output of this binary run as `program` on `input`.
fn naive_output(program: &str, input: &str) -> String {
    let mut child = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args(["--naive", program])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("the program runs");
    writer.join().expect("the writer").expect("the input written");
    assert!(output.status.success(), "{program} failed");
    String::from_utf8(output.stdout).expect("UTF-8 answers")
}

fn the_wrong_horse_pin_is_caught_and_shrunk() {
    let (outcome, input) = caught(
        "xiangqi",
        &["stress", "horse", "--cases", "20000", "--seed", "1"],
        "wrong_horse_pin_outside",
        "wrong answer",
    );
    let pieces = input.split_whitespace().filter(|&code| code != "0").count();
    assert!(pieces <= 4, "{pieces} pieces left:\n{input}");
    assert_eq!(input.lines().count(), 10);
    assert_eq!(section(&outcome.stdout, "expected output"), "NONE\n");
    assert_eq!(ours("xiangqi", "horse", &input), "NONE\n");
}

fn the_wrong_duck_replay_is_caught_and_shrunk() {
    let (outcome, input) = caught(
        "duck",
        &["stress", "--cases", "2000", "--seed", "1"],
        "wrong_duck_blocking_point",
        "wrong answer",
    );
    let commands: usize = input.lines().next().and_then(|q| q.trim().parse().ok()).unwrap_or(999);
    assert!(commands <= 8, "{commands} commands left:\n{input}");
    assert_eq!(input.lines().count(), commands + 1);
    assert_eq!(section(&outcome.stdout, "expected output"), ours("duck", "replay", &input));
    // The first difference is a duck's move the program lets through.
    let expected = section(&outcome.stdout, "expected output");
    let found = section(&outcome.stdout, "output of");
    let first = expected.lines().zip(found.lines()).find(|(a, b)| a != b).expect("a difference");
    assert!(first.0.contains("duck") || first.1.contains("duck"), "{first:?}");
}

fn the_wrapping_kq_queen_is_caught_and_shrunk() {
    let (_, input) =
        caught("kq", &["stress", "--cases", "20000", "--seed", "1"], "wrong_kq_queen_wraps", "wrong answer");
    let numbers: Vec<u32> = input.split_whitespace().filter_map(|n| n.parse().ok()).collect();
    assert_eq!(numbers.len(), 3, "one line:\n{input}");
    let (queen, to) = (numbers[1], numbers[2]);
    assert!(queen / 8 != to / 8 && queen.abs_diff(to) < 8, "a wrap from one row to the next: {input}");
    assert!(numbers.iter().sum::<u32>() <= 40, "small numbers: {input}");
}

fn naive_correct_solutions_pass() {
    for (tool, args, program) in [
        ("xiangqi", vec!["stress", "checkmate", "--cases", "4000"], "naive_checkmate"),
        ("xiangqi", vec!["stress", "horse", "--cases", "4000", "--batch", "100"], "naive_horse"),
        ("duck", vec!["stress", "--cases", "200"], "naive_duck"),
        ("kq", vec!["stress", "--cases", "20000"], "naive_kq"),
    ] {
        for layout in ["plain", "varied"] {
            let outcome =
                stress(tool, &[args.as_slice(), &["--seed", "5", "--layout", layout]].concat(), program);
            assert_eq!(outcome.code, 0, "{program}, {layout}:\n{}{}", outcome.stdout, outcome.stderr);
            assert_eq!(outcome.stdout.lines().count(), 1, "one line: {}", outcome.stdout);
            assert!(outcome.stdout.contains("cases agree with the oracle (seed 5;"), "{}", outcome.stdout);
            assert_eq!(outcome.stderr, "", "no progress unless standard error is a terminal");
            eprintln!("    {layout}: {}", outcome.stdout.trim_end());
        }
    }
}

fn each_way_of_failing_is_reported_as_such_and_shrunk() {
    let kq = |program, extra: &[&str], kind| {
        let args = [&["stress", "--cases", "3000", "--seed", "3"], extra].concat();
        caught("kq", &args, program, kind)
    };
    let verdict_of = |input: &str| ours("kq", "judge", input);

    let (outcome, input) = kq("kq_abort_on_stop", &[], "crash");
    assert_eq!(verdict_of(&input), "Stop\n");
    assert!(outcome.stdout.contains("It was killed by signal 6 (SIGABRT)."), "{}", outcome.stdout);

    let (outcome, input) = kq("kq_exit_3_on_illegal_state", &[], "non-zero exit code");
    assert_eq!(input, "0 0 0\n", "the smallest illegal state");
    assert!(outcome.stdout.contains("It exited with code 3."));

    let started = Instant::now();
    let (outcome, input) = kq("kq_hang_on_stop", &["--timeout", "1"], "time-out");
    assert_eq!(verdict_of(&input), "Stop\n");
    assert!(outcome.stdout.contains("It gave no complete answer within 1 s and was killed."));
    assert!(
        outcome.stdout.contains(
            "Not shrunk from its `7 9 14`: each smaller case tried would wait out the time-out (1 s)."
        ),
        "{}",
        outcome.stdout
    );
    assert!(outcome.stdout.contains("\n--- input (paste it into your program) ---\n"), "not called minimal");
    assert!(started.elapsed().as_secs() < 60, "hung programs are killed");

    let (outcome, input) = kq("kq_skip_not_allowed", &[], "too few output lines");
    assert_eq!(verdict_of(&input), "Move not allowed\n");
    assert!(outcome.stdout.contains("Its output ends after 0 lines; the oracle's has 1."));

    // The extra line shows first as a wrong answer to the next case, which
    // passes alone; the Stop case is then found failing alone.
    let (outcome, input) = kq("kq_double_stop", &[], "too many output lines");
    assert!(outcome.stdout.contains("but that case passes alone; case "), "{}", outcome.stdout);
    assert_eq!(verdict_of(&input), "Stop\n");
    assert!(outcome.stdout.contains("Its output has 2 lines; the oracle's has only 1."));

    // Every line gets the first line's verdict: only several lines together fail.
    let (outcome, input) = kq("kq_sticky", &[], "wrong answer");
    assert!(outcome.stdout.contains("No case fails alone: only 2 cases together do"), "{}", outcome.stdout);
    assert_eq!(input.lines().count(), 2);
}

/// An executable script with no `#!` line, which the system cannot start.
fn script_without_first_line() -> String {
    use std::os::unix::fs::PermissionsExt as _;
    let path = std::env::temp_dir().join(format!("stress-no-first-line-{}.sh", std::process::id()));
    std::fs::write(&path, "echo NO\n").expect("a temporary file");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path.display().to_string()
}

/// A stress target the system cannot start is named, with what to do about it.
fn a_program_that_cannot_start_is_told_how_to() {
    let script = script_without_first_line();
    let outcome = tool_words("kq", &["stress", "--cases", "5", "--", &script]);
    assert_eq!(outcome.code, 3, "{}", outcome.stderr);
    assert_eq!(
        outcome.stderr,
        format!(
            "cannot run {script}: Exec format error (os error 8) (the system cannot start it as a program: a \
             script needs a first line such as `#!/usr/bin/env python3`, or name its interpreter first: \
             `-- python3 {script}`)\n"
        )
    );
    let not_executable = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let outcome = tool_words("kq", &["stress", "--cases", "5", "--", not_executable]);
    assert!(
        outcome.stderr.ends_with(&format!(
            "(is it executable? `chmod +x {not_executable}`, or name its interpreter first)\n"
        )),
        "{}",
        outcome.stderr
    );
    let outcome = tool_words("kq", &["stress", "--cases", "5", "--", "no-such-program-here"]);
    assert!(
        outcome
            .stderr
            .ends_with("(a program in the current folder needs a path: `-- ./no-such-program-here`)\n"),
        "{}",
        outcome.stderr
    );
}

/// The reports of a stress run's standard output, one for each failure shown.
fn reports(stdout: &str) -> Vec<&str> {
    let starts: Vec<usize> = stdout.match_indices(" on case ").map(|(at, _)| at).collect();
    let starts: Vec<usize> = starts
        .into_iter()
        .map(|at| stdout[..at].rfind('\n').map_or(0, |line| line + 1))
        .filter(|&line| !stdout[line..].starts_with("---"))
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(i, &start)| &stdout[start..starts.get(i + 1).copied().unwrap_or(stdout.len())])
        .collect()
}

/// A program with two wrong answers the other way round of each other
/// (`Illegal move` for `Move not allowed`, and back): each is shown, shrunk
/// to a case that fails with the same pair of lines, never the other's.
fn each_different_failure_is_shown_shrunk_with_its_own_symptom() {
    let program = "kq_swap_illegal_and_not_allowed";
    let swapped = |verdict: &str| match verdict {
        "Illegal move\n" => "Move not allowed\n".to_string(),
        "Move not allowed\n" => "Illegal move\n".to_string(),
        other => other.to_string(),
    };
    let cases = kq_cases("3", 3000);
    let outcome = stress("kq", &["stress", "--cases", "3000", "--seed", "3"], program);
    assert_eq!(outcome.code, 1, "{}{}", outcome.stdout, outcome.stderr);
    let shown = reports(&outcome.stdout);
    assert_eq!(shown.len(), 2, "both failures shown:\n{}", outcome.stdout);
    let mut pairs = Vec::new();
    for report in &shown {
        let number = headline_case(report);
        let original = ours("kq", "judge", &cases[usize::try_from(number).unwrap() - 1]);
        let input = section(report, "input");
        let expected = section(report, "expected output");
        assert_eq!(expected, ours("kq", "judge", input), "{report}");
        assert_eq!(expected, original, "the shrunk case expects what case {number} did:\n{report}");
        assert_eq!(section(report, "output of"), swapped(&original), "and gets the same:\n{report}");
        assert!(report.contains("Shrunk from `"), "{report}");
        pairs.push(original);
    }
    assert_ne!(pairs[0], pairs[1]);
    assert!(
        outcome
            .stdout
            .contains("kq stress: 2 different failures in 3000 of 3000 cases (seed 3; every case tried); "),
        "{}",
        outcome.stdout
    );
    assert_eq!(outcome.stderr.lines().count(), 1, "{}", outcome.stderr);
    assert!(outcome.stderr.contains("; wrong answer on case "), "{}", outcome.stderr);
    assert!(outcome.stderr.ends_with("the shrunk cases are above\n"), "{}", outcome.stderr);

    // With --failures 1 the run stops at the first.
    let outcome = stress("kq", &["stress", "--cases", "3000", "--seed", "3", "--failures", "1"], program);
    assert_eq!(reports(&outcome.stdout).len(), 1, "{}", outcome.stdout);
    assert!(section(&outcome.stdout, "to reproduce").contains(" --failures 1 "), "{}", outcome.stdout);
}

/// The cases of `kq stress --seed seed`, as `kq gen` writes them, each a line.
fn kq_cases(seed: &str, count: u64) -> Vec<String> {
    let cases = tool_words("kq", &["gen", "--count", &count.to_string(), "--seed", seed]).stdout;
    cases.lines().map(|line| format!("{line}\n")).collect()
}

/// The number of the case a report's headline names: `... on case 7 of 3000 ...`.
fn headline_case(report: &str) -> u64 {
    let headline = report.lines().next().unwrap_or("");
    let number = headline.split(" on case ").nth(1).and_then(|rest| rest.split(' ').next());
    number.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no case number in {headline}"))
}

/// Checks that the report in `outcome` tells how its case was found
/// (`found`), and that its one-line error names the failure, `kind`, on
/// case `number` of a run with seed 3.
fn assert_pinned(outcome: &Outcome, found: &str, kind: &str, number: u64) {
    assert!(outcome.stdout.contains(found), "{}", outcome.stdout);
    let error = format!("{kind} on case {number} (seed 3)");
    assert!(outcome.stderr.contains(&error), "{}", outcome.stderr);
}

fn failures_are_pinned_on_the_case_that_causes_them() {
    let args = ["stress", "--cases", "3000", "--seed", "3"];
    let verdict_of = |input: &str| ours("kq", "judge", input);
    let cases = kq_cases("3", 3000);
    let case = |number: u64| cases[usize::try_from(number).unwrap() - 1].as_str();

    // A second `Stop` line shows as a wrong answer to the case after the
    // Stop: that one passes alone, the Stop case before it fails alone.
    let (outcome, _) = caught("kq", &args, "kq_double_stop", "too many output lines");
    let number = headline_case(&outcome.stdout);
    assert_eq!(verdict_of(case(number)), "Stop\n", "case {number} is a Stop case");
    let found = format!(
        "The first wrong line of its output, line {}, answers case {}, but that case passes alone; \
         case {number} fails alone",
        number + 1,
        number + 1
    );
    assert_pinned(&outcome, &found, "too many output lines", number);

    // An exit code after every answer is right is blamed on the last case
    // of the run; the last Illegal state case before it is the one to show.
    let (outcome, input) = caught("kq", &args, "kq_exit_3_after_illegal_state", "non-zero exit code");
    let number = headline_case(&outcome.stdout);
    assert_eq!(input, "0 0 0\n", "shrunk to the smallest illegal state");
    assert_eq!(verdict_of(case(number)), "Illegal state\n", "case {number} is an illegal state");
    let later: String = (number + 1..=1000).map(case).collect();
    assert!(!verdict_of(&later).contains("Illegal state"), "no illegal state after case {number}");
    let found = "Every answer in its output is right, so the last case, case 1000, was blamed, but that case passes alone";
    assert_pinned(&outcome, found, "non-zero exit code", number);
}

fn strict_output_fails_whitespace_and_lenient_output_tells_of_it() {
    let lenient = ["stress", "--cases", "3000", "--seed", "3"];
    for (program, difference, shrunk) in [
        ("kq_space_after_stop", "ends with a space", "line 1 ends with a space"),
        ("kq_crlf", "line 1 has a `\\r\\n` line end", "line 1 has a `\\r\\n` line end"),
        (
            "kq_no_final_newline",
            "line 1000, the last, has no final newline",
            "line 1, the last, has no final newline",
        ),
    ] {
        let outcome = stress("kq", &lenient, program);
        assert_eq!(outcome.code, 0, "{program} passes a lenient judge:\n{}", outcome.stdout);
        let lines: Vec<&str> = outcome.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{}", outcome.stdout);
        assert!(lines[0].contains("all 3000 cases agree with the oracle"), "{}", lines[0]);
        assert!(
            lines[1].starts_with("note: its output differs from the oracle's in whitespace only (in the run of cases 1 to 1000, ")
                && lines[1].contains(difference)
                && lines[1].ends_with("); --strict-output fails on it"),
            "{program}: {}",
            lines[1]
        );

        let strict = [lenient.as_slice(), &["--strict-output"]].concat();
        let (outcome, input) = caught("kq", &strict, program, "presentation error");
        assert_eq!(input.lines().count(), 1, "{program}: shrunk to one line:\n{input}");
        assert!(
            section(&outcome.stdout, "to reproduce").contains(" --strict-output -- "),
            "{}",
            outcome.stdout
        );
        assert_eq!(
            section(&outcome.stdout, "what went wrong"),
            format!("Its output differs from the oracle's in whitespace only: {shrunk}.\n"),
            "{program}"
        );
        if program == "kq_space_after_stop" {
            assert_eq!(ours("kq", "judge", &input), "Stop\n", "only a Stop line has the space");
        }
    }
}

/// A file of a test's own to which the programs under test add their
/// process ids (see [`PID_FILE`]); removed when dropped.
struct PidFile(PathBuf);

impl PidFile {
    /// The file of `test`, empty.
    fn new(test: &str) -> PidFile {
        let path = std::env::temp_dir().join(format!("stress-test-{}-{test}.pids", std::process::id()));
        let _ = std::fs::remove_file(&path);
        PidFile(path)
    }

    /// The variable that has the program under test add its id to the file.
    fn env(&self) -> [(&str, &OsStr); 1] {
        [(PID_FILE, self.0.as_os_str())]
    }

    /// The process ids added so far.
    fn pids(&self) -> Vec<String> {
        std::fs::read_to_string(&self.0).unwrap_or_default().lines().map(str::to_string).collect()
    }

    /// The process ids once there are `count` of them (the runs of the
    /// program that record their pids), or those there are after 60 seconds.
    fn when_recorded(&self, count: usize) -> Vec<String> {
        let give_up = Instant::now() + Duration::from_secs(60);
        loop {
            let pids = self.pids();
            if pids.len() >= count || Instant::now() >= give_up {
                return pids;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for PidFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Checks that none of the processes `pids` (`what`) is left running,
/// where `/proc` can tell.
fn assert_none_left_running(pids: &[String], what: &str) {
    if std::path::Path::new("/proc/self/stat").exists() {
        for pid in pids {
            assert!(!still_running_after_a_while(pid), "{what} {pid} is left running");
        }
    }
}

/// A wrapper script, as `cargo run` or `sh -c` is: the program under test
/// is its child, not the process the driver started.
const SHELL_WRAPPER: [&str; 4] = ["sh", "-c", "\"$@\"; exit", "sh"];

fn a_hang_is_reported_after_two_runs_with_nothing_left_running() {
    let pid_file = PidFile::new("hang");
    let args = ["stress", "--cases", "3000", "--seed", "3", "--timeout", "1"];
    let outcome = finished(spawn_stress("kq", &args, &SHELL_WRAPPER, "kq_hang_on_stop", &pid_file.env()));
    assert_eq!(outcome.code, 1, "{}{}", outcome.stdout, outcome.stderr);
    assert!(
        outcome.stdout.starts_with("kq stress: time-out on case 2 of 3000 (seed 3)\n"),
        "{}",
        outcome.stdout
    );
    let runs = pid_file.pids();
    assert!((1..=2).contains(&runs.len()), "the hanging case ran {} times", runs.len());
    assert_none_left_running(&runs, "the wrapped program");
    // The whole command is named, shell-quoted as it would be typed.
    let command = format!("sh -c '\"$@\"; exit' sh {} --naive kq_hang_on_stop", this().display());
    assert!(outcome.stdout.contains(&format!("\n--- output of {command} ---\n")), "{}", outcome.stdout);
    assert!(
        section(&outcome.stdout, "to reproduce").ends_with(&format!(" -- {command}\n")),
        "{}",
        outcome.stdout
    );
}

/// Sends Ctrl-C's signal to `child`, as a terminal does.
fn interrupt(child: &Child) {
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(status.success());
}

fn ctrl_c_stops_a_run_and_the_program_under_test() {
    let pid_file = PidFile::new("ctrl-c");
    let args = ["stress", "--cases", "3000", "--seed", "3", "--timeout", "60"];
    let child = spawn_stress("kq", &args, &SHELL_WRAPPER, "kq_hang_on_stop", &pid_file.env());
    let hung = pid_file.when_recorded(1);
    interrupt(&child);
    let outcome = finished(child);
    assert_eq!(outcome.code, 130, "{}{}", outcome.stdout, outcome.stderr);
    assert_eq!(outcome.stdout, "", "no report before a difference is found");
    assert_eq!(
        outcome.stderr,
        "kq stress: interrupted after 0 of 3000 cases agreed with the oracle (seed 3)\n"
    );
    assert_none_left_running(&hung, "the program");
}

fn ctrl_c_while_shrinking_reports_the_smallest_failing_case_so_far() {
    let pid_file = PidFile::new("shrink");
    let args = ["stress", "--cases", "3000", "--seed", "3"];
    let child = spawn_stress("kq", &args, &[], "kq_slow_double_stop", &pid_file.env());
    // The run of the batch, the two cases tried alone, and a few tries of
    // the shrinker, which needs dozens.
    pid_file.when_recorded(6);
    interrupt(&child);
    let outcome = finished(child);
    assert_eq!(outcome.code, 1, "a difference was found: {}{}", outcome.stdout, outcome.stderr);
    assert!(
        outcome.stdout.starts_with("kq stress: too many output lines on case 2 of 3000"),
        "{}",
        outcome.stdout
    );
    assert!(outcome.stdout.contains("\nShrinking was stopped by Ctrl-C after "), "{}", outcome.stdout);
    let input = section(&outcome.stdout, "input (paste it into your program)");
    assert_eq!(ours("kq", "judge", input), "Stop\n");
    assert_eq!(
        section(&outcome.stdout, "what went wrong"),
        "Its output has 2 lines; the oracle's has only 1.\n"
    );
    assert_eq!(outcome.stderr.lines().count(), 1, "{}", outcome.stderr);
}

fn the_whole_command_is_named() {
    let outcome = stress("kq", &["stress", "--cases", "10", "--seed", "1"], "naive_kq");
    let runs_of = format!("1 run of {} --naive naive_kq in ", this().display());
    assert!(outcome.stdout.contains(&runs_of), "{}", outcome.stdout);
    let (outcome, _) =
        caught("kq", &["stress", "--cases", "100", "--seed", "1"], "wrong_kq_queen_wraps", "wrong answer");
    let title = format!("\n--- output of {} --naive wrong_kq_queen_wraps ---\n", this().display());
    assert!(outcome.stdout.contains(&title), "{}", outcome.stdout);
}

fn every_stress_command_tells_its_outcomes_apart_by_exit_code() {
    let not_executable = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let no_first_line = script_without_first_line();
    let commands: [(&str, &[&str], &str); 4] = [
        ("xiangqi", &["stress", "checkmate"], "naive_checkmate"),
        ("xiangqi", &["stress", "horse"], "naive_horse"),
        ("duck", &["stress", "--commands", "20"], "naive_duck"),
        ("kq", &["stress"], "naive_kq"),
    ];
    for (name, command, naive) in commands {
        let with = |args: &[&str]| tool_words(name, &[command, args].concat());
        let shown = format!("{name} {}", command.join(" "));

        let agrees = stress(name, &[command, &["--cases", "20", "--seed", "1"]].concat(), naive);
        assert_eq!(agrees.code, 0, "{shown}: all agree: {}{}", agrees.stdout, agrees.stderr);

        let differs = with(&["--cases", "20", "--seed", "1", "--", "true"]);
        assert_eq!(differs.code, 1, "{shown}: `true` answers nothing: {}", differs.stdout);
        assert!(
            differs.stdout.contains(": too few output lines on case 1 of 20 (seed 1)"),
            "{}",
            differs.stdout
        );

        for usage in
            [&["--cases", "20"][..], &["--timeout", "0", "--", "true"], &["--no-such-option", "--", "true"]]
        {
            let outcome = with(usage);
            assert_eq!(outcome.code, 2, "{shown} {usage:?}: a usage error: {}", outcome.stderr);
            assert!(outcome.stdout.is_empty());
        }

        for program in ["/no/such/program", not_executable, &*no_first_line] {
            let outcome = with(&["--cases", "20", "--", program, "--flag"]);
            assert_eq!(outcome.code, 3, "{shown} -- {program}: {}{}", outcome.stdout, outcome.stderr);
            assert!(outcome.stdout.is_empty(), "no report: {}", outcome.stdout);
            assert_eq!(outcome.stderr.lines().count(), 1, "{}", outcome.stderr);
            assert!(
                outcome.stderr.starts_with(&format!("cannot run {program} --flag: ")),
                "{}",
                outcome.stderr
            );
        }
    }
}

/// 100,000 cases of each task (for duck: 1,000 logs of 100 commands) agree
/// with the naive correct solutions. Slow in a debug build: run it with
/// `cargo test --release -p cli --test stress -- --ignored`.
fn naive_correct_solutions_pass_100_000_cases() {
    for (tool, args, program) in [
        ("xiangqi", vec!["stress", "checkmate", "--cases", "100000"], "naive_checkmate"),
        ("xiangqi", vec!["stress", "horse", "--cases", "100000", "--batch", "1000"], "naive_horse"),
        ("kq", vec!["stress", "--cases", "100000"], "naive_kq"),
        ("duck", vec!["stress", "--cases", "1000", "--commands", "100"], "naive_duck"),
    ] {
        let started = Instant::now();
        let outcome = stress(tool, &[args.as_slice(), &["--seed", "100000"]].concat(), program);
        assert_eq!(outcome.code, 0, "{program}:\n{}{}", outcome.stdout, outcome.stderr);
        eprintln!("    {:.1} s: {}", started.elapsed().as_secs_f64(), outcome.stdout.trim_end());
    }
}

/// The tests: name, whether ignored unless asked for, and the test.
const TESTS: &[(&str, bool, fn())] = &[
    ("wrong_checkmate_solvers_are_caught_and_shrunk", false, wrong_checkmate_solvers_are_caught_and_shrunk),
    (
        "a_reader_that_breaks_on_crlf_is_caught_under_the_varied_layout",
        false,
        a_reader_that_breaks_on_crlf_is_caught_under_the_varied_layout,
    ),
    (
        "the_missing_facing_check_is_caught_with_default_options_and_shrunk_to_facing_generals",
        false,
        the_missing_facing_check_is_caught_with_default_options_and_shrunk_to_facing_generals,
    ),
    (
        "the_facing_check_that_a_cannon_behind_fools_is_caught_with_default_options_and_shrunk",
        false,
        the_facing_check_that_a_cannon_behind_fools_is_caught_with_default_options_and_shrunk,
    ),
    (
        "the_horse_leg_at_the_target_is_caught_with_default_options_and_shrunk",
        false,
        the_horse_leg_at_the_target_is_caught_with_default_options_and_shrunk,
    ),
    (
        "the_rare_mistakes_are_caught_within_100_cases_on_every_seed",
        false,
        the_rare_mistakes_are_caught_within_100_cases_on_every_seed,
    ),
    (
        "a_checkmate_solution_with_two_bugs_is_shown_failing_both_ways",
        false,
        a_checkmate_solution_with_two_bugs_is_shown_failing_both_ways,
    ),
    ("the_wrong_horse_pin_is_caught_and_shrunk", false, the_wrong_horse_pin_is_caught_and_shrunk),
    ("the_wrong_duck_replay_is_caught_and_shrunk", false, the_wrong_duck_replay_is_caught_and_shrunk),
    ("the_wrapping_kq_queen_is_caught_and_shrunk", false, the_wrapping_kq_queen_is_caught_and_shrunk),
    ("naive_correct_solutions_pass", false, naive_correct_solutions_pass),
    (
        "each_different_failure_is_shown_shrunk_with_its_own_symptom",
        false,
        each_different_failure_is_shown_shrunk_with_its_own_symptom,
    ),
    (
        "each_way_of_failing_is_reported_as_such_and_shrunk",
        false,
        each_way_of_failing_is_reported_as_such_and_shrunk,
    ),
    (
        "failures_are_pinned_on_the_case_that_causes_them",
        false,
        failures_are_pinned_on_the_case_that_causes_them,
    ),
    (
        "strict_output_fails_whitespace_and_lenient_output_tells_of_it",
        false,
        strict_output_fails_whitespace_and_lenient_output_tells_of_it,
    ),
    (
        "a_hang_is_reported_after_two_runs_with_nothing_left_running",
        false,
        a_hang_is_reported_after_two_runs_with_nothing_left_running,
    ),
    ("ctrl_c_stops_a_run_and_the_program_under_test", false, ctrl_c_stops_a_run_and_the_program_under_test),
    (
        "ctrl_c_while_shrinking_reports_the_smallest_failing_case_so_far",
        false,
        ctrl_c_while_shrinking_reports_the_smallest_failing_case_so_far,
    ),
    ("the_whole_command_is_named", false, the_whole_command_is_named),
    ("a_program_that_cannot_start_is_told_how_to", false, a_program_that_cannot_start_is_told_how_to),
    (
        "every_stress_command_tells_its_outcomes_apart_by_exit_code",
        false,
        every_stress_command_tells_its_outcomes_apart_by_exit_code,
    ),
    ("naive_correct_solutions_pass_100_000_cases", true, naive_correct_solutions_pass_100_000_cases),
];

/// Options of libtest's command line that take a value, skipped with it.
const OPTIONS_WITH_VALUES: [&str; 6] = ["--test-threads", "--format", "--color", "--logfile", "--skip", "-Z"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, name, ..] = args.as_slice() {
        if flag == "--naive" {
            return match naive(name) {
                Some(Ok(())) => ExitCode::SUCCESS,
                Some(Err(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Some(Err(error)) => {
                    eprintln!("{name}: {error}");
                    ExitCode::FAILURE
                }
                None => {
                    eprintln!("no program named {name}");
                    ExitCode::from(2)
                }
            };
        }
    }
    let (mut filters, mut skips) = (Vec::new(), Vec::new());
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word == "--skip" {
            skips.extend(words.next().cloned());
        } else if OPTIONS_WITH_VALUES.contains(&word.as_str()) {
            words.next();
        } else if !word.starts_with('-') {
            filters.push(word.clone());
        }
    }
    let flag = |name: &str| args.iter().any(|word| word == name);
    if flag("--list") {
        for (name, _, _) in TESTS {
            println!("{name}: test");
        }
        return ExitCode::SUCCESS;
    }
    let exact = flag("--exact");
    let chosen = |name: &str| {
        let matches = |filter: &String| if exact { name == filter } else { name.contains(filter.as_str()) };
        (filters.is_empty() || filters.iter().any(matches))
            && !skips.iter().any(|skip| name.contains(skip.as_str()))
    };
    let (mut passed, mut failed, mut ignored) = (0, Vec::new(), 0);
    let selected: Vec<_> = TESTS.iter().filter(|(name, _, _)| chosen(name)).collect();
    println!("\nrunning {} tests", selected.len());
    for &&(name, is_ignored, test) in &selected {
        let run = if flag("--include-ignored") { true } else { is_ignored == flag("--ignored") };
        if !run {
            println!("test {name} ... ignored");
            ignored += 1;
            continue;
        }
        let started = Instant::now();
        match panic::catch_unwind(test) {
            Ok(()) => {
                println!("test {name} ... ok ({:.1} s)", started.elapsed().as_secs_f64());
                passed += 1;
            }
            Err(_) => {
                println!("test {name} ... FAILED");
                failed.push(name);
            }
        }
    }
    let result = if failed.is_empty() { "ok" } else { "FAILED" };
    println!(
        "\ntest result: {result}. {passed} passed; {} failed; {ignored} ignored; 0 measured; {} filtered out\n",
        failed.len(),
        TESTS.len() - selected.len()
    );
    if failed.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
