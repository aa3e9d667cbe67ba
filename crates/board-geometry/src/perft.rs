//! Perft, for any game: counting the leaves of the tree of legal moves, the
//! standard test of a move generator, with the same code for every game.
//!
//! [`perft`] is the usual count: the moves of the last ply are counted, not
//! played. [`perft_every_leaf`] plays and takes back every leaf instead, in
//! one position changed in place, as a search does: the same count, and the
//! speed a search built on the game would see. [`Perft`] chooses both that
//! and the number of threads, and can be stopped from outside; its
//! [`Perft::divide`] reports each first move's count as soon as it is known.
//!
//! ```
//! use std::num::NonZeroUsize;
//! use std::ops::ControlFlow;
//! use board_geometry::Game;
//! use board_geometry::perft::{Leaves, Perft, perft, perft_every_leaf};
//! # use board_geometry::{HashKey, Side};
//! # use std::fmt;
//! # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
//! # struct Taker;
//! # impl fmt::Display for Taker {
//! #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("taker") }
//! # }
//! # impl Side for Taker {
//! #     const BOTH: [Taker; 2] = [Taker, Taker];
//! #     fn index(self) -> usize { 0 }
//! # }
//! # #[derive(Debug)]
//! # struct TooMany;
//! # impl fmt::Display for TooMany {
//! #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("too many") }
//! # }
//! # impl std::error::Error for TooMany {}
//!
//! /// Take 1 to n counters from a pile of n.
//! #[derive(Copy, Clone)]
//! struct Pile(u32);
//!
//! # impl board_geometry::GameOutcome for Taker {
//! #     type Color = Taker;
//! #     fn winner(self) -> Option<Taker> { Some(self) }
//! # }
//! impl Game for Pile {
//!     type Move = u32;
//!     type Moves = Vec<u32>;
//!     type Undo = u32;
//! #     type Square = u8;
//! #     type Piece = ();
//!     fn legal_moves(&self) -> Self::Moves { (1..=self.0).collect() }
//!     fn count_legal_moves(&self) -> usize { self.0 as usize }
//!     fn play_unchecked(&mut self, take: u32) -> u32 { self.0 -= take; take }
//!     fn unplay(&mut self, take: u32) { self.0 += take; }
//!     // What perft does not use: the side to move, the end, the hash.
//!     // ...
//! #   type Color = Taker;
//! #   type Outcome = Taker;
//! #   type IllegalMove = TooMany;
//! #   fn play(&mut self, take: u32) -> Result<(), TooMany> {
//! #       if take > self.0 { return Err(TooMany) }
//! #       self.play_unchecked(take);
//! #       Ok(())
//! #   }
//! #   fn turn(&self) -> Taker { Taker }
//! #   fn outcome(&self) -> Option<Taker> { (self.0 == 0).then_some(Taker) }
//! #   fn is_check(&self) -> bool { false }
//! #   fn piece_at(&self, _: u8) -> Option<()> { None }
//! #   fn is_capture(&self, _: u32) -> bool { false }
//! #   fn zobrist_hash(&self) -> HashKey { HashKey::EMPTY }
//! }
//!
//! // Two takes from 4 counters: 1 then 1, 2 or 3; 2 then 1 or 2; 3 then 1.
//! assert_eq!(perft(&Pile(4), 2), 6);
//! assert_eq!(perft_every_leaf(&Pile(4), 2), 6);
//! let two = NonZeroUsize::new(2).unwrap();
//! let counting = Perft::new().threads(two).leaves(Leaves::Played);
//! let divided = counting.divide(&Pile(4), 2, |_, _, _| ControlFlow::Continue(()))?;
//! assert_eq!(divided, [(1, 3), (2, 2), (3, 1), (4, 0)]);
//! # Ok::<(), board_geometry::perft::Stopped>(())
//! ```

mod parallel;
mod walk;

use core::fmt;
use core::num::NonZeroUsize;
use core::ops::ControlFlow;
use core::sync::atomic::AtomicBool;

use crate::Game;

/// How the leaves of the tree are reached. Both ways count the same leaves.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Leaves {
    /// The moves of the last ply are counted without being played (bulk
    /// counting): the usual perft, and the fastest.
    #[default]
    Counted,
    /// Every leaf is played and taken back ([`Game::play_unchecked`], then
    /// [`Game::unplay`]), with one position changed in place (for the last
    /// 32 plies; a deeper tree is copied above them): the work a search does
    /// at every node it visits, so its speed is the one that matters to a
    /// search built on the game.
    Played,
}

