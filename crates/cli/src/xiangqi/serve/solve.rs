//! `GET /api/solve`: the mate solver on a position, its progress streamed
//! as JSON lines while it searches, the answer last.
//!
//! A search holds a core for as long as it runs, so the server keeps a
//! table of the running ones: at most [`MAX_SOLVES`] at once (a new one
//! stops the oldest, which answers `unknown`, stopped), each within a time
//! limit of at most [`MAX_TIME`], and each stopped as soon as its client
//! goes away (its next progress line cannot be written).

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde::Serialize;
use xiangqi_rules::Position;
use xiangqi_rules::notation::Notation;
use xiangqi_rules::record::Line;
use xiangqi_rules::solve::{self, Limit, MAX_BOUND, Options, OptionsError, Progress, Solution, Verdict};

use super::api::{Params, Reply, game_of, notation_of};
use crate::xiangqi::solve::SolveJson;

/// The most searches running at once: a new one stops the oldest.
pub(super) const MAX_SOLVES: usize = 2;

/// The time limit of a search unless the request asks for less.
const DEFAULT_TIME: Duration = Duration::from_secs(20);

/// The longest time limit a request may ask for.
pub(super) const MAX_TIME: Duration = Duration::from_secs(120);

/// The transposition table of each search: with [`MAX_SOLVES`] of them, a
/// small part of any machine's memory.
const MEMORY: usize = 32 << 20;

/// A search the request asks for, checked before the answer begins.
#[derive(Debug)]
pub(super) struct Request {
    position: Position,
    moves: u32,
    checks_only: bool,
    all_first_moves: bool,
    nodes: Option<u64>,
    time: Duration,
    notation: Notation,
}

/// Reads `GET /api/solve?fen&moves&depth&checks_only&all_first_moves&nodes&time&notation`:
/// the position after `moves` from `fen`, as `/api/position` reads them.
pub(super) fn request(query: &str) -> Result<Request, Reply> {
    let params = Params::parse(query);
    let (game, _) = game_of(&params)?;
    let notation = notation_of(&params)?;
    let number = |name: &str| -> Result<Option<u64>, Reply> {
        params
            .get(name)
            .filter(|text| !text.is_empty())
            .map(|text| {
                text.parse::<u64>()
                    .map_err(|_| Reply::error(400, format!("{name}: '{text}' is not a number")))
            })
            .transpose()
    };
    let default_moves = Options::default().moves;
    let moves = match number("depth")? {
        None => default_moves,
        Some(depth) => {
            u32::try_from(depth).ok().filter(|depth| (1..=MAX_BOUND).contains(depth)).ok_or_else(|| {
                Reply::error(
                    400,
                    format!("depth: {}", OptionsError::Bound(u32::try_from(depth).unwrap_or(u32::MAX))),
                )
            })?
        }
    };
    let time = match params.get("time").filter(|text| !text.is_empty()) {
        None => DEFAULT_TIME,
        Some(text) => text
            .parse::<f64>()
            .ok()
            .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
            .filter(|time| !time.is_zero() && *time <= MAX_TIME)
            .ok_or_else(|| {
                Reply::error(
                    400,
                    format!("time: '{text}': give seconds, more than 0 and at most {}", MAX_TIME.as_secs()),
                )
            })?,
    };
    let flag = |name: &str| matches!(params.get(name), Some("1" | "true"));
    Ok(Request {
        position: *game.position(),
        moves,
        checks_only: flag("checks_only"),
        all_first_moves: flag("all_first_moves"),
        nodes: number("nodes")?,
        time,
        notation,
    })
}

/// The searches running, oldest first, each with the flag that stops it.
#[derive(Debug, Default)]
pub(super) struct Solves {
    running: Mutex<VecDeque<(u64, Arc<AtomicBool>)>>,
    next: AtomicU64,
}

impl Solves {
    /// A place for a new search: the oldest ones are stopped until there is room.
    fn enter(&self) -> Entry<'_> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let stop = Arc::new(AtomicBool::new(false));
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        while running.len() >= MAX_SOLVES {
            if let Some((_, oldest)) = running.pop_front() {
                oldest.store(true, Ordering::Relaxed);
            }
        }
        running.push_back((id, Arc::clone(&stop)));
        Entry { solves: self, id, stop }
    }

    /// How many searches are running.
    #[cfg(test)]
    pub(super) fn running(&self) -> usize {
        self.running.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

/// A running search's place in [`Solves`], given back when dropped.
struct Entry<'a> {
    solves: &'a Solves,
    id: u64,
    stop: Arc<AtomicBool>,
}

