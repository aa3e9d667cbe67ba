//! Shrinking a case on which a program fails: smaller numbers.

use super::Case;

/// Shrinks a case on which a program fails: returns the smallest case found
/// on which `still_fails` holds; `case` itself if no smaller one fails.
///
/// The search is [`board_geometry::shrink::shrink`]'s greedy loop over
/// smaller numbers, tried in this order:
///
/// 1. each of `king`, `queen` and `newqueen` alone replaced by 0, by half
///    of itself, or by one less;
/// 2. one, two or all three of the numbers moved one row up (less 8), then
///    one place back (less 1), then the whole case mirrored left to right
///    or top to bottom (when that makes the numbers smaller);
/// 3. two equal numbers (king and queen on one place, say) made smaller
///    together, so that what ties them stays.
///
/// Every change lowers the sum of the three numbers, so the search ends;
/// every case keeps the judge's promise.
///
/// ```
/// use kq_rules::tasks::correct_move::generate::shrink;
/// use kq_rules::tasks::correct_move::{Case, Verdict};
///
/// // A smaller case that still stops: the corner 63 mirrored to 0, the queen moved nearer.
/// let stop = Case::from_numbers(63, 53, 54).expect("places");
/// let small = shrink(&stop, |case| case.verdict() == Verdict::Stop);
/// assert_eq!(small, Case::from_numbers(0, 10, 9).expect("places"));
/// ```
pub fn shrink(case: &Case, still_fails: impl FnMut(&Case) -> bool) -> Case {
    board_geometry::shrink::shrink(*case, candidates, still_fails)
}

/// The smaller variants of `case`: each number alone made smaller, then
/// some numbers or the whole case moved, the case mirrored, and equal
/// numbers made smaller together.
pub(super) fn candidates(case: &Case) -> Vec<Case> {
    let numbers = [case.king.index(), case.queen.index(), case.new_queen.index()];
    let lower = |value: u8| [0, value / 2, value.saturating_sub(1)];
    let mut changes: Vec<[u8; 3]> = Vec::new();
    for field in 0..3 {
        for smaller in lower(numbers[field]) {
            let mut changed = numbers;
            changed[field] = smaller;
            changes.push(changed);
        }
    }
    // Some of the numbers (the whole case last) one row up, then one place back.
    for shift in [8, 1] {
        for fields in [
            [true, false, false],
            [false, true, false],
            [false, false, true],
            [true, true, false],
            [true, false, true],
            [false, true, true],
            [true, true, true],
        ] {
            let moved: Vec<u8> =
                numbers.iter().zip(fields).filter(|&(_, moved)| moved).map(|(&n, _)| n).collect();
            if moved.iter().all(|&number| number >= shift) {
                let mut changed = numbers;
                for (number, moved) in changed.iter_mut().zip(fields) {
                    if moved {
                        *number -= shift;
                    }
                }
                changes.push(changed);
            }
        }
    }
    // Mirrored left to right, or top to bottom: the same geometry.
    changes.push(numbers.map(|number| number - number % 8 + (7 - number % 8)));
    changes.push(numbers.map(|number| number % 8 + 8 * (7 - number / 8)));
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if numbers[a] == numbers[b] {
            for smaller in lower(numbers[a]) {
                let mut changed = numbers;
                (changed[a], changed[b]) = (smaller, smaller);
                changes.push(changed);
            }
        }
    }
    let sum = |numbers: &[u8; 3]| numbers.iter().map(|&n| u32::from(n)).sum::<u32>();
    let mut smaller: Vec<Case> = Vec::new();
    for changed in changes {
        if sum(&changed) < sum(&numbers) {
            if let Some(case) = Case::from_numbers(changed[0], changed[1], changed[2]) {
                if !smaller.contains(&case) {
                    smaller.push(case);
                }
            }
        }
    }
    smaller
}