/// A perft count stopped before the end, by its flag (see [`Perft::until`])
/// or by the report of [`Perft::divide`]: how far it got.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stopped {
    finished: usize,
    first_moves: usize,
}

impl Stopped {
    /// How many first moves had their whole subtree counted (on several
    /// threads, not necessarily the first ones in order).
    #[must_use]
    pub const fn finished(&self) -> usize {
        self.finished
    }

    /// How many first moves there are.
    #[must_use]
    pub const fn first_moves(&self) -> usize {
        self.first_moves
    }
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stopped after {} of {} first moves", self.finished, self.first_moves)
    }
}

impl std::error::Error for Stopped {}

/// A perft count to run: on how many threads, how the leaves are reached,
/// and the flag that stops it.
///
/// On one thread (the default) the first moves are counted one after the
/// other on the calling thread. On more, the tree is cut a ply or two below
/// the root (deeper when that leaves too few pieces of work for the
/// threads) into tasks that the threads take in order, each the next one
/// left as soon as it is free, so that uneven subtrees even out; the calling
/// thread gathers the counts. Counts and the order of [`Perft::divide`] are
/// the same for any number of threads.
///
/// ```
/// use std::num::NonZeroUsize;
/// use std::sync::atomic::AtomicBool;
/// use board_geometry::Game;
/// use board_geometry::perft::{Leaves, Perft, Stopped};
/// # use board_geometry::{HashKey, Side};
/// # use std::fmt;
/// # #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// # struct Taker;
/// # impl fmt::Display for Taker {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("taker") }
/// # }
/// # impl Side for Taker {
/// #     const BOTH: [Taker; 2] = [Taker, Taker];
/// #     fn index(self) -> usize { 0 }
/// # }
/// # #[derive(Debug)]
/// # struct TooMany;
/// # impl fmt::Display for TooMany {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("too many") }
/// # }
/// # impl std::error::Error for TooMany {}
/// # #[derive(Copy, Clone)]
/// # struct Pile(u32);
/// # impl board_geometry::GameOutcome for Taker {
/// #     type Color = Taker;
/// #     fn winner(self) -> Option<Taker> { Some(self) }
/// # }
/// # impl Game for Pile {
/// #     type Move = u32;
/// #     type Moves = Vec<u32>;
/// #     type Undo = u32;
/// #     type Square = u8;
/// #     type Piece = ();
/// #     type Color = Taker;
/// #     type Outcome = Taker;
/// #     type IllegalMove = TooMany;
/// #     fn legal_moves(&self) -> Self::Moves { (1..=self.0).collect() }
/// #     fn count_legal_moves(&self) -> usize { self.0 as usize }
/// #     fn play(&mut self, take: u32) -> Result<(), TooMany> {
/// #         if take > self.0 { return Err(TooMany) }
/// #         self.play_unchecked(take);
/// #         Ok(())
/// #     }
/// #     fn play_unchecked(&mut self, take: u32) -> u32 { self.0 -= take; take }
/// #     fn unplay(&mut self, take: u32) { self.0 += take; }
/// #     fn turn(&self) -> Taker { Taker }
/// #     fn outcome(&self) -> Option<Taker> { (self.0 == 0).then_some(Taker) }
/// #     fn is_check(&self) -> bool { false }
/// #     fn piece_at(&self, _: u8) -> Option<()> { None }
/// #     fn is_capture(&self, _: u32) -> bool { false }
/// #     fn zobrist_hash(&self) -> HashKey { HashKey::EMPTY }
/// # }
///
///
/// /// Counts `depth` plies from `position`, of any game, on four threads,
/// /// playing every leaf, until `stop` is set.
/// fn count_until<G: Game + Sync>(position: &G, depth: u32, stop: &AtomicBool) -> Result<u64, Stopped> {
///     let threads = NonZeroUsize::new(4).unwrap();
///     Perft::new().threads(threads).leaves(Leaves::Played).until(stop).count(position, depth)
/// }
///
/// // Four takes from a pile of 10 counters, one at least each time: C(10, 4) ways.
/// # let pile = Pile(10);
/// let stop = AtomicBool::new(false);
/// assert_eq!(count_until(&pile, 4, &stop)?, 210);
/// // Set from another thread (a Ctrl-C handler, say), the flag stops the count.
/// stop.store(true, std::sync::atomic::Ordering::Relaxed);
/// assert!(count_until(&pile, 4, &stop).is_err());
/// # Ok::<(), Stopped>(())
/// ```
///
/// The game crates run the same on their positions:
/// `count_until(&xiangqi_rules::Position::start(), 5, &stop)`.
#[derive(Copy, Clone, Debug)]
pub struct Perft<'a> {
    threads: NonZeroUsize,
    leaves: Leaves,
    stop: Option<&'a AtomicBool>,
}

