//! `cargo xtask`: developer tasks for the workspace.
//!
//! - `cargo xtask test-fixtures [--accept] [--filter PATTERN]`: run every
//!   fixture under `fixtures/` through the tools and compare with the committed
//!   insta snapshots.
//! - `cargo xtask perft-suite [--max-depth N]`: check every published xiangqi
//!   perft count with the release binary.
//! - `cargo xtask bench [kq|perft|checkmate|duck|gen|game|records|solve]`: time the release binaries;
//!   alone, one table of every judge command beside its C++ baseline; `bench build`: the cold
//!   build time of xiangqi-rules with each set of features.
//! - `cargo xtask render [SVG...]`: render SVGs to PNG in headless Chromium
//!   and check the start position's pixels.
//! - `cargo xtask docs`: regenerate `docs/*.svg` and the README's example outputs.
//! - `cargo xtask record-fixtures`: write the binary and web-page game records
//!   of `fixtures/xiangqi/game/` with the workspace's own writers.
//! - `cargo xtask man [--out DIR]`: write the man pages.
//! - `cargo xtask mutants [--crate NAME] [--file PATH]`: mutation-test the
//!   library crates with cargo-mutants and print the table of results.
//! - `cargo xtask package-test`: package every publishable crate and run its
//!   tests from the unpacked package alone.
//! - `cargo xtask pikafish --driver PATH [--games N] [--before XIANGQI]`: rule
//!   seeded games with `History` and with a driver over Pikafish's rule code
//!   (`xtask/pikafish/rule_driver.cpp`), and print the agreement class by class.

use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};

