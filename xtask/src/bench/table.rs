//! `cargo xtask bench` with no benchmark named: one table of every judge
//! command beside its whole-input C++ baseline on the same file, and the
//! generators' speed.
//!
//! Each judge is timed on its input written plainly, and on the same input
//! laid out as judges' own data often is ([`layout::varied`]: `\r\n`, tabs,
//! runs of spaces, blanks at the ends of lines, blank lines).
//!
//! Our command and the baseline read the same file on standard input, in
//! alternating runs so that a change in the machine's load falls on both;
//! the outputs are compared byte for byte once, outside the timed runs.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use super::layout::{self, Reading};
use super::{
    Run, Settings, Summary, baseline, bench_dir, build_release, duck, kq, measure_once, write_input,
};
use crate::launch::{INEXACT_PEAKS, exact_peaks};

/// One judge command and what it is compared with.
struct JudgeTask {
    /// The command as a user types it, for the table.
    label: &'static str,
    /// Our binary and its arguments (the input comes on standard input).
    binary: &'static str,
    args: &'static [&'static str],
    /// The baseline's name in `xtask/baselines/`.
    baseline: &'static str,
    /// How many items the input holds, and what they are.
    items: u64,
    unit: &'static str,
    /// Where the input is written, and how.
    file: &'static str,
    make: fn(&Path, u64) -> anyhow::Result<()>,
    /// How the statement lets the input be laid out.
    reading: Reading,
}

/// The layouts every judge is timed on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Layout {
    /// As the generators write it: single spaces, `\n`.
    Plain,
    /// As judges' data often is (see [`layout::varied`]).
    Varied,
}

/// The four judge tasks, on inputs of the sizes the baselines were measured on.
const TASKS: [JudgeTask; 4] = [
    JudgeTask {
        label: "xiangqi checkmate",
        binary: "xiangqi",
        args: &["checkmate"],
        baseline: "uva1589_whole_input",
        items: 1_000_000,
        unit: "cases",
        file: "table-checkmate.in",
        make: |path, count| generated(path, &["gen", "checkmate", "--seed", "1", "--count"], count),
        reading: Reading::Tokens,
    },
    JudgeTask {
        label: "kq judge",
        binary: "kq",
        args: &["judge"],
        baseline: "uva255_whole_input",
        items: 20 * 262_144,
        unit: "lines",
        file: "table-kq.in",
        make: |path, count| write_input(path, |out| kq::all_lines(out, (count / 262_144) as usize)),
        reading: Reading::Lines,
    },
    JudgeTask {
        label: "xiangqi horse",
        binary: "xiangqi",
        args: &["horse"],
        baseline: "horse_whole_input",
        items: 200_000,
        unit: "boards",
        file: "table-horse.in",
        make: |path, count| generated(path, &["gen", "horse", "--seed", "1", "--count"], count),
        reading: Reading::Rows,
    },
    JudgeTask {
        label: "duck replay",
        binary: "duck",
        args: &["replay"],
        baseline: "duck_replay_whole_input",
        items: 1_000_000,
        unit: "cmds",
        file: "table-duck.in",
        make: duck::generate_log,
        reading: Reading::Lines,
    },
];

/// Writes `xiangqi ARGS COUNT` (a generator of the workspace's build) to `path`.
fn generated(path: &Path, args: &[&str], count: u64) -> anyhow::Result<()> {
    let xiangqi = build_release("xiangqi")?;
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let status = Command::new(&xiangqi)
        .args(args)
        .arg(count.to_string())
        .stdout(file)
        .status()
        .with_context(|| format!("cannot run {}", xiangqi.display()))?;
    if !status.success() {
        bail!("xiangqi {} {count} failed: {status}", args.join(" "));
    }
    Ok(())
}

/// The whole output of `binary args...` on `input`.
fn output_of(binary: &Path, args: &[&str], input: &Path) -> anyhow::Result<Vec<u8>> {
    let output = Command::new(binary)
        .args(args)
        .stdin(File::open(input).with_context(|| format!("cannot open {}", input.display()))?)
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    if !output.status.success() {
        bail!("{} {} failed on {}: {}", binary.display(), args.join(" "), input.display(), output.status);
    }
    Ok(output.stdout)
}

/// One line of the table.
struct Row {
    task: String,
    layout: &'static str,
    input: String,
    items: u64,
    unit: &'static str,
    ours: Summary,
    baseline: Option<Summary>,
    same_output: Option<bool>,
}

fn seconds(summary: Summary) -> String {
    format!("{:.3} / {:.3}", summary.best.as_secs_f64(), summary.median.as_secs_f64())
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1}", bytes as f64 / (1024.0 * 1024.0))
}