impl Default for Perft<'_> {
    fn default() -> Self {
        Perft::new()
    }
}

impl<'a> Perft<'a> {
    /// One thread, [`Leaves::Counted`], never stopped.
    #[must_use]
    pub const fn new() -> Self {
        Perft { threads: NonZeroUsize::MIN, leaves: Leaves::Counted, stop: None }
    }

    /// Counts on `threads` threads; one (the default) counts on the calling
    /// thread alone. More threads than pieces of work are not started.
    #[must_use]
    pub const fn threads(self, threads: NonZeroUsize) -> Self {
        Perft { threads, ..self }
    }

    /// Reaches the leaves this way (default: [`Leaves::Counted`]).
    #[must_use]
    pub const fn leaves(self, leaves: Leaves) -> Self {
        Perft { leaves, ..self }
    }

    /// Stops the count, with [`Stopped`], soon after `stop` is raised (by a
    /// Ctrl-C handler, say): every thread looks at it often enough to stop
    /// within milliseconds.
    #[must_use]
    pub const fn until(self, stop: &'a AtomicBool) -> Self {
        Perft { stop: Some(stop), ..self }
    }

    /// The number of leaves of the tree of depth `depth` below `position`;
    /// a count past `u64::MAX` stays at `u64::MAX`.
    ///
    /// # Errors
    /// [`Stopped`] if the flag of [`Perft::until`] was raised before the end.
    pub fn count<G: Game + Sync>(&self, position: &G, depth: u32) -> Result<u64, Stopped> {
        if depth == 0 {
            return Ok(1);
        }
        let divided = self.divide(position, depth, |_, _, _| ControlFlow::Continue(()))?;
        Ok(divided.iter().fold(0u64, |total, &(_, leaves)| total.saturating_add(leaves)))
    }

    /// Perft split by the first move: each legal move, in the moves' order,
    /// with the number of leaves below it; empty for depth 0.
    ///
    /// `finished` is called on the calling thread with each first move's
    /// place in that order, the move and its count, as soon as the count is
    /// complete: in order on one thread, in the order the subtrees end on
    /// several. It returns whether to go on: `Break` stops the count (every
    /// thread, within milliseconds), as the flag of [`Perft::until`] does.
    ///
    /// # Errors
    /// [`Stopped`] if the flag was raised or `finished` said `Break` before the end.
    pub fn divide<G: Game + Sync>(
        &self,
        position: &G,
        depth: u32,
        mut finished: impl FnMut(usize, G::Move, u64) -> ControlFlow<()>,
    ) -> Result<Vec<(G::Move, u64)>, Stopped> {
        let Some(below) = depth.checked_sub(1) else {
            return Ok(Vec::new());
        };
        let mut moves: Vec<G::Move> = position.legal_moves().into_iter().collect();
        moves.sort_unstable();
        if self.threads.get() > 1 {
            let counts = parallel::divide(position, &moves, below, self, &mut |index, leaves| {
                finished(index, moves[index], leaves)
            })?;
            return Ok(moves.iter().copied().zip(counts).collect());
        }
        let stop: &[&AtomicBool] = match &self.stop {
            Some(stop) => core::slice::from_ref(stop),
            None => &[],
        };
        let mut divided = Vec::with_capacity(moves.len());
        for (index, &mv) in moves.iter().enumerate() {
            let mut child = *position;
            child.play_unchecked(mv);
            let Some(leaves) = walk::count(&child, below, self.leaves, stop) else {
                return Err(Stopped { finished: index, first_moves: moves.len() });
            };
            divided.push((mv, leaves));
            if finished(index, mv, leaves).is_break() && divided.len() < moves.len() {
                return Err(Stopped { finished: index + 1, first_moves: moves.len() });
            }
        }
        Ok(divided)
    }
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
    walk::count(position, depth, Leaves::Counted, &[]).unwrap_or(u64::MAX)
}

