//! `xiangqi game` on a folder of 10,000 game records of mixed formats, as a
//! player's folder of downloads holds them: the report, JSON Lines, and the
//! conversion to PGN. The issue asks for 50,000 games a second.
//!
//! The folder is written once, from seeded random games of 60 to 150 plies
//! under the workspace's own writers, and kept under `target/bench/`:
//! - 4,000 games as XQF, one file each (in folders of 500);
//! - 4,000 games as PGN-style text, 100 a file, the moves in Chinese, WXF or ICCS;
//! - 2,000 games as DhtmlXQ, 10 a web page.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use board_geometry::RandomGame;
use board_geometry::random::Random;
use xiangqi_rules::Position;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::{self, GameResult, Node, Record};

use super::{Settings, Summary, bench_dir, measure};

/// How many games the folder holds.
const GAMES: usize = 10_000;

/// The folder's name under `target/bench/`; a new layout takes a new name.
const FOLDER: &str = "records-v2";

/// The file written last, beside the folder, saying the folder is complete.
const DONE: &str = "records-v2.complete";

/// A seeded random game of 60 to 150 plies from the start position (or
/// fewer, where it ends in mate), with the tags and result a record has.
fn random_game(random: &mut Random, number: usize) -> Record {
    const NAMES: [&str; 8] = ["许银川", "吕钦", "胡荣华", "赵国荣", "王天一", "郑惟桐", "蒋川", "洪智"];
    let plies = 60 + random.index(91);
    let game = RandomGame::play(Position::start(), random, plies);
    let mut record = Record::new(Position::start());
    record.moves = game.moves().iter().map(|&mv| Node::new(mv)).collect();
    record.set_tag("Event", &format!("第{}届全国象棋个人赛", 1 + number % 40));
    record.set_tag("Site", "北京");
    record.set_tag("Date", &format!("20{:02}-{:02}-{:02}", number % 25, 1 + number % 12, 1 + number % 28));
    record.set_tag("Red", NAMES[random.index(NAMES.len())]);
    record.set_tag("Black", NAMES[random.index(NAMES.len())]);
    record.result = [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw][random.index(3)];
    record
}

/// Writes the folder unless it is there already; returns its path.
///
/// # Errors
/// A file cannot be written.
pub fn folder() -> anyhow::Result<PathBuf> {
    let folder = bench_dir().join(FOLDER);
    let done = bench_dir().join(DONE);
    if done.is_file() {
        return Ok(folder);
    }
    println!("writing {GAMES} games into {} (once) ...", folder.display());
    let _ = fs::remove_dir_all(&folder);
    let mut random = Random::new(2024);
    let games: Vec<Record> = (0..GAMES).map(|number| random_game(&mut random, number)).collect();
    let (xqf, rest) = games.split_at(4_000);
    let (pgn, dhtmlxq) = rest.split_at(4_000);
    let write = |path: &Path, bytes: &[u8]| -> anyhow::Result<()> {
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
    };
    for (index, game) in xqf.iter().enumerate() {
        let mut bytes = Vec::new();
        record::write_xqf(game, &mut bytes)?;
        write(&folder.join(format!("xqf/{:02}/game-{index:04}.xqf", index / 500)), &bytes)?;
    }
    let notations = [Notation::Chinese, Notation::Wxf, Notation::Iccs];
    for (index, chunk) in pgn.chunks(100).enumerate() {
        let notation = notations[index % notations.len()];
        let texts: Vec<String> = chunk.iter().map(|game| game.to_pgn(notation)).collect::<Result<_, _>>()?;
        write(&folder.join(format!("pgn/collection-{index:02}.pgn")), texts.join("\n").as_bytes())?;
    }
    for (index, chunk) in dhtmlxq.chunks(10).enumerate() {
        let mut page = b"<html><body>\n".to_vec();
        for game in chunk {
            record::write_dhtmlxq(game, &mut page)?;
        }
        page.extend_from_slice(b"</body></html>\n");
        write(&folder.join(format!("dhtmlxq/page-{index:03}.html")), &page)?;
    }
    write(&done, format!("{GAMES} games in {FOLDER}\n").as_bytes())?;
    Ok(folder)
}

/// Runs the benchmark, `settings.runs` timed runs per command.
///
/// # Errors
/// The build, the folder or a run fails.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let xiangqi = settings.binary("xiangqi")?;
    let folder = folder()?;
    let folder_arg = folder.display().to_string();
    let out = bench_dir().join("records-out");
    let out_arg = out.display().to_string();
    println!(
        "xiangqi game on {GAMES} games (4,000 XQF files, 40 PGN files, 200 DhtmlXQ pages; 60-150 plies), \
         release build, {} runs each",
        settings.runs
    );
    for (label, args) in [
        ("game DIR (the report)", vec!["game", folder_arg.as_str()]),
        ("game --format json DIR", vec!["game", "--format", "json", folder_arg.as_str()]),
        ("game --to pgn DIR", vec!["game", "--to", "pgn", folder_arg.as_str()]),
        (
            "game --to xqf --out OUT DIR",
            vec!["game", "--to", "xqf", "--out", out_arg.as_str(), folder_arg.as_str()],
        ),
    ] {
        let measured = measure(&xiangqi, &args, settings.runs)?;
        let summary = Summary::of(&measured);
        let cpu = measured.iter().map(|run| run.cpu).min().unwrap_or_default();
        println!(
            "{label:<30} best {:>8.1} ms  median {:>8.1} ms  {:>9.0} games/s  cpu {:>8.1} ms  peak RSS {:>6.1} MiB",
            summary.best.as_secs_f64() * 1e3,
            summary.median.as_secs_f64() * 1e3,
            GAMES as f64 / summary.best.as_secs_f64(),
            cpu.as_secs_f64() * 1e3,
            summary.peak_rss as f64 / (1024.0 * 1024.0),
        );
    }
    let _ = fs::remove_dir_all(&out);
    Ok(())
}
