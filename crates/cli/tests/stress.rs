//! `stress` against programs that are wrong on purpose: each deliberately
//! wrong solution of `examples/` must be caught and shrunk to a small case,
//! each naive correct solution must pass, and each way a program can fail
//! (a crash, a non-zero exit, a time-out, too few or too many lines, state
//! kept between cases) must be reported as such.
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

use std::io::{self, BufRead, Write};
use std::panic;
use std::process::{Command, ExitCode};
use std::time::Instant;

/// The programs this binary can be.
fn naive(name: &str) -> Option<io::Result<()>> {
    Some(match name {
        "naive_checkmate" => checkmate::run(None),
        "wrong_checkmate_flying_general" => checkmate::run(Some(checkmate::Bug::ForgetFlyingGeneral)),
        "wrong_checkmate_no_capture" => checkmate::run(Some(checkmate::Bug::ForgetCapture)),
        "wrong_checkmate_no_facing_check" => checkmate::run(Some(checkmate::Bug::NoFacingCheck)),
        "wrong_checkmate_facing_cannon_behind" => checkmate::run(Some(checkmate::Bug::FacingScanToEdge)),
        "wrong_checkmate_horse_leg" => checkmate::run(Some(checkmate::Bug::HorseLegAtTarget)),
        "naive_horse" => horse::run(None),
        "wrong_horse_pin_outside" => horse::run(Some(horse::Bug::PinCountsOutside)),
        "naive_duck" => duck::run(None),
        "wrong_duck_blocking_point" => duck::run(Some(duck::Bug::DuckSecondPoint)),
        "naive_kq" => kq::run(None),
        "wrong_kq_queen_wraps" => kq::run(Some(kq::Bug::QueenWraps)),
        misbehaving => return misbehaving_kq(misbehaving),
    })
}

/// The naive kq solution gone wrong in the ways a program fails.
fn misbehaving_kq(name: &str) -> Option<io::Result<()>> {
    let mut out = io::stdout().lock();
    let mut first = None;
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
                std::thread::sleep(std::time::Duration::from_secs(60));
                verdict
            }
            ("kq_skip_not_allowed", "Move not allowed") => continue,
            ("kq_double_stop", "Stop") => "Stop\nStop",
            ("kq_sticky", _) => *first.get_or_insert(verdict),
            ("kq_abort_on_stop" | "kq_exit_3_on_illegal_state" | "kq_hang_on_stop", _)
            | ("kq_skip_not_allowed" | "kq_double_stop", _) => verdict,
            _ => return None,
        };
        if writeln!(out, "{answer}").is_err() {
            break;
        }
    }
    Some(out.flush())
}

