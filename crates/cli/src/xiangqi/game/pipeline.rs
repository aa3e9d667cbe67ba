//! Work on many files at once, its results taken in the files' order, and
//! the progress bar of a long run.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Runs `work` on `0..count` on up to `threads` threads, and hands each
/// result to `take` in order, as soon as the ones before it have been
/// taken. `take` failing stops the work (the threads finish the few items
/// they have claimed, and claim no more).
///
/// # Errors
/// The first error of `take`.
pub(super) fn in_order<T: Send>(
    count: usize,
    threads: usize,
    work: &(dyn Fn(usize) -> T + Sync),
    mut take: impl FnMut(T) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if threads <= 1 || count <= 1 {
        for index in 0..count {
            take(work(index))?;
        }
        return Ok(());
    }
    // Items are claimed a few at a time and their results handed over
    // together: a hand-off wakes the taking thread, and thousands of small
    // files would otherwise cost a wake-up each.
    let batch = (count / (threads * 64)).clamp(1, MOST_IN_A_BATCH);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(usize, Vec<T>)>();
        for _ in 0..threads.min(count) {
            let (sender, next, stop) = (sender.clone(), &next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let first = next.fetch_add(batch, Ordering::Relaxed);
                    if first >= count {
                        break;
                    }
                    let results = (first..count.min(first + batch)).map(work).collect();
                    if sender.send((first, results)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Batches that came before their turn, by their first item.
        let mut early = BTreeMap::new();
        let mut wanted = 0;
        for (first, results) in receiver {
            early.insert(first, results);
            while let Some(results) = early.remove(&wanted) {
                wanted += results.len();
                for result in results {
                    if let Err(error) = take(result) {
                        stop.store(true, Ordering::Relaxed);
                        return Err(error);
                    }
                }
            }
        }
        Ok(())
    })
}

/// The most items a thread claims at once (see [`in_order`]).
const MOST_IN_A_BATCH: usize = 8;

/// How many threads read files: one per core, at most four (reading is
/// quick; more threads mostly wait on the output).
pub(super) fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from).min(4)
}

/// More files or games than this make a run long enough for a progress bar.
const PROGRESS_FROM: usize = 300;

/// How long a run goes before its bar is drawn.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// The progress of a run over many files: drawn on standard error, once
/// the run has more than a few hundred files or games, where drawing is
/// allowed at all (standard error is a terminal the report does not scroll).
pub(super) struct Progress {
    bar: Option<ProgressBar>,
    shown: bool,
    games: usize,
    files: usize,
    started: std::time::Instant,
}

impl Progress {
    /// A bar over `files` files, drawn only if `allowed`.
    pub(super) fn new(files: usize, allowed: bool) -> Progress {
        let bar = allowed.then(|| {
            let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::hidden());
            let style = ProgressStyle::with_template("{bar:30} {pos}/{len} files, {msg}, {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_message("0 games");
            bar
        });
        Progress { bar, shown: false, games: 0, files, started: std::time::Instant::now() }
    }

    /// Draws the bar once the run is long: many files or games, and half a
    /// second gone (a quicker run would only flash it).
    fn show_if_long(&mut self) {
        let long = self.files.max(self.games) > PROGRESS_FROM && self.started.elapsed() > SHOW_AFTER;
        if let Some(bar) = self.bar.as_ref().filter(|_| !self.shown && long) {
            bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
            bar.enable_steady_tick(Duration::from_millis(250));
            self.shown = true;
        }
    }

    /// One more file done, holding `games` games.
    pub(super) fn file_done(&mut self, games: usize) {
        self.games += games;
        if let Some(bar) = &self.bar {
            bar.inc(1);
            bar.set_message(super::tally::counted(self.games, "game"));
        }
        self.show_if_long();
    }

    /// Takes the bar off the screen.
    pub(super) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        for threads in [1, 2, 3, 8] {
            let mut taken = Vec::new();
            let work = |index: usize| {
                // Later items finish first.
                std::thread::sleep(Duration::from_micros(((50 - index) * 20) as u64));
                index * 10
            };
            in_order(50, threads, &work, |result| {
                taken.push(result);
                Ok(())
            })
            .unwrap();
            assert_eq!(taken, (0..50).map(|index| index * 10).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn a_failure_to_take_stops_the_work() {
        let done = AtomicUsize::new(0);
        let work = |index: usize| {
            done.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_micros(20));
            index
        };
        let result =
            in_order(
                100_000,
                2,
                &work,
                |index| if index == 3 { Err(anyhow::anyhow!("full")) } else { Ok(()) },
            );
        assert_eq!(result.unwrap_err().to_string(), "full");
        assert!(done.load(Ordering::Relaxed) < 100_000, "the threads stopped early");
    }
}
