//! Perft on several threads.
//!
//! The first moves alone are too few and too uneven to share out: one first
//! move's subtree can be twice another's, and the thread left with it would
//! finish alone. So the tree is cut lower, at the positions a ply or two
//! below the first moves, and each such position is a task. Tasks stay in
//! the order of their first moves; each thread takes the next task left
//! (an atomic counter hands them out), so a thread that finishes early just
//! takes more, and first moves finish roughly in order. The calling thread
//! adds up the counts each task sends back and reports a first move as soon
//! as all its tasks are in; if the report says to stop, it raises a flag of
//! its own that the threads watch beside the caller's.

use core::ops::ControlFlow;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;

use super::{Game, Leaves, Perft, Stopped, walk};

/// Enough tasks for each thread that the last ones, small against the
/// whole, end close together.
const TASKS_PER_THREAD: usize = 64;

/// Past this many tasks, cutting the tree a ply lower gains nothing more
/// and the tasks would take megabytes.
const MANY_TASKS: usize = 1024;

/// A position some plies below the root and the first move it lies under.
struct Task<G> {
    first_move: usize,
    position: G,
}

/// The tasks below `position`, whose first moves are `moves`, for a tree
/// `below` plies deep under each first move: the children of the first
/// moves, then their children, and so on while there are too few tasks for
/// `threads` and the tasks would still have work. Returns the tasks, in the
/// order of their first moves, and the plies left below each.
fn split<G: Game>(position: &G, moves: &[G::Move], below: u32, threads: usize) -> (Vec<Task<G>>, u32) {
    let mut tasks: Vec<Task<G>> = (0..)
        .zip(moves)
        .map(|(first_move, &mv)| {
            let mut child = *position;
            child.play_unchecked(mv);
            Task { first_move, position: child }
        })
        .collect();
    let mut below = below;
    let enough = threads.saturating_mul(TASKS_PER_THREAD).min(MANY_TASKS);
    // The first cut is always made when the tasks keep work below them: the
    // first moves' subtrees are the most uneven.
    let mut cuts = 0;
    while below >= 2 && (cuts == 0 || tasks.len() < enough) {
        tasks = tasks
            .iter()
            .flat_map(|task| {
                task.position.legal_moves().into_iter().map(|mv| {
                    let mut child = task.position;
                    child.play_unchecked(mv);
                    Task { first_move: task.first_move, position: child }
                })
            })
            .collect();
        below -= 1;
        cuts += 1;
    }
    (tasks, below)
}

/// Runs a worker made by `worker` on each of up to `threads` threads of
/// `scope`, or one on this thread if no thread can be started.
fn run_workers<'scope, W>(scope: &'scope thread::Scope<'scope, '_>, threads: usize, worker: impl Fn() -> W)
where
    W: FnOnce() + Send + 'scope,
{
    let mut started = 0;
    for _ in 0..threads {
        if thread::Builder::new().name("perft".into()).spawn_scoped(scope, worker()).is_err() {
            break;
        }
        started += 1;
    }
    if started == 0 {
        // No thread could be started: count here, then report.
        worker()();
    }
}

/// Takes the next task left and counts it, until none is left, a flag of
/// `stop` is raised, or nobody listens any more; sends each task's count.
fn work<G: Game>(
    tasks: &[Task<G>],
    next: &AtomicUsize,
    below: u32,
    leaves: Leaves,
    stop: &[&AtomicBool],
    counts: &Sender<(usize, u64)>,
) {
    loop {
        if walk::raised(stop) {
            return;
        }
        let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        let Some(count) = walk::count(&task.position, below, leaves, stop) else {
            return;
        };
        if counts.send((task.first_move, count)).is_err() {
            return;
        }
    }
}

