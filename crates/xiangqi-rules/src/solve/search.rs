//! The AND/OR search: can the attacker force mate within a number of moves?

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::table::Table;
use super::{Limit, Options, Progress};
use crate::{MoveList, Position};

/// Why a search stopped before its answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Stopped(pub(super) Limit);

/// How often (in nodes) the clock, the stop flag and the progress callback
/// are looked at: often enough to stop within a millisecond, rarely enough
/// to cost nothing.
const CHECK_EVERY: u64 = 4096;

/// One search's state: the table, the counters and the limits.
pub(super) struct Search<'a, 'p> {
    pub(super) table: Table,
    pub(super) nodes: u64,
    checks_only: bool,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    pub(super) started: Instant,
    /// The bound being searched and the bound proved, for progress reports.
    pub(super) searching: u32,
    pub(super) proved: u32,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    progress_every: Duration,
    last_progress: Instant,
}

impl<'a, 'p> Search<'a, 'p> {
    pub(super) fn new(
        options: &Options<'a>,
        progress: Option<&'p mut dyn FnMut(&Progress)>,
    ) -> Search<'a, 'p> {
        let started = Instant::now();
        Search {
            table: Table::with_memory(options.memory),
            nodes: 0,
            checks_only: options.checks_only,
            node_limit: options.nodes,
            deadline: options.time.and_then(|time| started.checked_add(time)),
            stop: options.stop,
            started,
            searching: 0,
            proved: 0,
            progress,
            progress_every: Duration::from_millis(250),
            last_progress: started,
        }
    }

    /// Lifts the node, time and stop limits, for the main line after a proof.
    pub(super) fn lift_limits(&mut self) {
        self.node_limit = None;
        self.deadline = None;
        self.stop = None;
    }

    /// Reports progress now.
    pub(super) fn report(&mut self) {
        let progress = Progress {
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
            searching: self.searching,
            no_mate_within: self.proved,
        };
        if let Some(callback) = self.progress.as_mut() {
            callback(&progress);
        }
    }

    /// Counts a node and stops the search at a limit.
    #[inline]
    fn visit(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            return Err(Stopped(Limit::Nodes));
        }
        if self.nodes % CHECK_EVERY == 0 {
            if self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                return Err(Stopped(Limit::Stopped));
            }
            let now = Instant::now();
            if self.deadline.is_some_and(|deadline| now >= deadline) {
                return Err(Stopped(Limit::Time));
            }
            if self.progress.is_some() && now.duration_since(self.last_progress) >= self.progress_every {
                self.last_progress = now;
                self.report();
            }
        }
        Ok(())
    }

    /// The attacker's moves, checks first, then captures, then the rest
    /// (with checks only, the checks alone).
    fn attacking_moves(&self, position: &mut Position) -> MoveList {
        let moves = position.legal_moves();
        let mut ordered = MoveList::new();
        let mut captures = MoveList::new();
        let mut quiet = MoveList::new();
        for mv in moves {
            let capture = position.board().piece_at(mv.to).is_some();
            let undo = position.play_unchecked(mv);
            let check = position.is_check();
            position.unplay(undo);
            if check {
                ordered.push(mv);
            } else if self.checks_only {
            } else if capture {
                captures.push(mv);
            } else {
                quiet.push(mv);
            }
        }
        for mv in captures.into_iter().chain(quiet) {
            ordered.push(mv);
        }
        ordered
    }

    /// The attacker's moves as the search may play them, in ICCS order.
    pub(super) fn allowed_moves(&self, position: &mut Position) -> MoveList {
        let mut moves = self.attacking_moves(position);
        moves.sort_unstable();
        moves
    }

    /// Whether the attacker, to move, mates within `depth` (>= 1) moves.
    pub(super) fn attack(&mut self, position: &mut Position, depth: u8) -> Result<bool, Stopped> {
        let key = position.board().hash_key(position.turn()).get();
        if let Some(known) = self.table.probe(key, depth) {
            return Ok(known);
        }
        if depth == 1 {
            let mated = self.mate_in_one(position)?;
            self.table.store(key, depth, mated);
            return Ok(mated);
        }
        let mut mated = false;
        for mv in self.attacking_moves(position) {
            self.visit()?;
            let undo = position.play_unchecked(mv);
            let found = self.defend(position, depth - 1);
            position.unplay(undo);
            if found? {
                mated = true;
                break;
            }
        }
        self.table.store(key, depth, mated);
        Ok(mated)
    }

    /// Whether the attacker, to move, has a move that leaves the defender
    /// none: the leaves of the search, where most of the time goes, so
    /// each move is played once, with no ordering.
    fn mate_in_one(&mut self, position: &mut Position) -> Result<bool, Stopped> {
        for mv in position.legal_moves() {
            self.visit()?;
            let undo = position.play_unchecked(mv);
            let mated = (!self.checks_only || position.is_check()) && !position.has_legal_move();
            position.unplay(undo);
            if mated {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the defender, to move, is mated within `depth` more moves of
    /// the attacker: it has no legal move now (checkmate or stalemate, both
    /// lost), or every move it has leads to a mate within `depth`.
    pub(super) fn defend(&mut self, position: &mut Position, depth: u8) -> Result<bool, Stopped> {
        if depth == 0 {
            return Ok(!position.has_legal_move());
        }
        let key = position.board().hash_key(position.turn()).get();
        if let Some(known) = self.table.probe(key, depth) {
            return Ok(known);
        }
        let defences = position.legal_moves();
        let mut mated = true;
        for mv in defences {
            self.visit()?;
            let undo = position.play_unchecked(mv);
            let found = self.attack(position, depth);
            position.unplay(undo);
            if !found? {
                mated = false;
                break;
            }
        }
        self.table.store(key, depth, mated);
        Ok(mated)
    }
}
