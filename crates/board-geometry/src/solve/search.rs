//! The AND/OR search: can the attacker force mate within a number of moves?
//! Depth-first proof-number search over (position, moves left).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::table::{Known, Table};
use super::{Limit, Options, Progress};
use crate::{Game, GameOutcome};

/// Why a search stopped before its answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Stopped(pub(super) Limit);

/// How often (in nodes) the clock, the stop flag and the progress callback
/// are looked at: often enough to stop within a millisecond, rarely enough
/// to cost nothing.
const CHECK_EVERY: u64 = 4096;

/// An infinite proof or disproof number: the node is disproved (proof
/// number) or proved (disproof number). Sums stop one below it.
const INFINITE: u32 = u32::MAX;

/// Nodes of the attacker with at most this many moves left are searched
/// depth first, below the proof-number search, when the bound is above
/// [`SHORT_BOUND`]; up to it, one move fewer: see the module docs for the
/// figures that chose these. This crate's own tests search with proof
/// numbers down to the leaves (the game crates' tests cover the depth-first
/// part).
const DEPTH_FIRST_BELOW: u8 = if cfg!(test) { 1 } else { 3 };

/// The bounds up to which the proof-number search goes one move deeper.
const SHORT_BOUND: u32 = 4;

/// A move of a node being expanded, with its child's numbers.
#[derive(Copy, Clone, Debug)]
struct Child<M> {
    mv: M,
    proof: u32,
    disproof: u32,
}

/// One search's state: the table, the counters and the limits.
pub(super) struct Search<'a, 'p, G: Game> {
    pub(super) table: Table,
    pub(super) nodes: u64,
    attacker: G::Color,
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
    /// The children of the nodes on the current path, each node's after its parent's.
    children: Vec<Child<G::Move>>,
    /// The attacker's moves with the defender's number of replies after
    /// each, for ordering them (kept to be reused).
    replies: Vec<(usize, G::Move)>,
    /// For each number of moves left, the attacking move that last mated
    /// there: tried first by the depth-first search, since the move that
    /// mates against one defence mostly mates against its siblings too.
    killers: Vec<Option<G::Move>>,
    /// The words read by [`Table::touch`], kept so that the reads are made.
    touched: u64,
}