/// The counts below each of `moves` (the sorted first moves of `position`)
/// for a tree `below` plies deep under each, on `perft`'s threads;
/// `finished` is called on this thread with each first move's place and
/// count as soon as the count is complete, and stops the count with `Break`.
pub(super) fn divide<G: Game + Sync>(
    position: &G,
    moves: &[G::Move],
    below: u32,
    perft: &Perft<'_>,
    finished: &mut dyn FnMut(usize, u64) -> ControlFlow<()>,
) -> Result<Vec<u64>, Stopped> {
    let (tasks, below) = split(position, moves, below, perft.threads.get());
    let mut counts = vec![0u64; moves.len()];
    let mut pending = vec![0usize; moves.len()];
    for task in &tasks {
        pending[task.first_move] += 1;
    }
    let abandoned = AtomicBool::new(false);
    let mut done = 0;
    // A first move with no task below it (its side to move has no move) is done already.
    for (first_move, _) in pending.iter().enumerate().filter(|&(_, &tasks)| tasks == 0) {
        done += 1;
        if finished(first_move, 0).is_break() {
            abandoned.store(true, Ordering::Relaxed);
        }
    }
    let stop: &[&AtomicBool] = match &perft.stop {
        Some(stop) => &[stop, &abandoned],
        None => &[&abandoned],
    };
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    thread::scope(|scope| {
        run_workers(scope, perft.threads.get().min(tasks.len()), || {
            let (tasks, next, sender) = (&tasks, &next, sender.clone());
            let leaves = perft.leaves;
            move || work(tasks, next, below, leaves, stop, &sender)
        });
        // The threads hold the other senders; the channel closes when the last one ends.
        drop(sender);
        for (first_move, count) in receiver {
            counts[first_move] = counts[first_move].saturating_add(count);
            pending[first_move] -= 1;
            if pending[first_move] == 0 {
                done += 1;
                if finished(first_move, counts[first_move]).is_break() {
                    abandoned.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if done < moves.len() { Err(Stopped { finished: done, first_moves: moves.len() }) } else { Ok(counts) }
}

#[cfg(test)]
mod tests {
    use core::num::NonZeroUsize;

    use super::super::tests::{Take, by_hand};
    use super::*;
    use crate::game::tests::the_rest_of_the_game;
    use crate::perft::{divide as divide_on_one_thread, perft as count_on_one_thread};

    fn threads(count: usize) -> NonZeroUsize {
        NonZeroUsize::new(count).unwrap()
    }

    #[test]
    fn any_number_of_threads_counts_and_divides_as_one() {
        // Piles of 0 (no move at all, like a mated position) to 9, depths 0 to 6
        // (a pile of 2 at depth 3 has one task, so most threads get none).
        for n in 0..10 {
            for depth in 0..7 {
                let game = Take::pile(n);
                let expected = divide_on_one_thread(&game, depth);
                for count in [2, 3, 4, 7, 16] {
                    for leaves in [Leaves::Counted, Leaves::Played] {
                        let perft = Perft::new().threads(threads(count)).leaves(leaves);
                        let mut reported = vec![None; expected.len()];
                        let divided = perft.divide(&game, depth, |index, mv, leaves| {
                            assert!(reported[index].is_none(), "each first move once");
                            reported[index] = Some((mv, leaves));
                            ControlFlow::Continue(())
                        });
                        assert_eq!(divided.as_ref(), Ok(&expected), "n {n} depth {depth} threads {count}");
                        let reported: Vec<_> = reported.into_iter().map(Option::unwrap).collect();
                        assert_eq!(reported, expected);
                        assert_eq!(perft.count(&game, depth), Ok(by_hand(n, depth)));
                        assert_eq!(perft.count(&game, depth), Ok(count_on_one_thread(&game, depth)));
                    }
                }
            }
        }
    }

    #[test]
    fn tasks_are_cut_lower_until_there_are_enough() {
        // From a pile of n, C(n, k) positions lie k plies down.
        let seventy = Take::pile(70);
        let (tasks, below) = split(&seventy, &seventy.legal_moves(), 5, 1);
        assert_eq!((tasks.len(), below), (2415, 4), "always cut once below the first moves");
        let nine = Take::pile(9);
        let moves = nine.legal_moves();
        let (tasks, below) = split(&nine, &moves, 5, 1);
        assert_eq!((tasks.len(), below), (84, 3), "36 tasks are too few for 64 a thread");
        assert!(tasks.windows(2).all(|pair| pair[0].first_move <= pair[1].first_move), "in order");
        let (tasks, below) = split(&nine, &moves, 2, 16);
        assert_eq!((tasks.len(), below), (36, 1), "every task keeps a ply below it");
        let (tasks, below) = split(&nine, &moves, 1, 16);
        assert_eq!((tasks.len(), below), (9, 1));
    }

    #[test]
    fn a_flag_raised_before_the_count_stops_every_thread_at_once() {
        let stop = AtomicBool::new(true);
        let perft = Perft::new().threads(threads(2)).until(&stop);
        let mut reported = Vec::new();
        let stopped = perft.divide(&Take::pile(30), 8, |index, _, leaves| {
            reported.push((index, leaves));
            ControlFlow::Continue(())
        });
        assert_eq!(stopped, Err(Stopped { finished: 1, first_moves: 30 }));
        assert_eq!(reported, [(29, 0)], "taking all 30 leaves nothing below: done before any task");
    }

    /// Positions that have listed their moves, and the flag raised after a thousand.
    static LISTED: AtomicUsize = AtomicUsize::new(0);
    static TRIPPED: AtomicBool = AtomicBool::new(false);

    /// A pile (as [`Take`]) that raises [`TRIPPED`] once a thousand
    /// positions have listed their moves.
    #[derive(Copy, Clone)]
    struct Tripwire(u32);

    impl Game for Tripwire {
        type Moves = Vec<u32>;
        the_rest_of_the_game!();

        fn legal_moves(&self) -> Self::Moves {
            if LISTED.fetch_add(1, Ordering::Relaxed) >= 1000 {
                TRIPPED.store(true, Ordering::Relaxed);
            }
            (1..=self.0).collect()
        }

        fn count_legal_moves(&self) -> usize {
            self.0 as usize
        }

        fn play_unchecked(&mut self, mv: u32) -> u32 {
            self.0 -= mv;
            mv
        }

        fn unplay(&mut self, mv: u32) {
            self.0 += mv;
        }
    }

    #[test]
    fn a_flag_raised_during_the_count_stops_it() {
        // About 10^12 leaves: the test ends only if the flag stops every thread.
        for count in [1, 2, 3] {
            for leaves in [Leaves::Counted, Leaves::Played] {
                LISTED.store(0, Ordering::Relaxed);
                TRIPPED.store(false, Ordering::Relaxed);
                let perft = Perft::new().threads(threads(count)).leaves(leaves).until(&TRIPPED);
                let stopped = perft.count(&Tripwire(60), 12).unwrap_err();
                assert_eq!(stopped.first_moves(), 60);
                assert!(stopped.finished() < 60, "{stopped}");
            }
        }
    }

    #[test]
    fn a_report_that_says_break_stops_every_thread() {
        // About 10^12 leaves: the test ends only if the threads stop. The
        // first report is of the last first move, which has nothing below it.
        for leaves in [Leaves::Counted, Leaves::Played] {
            let perft = Perft::new().threads(threads(3)).leaves(leaves);
            let mut reported = Vec::new();
            let stopped = perft.divide(&Take::pile(60), 12, |index, _, leaves| {
                reported.push((index, leaves));
                ControlFlow::Break(())
            });
            assert_eq!(stopped, Err(Stopped { finished: 1, first_moves: 60 }));
            assert_eq!(reported, [(59, 0)]);
        }
    }
}
