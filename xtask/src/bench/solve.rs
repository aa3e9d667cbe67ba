//! `xiangqi solve` on a fixed, seeded set of generated puzzles (mates in 3
//! to 9, checks only and not): nodes a second and time per puzzle, the set
//! solved with a 256 MiB table; and, given an engine (`--engine PATH`, a
//! Fairy-Stockfish binary), its `go mate` on the same puzzles beside ours.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use board_geometry::random::Random;
use serde::Deserialize;
use xiangqi_rules::solve::{Options, Verdict, random_endgame, solve};
use xiangqi_rules::{Color, PieceKind, Position};

use super::{Settings, bench_dir, measure_once, write_input};

/// The longest mate of the set, and the bound every puzzle is searched with.
const BOUND: u32 = 9;

/// Puzzles kept per mate length and kind (checks only or not).
const PER_LENGTH: usize = 3;

/// The piece sets puzzles are drawn from: red's attackers against black's defenders.
const SETS: [(&[PieceKind], &[PieceKind]); 10] = {
    use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse, Soldier};
    [
        (&[Chariot, Horse], &[Advisor, Advisor]),
        (&[Chariot, Cannon], &[Advisor, Elephant]),
        (&[Horse, Horse, Soldier], &[Advisor]),
        (&[Chariot, Soldier, Soldier], &[Advisor, Advisor, Elephant]),
        (&[Horse, Cannon, Soldier], &[Advisor, Elephant]),
        (&[Chariot, Horse, Cannon], &[Advisor, Advisor, Elephant, Elephant]),
        (&[Horse, Soldier, Soldier], &[Elephant]),
        (&[Chariot, Horse], &[Chariot, Advisor]),
        (&[Chariot, Horse, Cannon, Soldier], &[Advisor, Advisor, Elephant, Elephant, Soldier]),
        (&[Horse, Horse, Cannon, Soldier], &[Advisor, Advisor, Elephant, Chariot]),
    ]
};

/// What the puzzle choice reads of an answer of `xiangqi solve --format json`.
#[derive(Debug, Deserialize)]
struct Answer {
    fen: String,
    moves: Option<u32>,
}

/// A puzzle of the set.
#[derive(Clone, Debug)]
struct Puzzle {
    fen: String,
    checks_only: bool,
    moves: u32,
}

/// Runs `xiangqi solve FILE ARGS... --format json` and reads its answers.
fn solve_file(binary: &Path, file: &Path, args: &[&str]) -> anyhow::Result<Vec<Answer>> {
    let output = Command::new(binary)
        .arg("solve")
        .arg(file)
        .args(args)
        .args(["--format", "json"])
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    if !output.status.success() {
        bail!("{} solve {} failed: {}", binary.display(), file.display(), output.status);
    }
    let text = String::from_utf8(output.stdout).context("the answers are no UTF-8")?;
    text.lines()
        .map(|line| serde_json::from_str(line).with_context(|| format!("bad answer {line}")))
        .collect()
}

/// The set: candidates drawn from a fixed seed, solved once with a node
/// limit, and a few of each mate length kept. Written under `target/bench/`
/// and reused.
fn puzzles(binary: &Path) -> anyhow::Result<Vec<Puzzle>> {
    let path = bench_dir().join("solve-puzzles.txt");
    if let Ok(text) = std::fs::read_to_string(&path) {
        let read: Vec<Puzzle> = text
            .lines()
            .filter_map(|line| {
                let (kind, rest) = line.split_once(' ')?;
                let (moves, fen) = rest.split_once(' ')?;
                Some(Puzzle {
                    fen: fen.to_string(),
                    checks_only: kind == "checks",
                    moves: moves.parse().ok()?,
                })
            })
            .collect();
        if !read.is_empty() {
            return Ok(read);
        }
    }
    println!("choosing the puzzles (once; kept in {})", path.display());
    let candidates = bench_dir().join("solve-candidates.txt");
    let mut chosen = Vec::new();
    for checks_only in [false, true] {
        // Checks-only searches are small: many more candidates, for their longer mates.
        let (seed, count) =
            if checks_only { (0x5017_e5ee_d000_0002, 6000) } else { (0x5017_e5ee_d000_0001, 400) };
        let mut random = Random::new(seed);
        write_input(&candidates, |out| {
            for index in 0..count {
                let (red, black) = SETS[index % SETS.len()];
                if let Some(position) = random_endgame(&mut random, red, black, Color::Red) {
                    writeln!(out, "{position}")?;
                }
            }
            Ok(())
        })?;
        let mut args = vec!["--moves", "9", "--nodes", "500000", "--memory", "64"];
        if checks_only {
            args.push("--checks-only");
        }
        let mut by_length: BTreeMap<u32, usize> = BTreeMap::new();
        for answer in solve_file(binary, &candidates, &args)? {
            let Some(moves) = answer.moves.filter(|moves| (3..=BOUND).contains(moves)) else { continue };
            let kept = by_length.entry(moves).or_default();
            if *kept < PER_LENGTH {
                *kept += 1;
                chosen.push(Puzzle { fen: answer.fen, checks_only, moves });
            }
        }
    }
    chosen.sort_by_key(|puzzle| (puzzle.checks_only, puzzle.moves));
    write_input(&path, |out| {
        for puzzle in &chosen {
            let kind = if puzzle.checks_only { "checks" } else { "any" };
            writeln!(out, "{kind} {} {}", puzzle.moves, puzzle.fen)?;
        }
        Ok(())
    })?;
    Ok(chosen)
}

