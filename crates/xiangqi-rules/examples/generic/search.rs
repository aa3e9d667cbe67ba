//! A negamax search written once over `board_geometry::Game`, with no code
//! for any one game: alpha-beta with a transposition table keyed by
//! `zobrist_hash`, moves ordered by the table's move, captures and checks,
//! and a finished game scored by `outcome().and_then(|o| o.winner())`.
//! The examples `generic_search` and `generic_arbiter` run it on xiangqi
//! and duck chess alike.

use std::collections::HashMap;

use board_geometry::{Game, GameOutcome, HashKey};

/// The score of a won game: above any evaluation, less the plies to the win,
/// so that the search prefers the quickest win and the slowest loss.
pub(crate) const WIN: i32 = 1_000_000;

/// What the table keeps of a searched position.
#[derive(Copy, Clone)]
struct Entry<M> {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

/// What a stored score says of the true one.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true score is at least this (the search was cut off above beta).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// A depth-limited searcher for any game.
pub(crate) struct Search<G: Game> {
    table: HashMap<HashKey, Entry<G::Move>>,
    /// Positions visited, the count printed with the result.
    pub(crate) nodes: u64,
}

impl<G: Game> Default for Search<G> {
    fn default() -> Self {
        Search { table: HashMap::new(), nodes: 0 }
    }
}

impl<G: Game> Search<G> {
    /// The best move of `position` searched `depth` plies deep and its score
    /// for the side to move, or `None` if the game is over.
    pub(crate) fn best_move(&mut self, position: &G, depth: u32) -> Option<(G::Move, i32)> {
        let mut position = *position;
        let mut best = None;
        // Iterative deepening: each depth fills the table's best moves, which
        // order the next depth's search.
        for depth in 1..=depth.max(1) {
            let score = self.negamax(&mut position, depth, 0, -WIN - 1, WIN + 1);
            let key = position.zobrist_hash();
            best = self.table.get(&key).and_then(|entry| entry.best).map(|mv| (mv, score));
        }
        best
    }

    /// The score of `position` for the side to move, `ply` plies from the root.
    fn negamax(&mut self, position: &mut G, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(outcome) = position.outcome() {
            return terminal_score(outcome, position.turn(), ply);
        }
        if depth == 0 {
            return evaluate(position);
        }
        let key = position.zobrist_hash();
        let stored = self.table.get(&key).copied();
        if let Some(entry) = stored.filter(|entry| entry.depth >= depth) {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if usable {
                return entry.score;
            }
        }

        let mut moves = position.legal_moves();
        let table_move = stored.and_then(|entry| entry.best);
        // Unstable: sorts in place, with nothing allocated at the node.
        moves.sort_unstable_by_key(|&mv| std::cmp::Reverse(order(position, mv, table_move)));

        let alpha_before = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        for &mv in moves.iter() {
            let undo = position.play_unchecked(mv);
            let score = -self.negamax(position, depth - 1, ply + 1, -beta, -alpha);
            position.unplay(undo);
            if score > best_score {
                (best_score, best_move) = (score, Some(mv));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= alpha_before {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(key, Entry { depth, score: best_score, bound, best: best_move });
        best_score
    }
}

/// How early `mv` is searched: the table's move first, then captures, then
/// checks, then the rest.
fn order<G: Game>(position: &G, mv: G::Move, table_move: Option<G::Move>) -> u8 {
    if Some(mv) == table_move {
        return 3;
    }
    if position.is_capture(mv) {
        return 2;
    }
    let mut after = *position;
    after.play_unchecked(mv);
    u8::from(after.is_check())
}

/// The score of a finished game for `to_move`, `ply` plies from the root.
fn terminal_score<O: GameOutcome>(outcome: O, to_move: O::Color, ply: i32) -> i32 {
    match outcome.winner() {
        Some(winner) if winner == to_move => WIN - ply,
        Some(_) => -(WIN - ply),
        None => 0,
    }
}

/// A game-blind evaluation for the side to move: its freedom of movement.
fn evaluate<G: Game>(position: &G) -> i32 {
    i32::try_from(position.count_legal_moves()).unwrap_or(i32::MAX)
}
