//! Candidates for a case that is a list: the list with one run of
//! neighbouring items taken out.

/// The shorter lists made by taking one run of neighbouring items out of
/// `items`, as candidates for [`shrink`](super::shrink()) when a case is a list (a game log,
/// a batch of cases): long runs first (half the list, then a quarter, down
/// to single items), and for each length the later runs before the earlier
/// ones, each shorter list once.
///
/// Long runs first lets a failure that needs two items far apart shrink in
/// a few steps, where taking out one item at a time would cost a run of the
/// program for each item; later runs first keeps what the failing item
/// depends on, which comes before it.
///
/// ```
/// use board_geometry::shrink::{shrink, without_runs};
///
/// // Items 3 and 17 of 20 make it fail: two steps of long runs find them.
/// let start: Vec<u32> = (0..20).collect();
/// let small = shrink(start, |list| without_runs(list), |list| list.contains(&3) && list.contains(&17));
/// assert_eq!(small, [3, 17]);
/// assert_eq!(without_runs(&[1, 2, 3]), [vec![1], vec![3], vec![1, 2], vec![1, 3], vec![2, 3]]);
/// ```
#[must_use]
pub fn without_runs<T: Clone + PartialEq>(items: &[T]) -> Vec<Vec<T>> {
    let len = items.len();
    let mut shorter: Vec<Vec<T>> = Vec::new();
    let mut size = len.div_ceil(2);
    while size >= 1 {
        let mut start = len.saturating_sub(size);
        loop {
            let end = (start + size).min(len);
            let candidate = [&items[..start], &items[end..]].concat();
            if !shorter.contains(&candidate) {
                shorter.push(candidate);
            }
            if start == 0 {
                break;
            }
            start = start.saturating_sub(size);
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil(2);
    }
    shorter
}
