//! Perft on the command line, for both games: a depth limit that says why,
//! the count shared among threads or every leaf played, progress on a
//! terminal, and a clean stop on Ctrl-C.

use std::fmt::Display;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use anyhow::bail;
use board_geometry::Game;
use board_geometry::perft::{Leaves, Perft, perft};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Streams;
use crate::json::{DivideJson, Format, PerftJson, write_json};

/// The deepest perft the tools accept. Every game here has dozens of moves a
/// ply, so the counts pass the 64-bit range near depth 12 and no machine
/// finishes a count far short of that; the limit only stops typing mistakes.
pub const MAX_DEPTH: u32 = 64;

/// Raised by the binaries' Ctrl-C handler; long counts stop soon after.
static STOP: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C has been pressed (the binaries' handler raised the flag):
/// `stress` checks it while the program under test runs.
pub(crate) fn stop_requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// The flag the binaries' Ctrl-C handler raises, for a search that takes a stop flag.
pub(crate) fn stop_flag() -> &'static AtomicBool {
    &STOP
}

/// Whether progress may be drawn: standard error of the binary is a terminal.
static SHOW_PROGRESS: AtomicBool = AtomicBool::new(false);

/// Whether progress may be drawn on standard error: it is the binary's, and a terminal.
pub(crate) fn progress_allowed() -> bool {
    SHOW_PROGRESS.load(Ordering::Relaxed)
}

/// Sets up the binaries' process: Ctrl-C stops long counts and stress runs
/// cleanly, and progress is drawn when standard error is a terminal.
pub(crate) fn install(show_progress: bool) {
    SHOW_PROGRESS.store(show_progress, Ordering::Relaxed);
    // If a handler cannot be installed, Ctrl-C simply ends the process as usual.
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
}

/// How both tools count: `--threads` and `--every-leaf`.
#[derive(Clone, Debug, Args)]
pub(crate) struct CountArgs {
    /// Count on N threads (default: one per core). The work is shared below
    /// the first moves, so the counts and the --divide output are the same
    /// for any N; 1 counts on the main thread alone.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    threads: Option<u16>,
    /// Play and take back every leaf instead of counting the last ply's moves
    /// without playing them: the same count, at the speed a search built on
    /// the engine would walk the tree (the usual count, which plays no leaf,
    /// is faster).
    #[arg(long)]
    every_leaf: bool,
}

/// The most threads `--threads` takes: far more than any machine's cores,
/// few enough that each can be started.
const MAX_THREADS: i64 = 1024;

impl CountArgs {
    /// The count these arguments ask for, stopped by Ctrl-C.
    fn perft(&self) -> Perft<'static> {
        let threads = match self.threads.and_then(|threads| NonZeroUsize::new(usize::from(threads))) {
            Some(threads) => threads,
            None => thread::available_parallelism().unwrap_or(NonZeroUsize::MIN),
        };
        let leaves = if self.every_leaf { Leaves::Played } else { Leaves::Counted };
        Perft::new().threads(threads).leaves(leaves).until(&STOP)
    }
}

/// A count stopped by Ctrl-C: the binaries exit with code 130, as shells
/// expect of a program ended by an interrupt.
#[derive(Debug)]
pub struct Interrupted {
    done: usize,
    total: usize,
}

impl Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "interrupted after {} of {} first moves", self.done, self.total)
    }
}

impl std::error::Error for Interrupted {}

/// Counts the leaves of the tree of depth `depth` below `position`, as
/// `count` says, and prints the count alone on the last line; with `divide`,
/// each first move (in the moves' order, written by `name`) with its count
/// first, each line as soon as the counts before it are done. In
/// [`Format::Json`], one object `{"depth", "nodes", "divide"}` instead.
///
/// # Errors
/// A depth over [`MAX_DEPTH`], an interruption, or a failure to write.
pub(crate) fn run<G: Game + Sync>(
    position: &G,
    depth: u32,
    divide: bool,
    format: Format,
    count: &CountArgs,
    mut name: impl FnMut(G::Move) -> anyhow::Result<String>,
    streams: &mut Streams<'_>,
) -> anyhow::Result<()> {
    if depth > MAX_DEPTH {
        bail!(
            "depth {depth} is more than perft can count: the counts outgrow 64 bits near depth 12, \
             and no machine finishes far short of that; the most this tool accepts is {MAX_DEPTH}"
        );
    }
    let out = &mut *streams.stdout;
    let mut json = PerftJson { depth, nodes: 0, divide: divide.then(Vec::new) };
    if depth == 0 {
        json.nodes = perft(position, 0);
        match format {
            Format::Text => writeln!(out, "{}", json.nodes)?,
            Format::Json => write_json(out, &json)?,
        }
        return Ok(());
    }
    let progress = progress_bar(position.count_legal_moves(), depth);
    // Counts arrive as their first moves finish (out of order on several
    // threads); lines are written in the moves' order, each as soon as it can be.
    let mut finished: Vec<Option<(G::Move, u64)>> = Vec::new();
    let mut written = 0;
    let mut failure: Option<anyhow::Error> = None;
    let counted = count.perft().divide(position, depth, |index, mv, leaves| {
        progress.inc(1);
        if finished.len() <= index {
            finished.resize(index + 1, None);
        }
        finished[index] = Some((mv, leaves));
        if !divide || format != Format::Text {
            return ControlFlow::Continue(());
        }
        while let Some(&Some((mv, leaves))) = finished.get(written) {
            if let Err(error) = name(mv).and_then(|mv| Ok(writeln!(out, "{mv}: {leaves}")?)) {
                // Nothing more can be shown: stop counting too.
                failure = Some(error);
                return ControlFlow::Break(());
            }
            written += 1;
        }
        ControlFlow::Continue(())
    });
    if let Some(error) = failure {
        progress.abandon();
        return Err(error);
    }
    let divided = match counted {
        Ok(divided) => divided,
        Err(stopped) => {
            progress.abandon();
            return Err(Interrupted { done: stopped.finished(), total: stopped.first_moves() }.into());
        }
    };
    progress.finish_and_clear();
    json.nodes = divided.iter().fold(0u64, |total, &(_, leaves)| total.saturating_add(leaves));
    match format {
        Format::Text => writeln!(out, "{}", json.nodes)?,
        Format::Json => {
            if let Some(moves) = &mut json.divide {
                for &(mv, nodes) in &divided {
                    moves.push(DivideJson { mv: name(mv)?, nodes });
                }
            }
            write_json(out, &json)?;
        }
    }
    Ok(())
}

/// A bar over the first moves, drawn on standard error only when it is a
/// terminal and the count may take a while.
fn progress_bar(moves: usize, depth: u32) -> ProgressBar {
    if !SHOW_PROGRESS.load(Ordering::Relaxed) || depth < 5 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(moves as u64), ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template("perft {msg}: {bar:30} {pos}/{len} first moves, {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(format!("depth {depth}"));
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}
