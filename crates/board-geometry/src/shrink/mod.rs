//! Shrinking a failing case: the greedy loop every task's shrinker shares.
//!
//! A stress test finds a case on which a program and an oracle disagree; the
//! case is easier to understand once it is as small as it can be while it
//! still fails. Each task knows what "smaller" means for its cases (fewer
//! pieces, pieces nearer, fewer commands, smaller numbers) and lists the
//! smaller variants of a case, each of which keeps the task's promises; this
//! module holds the search that is the same for all of them:
//!
//! 1. ask for the candidates of the current case, simplest changes first;
//! 2. take the first candidate that still fails, and start again from it;
//! 3. stop when no candidate fails: the case is then *locally minimal*, no
//!    single listed change keeps the failure.
//!
//! The loop ends as long as every candidate is strictly smaller than its
//! case by some measure that cannot decrease forever (a count of pieces, a
//! sum of distances, a length): each task's candidate list documents its
//! measure. The predicate may also give up on its own, by answering `false`
//! once it has been asked too often (a budget of program runs, say).
//!
//! ```
//! use board_geometry::shrink::shrink;
//!
//! // A multiple of 6 of at least 20, made smaller by steps of "halve it" or
//! // "take one away": 960, 480, 240, 120, 60, 30. From 30 neither 15 nor 29
//! // will do: 30 is locally minimal, though 24 is smaller still.
//! let candidates = |n: &u32| vec![n / 2, n.saturating_sub(1)];
//! let small = shrink(960, candidates, |&n| n % 6 == 0 && n >= 20);
//! assert_eq!(small, 30);
//! ```

mod runs;

pub use runs::without_runs;

/// Shrinks `start` greedily: repeatedly replaces the case by the first of
/// its `candidates` on which `still_fails` holds, until none does, and
/// returns the last case that failed (`start` itself if no candidate fails).
///
/// `still_fails` is never asked about `start`: the caller knows it fails.
/// Candidates equal to the current case are skipped, so a candidate list
/// that repeats the case cannot loop.
pub fn shrink<T: PartialEq>(
    start: T,
    mut candidates: impl FnMut(&T) -> Vec<T>,
    mut still_fails: impl FnMut(&T) -> bool,
) -> T {
    let mut current = start;
    loop {
        let mut smaller = None;
        for candidate in candidates(&current) {
            if candidate != current && still_fails(&candidate) {
                smaller = Some(candidate);
                break;
            }
        }
        match smaller {
            Some(candidate) => current = candidate,
            None => return current,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_failing_candidate_is_taken_and_the_search_restarts_from_it() {
        let mut asked = Vec::new();
        let result = shrink(
            vec![3, 1, 4, 1, 5],
            |list: &Vec<u8>| (0..list.len()).map(|i| [&list[..i], &list[i + 1..]].concat()).collect(),
            |list: &Vec<u8>| {
                asked.push(list.clone());
                list.contains(&4)
            },
        );
        assert_eq!(result, [4]);
        assert_eq!(asked[0], [1, 4, 1, 5], "the first removal is tried first");
        assert!(!asked.contains(&vec![3, 1, 4, 1, 5]), "the start is never asked about");
    }

    #[test]
    fn a_case_with_no_failing_candidate_is_returned_as_it_is() {
        assert_eq!(shrink(7u32, |&n| vec![n - 1], |_| false), 7);
        assert_eq!(shrink(0u32, |_| Vec::new(), |_| true), 0);
    }

    #[test]
    fn candidates_equal_to_the_case_do_not_loop() {
        assert_eq!(shrink(5u32, |&n| vec![n, n.saturating_sub(1)], |&n| n >= 2), 2);
    }

    #[test]
    fn a_predicate_with_a_budget_stops_the_search() {
        let mut budget = 3;
        let result = shrink(
            100u32,
            |&n| vec![n - 1],
            |_| {
                budget -= 1;
                budget >= 0
            },
        );
        assert_eq!(result, 97);
    }
}