/// What the engine said about one puzzle.
struct EngineAnswer {
    mate: Option<i64>,
    nodes: u64,
    wall: Duration,
}

/// A UCI engine with the xiangqi variant set.
struct Engine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start(path: &Path) -> anyhow::Result<Engine> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", path.display()))?;
        let input = child.stdin.take().context("no engine input")?;
        let output = child.stdout.take().context("no engine output")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine { child, input, lines };
        engine.send("uci")?;
        engine.wait_for("uciok", Duration::from_secs(10))?;
        engine.send("setoption name UCI_Variant value xiangqi")?;
        engine.send("setoption name Threads value 1")?;
        engine.send("setoption name Hash value 256")?;
        engine.send("isready")?;
        engine.wait_for("readyok", Duration::from_secs(30))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).context("cannot write to the engine")
    }

    fn wait_for(&mut self, start: &str, timeout: Duration) -> anyhow::Result<Vec<String>> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line =
                self.lines.recv_timeout(left).with_context(|| format!("the engine did not say {start}"))?;
            let done = line.starts_with(start);
            seen.push(line);
            if done {
                return Ok(seen);
            }
        }
    }

    /// The best of 20 `isready` round trips: the pipe's share of each time.
    fn round_trip(&mut self) -> anyhow::Result<Duration> {
        let mut best = Duration::MAX;
        for _ in 0..20 {
            let started = Instant::now();
            self.send("isready")?;
            self.wait_for("readyok", Duration::from_secs(30))?;
            best = best.min(started.elapsed());
        }
        Ok(best)
    }

    /// `go mate N` on `fen`, stopped after `limit`.
    fn mate(&mut self, fen: &str, moves: u32, limit: Duration) -> anyhow::Result<EngineAnswer> {
        self.send("ucinewgame")?;
        self.send(&format!("position fen {fen}"))?;
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(30))?;
        let started = Instant::now();
        self.send(&format!("go mate {moves}"))?;
        let lines = match self.wait_for("bestmove", limit) {
            Ok(lines) => lines,
            Err(_) => {
                self.send("stop")?;
                self.wait_for("bestmove", Duration::from_secs(10))?
            }
        };
        let wall = started.elapsed();
        let (mut mate, mut nodes) = (None, 0);
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2) {
                match pair {
                    ["nodes", count] => nodes = count.parse().unwrap_or(nodes),
                    ["mate", value] => mate = value.parse().ok(),
                    ["cp", _] => mate = None,
                    _ => {}
                }
            }
        }
        Ok(EngineAnswer { mate, nodes, wall })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// Runs the benchmark: in a release build of this xtask (started here