impl Drop for Entry<'_> {
    fn drop(&mut self) {
        let mut running = self.solves.running.lock().unwrap_or_else(PoisonError::into_inner);
        running.retain(|(id, _)| *id != self.id);
    }
}

/// A line of the stream while the search runs.
#[derive(Debug, Serialize)]
struct ProgressJson {
    progress: ProgressFields,
}

#[derive(Debug, Serialize)]
struct ProgressFields {
    nodes: u64,
    ms: u64,
    searching: u32,
    no_mate_within: u32,
    nodes_per_second: u64,
}

/// The last line of the stream: `xiangqi solve --format json`'s object and
/// what a page needs besides.
#[derive(Debug, Serialize)]
struct SolutionJson {
    solution: SolutionFields,
}

#[derive(Debug, Serialize)]
struct SolutionFields {
    #[serde(flatten)]
    answer: SolveJson,
    bound: u32,
    no_mate_within: u32,
    /// What stopped an unknown answer: `nodes`, `time` or `stopped`.
    limit: Option<&'static str>,
    notation: &'static str,
    /// The line's moves in the notation asked for.
    written: Vec<String>,
    /// The line numbered as players write it.
    text: String,
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

/// Runs the search `request` asks for, writing its progress and then its
/// answer to `out` as JSON lines, one write each; a write that fails (the
/// client went away) stops the search.
pub(super) fn stream(request: &Request, solves: &Solves, out: &mut dyn Write) -> io::Result<()> {
    let entry = solves.enter();
    let options = Options {
        moves: request.moves,
        checks_only: request.checks_only,
        all_first_moves: request.all_first_moves,
        nodes: request.nodes,
        time: Some(request.time),
        memory: MEMORY,
        stop: Some(&entry.stop),
    };
    let mut failed = None;
    let mut report = |progress: &Progress| {
        if failed.is_some() {
            return;
        }
        let line = ProgressJson {
            progress: ProgressFields {
                nodes: progress.nodes,
                ms: millis(progress.elapsed),
                searching: progress.searching,
                no_mate_within: progress.no_mate_within,
                nodes_per_second: progress.nodes_per_second(),
            },
        };
        if let Err(error) = write_line(out, &line) {
            entry.stop.store(true, Ordering::Relaxed);
            failed = Some(error);
        }
    };
    let solution = solve::solve_with_progress(&request.position, &options, &mut report)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidInput, error))?;
    if let Some(error) = failed {
        return Err(error);
    }
    drop(entry);
    write_line(out, &solution_json(request, &solution))
}

fn solution_json(request: &Request, solution: &Solution) -> SolutionJson {
    let mut line = Line::new(request.position);
    let mut written = Vec::new();
    for mv in solution.line.moves() {
        if line.play(mv).is_err() {
            break;
        }
    }
    if let Ok(texts) = line.texts(request.notation) {
        written = texts;
    }
    SolutionJson {
        solution: SolutionFields {
            answer: SolveJson::new(&request.position, solution),
            bound: solution.bound,
            no_mate_within: solution.no_mate_within,
            limit: match solution.verdict {
                Verdict::Unknown(Limit::Nodes) => Some("nodes"),
                Verdict::Unknown(Limit::Time) => Some("time"),
                Verdict::Unknown(_) => Some("stopped"),
                Verdict::Mate(_) | Verdict::NoMate => None,
            },
            notation: request.notation.name(),
            written,
            text: solution.line.text(request.notation),
        },
    }
}

fn write_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    let mut bytes = serde_json::to_vec(value).map_err(io::Error::other)?;
    bytes.push(b'\n');
    out.write_all(&bytes)?;
    out.flush()
}

/// A writer that sends each write as one HTTP/1.1 chunk, at once.
pub(super) struct Chunked<W: Write>(pub(super) W);

impl<W: Write> Chunked<W> {
    /// Ends the body.
    pub(super) fn finish(mut self) -> io::Result<()> {
        self.0.write_all(b"0\r\n\r\n")?;
        self.0.flush()
    }
}

impl<W: Write> Write for Chunked<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if bytes.is_empty() {
            return Ok(0);
        }
        let mut chunk = format!("{:x}\r\n", bytes.len()).into_bytes();
        chunk.extend_from_slice(bytes);
        chunk.extend_from_slice(b"\r\n");
        self.0.write_all(&chunk)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests;