fn print_table(rows: &[Row]) {
    println!(
        "{:<22} {:<7} {:<30} {:>15} {:>17} {:>15} {:>11} {:>12} {:>6}",
        "task",
        "layout",
        "input",
        "ours s best/med",
        "rate (best)",
        "C++ s best/med",
        "ratio b/med",
        "peak MB o/C",
        "output"
    );
    for row in rows {
        let rate = row.items as f64 / row.ours.best.as_secs_f64();
        let (baseline, ratio, peaks, same) = match row.baseline {
            Some(baseline) => (
                seconds(baseline),
                format!(
                    "{:.2} / {:.2}",
                    row.ours.best.as_secs_f64() / baseline.best.as_secs_f64(),
                    row.ours.median.as_secs_f64() / baseline.median.as_secs_f64()
                ),
                format!("{} / {}", megabytes(row.ours.peak_rss), megabytes(baseline.peak_rss)),
                match row.same_output {
                    Some(true) => "same",
                    Some(false) => "DIFFER",
                    None => "-",
                },
            ),
            None => ("-".into(), "-".into(), megabytes(row.ours.peak_rss), "-"),
        };
        println!(
            "{:<22} {:<7} {:<30} {:>15} {:>17} {:>15} {:>11} {:>12} {:>6}",
            row.task,
            row.layout,
            row.input,
            seconds(row.ours),
            format!("{:.2} M {}/s", rate / 1e6, row.unit),
            baseline,
            ratio,
            peaks,
            same
        );
    }
}

/// The size of a file in MB, for the input column.
fn file_size(path: &Path) -> String {
    std::fs::metadata(path).map_or_else(|_| "?".into(), |meta| format!("{:.1} MB", meta.len() as f64 / 1e6))
}

/// Times one judge task beside its baseline on its input in `layout`,
/// alternating runs.
fn judge_row(
    task: &JudgeTask,
    layout: Layout,
    settings: &Settings,
    compiler: Option<&str>,
) -> anyhow::Result<Row> {
    let plain: PathBuf = bench_dir().join(task.file);
    std::fs::create_dir_all(bench_dir())?;
    let input = match layout {
        Layout::Plain => {
            (task.make)(&plain, task.items)?;
            plain
        }
        // Made from the plain input of the row before.
        Layout::Varied => {
            let varied = plain.with_extension("varied.in");
            let text = std::fs::read(&plain).with_context(|| format!("cannot read {}", plain.display()))?;
            std::fs::write(&varied, layout::varied(&text, task.reading, 21))
                .with_context(|| format!("cannot write {}", varied.display()))?;
            varied
        }
    };
    let ours = settings.binary(task.binary)?;
    let theirs = compiler.map(|compiler| baseline::build(compiler, task.baseline)).transpose()?;
    let same_output = match &theirs {
        Some(theirs) => Some(output_of(&ours, task.args, &input)? == output_of(theirs, &[], &input)?),
        None => None,
    };
    let (mut our_runs, mut their_runs): (Vec<Run>, Vec<Run>) = (Vec::new(), Vec::new());
    for _ in 0..settings.runs {
        our_runs.push(measure_once(&ours, task.args, Some(&input))?);
        if let Some(theirs) = &theirs {
            their_runs.push(measure_once(theirs, &[], Some(&input))?);
        }
    }
    Ok(Row {
        task: task.label.into(),
        layout: if layout == Layout::Plain { "plain" } else { "varied" },
        input: format!("{} {} ({})", thousands(task.items), task.unit, file_size(&input)),
        items: task.items,
        unit: task.unit,
        ours: Summary::of(&our_runs),
        baseline: theirs.map(|_| Summary::of(&their_runs)),
        same_output,
    })
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The generators: `gen` writing to nothing, no baseline.
fn generator_row(
    settings: &Settings,
    label: &str,
    binary: &str,
    args: &[&str],
    items: u64,
) -> anyhow::Result<Row> {
    let binary = settings.binary(binary)?;
    let count = items.to_string();
    let args: Vec<&str> = args.iter().copied().chain(["--count", &count]).collect();
    let runs =
        (0..settings.runs).map(|_| measure_once(&binary, &args, None)).collect::<anyhow::Result<Vec<_>>>()?;
    Ok(Row {
        task: label.into(),
        layout: "plain",
        input: format!("{} cases written", thousands(items)),
        items,
        unit: "cases",
        ours: Summary::of(&runs),
        baseline: None,
        same_output: None,
    })
}

/// Runs every benchmark of the table and prints it.
///
/// # Errors
/// A build, an input or a run fails, or an output differs from its baseline's.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    let compiler = baseline::compiler();
    let mut rows = Vec::new();
    for task in &TASKS {
        for layout in [Layout::Plain, Layout::Varied] {
            eprintln!("bench: {} ({layout:?}) ...", task.label);
            rows.push(judge_row(task, layout, settings, compiler)?);
        }
    }
    rows.push(generator_row(
        settings,
        "xiangqi gen checkmate",
        "xiangqi",
        &["gen", "checkmate", "--seed", "1"],
        1_000_000,
    )?);
    println!(
        "release builds, {} alternating runs each, input on standard input, output to /dev/null; \
         times in seconds (best / median), ratio = ours / C++ (best / median)",
        settings.runs
    );
    print_table(&rows);
    match compiler {
        Some(compiler) => println!("C++ baselines: xtask/baselines/*.cpp, built with {compiler} -O2"),
        None => println!("{}", baseline::NO_COMPILER),
    }
    if !exact_peaks() {
        println!("{INEXACT_PEAKS}");
    }
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        println!(
            "load average at the end: {}",
            load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
        );
    }
    if rows.iter().any(|row| row.same_output == Some(false)) {
        bail!("an output differs from its baseline's");
    }
    Ok(())
}
