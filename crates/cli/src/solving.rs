//! What `xiangqi solve` and `duck solve` share: the options checked into the
//! solver's, the progress line on a terminal, how a verdict reads.

use std::fmt::Display;
use std::io::IsTerminal;
use std::time::Duration;

use anyhow::{anyhow, bail};
use board_geometry::solve::{FirstMove, MAX_BOUND, Options, OptionsError, Progress, Verdict};
use serde::Serialize;

/// The solver's options from the command line's, with the bound and the
/// time checked, and the Ctrl-C flag as the stop flag.
pub(crate) fn options(
    moves: u32,
    checks_only: bool,
    all_first_moves: bool,
    nodes: Option<u64>,
    time: Option<f64>,
    memory_mib: u32,
) -> anyhow::Result<Options<'static>> {
    if !(1..=MAX_BOUND).contains(&moves) {
        bail!("--moves {moves}: the bound must be from 1 to {MAX_BOUND} moves");
    }
    let time = match time {
        None => None,
        Some(seconds) => Some(
            Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|time| !time.is_zero())
                .ok_or_else(|| anyhow!("--time {seconds}: give a positive number of seconds"))?,
        ),
    };
    Ok(Options {
        moves,
        checks_only,
        all_first_moves,
        nodes,
        time,
        memory: usize::try_from(memory_mib).unwrap_or(usize::MAX).saturating_mul(1 << 20),
        stop: Some(crate::perft::stop_flag()),
    })
}

/// Runs `solve` with a progress line on a terminal (after half a second),
/// cleared at the end.
pub(crate) fn with_progress<S>(
    solve: impl FnOnce(&mut dyn FnMut(&Progress)) -> Result<S, OptionsError>,
) -> anyhow::Result<S> {
    let terminal = crate::perft::progress_allowed() && std::io::stderr().is_terminal();
    let mut drawn = false;
    let mut progress = |progress: &Progress| {
        if terminal && progress.elapsed >= Duration::from_millis(500) {
            drawn = true;
            eprint!(
                "\r\x1b[2K{} nodes, {} nodes/s, searching {} moves, no mate within {}",
                progress.nodes,
                progress.nodes_per_second(),
                progress.searching,
                progress.no_mate_within
            );
        }
    };
    let solution = solve(&mut progress)?;
    if drawn {
        eprint!("\r\x1b[2K");
    }
    Ok(solution)
}

/// An answer's line: `mate in N: LINE`, `no mate within N`, or what was
/// proved before a limit.
pub(crate) fn verdict_line(
    verdict: Verdict,
    bound: u32,
    no_mate_within: u32,
    line: impl FnOnce() -> String,
) -> String {
    match verdict {
        Verdict::Mate(moves) => format!("mate in {moves}: {}", line()),
        Verdict::NoMate => format!("no mate within {bound}"),
        Verdict::Unknown(limit) => match no_mate_within {
            0 => format!("unknown: {limit} reached, nothing proved yet"),
            proved => format!("unknown: {limit} reached, no mate within {proved} proved"),
        },
    }
}

/// What `xiangqi solve --format json` and `duck solve --format json` say of
/// a solution after the position (which each game names in its own way).
#[derive(Debug, Serialize)]
pub(crate) struct SolutionJson {
    result: &'static str,
    moves: Option<u32>,
    line: Vec<String>,
    first_moves: Option<Vec<FirstMoveJson>>,
    nodes: u64,
    ms: u64,
}

impl SolutionJson {
    /// The fields of a solution: its verdict, its line's moves, the first
    /// moves that mate (when asked for), the nodes and the time.
    pub(crate) fn new<M: Display>(
        verdict: Verdict,
        line: impl Iterator<Item = M>,
        first_moves: Option<&[FirstMove<M>]>,
        nodes: u64,
        elapsed: Duration,
    ) -> SolutionJson {
        SolutionJson {
            result: verdict.name(),
            moves: match verdict {
                Verdict::Mate(moves) => Some(moves),
                _ => None,
            },
            line: line.map(|mv| mv.to_string()).collect(),
            first_moves: first_moves.map(|firsts| {
                firsts
                    .iter()
                    .map(|first| FirstMoveJson { mv: first.mv.to_string(), moves: first.moves })
                    .collect()
            }),
            nodes,
            ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
        }
    }
}

/// A first move that mates, in the JSON answers.
#[derive(Debug, Serialize)]
struct FirstMoveJson {
    #[serde(rename = "move")]
    mv: String,
    moves: u32,
}
