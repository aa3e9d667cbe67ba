//! `xiangqi game` on a folder of 10,000 game records of mixed formats, as a
//! player's folder of downloads holds them: the report, JSON Lines, and the
//! conversion to PGN. The issue asks for 50,000 games a second.
//!
//! The folder is written once, from seeded random games of 60 to 150 plies
//! under the workspace's own writers, and kept under `target/bench/`:
//! - 4,000 games as XQF, one file each (in folders of 500);
//! - 4,000 games as PGN-style text, 100 a file, the moves in Chinese, WXF or ICCS;
//! - 2,000 games as DhtmlXQ, 10 a web page.
//!
//! Then the largest records players open one at a time, kept beside it: a CBL
//! library of 2,048 games (the most slots CChessBoard's libraries are seen
//! with), the same games in CChessBoard's older, compressed layout, and an
//! XQF opening book of one tree of about 6,000 moves, many of them in
//! variations. Each is timed opened alone; the issue asks for under 0.1 s.

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

/// How many games the large library holds.
const LIBRARY_GAMES: usize = 2_048;

/// How many moves the large opening book's tree holds, about.
const BOOK_MOVES: usize = 6_000;

/// The large records' folder under `target/bench/`, and the file written
/// last in it, saying it is complete.
const LARGE: &str = "records-large-v2";
const LARGE_DONE: &str = "complete";

/// A tree of about `moves` moves from the start position: a main line of 150
/// plies, and at random places variations of 4 to 40 plies, some nested.
fn random_book(random: &mut Random, moves: usize) -> Record {
    fn line(
        random: &mut Random,
        mut position: Position,
        plies: usize,
        budget: &mut usize,
        depth: usize,
    ) -> Vec<Node> {
        let mut nodes = Vec::new();
        for _ in 0..plies {
            let legal: Vec<_> = position.legal_moves().iter().copied().collect();
            let Some(&mv) = random.pick(&legal) else { break };
            let mut node = Node::new(mv);
            *budget = budget.saturating_sub(1);
            while *budget > 0 && depth < 6 && random.chance(0.3) {
                let others: Vec<_> = legal.iter().copied().filter(|&other| other != mv).collect();
                let Some(&other) = random.pick(&others) else { break };
                let mut after = position;
                let _ = after.play(other);
                *budget = budget.saturating_sub(1);
                let mut variation = vec![Node::new(other)];
                let length = 4 + random.index(37);
                variation.extend(line(random, after, length, budget, depth + 1));
                node.variations.push(variation);
            }
            let _ = position.play(mv);
            nodes.push(node);
        }
        nodes
    }
    let mut record = Record::new(Position::start());
    record.set_tag("Title", "中炮对屏风马 开局库");
    let mut budget = moves;
    record.moves = line(random, Position::start(), 150, &mut budget, 0);
    record
}

/// The large records: the library in both layouts, and the opening book.
pub struct LargeRecords {
    /// The library of 2,048 games, as CChessBoard 3 lays it out.
    pub library: PathBuf,
    /// The same games in CChessBoard 2.1's compressed layout.
    pub compressed_library: PathBuf,
    /// The opening book, one tree of about 6,000 moves.
    pub book: PathBuf,
}

/// Writes the large libraries and opening book unless they are there
/// already; returns their paths.
///
/// # Errors
/// A file cannot be written.
pub fn large_records() -> anyhow::Result<LargeRecords> {
    let folder = bench_dir().join(LARGE);
    let records = LargeRecords {
        library: folder.join("library.cbl"),
        compressed_library: folder.join("library-compressed.cbl"),
        book: folder.join("book.xqf"),
    };
    let LargeRecords { library, compressed_library, book } = &records;
    if folder.join(LARGE_DONE).is_file() {
        return Ok(records);
    }
    println!("writing a library of {LIBRARY_GAMES} games and a book of about {BOOK_MOVES} moves (once) ...");
    fs::create_dir_all(&folder)?;
    let mut random = Random::new(2025);
    let games: Vec<Record> = (0..LIBRARY_GAMES).map(|number| random_game(&mut random, number)).collect();
    let mut bytes = Vec::new();
    record::write_cbl(&games, "全国象棋个人赛 2048 局", &mut bytes)?;
    fs::write(library, &bytes).with_context(|| format!("cannot write {}", library.display()))?;
    let mut bytes = Vec::new();
    record::write_compressed_cbl(&games, "全国象棋个人赛 2048 局", &mut bytes)?;
    fs::write(compressed_library, &bytes)
        .with_context(|| format!("cannot write {}", compressed_library.display()))?;
    let mut bytes = Vec::new();
    record::write_xqf(&random_book(&mut random, BOOK_MOVES), &mut bytes)?;
    fs::write(book, &bytes).with_context(|| format!("cannot write {}", book.display()))?;
    fs::write(folder.join(LARGE_DONE), b"")?;
    Ok(records)
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
        print_row(label, &measured, GAMES);
    }
    let _ = fs::remove_dir_all(&out);
    let LargeRecords { library, compressed_library, book } = large_records()?;
    let (library_arg, book_arg) = (library.display().to_string(), book.display().to_string());
    let compressed_arg = compressed_library.display().to_string();
    println!(
        "the largest records, each opened alone: a CBL library of {LIBRARY_GAMES} games ({} KiB; {} KiB in \
         the older, compressed layout) and an XQF book of one tree ({} KiB)",
        fs::metadata(&library)?.len() / 1024,
        fs::metadata(&compressed_library)?.len() / 1024,
        fs::metadata(&book)?.len() / 1024,
    );
    for (label, args, games) in [
        ("game LIBRARY.cbl", vec!["game", library_arg.as_str()], LIBRARY_GAMES),
        (
            "game --format json LIBRARY.cbl",
            vec!["game", "--format", "json", library_arg.as_str()],
            LIBRARY_GAMES,
        ),
        ("game COMPRESSED.cbl", vec!["game", compressed_arg.as_str()], LIBRARY_GAMES),
        ("game BOOK.xqf", vec!["game", book_arg.as_str()], 1),
        ("game --to pgn BOOK.xqf", vec!["game", "--to", "pgn", book_arg.as_str()], 1),
    ] {
        print_row(label, &measure(&xiangqi, &args, settings.runs)?, games);
    }
    Ok(())
}

/// One line of figures: wall time (best and median), games a second by the
/// best wall time and by processor time (the steadier figure on a loaded
/// machine), processor time, peak memory.
fn print_row(label: &str, measured: &[super::Run], games: usize) {
    let summary = Summary::of(measured);
    let cpu = measured.iter().map(|run| run.cpu).min().unwrap_or_default();
    println!(
        "{label:<32} best {:>8.1} ms  median {:>8.1} ms  {:>9.0} games/s  cpu {:>8.1} ms  {:>9.0} games/s by cpu  \
         peak RSS {:>6.1} MiB",
        summary.best.as_secs_f64() * 1e3,
        summary.median.as_secs_f64() * 1e3,
        games as f64 / summary.best.as_secs_f64(),
        cpu.as_secs_f64() * 1e3,
        games as f64 / cpu.as_secs_f64().max(1e-9),
        summary.peak_rss as f64 / (1024.0 * 1024.0),
    );
}
