//! Walking the tree on one thread: by recursion for the plies nearest the
//! leaves, with a stack on the heap above them, so that no depth overflows
//! the thread's stack.

use core::hint::black_box;
use core::sync::atomic::{AtomicBool, Ordering};

use super::{Game, Leaves};

/// How deep the counting recurses; above it, the plies nearest the root are
/// walked with a stack on the heap.
const RECURSION_DEPTH: u32 = 32;

/// How far from the leaves a walk that can be stopped looks at its flag: a
/// subtree of three plies takes about a millisecond, the flag's load nothing.
const STOP_CHECK_DEPTH: u32 = 3;

/// Whether any of the flags that stop a walk is raised.
pub(super) fn raised(stop: &[&AtomicBool]) -> bool {
    stop.iter().any(|flag| flag.load(Ordering::Relaxed))
}

/// The leaves below `position` at `depth`, the last ply's moves counted
/// without being played, or `None` if a flag of `stop` was raised.
fn counted<G: Game>(position: &G, depth: u32, stop: &[&AtomicBool]) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(position.count_legal_moves() as u64),
        _ => {
            if depth >= STOP_CHECK_DEPTH && raised(stop) {
                return None;
            }
            let mut leaves = 0u64;
            for mv in position.legal_moves() {
                let mut child = *position;
                child.play_unchecked(mv);
                leaves = leaves.saturating_add(counted(&child, depth - 1, stop)?);
            }
            Some(leaves)
        }
    }
}

/// The leaves below `position` at `depth`, each one played and taken back
/// in `position` itself, or `None` if a flag of `stop` was raised (leaving `position`
/// somewhere in the tree).
fn played<G: Game>(position: &mut G, depth: u32, stop: &[&AtomicBool]) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => {
            let mut leaves = 0u64;
            for mv in position.legal_moves() {
                let undo = position.play_unchecked(mv);
                // The leaf must really be reached: without this, the compiler
                // could see that nothing reads it and drop the move and its undoing.
                black_box(&mut *position);
                position.unplay(undo);
                leaves += 1;
            }
            Some(leaves)
        }
        _ => {
            if depth >= STOP_CHECK_DEPTH && raised(stop) {
                return None;
            }
            let mut leaves = 0u64;
            for mv in position.legal_moves() {
                let undo = position.play_unchecked(mv);
                let below = played(position, depth - 1, stop)?;
                position.unplay(undo);
                leaves = leaves.saturating_add(below);
            }
            Some(leaves)
        }
    }
}

/// The leaves below `position` at any depth, reached as `leaves` says, or
/// `None` if a flag of `stop` was raised: recursion for the last [`RECURSION_DEPTH`]
/// plies, a stack on the heap above them.
pub(super) fn count<G: Game>(position: &G, depth: u32, leaves: Leaves, stop: &[&AtomicBool]) -> Option<u64> {
    let near_the_leaves = |position: &G, depth: u32| match leaves {
        Leaves::Counted => counted(position, depth, stop),
        Leaves::Played => played(&mut { *position }, depth, stop),
    };
    if depth <= RECURSION_DEPTH {
        return near_the_leaves(position, depth);
    }
    let mut total = 0u64;
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
            total = total.saturating_add(near_the_leaves(&child, below)?);
        } else {
            if raised(stop) {
                return None;
            }
            stack.push((child, child.legal_moves().into_iter()));
        }
    }
    Some(total)
}