/// [`perft`] that plays and takes back every leaf instead of counting the
/// last ply's moves ([`Leaves::Played`]): the same count, at the speed a
/// search built on the game would walk the tree.
#[must_use]
pub fn perft_every_leaf<G: Game>(position: &G, depth: u32) -> u64 {
    walk::count(position, depth, Leaves::Played, &[]).unwrap_or(u64::MAX)
}

/// [`perft`] that stops early, returning `None`, once `stop` is raised (by a
/// Ctrl-C handler or another thread, say); it looks at the flag often enough
/// to stop within milliseconds.
#[must_use]
pub fn perft_until<G: Game>(position: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    walk::count(position, depth, Leaves::Counted, &[stop])
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
pub(crate) mod tests {
    use core::sync::atomic::Ordering;

    use super::*;
    use crate::game::tests::the_rest_of_the_game;

    /// A counter game: from `left`, the moves are `1..=left` (taking that
    /// many away), so the tree is easy to count by hand; or, with `cycle`,
    /// one move forever.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    pub(crate) struct Take {
        pub(crate) left: u32,
        pub(crate) cycle: bool,
    }

    impl Take {
        pub(crate) const fn pile(left: u32) -> Take {
            Take { left, cycle: false }
        }
    }

    impl Game for Take {
        type Moves = Vec<u32>;
        the_rest_of_the_game!();

        fn legal_moves(&self) -> Vec<u32> {
            if self.cycle { vec![0] } else { (1..=self.left).collect() }
        }

        fn count_legal_moves(&self) -> usize {
            self.legal_moves().len()
        }

        fn play_unchecked(&mut self, mv: u32) -> u32 {
            self.left -= mv;
            mv
        }

        fn unplay(&mut self, mv: u32) {
            self.left += mv;
        }
    }

    /// Sequences of exactly `depth` positive parts summing to at most `n`.
    pub(crate) fn by_hand(n: u32, depth: u32) -> u64 {
        match depth {
            0 => 1,
            _ => (1..=n).map(|take| by_hand(n - take, depth - 1)).sum(),
        }
    }

    #[test]
    fn counts_match_the_tree_and_divide_adds_up() {
        for n in 0..8 {
            for depth in 0..6 {
                let game = Take::pile(n);
                assert_eq!(perft(&game, depth), by_hand(n, depth), "n {n} depth {depth}");
                assert_eq!(perft_every_leaf(&game, depth), by_hand(n, depth), "n {n} depth {depth}");
                let divided = divide(&game, depth);
                if depth > 0 {
                    assert_eq!(divided.iter().map(|&(_, leaves)| leaves).sum::<u64>(), by_hand(n, depth));
                    assert!(divided.windows(2).all(|pair| pair[0].0 < pair[1].0), "in order");
                } else {
                    assert!(divided.is_empty());
                }
                for leaves in [Leaves::Counted, Leaves::Played] {
                    let mut reported = Vec::new();
                    let perft = Perft::new().leaves(leaves);
                    let by_perft = perft.divide(&game, depth, |index, mv, count| {
                        reported.push((index, mv, count));
                        ControlFlow::Continue(())
                    });
                    assert_eq!(by_perft.as_ref(), Ok(&divided));
                    let in_order: Vec<_> = (0..).zip(divided.iter()).map(|(i, &(m, c))| (i, m, c)).collect();
                    assert_eq!(reported, in_order, "one thread reports in order");
                    assert_eq!(perft.count(&game, depth), Ok(by_hand(n, depth)));
                }
            }
        }
    }

    #[test]
    fn any_depth_is_counted_without_exhausting_the_stack() {
        let forever = Take { left: 0, cycle: true };
        assert_eq!(perft(&forever, 200_000), 1);
        assert_eq!(perft_every_leaf(&forever, 200_000), 1);
        let done = Take::pile(3);
        assert_eq!(perft(&done, u32::MAX), 0, "the tree ends long before");
        assert_eq!(perft_every_leaf(&done, u32::MAX), 0);
        assert_eq!(perft(&Take::pile(12), 12), 1, "one way to take 12 in 12 steps");
        assert_eq!(perft_every_leaf(&Take::pile(12), 12), 1);
    }

    /// A game of one move a ply, but two on every tenth ply (9, 19, ...):
    /// `2^(depth / 10)` leaves at `depth`, in a tree thin enough to count deep.
    #[derive(Copy, Clone, Debug)]
    struct Forks {
        ply: u32,
    }

    impl Game for Forks {
        type Moves = Vec<u32>;
        the_rest_of_the_game!();

        fn legal_moves(&self) -> Vec<u32> {
            if self.ply % 10 == 9 { vec![0, 1] } else { vec![0] }
        }

        fn count_legal_moves(&self) -> usize {
            self.legal_moves().len()
        }

        fn play_unchecked(&mut self, mv: u32) -> u32 {
            self.ply += 1;
            mv
        }

        fn unplay(&mut self, _: u32) {
            self.ply -= 1;
        }
    }

    #[test]
    fn deep_trees_past_the_recursion_are_counted_exactly() {
        for depth in [30, 33, 64, 100, 125] {
            let expected = 1u64 << (depth / 10);
            assert_eq!(perft(&Forks { ply: 0 }, depth), expected, "depth {depth}");
            assert_eq!(perft_every_leaf(&Forks { ply: 0 }, depth), expected, "depth {depth}");
        }
    }

    #[test]
    fn a_raised_flag_stops_the_count() {
        let stop = AtomicBool::new(false);
        let game = Take::pile(12);
        assert_eq!(perft_until(&game, 5, &stop), Some(by_hand(12, 5)));
        stop.store(true, Ordering::Relaxed);
        assert_eq!(perft_until(&game, 5, &stop), None);
        assert_eq!(perft_until(&Take { left: 0, cycle: true }, 100_000, &stop), None);
        let counting = Perft::new().leaves(Leaves::Played).until(&stop);
        let stopped = counting.divide(&game, 5, |_, _, _| ControlFlow::Continue(()));
        assert_eq!(stopped, Err(Stopped { finished: 0, first_moves: 12 }));
        assert_eq!(stopped.unwrap_err().to_string(), "stopped after 0 of 12 first moves");
    }

    #[test]
    fn finished_can_stop_the_count() {
        let game = Take::pile(12);
        let mut reported = 0;
        let stopped = Perft::new().divide(&game, 5, |index, _, _| {
            reported += 1;
            if index == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        assert_eq!(stopped, Err(Stopped { finished: 3, first_moves: 12 }));
        assert_eq!(stopped.map_err(|stop| (stop.finished(), stop.first_moves())), Err((3, 12)));
        assert_eq!(reported, 3);
        let last = Perft::new().divide(&game, 5, |index, _, _| {
            if index == 11 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        assert_eq!(last, Ok(divide(&game, 5)), "nothing was left to stop");
    }

    /// Moves played on every [`Noted`] game, for the one test that uses it.
    static PLAYED: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(0);

    /// [`Take`], noting every move played in [`PLAYED`].
    #[derive(Copy, Clone, Debug)]
    struct Noted(Take);

    impl Game for Noted {
        type Moves = Vec<u32>;
        the_rest_of_the_game!();

        fn legal_moves(&self) -> Vec<u32> {
            self.0.legal_moves()
        }

        fn count_legal_moves(&self) -> usize {
            self.0.count_legal_moves()
        }

        fn play_unchecked(&mut self, mv: u32) -> u32 {
            PLAYED.fetch_add(1, Ordering::Relaxed);
            self.0.play_unchecked(mv)
        }

        fn unplay(&mut self, mv: u32) {
            self.0.unplay(mv);
        }
    }

    #[test]
    fn leaves_are_counted_or_played_as_asked() {
        let (game, depth) = (Noted(Take::pile(7)), 4);
        let leaves = by_hand(7, depth);
        PLAYED.store(0, Ordering::Relaxed);
        assert_eq!(Perft::new().leaves(Leaves::Counted).count(&game, depth), Ok(leaves));
        let counted = PLAYED.swap(0, Ordering::Relaxed);
        assert_eq!(Perft::new().leaves(Leaves::Played).count(&game, depth), Ok(leaves));
        let played = PLAYED.load(Ordering::Relaxed);
        assert_eq!(played - counted, leaves, "each leaf is played, not only counted");
    }
}
