//! Perft, for any game: counting the leaves of the tree of legal moves, the
//! standard test of a move generator, with the same code for every game.

use core::sync::atomic::{AtomicBool, Ordering};

/// A position of a game that lists its legal moves and plays them: all
/// that [`perft`] needs. Both game crates implement it for their `Position`.
pub trait Game: Copy {
    /// A move of the game. Its order is the order [`divide`] lists moves in.
    type Move: Copy + Ord;
    /// A list of moves.
    type Moves: IntoIterator<Item = Self::Move>;

    /// Every legal move of the side to move.
    fn legal_moves(&self) -> Self::Moves;

    /// The number of legal moves, counted without listing them.
    fn count_legal_moves(&self) -> usize;

    /// Plays `mv`, one of [`Game::legal_moves`].
    fn play_unchecked(&mut self, mv: Self::Move);
}

/// How deep the counting recurses; above it, the plies nearest the root are
/// walked with a stack on the heap, so no depth overflows the thread's stack.
const RECURSION_DEPTH: u32 = 32;

/// How far from the leaves a walk that can be stopped looks at its flag.
const STOP_CHECK_DEPTH: u32 = 3;

/// The leaves below `position` at `depth`, by recursion, or `None` if `stop` was raised.
fn count<G: Game>(position: &G, depth: u32, stop: Option<&AtomicBool>) -> Option<u64> {
    match depth {
        0 => Some(1),
        // Counting the last ply's moves without playing them: the usual bulk count.
        1 => Some(position.count_legal_moves() as u64),
        _ => {
            if depth >= STOP_CHECK_DEPTH && stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                return None;
            }
            let mut leaves = 0u64;
            for mv in position.legal_moves() {
                let mut child = *position;
                child.play_unchecked(mv);
                leaves = leaves.saturating_add(count(&child, depth - 1, stop)?);
            }
            Some(leaves)
        }
    }
}

/// The leaves below `position` at any depth: recursion for the last
/// [`RECURSION_DEPTH`] plies, a stack on the heap above them.
fn count_any_depth<G: Game>(position: &G, depth: u32, stop: Option<&AtomicBool>) -> Option<u64> {
    if depth <= RECURSION_DEPTH {
        return count(position, depth, stop);
    }
    let mut leaves = 0u64;
    let mut stack: Vec<(G, <G::Moves as IntoIterator>::IntoIter)> =
        vec![(*position, position.legal_moves().into_iter())];
    while let Some((parent, moves)) = stack.last_mut() {
        let Some(mv) = moves.next() else {
            stack.pop();
            continue;
        };
        let mut child = *parent;
        child.play_unchecked(mv);
        // The stack holds the plies from the root down to `child`'s parent.
        let below = depth - stack.len() as u32;
        if below <= RECURSION_DEPTH {
            leaves = leaves.saturating_add(count(&child, below, stop)?);
        } else {
            if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                return None;
            }
            stack.push((child, child.legal_moves().into_iter()));
        }
    }
    Some(leaves)
}

/// The number of leaf nodes of the tree of legal moves of depth `depth` below
/// `position`: the number of move sequences of exactly that length (a
/// position with no move before the last ply contributes nothing).
///
/// Any depth is safe: the counting never overflows the stack, and a count
/// past `u64::MAX` stays at `u64::MAX`. Memory grows only with the depth the
/// tree really has, a few hundred bytes a ply.
///
/// # Examples
/// The game crates re-export it; `xiangqi_rules::perft(&Position::start(), 2)` is 1920.
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    count_any_depth(position, depth, None).unwrap_or(u64::MAX)
}

/// [`perft`] that stops early, returning `None`, once `stop` is raised (by a
/// Ctrl-C handler or another thread, say); it looks at the flag often enough
/// to stop within milliseconds.
#[must_use]
pub fn perft_until<G: Game>(position: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    count_any_depth(position, depth, Some(stop))
}

/// Perft split by the first move: each legal move, in the moves' order, with
/// the leaf count below it. The counts add up to `perft(position, depth)`;
/// comparing them with another engine's shows which move hides a
/// move-generation bug. Empty for depth 0.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let Some(below) = depth.checked_sub(1) else {
        return Vec::new();
    };
    let mut moves: Vec<G::Move> = position.legal_moves().into_iter().collect();
    moves.sort_unstable();
    moves
        .into_iter()
        .map(|mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            (mv, perft(&child, below))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter game: from `n`, the moves are `1..=n` (taking that many
    /// away), so the tree is easy to count by hand; or, with `cycle`, one
    /// move forever.
    #[derive(Copy, Clone)]
    struct Take {
        left: u32,
        cycle: bool,
    }

    impl Game for Take {
        type Move = u32;
        type Moves = Vec<u32>;

        fn legal_moves(&self) -> Vec<u32> {
            if self.cycle { vec![0] } else { (1..=self.left).collect() }
        }

        fn count_legal_moves(&self) -> usize {
            self.legal_moves().len()
        }

        fn play_unchecked(&mut self, mv: u32) {
            self.left -= mv;
        }
    }

    /// Sequences of exactly `depth` positive parts summing to at most `n`.
    fn by_hand(n: u32, depth: u32) -> u64 {
        match depth {
            0 => 1,
            _ => (1..=n).map(|take| by_hand(n - take, depth - 1)).sum(),
        }
    }

    #[test]
    fn counts_match_the_tree_and_divide_adds_up() {
        for n in 0..8 {
            for depth in 0..6 {
                let game = Take { left: n, cycle: false };
                assert_eq!(perft(&game, depth), by_hand(n, depth), "n {n} depth {depth}");
                let divided = divide(&game, depth);
                if depth > 0 {
                    assert_eq!(divided.iter().map(|&(_, leaves)| leaves).sum::<u64>(), by_hand(n, depth));
                    assert!(divided.windows(2).all(|pair| pair[0].0 < pair[1].0), "in order");
                } else {
                    assert!(divided.is_empty());
                }
            }
        }
    }

    #[test]
    fn any_depth_is_counted_without_exhausting_the_stack() {
        let forever = Take { left: 0, cycle: true };
        assert_eq!(perft(&forever, 200_000), 1);
        let done = Take { left: 3, cycle: false };
        assert_eq!(perft(&done, u32::MAX), 0, "the tree ends long before");
        assert_eq!(perft(&Take { left: 12, cycle: false }, 12), 1, "one way to take 12 in 12 steps");
    }

    #[test]
    fn a_raised_flag_stops_the_count() {
        let stop = AtomicBool::new(false);
        let game = Take { left: 12, cycle: false };
        assert_eq!(perft_until(&game, 5, &stop), Some(by_hand(12, 5)));
        stop.store(true, Ordering::Relaxed);
        assert_eq!(perft_until(&game, 5, &stop), None);
        assert_eq!(perft_until(&Take { left: 0, cycle: true }, 100_000, &stop), None);
    }
}
