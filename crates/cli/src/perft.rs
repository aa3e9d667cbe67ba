//! Perft on the command line, for both games: a depth limit that says why,
//! progress on a terminal, and a clean stop on Ctrl-C.

use std::fmt::Display;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::bail;
use board_geometry::perft::{Game, perft, perft_until};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Streams;
use crate::json::{DivideJson, Format, PerftJson, write_json};

/// The deepest perft the tools accept. Every game here has dozens of moves a
/// ply, so the counts pass the 64-bit range near depth 12 and no machine
/// finishes a count far short of that; the limit only stops typing mistakes.
pub const MAX_DEPTH: u32 = 64;

/// Raised by the binaries' Ctrl-C handler; long counts stop soon after.
static STOP: AtomicBool = AtomicBool::new(false);

/// Whether progress may be drawn: standard error of the binary is a terminal.
static SHOW_PROGRESS: AtomicBool = AtomicBool::new(false);

/// Sets up the binaries' process: Ctrl-C stops long counts cleanly, and
/// progress is drawn when standard error is a terminal.
pub(crate) fn install(show_progress: bool) {
    SHOW_PROGRESS.store(show_progress, Ordering::Relaxed);
    // If a handler cannot be installed, Ctrl-C simply ends the process as usual.
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
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

/// Counts the leaves of the tree of depth `depth` below `position` and prints
/// the count alone on the last line; with `divide`, each first move (in the
/// moves' order, written by `name`) with its count first. In
/// [`Format::Json`], one object `{"depth", "nodes", "divide"}` instead.
///
/// # Errors
/// A depth over [`MAX_DEPTH`], an interruption, or a failure to write.
pub fn run<G: Game>(
    position: &G,
    depth: u32,
    divide: bool,
    format: Format,
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
    let Some(below) = depth.checked_sub(1) else {
        json.nodes = perft(position, 0);
        match format {
            Format::Text => writeln!(out, "{}", json.nodes)?,
            Format::Json => write_json(out, &json)?,
        }
        return Ok(());
    };
    let mut moves: Vec<G::Move> = position.legal_moves().into_iter().collect();
    moves.sort_unstable();
    let progress = progress_bar(moves.len(), depth);
    let mut total = 0u64;
    for (done, &mv) in moves.iter().enumerate() {
        let mut child = *position;
        child.play_unchecked(mv);
        let Some(leaves) = perft_until(&child, below, &STOP) else {
            progress.abandon();
            return Err(Interrupted { done, total: moves.len() }.into());
        };
        total = total.saturating_add(leaves);
        match (&mut json.divide, format) {
            (Some(_), Format::Text) => writeln!(out, "{}: {leaves}", name(mv)?)?,
            (Some(moves), Format::Json) => moves.push(DivideJson { mv: name(mv)?, nodes: leaves }),
            (None, _) => {}
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    json.nodes = total;
    match format {
        Format::Text => writeln!(out, "{total}")?,
        Format::Json => write_json(out, &json)?,
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