/// unless `worker`), so that our solver is timed in-process, as fast as the
/// `xiangqi` binary runs it.
///
/// # Errors
/// The build, the puzzle choice or a run fails.
pub fn run(settings: &Settings, engine: Option<&PathBuf>, worker: bool) -> anyhow::Result<()> {
    if !worker {
        let mut command = crate::cargo();
        command.args([
            "run",
            "--quiet",
            "--release",
            "--package",
            "xtask",
            "--",
            "bench",
            "solve",
            "--worker",
        ]);
        command.args(["--runs", &settings.runs.to_string()]);
        if let Some(folder) = &settings.binaries {
            command.arg("--binaries").arg(folder);
        }
        if let Some(engine) = engine {
            command.arg("--engine").arg(engine);
        }
        let status = command.status().context("cannot run the release build of the xtask")?;
        anyhow::ensure!(status.success(), "the benchmark failed (see above)");
        return Ok(());
    }
    let binary = settings.binary("xiangqi")?;
    let set = puzzles(&binary)?;
    if set.is_empty() {
        bail!("no puzzles were found");
    }
    let runs = settings.runs.max(1);
    let mut peak_rss = 0;
    for checks_only in [false, true] {
        let path = bench_dir().join(if checks_only { "solve-set-checks.txt" } else { "solve-set-any.txt" });
        write_input(&path, |out| {
            for puzzle in set.iter().filter(|puzzle| puzzle.checks_only == checks_only) {
                writeln!(out, "{}", puzzle.fen)?;
            }
            Ok(())
        })?;
        let path_text = path.display().to_string();
        let mut args = vec!["solve", path_text.as_str(), "--moves", "9", "--memory", "256"];
        if checks_only {
            args.push("--checks-only");
        }
        peak_rss = peak_rss.max(measure_once(&binary, &args, None)?.peak_rss);
    }
    let mut engine = engine.map(|path| Engine::start(path)).transpose()?;
    println!(
        "solve: release build, one thread, bound {BOUND}, 256 MiB table; {} puzzles, best of {runs} runs each",
        set.len()
    );
    println!(
        "time: wall time of the whole search, ours around `solve` in this process (table and main line \
         included), the engine's from writing `go mate N` to reading `bestmove`"
    );
    if let Some(engine) = engine.as_mut() {
        let latency = engine.round_trip()?;
        println!(
            "the engine's pipe round trip (`isready` to `readyok`, best of 20): {:.3} ms, in its times",
            latency.as_secs_f64() * 1e3
        );
    }
    print!("{:<6} {:>4} {:>10} {:>9} {:>7}", "kind", "mate", "nodes", "ms", "M n/s");
    if engine.is_some() {
        print!("   {:>8} {:>10} {:>9} {:>8}", "fsf mate", "fsf nodes", "fsf ms", "ratio");
    }
    println!("   fen");
    let (mut nodes, mut ours_total) = (0u64, Duration::ZERO);
    let mut rows: Vec<(bool, f64)> = Vec::new();
    let mut engine_total = Duration::ZERO;
    for puzzle in &set {
        let position: Position =
            puzzle.fen.parse().with_context(|| format!("{}: not a position", puzzle.fen))?;
        let options = Options {
            moves: BOUND,
            checks_only: puzzle.checks_only,
            memory: 256 << 20,
            ..Options::default()
        };
        let mut best = Duration::MAX;
        let mut solution = None;
        for _ in 0..runs {
            let started = Instant::now();
            let solved = solve(&position, &options)?;
            best = best.min(started.elapsed());
            solution = Some(solved);
        }
        let solution = solution.context("no run")?;
        if solution.verdict != Verdict::Mate(puzzle.moves) {
            bail!("{}: expected mate in {}, got {:?}", puzzle.fen, puzzle.moves, solution.verdict);
        }
        nodes += solution.nodes;
        ours_total += best;
        let ms = best.as_secs_f64() * 1e3;
        let rate = solution.nodes as f64 / best.as_secs_f64().max(1e-9) / 1e6;
        let kind = if puzzle.checks_only { "checks" } else { "any" };
        print!("{kind:<6} {:>4} {:>10} {ms:>9.3} {rate:>7.2}", puzzle.moves, solution.nodes);
        if let Some(engine) = engine.as_mut() {
            let mut theirs = engine.mate(&puzzle.fen, puzzle.moves, Duration::from_secs(60))?;
            for _ in 1..runs {
                let again = engine.mate(&puzzle.fen, puzzle.moves, Duration::from_secs(60))?;
                if again.wall < theirs.wall {
                    theirs = again;
                }
            }
            engine_total += theirs.wall;
            let their_ms = theirs.wall.as_secs_f64() * 1e3;
            let ratio = their_ms / ms.max(1e-6);
            rows.push((puzzle.checks_only, ratio));
            let mate = theirs.mate.map_or_else(|| "none".to_string(), |mate| mate.to_string());
            print!("   {mate:>8} {:>10} {their_ms:>9.3} {ratio:>8.2}", theirs.nodes);
        }
        println!("   {}", puzzle.fen);
    }
    println!(
        "total: {nodes} nodes in {:.1} ms, {:.2} M nodes/s; peak RSS of `xiangqi solve` on the set {:.1} MiB",
        ours_total.as_secs_f64() * 1e3,
        nodes as f64 / ours_total.as_secs_f64().max(1e-9) / 1e6,
        peak_rss as f64 / (1024.0 * 1024.0)
    );
    if engine.is_some() {
        let wins = |checks: Option<bool>| {
            let chosen: Vec<f64> = rows
                .iter()
                .filter(|(checks_only, _)| checks.is_none_or(|wanted| *checks_only == wanted))
                .map(|&(_, ratio)| ratio)
                .collect();
            (chosen.iter().filter(|&&ratio| ratio > 1.0).count(), chosen.len())
        };
        let mut ratios: Vec<f64> = rows.iter().map(|&(_, ratio)| ratio).collect();
        ratios.sort_by(f64::total_cmp);
        let median = ratios.get(ratios.len() / 2).copied().unwrap_or(0.0);
        let (won, all) = wins(None);
        let (won_any, any) = wins(Some(false));
        let (won_checks, checks) = wins(Some(true));
        println!(
            "engine: {:.1} ms in all, {:.2} x our time; ratio (engine / ours) median {median:.2}, lowest {:.2}",
            engine_total.as_secs_f64() * 1e3,
            engine_total.as_secs_f64() / ours_total.as_secs_f64().max(1e-9),
            ratios.first().copied().unwrap_or(0.0)
        );
        println!(
            "we are faster on {won} of {all} puzzles: {won_any} of {any} with any moves, {won_checks} of {checks} checks-only"
        );
        println!(
            "(the engine has no checks-only mode: on those puzzles it answers the unrestricted question, \
             and may find a shorter mate that does not check; and `go mate` stops at the first mate its \
             search finds, proving no shorter one)"
        );
    }
    Ok(())
}
