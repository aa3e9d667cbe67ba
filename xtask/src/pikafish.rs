//! `cargo xtask pikafish --driver PATH`: rule seeded games with the
//! workspace's `History` and with a driver over Pikafish's own rule code,
//! and report how often the two agree on the ply and the result, class by
//! class.
//!
//! The driver is `xtask/pikafish/rule_driver.cpp`, built against a Pikafish
//! checkout (its header says how); Pikafish's code is not part of this
//! repository. It reads one game a line, `FEN|move move ...` in ICCS, and
//! answers `PLY RESULT rule|mate`, `none PLIES` or `illegal PLY`.

pub mod generate;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use xiangqi_rules::notation::Notation;

use self::generate::{Class, Game, Ruling, classify, games, rule};

/// What to run.
#[derive(Clone, Debug)]
pub struct Request {
    /// The built driver.
    pub driver: PathBuf,
    /// How many games.
    pub games: usize,
    /// The generator's seed.
    pub seed: u64,
    /// An older `xiangqi` binary whose rulings (through `xiangqi game
    /// --format json`) are counted beside, class by class.
    pub before: Option<PathBuf>,
    /// How many disagreements of each class to print.
    pub show: usize,
}

/// The figures of one run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games ruled.
    pub games: usize,
    /// Games on which we and Pikafish agree on the ply and the result.
    pub agree: usize,
    /// Per class: games, agreeing now, agreeing before (with `before`).
    pub classes: BTreeMap<Class, (usize, usize, usize)>,
}

impl Report {
    /// The share of games agreed on, in percent.
    #[must_use]
    pub fn agreement(&self) -> f64 {
        if self.games == 0 { 100.0 } else { 100.0 * self.agree as f64 / self.games as f64 }
    }
}

/// Runs the comparison and prints the report.
///
/// # Errors
/// The driver or the older binary cannot be run, or answers what cannot be read.
pub fn run(request: &Request) -> anyhow::Result<Report> {
    let games = games(request.games, request.seed);
    let ours: Vec<Ruling> = games.iter().map(rule).collect();
    let classes: Vec<Class> = games.iter().map(classify).collect();
    let theirs = driver_rulings(&request.driver, &games)?;
    let before = match &request.before {
        Some(binary) => Some(older_rulings(binary, &games)?),
        None => None,
    };
    let mut report = Report { games: games.len(), ..Report::default() };
    let mut shown: BTreeMap<Class, usize> = BTreeMap::new();
    println!(
        "{} games (seed {}), ruled by History and by Pikafish's rule code ({}):",
        games.len(),
        request.seed,
        request.driver.display()
    );
    for (index, game) in games.iter().enumerate() {
        let class = classes[index];
        let agrees = ours[index] == theirs[index];
        let agreed_before = before.as_ref().is_some_and(|before| before[index] == theirs[index]);
        let entry = report.classes.entry(class).or_default();
        entry.0 += 1;
        entry.1 += usize::from(agrees);
        entry.2 += usize::from(agreed_before);
        report.agree += usize::from(agrees);
        let count = shown.entry(class).or_default();
        if !agrees && *count < request.show {
            *count += 1;
            println!(
                "  differs ({}): {}|{} ours {} Pikafish {}",
                class.name(),
                game.start,
                moves_text(&game.moves),
                ruling_text(ours[index]),
                ruling_text(theirs[index])
            );
        }
    }
    println!(
        "{:<26} {:>6} {:>12}{}",
        "class",
        "games",
        "agree now",
        if before.is_some() { "  agree before" } else { "" }
    );
    for class in Class::ALL {
        let Some(&(count, now, then)) = report.classes.get(&class) else { continue };
        let before_column = if before.is_some() { format!("  {then:>13}") } else { String::new() };
        println!("{:<26} {count:>6} {now:>12}{before_column}", class.name());
    }
    let total_before: usize = report.classes.values().map(|&(_, _, then)| then).sum();
    let before_total = if before.is_some() {
        format!(
            " (before: {total_before}, {:.2} %)",
            100.0 * total_before as f64 / report.games.max(1) as f64
        )
    } else {
        String::new()
    };
    println!(
        "agreement on ply and result: {} of {} ({:.2} %){before_total}",
        report.agree,
        report.games,
        report.agreement()
    );
    Ok(report)
}

/// The moves in ICCS, separated by spaces.
fn moves_text(moves: &[xiangqi_rules::Move]) -> String {
    moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// `1-0 at ply 8`, or `no ruling`.
fn ruling_text(ruling: Ruling) -> String {
    ruling.map_or_else(|| "no ruling".to_string(), |(ply, result)| format!("{result} at ply {ply}"))
}

/// A result as one of the three texts, for comparing.
fn result_text(text: &str) -> Option<&'static str> {
    ["1-0", "0-1", "1/2-1/2"].into_iter().find(|&result| result == text)
}

/// The driver's rulings of `games`, in order.
fn driver_rulings(driver: &Path, games: &[Game]) -> anyhow::Result<Vec<Ruling>> {
    let input: String =
        games.iter().map(|game| format!("{}|{}\n", game.start, moves_text(&game.moves))).collect();
    let mut child = Command::new(driver)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run the driver {}", driver.display()))?;
    let mut stdin = child.stdin.take().context("the driver's standard input")?;
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let stdout = child.stdout.take().context("the driver's standard output")?;
    let mut rulings = Vec::with_capacity(games.len());
    for line in BufReader::new(stdout).lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        rulings.push(match words[..] {
            [ply, result, _] => {
                let result = result_text(result).with_context(|| format!("the driver's line {line:?}"))?;
                Some((ply.parse().with_context(|| format!("the driver's line {line:?}"))?, result))
            }
            ["none", _] => None,
            _ => bail!("the driver answered {line:?} to game {}", rulings.len() + 1),
        });
    }
    writer.join().map_err(|_| anyhow::anyhow!("the writer thread panicked"))??;
    let status = child.wait()?;
    if !status.success() || rulings.len() != games.len() {
        bail!("the driver stopped ({status}) after {} of {} games", rulings.len(), games.len());
    }
    Ok(rulings)
}

/// The rulings of `games` by an older `xiangqi` binary, through a PGN file
/// of them and `xiangqi game --format json`.
fn older_rulings(binary: &Path, games: &[Game]) -> anyhow::Result<Vec<Ruling>> {
    let folder = crate::fixtures::workspace_root().join("target/pikafish");
    std::fs::create_dir_all(&folder)?;
    let path = folder.join("games.pgn");
    let mut text = String::new();
    for (index, game) in games.iter().enumerate() {
        let tags = vec![("Event".to_string(), format!("game {}", index + 1))];
        text += &xiangqi_rules::record::write_game(&tags, &game.start, &game.moves, Notation::Iccs)?;
        text.push('\n');
    }
    std::fs::write(&path, text)?;
    let output = Command::new(binary)
        .args(["game", "--format", "json"])
        .arg(&path)
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    let mut rulings = Vec::with_capacity(games.len());
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let value: serde_json::Value = serde_json::from_str(line)?;
        let outcome = &value["outcome"];
        rulings.push(match (outcome["ply"].as_u64(), outcome["result"].as_str().and_then(result_text)) {
            (Some(ply), Some(result)) => Some((usize::try_from(ply)?, result)),
            _ => None,
        });
    }
    if rulings.len() != games.len() {
        bail!("{} ruled {} of {} games", binary.display(), rulings.len(), games.len());
    }
    Ok(rulings)
}