/// Developer tasks for the workspace.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "Developer tasks for the workspace")]
struct Xtask {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Run every `fixtures/<tool>/<subcommand>/NAME.in` (or a game record: `NAME.pgn`, `.xqf`, `.html`, `.zip`) through the tools and
    /// compare with the insta snapshot beside it (and with `NAME.expected`,
    /// the exact output typed from a task statement, where there is one).
    ///
    /// A fixture may have `NAME.args` with extra arguments. New snapshots are
    /// written as `.snap.new` for review; under `CI=true` a missing or
    /// different snapshot fails.
    TestFixtures {
        /// Write the new snapshots in place instead of failing (review the diff before committing).
        #[arg(long)]
        accept: bool,
        /// Run only fixtures whose path under `fixtures/` matches: a glob such
        /// as `kq/**`, or plain text matched anywhere in the path.
        #[arg(long, value_name = "PATTERN")]
        filter: Option<String>,
    },
    /// Check every count in `crates/xiangqi-rules/tests/data/perft/*.perft` up to a depth
    /// with the release `xiangqi perft`, printing each count and its time.
    PerftSuite {
        /// The deepest count to check; the suite goes to 6, where the start
        /// position alone has 5,392,831,844 leaves.
        #[arg(long, default_value_t = 5)]
        max_depth: u32,
    },
    /// Build the release binaries, generate large inputs under `target/bench/`,
    /// and report wall time, throughput and peak memory of whole runs.
    Bench {
        /// Which benchmark to run; without one, the table of every judge
        /// command beside its C++ baseline (`xtask/baselines/`) and the
        /// generators' speed.
        #[arg(value_enum)]
        which: Option<Benchmark>,
        /// How many timed runs of each input (the best and the median are
        /// reported): 5 by default, 1 for `build`.
        #[arg(long)]
        runs: Option<usize>,
        /// Time the binaries in DIR (`xiangqi`, `duck`, `kq`) instead of
        /// building the workspace's: copies of another commit's release
        /// build, to compare two builds on the same machine in one session.
        #[arg(long, value_name = "DIR")]
        binaries: Option<std::path::PathBuf>,
        /// `solve` only: a UCI engine with the xiangqi variant (a
        /// Fairy-Stockfish binary) whose `go mate N` is timed on the same
        /// puzzles, side by side.
        #[arg(long, value_name = "PATH")]
        engine: Option<std::path::PathBuf>,
        /// `solve` only: run it in this process (what `bench solve` starts
        /// in a release build of the xtask).
        #[arg(long, hide = true)]
        worker: bool,
        /// `build` only: the folder the cold builds' target folders go in
        /// (emptied before each build; `target/bench/cold-build/` by default).
        #[arg(long, value_name = "DIR")]
        scratch: Option<std::path::PathBuf>,
    },
    /// Fuzz every parser, judge format and engine for a bounded time: random
    /// bytes and structured mutations of valid inputs, checked against the
    /// properties every input must keep (no panic, errors placed inside the
    /// input, the answers before an error unchanged, round trips). Runs in a
    /// release build; prints the executions of each target.
    Fuzz {
        /// How long to fuzz each target.
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        /// The seed of the generator (each run from a seed tests the same inputs).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Fuzz only these targets (see `--list`).
        #[arg(long = "target", value_name = "NAME")]
        targets: Vec<String>,
        /// List the targets and stop.
        #[arg(long)]
        list: bool,
        /// Run the targets in this process (what `fuzz` starts in a release build).
        #[arg(long, hide = true)]
        worker: bool,
    },
    /// Render SVG pictures to PNG with headless Chromium (Debian's `chromium`,
    /// fonts from `fonts-noto-cjk`), and check the pixels of the start
    /// position's picture: the pieces' colours on their points and the river
    /// between ranks 4 and 5.
    ///
    /// Renders each SVG given (by default every `docs/*.svg`) to
    /// `target/render/NAME.png`, for a person to look at.
    Render {
        /// The SVG files to render (default: `docs/*.svg`).
        #[arg(value_name = "SVG")]
        files: Vec<std::path::PathBuf>,
    },
    /// Regenerate what the README shows: every `docs/*.svg` from the command
    /// written in it, and the output of every `$ ` command in the README's
    /// `console` blocks. A test checks both are current.
    Docs,
    /// Package every crate that may be published (`cargo package`), unpack
    /// the packages into a workspace of their own under
    /// `target/package-test/` (each depending on its siblings through
    /// `[patch.crates-io]`, with the workspace's `Cargo.lock`), and run
    /// `cargo test` offline inside each: a test that reads a file outside
    /// its package, or one left out of it, fails here.
    PackageTest,
    /// Write the game records of `fixtures/xiangqi/game/` that are not
    /// PGN-style text (XQF files, a web page of DhtmlXQ games, a zip
    /// archive's first bytes, a folder of mixed files) with the workspace's
    /// own writers; a test checks the committed files are what this writes.
    RecordFixtures,
    /// Write man pages for `xiangqi`, `duck` and `kq` and each of their
    /// subcommands, made from the same definitions as `--help`, into DIR.
    Man {
        /// Where to write the pages (`xiangqi.1`, `xiangqi-show.1`, ...).
        #[arg(long, value_name = "DIR", default_value = "target/man")]
        out: std::path::PathBuf,
    },
    /// Rule seeded games that end by a rule (repetition cycles of every kind
    /// of check and chase, move-limit games through checks, material that
    /// can never mate) with `History` and with a driver over Pikafish's rule
    /// code (`xtask/pikafish/rule_driver.cpp`, built against a Pikafish
    /// checkout as its header says), and print how often the two agree on the
    /// ply and the result, class by class, with the disagreements.
    Pikafish {
        /// The built driver (default: the `PIKAFISH_RULE_DRIVER` environment variable).
        #[arg(long, value_name = "PATH")]
        driver: Option<std::path::PathBuf>,
        /// How many games.
        #[arg(long, default_value_t = 3000)]
        games: usize,
        /// The generator's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// An older `xiangqi` binary (another commit's build) whose rulings,
        /// through `xiangqi game --format json`, are counted beside.
        #[arg(long, value_name = "PATH")]
        before: Option<std::path::PathBuf>,
        /// How many disagreements of each class to print.
        #[arg(long, default_value_t = 3)]
        show: usize,
    },
    /// Feed every reader of the release binaries endless and enormous input
    /// (`/dev/zero`, a 100 MB line, 100 MB of spaces) under a 1 GB address
    /// space limit, and check that each stops with exit code 1 and a one-line
    /// message within seconds, in under 16 MB of memory.
    Hostile,
    /// Mutation-test the library crates with cargo-mutants (`cargo install
    /// cargo-mutants --locked`) and the settings of `.cargo/mutants.toml`,
    /// then print one table: mutants, caught, timeouts, missed, unviable,
    /// score and time per crate, and every missed mutant. Fails if any is
    /// missed. Each crate's results stay in `target/mutants/CRATE/mutants.out`.
    Mutants {
        /// A crate to mutate (repeatable; default: board-geometry,
        /// xiangqi-rules, duck-rules and kq-rules).
        #[arg(long = "crate", value_name = "NAME")]
        crates: Vec<String>,
        /// Mutate only the files matching this glob (repeatable), such as
        /// `crates/xiangqi-rules/src/movegen.rs`.
        #[arg(long = "file", value_name = "PATH")]
        files: Vec<String>,
        /// Leave out the files matching this glob (repeatable).
        #[arg(long = "exclude", value_name = "PATH")]
        excluded: Vec<String>,
        /// Run every crate's tests against each mutant, not only the mutated
        /// crate's: for code exercised mostly through the crates built on it.
        #[arg(long)]
        workspace_tests: bool,
        /// Build and test this many mutants at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Skip the mutants the previous run caught (the table then counts only
        /// the mutants tested this time).
        #[arg(long)]
        iterate: bool,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Benchmark {
    /// `duck replay` on one generated game of 3,000,000 commands, and `duck perft` 4 and 5 on one thread.
    Duck,
    /// `kq judge` on all 262,144 possible lines, then on a file 100 times larger.
    Kq,
    /// `xiangqi checkmate` on 1 and 10 million random cases in which red gives check.
    Checkmate,
    /// `xiangqi perft 5` from the start position (133,312,995 leaves) on one
    /// thread and on every core, and with every leaf played on one thread;
    /// rounds alternate, each run with the load average before it.
    Perft,
    /// `xiangqi gen checkmate` on 1 and 10 million cases, `xiangqi gen horse`
    /// on a million boards, `kq gen` on 10 million lines: cases written a second.
    Gen,
    /// `xiangqi selfplay`: random games with their history, every ply ruled
    /// on (mate, repetition, the move limit): plies a second.
    Game,
    /// `xiangqi game` on a folder of 10,000 records of mixed formats (XQF,
    /// PGN-style text, DhtmlXQ pages; written once under `target/bench/`):
    /// the report, `--format json`, `--to pgn` and `--to xqf --out`, in games a second;
    /// then a CBL library of 2,048 games (in both of its layouts) and an XQF book of one 6,000-move tree, each opened alone.
    Records,
    /// The cold release build of xiangqi-rules with each set of features (the
    /// engine alone, each feature alone, the default, all), each in a fresh
    /// target folder: processor and wall time, with the load average.
    Build,
    /// The solver on a seeded set of generated puzzles (mates in 3 to 9,
    /// checks only and not): nodes a second and time per puzzle, with a
    /// 256 MiB table, timed in a release build of the xtask; with --engine,
    /// the engine's `go mate` beside it, timed the same way (wall time of
    /// the whole search), with the ratio and how many puzzles each wins.
    Solve,
}

fn main() -> ExitCode {
    match run(Xtask::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(xtask: Xtask) -> anyhow::Result<()> {
    match xtask.task {
        Task::TestFixtures { accept, filter } => test_fixtures(accept, filter.as_deref()),
        Task::PerftSuite { max_depth } => xtask::perft_suite::run(max_depth),
        Task::Fuzz { seconds, seed, targets, list, worker } => {
            xtask::fuzz::command(seconds, seed, &targets, list, worker)
        }
        Task::Hostile => xtask::hostile::run(),
        Task::Pikafish { driver, games, seed, before, show } => {
            let driver =
                driver.or_else(|| std::env::var_os("PIKAFISH_RULE_DRIVER").map(Into::into)).ok_or_else(
                    || anyhow::anyhow!("no driver: give --driver PATH or set PIKAFISH_RULE_DRIVER"),
                )?;
            xtask::pikafish::run(&xtask::pikafish::Request { driver, games, seed, before, show }).map(drop)
        }
        Task::PackageTest => xtask::package_test::run_all(),
        Task::Mutants { crates, files, excluded, workspace_tests, jobs, iterate } => {
            xtask::mutants::run(&xtask::mutants::Request {
                crates,
                files,
                excluded,
                workspace_tests,
                jobs,
                iterate,
            })
        }
        Task::Render { files } => render(&files),
        Task::Docs => xtask::docs::regenerate(),
        Task::RecordFixtures => xtask::record_fixtures::write_all(),
        Task::Man { out } => xtask::man::write_all(&xtask::fixtures::workspace_root().join(out)),
        Task::Bench { which, runs, binaries, engine, worker, scratch } => {
            let settings = xtask::bench::Settings { runs: runs.unwrap_or(5), binaries };
            match which {
                None => xtask::bench::table::run(&settings),
                Some(Benchmark::Duck) => xtask::bench::duck::run(&settings),
                Some(Benchmark::Kq) => xtask::bench::kq::run(&settings),
                Some(Benchmark::Perft) => xtask::bench::perft::run(&settings),
                Some(Benchmark::Checkmate) => xtask::bench::checkmate::run(&settings),
                Some(Benchmark::Gen) => xtask::bench::r#gen::run(&settings),
                Some(Benchmark::Game) => xtask::bench::game::run(&settings),
                Some(Benchmark::Records) => xtask::bench::records::run(&settings),
                Some(Benchmark::Solve) => xtask::bench::solve::run(&settings, engine.as_ref(), worker),
                Some(Benchmark::Build) => xtask::bench::build::run(runs.unwrap_or(1), scratch.as_deref()),
            }
        }
    }
}

fn render(files: &[std::path::PathBuf]) -> anyhow::Result<()> {
    use xtask::render::{INSTALL_HINT, check_start_position, chromium};
    let Some(chromium) = chromium() else {
        bail!("no chromium on PATH: {INSTALL_HINT}");
    };
    let root = xtask::fixtures::workspace_root();
    let out = root.join("target").join("render");
    let report = check_start_position(&chromium, &out)?;
    println!(
        "start position: {} ({} red pixels on e0, {} black on e9, {} in the river's words): as expected",
        report.png.display(),
        report.red_on_e0,
        report.black_on_e9,
        report.river_words
    );
    let files = if files.is_empty() { xtask::docs::svg_files()? } else { files.to_vec() };
    for svg in files {
        let name = svg.file_stem().context("an SVG file name")?.to_string_lossy().into_owned();
        let png = out.join(format!("{name}.png"));
        xtask::render::render(&chromium, &svg, &png)?;
        println!("{} -> {}", svg.display(), png.display());
    }
    Ok(())
}

fn test_fixtures(accept: bool, filter: Option<&str>) -> anyhow::Result<()> {
    let mut command = xtask::cargo();
    command.args(["test", "--quiet", "--package", "xtask", "--test", "fixtures"]);
    if accept {
        command.env("INSTA_UPDATE", "always");
    }
    if let Some(filter) = filter {
        let is_glob = filter.contains(['*', '?', '[', '{']);
        command.env("INSTA_GLOB_FILTER", if is_glob { filter.to_string() } else { format!("*{filter}*") });
    }
    let list = xtask::fixtures::checked_list();
    let _ = std::fs::remove_file(&list);
    let status = command.status().context("cannot run cargo test")?;
    if !status.success() {
        bail!(
            "fixture snapshots do not match (see above); `cargo xtask test-fixtures --accept` takes the new output after review"
        );
    }
    let checked = std::fs::read_to_string(&list)
        .with_context(|| format!("{}: not written by the test", list.display()))?;
    let paths: Vec<String> = checked.lines().map(str::to_string).collect();
    println!(
        "{}{}",
        xtask::fixtures::checked_summary(&paths),
        if accept { " (new snapshots accepted)" } else { "" }
    );
    Ok(())
}
