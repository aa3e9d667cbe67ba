//! `cargo xtask pikafish --driver PATH`: rule seeded games with the
//! workspace's `History` and with a driver over Pikafish's own rule code,
//! and report how often the two agree on the ply and the result, class by
//! class, under both of `History`'s readings of the Asian rules:
//! `Rules::Asian` (the rule books': one check one chase is at fault) and
//! `Rules::Engine` (the engines': one check one chase is a draw).
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
use xiangqi_rules::Rules;
use xiangqi_rules::notation::Notation;

use self::generate::{Class, Game, Ruling, classify, games, rule_under};

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
    /// Games on which we, under [`Rules::Asian`], and Pikafish agree on the
    /// ply and the result.
    pub agree: usize,
    /// The same under [`Rules::Engine`].
    pub agree_engine: usize,
    /// The games of each class (the class by our Asian reading) and how many agree.
    pub classes: BTreeMap<Class, ClassCount>,
}

/// The games of one class and how many of them agree with Pikafish.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassCount {
    /// Games of the class.
    pub games: usize,
    /// Agreeing under [`Rules::Asian`].
    pub agree: usize,
    /// Agreeing under [`Rules::Engine`].
    pub agree_engine: usize,
    /// Agreeing with the older binary's rulings (with `before`).
    pub agree_before: usize,
}

impl Report {
    /// The share of games agreed on under [`Rules::Asian`], in percent.
    #[must_use]
    pub fn agreement(&self) -> f64 {
        percent(self.agree, self.games)
    }

    /// The share of games agreed on under [`Rules::Engine`], in percent.
    #[must_use]
    pub fn agreement_engine(&self) -> f64 {
        percent(self.agree_engine, self.games)
    }
}

/// `part` of `whole` in percent (100 of nothing).
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 { 100.0 } else { 100.0 * part as f64 / whole as f64 }
}

/// Runs the comparison and prints the report.
///
/// # Errors
/// The driver or the older binary cannot be run, or answers what cannot be read.
pub fn run(request: &Request) -> anyhow::Result<Report> {
    let games = games(request.games, request.seed);
    let ours: Vec<Ruling> = games.iter().map(|game| rule_under(game, Rules::Asian)).collect();
    let ours_engine: Vec<Ruling> = games.iter().map(|game| rule_under(game, Rules::Engine)).collect();
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
        let agrees_engine = ours_engine[index] == theirs[index];
        let agreed_before = before.as_ref().is_some_and(|before| before[index] == theirs[index]);
        let entry = report.classes.entry(class).or_default();
        entry.games += 1;
        entry.agree += usize::from(agrees);
        entry.agree_engine += usize::from(agrees_engine);
        entry.agree_before += usize::from(agreed_before);
        report.agree += usize::from(agrees);
        report.agree_engine += usize::from(agrees_engine);
        let count = shown.entry(class).or_default();
        if !(agrees && agrees_engine) && *count < request.show {
            *count += 1;
            println!(
                "  differs ({}): {}|{} ours {} (engine reading {}) Pikafish {}",
                class.name(),
                game.start,
                moves_text(&game.moves),
                ruling_text(ours[index]),
                ruling_text(ours_engine[index]),
                ruling_text(theirs[index])
            );
        }
    }
    println!(
        "{:<26} {:>6} {:>12} {:>13}{}",
        "class",
        "games",
        "agree asian",
        "agree engine",
        if before.is_some() { "  agree before" } else { "" }
    );
    for class in Class::ALL {
        let Some(count) = report.classes.get(&class) else { continue };
        let before_column =
            if before.is_some() { format!("  {:>13}", count.agree_before) } else { String::new() };
        println!(
            "{:<26} {:>6} {:>12} {:>13}{before_column}",
            class.name(),
            count.games,
            count.agree,
            count.agree_engine
        );
    }
    let total_before: usize = report.classes.values().map(|count| count.agree_before).sum();
    let before_total = if before.is_some() {
        format!(" (before: {total_before}, {:.2} %)", percent(total_before, report.games))
    } else {
        String::new()
    };
    println!(
        "agreement on ply and result, --rules asian (the rule books' reading): {} of {} ({:.2} %){before_total}",
        report.agree,
        report.games,
        report.agreement()
    );
    println!(
        "agreement on ply and result, --rules engine (one check one chase a draw): {} of {} ({:.2} %)",
        report.agree_engine,
        report.games,
        report.agreement_engine()
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
        let mut line = xiangqi_rules::record::Line::new(game.start);
        for &mv in &game.moves {
            line.play(mv)?;
        }
        text += &line.to_pgn_with_tags(&tags, Notation::Iccs)?;
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