/// What a run of a tool did.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `tool args... -- <this binary> --naive program`.
fn stress(tool: &str, args: &[&str], program: &str) -> Outcome {
    let binary = match tool {
        "xiangqi" => env!("CARGO_BIN_EXE_xiangqi"),
        "duck" => env!("CARGO_BIN_EXE_duck"),
        _ => env!("CARGO_BIN_EXE_kq"),
    };
    let this = std::env::current_exe().expect("the test binary's path");
    let output = Command::new(binary)
        .args(args)
        .arg("--")
        .arg(this)
        .args(["--naive", program])
        .output()
        .expect("the tool runs");
    Outcome {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
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
    let (outcome, input) =
        caught("xiangqi", &["stress", "checkmate", "--seed", "1"], program, "wrong answer");
    eprintln!("    {program}: {}", outcome.stdout.lines().next().unwrap_or(""));
    assert!(outcome.stdout.contains(" of 1000 (seed 1)"), "the default number of cases: {}", outcome.stdout);
    assert_eq!(section(&outcome.stdout, "expected output"), ours("xiangqi", "checkmate", &input));
    assert_ne!(section(&outcome.stdout, "expected output"), section(&outcome.stdout, "output of"));
    input
}

fn the_missing_facing_check_is_caught_with_default_options_and_shrunk_to_facing_generals() {
    let input = caught_with_default_options("wrong_checkmate_no_facing_check");
    let (black, pieces) = checkmate_case(&input);
    assert!(generals_face(black, &pieces), "{input}");
    // A chariot on the black general's rank covers both sides: the task
    // write-up's own example, black flying across as its only way out.
    assert!(pieces.len() <= 2, "{} red pieces left:\n{input}", pieces.len());
    assert_eq!(ours("xiangqi", "checkmate", &input), "NO\n");
}

fn the_facing_check_that_a_cannon_behind_fools_is_caught_with_default_options_and_shrunk() {
    let program = "wrong_checkmate_facing_cannon_behind";
    let input = caught_with_default_options(program);
    let (black, pieces) = checkmate_case(&input);
    assert!(generals_face(black, &pieces), "{input}");
    let &(_, general_row, column) = pieces.iter().find(|piece| piece.0 == 'G').expect("a red general");
    let behind = pieces.iter().filter(|&&(_, r, c)| c == column && r > general_row).count();
    assert_eq!(behind, 1, "a piece behind red's general:\n{input}");
    assert!(pieces.len() <= 3, "{} red pieces left:\n{input}", pieces.len());

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
        let outcome = stress(tool, &[args.as_slice(), &["--seed", "5"]].concat(), program);
        assert_eq!(outcome.code, 0, "{program}:\n{}{}", outcome.stdout, outcome.stderr);
        assert_eq!(outcome.stdout.lines().count(), 1, "one line: {}", outcome.stdout);
        assert!(outcome.stdout.contains("cases agree with the oracle (seed 5;"), "{}", outcome.stdout);
        assert_eq!(outcome.stderr, "", "no progress unless standard error is a terminal");
        eprintln!("    {}", outcome.stdout.trim_end());
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
    assert!(started.elapsed().as_secs() < 60, "hung programs are killed");

    let (outcome, input) = kq("kq_skip_not_allowed", &[], "too few output lines");
    assert_eq!(verdict_of(&input), "Move not allowed\n");
    assert!(outcome.stdout.contains("Its output ends after 0 lines; the oracle's has 1."));

    // The extra line shows first as a wrong answer to the next case, which
    // passes alone; the Stop case is then found failing alone.
    let (outcome, input) = kq("kq_double_stop", &[], "too many output lines");
    assert!(outcome.stdout.contains("passes alone, but case"), "{}", outcome.stdout);
    assert_eq!(verdict_of(&input), "Stop\n");
    assert!(outcome.stdout.contains("Its output has 2 lines; the oracle's has only 1."));

    // Every line gets the first line's verdict: only several lines together fail.
    let (outcome, input) = kq("kq_sticky", &[], "wrong answer");
    assert!(outcome.stdout.contains("No case fails alone: only 2 cases together do"), "{}", outcome.stdout);
    assert_eq!(input.lines().count(), 2);
}

fn a_program_that_cannot_be_started_is_an_error_not_a_difference() {
    let output = Command::new(env!("CARGO_BIN_EXE_kq"))
        .args(["stress", "--cases", "10", "--", "/no/such/program"])
        .output()
        .expect("kq runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("cannot run /no/such/program"));
    assert!(output.stdout.is_empty());
    let usage =
        Command::new(env!("CARGO_BIN_EXE_kq")).args(["stress", "--cases", "10"]).output().expect("kq runs");
    assert_eq!(usage.status.code(), Some(2), "the program is required");
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
    ("the_wrong_horse_pin_is_caught_and_shrunk", false, the_wrong_horse_pin_is_caught_and_shrunk),
    ("the_wrong_duck_replay_is_caught_and_shrunk", false, the_wrong_duck_replay_is_caught_and_shrunk),
    ("the_wrapping_kq_queen_is_caught_and_shrunk", false, the_wrapping_kq_queen_is_caught_and_shrunk),
    ("naive_correct_solutions_pass", false, naive_correct_solutions_pass),
    (
        "each_way_of_failing_is_reported_as_such_and_shrunk",
        false,
        each_way_of_failing_is_reported_as_such_and_shrunk,
    ),
    (
        "a_program_that_cannot_be_started_is_an_error_not_a_difference",
        false,
        a_program_that_cannot_be_started_is_an_error_not_a_difference,
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