impl<'a, 'p, G: Game> Search<'a, 'p, G> {
    pub(super) fn new(
        attacker: G::Color,
        options: &Options<'a>,
        progress: Option<&'p mut dyn FnMut(&Progress)>,
    ) -> Search<'a, 'p, G> {
        let started = Instant::now();
        Search {
            table: Table::with_memory(options.memory),
            nodes: 0,
            attacker,
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
            children: Vec::new(),
            replies: Vec::new(),
            // One for every number of moves left a node can have (a `u8`).
            killers: vec![None; usize::from(u8::MAX) + 1],
            touched: 0,
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

    /// The attacker's nodes with at most this many moves left are searched
    /// depth first: [`DEPTH_FIRST_BELOW`], one fewer for short bounds.
    fn depth_first_below(&self) -> u8 {
        if self.searching <= SHORT_BOUND {
            DEPTH_FIRST_BELOW.saturating_sub(1).max(1)
        } else {
            DEPTH_FIRST_BELOW
        }
    }

    /// What is known of `position`, the defender to move with `depth` moves
    /// of the attacker left, without searching (from the table, or the game
    /// over): `Some(true)` if it is mated within them, `Some(false)` if it is
    /// not, `None` if that is not known.
    pub(super) fn known_mated(&self, position: &G, depth: u8) -> Option<bool> {
        if depth == 0 {
            return Some(self.lost(position));
        }
        match self.table.probe(position.zobrist_hash().get(), depth) {
            Known::Mated => Some(true),
            Known::NotMated => Some(false),
            Known::Numbers(..) | Known::Nothing => None,
        }
    }

    /// Whether the side to move, the defender, has lost: the game is over
    /// and the attacker won it.
    #[inline]
    fn lost(&self, position: &G) -> bool {
        position.outcome().and_then(GameOutcome::winner) == Some(self.attacker)
    }

    /// The attacker's moves as the search may play them (with checks only,
    /// the checks alone), in the moves' order.
    pub(super) fn allowed_moves(&self, position: &mut G) -> Vec<G::Move> {
        let mut moves: Vec<G::Move> = position
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                if !self.checks_only {
                    return true;
                }
                let undo = position.play_unchecked(mv);
                let check = position.is_check();
                position.unplay(undo);
                check
            })
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Whether the attacker, to move, mates within `depth` (>= 1) moves:
    /// from the table, or searched to the end.
    pub(super) fn attack(&mut self, position: &mut G, depth: u8) -> Result<bool, Stopped> {
        self.resolve(position, depth, true)
    }

    /// Whether the defender, to move, is mated within `depth` more moves of
    /// the attacker (lost now, or every move it has leads to such a mate).
    pub(super) fn defend(&mut self, position: &mut G, depth: u8) -> Result<bool, Stopped> {
        if depth == 0 {
            return Ok(self.lost(position));
        }
        self.resolve(position, depth, false)
    }

    /// Searches the node until it is proved or disproved.
    fn resolve(&mut self, position: &mut G, depth: u8, attacking: bool) -> Result<bool, Stopped> {
        let (mut proof, mut disproof) = if attacking {
            self.attacker_numbers(position, depth)
        } else {
            self.defender_numbers(position, depth)
        };
        while proof != 0 && disproof != 0 {
            let base = self.children.len();
            let searched = self.expand(position, depth, attacking, INFINITE, INFINITE);
            self.children.truncate(base);
            (proof, disproof) = searched?;
        }
        Ok(proof == 0)
    }

    /// The numbers of a node with the attacker to move and `depth` moves
    /// left, before it is expanded: what the table says, or 1 as the proof
    /// number and the attacker's number of moves as the disproof number
    /// (each must be refuted).
    #[inline]
    fn attacker_numbers(&self, position: &G, depth: u8) -> (u32, u32) {
        match self.table.probe(position.zobrist_hash().get(), depth) {
            Known::Mated => (0, INFINITE),
            Known::NotMated => (INFINITE, 0),
            Known::Numbers(proof, disproof) => (proof, disproof),
            Known::Nothing => (1, u32::try_from(position.count_legal_moves()).unwrap_or(INFINITE - 1).max(1)),
        }
    }

    /// The numbers of a node with the defender to move and `depth` (>= 1)
    /// moves of the attacker left, before it is expanded: what the table
    /// says; lost now; or the defender's number of moves as the proof
    /// number (each must be answered), 1 as the disproof number.
    #[inline]
    fn defender_numbers(&self, position: &G, depth: u8) -> (u32, u32) {
        match self.table.probe(position.zobrist_hash().get(), depth) {
            Known::Mated => (0, INFINITE),
            Known::NotMated => (INFINITE, 0),
            Known::Numbers(proof, disproof) => (proof, disproof),
            Known::Nothing => match position.count_legal_moves() {
                // No move: lost, or (in a game where that does not lose) not mated.
                0 if self.lost(position) => (0, INFINITE),
                0 => (INFINITE, 0),
                moves => (u32::try_from(moves).unwrap_or(INFINITE - 1), 1),
            },
        }
    }

    /// Whether the attacker, to move, mates within `depth` (>= 1) moves, by
    /// a depth-first search (the small subtrees near the leaves, where
    /// proof numbers cost more than they save).
    fn depth_first_attack(&mut self, position: &mut G, depth: u8) -> Result<bool, Stopped> {
        let key = position.zobrist_hash().get();
        match self.table.probe(key, depth) {
            Known::Mated => return Ok(true),
            Known::NotMated => return Ok(false),
            _ => {}
        }
        let mated = if depth == 1 {
            self.mate_in_one(position)?
        } else {
            let mut mated = false;
            let (mut moves, allowed) = self.attacking_moves(position, depth > 2)?;
            let slot = usize::from(depth);
            if let Some(killer) = self.killers[slot]
                && let Some(index) = moves[..allowed].iter().position(|&mv| mv == killer)
            {
                moves[..=index].rotate_right(1);
            }
            for &mv in &moves[..allowed] {
                self.visit()?;
                let undo = position.play_unchecked(mv);
                let found = self.depth_first_defend(position, depth - 1);
                position.unplay(undo);
                if found? {
                    mated = true;
                    self.killers[slot] = Some(mv);
                    break;
                }
            }
            mated
        };
        self.store(key, depth, mated);
        Ok(mated)
    }

    /// Whether the defender, to move, is mated within `depth` more moves,
    /// by a depth-first search.
    fn depth_first_defend(&mut self, position: &mut G, depth: u8) -> Result<bool, Stopped> {
        if depth == 0 {
            return Ok(self.lost(position));
        }
        let key = position.zobrist_hash().get();
        match self.table.probe(key, depth) {
            Known::Mated => return Ok(true),
            Known::NotMated => return Ok(false),
            _ => {}
        }
        let defences = position.legal_moves();
        let mut mated = true;
        if defences.is_empty() {
            mated = self.lost(position);
        }
        for mv in defences {
            self.visit()?;
            let undo = position.play_unchecked(mv);
            let found = self.depth_first_attack(position, depth);
            position.unplay(undo);
            if !found? {
                mated = false;
                break;
            }
        }
        self.store(key, depth, mated);
        Ok(mated)
    }

    fn store(&mut self, key: u64, depth: u8, mated: bool) {
        if mated {
            self.table.store(key, depth, 0, INFINITE);
        } else {
            self.table.store(key, depth, INFINITE, 0);
        }
    }

    /// The attacker's moves (with checks only, the checks alone), and how
    /// many of them there are: the list's tail past them is to be left out.
    /// Ordered, when `ordered`, so that those that leave the defender the
    /// fewest replies come first; else in the moves' order. With two moves
    /// left the ordering costs more than it saves (the counting plays every
    /// move, and most such nodes are refuted in full, where order does not
    /// matter): see the module docs.
    fn attacking_moves(&mut self, position: &mut G, ordered: bool) -> Result<(G::Moves, usize), Stopped> {
        let mut moves = position.legal_moves();
        if !ordered && !self.checks_only {
            let kept = moves.len();
            return Ok((moves, kept));
        }
        // Taken out while in use (a search stopped midway makes a new one).
        let mut replies = core::mem::take(&mut self.replies);
        replies.clear();
        for index in 0..moves.len() {
            let mv = moves[index];
            self.visit()?;
            let undo = position.play_unchecked(mv);
            let allowed = !self.checks_only || position.is_check();
            let count = if allowed && ordered { position.count_legal_moves() } else { 0 };
            position.unplay(undo);
            if !allowed {
                continue;
            }
            replies.push((count, mv));
        }
        // Stable: among equals, the moves' own order.
        replies.sort_by_key(|&(count, _)| count);
        for (slot, &(_, mv)) in moves.iter_mut().zip(&replies) {
            *slot = mv;
        }
        let kept = replies.len();
        self.replies = replies;
        Ok((moves, kept))
    }

    /// Whether the attacker, to move, has a move that wins at once: the
    /// leaves of the search, where most of the time goes, so only the
    /// game's candidates are played ([`Game::winning_move_candidates`]),
    /// each once, with no ordering.
    fn mate_in_one(&mut self, position: &mut G) -> Result<bool, Stopped> {
        for mv in position.winning_move_candidates() {
            self.visit()?;
            let undo = position.play_unchecked(mv);
            let mated = (!self.checks_only || position.is_check()) && self.lost(position);
            position.unplay(undo);
            if mated {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Expands a node (the attacker to move if `attacking`, with `depth`
    /// moves left) and searches below it until its proof number reaches
    /// `proof_limit`, its disproof number `disproof_limit`, or it is settled;
    /// stores its numbers and returns them. The children it pushes are
    /// left for the caller to truncate.
    fn expand(
        &mut self,
        position: &mut G,
        depth: u8,
        attacking: bool,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> Result<(u32, u32), Stopped> {
        let key = position.zobrist_hash().get();
        if attacking && depth <= self.depth_first_below() {
            let mated = self.depth_first_attack(position, depth)?;
            return Ok(if mated { (0, INFINITE) } else { (INFINITE, 0) });
        }
        let base = self.children.len();
        let moves = position.legal_moves();
        // Every child's slot read first, all at once: the probes below then
        // find them in the cache instead of missing one after the other
        // (once the table is too large for the caches: before, the reads
        // cost more than they save).
        if self.table.outgrows_caches() {
            for &mv in moves.iter() {
                let undo = position.play_unchecked(mv);
                self.touched ^= self.table.touch(position.zobrist_hash().get());
                position.unplay(undo);
            }
        }
        // Checks first, then captures, then the rest: among children of equal
        // numbers the first is searched first.
        let mut checks = base;
        let mut captures = base;
        for mv in moves {
            self.visit()?;
            let capture = position.is_capture(mv);
            let undo = position.play_unchecked(mv);
            let check = attacking && position.is_check();
            let numbers = if attacking {
                if self.checks_only && !check {
                    position.unplay(undo);
                    continue;
                }
                self.defender_numbers(position, depth - 1)
            } else {
                self.attacker_numbers(position, depth)
            };
            position.unplay(undo);
            // A child that settles the node settles it now.
            if (attacking && numbers.0 == 0) || (!attacking && numbers.1 == 0) {
                self.table.store(key, depth, numbers.0, numbers.1);
                return Ok(numbers);
            }
            self.children.push(Child { mv, proof: numbers.0, disproof: numbers.1 });
            let last = self.children.len() - 1;
            if check {
                self.children.swap(last, captures);
                self.children.swap(captures, checks);
                checks += 1;
                captures += 1;
            } else if capture {
                self.children.swap(last, captures);
                captures += 1;
            }
        }
        if self.children.len() == base {
            // No move to search: the attacker has none (or no check) and is
            // not mating; the defender has none and has lost, or (in a game
            // where having no move does not lose) is not mated.
            let numbers = if !attacking && self.lost(position) { (0, INFINITE) } else { (INFINITE, 0) };
            self.table.store(key, depth, numbers.0, numbers.1);
            return Ok(numbers);
        }
        loop {
            let (proof, disproof, best, second) = self.numbers(base, attacking);
            if proof == 0 || disproof == 0 || proof >= proof_limit || disproof >= disproof_limit {
                self.table.store(key, depth, proof, disproof);
                return Ok((proof, disproof));
            }
            let child = self.children[best];
            let (child_proof_limit, child_disproof_limit) = if attacking {
                (proof_limit.min(widened(second)), rest_of(disproof_limit, disproof, child.disproof))
            } else {
                (rest_of(proof_limit, proof, child.proof), disproof_limit.min(widened(second)))
            };
            self.visit()?;
            let undo = position.play_unchecked(child.mv);
            // An attacker's node has two moves left or more here (one left is
            // a leaf, answered at once), so its children have one or more.
            let child_depth = if attacking { depth - 1 } else { depth };
            let below = self.children.len();
            let searched =
                self.expand(position, child_depth, !attacking, child_proof_limit, child_disproof_limit);
            self.children.truncate(below);
            position.unplay(undo);
            let (proof, disproof) = searched?;
            self.children[best].proof = proof;
            self.children[best].disproof = disproof;
        }
    }

    /// The node's numbers from its children's, the child to search next,
    /// and the second-best child's number (proof numbers at the attacker's
    /// nodes, disproof numbers at the defender's).
    fn numbers(&self, base: usize, attacking: bool) -> (u32, u32, usize, u32) {
        let (mut least, mut second, mut sum, mut best) = (INFINITE, INFINITE, 0u32, base);
        let mut infinite = false;
        for (index, child) in self.children[base..].iter().enumerate() {
            let (chosen_by, summed) =
                if attacking { (child.proof, child.disproof) } else { (child.disproof, child.proof) };
            sum = sum.saturating_add(summed).min(INFINITE - 1);
            infinite |= summed == INFINITE;
            if chosen_by < least {
                second = least;
                least = chosen_by;
                best = base + index;
            } else if chosen_by < second {
                second = chosen_by;
            }
        }
        if infinite {
            sum = INFINITE;
        }
        if attacking { (least, sum, best, second) } else { (sum, least, best, second) }
    }
}

/// The limit a child gets on the number its parent chooses by: a quarter
/// above the second-best child's (the 1 + epsilon trick of Pawlewicz and
/// Lew), so that the search stays with a child a while longer instead of
/// switching back and forth between two close ones, each switch costing a
/// new expansion.
fn widened(second: u32) -> u32 {
    second.saturating_add((second / 4).max(1))
}

/// The limit a child gets on the number that is summed at its parent: what
/// the parent's limit leaves once the other children's share is taken.
fn rest_of(limit: u32, sum: u32, child: u32) -> u32 {
    if limit == INFINITE { INFINITE } else { limit - (sum - child) }
}
